//! The views that take longer than a frame (a head taken out of every run and the held-out
//! score, patched runs, the held-out alignment: up to two seconds; the key/value cache's timed
//! steps, which on a paper-size translator run the whole decoder again per step) computed on a worker thread
//! in the terminal tutor, so that the keys stay live: the view says it is computing until the
//! worker is done (with how far it has got), and a view computed once comes back at once. The
//! worker's work is called off when the learner moves on to another view before it is done (it
//! stops at its next part: `crate::work`) and when the app goes, and quitting never waits for it.
//! Tests, `--print` and the files the screen writes compute every view where they stand (`on` is
//! false).

use super::cache::Key;
use super::scene::Scene;
use super::state::App;
use super::view_data::{LinesData, Role, ViewData};
use crate::lesson::ViewKind;
use crate::strings;
use crate::work::Work;
use std::sync::{Arc, Mutex};

/// Where the worker leaves the view it computed.
type Slot = Arc<Mutex<Option<ViewData>>>;

/// How many slow views are kept to come back to.
const KEPT: usize = 8;

/// The cells of the bar that shows how far the worker has got.
const BAR_CELLS: usize = 20;

/// The worker computing a view: for which state, where it leaves the view, its work.
#[derive(Debug)]
struct Worker {
    key: Key,
    slot: Slot,
    work: Arc<Work>,
}

#[derive(Debug, Default)]
pub struct Background {
    /// Slow views are computed on a worker (the terminal tutor turns this on).
    pub(super) on: bool,
    /// The view being computed (one worker at a time, so that keys pressed quickly on a slow
    /// view never stack computations on two cores: a worker called off ends at its next part).
    pending: Option<Worker>,
    /// The last slow views computed, by the state they show (newest last).
    done: Vec<(Key, ViewData)>,
    /// The thousandths done the view on screen says.
    shown: Option<u32>,
    /// Views whose computation failed (panicked): said so, never started again.
    failed: Vec<Key>,
}

impl Drop for Background {
    /// The app is gone (the learner quit): the worker's work is called off, never waited for.
    fn drop(&mut self) {
        if let Some(worker) = &self.pending {
            worker.work.cancel();
        }
    }
}

/// The views that take longer than a frame to compute.
pub(super) fn is_slow(kind: ViewKind) -> bool {
    matches!(kind, ViewKind::Ablation | ViewKind::Patching | ViewKind::Alignment | ViewKind::KvCache)
}

impl App {
    /// Compute slow views on a worker thread from now on (the terminal tutor).
    pub fn compute_slow_views_in_background(&mut self) {
        self.background.on = true;
    }

    /// The work of the worker computing a view now, if one is (tests: it is called off when the
    /// learner moves on and when the app goes).
    pub fn background_work(&self) -> Option<Arc<Work>> {
        self.background.pending.as_ref().map(|w| w.work.clone())
    }

    /// A slow view's data for `key`: the one computed before, or, while the worker computes it
    /// (started here if none is at work), a note saying so and how far it has got; a worker at
    /// another view is called off. None for a quick view, or when views are computed where they
    /// stand.
    pub(super) fn slow_view_data(&mut self, key: &Key) -> Option<ViewData> {
        let slow = self.background.on && is_slow(self.view.kind) && !self.session.gradient;
        let kept = slow.then(|| self.background.done.iter().find(|(k, _)| k == key).map(|(_, d)| d.clone())).flatten();
        if let Some(worker) = self.background.pending.as_ref().filter(|w| !slow || kept.is_some() || w.key != *key) {
            worker.work.cancel(); // the learner moved on
        }
        if !slow || kept.is_some() {
            self.background.shown = None;
            return kept;
        }
        if self.background.failed.contains(key) {
            self.background.shown = None;
            let mut lines = LinesData::default();
            lines.push(strings::computing_view(self.session.beat + 1, self.view.kind.name()), Role::Title);
            lines.push(strings::COMPUTING_FAILED, Role::Dim);
            return Some(ViewData::Lines(lines));
        }
        // one worker at a time: a view asked for while a called-off one ends is started after it
        if self.background.pending.is_none() {
            self.background.pending = Some(self.start_worker(key));
        }
        let permille = self.background.pending.as_ref().filter(|w| w.key == *key).map_or(0, |w| w.work.permille());
        self.background.shown = Some(permille);
        let mut lines = LinesData::default();
        lines.push(strings::computing_view(self.session.beat + 1, self.view.kind.name()), Role::Title);
        let fraction = permille as f32 / 1000.0;
        lines.line().put("", Role::Bar { fraction, cells: BAR_CELLS });
        lines.put(format!(" {}", strings::computing_done(permille / 10)), Role::Dim);
        lines.push(strings::COMPUTING_IN_BACKGROUND, Role::Dim);
        Some(ViewData::Lines(lines))
    }

    /// A worker computing the view of the scene on screen, from copies of its runs, under a
    /// work it can be called off with.
    fn start_worker(&self, key: &Key) -> Worker {
        let (slot, work) = (Slot::default(), Work::new());
        let (setup, run, full) = (self.session.setup.clone(), self.session.run.clone(), self.session.full.clone());
        let what_if = self.session.what_if.clone();
        let here = self.scene();
        let (op, gradient, kind, selection) = (here.op, here.gradient, here.kind, here.selection);
        let (cell_col, decoding, dial_step) = (here.cell_col, here.decoding, here.dial_step);
        let (lang, put, as_work) = (self.view.lang, slot.clone(), work.clone());
        std::thread::spawn(move || {
            let scene = Scene {
                setup: &setup,
                run: &run,
                full: &full,
                op,
                gradient,
                kind,
                selection,
                cell_col,
                decoding,
                dial_step,
                what_if: what_if.as_ref(),
            };
            // the view is in the slot before the work counts as finished
            as_work.run_then(
                || crate::lang::with(lang, || scene.compute_view_data()),
                |data| {
                    if let Ok(mut slot) = put.lock() {
                        *slot = Some(data);
                    }
                },
            );
        });
        Worker { key: key.clone(), slot, work }
    }

    /// Take the worker's view when it is done: kept, and shown if the learner still stands there;
    /// meanwhile, how far it has got. A worker called off leaves nothing.
    pub(super) fn collect_background(&mut self) {
        let Some(worker) = &self.background.pending else { return };
        if !worker.work.is_finished() {
            // the view on screen says how far it has got, a percent at a time
            let moved = self.background.shown.is_some_and(|shown| worker.work.permille() / 10 != shown / 10);
            if moved && self.cache.key.as_ref() == Some(&worker.key) {
                self.cache.key = None;
                self.refresh();
            }
            return;
        }
        let data = worker.slot.lock().ok().and_then(|mut s| s.take());
        let key = worker.key.clone();
        if worker.work.has_failed() {
            // a view whose computation panicked is not started again
            self.background.failed.push(key.clone());
        }
        self.background.pending = None;
        if let Some(data) = data {
            if self.background.done.len() == KEPT {
                self.background.done.remove(0);
            }
            self.background.done.push((key, data));
        }
        // the view on screen now: the one just computed, or one that waited for the worker
        if is_slow(self.view.kind) && !self.session.gradient {
            self.cache.key = None; // computed again, from what is kept or by the next worker
            self.refresh();
        }
    }
}

//! The views that take longer than a frame (a head taken out of every run and the held-out
//! score, patched runs, the held-out alignment: up to two seconds; the key/value cache's timed
//! steps, which on a paper-size translator run the whole decoder again per step) computed on a worker thread
//! in the terminal tutor, so that the keys stay live: the view says it is computing until the
//! worker is done, and a view computed once comes back at once. Tests, `--print` and the files
//! the screen writes compute every view where they stand (`on` is false).

use super::cache::Key;
use super::scene::Scene;
use super::state::App;
use super::view_data::{LinesData, Role, ViewData};
use crate::lesson::ViewKind;
use crate::strings;
use std::sync::{Arc, Mutex};

/// Where the worker leaves the view it computed.
type Slot = Arc<Mutex<Option<ViewData>>>;

/// How many slow views are kept to come back to.
const KEPT: usize = 8;

#[derive(Debug, Clone, Default)]
pub struct Background {
    /// Slow views are computed on a worker (the terminal tutor turns this on).
    pub(super) on: bool,
    /// The view being computed, and for which state (one worker at a time, so that keys
    /// pressed quickly on a slow view never stack computations on two cores).
    pending: Option<(Key, Slot)>,
    /// The last slow views computed, by the state they show (newest last).
    done: Vec<(Key, ViewData)>,
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

    /// A slow view's data for `key`: the one computed before, or, while the worker computes it
    /// (started here if it is not already), a line saying so. None for a quick view, or when
    /// views are computed where they stand.
    pub(super) fn slow_view_data(&mut self, key: &Key) -> Option<ViewData> {
        if !self.background.on || !is_slow(self.view.kind) || self.session.gradient {
            return None;
        }
        if let Some((_, data)) = self.background.done.iter().find(|(k, _)| k == key) {
            return Some(data.clone());
        }
        // one worker at a time: a view asked for meanwhile is started when it is done
        if self.background.pending.is_none() {
            self.background.pending = Some((key.clone(), self.start_worker()));
        }
        let mut lines = LinesData::default();
        lines.push(strings::computing_view(self.session.beat + 1, self.view.kind.name()), Role::Title);
        lines.push(strings::COMPUTING_IN_BACKGROUND, Role::Dim);
        Some(ViewData::Lines(lines))
    }

    /// A worker computing the view of the scene on screen, from copies of its runs.
    fn start_worker(&self) -> Slot {
        let slot = Slot::default();
        let (setup, run, full) = (self.session.setup.clone(), self.session.run.clone(), self.session.full.clone());
        let what_if = self.session.what_if.clone();
        let here = self.scene();
        let (op, gradient, kind, selection) = (here.op, here.gradient, here.kind, here.selection);
        let (cell_col, decoding, dial_step) = (here.cell_col, here.decoding, here.dial_step);
        let (lang, put) = (self.view.lang, slot.clone());
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
            let data = crate::lang::with(lang, || scene.compute_view_data());
            if let Ok(mut slot) = put.lock() {
                *slot = Some(data);
            }
        });
        slot
    }

    /// Take the worker's view when it is done: kept, and shown if the learner still stands there.
    pub(super) fn collect_background(&mut self) {
        let Some((key, slot)) = &self.background.pending else { return };
        let Some(data) = slot.lock().ok().and_then(|mut s| s.take()) else { return };
        let key = key.clone();
        self.background.pending = None;
        if self.background.done.len() == KEPT {
            self.background.done.remove(0);
        }
        self.background.done.push((key, data));
        // the view on screen now: the one just computed, or one that waited for the worker
        if is_slow(self.view.kind) && !self.session.gradient {
            self.cache.key = None; // computed again, from what is kept or by the next worker
            self.refresh();
        }
    }
}

//! Training time as a dial (`-` earlier, `+` later): any beat of any lesson shown as the model
//! was after k steps of the shipped training run. The checkpoints come from
//! `train::checkpoints`: handed in (tests), or read from the data directory, or made there on
//! first use on a thread of their own while the screen shows how far it got (`tick`).

use super::session::runs_of;
use super::state::App;
use crate::model::Weights;
use crate::strings;
use crate::train::checkpoints::Checkpoints;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Where the checkpoints come from, and how far they are.
#[derive(Debug, Clone, Default)]
pub enum CheckpointSource {
    /// None to be had (a session built by a test that gave none).
    #[default]
    Unavailable,
    /// Not read yet: from this directory (or made in memory when there is none) on first use.
    Directory(Option<PathBuf>),
    /// Being made on another thread.
    Making(Arc<Mutex<Making>>),
    Ready(Arc<Checkpoints>),
}

/// A thread's progress making the checkpoints, and its result.
#[derive(Debug, Default)]
pub struct Making {
    pub done: usize,
    pub total: usize,
    pub result: Option<(Arc<Checkpoints>, Option<String>)>,
}

/// The dial: its checkpoints and where it stands.
#[derive(Debug, Clone, Default)]
pub struct Dial {
    pub(super) source: CheckpointSource,
    /// The checkpoint shown (an index into its steps); None: the session's own model.
    pub(super) at: Option<usize>,
    /// Moves asked for while the checkpoints were being made: each `+` adds 1, each `-` takes 1.
    pending: isize,
    /// The session's own weights, kept while a checkpoint's are on screen.
    pub(super) own: Option<Arc<Weights>>,
    /// Each source row and the checkpoint's greedy translation of it, `src → translation`.
    translations: Vec<String>,
}

/// What the dial pane shows: where the dial stands on the loss curve, and what the model says there.
#[derive(Debug, Clone, PartialEq)]
pub struct DialView<'a> {
    pub step: usize,
    pub last_step: usize,
    /// The training loss of the step that made this checkpoint (none at step 0).
    pub loss: Option<f32>,
    /// The loss of every step of the run.
    pub losses: &'a [f32],
    pub translations: &'a [String],
}

impl App {
    /// Read (or make) the checkpoints in `dir` when the dial is first turned.
    pub fn use_checkpoint_dir(&mut self, dir: Option<PathBuf>) {
        self.session.dial.source = CheckpointSource::Directory(dir);
    }

    /// Checkpoints that another thread is making (`start_making`; tests stand in for it).
    pub fn use_checkpoints_being_made(&mut self, making: Arc<Mutex<Making>>) {
        self.session.dial.source = CheckpointSource::Making(making);
    }

    /// Use these checkpoints for the dial.
    pub fn set_checkpoints(&mut self, checkpoints: Arc<Checkpoints>) {
        self.session.dial.source = CheckpointSource::Ready(checkpoints);
    }

    /// The checkpoints, once ready.
    pub fn checkpoints(&self) -> Option<&Arc<Checkpoints>> {
        match &self.session.dial.source {
            CheckpointSource::Ready(c) => Some(c),
            _ => None,
        }
    }

    /// The checkpoint on screen (index into the checkpoints' steps), if the dial is turned.
    pub fn dial_position(&self) -> Option<usize> {
        self.session.dial.at
    }

    /// The training step of the checkpoint on the dial (None: the session's own model).
    pub fn dial_step(&self) -> Option<usize> {
        Some(self.checkpoints()?.steps[self.session.dial.at?])
    }

    /// Turn the dial one checkpoint later (`by` = 1) or earlier (-1). From the session's own
    /// model, earlier is the last checkpoint; later than the last is the own model again.
    pub(super) fn turn_dial(&mut self, by: isize) {
        let checkpoints = match &self.session.dial.source {
            CheckpointSource::Ready(c) => c.clone(),
            CheckpointSource::Unavailable => {
                self.view.status = strings::DIAL_UNAVAILABLE.into();
                return;
            }
            CheckpointSource::Making(_) => {
                self.session.dial.pending += by;
                return;
            }
            CheckpointSource::Directory(_) if !self.is_shipped_shape() => {
                self.view.status = strings::DIAL_OTHER_MODEL.into();
                return;
            }
            CheckpointSource::Directory(dir) => {
                self.start_making(dir.clone());
                self.session.dial.pending += by;
                return;
            }
        };
        if let Err(message) = self.dial_fits(&checkpoints) {
            self.view.status = message;
            return;
        }
        let last = checkpoints.steps.len() - 1;
        let at = match (self.session.dial.at, by < 0) {
            (None, true) => Some(last),
            (Some(0), true) => {
                self.view.status = strings::DIAL_AT_START.into();
                return;
            }
            (Some(i), true) => Some(i - 1),
            (None, false) => {
                self.view.status = strings::DIAL_AT_END.into();
                return;
            }
            (Some(i), false) if i == last => None,
            (Some(i), false) => Some(i + 1),
        };
        self.set_dial(at);
    }

    /// Show the model after `step` training steps (`--at-step`): one of the checkpoints' steps.
    pub fn dial_to_step(&mut self, step: usize) -> Result<(), String> {
        let checkpoints = self.checkpoints().cloned().ok_or_else(|| strings::DIAL_UNAVAILABLE.to_string())?;
        let Some(at) = checkpoints.steps.iter().position(|&s| s == step) else {
            return Err(strings::no_checkpoint_at(step, &checkpoints.steps));
        };
        self.dial_fits(&checkpoints)?;
        self.set_dial(Some(at));
        self.refresh();
        Ok(())
    }

    /// Show the model at checkpoint `at` (None: the session's own), on the same beat.
    pub fn set_dial(&mut self, at: Option<usize>) {
        let Some(checkpoints) = self.checkpoints().cloned() else { return };
        let weights = match at {
            Some(i) => {
                if self.session.dial.own.is_none() {
                    self.session.dial.own = Some(self.session.setup.weights.clone());
                }
                checkpoints.weights[i].clone()
            }
            None => match self.session.dial.own.take() {
                Some(own) => own,
                None => return,
            },
        };
        self.session.dial.at = at;
        self.swap_weights(weights);
        self.refresh_dial_translations();
        self.view.status = match at {
            Some(i) => strings::dial_moved(checkpoints.steps[i], checkpoints.last_step()),
            None => strings::DIAL_OWN.into(),
        };
    }

    /// The checkpoint's translations of the sentences now run (after the dial moves, a lesson
    /// opens or the learner's own sentences run).
    pub(super) fn refresh_dial_translations(&mut self) {
        self.session.dial.translations = match self.session.dial.at {
            Some(_) => translations(&self.session.setup, &self.session.setup.weights),
            None => Vec::new(),
        };
    }

    /// The dial pane's content, while the dial is on a checkpoint.
    pub fn dial_view(&self) -> Option<DialView<'_>> {
        let (checkpoints, at) = (self.checkpoints()?, self.session.dial.at?);
        Some(DialView {
            step: checkpoints.steps[at],
            last_step: checkpoints.last_step(),
            loss: checkpoints.loss_at(at),
            losses: &checkpoints.losses,
            translations: &self.session.dial.translations,
        })
    }

    /// The same sentences and beat, run by other weights.
    fn swap_weights(&mut self, weights: Arc<Weights>) {
        let s = &mut self.session;
        s.setup = s.setup.with_other_weights(weights.clone());
        if let Some(stash) = s.stashed_own.as_mut() {
            stash.0 = stash.0.with_other_weights(weights);
            (stash.1, stash.2) = runs_of(&stash.0);
        }
        (s.run, s.full) = runs_of(&s.setup);
        s.sentences_generation += 1;
        // the same beat, the same tensor, and the slice the learner chose in it: the head, row,
        // column, batch row and cell cursor stay (the checkpoints' model has the same shape)
        let (op, selection, cell_col) = (self.session.op, self.view.selection, self.view.cell_col);
        self.enter_beat(self.session.beat);
        if op < self.session.run.program().len() {
            self.seek(op);
        }
        self.view.selection = selection;
        self.view.selection.batch = selection.batch.min(self.session.setup.shape().batch - 1);
        self.view.cell_col = cell_col;
    }

    /// Whether the session's model has the shipped model's sizes and vocabularies (the
    /// checkpoints' before they exist).
    fn is_shipped_shape(&self) -> bool {
        let own = self.session.dial.own.as_ref().unwrap_or(&self.session.setup.weights);
        own.config == crate::setup::preset_config(crate::model::Preset::Tutor)
            && *own.vocabs == *crate::corpus::vocabs()
    }

    /// The checkpoints' model must read the session's ids: same sizes, same vocabularies.
    fn dial_fits(&self, checkpoints: &Checkpoints) -> Result<(), String> {
        let own = self.session.dial.own.as_ref().unwrap_or(&self.session.setup.weights);
        let theirs = &checkpoints.weights[0];
        if own.config == theirs.config && own.vocabs == theirs.vocabs {
            Ok(())
        } else {
            Err(strings::DIAL_OTHER_MODEL.into())
        }
    }

    fn start_making(&mut self, dir: Option<PathBuf>) {
        let making = Arc::new(Mutex::new(Making::default()));
        let shared = making.clone();
        // a failure to save is worded on that thread: in the screen's language
        let lang = self.view.lang;
        std::thread::spawn(move || {
            crate::lang::set_current(lang);
            let report = |done, total| {
                if let Ok(mut m) = shared.lock() {
                    (m.done, m.total) = (done, total);
                }
            };
            let (made, warning) = Checkpoints::load_or_make(dir.as_deref(), report);
            if let Ok(mut m) = shared.lock() {
                m.result = Some((Arc::new(made), warning));
            }
        });
        self.session.dial.source = CheckpointSource::Making(making);
        self.view.status = strings::DIAL_MAKING_START.into();
    }

    /// Called by the terminal loop before each frame: while checkpoints are being made, say how
    /// far; once they are, make the move the learner asked for.
    pub fn tick(&mut self) {
        self.collect_background();
        crate::lang::with(self.view.lang, || self.tick_in_language())
    }

    fn tick_in_language(&mut self) {
        let CheckpointSource::Making(making) = &self.session.dial.source else { return };
        let (done, total, result) = match making.lock() {
            Ok(mut m) => (m.done, m.total, m.result.take()),
            Err(_) => return,
        };
        match result {
            None => {
                if total > 0 {
                    self.view.status = strings::dial_making(done, total);
                }
            }
            Some((checkpoints, warning)) => {
                self.session.dial.source = CheckpointSource::Ready(checkpoints);
                self.view.status = strings::DIAL_READY.into();
                let pending = std::mem::take(&mut self.session.dial.pending);
                for _ in 0..pending.unsigned_abs() {
                    self.turn_dial(pending.signum());
                }
                self.refresh(); // outside `update`: the view data is computed here
                if let Some(w) = warning {
                    self.view.status = strings::dial_not_saved(&w);
                }
            }
        }
    }
}

/// Each source row of `setup` and `weights`' greedy translation of it.
fn translations(setup: &crate::setup::Setup, weights: &Arc<Weights>) -> Vec<String> {
    let decoded = crate::model::decode::greedy(weights, &setup.src_ids);
    let sources = super::state::sentences_of(setup, true);
    sources
        .split(" ; ")
        .zip(&decoded.words)
        .map(|(src, words)| strings::dial_translation(src, &weights.vocabs.tgt.decode(words)))
        .collect()
}

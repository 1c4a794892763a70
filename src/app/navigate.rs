//! Moving through a lesson: to a beat, to an operation, through the what-if switches; and the
//! row and column of the focused tensor on screen.

use super::session::{Instead, prepare, runs_of};
use super::state::App;
use super::view_state::{Screen, Selection};
use crate::explore::{Variant, run_variant, run_with_weights};
use crate::strings;

impl App {
    /// Move to beat `i`: run the engine forward (or back) to its operation and show it its way.
    pub fn go_to_beat(&mut self, i: usize) {
        self.enter_beat(i);
        self.refresh();
    }

    pub(super) fn enter_beat(&mut self, i: usize) {
        let i = i.min(self.beat_count().saturating_sub(1));
        self.session.beat = i;
        let beat = self.session.lesson.beats[i].clone();
        self.choose_sentences(match (beat.keeps_lesson_sentences, beat.reorders_sentence) {
            (true, _) => Instead::Lesson,
            (_, true) => Instead::Reordered,
            _ => Instead::Own,
        });
        let op = self.session.run.program().index_of(&beat.op).expect("lesson ops are validated at load");
        self.session.gradient = beat.gradient;
        self.seek(op);
        self.view.kind = beat.view;
        self.view.selection = Selection {
            // the learner's own sentences may be fewer than the lesson's
            batch: crate::lesson::facts::markers::resolve_batch(beat.batch.unwrap_or(0), &self.session.setup)
                .min(self.session.setup.shape().batch - 1),
            head: match beat.head {
                Some(crate::lesson::HeadChoice::One(h)) => h,
                Some(crate::lesson::HeadChoice::BestAligned) => {
                    crate::lesson::best_aligned_head(&beat.op, &self.session.setup)
                }
                _ => 0,
            },
            mean_of_heads: beat.head == Some(crate::lesson::HeadChoice::Mean),
            row: match beat.step.or(beat.row) {
                // the tensor's last row on these sentences
                Some(crate::lesson::facts::markers::LAST_ROW) => self.session.full.get(&beat.op).map_or(0, |t| {
                    let shape = t.shape();
                    shape[shape.len().saturating_sub(2)].saturating_sub(1)
                }),
                // batch row 0's first recognisable token, where it sits in this batch row
                Some(crate::lesson::facts::markers::MOVED_ROW) => {
                    use crate::model::program::{Dim, Side};
                    let dims = &self.session.run.program().op(op).dims;
                    let side = if dims.contains(&Dim::Tokens(Side::Tgt)) { Side::Tgt } else { Side::Src };
                    let setup = &self.session.setup;
                    let b = crate::lesson::facts::markers::resolve_batch(beat.batch.unwrap_or(0), setup);
                    crate::lesson::facts::markers::moved_pos(setup, side, b.min(setup.shape().batch - 1))
                }
                Some(row) => row,
                None => self.default_row(),
            },
            first_col: 0,
            weight_at: None,
        };
        self.start_what_if(beat.what_if.or(self.session.pinned_what_if));
        self.view.prose_scroll = 0;
        self.view.lines_scroll = 0;
        self.view.lines_follow = true;
        self.view.input = None;
        self.view.cell_col = None;
        if self.view.screen == Screen::Lesson && self.session.progress.see(&self.session.lesson.id, i) {
            self.session.progress_changed = true;
        }
    }

    /// On the learner's own sentences, a beat that keeps the lesson's shows the lesson's runs, one
    /// that reorders shows the learner's first sentence beside its tokens reversed (the lesson's,
    /// when reversing changes nothing), and the next beat that does neither brings the learner's
    /// back. On a loaded translator a beat that reorders does so on the lesson's sentences too:
    /// its pieces need not split the lesson's pair into the same tokens.
    fn choose_sentences(&mut self, want: Instead) {
        let own = self.session.own_sentences;
        let want = if !own && want == Instead::Lesson { Instead::Own } else { want };
        let loaded = self.session.setup.weights.generation.is_some();
        if !(own || loaded) || want == self.session.instead {
            return;
        }
        if let Some(own) = self.session.stashed_own.take() {
            (self.session.setup, self.session.run, self.session.full) = *own;
            self.session.sentences_generation += 1;
            self.refresh_dial_translations(); // the dial's pane lists the sentences on screen
        }
        self.session.instead = Instead::Own;
        let weights = self.session.setup.weights.clone();
        let (instead, runs) = match want {
            Instead::Own => return,
            Instead::Reordered => match self.reordered_setup() {
                Ok(Some(setup)) => {
                    let (run, full) = runs_of(&setup);
                    (Instead::Reordered, Some((setup, run, full)))
                }
                Ok(None) => (Instead::LessonSameReversed, prepare(&self.session.lesson, weights).ok()),
                // the run is refused (over a budget): the sentences stay, and the status says why
                Err(e) => {
                    self.view.status = strings::sentence_refused(&e.to_string());
                    return;
                }
            },
            // a beat asks for the lesson's sentences or a reordering, never for this fallback
            Instead::Lesson | Instead::LessonSameReversed => {
                (Instead::Lesson, prepare(&self.session.lesson, weights).ok())
            }
        };
        let Some(runs) = runs else { return };
        let own = (
            std::mem::replace(&mut self.session.setup, runs.0),
            std::mem::replace(&mut self.session.run, runs.1),
            std::mem::replace(&mut self.session.full, runs.2),
        );
        self.session.stashed_own = Some(Box::new(own));
        self.session.instead = instead;
        self.session.sentences_generation += 1;
        self.refresh_dial_translations();
    }

    /// Make `op` the focused operation: the run computes (or forgets) operations until it is the last one.
    /// Showing gradients, the run is whole (the backward pass starts from the loss) and `op` is
    /// where the backward walk stands.
    pub(super) fn seek(&mut self, op: usize) {
        let to = if self.session.gradient { self.session.run.program().len() - 1 } else { op };
        self.session.run.seek(to);
        if op != self.session.op {
            // another tensor opens at its first column: the last one's scroll means nothing here,
            // nor does a weight chosen in the last one's matrix
            self.view.selection.first_col = 0;
            self.view.selection.weight_at = None;
        }
        self.session.op = op;
    }

    /// The next operation the backward walk reaches from `op` (`by` = 1: towards the inputs,
    /// -1: back towards the loss), skipping those no gradient reaches (masks, ids).
    pub(super) fn backward_neighbour(&self, by: isize) -> Option<usize> {
        let grads = self.session.full.gradients()?;
        let program = self.session.run.program();
        let mut i = self.session.op as isize;
        loop {
            i -= by;
            if i < 0 || i as usize >= program.len() {
                return None;
            }
            if grads.tensor(&program.op(i as usize).name).is_some() {
                return Some(i as usize);
            }
        }
    }

    /// Run `variant` beside the taught model (forked from the full run), or stop showing one.
    pub fn set_what_if(&mut self, variant: Option<Variant>) {
        self.start_what_if(variant);
        self.refresh();
    }

    fn start_what_if(&mut self, variant: Option<Variant>) {
        let full = &self.session.full;
        self.session.what_if = variant.map(|v| match (v, &self.session.dial.own) {
            // a checkpoint on the dial: the session's own trained weights beside it
            (Variant::Trained, Some(own)) => run_with_weights(full, v, own.clone()),
            _ => run_variant(full, self.session.setup.shape(), v),
        });
    }

    /// Keep `variant` on from beat to beat (None: back to the model as taught).
    pub fn pin_what_if(&mut self, variant: Option<Variant>) {
        self.session.pinned_what_if = variant;
        self.start_what_if(self.session.lesson.beats[self.session.beat].what_if.or(variant));
        self.refresh();
    }

    /// The next (or previous) what-if switch, wrapping through "none".
    pub(super) fn cycle_what_if(&mut self, by: isize) {
        let switches = Variant::SWITCHES;
        let current = self.session.what_if.as_ref().and_then(|w| switches.iter().position(|v| *v == w.variant));
        // positions 0..n are the switches, n is "none"
        let n = switches.len() as isize;
        let at = current.map(|i| i as isize).unwrap_or(n);
        let next = (at + by).rem_euclid(n + 1) as usize;
        self.session.pinned_what_if = switches.get(next).copied();
        self.start_what_if(self.session.pinned_what_if);
        self.view.status = match &self.session.what_if {
            Some(w) => strings::what_if_on(strings::variant_title(w.variant)),
            None => strings::WHAT_IF_OFF.into(),
        };
    }

    /// The number of rows of the focused tensor's displayed slice.
    pub fn row_count(&self) -> usize {
        self.scene().row_count()
    }

    fn default_row(&self) -> usize {
        self.row_count().saturating_sub(1) / 2
    }

    /// The first heatmap column on screen, within the focused tensor.
    pub fn first_col(&self) -> usize {
        self.scene().first_col()
    }

    /// The query row on screen: the one the learner chose, or the last row of a shorter tensor.
    pub fn row(&self) -> usize {
        self.scene().row()
    }
}

impl App {
    /// Before `action` runs: what it is about to compute when that takes longer than a frame (a
    /// probe view: a head taken out of every run, patched runs, the held-out alignment; up to
    /// two seconds), said in the status bar so that the terminal loop draws it first and the
    /// screen is never frozen without a word; None when the action is quick.
    pub fn computing_before(&self, action: super::keymap::Action) -> Option<String> {
        use super::keymap::{Action, Mode};
        use crate::lesson::ViewKind;
        if self.background.on {
            return None; // the view itself says it is computing, and the keys stay live
        }
        let slow = super::background::is_slow;
        let (beat, lessons) = (self.session.beat, &self.session.lessons);
        let count = self.beat_count();
        if let (Mode::List, super::view_state::Screen::List { cursor }) = (self.key_mode(), self.view.screen) {
            // opening a lesson from the list, at the beat it resumes at
            let lesson = lessons.get(cursor)?;
            let at = self.session.progress.lesson_resume_beat(lesson).min(lesson.beats.len().saturating_sub(1));
            let opens = matches!(action, Action::Answer | Action::NextBeat) && slow(lesson.beats.get(at)?.view);
            return opens.then(|| strings::computing_view(at + 1, lesson.beats[at].view.name()));
        }
        if self.key_mode() != Mode::Lesson {
            return None;
        }
        let target = match action {
            Action::NextBeat | Action::PrevBeat if !self.on_beat_op() => {
                Some((beat, self.session.lesson.beats[beat].view))
            }
            Action::NextBeat if beat + 1 < count => Some((beat + 1, self.session.lesson.beats[beat + 1].view)),
            Action::NextBeat => lessons.get(self.session.lesson_index + 1).map(|l| (0, l.beats[0].view)),
            Action::PrevBeat if beat > 0 => Some((beat - 1, self.session.lesson.beats[beat - 1].view)),
            Action::FirstBeat if beat > 0 => Some((0, self.session.lesson.beats[0].view)),
            Action::LastBeat if beat + 1 < count => Some((count - 1, self.session.lesson.beats[count - 1].view)),
            // `C` cycles contributions → ablation → weights
            Action::ProbeView if self.view.kind == ViewKind::Contributions && !self.session.gradient => {
                Some((beat, ViewKind::Ablation))
            }
            _ => None,
        };
        let (at, kind) = target.filter(|&(_, kind)| slow(kind))?;
        Some(strings::computing_view(at + 1, kind.name()))
    }
}

//! What each action does in a lesson: the dispatch by mode, and the lesson-mode actions.

use super::keymap::{Action, Mode};
use super::state::{App, sentences_of};
use super::view_state::{COLUMN_STEP, Effect, InputFor, Pane, Screen};
use crate::lesson::ViewKind;
use crate::strings;

impl App {
    /// The pure update: what each action does to the state. The view data is brought up to date
    /// after it (computed again only when what it shows changed).
    pub fn update(&mut self, action: Action) {
        if let Action::Fit(fit) = action {
            return self.fit(fit); // scroll positions and the map: no view data changes
        }
        // what the action says (a status message, say) is in the screen's language
        crate::lang::with(self.view.lang, || self.apply(action));
        self.refresh();
    }

    fn apply(&mut self, action: Action) {
        if action == Action::ToggleHelp {
            self.view.help_scroll = 0; // it opens at the top
        }
        if self.view.help && !matches!(action, Action::ToggleHelp | Action::Quit) {
            // the help overlay swallows keys until closed, but for those that scroll it
            scroll_by(&mut self.view.help_scroll, action);
            return;
        }
        if self.view.glossary && !matches!(action, Action::ToggleGlossary | Action::NextLanguage | Action::Quit) {
            // so does the glossary, but for the keys that move its selected term
            let last = crate::lesson::glossary::Glossary::built_in().terms.len().saturating_sub(1);
            scroll_by(&mut self.view.glossary_term, action);
            self.view.glossary_term = self.view.glossary_term.min(last);
            return;
        }
        match action {
            Action::NextLanguage if self.key_mode() != Mode::Input => return self.next_language(),
            Action::ToggleGlossary if self.key_mode() != Mode::Input => {
                self.view.glossary = !self.view.glossary;
                self.view.glossary_scroll = 0;
                self.view.glossary_term = 0;
                return;
            }
            Action::Quit if self.view.glossary => {
                self.view.glossary = false;
                return;
            }
            _ => {}
        }
        match self.key_mode() {
            Mode::List => self.update_list(action),
            Mode::Input => self.update_input(action),
            Mode::Cell => self.update_cell(action),
            Mode::Lesson if self.moves_through_lesson(action) => {}
            Mode::Lesson => self.update_lesson_view(action),
            Mode::Train => {} // the training screen's keys are read by cli::train_live, not an App
        }
    }

    /// `z`: every screen and the lesson's prose in the next language of `Lang::ALL` (round to
    /// the first), remembered with the progress.
    fn next_language(&mut self) {
        let lang = self.view.lang.next();
        self.view.lang = lang;
        self.session.progress.choose_language(lang);
        self.session.progress_changed = true;
        self.view.status = strings::language_now(lang);
    }

    /// Lesson-mode actions that move through the lesson (beats, operations, lists, input lines);
    /// false when `action` is none of them.
    fn moves_through_lesson(&mut self, action: Action) -> bool {
        let stepped_away = !self.on_beat_op();
        match action {
            // after free stepping, the first → or ← comes back to the beat the learner left
            Action::NextBeat | Action::PrevBeat if stepped_away => self.enter_beat(self.session.beat),
            Action::NextBeat => {
                if self.session.beat + 1 < self.beat_count() {
                    self.enter_beat(self.session.beat + 1)
                } else if self.session.lesson_index + 1 < self.session.lessons.len() {
                    let left = self.session.lesson.id.clone();
                    let finished = self.lesson_status(self.session.lesson_index) == crate::progress::Status::Done;
                    self.open(self.session.lesson_index + 1, 0);
                    self.view.status = strings::next_lesson(&left, finished, &self.session.lesson.id);
                } else {
                    self.view.status = strings::LAST_BEAT_OF_ALL.into()
                }
            }
            Action::Answer if self.question().is_none() => self.view.status = strings::NO_QUESTION.into(),
            Action::Answer if self.attempt().is_done() => self.view.status = strings::ALREADY_ANSWERED.into(),
            Action::Answer => {
                self.view.input = Some(String::new());
                self.view.input_for = InputFor::Answer;
            }
            Action::EditSentence => {
                // start from the learner's sentences (waiting while a beat shows the lesson's), or
                // the sentences on screen, to edit or replace
                self.view.input = Some(match &self.session.stashed_own {
                    Some(own) => sentences_of(&own.0, true),
                    None => self.sentences(true),
                });
                self.view.input_for = InputFor::Sentence;
            }
            Action::ToggleList => self.view.screen = Screen::List { cursor: self.session.lesson_index },
            Action::PrevBeat => self.enter_beat(self.session.beat.saturating_sub(1)),
            Action::FirstBeat => self.enter_beat(0),
            Action::LastBeat => self.enter_beat(self.beat_count().saturating_sub(1)),
            Action::StepOp | Action::BackOp if self.session.gradient => {
                // on a gradient, . walks the backward pass on (towards the inputs), , back
                let by = if action == Action::StepOp { 1 } else { -1 };
                match self.backward_neighbour(by) {
                    Some(op) => {
                        self.seek(op);
                        self.view.kind = self.view_for_op();
                    }
                    None if by > 0 => self.view.status = strings::BACKWARD_AT_INPUTS.into(),
                    None => self.view.status = strings::BACKWARD_AT_LOSS.into(),
                }
            }
            Action::StepOp => {
                if self.session.op + 1 < self.session.run.program().len() {
                    self.seek(self.session.op + 1);
                    self.view.kind = self.view_for_op();
                } else {
                    self.view.status = strings::LAST_OP.into();
                }
            }
            Action::BackOp => {
                if self.session.op > 0 {
                    self.seek(self.session.op - 1);
                    self.view.kind = self.view_for_op();
                } else {
                    self.view.status = strings::FIRST_OP.into();
                }
            }
            _ => return false,
        }
        true
    }

    /// `c`: the cell cursor on the focused tensor (or, in the adam-step view, on its weight).
    fn enter_cell_mode(&mut self, ndim: usize) {
        if self.view.kind == ViewKind::AdamStep {
            // the adam-step view's cursor is over the weight matrix, not the focused tensor
            self.view.selection.weight_at = Some(self.scene().adam_weight_at());
            self.view.cell_col = Some(0);
            self.view.status = strings::WEIGHT_CURSOR_ON.into();
        } else if matches!(self.view.kind, ViewKind::GradFlow | ViewKind::EmbedGrad) {
            // these list gradients or losses by row: a cell here would be the forward tensor's
            self.view.status = strings::NO_CELLS_IN_SUMMARY.into();
        } else if ndim < 2 {
            self.view.status = strings::NO_CELLS.into();
        } else {
            // a cell is one head's number: the mean of the heads has no derivation of its own
            self.view.selection.mean_of_heads = false;
            self.view.cell_col = Some(self.first_col());
            self.view.derivation_scroll = 0;
            // the cursor is in the tensor pane (at 80x24 cell mode hides the shape trace)
            self.view.focus = Pane::Tensor;
            self.view.status = strings::CELL_MODE_ON.into();
        }
    }

    /// Lesson-mode actions on what is shown: panes, heads, rows, columns, cells, decoding, what-ifs.
    fn update_lesson_view(&mut self, action: Action) {
        let shape = self.session.run.program().op(self.session.op).shape.clone();
        let heads = if shape.len() == 4 { shape[1] } else { 1 };
        let batch = self.session.setup.shape().batch;
        match action {
            Action::NextPane => self.view.focus = self.view.focus.shifted(1, self.view.map_shown),
            Action::PrevPane => self.view.focus = self.view.focus.shifted(-1, self.view.map_shown),
            Action::NextHead | Action::PrevHead if heads == 1 => {
                self.view.status = strings::NO_HEAD_AXIS.into();
            }
            Action::NextHead => self.cycle_head(1),
            Action::PrevHead => self.cycle_head(-1),
            Action::RowUp if self.view.focus == Pane::Prose => {
                self.view.prose_scroll = self.view.prose_scroll.saturating_sub(1)
            }
            Action::RowDown if self.view.focus == Pane::Prose => {
                self.view.prose_scroll = self.view.prose_scroll.saturating_add(1)
            }
            Action::RowUp if self.view.kind.scrolls_lines() => {
                self.view.lines_follow = false;
                self.view.lines_scroll = self.view.lines_scroll.saturating_sub(1)
            }
            Action::RowDown if self.view.kind.scrolls_lines() => {
                self.view.lines_follow = false;
                self.view.lines_scroll = self.view.lines_scroll.saturating_add(1)
            }
            Action::RowUp => self.view.selection.row = self.row().saturating_sub(1),
            Action::RowDown => self.view.selection.row = (self.row() + 1).min(self.row_count() - 1),
            Action::ScrollUp => self.view.prose_scroll = self.view.prose_scroll.saturating_sub(3),
            Action::ScrollDown => self.view.prose_scroll = self.view.prose_scroll.saturating_add(3),
            Action::NextBatch => self.view.selection.batch = (self.view.selection.batch + 1) % batch,
            Action::EarlierTraining => self.turn_dial(-1),
            Action::LaterTraining => self.turn_dial(1),
            Action::ColumnsRight => {
                let cols = shape.last().copied().unwrap_or(1);
                self.view.selection.first_col = (self.first_col() + COLUMN_STEP).min(cols.saturating_sub(1));
            }
            Action::ColumnsLeft => self.view.selection.first_col = self.first_col().saturating_sub(COLUMN_STEP),
            Action::ToggleCell => self.enter_cell_mode(shape.len()),
            Action::ToggleCode => self.view.code = !self.view.code,
            Action::CellLeft | Action::CellRight => {}
            Action::Temperature if self.view.kind != ViewKind::Decode => {
                self.view.status = strings::TEMPERATURE_ONLY_DECODE.into()
            }
            Action::Temperature => {
                use crate::model::decode::Choice;
                // greedy, then sampling (seed 0) at 0.5, 1, 2 and 5
                let tenths = [5u16, 10, 20, 50];
                let next = match self.session.decoding {
                    Choice::Greedy => Some(tenths[0]),
                    Choice::Sample { tenths: t, .. } => {
                        tenths.iter().position(|&x| x == t).and_then(|i| tenths.get(i + 1).copied())
                    }
                };
                self.session.decoding = next.map_or(Choice::Greedy, |tenths| Choice::Sample { tenths, seed: 0 });
                self.view.status = strings::decoding_status(self.session.decoding.temperature());
            }
            Action::NextStep | Action::PrevStep if !self.view.kind.steps_decoding() => {
                self.view.status = strings::DECODE_STEP_ONLY.into()
            }
            Action::NextStep => self.view.selection.row = (self.view.selection.row + 1).min(self.decode_last_step()),
            Action::PrevStep => {
                self.view.selection.row = self.view.selection.row.min(self.decode_last_step()).saturating_sub(1)
            }
            Action::ProbeView => self.cycle_probe_view(shape.len()),
            Action::NextWhatIf => self.cycle_what_if(1),
            Action::PrevWhatIf => self.cycle_what_if(-1),
            Action::ToggleHelp => self.view.help = !self.view.help,
            Action::SaveTensor => self.view.effect = Some(Effect::SaveTensor),
            Action::SaveFrame => self.view.effect = Some(Effect::SaveFrame),
            Action::SaveGrid => self.view.effect = Some(Effect::SaveGrid),
            Action::Quit if self.view.help => self.view.help = false,
            Action::Quit => self.view.quit = true,
            _ => {}
        }
    }

    /// `C` on attention weights: the weights, then each key's contribution, then the head taken
    /// out, then the weights again (one head at a time: the mean of the heads is left).
    fn cycle_probe_view(&mut self, ndim: usize) {
        let kind = self.session.run.program().op(self.session.op).kind;
        if self.session.gradient {
            self.view.status = strings::PROBE_VIEW_NOT_ON_GRADIENT.into();
            return;
        }
        if !ViewKind::Contributions.fits(kind, ndim) {
            self.view.status = strings::PROBE_VIEW_NEEDS_WEIGHTS.into();
            return;
        }
        self.view.kind = match self.view.kind {
            ViewKind::Contributions => ViewKind::Ablation,
            ViewKind::Ablation => ViewKind::default_for(kind, ndim),
            _ => ViewKind::Contributions,
        };
        self.view.selection.mean_of_heads = false;
    }

    /// `]` / `[`: the next or previous head; an attention tensor has one more stop after its last
    /// head, the mean of the heads.
    fn cycle_head(&mut self, by: isize) {
        let shape = &self.session.run.program().op(self.session.op).shape;
        let heads = if shape.len() == 4 { shape[1] } else { 1 };
        // the mean stop exists only on attention tensors, in views that can average the heads;
        // elsewhere the keys go on from the head
        let averages = self.shows_attention() && !self.view.kind.one_head_at_a_time();
        let stops = heads + usize::from(averages);
        let mean = self.view.selection.mean_of_heads && averages;
        let at = if mean { heads } else { self.view.selection.head.min(heads - 1) };
        let next = (at as isize + by).rem_euclid(stops as isize) as usize;
        self.view.selection.mean_of_heads = next == heads;
        if next < heads {
            self.view.selection.head = next;
        }
    }

    /// Whether the focused tensor is attention-shaped (batch, heads, queries, keys): scores,
    /// masked scores or weights, which can be averaged over the heads.
    pub fn shows_attention(&self) -> bool {
        self.scene().shows_attention()
    }

    /// The last step of the decode view's decoding (how many steps it takes depends on the weights).
    fn decode_last_step(&self) -> usize {
        let steps =
            crate::lesson::facts::decode_steps(&self.session.setup, self.view.selection.batch, self.session.decoding);
        steps.len().saturating_sub(1)
    }

    /// The full index of the cell under the cursor in the focused tensor (size-1 axes read 0).
    pub fn cell_index(&self) -> Option<Vec<usize>> {
        let col = self.view.cell_col?;
        let shape = &self.session.run.program().op(self.session.op).shape;
        let pick = |want: usize, n: usize| want.min(n.saturating_sub(1));
        let (row, col) = (self.row(), pick(col, *shape.last()?));
        Some(match shape.len() {
            4 => vec![pick(self.view.selection.batch, shape[0]), pick(self.view.selection.head, shape[1]), row, col],
            3 => vec![pick(self.view.selection.batch, shape[0]), row, col],
            2 => vec![row, col],
            _ => return None,
        })
    }

    /// Where the number under the cell cursor comes from.
    /// On a gradient, the chain rule that gives ∂loss/∂(that number).
    pub fn cell_derivation(&self) -> Option<crate::explore::derive::Derivation> {
        let at = self.cell_index()?;
        if self.shows_gradient() {
            return crate::explore::derive_gradient::derive_gradient(&self.session.full, self.session.op, &at);
        }
        crate::explore::derive::derive(&self.session.run, &self.session.setup, self.session.op, &at)
    }
}

/// ↑/↓ move an overlay's window by a line, PgUp/PgDn by ten (`Action::Fit` keeps it within
/// what the screen shows).
fn scroll_by(at: &mut usize, action: Action) {
    match action {
        Action::RowUp => *at = at.saturating_sub(1),
        Action::RowDown => *at = at.saturating_add(1),
        Action::ScrollUp => *at = at.saturating_sub(10),
        Action::ScrollDown => *at = at.saturating_add(10),
        _ => {}
    }
}

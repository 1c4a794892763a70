//! The state of a session: which lesson, which beat, which operation is focused, what is
//! selected, which pane has focus. `update` is the only thing that changes it.

use super::keymap::{Action, Mode};
use crate::explore::{Variant, VariantRun, run_variant};
use crate::lesson::question::{Attempt, is_right};
use crate::lesson::{Lesson, ViewKind};
use crate::model::{Run, Weights};
use crate::progress::Progress;
use crate::setup::{Setup, SetupError, TokenInput};
use crate::strings;
use std::sync::Arc;

/// What an input line is typed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InputFor {
    /// The answer to the beat's question.
    #[default]
    Answer,
    /// A new source sentence (`e`): the run restarts on it at the current beat.
    Sentence,
}

/// What fills the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// A lesson's beats.
    Lesson,
    /// The list of lessons, with the cursor on one.
    List { cursor: usize },
}

/// The panes that can hold focus, in Tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Prose,
    Tensor,
    Trace,
    Map,
}

impl Pane {
    const ORDER: [Pane; 4] = [Pane::Prose, Pane::Tensor, Pane::Trace, Pane::Map];

    /// The pane `by` steps on in Tab order, skipping the map when it is not on screen.
    fn shifted(self, by: isize, map_shown: bool) -> Pane {
        let order: Vec<Pane> = Pane::ORDER.into_iter().filter(|p| map_shown || *p != Pane::Map).collect();
        let i = order.iter().position(|p| *p == self).unwrap_or(0) as isize;
        order[(i + by).rem_euclid(order.len() as isize) as usize]
    }
}

/// Which slice of the focused tensor is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Selection {
    pub batch: usize,
    pub head: usize,
    /// The attention slice shown is the mean over the heads (the stop after the last head on `]`);
    /// `head` is where `]` continues from.
    pub mean_of_heads: bool,
    pub row: usize,
    /// First column shown in a heatmap, for tensors wider than the screen (< and > move it).
    pub first_col: usize,
}

/// How far < and > move the heatmap's columns.
pub const COLUMN_STEP: usize = 16;

/// Something the terminal loop must do outside the pure update (it touches files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    SaveTensor,
    SaveFrame,
}

#[derive(Debug, Clone)]
pub struct App {
    /// Every lesson of the session, in curriculum order.
    pub lessons: Arc<Vec<Lesson>>,
    /// Which of them is open.
    pub lesson_index: usize,
    pub lesson: Lesson,
    pub setup: Setup,
    pub run: Run,
    /// The whole program run to the end once, where the prose's facts are read.
    pub full: Run,
    /// The same inputs run through a variant of the model (the beat's what-if, or one the
    /// learner switched on with `v`), forked from `full`.
    pub what_if: Option<VariantRun>,
    /// The what-if the learner switched on (`v`, `--what-if`): it stays on from beat to beat
    /// (a beat's own what-if shows instead on that beat).
    pub pinned_what_if: Option<Variant>,
    /// How a decode view chooses each next word: greedy, or sampled at a temperature (`t`).
    pub decoding: crate::model::decode::Choice,
    /// In cell mode, the column of the cell cursor (its row is `selection.row`).
    pub cell_col: Option<usize>,
    pub beat: usize,
    /// The focused operation: the last one the run computed.
    pub op: usize,
    pub view: ViewKind,
    pub selection: Selection,
    pub focus: Pane,
    /// Whether the screen has room for the architecture map (the wide layout); the terminal
    /// loop sets it from the size it draws at, and Tab skips the map when it is not shown.
    pub map_shown: bool,
    pub help: bool,
    pub prose_scroll: u16,
    /// First line shown of a text view (tokens, pipeline, params, rnn, fused-qkv) taller than its pane.
    pub lines_scroll: usize,
    pub status: String,
    pub effect: Option<Effect>,
    pub quit: bool,
    pub screen: Screen,
    /// The text being typed, while an input line is open (an answer, or a sentence).
    pub input: Option<String>,
    /// What the open input line is for.
    pub input_for: InputFor,
    /// The run is on the learner's own sentences, not the lesson's.
    pub own_sentences: bool,
    /// On a beat that keeps the lesson's sentences, the learner's own setup and runs wait here
    /// (and the lesson's are on screen).
    pub stashed_own: Option<Box<(Setup, Run, Run)>>,
    pub progress: Progress,
    /// The progress changed since it was last saved.
    pub progress_changed: bool,
}

impl App {
    /// A session on `lesson` alone, at its first beat (the engine has run up to that beat's operation).
    pub fn new(lesson: Lesson, weights: Arc<Weights>) -> Result<App, SetupError> {
        App::with_lessons(Arc::new(vec![lesson]), 0, 0, weights, Progress::new(), Screen::Lesson)
    }

    /// A session on every lesson, with lesson `index` open at `beat`.
    pub fn with_lessons(
        lessons: Arc<Vec<Lesson>>,
        index: usize,
        beat: usize,
        weights: Arc<Weights>,
        progress: Progress,
        screen: Screen,
    ) -> Result<App, SetupError> {
        let index = index.min(lessons.len().saturating_sub(1));
        let lesson = lessons[index].clone();
        let (setup, run, full) = App::prepare(&lesson, weights)?;
        let mut app = App {
            lessons,
            lesson_index: index,
            screen,
            input: None,
            input_for: InputFor::Answer,
            own_sentences: false,
            stashed_own: None,
            progress,
            progress_changed: false,
            lesson,
            setup,
            run,
            full,
            what_if: None,
            pinned_what_if: None,
            cell_col: None,
            decoding: crate::model::decode::Choice::Greedy,
            beat: 0,
            op: 0,
            view: ViewKind::Heatmap,
            selection: Selection::default(),
            focus: Pane::Tensor,
            map_shown: true,
            help: false,
            prose_scroll: 0,
            lines_scroll: 0,
            status: String::new(),
            effect: None,
            quit: false,
        };
        app.go_to_beat(beat);
        Ok(app)
    }

    /// The setup and runs of a lesson: its sentences encoded, the program unrun, and run whole.
    fn prepare(lesson: &Lesson, weights: Arc<Weights>) -> Result<(Setup, Run, Run), SetupError> {
        let setup = Setup::with_weights(
            weights,
            &TokenInput::Sentences(lesson.src.clone()),
            Some(&TokenInput::Sentences(lesson.tgt.clone())),
        )?;
        let run = setup.run();
        let mut full = run.clone();
        full.run_all();
        Ok((setup, run, full))
    }

    /// Open lesson `index` at `beat`.
    pub fn open_lesson(&mut self, index: usize, beat: usize) {
        let lesson = self.lessons[index.min(self.lessons.len() - 1)].clone();
        match App::prepare(&lesson, self.setup.weights.clone()) {
            Ok((setup, run, full)) => {
                self.lesson_index = index;
                self.lesson = lesson;
                self.setup = setup;
                self.run = run;
                self.full = full;
                self.screen = Screen::Lesson;
                self.input = None;
                self.own_sentences = false;
                self.stashed_own = None;
                self.go_to_beat(beat);
            }
            Err(e) => self.status = strings::cannot_open(&lesson.id, &e.to_string()),
        }
    }

    /// Which keys mean what now.
    pub fn key_mode(&self) -> Mode {
        match (self.screen, &self.input) {
            (Screen::List { .. }, _) => Mode::List,
            (Screen::Lesson, Some(_)) => Mode::Input,
            (Screen::Lesson, None) if self.cell_col.is_some() => Mode::Cell,
            (Screen::Lesson, None) => Mode::Lesson,
        }
    }

    /// The current beat's question, if it asks one.
    pub fn question(&self) -> Option<&crate::lesson::Question> {
        self.lesson.beats[self.beat].question.as_ref()
    }

    /// How far the learner has got with the current beat's question.
    pub fn attempt(&self) -> Attempt {
        self.progress.attempt(&self.lesson.id, self.beat)
    }

    /// The answer the run gives to the current question.
    pub fn expected_answer(&self) -> Option<String> {
        self.question().map(|q| crate::lesson::facts::render(&q.answer, &self.full, &self.setup))
    }

    /// A question's hint or explanation, its facts filled in.
    pub fn question_text(&self, pieces: &[crate::lesson::facts::Piece]) -> String {
        crate::lesson::facts::render(pieces, &self.full, &self.setup)
    }

    /// When the answer is one token of the sentence on screen and the learner typed its position
    /// (0-based as the views count, or 1-based as people count): that position and its token.
    fn position_answer(&self, given: &str, expected: &str) -> Option<(usize, String)> {
        let n = crate::lesson::question::position_typed(given)?;
        let [word] = crate::lesson::question::normalize(expected).try_into().ok()?;
        let batch = self.selection.batch.min(self.setup.shape().batch - 1);
        [true, false].into_iter().find_map(|src| {
            // the real tokens, without the `<pad>` a mask hides: a padded position is never the answer
            let ids = if src { &self.setup.src_ids } else { &self.setup.tgt_ids };
            let real = ids.row(batch).iter().take_while(|&&id| id != crate::model::vocab::PAD_ID).count();
            let tokens = &self.tokens(src, batch)[..real];
            // counted from 0, as every view counts; from 1 only where that reading is no position
            let p = if n < real {
                n
            } else if n == real && n > 0 {
                n - 1
            } else {
                return None;
            };
            let right = crate::lesson::question::normalize(&tokens[p]) == std::slice::from_ref(&word);
            right.then(|| (n, tokens[p].clone()))
        })
    }

    /// Check a typed answer and record it.
    fn submit(&mut self, given: String) {
        let Some(expected) = self.expected_answer() else { return };
        if given.trim().is_empty() {
            self.status = strings::EMPTY_ANSWER.into();
            self.input = Some(given);
            return;
        }
        let by_position = self.position_answer(&given, &expected);
        let right = is_right(&given, &expected) || by_position.is_some();
        let attempt = self.attempt().after(right);
        self.progress.answer(&self.lesson.id, self.beat, given.trim(), attempt);
        self.progress_changed = true;
        self.status = match attempt {
            Attempt::Right { .. } => match by_position {
                Some((n, token)) => strings::right_by_position(n, &token),
                None => strings::RIGHT.into(),
            },
            Attempt::WrongOnce => strings::WRONG_ONCE.into(),
            Attempt::GaveUp => strings::GAVE_UP.into(),
            Attempt::Unanswered => String::new(),
        };
    }

    /// The sentences being run, `;` between batch rows: the source side, or the target.
    pub fn sentences(&self, source: bool) -> String {
        sentences_of(&self.setup, source)
    }

    /// Run the current lesson on other sentences (`;` between batch rows): with no target, the
    /// model's own greedy translation. The run restarts at the current beat; the lesson's prose
    /// stays, its facts read from the new run (and say so where the new sentences lack a row).
    pub fn set_sentences(&mut self, src: &str, tgt: Option<&str>) -> Result<(), String> {
        if src.trim().is_empty() {
            return Err(strings::EMPTY_SENTENCE.into());
        }
        let setup = Setup::with_weights(
            self.setup.weights.clone(),
            &TokenInput::Sentences(src.to_string()),
            tgt.map(|t| TokenInput::Sentences(t.to_string())).as_ref(),
        )
        .map_err(|e| strings::sentence_refused(&e.to_string()))?;
        let run = setup.run();
        let mut full = run.clone();
        full.run_all();
        self.setup = setup;
        self.run = run;
        self.full = full;
        self.stashed_own = None;
        self.input = None;
        self.own_sentences = true;
        self.go_to_beat(self.beat);
        self.status = strings::SENTENCES_RUN.into();
        Ok(())
    }

    /// Lesson `i`'s place in the list, for `--list` and the list screen.
    pub fn lesson_status(&self, i: usize) -> crate::progress::Status {
        self.progress.lesson_status(&self.lessons[i])
    }

    pub fn beat_count(&self) -> usize {
        self.lesson.beats.len()
    }

    /// Move to beat `i`: run the engine forward (or back) to its operation and show it its way.
    pub fn go_to_beat(&mut self, i: usize) {
        let i = i.min(self.beat_count().saturating_sub(1));
        self.beat = i;
        let beat = self.lesson.beats[i].clone();
        self.choose_sentences(beat.keeps_lesson_sentences);
        let op = self.run.program().index_of(&beat.op).expect("lesson ops are validated at load");
        self.seek(op);
        self.view = beat.view;
        self.selection = Selection {
            // the learner's own sentences may be fewer than the lesson's
            batch: beat.batch.unwrap_or(0).min(self.setup.shape().batch - 1),
            head: match beat.head {
                Some(crate::lesson::HeadChoice::One(h)) => h,
                _ => 0,
            },
            mean_of_heads: beat.head == Some(crate::lesson::HeadChoice::Mean),
            row: beat.step.or(beat.row).unwrap_or_else(|| self.default_row()),
            first_col: 0,
        };
        self.set_what_if(beat.what_if.or(self.pinned_what_if));
        self.prose_scroll = 0;
        self.lines_scroll = 0;
        self.input = None;
        self.cell_col = None;
        if self.screen == Screen::Lesson && self.progress.see(&self.lesson.id, i) {
            self.progress_changed = true;
        }
    }

    /// On the learner's own sentences, a beat that keeps the lesson's shows the lesson's runs, and
    /// the next beat that does not brings the learner's back.
    fn choose_sentences(&mut self, lesson_sentences: bool) {
        if !self.own_sentences {
            return;
        }
        if lesson_sentences && self.stashed_own.is_none() {
            if let Ok(runs) = App::prepare(&self.lesson, self.setup.weights.clone()) {
                let own = (
                    std::mem::replace(&mut self.setup, runs.0),
                    std::mem::replace(&mut self.run, runs.1),
                    std::mem::replace(&mut self.full, runs.2),
                );
                self.stashed_own = Some(Box::new(own));
            }
        } else if !lesson_sentences && let Some(own) = self.stashed_own.take() {
            (self.setup, self.run, self.full) = *own;
        }
    }

    /// Make `op` the focused operation: the run computes (or forgets) operations until it is the last one.
    fn seek(&mut self, op: usize) {
        self.run.seek(op);
        self.op = op;
    }

    /// Run `variant` beside the taught model (forked from the full run), or stop showing one.
    pub fn set_what_if(&mut self, variant: Option<Variant>) {
        self.what_if = variant.map(|v| run_variant(&self.full, self.setup.shape(), v));
    }

    /// Keep `variant` on from beat to beat (None: back to the model as taught).
    pub fn pin_what_if(&mut self, variant: Option<Variant>) {
        self.pinned_what_if = variant;
        self.set_what_if(self.lesson.beats[self.beat].what_if.or(variant));
    }

    /// The next (or previous) what-if switch, wrapping through "none".
    fn cycle_what_if(&mut self, by: isize) {
        let switches = Variant::SWITCHES;
        let current = self.what_if.as_ref().and_then(|w| switches.iter().position(|v| *v == w.variant));
        // positions 0..n are the switches, n is "none"
        let n = switches.len() as isize;
        let at = current.map(|i| i as isize).unwrap_or(n);
        let next = (at + by).rem_euclid(n + 1) as usize;
        self.pinned_what_if = switches.get(next).copied();
        self.set_what_if(self.pinned_what_if);
        self.status = match &self.what_if {
            Some(w) => strings::what_if_on(strings::variant_title(w.variant)),
            None => strings::WHAT_IF_OFF.into(),
        };
    }

    /// The number of rows of the focused tensor's displayed slice.
    pub fn row_count(&self) -> usize {
        let shape = &self.run.program().op(self.op).shape;
        match shape.len() {
            0 | 1 => 1,
            n => shape[n - 2],
        }
    }

    fn default_row(&self) -> usize {
        self.row_count().saturating_sub(1) / 2
    }

    /// The first heatmap column on screen, within the focused tensor.
    pub fn first_col(&self) -> usize {
        let cols = self.run.program().op(self.op).shape.last().copied().unwrap_or(1);
        self.selection.first_col.min(cols.saturating_sub(1))
    }

    /// The query row on screen: the one the learner chose, or the last row of a shorter tensor.
    pub fn row(&self) -> usize {
        self.selection.row.min(self.row_count() - 1)
    }

    /// The pure update: what each action does to the state.
    pub fn update(&mut self, action: Action) {
        if self.help && !matches!(action, Action::ToggleHelp | Action::Quit) {
            return; // the help overlay swallows keys until closed
        }
        match self.key_mode() {
            Mode::List => return self.update_list(action),
            Mode::Input => return self.update_input(action),
            Mode::Cell => return self.update_cell(action),
            Mode::Lesson => {}
        }
        let shape = self.run.program().op(self.op).shape.clone();
        let heads = if shape.len() == 4 { shape[1] } else { 1 };
        let batch = self.setup.shape().batch;
        let stepped_away = !self.on_beat_op();
        match action {
            // after free stepping, the first → or ← comes back to the beat the learner left
            Action::NextBeat | Action::PrevBeat if stepped_away => self.go_to_beat(self.beat),
            Action::NextBeat => {
                if self.beat + 1 < self.beat_count() {
                    self.go_to_beat(self.beat + 1)
                } else if self.lesson_index + 1 < self.lessons.len() {
                    let left = self.lesson.id.clone();
                    let finished = self.lesson_status(self.lesson_index) == crate::progress::Status::Done;
                    self.open_lesson(self.lesson_index + 1, 0);
                    self.status = strings::next_lesson(&left, finished, &self.lesson.id);
                } else {
                    self.status = strings::LAST_BEAT_OF_ALL.into()
                }
            }
            Action::Answer if self.question().is_none() => self.status = strings::NO_QUESTION.into(),
            Action::Answer if self.attempt().is_done() => self.status = strings::ALREADY_ANSWERED.into(),
            Action::Answer => {
                self.input = Some(String::new());
                self.input_for = InputFor::Answer;
            }
            Action::EditSentence => {
                // start from the learner's sentences (waiting while a beat shows the lesson's), or
                // the sentences on screen, to edit or replace
                self.input = Some(match &self.stashed_own {
                    Some(own) => sentences_of(&own.0, true),
                    None => self.sentences(true),
                });
                self.input_for = InputFor::Sentence;
            }
            Action::ToggleList => self.screen = Screen::List { cursor: self.lesson_index },
            Action::Type(_) | Action::Erase | Action::ClearInput | Action::Cancel => {}
            Action::PrevBeat => self.go_to_beat(self.beat.saturating_sub(1)),
            Action::FirstBeat => self.go_to_beat(0),
            Action::LastBeat => self.go_to_beat(self.beat_count().saturating_sub(1)),
            Action::StepOp => {
                if self.op + 1 < self.run.program().len() {
                    self.seek(self.op + 1);
                    self.view = self.view_for_op();
                } else {
                    self.status = strings::LAST_OP.into();
                }
            }
            Action::BackOp => {
                if self.op > 0 {
                    self.seek(self.op - 1);
                    self.view = self.view_for_op();
                } else {
                    self.status = strings::FIRST_OP.into();
                }
            }
            Action::NextPane => self.focus = self.focus.shifted(1, self.map_shown),
            Action::PrevPane => self.focus = self.focus.shifted(-1, self.map_shown),
            Action::NextHead | Action::PrevHead if heads == 1 => {
                self.status = strings::NO_HEAD_AXIS.into();
            }
            Action::NextHead => self.cycle_head(1),
            Action::PrevHead => self.cycle_head(-1),
            Action::RowUp if self.focus == Pane::Prose => self.prose_scroll = self.prose_scroll.saturating_sub(1),
            Action::RowDown if self.focus == Pane::Prose => self.prose_scroll = self.prose_scroll.saturating_add(1),
            Action::RowUp if self.view.scrolls_lines() => self.lines_scroll = self.lines_scroll.saturating_sub(1),
            Action::RowDown if self.view.scrolls_lines() => self.lines_scroll = self.lines_scroll.saturating_add(1),
            Action::RowUp => self.selection.row = self.row().saturating_sub(1),
            Action::RowDown => self.selection.row = (self.row() + 1).min(self.row_count() - 1),
            Action::ScrollUp => self.prose_scroll = self.prose_scroll.saturating_sub(3),
            Action::ScrollDown => self.prose_scroll = self.prose_scroll.saturating_add(3),
            Action::NextBatch => self.selection.batch = (self.selection.batch + 1) % batch,
            Action::ColumnsRight => {
                let cols = shape.last().copied().unwrap_or(1);
                self.selection.first_col = (self.first_col() + COLUMN_STEP).min(cols.saturating_sub(1));
            }
            Action::ColumnsLeft => self.selection.first_col = self.first_col().saturating_sub(COLUMN_STEP),
            Action::ToggleCell if shape.len() < 2 => self.status = strings::NO_CELLS.into(),
            Action::ToggleCell => {
                // a cell is one head's number: the mean of the heads has no derivation of its own
                self.selection.mean_of_heads = false;
                self.cell_col = Some(self.first_col());
                self.status = strings::CELL_MODE_ON.into();
            }
            Action::CellLeft | Action::CellRight => {}
            Action::Temperature if self.view != ViewKind::Decode => {
                self.status = strings::TEMPERATURE_ONLY_DECODE.into()
            }
            Action::Temperature => {
                use crate::model::decode::Choice;
                // greedy, then sampling (seed 0) at 0.5, 1, 2 and 5
                let tenths = [5u16, 10, 20, 50];
                let next = match self.decoding {
                    Choice::Greedy => Some(tenths[0]),
                    Choice::Sample { tenths: t, .. } => {
                        tenths.iter().position(|&x| x == t).and_then(|i| tenths.get(i + 1).copied())
                    }
                };
                self.decoding = next.map_or(Choice::Greedy, |tenths| Choice::Sample { tenths, seed: 0 });
                self.status = strings::decoding_status(self.decoding.temperature());
            }
            Action::NextStep | Action::PrevStep if self.view != ViewKind::Decode => {
                self.status = strings::DECODE_STEP_ONLY.into()
            }
            Action::NextStep => self.selection.row = (self.selection.row + 1).min(self.decode_last_step()),
            Action::PrevStep => self.selection.row = self.selection.row.min(self.decode_last_step()).saturating_sub(1),
            Action::NextWhatIf => self.cycle_what_if(1),
            Action::PrevWhatIf => self.cycle_what_if(-1),
            Action::ToggleHelp => self.help = !self.help,
            Action::SaveTensor => self.effect = Some(Effect::SaveTensor),
            Action::SaveFrame => self.effect = Some(Effect::SaveFrame),
            Action::Quit if self.help => self.help = false,
            Action::Quit => self.quit = true,
        }
    }

    /// `]` / `[`: the next or previous head; an attention tensor has one more stop after its last
    /// head, the mean of the heads.
    fn cycle_head(&mut self, by: isize) {
        let shape = &self.run.program().op(self.op).shape;
        let heads = if shape.len() == 4 { shape[1] } else { 1 };
        let stops = heads + usize::from(self.shows_attention());
        // the mean stop exists only on attention tensors; elsewhere the keys go on from the head
        let mean = self.selection.mean_of_heads && self.shows_attention();
        let at = if mean { heads } else { self.selection.head.min(heads - 1) };
        let next = (at as isize + by).rem_euclid(stops as isize) as usize;
        self.selection.mean_of_heads = next == heads;
        if next < heads {
            self.selection.head = next;
        }
    }

    /// Whether the focused tensor is attention-shaped (batch, heads, queries, keys): scores,
    /// masked scores or weights, which can be averaged over the heads.
    pub fn shows_attention(&self) -> bool {
        use crate::model::program::Dim;
        let dims = &self.run.program().op(self.op).dims;
        dims.len() == 4 && dims[1] == Dim::Heads && matches!(dims[3], Dim::Tokens(_))
    }

    /// The last step of the decode view's decoding (how many steps it takes depends on the weights).
    fn decode_last_step(&self) -> usize {
        let steps = crate::lesson::facts::decode_steps(&self.setup, self.selection.batch, self.decoding);
        steps.len().saturating_sub(1)
    }

    /// Keys in cell mode: the arrows move the cursor over the focused tensor's numbers.
    fn update_cell(&mut self, action: Action) {
        let Some(col) = self.cell_col else { return };
        let shape = self.run.program().op(self.op).shape.clone();
        let cols = shape.last().copied().unwrap_or(1);
        let heads = if shape.len() == 4 { shape[1] } else { 1 };
        let batch = self.setup.shape().batch;
        match action {
            Action::RowUp => self.selection.row = self.row().saturating_sub(1),
            Action::RowDown => self.selection.row = (self.row() + 1).min(self.row_count() - 1),
            Action::CellLeft => self.cell_col = Some(col.saturating_sub(1)),
            Action::CellRight => self.cell_col = Some((col + 1).min(cols.saturating_sub(1))),
            Action::NextHead => self.selection.head = (self.selection.head + 1) % heads,
            Action::PrevHead => self.selection.head = (self.selection.head + heads - 1) % heads,
            Action::NextBatch => self.selection.batch = (self.selection.batch + 1) % batch,
            Action::ToggleCell | Action::Cancel => {
                self.cell_col = None;
                self.status = strings::CELL_MODE_OFF.into();
            }
            Action::ToggleHelp => self.help = !self.help,
            Action::Quit => self.quit = true,
            _ => {}
        }
    }

    /// The full index of the cell under the cursor in the focused tensor (size-1 axes read 0).
    pub fn cell_index(&self) -> Option<Vec<usize>> {
        let col = self.cell_col?;
        let shape = &self.run.program().op(self.op).shape;
        let pick = |want: usize, n: usize| want.min(n.saturating_sub(1));
        let (row, col) = (self.row(), pick(col, *shape.last()?));
        Some(match shape.len() {
            4 => vec![pick(self.selection.batch, shape[0]), pick(self.selection.head, shape[1]), row, col],
            3 => vec![pick(self.selection.batch, shape[0]), row, col],
            2 => vec![row, col],
            _ => return None,
        })
    }

    /// Where the number under the cell cursor comes from.
    pub fn cell_derivation(&self) -> Option<crate::explore::derive::Derivation> {
        crate::explore::derive::derive(&self.run, &self.setup, self.op, &self.cell_index()?)
    }

    /// Keys on the lesson list: move, open, back, quit.
    fn update_list(&mut self, action: Action) {
        let Screen::List { cursor } = self.screen else { return };
        let last = self.lessons.len().saturating_sub(1);
        match action {
            Action::RowUp => self.screen = Screen::List { cursor: cursor.saturating_sub(1) },
            Action::RowDown => self.screen = Screen::List { cursor: (cursor + 1).min(last) },
            Action::FirstBeat => self.screen = Screen::List { cursor: 0 },
            Action::LastBeat => self.screen = Screen::List { cursor: last },
            Action::Answer | Action::NextBeat => {
                let l = &self.lessons[cursor];
                let beat = self.progress.lesson_resume_beat(l);
                self.screen = Screen::Lesson;
                if cursor == self.lesson_index {
                    self.go_to_beat(beat);
                } else {
                    self.open_lesson(cursor, beat);
                }
            }
            Action::ToggleList | Action::Cancel => {
                self.screen = Screen::Lesson;
                self.go_to_beat(self.beat); // the beat on screen now counts as seen
            }
            Action::ToggleHelp => self.help = !self.help,
            Action::Quit if self.help => self.help = false,
            Action::Quit => self.quit = true,
            _ => {}
        }
    }

    /// Keys while an answer is typed: letters go into it; Enter checks it; Esc closes the line.
    fn update_input(&mut self, action: Action) {
        let Some(mut text) = self.input.take() else { return };
        match action {
            Action::Type(c) => {
                let limit = match self.input_for {
                    InputFor::Answer => strings::ANSWER_MAX_WIDTH,
                    InputFor::Sentence => strings::SENTENCE_MAX_WIDTH,
                };
                if crate::text::width(&text) < limit && !c.is_control() {
                    text.push(c);
                }
                self.input = Some(text);
            }
            Action::Erase => {
                text.pop();
                self.input = Some(text);
            }
            Action::ClearInput => self.input = Some(String::new()),
            Action::Answer if self.input_for == InputFor::Sentence => {
                if let Err(e) = self.set_sentences(&text, None) {
                    self.status = e;
                    self.input = Some(text); // keep it, to fix
                }
            }
            Action::Answer => self.submit(text),
            Action::Cancel => {}
            Action::Quit => self.quit = true,
            _ => self.input = Some(text),
        }
    }

    /// The beat's own view on the beat's operation; otherwise the view that suits the operation.
    fn view_for_op(&self) -> ViewKind {
        if self.on_beat_op() {
            return self.lesson.beats[self.beat].view;
        }
        let op = self.run.program().op(self.op);
        ViewKind::default_for(op.kind, op.shape.len())
    }

    /// The current beat's prose with its facts filled in from the run.
    pub fn beat_text(&self) -> String {
        self.text_of_beat(self.beat)
    }

    /// Beat `i`'s prose with its facts filled in.
    pub fn text_of_beat(&self, i: usize) -> String {
        crate::lesson::facts::render(&self.lesson.beats[i].pieces, &self.full, &self.setup)
    }

    /// The focused operation's name and tensor.
    pub fn focused(&self) -> (&str, &ndarray::ArrayD<f32>) {
        let op = self.run.program().op(self.op);
        (&op.name, self.run.value(self.op).expect("the focused op is computed"))
    }

    /// Whether the focused operation is the current beat's own (not reached by free stepping).
    pub fn on_beat_op(&self) -> bool {
        self.run.program().op(self.op).name == self.lesson.beats[self.beat].op
    }
}

/// A setup's sentences of one side, `;` between batch rows.
fn sentences_of(setup: &Setup, source: bool) -> String {
    let (ids, vocab) = if source { (&setup.src_ids, setup.src_vocab()) } else { (&setup.tgt_ids, setup.tgt_vocab()) };
    let rows: Vec<String> = ids.rows().into_iter().map(|r| vocab.decode(&strip_pad(r.to_vec()))).collect();
    rows.join(" ; ")
}

/// A row of ids without its `<pad>` tail.
fn strip_pad(mut ids: Vec<usize>) -> Vec<usize> {
    while ids.last() == Some(&crate::model::vocab::PAD_ID) {
        ids.pop();
    }
    ids
}

//! How everything outside `app` reads the app (the fields are the app's own), and the few
//! things the terminal loop tells it: a status message, the progress merged with what other
//! processes saved (the screen's size comes through `update`, as `Action::Fit`).

use super::keymap::HintContext;
use super::state::App;
use super::view_data::ViewData;
use super::view_state::{Effect, InputFor, Pane, Screen, Selection};
use crate::explore::VariantRun;
use crate::lesson::{Lesson, ViewKind};
use crate::model::Run;
use crate::model::decode::Choice;
use crate::progress::Progress;
use crate::setup::Setup;
use crate::strings;

impl App {
    /// Every lesson of the session, in curriculum order.
    pub fn lessons(&self) -> &[Lesson] {
        &self.session.lessons
    }

    /// Which lesson is open (its index in `lessons`).
    pub fn lesson_index(&self) -> usize {
        self.session.lesson_index
    }

    pub fn lesson(&self) -> &Lesson {
        &self.session.lesson
    }

    /// The sentences being run, encoded, and the weights.
    pub fn setup(&self) -> &Setup {
        &self.session.setup
    }

    /// The run, computed up to the focused operation.
    pub fn run(&self) -> &Run {
        &self.session.run
    }

    /// The whole program run to the end once, where the prose's facts are read.
    pub fn full(&self) -> &Run {
        &self.session.full
    }

    /// The what-if beside the taught model, when one is on.
    pub fn what_if(&self) -> Option<&VariantRun> {
        self.session.what_if.as_ref()
    }

    /// How a decode view chooses each next word.
    pub fn decoding(&self) -> Choice {
        self.session.decoding
    }

    /// The current beat (0-based).
    pub fn beat(&self) -> usize {
        self.session.beat
    }

    /// The focused operation: the last one the run computed.
    pub fn op(&self) -> usize {
        self.session.op
    }

    /// The run is on the learner's own sentences.
    pub fn own_sentences(&self) -> bool {
        self.session.own_sentences
    }

    /// On the learner's own sentences, this beat shows the lesson's (the learner's wait).
    pub fn shows_lesson_sentences_for_now(&self) -> bool {
        self.session.instead == super::session::Instead::Lesson
    }

    /// On the learner's own sentences, this beat shows their first sentence beside its tokens
    /// reversed.
    pub fn shows_reordered_for_now(&self) -> bool {
        self.session.instead == super::session::Instead::Reordered
    }

    /// On the learner's own sentences, this beat would reorder their first sentence but it reads
    /// the same reversed, so it shows the lesson's.
    pub fn shows_lesson_sentences_as_same_reversed(&self) -> bool {
        self.session.instead == super::session::Instead::LessonSameReversed
    }

    /// The line above the prose that says which sentences this beat runs, when they are not the
    /// ones the learner gave (or, on the learner's own, that the prose follows them).
    pub fn sentences_note(&self) -> Option<crate::lang::Text> {
        use super::session::Instead;
        match self.session.instead {
            Instead::Lesson => Some(strings::KEPT_LESSON_SENTENCES_NOTE),
            Instead::Reordered => Some(strings::REORDERED_SENTENCE_NOTE),
            Instead::LessonSameReversed => Some(strings::SAME_REVERSED_NOTE),
            Instead::Own => None,
        }
    }

    /// The status after the learner's sentences are set: what this beat runs.
    pub(super) fn sentences_status(&self) -> crate::lang::Text {
        use super::session::Instead;
        match self.session.instead {
            Instead::Own => strings::SENTENCES_RUN,
            Instead::Lesson => strings::SENTENCES_SET_LESSON_RUNS,
            Instead::Reordered => strings::SENTENCES_RUN_REORDERED,
            Instead::LessonSameReversed => strings::SENTENCES_SET_SAME_REVERSED,
        }
    }

    pub fn progress(&self) -> &Progress {
        &self.session.progress
    }

    /// How the focused tensor is drawn.
    pub fn view_kind(&self) -> ViewKind {
        self.view.kind
    }

    /// Which slice of the focused tensor is shown.
    pub fn selection(&self) -> Selection {
        self.view.selection
    }

    /// In cell mode, the column of the cell cursor (None in the adam-step view, whose cursor
    /// chooses a weight and is drawn by the view itself).
    pub fn cell_col(&self) -> Option<usize> {
        self.view.cell_col.filter(|_| self.view.kind != crate::lesson::ViewKind::AdamStep)
    }

    pub fn focus(&self) -> Pane {
        self.view.focus
    }

    /// The beat shows a gradient of the backward pass (the learning lesson's `grad = true`).
    pub fn on_gradient(&self) -> bool {
        self.session.gradient
    }

    /// The code pane is shown in the shape trace's place.
    pub fn code_shown(&self) -> bool {
        self.view.code
    }

    /// The glossary overlay is open.
    pub fn glossary_shown(&self) -> bool {
        self.view.glossary
    }

    /// The first line the help overlay shows.
    pub fn help_scroll(&self) -> usize {
        self.view.help_scroll
    }

    /// The first term the glossary overlay shows.
    pub fn glossary_scroll(&self) -> usize {
        self.view.glossary_scroll
    }

    /// The glossary overlay's selected term (an index into the built-in glossary's terms).
    pub fn glossary_term(&self) -> usize {
        self.view.glossary_term
    }

    /// The language of every word on the screen.
    pub fn lang(&self) -> crate::lang::Lang {
        self.view.lang
    }

    /// The help overlay is open.
    pub fn help_shown(&self) -> bool {
        self.view.help
    }

    pub fn prose_scroll(&self) -> u16 {
        self.view.prose_scroll
    }

    /// First line shown of a text view taller than its pane.
    pub fn lines_scroll(&self) -> usize {
        self.view.lines_scroll
    }

    /// Whether the text view still opens on what the beat names (the learner has not scrolled
    /// it on this beat and op).
    pub fn lines_follow(&self) -> bool {
        self.view.lines_follow
    }

    /// First line shown of the cell's derivation.
    pub fn derivation_scroll(&self) -> usize {
        self.view.derivation_scroll
    }

    /// The status message (empty: the status bar shows the key hints).
    pub fn status(&self) -> &str {
        &self.view.status
    }

    pub fn screen(&self) -> Screen {
        self.view.screen
    }

    /// The text being typed, while an input line is open.
    pub fn input(&self) -> Option<&str> {
        self.view.input.as_deref()
    }

    /// What the open input line is for.
    pub fn input_for(&self) -> InputFor {
        self.view.input_for
    }

    /// The learner asked to quit.
    pub fn quit_requested(&self) -> bool {
        self.view.quit
    }

    /// What the status bar's hints depend on: an open question, a view with heads to choose, the
    /// decode view, what the input line is for.
    pub fn hint_context(&self) -> HintContext {
        let shape = &self.session.run.program().op(self.session.op).shape;
        let slices_heads = !matches!(self.view_data(), ViewData::Lines(_));
        HintContext {
            question_open: self.question().is_some() && !self.attempt().is_done(),
            heads: slices_heads && shape.len() == 4 && shape[1] > 1,
            decode: self.view.kind.steps_decoding(),
            input_for: self.view.input_for,
        }
    }

    /// Show `message` in the status bar (until the next key).
    pub fn set_status(&mut self, message: impl Into<String>) {
        self.view.status = message.into();
    }

    pub fn clear_status(&mut self) {
        self.view.status.clear();
    }

    /// The file write the last action asked for, handed to the terminal loop once.
    pub fn take_effect(&mut self) -> Option<Effect> {
        self.view.effect.take()
    }

    /// Whether the progress changed since this was last asked (it is then to be saved).
    pub fn take_progress_changed(&mut self) -> bool {
        std::mem::take(&mut self.session.progress_changed)
    }

    /// The progress as saved, merged with what other processes wrote meanwhile.
    pub fn set_progress(&mut self, merged: Progress) {
        self.session.progress = merged;
    }
}

//! What the session is about: the lessons, the open one and its beat, the runs of the model on
//! its sentences (or the learner's own), the what-if beside them, the decoding choice and the
//! learner's progress. The fields are the app's own; outside `app` they are read through `App`.

use crate::explore::{Variant, VariantRun};
use crate::lesson::Lesson;
use crate::model::Run;
use crate::model::Weights;
use crate::model::decode::Choice;
use crate::progress::Progress;
use crate::setup::{Setup, SetupError, TokenInput};
use std::sync::Arc;

#[derive(Debug)]
pub(super) struct Session {
    /// Every lesson of the session, in curriculum order.
    pub(super) lessons: Arc<Vec<Lesson>>,
    /// Which of them is open.
    pub(super) lesson_index: usize,
    pub(super) lesson: Lesson,
    pub(super) setup: Setup,
    pub(super) run: Run,
    /// The whole program run to the end once, where the prose's facts are read.
    pub(super) full: Run,
    /// The same inputs run through a variant of the model (the beat's what-if, or one the
    /// learner switched on with `v`), forked from `full`.
    pub(super) what_if: Option<VariantRun>,
    /// The what-if the learner switched on (`v`, `--what-if`): it stays on from beat to beat
    /// (a beat's own what-if shows instead on that beat).
    pub(super) pinned_what_if: Option<Variant>,
    /// How a decode view chooses each next word: greedy, or sampled at a temperature (`t`).
    pub(super) decoding: Choice,
    pub(super) beat: usize,
    /// The focused operation: the last one the run computed (showing a gradient, the run is
    /// whole and this is where the backward walk stands).
    pub(super) op: usize,
    /// The focused operation's gradient ∂loss/∂output is shown, not its output (a training lesson).
    pub(super) gradient: bool,
    /// The run is on the learner's own sentences, not the lesson's.
    pub(super) own_sentences: bool,
    /// On a beat that keeps the lesson's sentences, the learner's own setup and runs wait here
    /// (and the lesson's are on screen).
    pub(super) stashed_own: Option<Box<(Setup, Run, Run)>>,
    /// What is on screen while the learner's own sentences wait in `stashed_own`.
    pub(super) instead: Instead,
    pub(super) progress: Progress,
    /// The progress changed since it was last saved.
    pub(super) progress_changed: bool,
    /// Training time: which checkpoint's weights run instead of the session's own (`dial.rs`).
    pub(super) dial: super::dial::Dial,
    /// Counts the changes of sentences (and so of setup and runs): the view cache depends on it.
    pub(super) sentences_generation: u64,
}

impl Session {
    /// Lesson `index` of `lessons`, its sentences run, before any beat is shown.
    pub(super) fn new(
        lessons: Arc<Vec<Lesson>>,
        index: usize,
        weights: Arc<Weights>,
        progress: Progress,
    ) -> Result<Session, SetupError> {
        let lesson = lessons[index].clone();
        let (setup, run, full) = prepare(&lesson, weights)?;
        Ok(Session {
            lessons,
            lesson_index: index,
            lesson,
            setup,
            run,
            full,
            what_if: None,
            pinned_what_if: None,
            decoding: Choice::Greedy,
            beat: 0,
            op: 0,
            gradient: false,
            own_sentences: false,
            stashed_own: None,
            instead: Instead::Own,
            progress,
            progress_changed: false,
            sentences_generation: 0,
            dial: Default::default(),
        })
    }
}

/// The setup and runs of a lesson: its sentences encoded, the program unrun, and run whole.
pub(super) fn prepare(lesson: &Lesson, weights: Arc<Weights>) -> Result<(Setup, Run, Run), SetupError> {
    let setup = Setup::with_weights(
        weights,
        &TokenInput::Sentences(lesson.src.clone()),
        Some(&TokenInput::Sentences(lesson.tgt.clone())),
    )?
    .for_training(lesson.training);
    let (run, full) = runs_of(&setup);
    Ok((setup, run, full))
}

/// A setup's run, unrun, and the same run to its end (where the prose's facts are read).
pub(super) fn runs_of(setup: &Setup) -> (Run, Run) {
    let run = setup.run();
    let mut full = run.clone();
    full.run_all();
    (run, full)
}

/// What a beat runs on when the learner has given sentences of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Instead {
    /// The learner's sentences (or the lesson's, when the learner gave none).
    Own,
    /// The lesson's sentences, for a point the learner's cannot show (`sentence = "lesson"`).
    Lesson,
    /// The learner's first sentence and, as batch row 1, its pieces in reverse order (its start
    /// and end tokens in place) (`sentence = "reordered"`).
    Reordered,
    /// The lesson's sentences on a beat that reorders, because the learner's first sentence
    /// reads the same reversed (one token, or a palindrome): its two orders would be one.
    LessonSameReversed,
}

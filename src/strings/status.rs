//! The status messages (the keys and their hints are in `keys.rs`).

use crate::lang::Text;
use crate::lang::message_with;

// ---------------------------------------------------------------------------------------------
// status messages
// ---------------------------------------------------------------------------------------------

pub const LAST_OP: Text = Text::id("last-op");
pub const FIRST_OP: Text = Text::id("first-op");
pub const NO_HEAD_AXIS: Text = Text::id("no-head-axis");
pub const DECODE_STEP_ONLY: Text = Text::id("decode-step-only");
pub const LAST_BEAT_OF_ALL: Text = Text::id("last-beat-of-all");
pub const NO_QUESTION: Text = Text::id("no-question");
pub const ALREADY_ANSWERED: Text = Text::id("already-answered");
pub const EMPTY_ANSWER: Text = Text::id("empty-answer");
pub const RIGHT: Text = Text::id("right");

/// A position typed for a token answer.
pub fn right_by_position(n: usize, token: &str) -> String {
    message_with("right-by-position", &[("n", &n), ("token", &token)])
}

/// A bare position typed for a token answer that names one token counted from 0 and another
/// counted from 1: which is meant (the position with its token, or the token).
pub fn position_ambiguous(n: usize, from_0: &str, from_1: &str) -> String {
    let n_1 = n - 1;
    message_with("position-ambiguous", &[("n", &n), ("n_1", &n_1), ("from_0", &from_0), ("from_1", &from_1)])
}
pub const WRONG_ONCE: Text = Text::id("wrong-once");
pub const GAVE_UP: Text = Text::id("gave-up");
pub const ANSWER_MAX_WIDTH: usize = 60;
pub const SENTENCE_MAX_WIDTH: usize = 120;
pub const EMPTY_SENTENCE: Text = Text::id("empty-sentence");
pub const KEPT_LESSON_SENTENCES_NOTE: Text = Text::id("kept-lesson-sentences-note");
pub const REORDERED_SENTENCE_NOTE: Text = Text::id("reordered-sentence-note");
pub const OWN_SENTENCES_NOTE: Text = Text::id("own-sentences-note");
pub const SENTENCES_RUN: Text = Text::id("sentences-run");
pub const SAME_REVERSED_NOTE: Text = Text::id("same-reversed-note");
pub const SENTENCES_SET_LESSON_RUNS: Text = Text::id("sentences-set-lesson-runs");
pub const SENTENCES_RUN_REORDERED: Text = Text::id("sentences-run-reordered");
pub const SENTENCES_SET_SAME_REVERSED: Text = Text::id("sentences-set-same-reversed");
pub const YOUR_SENTENCE: Text = Text::id("your-sentence");
pub const SENTENCE_HINT: Text = Text::id("sentence-hint");

pub fn sentence_refused(why: &str) -> String {
    message_with("sentence-refused", &[("why", &why)])
}

/// → on a lesson's last beat: the lesson left is done only with every beat seen and every
/// question finished.
pub fn next_lesson(left: &str, finished: bool, next: &str) -> String {
    let id = if finished { "next-lesson-finished" } else { "next-lesson-unfinished" };
    message_with(id, &[("left", &left), ("next", &next)])
}

pub fn cannot_open(id: &str, why: &str) -> String {
    message_with("cannot-open", &[("id", &id), ("why", &why)])
}

/// The status bar's place: the lesson, its beat, and how far the engine has run the program (ops
/// are numbered 0..last as `transformer-tutor trace` prints them; op `op` was the last one run).
pub fn status_place(lesson: &str, beat: usize, beats: usize, op: usize, last_op: usize) -> String {
    // kept as short as it was (" masks · beat 13/18 · op 80 of 0–132 "): the key hint fits beside it
    message_with(
        "status-place",
        &[("lesson", &lesson), ("beat", &beat), ("beats", &beats), ("op", &op), ("last_op", &last_op)],
    )
}

/// Said while a slow view is computed (before the frame that shows it): `computing beat 2's
/// ablation view…`.
pub const COMPUTING_IN_BACKGROUND: Text = Text::id("computing-in-background");
/// Said instead of a slow view whose computation failed (it is not tried again).
pub const COMPUTING_FAILED: Text = Text::id("computing-failed");

pub fn computing_view(beat: usize, view: &str) -> String {
    message_with("computing-view", &[("beat", &beat), ("view", &super::view_name(view))])
}

/// How far a slow view's worker has got, after its bar: `42% done`.
pub fn computing_done(percent: u32) -> String {
    message_with("computing-done", &[("percent", &percent)])
}

/// The status bar's place on the lesson list, before a lesson is open: the lesson under the
/// cursor of how many.
pub fn status_place_list(at: usize, lessons: usize) -> String {
    message_with("status-place-list", &[("at", &at), ("lessons", &lessons)])
}

/// The `X` key on a view with no grid.
pub const NO_GRID: crate::lang::Text = crate::lang::Text::id("no-grid-this-view-has-no");

/// After `wrote ./x.csv`: the SVG written beside it.
pub fn and_svg(path: &str) -> String {
    message_with("and-svg", &[("path", &path)])
}

pub fn wrote(path: &str, what: &str) -> String {
    message_with("wrote", &[("path", &path), ("what", &what)])
}

pub fn could_not_write(path: &str, why: &str) -> String {
    message_with("could-not-write", &[("path", &path), ("why", &why)])
}

// ---------------------------------------------------------------------------------------------

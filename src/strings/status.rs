//! The status messages (the keys and their hints are in `keys.rs`).

// ---------------------------------------------------------------------------------------------
// status messages
// ---------------------------------------------------------------------------------------------

pub const LAST_OP: &str = "that was the last operation: probs";
pub const FIRST_OP: &str = "this is the first operation";
pub const NO_HEAD_AXIS: &str = "this tensor has no head axis";
pub const DECODE_STEP_ONLY: &str = "s / S move the decoding step in a decode view";
pub const LAST_BEAT_OF_ALL: &str =
    "last beat of the last lesson: the whole model is behind you. L lists the lessons; q quits";
pub const NO_QUESTION: &str = "this beat asks no question";
pub const ALREADY_ANSWERED: &str = "answered already; → goes on";
pub const EMPTY_ANSWER: &str = "type an answer first (Esc closes the line)";
pub const RIGHT: &str = "right!";

/// A position typed for a token answer.
pub fn right_by_position(n: usize, token: &str) -> String {
    format!("right! position {n} is {token}")
}
pub const WRONG_ONCE: &str = "not quite: read the hint and try once more";
pub const GAVE_UP: &str = "not this time; the answer is in the text";
pub const ANSWER_MAX_WIDTH: usize = 60;
pub const SENTENCE_MAX_WIDTH: usize = 120;
pub const EMPTY_SENTENCE: &str = "an empty sentence has nothing to run; type a few characters (Esc closes)";
pub const KEPT_LESSON_SENTENCES_NOTE: &str =
    "(this beat is about the lesson's own sentences, shown here; yours return on the next beat that is not)";
pub const OWN_SENTENCES_NOTE: &str = "(your sentences: every number on screen is from them; the prose below was written for the lesson's own, and says so where a row it names is missing)";
pub const SENTENCES_RUN: &str = "running your sentences; the prose was written for the lesson's own";
pub const YOUR_SENTENCE: &str = "your sentence: ";
pub const SENTENCE_HINT: &str = "Enter runs it (`;` between sentences), Ctrl-U clears, Esc closes";

pub fn sentence_refused(why: &str) -> String {
    format!("not run: {why}")
}

/// → on a lesson's last beat: the lesson left is done only with every beat seen and every
/// question finished.
pub fn next_lesson(left: &str, finished: bool, next: &str) -> String {
    if finished {
        format!("`{left}` done; on to `{next}`")
    } else {
        format!("on to `{next}`; `{left}` is not finished (L shows what is left)")
    }
}

pub fn cannot_open(id: &str, why: &str) -> String {
    format!("cannot open `{id}`: {why}")
}

/// The status bar's place: the lesson, its beat, and how far the engine has run the program (ops
/// are numbered 0..last as `transformer-tutor trace` prints them; op `op` was the last one run).
pub fn status_place(lesson: &str, beat: usize, beats: usize, op: usize, last_op: usize) -> String {
    // kept as short as it was (" masks · beat 13/18 · op 80 of 0–132 "): the key hint fits beside it
    format!(" {lesson} beat {beat}/{beats} · engine op {op}/{last_op} ")
}

pub fn wrote(path: &str, what: &str) -> String {
    format!("wrote ./{path}{what}")
}

pub fn could_not_write(path: &str, why: &str) -> String {
    format!("could not write {path}: {why}")
}

// ---------------------------------------------------------------------------------------------

//! The keys (help overlay and status bar) and the status messages.

// keys (help overlay and status bar)
// ---------------------------------------------------------------------------------------------

pub const KEY_NEXT: &str = "next beat (runs the engine forward to its operation)";
pub const KEY_PREV: &str = "previous beat";
pub const KEY_FIRST_LAST: &str = "first / last beat";
pub const KEY_STEP: &str = "step one operation forward / back";
pub const KEY_HEAD: &str = "previous / next attention head; after the last, the mean of the heads";
pub const KEY_ROW: &str = "choose the query row (or scroll the focused text)";
pub const KEY_BATCH: &str = "next batch row (sentence pair)";
pub const KEY_COLUMNS: &str = "scroll a wide heatmap's columns left / right";
pub const KEY_ANSWER: &str = "answer the beat's question (Enter checks, Esc closes)";
pub const KEY_LIST: &str = "the list of lessons (j/k, Enter opens one)";
pub const KEY_SENTENCE: &str = "type your own sentence and run the lesson on it";
pub const KEY_CELL: &str = "cell mode: pick a number with the arrows, see where it comes from";
pub const KEY_TEMPERATURE: &str = "in a decode view: greedy, or sample at temperature 0.5, 1, 2, 5";
pub const KEY_WHAT_IF: &str = "what if: run the next (previous) variant of the model beside it";
pub const KEY_PANE: &str = "move focus between panes";
pub const KEY_SAVE_TENSOR: &str = "write the focused tensor to an .npy file";
pub const KEY_SAVE_FRAME: &str = "write the current frame as plain text";
pub const KEY_HELP: &str = "show / hide this help";
pub const KEY_QUIT: &str = "quit (with the help open: close it)";
pub const HELP_TITLE: &str = " Keys ";
pub const HELP_FOOTER: &str = " mouse wheel or PgUp/PgDn scroll the lesson text · ? or Esc closes this";
/// The help's line for the status bar's `engine op N/M` (no wider than the widest key line).
pub const HELP_OP_KEY: &str = "op N/M";
pub const HELP_OP: &str = "ops 0..N of 0..M have run (`transformer-tutor trace` lists them)";

/// The short key hint for the status bar.
pub const STATUS_HINT: &str = "←/→ beat  [/] head  ↑/↓ row  L lessons  ? help  q quit";
pub const STATUS_HINT_SHORT: &str = "←/→ beat  ? help  q quit";
pub const STATUS_HINT_QUESTION: &str = "Enter answer  ←/→ beat  L lessons  ? help";
pub const STATUS_HINT_QUESTION_SHORT: &str = "Enter answer  ←/→ beat  ? help";
pub const STATUS_HINT_SENTENCE: &str = "type a sentence · Enter run · Esc close";
pub const STATUS_HINT_INPUT: &str = "type the answer · Enter check · Esc close";
pub const STATUS_HINT_LIST: &str = "j/k move · Enter open · L/Esc back · q quit";

// ---------------------------------------------------------------------------------------------
// status messages
// ---------------------------------------------------------------------------------------------

pub const LAST_OP: &str = "that was the last operation: probs";
pub const FIRST_OP: &str = "this is the first operation";
pub const NO_HEAD_AXIS: &str = "this tensor has no head axis";
pub const KEY_STEP_DECODE: &str = "next / previous decoding step (in a decode view)";
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

//! The keys: what each does (the help overlay) and the words of the status bar's hints. The key
//! names and which hint shows when are in the table of bindings (`app/bindings.rs`).

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
pub const KEY_STEP_DECODE: &str = "next / previous decoding step (in a decode view)";

// the status bar's hints: "keys label", in a lesson two spaces apart, elsewhere " · "
pub const HINT_GAP: &str = "  ";
pub const HINT_SEPARATOR: &str = " · ";
pub const HINT_BEAT: &str = "beat";
pub const HINT_HEAD: &str = "head";
pub const HINT_ROW: &str = "row";
pub const HINT_STEP: &str = "step";
pub const HINT_LESSONS: &str = "lessons";
pub const HINT_HELP: &str = "help";
pub const HINT_QUIT: &str = "quit";
pub const HINT_ANSWER: &str = "answer";
pub const HINT_TYPE_ANSWER: &str = "type the answer";
pub const HINT_TYPE_SENTENCE: &str = "type a sentence";
pub const HINT_CHECK: &str = "check";
pub const HINT_RUN: &str = "run";
pub const HINT_CLOSE: &str = "close";
pub const HINT_MOVE: &str = "move";
pub const HINT_OPEN: &str = "open";
pub const HINT_BACK: &str = "back";
pub const HINT_CELL: &str = "cell";
pub const HINT_BATCH: &str = "batch";
pub const HINT_LEAVE: &str = "leave";

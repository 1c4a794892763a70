//! Every piece of text the screen shows apart from lesson prose: view headings and labels, the
//! status bar, help, messages. One place, so the screens can later be offered in Chinese too
//! (gitui's `strings.rs`). Widths are measured with `unicode-width` where text is laid out.

use crate::model::Tokenizer;
use crate::model::program::Side;

// ---------------------------------------------------------------------------------------------
// tokens view
// ---------------------------------------------------------------------------------------------

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Src => "source",
        Side::Tgt => "target",
    }
}

pub fn tokens_heading(side: Side, tokenizer: Tokenizer) -> String {
    let how = match tokenizer {
        Tokenizer::Char => "by character",
        Tokenizer::Word => "by word",
    };
    format!("{} · tokenised {how} · <pad> = 0 pads each row", side_name(side))
}

pub fn row_label(b: usize) -> String {
    format!("row {b}")
}

pub const TOKENS_LABEL: &str = "tokens";
pub const IDS_LABEL: &str = "ids";
pub const SIZES_HEADING: &str = "vocab_size: tokens known · max_len: longest sentence";
pub const SIZES_COLUMNS: [&str; 3] = ["vocab_size", "max_len", "ids (B, T)"];

// ---------------------------------------------------------------------------------------------
// pipeline view
// ---------------------------------------------------------------------------------------------

pub const PIPELINE_HEADING: &str = "the forward pass, note 001 §1 (✓ computed · ▶ here · not yet)";
pub const STAGE_SRC_IDS: &str = "source ids, <pad> = 0";
pub const STAGE_TGT_IDS: &str = "target ids, from <bos>";
pub const STAGE_EMBED: &str = "a table row per id";
pub const STAGE_X: &str = "X = embedding + PE";
pub const STAGE_SRC_MASK: &str = "ids != <pad>";
pub const STAGE_TGT_MASK: &str = "padding AND causal";
pub const STAGE_MEMORY: &str = "memory C, read by cross-attn";
pub const STAGE_LOGITS: &str = "Linear to the vocabulary";
pub const STAGE_PROBS: &str = "softmax: next-word odds";

pub fn stage_encoder(layer: usize, n: usize) -> String {
    format!("encoder layer {layer} of 0–{}", n - 1)
}

pub fn stage_decoder(layer: usize, n: usize) -> String {
    format!("decoder layer {layer} of 0–{}, reads C", n - 1)
}

// ---------------------------------------------------------------------------------------------
// params view
// ---------------------------------------------------------------------------------------------

pub const PARAMS_HEADING: &str = "parameters per block (PyTorch names), counted from the loaded weights";
pub const TOTAL: &str = "total";

// ---------------------------------------------------------------------------------------------
// rnn view
// ---------------------------------------------------------------------------------------------

pub const RNN_FORMULA: &str = "an RNN: h_t = tanh(W_x·x_t + W_h·h_{t−1}), one step per token";

pub fn rnn_sentence(sentence: &str, t: usize, d: usize) -> String {
    format!("on {sentence}: T = {t}, x_t = row t of src.x (width {d}), W_h = gain × random orthogonal")
}

pub fn rnn_path(first: &str, last: &str, steps: usize) -> String {
    format!("RNN:        {first} reaches {last} after {steps} steps, through {steps} products with W_h")
}

pub fn attention_path(first: &str, last: &str, weight: f32) -> String {
    format!("attention:  {last} reads {first} in 1 step, with weight {weight:.2} (enc.0, mean of heads)")
}

pub const RNN_TABLE_HEADING: &str = "‖∂h_T/∂h_{T−k}‖: how much h_{T−k} can still move h_T";
pub const DISTANCE: &str = "k =";

pub fn gain_label(gain: f32) -> String {
    format!("gain {gain}")
}

pub fn rnn_bars_heading(first: &str, last: &str) -> String {
    format!("from {first} to {last}, ‖∂h_T/∂h_1‖ (log scale)")
}

pub const RNN_LOG_SCALE: &str = "bars: 1e-6 (empty) … 1e2 (full)";

// ---------------------------------------------------------------------------------------------
// norm-compare view
// ---------------------------------------------------------------------------------------------

pub fn norm_compare_heading(name: &str, shape: &str) -> String {
    format!("{name} {shape} normalised two ways (x̂, before γ and β)")
}

pub fn norm_compare_axes(d: usize, b: usize, t: usize) -> String {
    format!("LayerNorm: each token over its {d} features · BatchNorm: each feature over {b}×{t} positions")
}

pub const TOKEN: &str = "token";
pub const NORM_COMPARE_COLUMNS: [&str; 3] = ["before mean/std", "LayerNorm", "BatchNorm"];

pub fn bn_pad_note(pads: usize, positions: usize) -> String {
    format!("<pad> positions in BatchNorm's averages: {pads} of {positions}")
}

pub fn bn_shift_note(feature: usize, with_pad: f32, without: f32, shift: f32) -> String {
    format!(
        "leave them out and feature {feature}'s mean moves from {with_pad:.2} to {without:.2} ({shift:.2}): the batch decides"
    )
}

// ---------------------------------------------------------------------------------------------
// fused-qkv view
// ---------------------------------------------------------------------------------------------

pub fn fused_heading(rows: usize, d: usize) -> String {
    format!("note 003's fused projection: W_qkv = [W_q; W_k; W_v], ({rows}, {d})")
}

pub fn fused_product(x: &str, x_shape: &str, out: &str) -> String {
    format!("{x} {x_shape} · W_qkvᵀ + b_qkv  →  {out}, one product instead of three")
}

pub fn fused_columns(from: usize, to: usize) -> String {
    format!("columns {from}–{to}")
}

pub fn max_diff(diff: f32) -> String {
    format!("largest difference {diff:.1e}")
}

pub const WIDTHS_HEADING: &str = "the widths: d_k for queries and keys, d_v for values";

pub fn scores_widths(q: &str, k: &str, scores: &str, dk: usize) -> String {
    format!("scores  = q {q} · kᵀ (k {k})  →  {scores}: d_k = {dk} is summed away")
}

pub fn context_widths(weights: &str, v: &str, context: &str, dv: usize) -> String {
    format!("context = weights {weights} · v {v}  →  {context}: each head's width is d_v = {dv}")
}

pub const WIDTHS_NOTE: &str =
    "note 002 lets q and k be narrower than v (qk_dim): only the context's width would follow v";

// ---------------------------------------------------------------------------------------------
// decode view
// ---------------------------------------------------------------------------------------------

pub fn decode_heading(source: &str, step: usize, last: usize) -> String {
    format!("greedy decoding of {source}: step {step} of 0–{last}")
}

pub const DECODER_READS: &str = "the decoder reads: ";

pub fn next_word_heading(position: usize, word: &str) -> String {
    format!("next word, read off position {position} ({word}): the five most probable")
}

pub const CHOSEN: &str = "appended: ";
pub const DECODING_ENDS: &str = "  (decoding ends here)";
/// A decoding fact for a step after `<eos>` (other weights may stop sooner).
pub const DECODING_HAD_ENDED: &str = "(decoding had ended)";

pub fn cross_heading(word: &str, position: usize, layer: usize) -> String {
    format!("where position {position} ({word}) looked in the source: dec.{layer}.cross_attn, mean of heads")
}

// ---------------------------------------------------------------------------------------------
// keys (help overlay and status bar)
// ---------------------------------------------------------------------------------------------

pub const KEY_NEXT: &str = "next beat (runs the engine forward to its operation)";
pub const KEY_PREV: &str = "previous beat";
pub const KEY_FIRST_LAST: &str = "first / last beat";
pub const KEY_STEP: &str = "step one operation forward / back";
pub const KEY_HEAD: &str = "previous / next attention head";
pub const KEY_ROW: &str = "choose the query row (or scroll the focused text)";
pub const KEY_BATCH: &str = "next batch row (sentence pair)";
pub const KEY_COLUMNS: &str = "scroll a wide heatmap's columns left / right";
pub const KEY_ANSWER: &str = "answer the beat's question (Enter checks, Esc closes)";
pub const KEY_LIST: &str = "the list of lessons (j/k, Enter opens one)";
pub const KEY_PANE: &str = "move focus between panes";
pub const KEY_SAVE_TENSOR: &str = "write the focused tensor to an .npy file";
pub const KEY_SAVE_FRAME: &str = "write the current frame as plain text";
pub const KEY_HELP: &str = "show / hide this help";
pub const KEY_QUIT: &str = "quit (with the help open: close it)";
pub const HELP_TITLE: &str = " Keys ";
pub const HELP_FOOTER: &str = " mouse wheel scrolls the lesson text · ? or Esc closes this";

/// The short key hint for the status bar.
pub const STATUS_HINT: &str = "←/→ beat  [/] head  ↑/↓ row  L lessons  ? help  q quit";
pub const STATUS_HINT_SHORT: &str = "? help  q quit";
pub const STATUS_HINT_QUESTION: &str = "Enter answer  ←/→ beat  L lessons  ? help";
pub const STATUS_HINT_QUESTION_SHORT: &str = "Enter answer  ? help";
pub const STATUS_HINT_INPUT: &str = "type the answer · Enter check · Esc close";
pub const STATUS_HINT_LIST: &str = "j/k move · Enter open · L/Esc back · q quit";

// ---------------------------------------------------------------------------------------------
// status messages
// ---------------------------------------------------------------------------------------------

pub const LAST_OP: &str = "that was the last operation: probs";
pub const FIRST_OP: &str = "this is the first operation";
pub const NO_HEAD_AXIS: &str = "this tensor has no head axis";
pub const LAST_BEAT_OF_ALL: &str =
    "last beat of the last lesson: the whole model is behind you. L lists the lessons; q quits";
pub const NO_QUESTION: &str = "this beat asks no question";
pub const ALREADY_ANSWERED: &str = "answered already; → goes on";
pub const EMPTY_ANSWER: &str = "type an answer first (Esc closes the line)";
pub const RIGHT: &str = "right!";
pub const WRONG_ONCE: &str = "not quite: read the hint and try once more";
pub const GAVE_UP: &str = "not this time; the answer is in the text";
pub const ANSWER_MAX_WIDTH: usize = 60;

pub fn next_lesson(done: &str, next: &str) -> String {
    format!("`{done}` done; on to `{next}`")
}

pub fn cannot_open(id: &str, why: &str) -> String {
    format!("cannot open `{id}`: {why}")
}

pub fn status_place(lesson: &str, beat: usize, beats: usize, op: usize, last_op: usize) -> String {
    format!(" {lesson} · beat {beat}/{beats} · op {op} of 0–{last_op} ")
}

pub fn wrote(path: &str, what: &str) -> String {
    format!("wrote ./{path}{what}")
}

pub fn could_not_write(path: &str, why: &str) -> String {
    format!("could not write {path}: {why}")
}

// ---------------------------------------------------------------------------------------------
// the lesson pane, the question, the list
// ---------------------------------------------------------------------------------------------

pub fn beat_title(beat: usize, beats: usize, title: &str) -> String {
    format!(" beat {beat}/{beats} · {title} ")
}

pub fn stepped_away(op: &str) -> String {
    format!("(stepped away from this beat's operation, {op}; → or ← returns to it)")
}

pub const QUESTION: &str = "Question";
pub const PRESS_ENTER: &str = "Press Enter to answer.";
pub const YOUR_ANSWER: &str = "your answer: ";
pub const HINT: &str = "Hint: ";
pub const ANSWER_WAS: &str = "The answer: ";
pub const RIGHT_MARK: &str = "✓ right: ";
pub const WRONG_MARK: &str = "✗ ";

pub fn tried(given: &[String]) -> String {
    format!("you answered: {}", given.join(" · "))
}

pub const LIST_TITLE: &str = " Lessons · the notes' order of ideas ";
pub const LIST_DONE: &str = "done";
pub const LIST_NOT_STARTED: &str = "not started";

pub fn list_in_progress(seen: usize, beats: usize) -> String {
    format!("{seen}/{beats} beats")
}

pub fn list_beats(n: usize) -> String {
    format!("{n} beats")
}

pub const LIST_FOOTER: &str = "Enter opens a lesson at its first beat not yet seen";

// ---------------------------------------------------------------------------------------------
// text views
// ---------------------------------------------------------------------------------------------

pub const LINES: &str = "lines";

/// `… 8 more lines below (↑/↓)`.
pub fn more_below_scroll(more: &str) -> String {
    format!("{more} (↑/↓)")
}

//! Every piece of text the screen shows apart from lesson prose: view headings and labels, the
//! status bar, help, messages. One place, so the screens can later be offered in Chinese too
//! (gitui's `strings.rs`). Widths are measured with `unicode-width` where text is laid out.

use std::fmt::Display;

use crate::model::Tokenizer;
use crate::model::program::{Dim, LinearRef, OpKind, Proj, Side};

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

pub fn decode_heading(source: &str, step: usize, last: usize, sampled: bool) -> String {
    let how = if sampled { "sampled" } else { "greedy" };
    format!("{how} decoding of {source}: step {step} of 0–{last}")
}

pub const DECODER_READS: &str = "the decoder reads: ";

pub fn next_word_heading(position: usize, word: &str) -> String {
    format!("next word, read off position {position} ({word}): the five most probable")
}

pub const CHOSEN: &str = "appended: ";
/// A fact of a lesson's prose that names a sentence or position the learner's own sentences lack.
pub const FACT_NOT_IN_SENTENCES: &str = "(not in these sentences)";
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
// the lesson pane, the question, the list
// ---------------------------------------------------------------------------------------------

/// The prose pane's bottom border when its text is taller than the pane: which way more lies,
/// and the keys that scroll it (↑/↓ once the pane has focus).
pub fn prose_more(above: bool, below: bool, focused: bool) -> Option<&'static str> {
    Some(match (above, below, focused) {
        (false, false, _) => return None,
        (false, true, false) => " ↓ more: PgDn (or Tab here, ↓) ",
        (false, true, true) => " ↓ more: ↓ or PgDn ",
        (true, false, false) => " ↑ more above: PgUp ",
        (true, false, true) => " ↑ more above: ↑ or PgUp ",
        (true, true, false) => " ↑↓ more: PgUp / PgDn ",
        (true, true, true) => " ↑↓ more: ↑/↓ or PgUp/PgDn ",
    })
}

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

pub fn tried(given: &[String]) -> String {
    format!("you answered: {}", given.join(" · "))
}

pub const LIST_TITLE: &str = " Lessons · the notes' order of ideas ";
pub const LIST_DONE: &str = "done";
pub const LIST_NOT_STARTED: &str = "not started";

/// A lesson begun: beats seen of all its beats (all seen when only a question is still open).
pub fn list_in_progress(seen: usize, beats: usize) -> String {
    format!("{seen}/{beats} seen")
}

/// A lesson's questions finished (answered right, or shown after two wrong answers) of all it asks.
pub fn list_questions(answered: usize, questions: usize) -> String {
    let noun = if questions == 1 { "question" } else { "questions" };
    format!("{answered}/{questions} {noun}")
}

/// The status bar, when this tutor saved and found that `--reset-progress` had run meanwhile
/// (`lessons`: the ids whose progress it removed, as far as this tutor knew them; empty: some).
pub fn progress_reset_meanwhile(lessons: &[&str]) -> String {
    let what = if lessons.is_empty() { "progress".to_string() } else { format!("progress of {}", lessons.join(", ")) };
    format!("{what} was reset (--reset-progress) while this tutor ran: of it, only what you did since is kept")
}

/// The status bar on a first start: where progress will be kept.
pub fn progress_none_yet(path: &str) -> String {
    format!("no saved progress yet; it will be kept in {path}")
}

/// The status bar, when progress could not be written.
pub fn progress_cannot_save(path: &str, why: &str) -> String {
    format!("cannot save progress to {path}: {why}")
}

/// The status bar: the progress file could not be used and was moved to `kept`.
pub fn progress_kept_corrupt(path: &str, why: &str, kept: &str) -> String {
    format!("progress file {path} is unreadable ({why}); it is kept as {kept}, and progress starts afresh")
}

/// The status bar: the progress file is from a newer version of the program, moved to `kept`.
pub fn progress_kept_newer(path: &str, version: i64, ours: u32, kept: &str) -> String {
    format!(
        "progress file {path} was written by a newer transformer-tutor (format {version}; this one reads {ours}); \
it is kept as {kept} (the newer version reads it there once renamed back), and progress starts afresh"
    )
}

/// The status bar: the progress file is left where it is, and not written over.
pub fn progress_blocked(path: &str, why: &str) -> String {
    format!(
        "cannot read progress file {path} ({why}); it is left as it is, and progress is not saved until it can be read"
    )
}

/// The status bar: the progress file could not be used, nor moved aside.
pub fn progress_not_kept(path: &str, why: &str, error: &str) -> String {
    format!(
        "progress file {path} is unreadable ({why}) and could not be moved aside ({error}); it is left as it is, and progress is not saved"
    )
}

pub fn progress_why_unreadable(error: &str) -> String {
    format!("cannot open it: {error}")
}

pub fn progress_why_too_large(size: u64, limit: u64) -> String {
    format!("it is {size} bytes, more than the {} KB a progress file can be; it was not read", limit >> 10)
}

pub fn progress_why_not_utf8(byte: u8, at: usize) -> String {
    format!("not UTF-8 text: byte 0x{byte:02x} at offset {at}")
}

pub fn progress_why_not_regular(kind: &str) -> String {
    format!("it is {kind}, not a regular file; it was not read")
}

pub const FILE_KIND_FIFO: &str = "a FIFO (named pipe)";
pub const FILE_KIND_DEVICE: &str = "a device";
pub const FILE_KIND_SOCKET: &str = "a socket";
pub const FILE_KIND_DIRECTORY: &str = "a directory";
pub const FILE_KIND_OTHER: &str = "not a file";
pub const PROGRESS_NO_FREE_NAME: &str = "no free name to keep it under";

pub fn list_beats(n: usize) -> String {
    format!("{n} beats")
}

pub const LIST_FOOTER: &str = "Enter opens a lesson at its first beat not yet seen, or else at its first open question";

// ---------------------------------------------------------------------------------------------
// text views
// ---------------------------------------------------------------------------------------------

pub const LINES: &str = "lines";

/// `… 8 more lines below (↑/↓)`.
pub fn more_below_scroll(more: &str) -> String {
    format!("{more} (↑/↓)")
}

// ---------------------------------------------------------------------------------------------
// the frame: pane titles, the architecture map, the too-small screen, the terminal
// ---------------------------------------------------------------------------------------------

pub const MAP_TITLE: &str = " Where we are ";
pub const TRACE_TITLE: &str = " Shape trace ";

/// The shape trace's title on the compact screen, which has no map: it names the place instead.
pub fn trace_title_at(place: &str) -> String {
    format!(" Shape trace · {place} ")
}

/// A forward pass whose numbers overflowed: said where the numbers are shown, and by `translate`.
pub fn non_finite_at(op: &str) -> String {
    format!(
        "the forward pass produced NaN/Inf first at op `{op}`: float32 overflowed there (these weights are too \
         large), so no number computed from it means anything"
    )
}

pub fn tensor_title(name: &str, shape: &str, view: &str) -> String {
    format!(" {name} {shape} · {view} view ")
}

pub fn map_encoder(layer: usize) -> String {
    format!("enc {layer}")
}

pub fn map_decoder(layer: usize) -> String {
    format!("dec {layer}")
}

pub const MAP_OUTPUT: &str = "output";
pub const MAP_EMBED: &str = "embed+PE";
pub const MAP_PAD_MASK: &str = "pad mask";
pub const MAP_MASKS: &str = "masks";
pub const MAP_SELF_ATTN: &str = "self-attn";
pub const MAP_MASKED_SELF: &str = "masked-self";
pub const MAP_CROSS: &str = "cross";
pub const MAP_ADD_NORM: &str = "A&N";
pub const MAP_FFN: &str = "FFN";
pub const MAP_LINEAR_SOFTMAX: &str = "Linear+softmax";
pub const MAP_LEGEND: &str = " A&N = Add & Norm: LayerNorm(x + sublayer(x))";

pub fn too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    format!("The terminal is {width}x{height}.\nPlease enlarge it to at least {min_width}x{min_height}.\n(q quits)")
}

pub const NO_TERMINAL: &str = "no terminal: standard output is not a TTY, so the tutor screen cannot be shown. \
    Run it in a terminal, or add --print to read the lesson as plain text";
pub const NO_TERMINAL_INPUT: &str = "no terminal: standard input is not a TTY, so the tutor cannot read keys. \
    Run it in a terminal without redirecting its input, or add --print to read the lesson as plain text";

pub fn cannot_watch_signals(why: impl Display) -> String {
    format!("cannot watch for signals: {why}")
}

pub fn cannot_open_terminal(why: impl Display) -> String {
    format!("cannot open the terminal: {why}")
}

pub fn terminal_error(why: impl Display) -> String {
    format!("terminal error: {why}")
}

// ---------------------------------------------------------------------------------------------
// the shape trace
// ---------------------------------------------------------------------------------------------

/// The arrow label for one operation in the shape trace: `(2, 6, 32) ─W_q→ (2, 6, 32)`.
pub fn trace_edge(kind: OpKind, d_k: usize) -> String {
    match kind {
        OpKind::Linear(LinearRef::Attn { proj, .. }) => match proj {
            Proj::Q => "W_q".into(),
            Proj::K => "W_k".into(),
            Proj::V => "W_v".into(),
            Proj::O => "W_o".into(),
        },
        OpKind::Linear(LinearRef::Ffn1 { .. }) => "W_1".into(),
        OpKind::Linear(LinearRef::Ffn2 { .. }) => "W_2".into(),
        OpKind::Linear(LinearRef::Out) => "W_out".into(),
        OpKind::SplitHeads => "split".into(),
        OpKind::QueryKey => "q·kᵀ".into(),
        OpKind::Scale => format!("/√{d_k}"),
        OpKind::MaskFill(_) => "mask".into(),
        OpKind::Softmax => "softmax".into(),
        OpKind::Context => "·v".into(),
        OpKind::MergeHeads => "merge".into(),
        OpKind::Add => "+".into(),
        OpKind::Normalize { .. } => "norm".into(),
        OpKind::ScaleShift(_) => "γ,β".into(),
        OpKind::Relu => "ReLU".into(),
        OpKind::AddPositional => "+PE".into(),
        OpKind::MaskAnd => "AND".into(),
        _ => kind.label().into(),
    }
}

/// `reads dec.0.self_attn.q (2, 4, 6, 8), dec.0.self_attn.k (2, 4, 6, 8)`: `inputs` already joined.
pub fn reads(inputs: &str) -> String {
    format!("reads {inputs}")
}

pub const READS_TOKEN_IDS: &str = "reads the token ids";
pub const READS_NO_TENSOR: &str = "reads no tensor";

// ---------------------------------------------------------------------------------------------
// the focused tensor: captions, axes, labels (shared by the grid views)
// ---------------------------------------------------------------------------------------------

pub fn batch_row_of(b: usize, last: usize) -> String {
    format!("batch row {b} (of 0–{last})")
}

pub fn head_of(h: usize, last: usize) -> String {
    format!("head {h} (of 0–{last})")
}

/// A PE heatmap's caption: the whole table, and the rows this sentence uses.
pub fn whole_pe_caption(max_len: usize, used: usize) -> String {
    format!("all max_len = {max_len} rows · this batch uses 0–{}", used - 1)
}

/// The last line of a decode view: where greedy decoding ends.
pub const GREEDY_TRANSLATION: &str = "the whole greedy translation: ";

/// Under an embedding: each row's length.
pub fn row_lengths(rows: &[(String, String)]) -> String {
    let parts: Vec<String> = rows.iter().map(|(l, v)| format!("{l} {v}")).collect();
    format!("row lengths ‖row‖: {}", parts.join(" · "))
}

/// Under an embedding, PE or their sum: root mean square over a sentence's real positions.
pub fn rms_line(batch: usize, values: &[(String, String)]) -> String {
    let parts: Vec<String> = values.iter().map(|(n, v)| format!("{n} {v}")).collect();
    format!("rms over batch row {batch}'s real positions: {}", parts.join(" · "))
}

/// The caption of an attention slice averaged over its heads (the stop after the last head on `]`).
pub fn mean_of_heads(n: usize) -> String {
    format!("mean of the {n} heads")
}

/// A positional-encoding row's label.
pub fn position_label(i: usize) -> String {
    format!("pos {i}")
}

/// A heatmap scrolled sideways says where its first column is.
pub fn from_column(first: usize) -> String {
    format!(" · from column {first} (< >)")
}

pub const AXIS_QUERY: &str = "query";
pub const AXIS_KEY: &str = "key";
pub const AXIS_BATCH_ROW: &str = "batch row";

/// What an axis of the shown slice runs over; token rows of attention are its queries.
pub fn axis_name(axis: Dim, attention_rows: bool) -> &'static str {
    match axis {
        Dim::Tokens(_) if attention_rows => AXIS_QUERY,
        Dim::Tokens(Side::Src) => "source token",
        Dim::Tokens(Side::Tgt) => "target token",
        Dim::Features => "feature",
        Dim::Vocab => "vocabulary word",
        Dim::Positions => "position",
        Dim::Batch => AXIS_BATCH_ROW,
        Dim::Heads => "head",
        Dim::Broadcast => "(broadcast)",
    }
}

/// `rows: query · cols: key`, the axes line of a grid.
pub fn axes(row_axis: &str, col_axis: &str) -> String {
    format!("rows: {row_axis} · cols: {col_axis}")
}

/// `(empty: 0 × 3)`, what a grid without cells shows instead.
pub fn empty_grid(rows: usize, cols: usize) -> String {
    format!("(empty: {rows} × {cols})")
}

/// What `more` counts (the text views' `LINES` is above, with them).
pub const ROWS: &str = "rows";
pub const TOKENS: &str = "tokens";

/// `… 3 more tokens above`, `… 2 more rows below`, `… 1 more rows above, 2 below` (`what` is
/// used as given, never made singular).
pub fn more(above: usize, below: usize, what: &str) -> String {
    match (above, below) {
        (0, n) => format!("… {n} more {what} below"),
        (n, 0) => format!("… {n} more {what} above"),
        (a, b) => format!("… {a} more {what} above, {b} below"),
    }
}

/// `1 row`, `3 rows`.
fn rows(n: usize) -> String {
    if n == 1 { format!("{n} row") } else { format!("{n} rows") }
}

/// Under a grid whose first rows show: `… 3 more rows`.
pub fn more_rows(below: usize) -> String {
    format!("… {} more", rows(below))
}

/// Under a grid scrolled down: `… 2 rows above, 1 below`.
pub fn rows_above_below(above: usize, below: usize) -> String {
    format!("… {} above, {below} below", rows(above))
}

/// Over a grid cut at the right: `… 1 more column`, `… 5 more columns`.
pub fn more_columns(n: usize) -> String {
    if n == 1 { "… 1 more column".to_string() } else { format!("… {n} more columns") }
}

/// After a vector's numbers cut at the right: `… 24 more`.
pub fn more_values(n: usize) -> String {
    format!("… {n} more")
}

// the colour legend: `scale: [ ░▒▓█]  min −1.23 … max 2.34`
pub const SCALE_OPEN: &str = "scale: [";

pub fn scale_range(min: &str, max: &str) -> String {
    format!("  min {min} … max {max}")
}

pub const SCALE_NO_VALUES: &str = "  (no values)";

// ---------------------------------------------------------------------------------------------
// heatmap, mask, vector table, top words
// ---------------------------------------------------------------------------------------------

pub const MASKED_NUMBER: &str = "−1e9 = masked";
pub const MASKED_SHADE: &str = "·· = masked (−1e9)";
pub const MINUS_INF: &str = " -inf";
pub const MASKED_NUMBER_INF: &str = "−1e9 or -inf = masked";
pub const MASKED_SHADE_INF: &str = "·· = masked (−1e9 or -inf)";

pub const PADDING_MASK: &str = "padding mask: 1 where the key is a real token, 0 at <pad>";
pub const CAUSAL_MASK: &str = "causal mask: 1 on and below the diagonal, 0 for the future";
pub const COMBINED_MASK: &str = "combined mask: padding AND causal";
pub const PADDING_MASK_KEYS: &str = "key position (each row's tokens on its right)";

pub fn padding_mask_note(shape: &str) -> String {
    format!("{shape}: one row per sentence, broadcast over every query")
}

pub fn causal_mask_note(shape: &str) -> String {
    format!("{shape}: the same for every sentence and head")
}

pub fn combined_mask_note(shape: &str) -> String {
    format!("{shape}: one (T, T) grid per sentence, shared by every head")
}

pub fn query_of_batch_row(b: usize) -> String {
    format!("query (batch row {b})")
}

/// After the mark ■ and ·, in the mask's legend.
pub const MASK_VISIBLE: &str = " = 1 (visible)  ";
pub const MASK_HIDDEN: &str = " = 0 (hidden)";

pub fn vector_cols(axis: &str, last: usize) -> String {
    format!("cols: {axis} 0..{last}")
}

pub fn vector_cols_none(axis: &str) -> String {
    format!("cols: {axis} (none)")
}

pub const NO_ROWS: &str = "(no rows)";

pub fn top_words_heading(vocab: usize, uniform: f32) -> String {
    format!("most probable next words at each position · uniform 1/{vocab} = {uniform:.3}")
}

// ---------------------------------------------------------------------------------------------
// softmax rows
// ---------------------------------------------------------------------------------------------

pub const MASKED_FILL_LABEL: &str = "masked_fill(-1e9), as the code does";

pub fn no_query_rows(run: &str) -> String {
    format!("{run}: no query rows")
}

pub fn no_row(run: &str, i: usize) -> String {
    format!("{run}: no row {i}")
}

pub const ROW_SUM: &str = "sum";
pub const MASKED: &str = "masked";
pub const QUERIES: &str = "queries:";
pub const LEGEND_MASKED: &str = " masked: weight exactly 0";
pub const LEGEND_LEAK: &str = " masked, yet weight > 0";
pub const NAN: &str = "NaN";
pub const LEGEND_NAN: &str = " not a number: the computation broke down";
pub const LEGEND_RELATIVE: &str = " weight relative to the row's largest";

// ---------------------------------------------------------------------------------------------
// residual and LayerNorm
// ---------------------------------------------------------------------------------------------

pub fn layernorm_caption(b: usize, d: usize) -> String {
    format!("batch {b} · per token, over its {d} features")
}

/// The table's column headings, longest first (the view takes the first that fits).
pub const LN_COL_X: &[&str] = &["x"];
pub const LN_COL_SUBLAYER: &[&str] = &["sublayer(x)", "sublayer", "sub(x)"];
pub const LN_COL_SUM: &[&str] = &["x+sublayer", "x+sub"];
pub const LN_COL_NORMED: &[&str] = &["LayerNorm x̂", "LN x̂", "x̂"];
pub const LN_COL_OUT: &[&str] = &["γ·x̂+β"];
pub const MEAN_STD: &str = "mean/std";

/// Labels of the two strips.
pub const LN_BEFORE: &str = "before";
pub const LN_AFTER: &str = "after";

pub fn strips_caption(features: usize) -> String {
    format!(" · {features} features: before = x+sublayer(x), after = x̂")
}

pub fn one_scale(range: &str) -> String {
    format!(", one scale ±{range}")
}

pub fn strip_min_max(min: &str, max: &str) -> String {
    format!(" min {min} max {max}")
}

pub const NOT_COMPUTED: &str = " not computed yet (press . to step)";

// ---------------------------------------------------------------------------------------------
// the training screen (`train` in a terminal)
// ---------------------------------------------------------------------------------------------

/// What stops the run, on every screen (Ctrl-C is SIGINT's key: like the signal, it writes nothing).
pub const TRAIN_STOP_HINT: &str = "q stop and save the weights trained so far · Ctrl-C stop, write nothing";

pub fn train_loss_title(every: usize) -> String {
    format!(" Training loss (mean of every {every} steps) ")
}

pub const TRAIN_STEP_ZERO: &str = "step 0";
pub const TRAIN_RUN_TITLE: &str = " Run ";
pub const TRAIN_STEP: &str = "step";
/// The loss row, and the name over the loss curve's y axis.
pub const TRAIN_LOSS: &str = "loss";
pub const TRAIN_LR: &str = "learning rate";
pub const TRAIN_SPEED: &str = "speed";
pub const TRAIN_ELAPSED: &str = "elapsed";
pub const TRAIN_TIME_LEFT: &str = "time left";
pub const TRAIN_GRAD_NORM: &str = "gradient norm";
pub const TRAIN_EXACT_MATCH: &str = "exact match";
pub const TRAIN_TOKEN_ACCURACY: &str = "token accuracy";

pub fn steps_per_sec(v: f64) -> String {
    format!("{v:.1} steps/s")
}

pub fn heldout_at(step: usize) -> String {
    format!("held-out, at step {step}")
}

pub fn heldout_every(steps: usize) -> String {
    format!("held-out (every {steps} steps)")
}

/// `count` already grouped in thousands.
pub fn train_parameters(count: &str) -> String {
    format!("{count} parameters")
}

pub fn train_batch_seed(batch: usize, seed: u64) -> String {
    format!("batch {batch} pairs, seed {seed}")
}

pub const TRAIN_ATTENTION_TITLE: &str = " Cross-attention ";
pub const TRAIN_ATTENTION_PENDING: &str = "computing the attention of 我有一只猫 → I have a cat …";

pub fn train_attention_title(src: &str, reference: &str) -> String {
    format!(" Cross-attention of {src} → {reference} ")
}

pub fn train_attention_title_wide(src: &str, reference: &str, layer: usize, heads: usize) -> String {
    format!(" Cross-attention of {src} → {reference} (dec.{layer}.cross_attn.weights, mean of {heads} heads) ")
}

pub const TRAIN_NOTHING_YET: &str = "(nothing yet)";
pub const TRAIN_MODEL_SAYS_WIDE: &str = "the model now says  ";
pub const TRAIN_REFERENCE_SAYS_WIDE: &str = "the reference says  ";

/// How to read the grid; `last` is the decoder input's last token (`<eos>`).
pub fn train_attention_how_to_read(last: &str) -> String {
    format!(
        "Rows: the decoder's input → the word it writes next; columns: the characters it reads; \
highlighted: each row's largest weight. The {last} row writes nothing (training never asks it to)."
    )
}

pub const TRAIN_ATTENTION_LEARNS: &str =
    "At first every row reads all the characters alike; as the model learns, the row writing cat reads 猫.";
pub const TRAIN_MODEL_SAYS: &str = "the model now says:";
pub const TRAIN_REFERENCE: &str = "the reference:";
pub const TRAIN_KEY_ROWS: &str = "rows: input → next word";
pub const TRAIN_KEY_COLUMNS: &str = "columns: characters read";
pub const TRAIN_KEY_HIGHLIGHT: &str = "highlight: row's largest";

pub fn training_continues(step: usize, total: usize, loss: Option<f64>) -> String {
    match loss {
        Some(loss) => format!("Training continues: step {step} / {total}, loss {loss:.3}."),
        None => format!("Training continues: step {step} / {total}."),
    }
}

/// The training screen on a terminal too small for it: size, progress, and the footer's text.
pub fn train_too_small(
    width: u16,
    height: u16,
    min_width: u16,
    min_height: u16,
    progress: &str,
    footer: &str,
) -> String {
    format!(
        "The terminal is {width}x{height}.\nPlease enlarge the terminal to at least {min_width}x{min_height} to watch the training.\n{progress}\n{footer}"
    )
}

pub fn train_finishing(out: &str) -> String {
    format!("evaluating the held-out pairs and writing {out} …")
}

pub fn train_finished(out: &str) -> String {
    format!("finished; wrote {out}. Press any key to close")
}

// ---------------------------------------------------------------------------------------------
// what-if variants and the notes' mistakes
// ---------------------------------------------------------------------------------------------

use crate::explore::Variant;

/// What a variant changes, in a few words.
pub fn variant_title(v: Variant) -> &'static str {
    match v {
        Variant::NoScale => "no 1/√d_k: scores = q·kᵀ unscaled",
        Variant::NoCausalMask => "no causal mask in the decoder",
        Variant::MinusInfinity => "-inf instead of -1e9, with note 000's q & k padding mask",
        Variant::MaskOff => "no mask at all",
        Variant::MultipliedMask => "scores × mask, as note 001 §5.1 says",
        Variant::PreLn => "pre-LN: x + sublayer(LayerNorm(x)), same weights",
        Variant::NoNorm => "no LayerNorm",
        Variant::NoResidual => "no residual connections",
        Variant::DroppedNorm => "note 000: the encoder's first Add & Norm thrown away",
        Variant::DecoderWithoutCross => "note 000: decoder layers built from EncoderLayer",
        Variant::RepeatLenK => "note 000: k mask repeated len_k times, not len_q",
        Variant::FfnResidualBeforeCross => "note 004: FFN residual from before cross-attention",
        Variant::TgtMaskNoPadding => "note 002: target mask without its padding part",
        Variant::Eps1e10 => "note 000: LayerNorm eps = 1e-10",
        Variant::ForwardInInit => "note 000: forward indented inside __init__",
    }
}

/// The softmax view's label for a variant's rows.
pub fn variant_label(v: Variant) -> String {
    format!("what if: {}", variant_title(v))
}

pub fn what_if_on(title: &str) -> String {
    format!("what if: {title} (v: next, V: previous)")
}

pub const WHAT_IF_OFF: &str = "what-if off: the model as taught";
pub const AS_TAUGHT: &str = "as taught";
pub const WHAT_IF: &str = "what if";

pub fn what_if_pane_title(v: Variant) -> String {
    format!("what if: {} · v/V", variant_title(v))
}

pub fn forked_at(kept: usize, first: &str, recomputed: usize) -> String {
    format!("forked at op {kept} `{first}`: {kept} tensors before it kept, {recomputed} computed anew")
}

pub fn cannot_run(message: &str) -> String {
    format!("this variant cannot run: {message}")
}

pub fn before_the_fork(name: &str, kept: usize) -> String {
    format!(
        "`{name}` comes before the fork at op {kept}: the variant kept this very tensor (step on with . to where they differ)"
    )
}

pub fn variant_has_no_op(name: &str) -> String {
    format!("this variant has no `{name}`")
}

pub fn sharper(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    format!(
        "{name}: mean row max {:.3} → {:.3}, entropy {:.3} → {:.3} nats ({} without 1/√d_k)",
        a.0,
        b.0,
        a.1,
        b.1,
        if b.1 < a.1 { "sharper" } else { "not sharper" }
    )
}

pub fn hidden_weight(name: &str, taught: f32, variant: f32) -> String {
    format!("{name}: weight per row on keys the taught mask hides {taught:.3} → {variant:.3}")
}

/// `3 of 14 predictions change: row 0 pos 2 a → cat, ...`
pub fn predictions_changed(changed: &[(String, String, usize, usize)], total: usize) -> String {
    if changed.is_empty() {
        return format!("predictions: all {total} the same");
    }
    let shown: Vec<String> =
        changed.iter().take(3).map(|(a, b, row, pos)| format!("row {row} pos {pos} {a} → {b}")).collect();
    let more = if changed.len() > 3 { ", …" } else { "" };
    format!("{} of {total} predictions change: {}{more}", changed.len(), shown.join(", "))
}

pub fn nan_spread(
    first: &str,
    first_nan: usize,
    first_len: usize,
    ops: usize,
    probs_nan: usize,
    probs_len: usize,
) -> String {
    format!(
        "NaN first in {first} ({first_nan} of {first_len}); {ops} ops hold NaN; probs: {probs_nan} of {probs_len} NaN"
    )
}

pub const NO_NAN: &str = "no NaN anywhere: no query row is fully masked here";

pub fn drift_line(label: &str, stats: &[(String, f32)]) -> String {
    let parts: Vec<String> = stats.iter().map(|(layer, v)| format!("{layer} {v:.2}")).collect();
    format!("{label}: {}", parts.join(" · "))
}

pub const DRIFT_STD_TAUGHT: &str = "per-token std, taught";
pub const DRIFT_STD_VARIANT: &str = "per-token std, variant";

pub fn max_difference(name: &str, d: f32) -> String {
    if d >= 1e-3 { format!("{name}: largest difference {d:.3}") } else { format!("{name}: largest difference {d:.2e}") }
}

pub fn source_blind(variant: f32, taught: f32) -> String {
    format!("every source character → <unk>: probs move by at most {variant:.3} here, {taught:.3} in the taught model")
}

pub fn pad_rows_only(real: f32, pad: f32) -> String {
    format!("dec.0.self_attn.weights: real query rows differ by {real:.3}, <pad> query rows by {pad:.3}")
}

// ---------------------------------------------------------------------------------------------
// where a number comes from (cell derivations)
// ---------------------------------------------------------------------------------------------

fn index_text(at: &[usize]) -> String {
    at.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
}

/// A number as the derivation prints it: 4 decimals, or `1.2e-7` style when tiny or huge.
fn num(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let a = v.abs();
    if a != 0.0 && !(1e-4..1e5).contains(&a) { format!("{v:.3e}") } else { format!("{v:.4}") }
}

pub fn derive_heading(name: &str, at: &[usize], value: f32) -> String {
    format!("{name}[{}] = {}", index_text(at), num(value as f64))
}

pub const DERIVE_GIVEN: &str = "given to the run as its input";
pub const DERIVE_ONES: &str = "a mask of ones: this what-if hides nothing here";

pub fn derive_table_row(word: &str, id: usize, table: &str, col: usize, v: f64) -> String {
    format!("token `{word}` has id {id}: row {id} of {table}, column {col} = {}", num(v))
}

pub fn derive_sinusoid(pos: usize, pair: usize, d: usize, cos: bool, angle: f64, v: f64) -> String {
    let f = if cos { "cos" } else { "sin" };
    format!("{f}({pos} / 10000^({pair}/{d})) = {f}({}) = {}", num(angle), num(v))
}

pub fn derive_sum(terms: &[(String, f64)]) -> String {
    let parts: Vec<String> = terms.iter().map(|(name, v)| format!("{name} {}", num(*v))).collect();
    format!("{} = {}", parts.join(" + "), num(terms.iter().map(|t| t.1).sum()))
}

pub fn derive_pad_flag(side: Side, position: usize, id: usize, pad: usize) -> String {
    let side = side.prefix();
    let verdict = if id == pad { "is <pad>: 0" } else { "is not <pad>: 1" };
    format!("{side}_ids[{position}] = {id}, which {verdict}")
}

pub fn derive_causal(query: usize, key: usize) -> String {
    let verdict = if key <= query { "key ≤ query: 1 (visible)" } else { "key > query, the future: 0 (hidden)" };
    format!("query {query}, key {key}: {verdict}")
}

pub fn derive_and(a_name: &str, a: f32, b_name: &str, b: f32) -> String {
    format!("{a_name} {a} AND {b_name} {b} = {}", f32::from(a != 0.0 && b != 0.0))
}

/// `Σ a·b over n terms`: the largest products listed one per line, the rest summed.
pub fn derive_dot(a_name: &str, b_name: &str, products: &[(f64, f64)], listed: usize) -> Vec<String> {
    let mut order: Vec<usize> = (0..products.len()).collect();
    order.sort_by(|&i, &j| (products[j].0 * products[j].1).abs().total_cmp(&(products[i].0 * products[i].1).abs()));
    let mut lines = vec![format!("Σ over {} terms of {a_name} × {b_name}:", products.len())];
    for &i in order.iter().take(listed) {
        let (a, b) = products[i];
        lines.push(format!("  [{i:>2}] {} × {} = {}", num(a), num(b), num(a * b)));
    }
    if products.len() > listed {
        let rest: f64 = order[listed..].iter().map(|&i| products[i].0 * products[i].1).sum();
        lines.push(format!("  the other {} products sum to {}", products.len() - listed, num(rest)));
    }
    lines.push(format!("  sum = {}", num(products.iter().map(|(a, b)| a * b).sum())));
    lines
}

pub fn derive_bias(out: usize, bias: f64) -> String {
    format!("+ bias[{out}] {}", num(bias))
}

pub fn derive_split(input: &str, b: usize, t: usize, feature: usize, head: usize, dk: usize) -> String {
    format!("{input}[{b}, {t}, {feature}]: head {head} holds features {}..{}", head * dk, head * dk + dk - 1)
}

pub fn derive_merge(input: &str, b: usize, head: usize, t: usize, c: usize) -> String {
    format!("{input}[{b}, {head}, {t}, {c}]: head {head}'s feature {c}")
}

pub fn derive_scale(input: &str, x: f64, dk: usize) -> String {
    format!("{input} {} / √{dk} ({}) = {}", num(x), num((dk as f64).sqrt()), num(x / (dk as f64).sqrt()))
}

pub fn derive_mask_fill(mask: &str, m: f32, score: f64, multiply: bool, v: f64) -> String {
    if multiply {
        format!("score {} × {mask} {m} = {}", num(score), num(v))
    } else if m == 0.0 {
        format!("{mask} is 0 here: the score {} is replaced by {}", num(score), num(v))
    } else {
        format!("{mask} is 1 here: the score {} passes", num(score))
    }
}

pub fn derive_softmax(input: &str, x: f64, max: f64, mine: f64, sum: f64, n: usize) -> Vec<String> {
    vec![
        format!("this cell of {input} is {}; its row's max is {}", num(x), num(max)),
        format!("exp({} − {}) = {}", num(x), num(max), num(mine)),
        format!("Σ over the row's {n} cells of exp(x − max) = {}", num(sum)),
        format!("{} / {} = {}", num(mine), num(sum), num(mine / sum)),
    ]
}

pub fn derive_relu(input: &str, x: f64) -> String {
    format!("max(0, {input} {}) = {}", num(x), num(x.max(0.0)))
}

pub fn derive_normalize(input: &str, x: f64, mean: f64, var: f64, eps: f64, d: usize) -> String {
    format!(
        "this token's {d} features of {input}: μ = {}, σ² = {} ; ({} − μ) / √(σ² + {eps:.0e}) = {}",
        num(mean),
        num(var),
        num(x),
        num((x - mean) / (var + eps).sqrt())
    )
}

pub fn derive_scale_shift(input: &str, hat: f64, gamma: f64, beta: f64, j: usize) -> String {
    format!("γ[{j}] {} × {input} {} + β[{j}] {} = {}", num(gamma), num(hat), num(beta), num(gamma * hat + beta))
}

pub fn derive_identity(input: &str) -> String {
    format!("the same tensor as {input}, under this name")
}

pub fn derive_result(derived: f64, engine: f32) -> String {
    format!("recomputed {} · engine {}", num(derived), num(engine as f64))
}

pub const CELL_MODE_ON: &str = "cell mode: ←↑↓→ pick a number · [ ] head · b batch · c or Esc leaves";
pub const CELL_MODE_OFF: &str = "cell mode off";
pub const NO_CELLS: &str = "this tensor has no grid of numbers to pick from";

pub fn cell_title(name: &str, shape: &str) -> String {
    format!(" where does this number come from? · {name} {shape} ")
}

pub fn cell_columns(first: usize, last: usize, of: usize) -> String {
    format!(" · columns {first}–{last} of {of}")
}

pub const STATUS_HINT_CELL: &str = "←↑↓→ cell  [/] head  b batch  c/Esc leave";

/// The layernorm view's x column when a what-if has no residual connection.
pub const NO_RESIDUAL: &str = "(no residual)";

/// The weight row a Linear output's column reads: `W[9, :]`.
pub fn weight_row(out: usize) -> String {
    format!("W[{out}, :]")
}

pub const TEMPERATURE_ONLY_DECODE: &str = "t changes how a decode view picks words (the output lesson's last beats)";

pub fn decoding_status(temperature: Option<f32>) -> String {
    match temperature {
        None => "decoding: greedy, the most probable word each step".into(),
        Some(t) => format!("decoding: sampled from softmax(logits / {t}), seed 0 (t: next)"),
    }
}

/// Above a sampled decode view: how this step was chosen, and the whole sentence both ways.
pub fn sampled_heading(temperature: f32, sampled: &str, greedy: &str) -> String {
    format!("sampled at T = {temperature}, seed 0: {sampled}  ·  greedy: {greedy}")
}

pub const TEMPERED_NOTE: &str = "the bars: softmax(logits / T), the distribution this step drew from";

// ---------------------------------------------------------------------------------------------
// `translate` (printed, not drawn)
// ---------------------------------------------------------------------------------------------

/// Before the greedy translation's words, each with its probability.
pub const TRANSLATE_GREEDY: &str = "each word with its probability: ";

/// Before a sampled translation's words, each with the probability it was drawn at.
pub fn translate_sampled(temperature: f32, seed: u64) -> String {
    format!("sampled at temperature {temperature}, seed {seed}: ")
}

/// Characters of the sentence that the training corpus does not have.
pub fn translate_unknown(characters: &[String]) -> String {
    let list: Vec<String> = characters.iter().map(|c| format!("`{c}`")).collect();
    match characters.len() {
        1 => format!("{} is not in the training corpus (it became <unk>)", list[0]),
        _ => format!("{} are not in the training corpus (they became <unk>)", list.join(", ")),
    }
}

pub const TRANSLATE_NO_PATTERN: &str = "this sentence is none of the training corpus's patterns";

/// The one line `translate` adds when the sentence is outside what the model was trained on.
pub fn translate_outside_corpus(reason: &str, characters: usize, patterns: usize) -> String {
    format!(
        "{reason}; the model knows only that corpus, {characters} source characters in {patterns} sentence patterns \
(`transformer-tutor corpus` lists them), so this translation is a guess"
    )
}

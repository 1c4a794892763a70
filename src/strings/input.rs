//! What the learner typed (sentences, ids): why it cannot run, and the words that became `<unk>`
//! (`setup`).

use crate::lang::{Text, message, message_with};

pub const SIDE_SOURCE: Text = Text::id("side-source");
pub const SIDE_TARGET: Text = Text::id("side-target");

/// `source ids: …`
pub fn bad_ids(side: &str, message: &str) -> String {
    message_with("bad-ids", &[("side", &side), ("message", &message)])
}

/// `source: …`
pub fn side_error(side: &str, err: impl std::fmt::Display) -> String {
    message_with("side-error", &[("side", &side), ("err", &err)])
}

pub fn rows_differ(src_rows: usize, tgt_rows: usize) -> String {
    message_with("rows-differ", &[("src_rows", &src_rows), ("tgt_rows", &tgt_rows)])
}

/// One word (or character, `by_char`) that became `<unk>`, `word` already escaped.
pub fn unknown_word(side: &str, by_char: bool, row: usize, position: usize, word: &str) -> String {
    let id = if by_char { "unknown-character-became-unk" } else { "unknown-word-became-unk" };
    message_with(id, &[("side", &side), ("row", &row), ("position", &position), ("word", &word)])
}

pub fn id_past_embedding(word: &str, id: usize, vocab_size: usize) -> String {
    message_with("id-past-embedding", &[("word", &word), ("id", &id), ("vocab_size", &vocab_size)])
}

pub fn id_far_too_large(vocab_size: usize) -> String {
    message_with("id-far-too-large", &[("vocab_size", &vocab_size)])
}

pub const NOT_AN_ID: Text = Text::id("not-an-id");

pub fn bad_id_piece(piece: &str, row: usize, what: &str) -> String {
    message_with("bad-id-piece", &[("piece", &piece), ("row", &row), ("what", &what)])
}

pub fn id_outside_vocabulary(id: usize, row: usize, vocab_size: usize) -> String {
    message_with("id-outside-vocabulary", &[("id", &id), ("row", &row), ("vocab_size", &vocab_size)])
}

pub const NO_IDS: Text = Text::id("no-ids");
pub const SENTENCE_IS_EMPTY: Text = Text::id("sentence-is-empty");

/// `--src-ids 1,,2`: an empty place between commas (row is 1-based).
pub fn empty_id_piece(row: usize) -> String {
    message_with("empty-id-piece", &[("row", &row)])
}

/// Which batch row a message is about: `row 2 of 3` (zh `3 行中的第 2 行`), or message `alone`
/// (`the sentence`, `it`) when there is only one.
fn which_row(row: usize, rows: usize, alone: &str) -> String {
    if rows == 1 {
        message(alone).to_string()
    } else {
        message_with("which-row-of-rows", &[("row", &row), ("rows", &rows)])
    }
}

/// A row of nothing but `<pad>` (row 1-based, of `rows`; `pad` the model's `<pad>` id).
pub fn only_padding(row: usize, rows: usize, ids: bool, pad: usize) -> String {
    let which = which_row(row, rows, "which-row-alone-the-sentence");
    let give = if ids {
        message_with("only-padding-give-an-id", &[("pad", &pad)])
    } else {
        message("only-padding-give-a-word").to_string()
    };
    message_with("only-padding", &[("which", &which), ("give", &give)])
}

/// A target row whose first token is `<pad>` (row 1-based, of `rows`).
pub fn target_starts_with_pad(row: usize, rows: usize, ids: bool) -> String {
    let which = which_row(row, rows, "which-row-alone-it");
    let begin = match ids {
        false => message("target-begin-with-a-word").to_string(),
        true => message_with("target-begin-with-an-id", &[("bos", &crate::model::vocab::BOS_ID)]),
    };
    message_with("target-starts-with-pad", &[("which", &which), ("begin", &begin)])
}

pub fn empty_row(row: usize, rows: usize) -> String {
    message_with("empty-row", &[("row", &row), ("rows", &rows)])
}
pub const BUILT_IN_WEIGHTS: Text = Text::id("built-in-weights");

/// More `;` rows than a run takes (`cap` is `setup::MAX_BATCH_ROWS`).
pub fn too_many_rows(rows: usize, cap: usize) -> String {
    message_with("too-many-rows", &[("rows", &rows), ("cap", &cap)])
}

/// More tokens over all rows than a run takes (`cap` is `setup::MAX_TOKENS`).
pub fn too_many_tokens(tokens: usize, cap: usize) -> String {
    message_with("too-many-tokens", &[("tokens", &tokens), ("cap", &cap)])
}

/// A run refused before it started (`model::budget`): what it would take, and its largest part.
pub fn over_budget(o: &crate::model::budget::OverBudget) -> String {
    use crate::model::budget::Part;
    let part = message(match o.largest.part {
        Part::Logits => "budget-part-logits",
        Part::AttentionMaps => "budget-part-attention-maps",
        Part::Vectors => "budget-part-vectors",
    });
    let shape: Vec<String> = o.largest.shape.iter().map(usize::to_string).collect();
    let largest = message_with(
        "budget-largest",
        &[
            ("part", &part),
            ("tensors", &o.largest.tensors),
            ("shape", &shape.join(" × ")),
            ("bytes", &bytes_text(o.largest.bytes)),
        ],
    );
    let (total, budget) = (bytes_text(o.bytes), bytes_text(o.budget));
    match o.steps {
        0 => message_with("over-memory-budget", &[("total", &total), ("budget", &budget), ("largest", &largest)]),
        steps => message_with(
            "over-work-budget",
            &[("steps", &steps), ("total", &total), ("budget", &budget), ("largest", &largest)],
        ),
    }
}

/// `8.2 GB`, `350.0 MB`, `12.0 KB` (powers of 1000).
fn bytes_text(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        1_000_000_000.. => format!("{:.1} GB", b / 1e9),
        1_000_000.. => format!("{:.1} MB", b / 1e6),
        _ => format!("{:.1} KB", b / 1e3),
    }
}

//! What the learner typed (sentences, ids): why it cannot run, and the words that became `<unk>`
//! (`setup`).

pub const SIDE_SOURCE: &str = "source";
pub const SIDE_TARGET: &str = "target";

/// `source ids: …`
pub fn bad_ids(side: &str, message: &str) -> String {
    format!("{side} ids: {message}")
}

/// `source: …`
pub fn side_error(side: &str, err: impl std::fmt::Display) -> String {
    format!("{side}: {err}")
}

pub fn rows_differ(src_rows: usize, tgt_rows: usize) -> String {
    format!(
        "the source has {src_rows} batch row(s) but the target has {tgt_rows}; give both the same number of `;`-separated rows"
    )
}

/// One word (or character, `by_char`) that became `<unk>`, `word` already escaped.
pub fn unknown_word(side: &str, by_char: bool, row: usize, position: usize, word: &str) -> String {
    let unit = if by_char { "character" } else { "word" };
    format!("{side} sentence {row}, {unit} {position}: `{word}` is not in the vocabulary; it became <unk>")
}

pub fn id_past_embedding(word: &str, id: usize, vocab_size: usize) -> String {
    format!("`{word}` has id {id}, but the model's embedding has only {vocab_size} rows (0..{vocab_size})")
}

pub fn id_far_too_large(vocab_size: usize) -> String {
    format!("is far too large for an id (the vocabulary has {vocab_size})")
}

pub const NOT_AN_ID: &str = "is not a non-negative integer";

pub fn bad_id_piece(piece: &str, row: usize, what: &str) -> String {
    format!("`{piece}` in row {row} {what}")
}

pub fn id_outside_vocabulary(id: usize, row: usize, vocab_size: usize) -> String {
    format!("id {id} in row {row} is outside the vocabulary (0..{vocab_size})")
}

pub const NO_IDS: &str = "no ids given";
pub const SENTENCE_IS_EMPTY: &str = "the sentence is empty";

pub fn empty_row(row: usize, rows: usize) -> String {
    format!(
        "row {row} of {rows} is empty (two `;` with nothing between them, or a `;` at the end); give every batch row some words, or remove the `;`"
    )
}
pub const BUILT_IN_WEIGHTS: &str = "the built-in weights";

//! What the learner typed (sentences, ids): why it cannot run, and the words that became `<unk>`
//! (`setup`).

use crate::lang::message_with;
use crate::lang::{Lang, Text, current};

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
    match current() {
        Lang::En => {
            let unit = if by_char { "character" } else { "word" };
            format!("{side} sentence {row}, {unit} {position}: `{word}` is not in the vocabulary; it became <unk>")
        }
        Lang::Zh => {
            let unit = if by_char { "字符" } else { "词" };
            format!("{side}第 {row} 行第 {position} 个{unit}：`{word}` 不在词表中，已变成 <unk>")
        }
    }
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

/// Which batch row a message is about: `row 2 of 3` (zh `3 行中的第 2 行`), or `alone` (en, zh)
/// when there is only one.
fn which_row(row: usize, rows: usize, alone: (&str, &str)) -> String {
    match (current(), rows) {
        (Lang::En, 1) => alone.0.to_string(),
        (Lang::En, _) => format!("row {row} of {rows}"),
        (Lang::Zh, 1) => alone.1.to_string(),
        (Lang::Zh, _) => format!("{rows} 行中的第 {row} 行"),
    }
}

/// A row of nothing but `<pad>` (row 1-based, of `rows`).
pub fn only_padding(row: usize, rows: usize, ids: bool) -> String {
    let which = which_row(row, rows, ("the sentence", "这个句子"));
    let give = match (current(), ids) {
        (Lang::En, false) => "give it at least one word",
        (Lang::En, true) => "give it at least one id other than 0 (<pad>)",
        (Lang::Zh, false) => "请至少写一个词",
        (Lang::Zh, true) => "请至少给一个不是 0（<pad>）的 id",
    };
    message_with("only-padding", &[("which", &which), ("give", &give)])
}

/// A target row whose first token is `<pad>` (row 1-based, of `rows`).
pub fn target_starts_with_pad(row: usize, rows: usize, ids: bool) -> String {
    let which = which_row(row, rows, ("it", "它"));
    let bos = crate::model::vocab::BOS_ID;
    let begin = match (current(), ids) {
        (Lang::En, false) => "begin it with a word (the model's targets begin with <bos>)".to_string(),
        (Lang::En, true) => {
            format!("begin it with an id other than 0 (the model's targets begin with <bos>, id {bos})")
        }
        (Lang::Zh, false) => "请以一个词开头（模型的目标句都以 <bos> 开头）".to_string(),
        (Lang::Zh, true) => format!("请以一个不是 0 的 id 开头（模型的目标句都以 <bos> 开头，它的 id 是 {bos}）"),
    };
    message_with("target-starts-with-pad", &[("which", &which), ("begin", &begin)])
}

pub fn empty_row(row: usize, rows: usize) -> String {
    message_with("empty-row", &[("row", &row), ("rows", &rows)])
}
pub const BUILT_IN_WEIGHTS: Text = Text::id("built-in-weights");

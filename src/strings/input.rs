//! What the learner typed (sentences, ids): why it cannot run, and the words that became `<unk>`
//! (`setup`).

use crate::lang::{Lang, Text, current};

pub const SIDE_SOURCE: Text = Text::new("source", "源句");
pub const SIDE_TARGET: Text = Text::new("target", "目标句");

/// `source ids: …`
pub fn bad_ids(side: &str, message: &str) -> String {
    match current() {
        Lang::En => format!("{side} ids: {message}"),
        Lang::Zh => format!("{side} ids：{message}"),
    }
}

/// `source: …`
pub fn side_error(side: &str, err: impl std::fmt::Display) -> String {
    match current() {
        Lang::En => format!("{side}: {err}"),
        Lang::Zh => format!("{side}：{err}"),
    }
}

pub fn rows_differ(src_rows: usize, tgt_rows: usize) -> String {
    match current() {
        Lang::En => format!(
            "the source has {src_rows} batch row(s) but the target has {tgt_rows}; give both the same number of `;`-separated rows"
        ),
        Lang::Zh => format!("源句有 {src_rows} 个批次行，目标句却有 {tgt_rows} 个；请让两边用 `;` 分隔的行数相同"),
    }
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
    match current() {
        Lang::En => {
            format!("`{word}` has id {id}, but the model's embedding has only {vocab_size} rows (0..{vocab_size})")
        }
        Lang::Zh => format!("`{word}` 的 id 是 {id}，但模型的词嵌入只有 {vocab_size} 行（0..{vocab_size}）"),
    }
}

pub fn id_far_too_large(vocab_size: usize) -> String {
    match current() {
        Lang::En => format!("is far too large for an id (the vocabulary has {vocab_size})"),
        Lang::Zh => format!("作为 id 太大了（词表只有 {vocab_size} 个词）"),
    }
}

pub const NOT_AN_ID: Text = Text::new("is not a non-negative integer", "不是非负整数");

pub fn bad_id_piece(piece: &str, row: usize, what: &str) -> String {
    match current() {
        Lang::En => format!("`{piece}` in row {row} {what}"),
        Lang::Zh => format!("第 {row} 行的 `{piece}` {what}"),
    }
}

pub fn id_outside_vocabulary(id: usize, row: usize, vocab_size: usize) -> String {
    match current() {
        Lang::En => format!("id {id} in row {row} is outside the vocabulary (0..{vocab_size})"),
        Lang::Zh => format!("第 {row} 行的 id {id} 超出了词表范围（0..{vocab_size}）"),
    }
}

pub const NO_IDS: Text = Text::new("no ids given", "没有给出 id");
pub const SENTENCE_IS_EMPTY: Text = Text::new("the sentence is empty", "句子是空的");

/// `--src-ids 1,,2`: an empty place between commas (row is 1-based).
pub fn empty_id_piece(row: usize) -> String {
    match current() {
        Lang::En => format!(
            "row {row} has a comma with no id beside it (as in `1,,2` or `1,2,`); give one id between each two commas"
        ),
        Lang::Zh => format!("第 {row} 行有一个逗号旁边没有 id（比如 `1,,2` 或 `1,2,`）；每两个逗号之间写一个 id"),
    }
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
    match current() {
        Lang::En => format!(
            "{which} holds only <pad>: the padding mask would hide every position of it, so attention would have nothing to read; {give}"
        ),
        Lang::Zh => format!("{which}只有 <pad>：填充掩码会把它的每个位置都遮住，注意力就无从读取；{give}"),
    }
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
    match current() {
        Lang::En => format!(
            "{which} begins with <pad>: under the causal mask its first position may read only itself, and the padding \
             mask hides that too, so it would have nothing to read; {begin}"
        ),
        Lang::Zh => format!(
            "{which}以 <pad> 开头，而因果掩码下第一个位置只能读它自己，填充掩码又把它遮住了，于是无从读取；{begin}"
        ),
    }
}

pub fn empty_row(row: usize, rows: usize) -> String {
    match current() {
        Lang::En => format!(
            "row {row} of {rows} is empty (two `;` with nothing between them, or a `;` at the end); give every batch row some words, or remove the `;`"
        ),
        Lang::Zh => format!(
            "{rows} 行中的第 {row} 行是空的（两个 `;` 之间没有内容，或末尾多了一个 `;`）；请给每个批次行写上词，或删掉这个 `;`"
        ),
    }
}
pub const BUILT_IN_WEIGHTS: Text = Text::new("the built-in weights", "内置权重");

//! Why a vocabulary was refused, and a sentence too long for the model (`model::vocab`'s keys
//! written out). A vocabulary's faults read in English in both languages, as its file format's
//! words (`tokenizer=char`) are.

use std::fmt;

use crate::lang::{Lang, current};
use crate::model::vocab::{SPECIALS, TokenFault, TooLong, VocabError};

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, len, max_len) = (self.row + 1, self.len, self.max_len);
        match current() {
            Lang::En => write!(f, "sentence {row} has {len} tokens, but the model's max_len is {max_len}; shorten it"),
            Lang::Zh => write!(f, "第 {row} 句有 {len} 个词元，而模型的 max_len 是 {max_len}；请把它缩短"),
        }
    }
}

impl fmt::Display for VocabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VocabError::NotUtf8(e) => write!(f, "not UTF-8 text: {e}"),
            VocabError::FirstLine(line) => {
                write!(f, "first line must be tokenizer=char or tokenizer=word, not {line:?}")
            }
            VocabError::Specials => write!(f, "the first four tokens must be {}", SPECIALS.join(" ")),
            // id `id` is on line id + 2: the tokenizer line comes first
            VocabError::Token { id, fault } => write!(
                f,
                "token {id} (line {}) {fault}; every token must be non-empty, without whitespace or control characters, and appear once",
                id + 2
            ),
        }
    }
}

impl fmt::Display for TokenFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenFault::Empty => f.write_str("is empty"),
            TokenFault::Control { token, c } => write!(f, "`{token}` holds the control character {c}"),
            TokenFault::Whitespace { token } => write!(f, "`{token}` holds whitespace, where the tokenizer splits"),
            TokenFault::Twice { token, first } => write!(f, "`{token}` is token {first} as well"),
        }
    }
}

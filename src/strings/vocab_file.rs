//! Why a vocabulary was refused, and a sentence too long for the model (`model::vocab`'s keys
//! written out). The file format's own words (`tokenizer=char`) read the same in both languages.

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
        let zh = current() == Lang::Zh;
        match self {
            VocabError::NotUtf8(e) if zh => write!(f, "不是 UTF-8 文本：{e}"),
            VocabError::NotUtf8(e) => write!(f, "not UTF-8 text: {e}"),
            VocabError::FirstLine(line) if zh => {
                write!(f, "第一行必须是 tokenizer=char 或 tokenizer=word，而不是 {line:?}")
            }
            VocabError::FirstLine(line) => {
                write!(f, "first line must be tokenizer=char or tokenizer=word, not {line:?}")
            }
            VocabError::Specials if zh => write!(f, "前四个词元必须是 {}", SPECIALS.join(" ")),
            VocabError::Specials => write!(f, "the first four tokens must be {}", SPECIALS.join(" ")),
            // id `id` is on line id + 2: the tokenizer line comes first
            VocabError::Token { id, fault } if zh => write!(
                f,
                "词元 {id}（第 {} 行）{fault}；每个词元都不能为空，不能含空白或控制字符，并且只能出现一次",
                id + 2
            ),
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
        match (self, current()) {
            (TokenFault::Empty, Lang::En) => f.write_str("is empty"),
            (TokenFault::Empty, Lang::Zh) => f.write_str("是空的"),
            (TokenFault::Control { token, c }, Lang::En) => write!(f, "`{token}` holds the control character {c}"),
            (TokenFault::Control { token, c }, Lang::Zh) => write!(f, "`{token}` 含有控制字符 {c}"),
            (TokenFault::Whitespace { token }, Lang::En) => {
                write!(f, "`{token}` holds whitespace, where the tokenizer splits")
            }
            (TokenFault::Whitespace { token }, Lang::Zh) => write!(f, "`{token}` 含有空白，而分词器正是在空白处切分"),
            (TokenFault::Twice { token, first }, Lang::En) => write!(f, "`{token}` is token {first} as well"),
            (TokenFault::Twice { token, first }, Lang::Zh) => write!(f, "`{token}` 也是词元 {first}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::with;

    #[test]
    fn a_vocabularys_faults_are_said_in_both_languages() {
        let fault = VocabError::Token { id: 7, fault: TokenFault::Twice { token: "猫".into(), first: 5 } };
        assert_eq!(
            with(Lang::En, || fault.to_string()),
            "token 7 (line 9) `猫` is token 5 as well; every token must be non-empty, without whitespace or control characters, and appear once"
        );
        assert_eq!(
            with(Lang::Zh, || fault.to_string()),
            "词元 7（第 9 行）`猫` 也是词元 5；每个词元都不能为空，不能含空白或控制字符，并且只能出现一次"
        );
        assert_eq!(with(Lang::Zh, || VocabError::Specials.to_string()), "前四个词元必须是 <pad> <unk> <bos> <eos>");
    }
}

//! Why a vocabulary was refused, and a sentence too long for the model (`model::vocab`'s keys
//! written out). The file format's own words (`tokenizer=char`) read the same in every language.

use std::fmt;

use crate::lang::{message, message_with};
use crate::model::vocab::{SPECIALS, TokenFault, TooLong, VocabError};

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, len, max_len) = (self.row + 1, self.len, self.max_len);
        f.write_str(&message_with("sentence-too-long", &[("row", &row), ("len", &len), ("max_len", &max_len)]))
    }
}

impl fmt::Display for VocabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            VocabError::NotUtf8(e) => message_with("vocab-not-utf8", &[("reason", e)]),
            VocabError::FirstLine(line) => message_with("vocab-first-line", &[("line", &format!("{line:?}"))]),
            VocabError::Specials => message_with("vocab-specials", &[("specials", &SPECIALS.join(" "))]),
            // id `id` is on line id + 2: the tokenizer line comes first
            VocabError::Token { id, fault } => {
                message_with("vocab-token", &[("id", id), ("line", &(id + 2)), ("fault", fault)])
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for TokenFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            TokenFault::Empty => message("vocab-token-empty").to_string(),
            TokenFault::Control { token, c } => message_with("vocab-token-control", &[("token", token), ("c", c)]),
            TokenFault::Whitespace { token } => message_with("vocab-token-whitespace", &[("token", token)]),
            TokenFault::Invisible { token } => message_with("vocab-token-invisible", &[("token", token)]),
            TokenFault::Twice { token, first } => {
                message_with("vocab-token-twice", &[("token", token), ("first", first)])
            }
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Lang, with};

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

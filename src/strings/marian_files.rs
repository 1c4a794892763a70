//! Why a MarianMT model's tokenizer files were refused (`model::marian::tokenizer`'s keys written
//! out). File names (`source.spm`), JSON keys (`separate_vocabs`) and tokens (`</s>`) read the
//! same in every language; a piece from a file is shown with its control characters escaped.

use std::fmt;

use crate::lang::{Text, message, message_with};
use crate::model::marian::tokenizer::{ConfigWant, MarianFile, SpmFault, TokenizerError};
use crate::text::escape_controls;

/// What each file is for, as a refusal says.
fn purpose(file: MarianFile) -> Text {
    match file {
        MarianFile::SourceSpm => Text::id("purpose-the-sentencepiece-model-that"),
        MarianFile::TargetSpm => Text::id("purpose-the-sentencepiece-model-of"),
        MarianFile::VocabJson => Text::id("purpose-the-list-of-every"),
        MarianFile::TokenizerConfig => Text::id("purpose-the-tokenizer-s-settings"),
    }
}

impl fmt::Display for MarianFile {
    /// `source.spm (the SentencePiece model that …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, purpose) = (self.file_name(), purpose(*self));
        f.write_str(&message_with("marian-file", &[("name", &name), ("purpose", &purpose)]))
    }
}

impl fmt::Display for TokenizerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let again = message("marian-download-again");
        let said = |text: &str| escape_controls(text, false);
        let text = match self {
            TokenizerError::Missing { file, dir } => message_with("tokenizer-missing", &[("dir", dir), ("file", file)]),
            TokenizerError::Unread { file, path, reason } => {
                message_with("tokenizer-unread", &[("file", file), ("path", path), ("reason", reason)])
            }
            TokenizerError::SpmNotParsed { file, reason } => {
                message_with("tokenizer-spm-not-parsed", &[("file", file), ("reason", reason), ("again", &again)])
            }
            TokenizerError::Spm { file, fault } => {
                message_with("tokenizer-spm", &[("file", file), ("fault", fault), ("again", &again)])
            }
            TokenizerError::NotJson { file, reason } => {
                message_with("tokenizer-not-json", &[("file", file), ("reason", reason), ("again", &again)])
            }
            TokenizerError::NotObject { file } => {
                message_with("tokenizer-not-object", &[("file", file), ("again", &again)])
            }
            TokenizerError::VocabTooLarge { most } => message_with("tokenizer-vocab-too-large", &[("most", most)]),
            TokenizerError::VocabNotId { piece, value } => message_with(
                "tokenizer-vocab-not-id",
                &[("piece", &said(piece)), ("value", &said(value)), ("again", &again)],
            ),
            TokenizerError::VocabIdOutOfRange { piece, id, len } => message_with(
                "tokenizer-vocab-id-out-of-range",
                &[
                    ("piece", &said(piece)),
                    ("id", id),
                    ("len", len),
                    ("last", &len.saturating_sub(1)),
                    ("again", &again),
                ],
            ),
            TokenizerError::VocabDuplicateId { id, first, second } => message_with(
                "tokenizer-vocab-duplicate-id",
                &[("id", id), ("first", &said(first)), ("second", &said(second)), ("again", &again)],
            ),
            TokenizerError::VocabMissingSpecial { token } => {
                message_with("tokenizer-vocab-missing-special", &[("token", &said(token)), ("again", &again)])
            }
            TokenizerError::ConfigValue { key, want } => {
                message_with("tokenizer-config-value", &[("key", &said(key)), ("want", &config_want(*want))])
            }
            TokenizerError::ConfigAddedToken { id, config, vocab: Some(v) } => message_with(
                "tokenizer-added-token-differs",
                &[("id", &said(id)), ("config", &said(config)), ("vocab", &said(v))],
            ),
            TokenizerError::ConfigAddedToken { id, config, vocab: None } => {
                message_with("tokenizer-added-token-missing", &[("id", &said(id)), ("config", &said(config))])
            }
            TokenizerError::SeparateVocabs => message("tokenizer-separate-vocabs").to_string(),
        };
        f.write_str(&text)
    }
}

/// What a tokenizer_config.json key must hold, as a refusal says.
fn config_want(want: ConfigWant) -> &'static str {
    message(match want {
        ConfigWant::Bool => "tokenizer-want-bool",
        ConfigWant::Token => "tokenizer-want-token",
        ConfigWant::Tokens => "tokenizer-want-tokens",
        ConfigWant::AddedTokens => "tokenizer-want-added-tokens",
    })
}

impl fmt::Display for SpmFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            SpmFault::NotUnigram { model_type } => message_with("spm-not-unigram", &[("model_type", model_type)]),
            SpmFault::NoPieces => message("spm-no-pieces").to_string(),
            SpmFault::EmptyPiece { id } => message_with("spm-empty-piece", &[("id", id)]),
            SpmFault::DuplicatePiece { id, first, piece } => message_with(
                "spm-duplicate-piece",
                &[("id", id), ("piece", &escape_controls(piece, false)), ("first", first)],
            ),
            SpmFault::NoUnknown => message("spm-no-unknown").to_string(),
            SpmFault::TwoUnknowns { first, second } => {
                message_with("spm-two-unknowns", &[("first", first), ("second", second)])
            }
            SpmFault::BrokenCharsmap => message("spm-broken-charsmap").to_string(),
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Lang, with};

    #[test]
    fn a_missing_file_is_named_with_what_it_is_for() {
        let e = TokenizerError::Missing { file: MarianFile::VocabJson, dir: "opus".into() };
        assert_eq!(
            with(Lang::En, || e.to_string()),
            "the model folder opus has no vocab.json (the list of every piece's id, as the model was trained); download it from the model's Hugging Face page into that folder, next to config.json"
        );
        assert_eq!(
            with(Lang::Zh, || e.to_string()),
            "模型文件夹 opus 里没有 vocab.json（列出每个词块在模型训练时所用编号的词表）；请从该模型的 Hugging Face 页面下载它，放在 config.json 旁边"
        );
    }

    #[test]
    fn a_pieces_control_characters_are_escaped() {
        let e = TokenizerError::VocabDuplicateId { id: 3, first: "a\u{1b}".into(), second: "b".into() };
        assert!(with(Lang::En, || e.to_string()).contains("`a\\x1b` and `b`"));
        let e = TokenizerError::Spm { file: MarianFile::SourceSpm, fault: SpmFault::NoUnknown };
        assert!(
            with(Lang::Zh, || e.to_string())
                .starts_with("source.spm（把源语言句子切成词块的 SentencePiece 模型）：没有未知词块")
        );
    }
}

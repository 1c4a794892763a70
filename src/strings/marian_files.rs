//! Why a MarianMT model's tokenizer files were refused (`model::marian::tokenizer`'s keys written
//! out). File names (`source.spm`), JSON keys (`separate_vocabs`) and tokens (`</s>`) read the
//! same in both languages; a piece from a file is shown with its control characters escaped.

use std::fmt;

use crate::lang::{Lang, Text, current};
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
        match current() {
            Lang::En => write!(f, "{name} ({})", purpose.get_in(Lang::En)),
            Lang::Zh => write!(f, "{name}（{}）", purpose.get_in(Lang::Zh)),
        }
    }
}

impl fmt::Display for TokenizerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current() {
            Lang::En => error_en(self, f),
            Lang::Zh => error_zh(self, f),
        }
    }
}

fn error_en(e: &TokenizerError, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let again = "download it again from the model's Hugging Face page";
    match e {
        TokenizerError::Missing { file, dir } => write!(
            f,
            "the model folder {dir} has no {file}; download it from the model's Hugging Face page into that folder, next to config.json"
        ),
        TokenizerError::Unread { file, path, reason } => write!(f, "{file} {path}: {reason}"),
        TokenizerError::SpmNotParsed { file, reason } => {
            write!(f, "{file} is not a SentencePiece model ({reason}); it is damaged or another file: {again}")
        }
        TokenizerError::Spm { file, fault } => write!(f, "{file}: {fault}; {again}"),
        TokenizerError::NotJson { file, reason } => write!(f, "{file} is not valid JSON ({reason}); {again}"),
        TokenizerError::NotObject { file } => write!(f, "{file} must be one JSON object {{…}}, and it is not; {again}"),
        TokenizerError::VocabTooLarge { most } => write!(
            f,
            "vocab.json holds more than {most} pieces, far more than a translation model's vocabulary (opus-mt's has 65001); it was not read"
        ),
        TokenizerError::VocabNotId { piece, value } => {
            let (piece, value) = (escape_controls(piece, false), escape_controls(value, false));
            write!(f, "vocab.json gives the piece `{piece}` the value {value}, not an id (a whole number from 0); {again}")
        }
        TokenizerError::VocabIdOutOfRange { piece, id, len } => write!(
            f,
            "vocab.json gives the piece `{}` the id {id}, but holds {len} pieces: the ids must run from 0 to {}, each used once; {again}",
            escape_controls(piece, false),
            len.saturating_sub(1)
        ),
        TokenizerError::VocabDuplicateId { id, first, second } => write!(
            f,
            "vocab.json gives the id {id} to both `{}` and `{}`; each id belongs to one piece; {again}",
            escape_controls(first, false),
            escape_controls(second, false)
        ),
        TokenizerError::VocabMissingSpecial { token } => write!(
            f,
            "vocab.json has no `{}`, a special token the model needs (`</s>` ends every sentence, `<unk>` stands for an unknown piece, `<pad>` starts every translation); {again}",
            escape_controls(token, false)
        ),
        TokenizerError::ConfigValue { key, want } => {
            write!(f, "tokenizer_config.json's `{}` must be {}", escape_controls(key, false), want_en(*want))
        }
        TokenizerError::ConfigAddedToken { id, config, vocab } => {
            let (id, config) = (escape_controls(id, false), escape_controls(config, false));
            match vocab {
                Some(v) => write!(
                    f,
                    "tokenizer_config.json says token {id} is `{config}`, but vocab.json's token {id} is `{}`; the two files come from different models",
                    escape_controls(v, false)
                ),
                None => write!(
                    f,
                    "tokenizer_config.json names token {id} (`{config}`), which vocab.json does not have; the two files come from different models"
                ),
            }
        }
        TokenizerError::SeparateVocabs => f.write_str(
            "tokenizer_config.json sets separate_vocabs: this model has a vocabulary for each language, which this program does not load (the opus-mt models share one vocab.json)",
        ),
    }
}

fn error_zh(e: &TokenizerError, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let again = "请从该模型的 Hugging Face 页面重新下载";
    match e {
        TokenizerError::Missing { file, dir } => {
            write!(f, "模型文件夹 {dir} 里没有 {file}；请从该模型的 Hugging Face 页面下载它，放在 config.json 旁边")
        }
        TokenizerError::Unread { file, path, reason } => write!(f, "{file} {path}：{reason}"),
        TokenizerError::SpmNotParsed { file, reason } => {
            write!(f, "{file} 不是 SentencePiece 模型（{reason}）；文件已损坏或是别的文件，{again}")
        }
        TokenizerError::Spm { file, fault } => write!(f, "{file}：{fault}；{again}"),
        TokenizerError::NotJson { file, reason } => write!(f, "{file} 不是有效的 JSON（{reason}）；{again}"),
        TokenizerError::NotObject { file } => write!(f, "{file} 必须是一个 JSON 对象 {{…}}，但它不是；{again}"),
        TokenizerError::VocabTooLarge { most } => write!(
            f,
            "vocab.json 里的词块超过 {most} 个，远多于翻译模型的词表（opus-mt 的有 65001 个）；没有读取"
        ),
        TokenizerError::VocabNotId { piece, value } => {
            let (piece, value) = (escape_controls(piece, false), escape_controls(value, false));
            write!(f, "vocab.json 给词块 `{piece}` 的值是 {value}，不是编号（从 0 起的整数）；{again}")
        }
        TokenizerError::VocabIdOutOfRange { piece, id, len } => write!(
            f,
            "vocab.json 给词块 `{}` 的编号是 {id}，但它只有 {len} 个词块：编号必须从 0 到 {}，每个只用一次；{again}",
            escape_controls(piece, false),
            len.saturating_sub(1)
        ),
        TokenizerError::VocabDuplicateId { id, first, second } => write!(
            f,
            "vocab.json 把编号 {id} 同时给了 `{}` 和 `{}`；每个编号只属于一个词块；{again}",
            escape_controls(first, false),
            escape_controls(second, false)
        ),
        TokenizerError::VocabMissingSpecial { token } => write!(
            f,
            "vocab.json 里没有 `{}`，这是模型需要的特殊词元（`</s>` 结束每个句子，`<unk>` 代表未知词块，`<pad>` 开始每个译文）；{again}",
            escape_controls(token, false)
        ),
        TokenizerError::ConfigValue { key, want } => {
            write!(f, "tokenizer_config.json 的 `{}` 必须是{}", escape_controls(key, false), want_zh(*want))
        }
        TokenizerError::ConfigAddedToken { id, config, vocab } => {
            let (id, config) = (escape_controls(id, false), escape_controls(config, false));
            match vocab {
                Some(v) => write!(
                    f,
                    "tokenizer_config.json 说词元 {id} 是 `{config}`，但 vocab.json 的词元 {id} 是 `{}`；这两个文件来自不同的模型",
                    escape_controls(v, false)
                ),
                None => write!(
                    f,
                    "tokenizer_config.json 提到词元 {id}（`{config}`），而 vocab.json 里没有它；这两个文件来自不同的模型"
                ),
            }
        }
        TokenizerError::SeparateVocabs => f.write_str(
            "tokenizer_config.json 设置了 separate_vocabs：这个模型每种语言各有一个词表，本程序不加载这种模型（opus-mt 模型共用一个 vocab.json）",
        ),
    }
}

fn want_en(want: ConfigWant) -> &'static str {
    match want {
        ConfigWant::Bool => "true or false",
        ConfigWant::Token => "a token: a string, or an object with a string `content`",
        ConfigWant::Tokens => "a list of tokens",
        ConfigWant::AddedTokens => "an object of id -> token",
    }
}

fn want_zh(want: ConfigWant) -> &'static str {
    match want {
        ConfigWant::Bool => " true 或 false",
        ConfigWant::Token => "一个词元：字符串，或带有字符串 `content` 的对象",
        ConfigWant::Tokens => "词元的列表",
        ConfigWant::AddedTokens => "编号 -> 词元的对象",
    }
}

impl fmt::Display for SpmFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (current(), self) {
            (Lang::En, SpmFault::NotUnigram { model_type }) => {
                write!(f, "it is a {model_type} model, not a unigram one, as MarianMT's are")
            }
            (Lang::Zh, SpmFault::NotUnigram { model_type }) => {
                write!(f, "它是 {model_type} 模型，而 MarianMT 用的是 unigram 模型")
            }
            (Lang::En, SpmFault::NoPieces) => f.write_str("it has no pieces"),
            (Lang::Zh, SpmFault::NoPieces) => f.write_str("它没有任何词块"),
            (Lang::En, SpmFault::EmptyPiece { id }) => write!(f, "piece {id} is empty"),
            (Lang::Zh, SpmFault::EmptyPiece { id }) => write!(f, "词块 {id} 是空的"),
            (Lang::En, SpmFault::DuplicatePiece { id, first, piece }) => {
                write!(f, "piece {id} `{}` is piece {first} as well", escape_controls(piece, false))
            }
            (Lang::Zh, SpmFault::DuplicatePiece { id, first, piece }) => {
                write!(f, "词块 {id} `{}` 也是词块 {first}", escape_controls(piece, false))
            }
            (Lang::En, SpmFault::NoUnknown) => {
                f.write_str("no piece is the unknown piece (<unk>), which stands for every character the model lacks")
            }
            (Lang::Zh, SpmFault::NoUnknown) => f.write_str("没有未知词块（<unk>），它代表模型没有的每个字符"),
            (Lang::En, SpmFault::TwoUnknowns { first, second }) => {
                write!(f, "pieces {first} and {second} are both the unknown piece")
            }
            (Lang::Zh, SpmFault::TwoUnknowns { first, second }) => write!(f, "词块 {first} 和 {second} 都是未知词块"),
            (Lang::En, SpmFault::BrokenCharsmap) => {
                f.write_str("its normaliser's character map is cut short or damaged")
            }
            (Lang::Zh, SpmFault::BrokenCharsmap) => f.write_str("它的规范化字符表被截断或已损坏"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::with;

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

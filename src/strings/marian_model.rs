//! Why a Marian directory (`--model DIR`) was not loaded: `model::marian::config::ConfigError`
//! and `model::marian::load::MarianError` written out, in words the learner can act on. File
//! names, config keys and tensor names read the same in both languages.

use crate::lang::message;
use std::fmt;

use crate::lang::{Lang, current};
use crate::model::marian::config::{ConfigError, FieldWant};
use crate::model::marian::load::MarianError;
use crate::model::program::shape_text;

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ConfigError::*;
        match (current(), self) {
            (Lang::En, Missing { file: "config.json" }) => write!(
                f,
                "the model directory has no config.json, which gives the model's sizes (d_model, layers, heads, vocabulary); download the whole directory"
            ),
            (Lang::Zh, Missing { file: "config.json" }) => {
                write!(f, "模型目录里没有 config.json，它给出模型的尺寸（d_model、层数、头数、词表）；请下载整个目录")
            }
            (Lang::En, Missing { file }) => write!(f, "the model directory has no {file}"),
            (Lang::Zh, Missing { file }) => write!(f, "模型目录里没有 {file}"),
            (Lang::En, Unread { file, reason }) => write!(f, "cannot read {file}: {reason}"),
            (Lang::Zh, Unread { file, reason }) => write!(f, "无法读取 {file}：{reason}"),
            (Lang::En, NotJson { file, reason }) => write!(f, "{file} is not a JSON object: {reason}"),
            (Lang::Zh, NotJson { file, reason }) => write!(f, "{file} 不是 JSON 对象：{reason}"),
            (Lang::En, NotMarian { model_type: Some(t) }) => write!(
                f,
                "config.json says model_type \"{}\"; only Marian models (model_type \"marian\", such as Helsinki-NLP/opus-mt-zh-en) are supported",
                crate::text::escape_controls(t, false)
            ),
            (Lang::Zh, NotMarian { model_type: Some(t) }) => write!(
                f,
                "config.json 写的 model_type 是 \"{}\"；只支持 Marian 模型（model_type \"marian\"，如 Helsinki-NLP/opus-mt-zh-en）",
                crate::text::escape_controls(t, false)
            ),
            (Lang::En, NotMarian { model_type: None }) => {
                write!(f, "config.json has no model_type; only Marian models (model_type \"marian\") are supported")
            }
            (Lang::Zh, NotMarian { model_type: None }) => {
                write!(f, "config.json 没有 model_type；只支持 Marian 模型（model_type \"marian\"）")
            }
            (Lang::En, PreLayerNorm) => write!(
                f,
                "config.json says normalize_before: true, a pre-LN Marian; the tutor computes the post-LN Marian of the notes (normalize_before: false)"
            ),
            (Lang::Zh, PreLayerNorm) => write!(
                f,
                "config.json 写的是 normalize_before: true，即 Pre-LN 的 Marian；本教程计算的是笔记里的 Post-LN Marian（normalize_before: false）"
            ),
            (Lang::En, ExtraNorm { field }) => {
                write!(f, "config.json says {field}: true, a LayerNorm this tutor's Marian does not have")
            }
            (Lang::Zh, ExtraNorm { field }) => {
                write!(f, "config.json 写的是 {field}: true，本教程的 Marian 没有这个 LayerNorm")
            }
            (Lang::En, Activation { name }) => write!(
                f,
                "config.json's activation_function is \"{}\"; the tutor computes swish (silu), relu and gelu",
                crate::text::escape_controls(name, false)
            ),
            (Lang::Zh, Activation { name }) => write!(
                f,
                "config.json 的 activation_function 是 \"{}\"；本教程能计算 swish（silu）、relu 和 gelu",
                crate::text::escape_controls(name, false)
            ),
            (lang, Field { file, field, want }) => {
                let want = match (lang, want) {
                    (Lang::En, FieldWant::PositiveInteger) => {
                        "a whole number from 1 up, within the tutor's limits".to_string()
                    }
                    (Lang::Zh, FieldWant::PositiveInteger) => "不小于 1 且在本教程上限之内的整数".to_string(),
                    (Lang::En, FieldWant::Integer) => "a whole number".to_string(),
                    (Lang::Zh, FieldWant::Integer) => "整数".to_string(),
                    (Lang::En, FieldWant::Boolean) => "true or false".to_string(),
                    (Lang::Zh, FieldWant::Boolean) => "true 或 false".to_string(),
                    (Lang::En, FieldWant::Number) => "a number".to_string(),
                    (Lang::Zh, FieldWant::Number) => "数".to_string(),
                    (Lang::En, FieldWant::IdBelow(n)) => format!("a token id below vocab_size {n}"),
                    (Lang::Zh, FieldWant::IdBelow(n)) => format!("小于 vocab_size {n} 的词元编号"),
                };
                match lang {
                    Lang::En => write!(f, "{file}: {field} must be {want}"),
                    Lang::Zh => write!(f, "{file}：{field} 必须是{want}"),
                }
            }
            (Lang::En, Unequal { what, encoder, decoder }) => write!(
                f,
                "config.json gives the encoder {encoder} and the decoder {decoder} {what}; the tutor computes Marians whose two stacks have the same {what}"
            ),
            (Lang::Zh, Unequal { what, encoder, decoder }) => write!(
                f,
                "config.json 给编码器的 {what} 是 {encoder}，给解码器的是 {decoder}；本教程只计算两侧 {what} 相同的 Marian"
            ),
            (Lang::En, HeadsDoNotDivide { heads, d_model }) => {
                write!(f, "config.json: {heads} attention heads do not divide d_model {d_model}")
            }
            (Lang::Zh, HeadsDoNotDivide { heads, d_model }) => {
                write!(f, "config.json：{heads} 个注意力头不能整除 d_model {d_model}")
            }
        }
    }
}

impl fmt::Display for MarianError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MarianError::*;
        let label = message("fmt");
        match (current(), self) {
            (Lang::En, NotADirectory { path }) => write!(
                f,
                "--model wants a directory (a downloaded Marian model such as opus-mt-zh-en); {} is not one",
                crate::text::escape_controls(&path.display().to_string(), false)
            ),
            (Lang::Zh, NotADirectory { path }) => write!(
                f,
                "--model 需要一个目录（下载好的 Marian 模型，如 opus-mt-zh-en）；{} 不是目录",
                crate::text::escape_controls(&path.display().to_string(), false)
            ),
            (_, Config(e)) => write!(f, "{e}"),
            (_, Tokenizer(e)) => write!(f, "{e}"),
            (_, Weights(e)) => write!(f, "{e}"),
            (Lang::En, MissingTensor { name }) => {
                write!(f, "{label}: the weights have no `{name}` (with or without the `model.` prefix)")
            }
            (Lang::Zh, MissingTensor { name }) => {
                write!(f, "{label}：权重里没有 `{name}`（带或不带 `model.` 前缀都没有）")
            }
            (Lang::En, Misshaped { name, expected, got }) => write!(
                f,
                "{label}: `{name}` has shape {}, but config.json implies {}",
                shape_text(got),
                shape_text(expected)
            ),
            (Lang::Zh, Misshaped { name, expected, got }) => write!(
                f,
                "{label}：`{name}` 的形状是 {}，但 config.json 意味着 {}",
                shape_text(got),
                shape_text(expected)
            ),
            (Lang::En, NotFinite { name }) => {
                write!(f, "{label}: `{name}` holds NaN or infinity; weights must be finite numbers")
            }
            (Lang::Zh, NotFinite { name }) => write!(f, "{label}：`{name}` 含有 NaN 或无穷大；权重必须是有限数"),
            (Lang::En, VocabSize { vocab_json, config }) => write!(
                f,
                "{label}: vocab.json has {vocab_json} pieces but config.json's vocab_size is {config}; they must agree"
            ),
            (Lang::Zh, VocabSize { vocab_json, config }) => {
                write!(
                    f,
                    "{label}：vocab.json 有 {vocab_json} 个片段，但 config.json 的 vocab_size 是 {config}；两者必须一致"
                )
            }
            (Lang::En, Positions { name, max_difference }) => write!(
                f,
                "{label}: the stored `{name}` differs from Marian's sinusoids by up to {max_difference}; the tutor computes the sinusoids and would not match these weights"
            ),
            (Lang::Zh, Positions { name, max_difference }) => write!(
                f,
                "{label}：存储的 `{name}` 与 Marian 的正弦位置表最多相差 {max_difference}；本教程计算正弦表，与这份权重对不上"
            ),
        }
    }
}

//! Why a Marian directory (`--model DIR`) was not loaded: `model::marian::config::ConfigError`
//! and `model::marian::load::MarianError` written out, in words the learner can act on. File
//! names, config keys and tensor names read the same in every language.

use std::fmt;

use crate::lang::{message, message_with};
use crate::model::marian::config::{ConfigError, FieldWant};
use crate::model::marian::load::MarianError;
use crate::model::program::shape_text;
use crate::text::escape_controls;

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ConfigError::*;
        let text = match self {
            Missing { file: "config.json" } => message("marian-config-missing-config-json").to_string(),
            Missing { file } => message_with("marian-config-missing-file", &[("file", file)]),
            Unread { file, reason } => message_with("marian-config-unread", &[("file", file), ("reason", reason)]),
            NotJson { file, reason } => message_with("marian-config-not-json", &[("file", file), ("reason", reason)]),
            NotMarian { model_type: Some(t) } => {
                message_with("marian-config-not-marian", &[("model_type", &escape_controls(t, false))])
            }
            NotMarian { model_type: None } => message("marian-config-no-model-type").to_string(),
            PreLayerNorm => message("marian-config-pre-layer-norm").to_string(),
            ExtraNorm { field } => message_with("marian-config-extra-norm", &[("field", field)]),
            Activation { name } => message_with("marian-config-activation", &[("name", &escape_controls(name, false))]),
            Field { file, field, want } => {
                let want = match want {
                    FieldWant::PositiveInteger => message("marian-config-want-positive-integer").to_string(),
                    FieldWant::Integer => message("marian-config-want-integer").to_string(),
                    FieldWant::Boolean => message("marian-config-want-boolean").to_string(),
                    FieldWant::Number => message("marian-config-want-number").to_string(),
                    FieldWant::IdBelow(n) => message_with("marian-config-want-id-below", &[("vocab_size", n)]),
                };
                message_with("marian-config-field", &[("file", file), ("field", field), ("want", &want)])
            }
            Unequal { what, encoder, decoder } => {
                message_with("marian-config-unequal", &[("what", what), ("encoder", encoder), ("decoder", decoder)])
            }
            HeadsDoNotDivide { heads, d_model } => {
                message_with("marian-config-heads-do-not-divide", &[("heads", heads), ("d_model", d_model)])
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for MarianError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MarianError::*;
        let label = message("fmt");
        let text = match self {
            NotADirectory { path } => message_with(
                "marian-not-a-directory",
                &[("path", &escape_controls(&path.display().to_string(), false))],
            ),
            Config(e) => return write!(f, "{e}"),
            Tokenizer(e) => return write!(f, "{e}"),
            Weights(e) => return write!(f, "{e}"),
            MissingTensor { name } => message_with("marian-missing-tensor", &[("label", &label), ("name", name)]),
            Misshaped { name, expected, got } => message_with(
                "marian-misshaped",
                &[("label", &label), ("name", name), ("got", &shape_text(got)), ("expected", &shape_text(expected))],
            ),
            NotFinite { name } => message_with("marian-not-finite", &[("label", &label), ("name", name)]),
            VocabSize { vocab_json, config } => {
                message_with("marian-vocab-size", &[("label", &label), ("vocab_json", vocab_json), ("config", config)])
            }
            Positions { name, max_difference } => message_with(
                "marian-positions",
                &[("label", &label), ("name", name), ("max_difference", max_difference)],
            ),
        };
        f.write_str(&text)
    }
}

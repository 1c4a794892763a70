//! `tokenizer_config.json`, optional: what MarianTokenizer reads from it that changes ids or text.
//! The special tokens' names (`eos_token`, `unk_token`, `pad_token`: a string, or an object with
//! `content`), more special tokens (`additional_special_tokens` or `extra_special_tokens`: kept
//! whole in a sentence, skipped in a translation), `added_tokens_decoder` (id -> token: kept whole
//! in a sentence; its `special` flag alone does not make a token skipped, as transformers 5.24
//! reads it), `clean_up_tokenization_spaces` (transformers 5 defaults to false) and
//! `separate_vocabs` (refused: opus-mt shares one vocab.json). Other keys are ignored.

use serde_json::{Map, Value};

use super::error::{ConfigWant, MarianFile, TokenizerError};

/// The settings, with MarianTokenizer's defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenizerConfig {
    pub eos: String,
    pub unk: String,
    pub pad: String,
    /// Special tokens beyond the three.
    pub extra_specials: Vec<String>,
    /// Added tokens: (id as written, token).
    pub added: Vec<(String, String)>,
    pub clean_up_tokenization_spaces: bool,
}

impl Default for TokenizerConfig {
    fn default() -> Self {
        TokenizerConfig {
            eos: "</s>".into(),
            unk: "<unk>".into(),
            pad: "<pad>".into(),
            extra_specials: Vec::new(),
            added: Vec::new(),
            clean_up_tokenization_spaces: false,
        }
    }
}

/// Parses tokenizer_config.json's `text`.
pub fn parse(text: &str) -> Result<TokenizerConfig, TokenizerError> {
    let file = MarianFile::TokenizerConfig;
    let value: Value =
        serde_json::from_str(text).map_err(|e| TokenizerError::NotJson { file, reason: e.to_string() })?;
    let Value::Object(map) = value else { return Err(TokenizerError::NotObject { file }) };
    let mut config = TokenizerConfig::default();
    for (key, slot) in [("eos_token", &mut config.eos), ("unk_token", &mut config.unk), ("pad_token", &mut config.pad)]
    {
        if let Some(v) = map.get(key).filter(|v| !v.is_null()) {
            *slot = token(v).ok_or_else(|| want(key, ConfigWant::Token))?;
        }
    }
    if let Some(v) = map.get("clean_up_tokenization_spaces").filter(|v| !v.is_null()) {
        config.clean_up_tokenization_spaces =
            v.as_bool().ok_or_else(|| want("clean_up_tokenization_spaces", ConfigWant::Bool))?;
    }
    match map.get("separate_vocabs") {
        None | Some(Value::Null | Value::Bool(false)) => {}
        Some(Value::Bool(true)) => return Err(TokenizerError::SeparateVocabs),
        Some(_) => return Err(want("separate_vocabs", ConfigWant::Bool)),
    }
    for key in ["additional_special_tokens", "extra_special_tokens"] {
        if let Some(v) = map.get(key).filter(|v| !v.is_null()) {
            config.extra_specials.extend(tokens(v).ok_or_else(|| want(key, ConfigWant::Tokens))?);
        }
    }
    if let Some(v) = map.get("added_tokens_decoder").filter(|v| !v.is_null()) {
        config.added = added(v).ok_or_else(|| want("added_tokens_decoder", ConfigWant::AddedTokens))?;
    }
    Ok(config)
}

fn want(key: &str, want: ConfigWant) -> TokenizerError {
    TokenizerError::ConfigValue { key: key.to_string(), want }
}

/// A token as transformers writes one: `"</s>"` or `{"content": "</s>", …}`.
fn token(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Object(m) => m.get("content")?.as_str().map(str::to_string),
        _ => None,
    }
}

/// A list of tokens, or an object of name -> token (transformers 5's model-specific tokens).
fn tokens(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::Array(list) => list.iter().map(token).collect(),
        Value::Object(map) => map.values().map(token).collect(),
        _ => None,
    }
}

/// `added_tokens_decoder`'s entries: (id as written, token).
fn added(v: &Value) -> Option<Vec<(String, String)>> {
    let map: &Map<String, Value> = v.as_object()?;
    map.iter().map(|(id, t)| Some((id.clone(), token(t)?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transformers_saved_config_is_read() {
        let c = parse(
            r#"{"added_tokens_decoder": {"0": {"content": "</s>", "special": true}}, "eos_token": "</s>",
                "pad_token": {"content": "<pad>"}, "separate_vocabs": false, "source_lang": "zh"}"#,
        )
        .unwrap();
        assert_eq!(c.added, [("0".to_string(), "</s>".to_string())]);
        assert_eq!(c.pad, "<pad>");
        assert!(!c.clean_up_tokenization_spaces);
    }

    #[test]
    fn what_cannot_be_followed_is_refused() {
        assert!(matches!(parse(r#"{"separate_vocabs": true}"#), Err(TokenizerError::SeparateVocabs)));
        assert!(matches!(parse("[]"), Err(TokenizerError::NotObject { .. })));
        assert!(matches!(parse(r#"{"eos_token": 3}"#), Err(TokenizerError::ConfigValue { .. })));
        assert!(matches!(parse(r#"{"additional_special_tokens": "<x>"}"#), Err(TokenizerError::ConfigValue { .. })));
        let c = parse(r#"{"additional_special_tokens": ["<x>"], "extra_special_tokens": {"image": "<y>"}}"#).unwrap();
        assert_eq!(c.extra_specials, ["<x>", "<y>"]);
        assert!(matches!(parse(r#"{"clean_up_tokenization_spaces": "yes"}"#), Err(TokenizerError::ConfigValue { .. })));
    }
}

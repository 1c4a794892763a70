//! A Marian directory's `config.json` and `generation_config.json`: the sizes and conventions
//! the tutor builds its program from, and what `generate()` reads. Only what the tutor can
//! compute exactly is accepted (a post-LN Marian with equal encoder and decoder widths); anything
//! else is refused by name.

use crate::model::config::{Activation, Config, Conventions, PositionLayout};
use crate::model::generate::{EarlyStopping, GenerationConfig};
use serde_json::{Map, Value};
use std::path::Path;

/// Why a config could not be used; `strings::marian_config` writes it out.
#[derive(Debug)]
pub enum ConfigError {
    /// `file` is missing from the directory.
    Missing { file: &'static str },
    /// `file` could not be read.
    Unread { file: &'static str, reason: crate::user_file::ReadFault },
    /// `file` could not be read or is not a JSON object.
    NotJson { file: &'static str, reason: String },
    /// `model_type` is not `marian` (None: there is no model_type).
    NotMarian { model_type: Option<String> },
    /// `normalize_before: true`: a pre-LN Marian, which this tutor does not compute.
    PreLayerNorm,
    /// `normalize_embedding: true` or `add_final_layer_norm: true`: a LayerNorm this Marian does
    /// not have.
    ExtraNorm { field: &'static str },
    /// An activation other than swish (silu), relu or gelu.
    Activation { name: String },
    /// A field that must be there is not, or is not what it must be.
    Field { file: &'static str, field: &'static str, want: FieldWant },
    /// Encoder and decoder differ in a size the tutor keeps one of.
    Unequal { what: &'static str, encoder: usize, decoder: usize },
    /// The heads do not divide d_model.
    HeadsDoNotDivide { heads: usize, d_model: usize },
}

/// What a config field must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldWant {
    PositiveInteger,
    Integer,
    Boolean,
    Number,
    /// An id below the vocabulary's size.
    IdBelow(usize),
}

impl std::error::Error for ConfigError {}

/// The tutor's view of a Marian config.
#[derive(Debug, Clone, PartialEq)]
pub struct MarianConfig {
    pub config: Config,
    pub generation: GenerationConfig,
    /// The output projection is the shared embedding (`tie_word_embeddings`, true unless said).
    pub tie_word_embeddings: bool,
}

/// The largest sizes accepted before anything is allocated: far above opus-mt's (512, 2048,
/// 65,001, 512 positions), far below what could exhaust memory by itself.
const MAX_WIDTH: usize = 8192;
const MAX_LAYERS: usize = 64;
const MAX_VOCAB: usize = 1_000_000;
const MAX_POSITIONS: usize = 4096;

fn read_object(dir: &Path, file: &'static str, required: bool) -> Result<Option<Map<String, Value>>, ConfigError> {
    let path = dir.join(file);
    if !path.exists() {
        return if required { Err(ConfigError::Missing { file }) } else { Ok(None) };
    }
    let bytes = crate::user_file::read_file(&path, 4 << 20).map_err(|reason| ConfigError::Unread { file, reason })?;
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => Ok(Some(map)),
        Ok(_) => Err(ConfigError::NotJson { file, reason: "not an object".into() }),
        Err(e) => Err(ConfigError::NotJson { file, reason: e.to_string() }),
    }
}

/// Field readers over one JSON object.
struct Fields<'a> {
    file: &'static str,
    map: &'a Map<String, Value>,
}

impl Fields<'_> {
    fn error(&self, field: &'static str, want: FieldWant) -> ConfigError {
        ConfigError::Field { file: self.file, field, want }
    }

    fn usize_opt(&self, field: &'static str) -> Result<Option<usize>, ConfigError> {
        match self.map.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_u64().map(|n| Some(n as usize)).ok_or(self.error(field, FieldWant::Integer)),
        }
    }

    fn size(&self, field: &'static str, max: usize) -> Result<usize, ConfigError> {
        match self.usize_opt(field)? {
            Some(n) if n >= 1 && n <= max => Ok(n),
            _ => Err(self.error(field, FieldWant::PositiveInteger)),
        }
    }

    fn bool_or(&self, field: &'static str, default: bool) -> Result<bool, ConfigError> {
        match self.map.get(field) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v.as_bool().ok_or(self.error(field, FieldWant::Boolean)),
        }
    }

    fn id(&self, field: &'static str, vocab: usize) -> Result<Option<usize>, ConfigError> {
        match self.usize_opt(field)? {
            Some(id) if id >= vocab => Err(self.error(field, FieldWant::IdBelow(vocab))),
            other => Ok(other),
        }
    }

    fn number_or(&self, field: &'static str, default: f32) -> Result<f32, ConfigError> {
        match self.map.get(field) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v.as_f64().map(|x| x as f32).ok_or(self.error(field, FieldWant::Number)),
        }
    }
}

/// Read and check `config.json` and (when there is one) `generation_config.json`.
pub fn read_config(dir: &Path) -> Result<MarianConfig, ConfigError> {
    let map = read_object(dir, "config.json", true)?.expect("required");
    let c = Fields { file: "config.json", map: &map };
    match map.get("model_type").and_then(Value::as_str) {
        Some("marian") => {}
        other => return Err(ConfigError::NotMarian { model_type: other.map(str::to_string) }),
    }
    if c.bool_or("normalize_before", false)? {
        return Err(ConfigError::PreLayerNorm);
    }
    for field in ["normalize_embedding", "add_final_layer_norm"] {
        if c.bool_or(field, false)? {
            return Err(ConfigError::ExtraNorm { field });
        }
    }
    // absent: transformers' default; of another type (a number, say) it names none, and is
    // refused as an unknown name would be (it was taken for the default, silently computing gelu)
    let activation = match map.get("activation_function") {
        None | Some(Value::Null) => "gelu".to_string(),
        Some(Value::String(name)) => name.clone(),
        Some(other) => other.to_string(),
    };
    let activation = match activation.as_str() {
        "swish" | "silu" => Activation::Silu,
        "relu" => Activation::Relu,
        "gelu" => Activation::Gelu,
        other => return Err(ConfigError::Activation { name: other.to_string() }),
    };
    let d_model = c.size("d_model", MAX_WIDTH)?;
    let pair = |enc: &'static str, dec: &'static str, what: &'static str, max: usize| -> Result<usize, ConfigError> {
        let (e, d) = (c.size(enc, max)?, c.size(dec, max)?);
        if e == d { Ok(e) } else { Err(ConfigError::Unequal { what, encoder: e, decoder: d }) }
    };
    let n_heads = pair("encoder_attention_heads", "decoder_attention_heads", "attention heads", MAX_WIDTH)?;
    let d_ff = pair("encoder_ffn_dim", "decoder_ffn_dim", "ffn_dim", 4 * MAX_WIDTH)?;
    if d_model % n_heads != 0 {
        return Err(ConfigError::HeadsDoNotDivide { heads: n_heads, d_model });
    }
    let n_layers = c.size("encoder_layers", MAX_LAYERS)?;
    let dec_layers = c.size("decoder_layers", MAX_LAYERS)?;
    let vocab = c.size("vocab_size", MAX_VOCAB)?;
    if let Some(dec_vocab) = c.usize_opt("decoder_vocab_size")?
        && dec_vocab != vocab
    {
        return Err(ConfigError::Unequal { what: "vocab_size", encoder: vocab, decoder: dec_vocab });
    }
    let max_len = c.size("max_position_embeddings", MAX_POSITIONS)?;
    let pad = c.id("pad_token_id", vocab)?.ok_or(c.error("pad_token_id", FieldWant::IdBelow(vocab)))?;
    let eos = c.id("eos_token_id", vocab)?.unwrap_or(0);
    let start = c.id("decoder_start_token_id", vocab)?.unwrap_or(pad);

    let conventions = Conventions {
        activation,
        positions: PositionLayout::Halves,
        embed_scale: c.bool_or("scale_embedding", false)?,
        target_pad_mask: false,
        start_id: start,
        eos_id: eos,
    };
    let config = Config {
        d_model,
        n_heads,
        d_ff,
        n_layers,
        dec_layers,
        src_vocab: vocab,
        tgt_vocab: vocab,
        max_len,
        pad_idx: pad,
        conventions,
    };

    let generation = read_generation(dir, &map, vocab, (start, eos, pad))?;
    let tie_word_embeddings = c.bool_or("tie_word_embeddings", true)?;
    Ok(MarianConfig { config, generation, tie_word_embeddings })
}

/// What generate() reads: generation_config.json, or (without one) what config.json says, then
/// transformers' defaults. `(start, eos, pad)` are config.json's ids.
fn read_generation(
    dir: &Path,
    map: &Map<String, Value>,
    vocab: usize,
    (start, eos, pad): (usize, usize, usize),
) -> Result<GenerationConfig, ConfigError> {
    let generation_map = read_object(dir, "generation_config.json", false)?;
    let has_generation_file = generation_map.is_some();
    let g_map = generation_map.unwrap_or_else(|| map.clone());
    let g = Fields { file: if has_generation_file { "generation_config.json" } else { "config.json" }, map: &g_map };
    let bad_ids = match g_map.get("bad_words_ids") {
        Some(Value::Array(words)) => words
            .iter()
            .filter_map(|w| match w.as_array().map(Vec::as_slice) {
                Some([one]) => one.as_u64().map(|n| n as usize),
                _ => None,
            })
            .filter(|&id| id < vocab)
            .collect(),
        _ => Vec::new(),
    };
    let early_stopping = match g_map.get("early_stopping") {
        Some(Value::Bool(true)) => EarlyStopping::WhenFull,
        Some(Value::String(s)) if s == "never" => EarlyStopping::Never,
        _ => EarlyStopping::Heuristic,
    };
    let generation = GenerationConfig {
        num_beams: g.usize_opt("num_beams")?.unwrap_or(1).clamp(1, 64),
        max_length: g.usize_opt("max_length")?.unwrap_or(20).clamp(2, 4096),
        start_id: g.id("decoder_start_token_id", vocab)?.unwrap_or(start),
        eos_id: g.id("eos_token_id", vocab)?.unwrap_or(eos),
        pad_id: g.id("pad_token_id", vocab)?.unwrap_or(pad),
        bad_ids,
        forced_eos: g.id("forced_eos_token_id", vocab)?,
        renormalize: g.bool_or("renormalize_logits", false)?,
        length_penalty: g.number_or("length_penalty", 1.0)?,
        early_stopping,
    };
    Ok(generation)
}

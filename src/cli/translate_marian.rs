//! `transformer-tutor translate --model DIR 今天天气很好`: a loaded translator's own translation,
//! made as transformers' `generate()` makes it (the model's generation_config.json: its beams,
//! its max_length; `--beams N` overrides), then each piece with its probability.

use crate::model::Weights;
use crate::model::generate::{FirstToken, GenerationConfig, encode, generate_timed};
use crate::setup::{Setup, TokenInput};
use crate::strings;
use std::fmt::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `translate --model` prints, and how long its parts took.
#[derive(Debug, Clone)]
pub struct MarianTranslation {
    /// For stdout: the translation, then each piece with its probability.
    pub text: String,
    /// For stderr: the pieces that became `<unk>`.
    pub notes: Vec<String>,
    pub encode: Duration,
    pub decode: Duration,
    /// From the start of decoding to the first piece chosen (it also fills the cross-attention's
    /// cache).
    pub first_token: Duration,
    /// Pieces generated (the start token left out, `</s>` counted).
    pub tokens: usize,
}

/// Translate one sentence with the model's own generation settings, `beams` overriding its
/// num_beams.
pub fn translate_marian(
    weights: Arc<Weights>,
    sentence: &str,
    beams: Option<usize>,
) -> Result<MarianTranslation, String> {
    super::translate::one_sentence(sentence)?;
    let Some(base) = weights.generation.clone() else {
        return Err(strings::TRANSLATE_NEEDS_MODEL.into());
    };
    let config = GenerationConfig { num_beams: beams.unwrap_or(base.num_beams), ..base };
    let started = Instant::now();
    let setup = Setup::with_weights(
        weights.clone(),
        &TokenInput::Sentences(sentence.into()),
        Some(&TokenInput::Ids(weights.config.conventions.start_id.to_string())),
    )
    .map_err(|e| e.to_string())?;
    let memory = encode(&weights, &setup.src_ids);
    let encoded = started.elapsed();
    let started = Instant::now();
    let mut first = FirstToken::start();
    let out = generate_timed(&weights, &memory, &setup.src_ids, &config, &mut first).into_iter().next();
    let out = out.ok_or_else(|| strings::TRANSLATE_EMPTY.to_string())?;
    let decode = started.elapsed();
    let vocab = &weights.vocabs.tgt;
    let mut text = format!("{}\n", vocab.decode(&out.ids));
    let pieces: Vec<String> = out.ids[1..]
        .iter()
        .zip(&out.step_probs)
        .map(|(&id, p)| format!("{} ({})", vocab.word(id), super::translate::probability(*p)))
        .collect();
    let _ = writeln!(text, "{}{}", strings::translate_search(config.num_beams), pieces.join(" "));
    let first_token = first.after.unwrap_or(decode);
    let tokens = out.ids.len() - 1;
    Ok(MarianTranslation { text, notes: setup.unknown_report(), encode: encoded, decode, first_token, tokens })
}

//! A Hugging Face MarianMT directory as the tutor's `Weights`: the state dict's tensors moved (not
//! copied) into the program's parameters, the shared embedding one buffer for the encoder's
//! input, the decoder's input and the output projection (whose bias is `final_logits_bias`),
//! the vocabulary's pieces and the SentencePiece segmenter travelling with them.

use super::config::{ConfigError, MarianConfig, read_config};
use super::state_dict::{StateDict, StateDictError, Tensor, read_weights, read_weights_skipping};
use super::tokenizer::{MarianTokenizer, TokenizerError};
use crate::model::config::Config;
use crate::model::generate::GenerationConfig;
use crate::model::vocab::{Segmenter, Vocab, Vocabs};
use crate::model::weights::{Attention, DecoderLayer, EncoderLayer, FeedForward, Linear, Norm, Weights};
use ndarray::{ArcArray2, Array1, Array2};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A loaded Marian model: its weights (with its vocabulary and how `generate()` runs it).
#[derive(Debug, Clone)]
pub struct MarianModel {
    pub weights: Weights,
    pub tokenizer: Arc<MarianTokenizer>,
}

/// Why a Marian directory was not loaded; `strings::marian_model` writes it out.
#[derive(Debug)]
pub enum MarianError {
    NotADirectory {
        path: PathBuf,
    },
    Config(ConfigError),
    Tokenizer(TokenizerError),
    Weights(StateDictError),
    /// The state dict lacks a parameter (every name it was looked for under).
    MissingTensor {
        name: String,
    },
    /// A tensor's shape is not what the config says.
    Misshaped {
        name: String,
        expected: Vec<usize>,
        got: Vec<usize>,
    },
    /// A tensor holds NaN or an infinity.
    NotFinite {
        name: String,
    },
    /// vocab.json and config.json disagree on the vocabulary's size.
    VocabSize {
        vocab_json: usize,
        config: usize,
    },
    /// A stored positional table differs from the sinusoids the config implies.
    Positions {
        name: String,
        max_difference: f32,
    },
}

impl std::error::Error for MarianError {}

impl MarianModel {
    /// How `generate()` runs it (generation_config.json, else config.json and the defaults).
    pub fn generation(&self) -> &GenerationConfig {
        self.weights.generation.as_ref().expect("set by load")
    }

    /// Load `dir`: config, tokenizer, weights; every check before anything big is kept.
    pub fn load(dir: &Path) -> Result<MarianModel, MarianError> {
        if !dir.is_dir() {
            return Err(MarianError::NotADirectory { path: dir.to_path_buf() });
        }
        let MarianConfig { config, generation, tie_word_embeddings: tie, .. } =
            read_config(dir).map_err(MarianError::Config)?;
        let tokenizer = Arc::new(MarianTokenizer::load(dir).map_err(MarianError::Tokenizer)?);
        if tokenizer.vocab_len() != config.src_vocab {
            return Err(MarianError::VocabSize { vocab_json: tokenizer.vocab_len(), config: config.src_vocab });
        }
        // the tied copies of the shared embedding (a pytorch_model.bin may hold it under four
        // names, one storage) are not read; a file without `shared.weight` is read whole
        let tied = |name: &str| name.ends_with("embed_tokens.weight") || (tie && name == "lm_head.weight");
        let mut dict = read_weights_skipping(dir, &tied).map_err(MarianError::Weights)?;
        if !dict.tensors.contains_key("model.shared.weight") && !dict.tensors.contains_key("shared.weight") {
            dict = read_weights(dir).map_err(MarianError::Weights)?;
        }
        let (pieces, ids) = tokenizer.tables();
        let side = |source| Segmenter::new(tokenizer.clone(), source);
        let vocabs = Arc::new(Vocabs {
            src: Vocab::from_pieces(pieces.clone(), ids.clone(), side(true)),
            tgt: Vocab::from_pieces(pieces, ids, side(false)),
        });
        let mut weights = Tensors { dict, config: &config }.weights(vocabs)?;
        weights.generation = Some(generation);
        Ok(MarianModel { weights, tokenizer })
    }
}

/// Whether every number is finite: in parts of 1 MB on the engine's threads, each part's test
/// without an early exit (so in vector code).
fn all_finite(data: &[f32]) -> bool {
    const PART: usize = 1 << 18;
    let bad = std::sync::atomic::AtomicBool::new(false);
    crate::model::fast::parallel::for_each_part(data.len().div_ceil(PART), |i| {
        let part = &data[i * PART..((i + 1) * PART).min(data.len())];
        if !part.iter().fold(true, |ok, v| ok & v.is_finite()) {
            bad.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    !bad.into_inner()
}

/// The state dict being taken apart, with the config its shapes are checked against.
struct Tensors<'a> {
    dict: StateDict,
    config: &'a Config,
}

impl Tensors<'_> {
    /// The tensor under `name`, with or without the `model.` prefix.
    fn take_any(&mut self, names: &[&str]) -> Option<(String, Tensor)> {
        for name in names {
            for full in [format!("model.{name}"), name.to_string()] {
                if let Some(t) = self.dict.take(&full) {
                    return Some((full, t));
                }
            }
        }
        None
    }

    fn checked(&mut self, names: &[&str], shape: &[usize]) -> Result<(String, Tensor), MarianError> {
        let (name, t) = self.take_any(names).ok_or(MarianError::MissingTensor { name: names[0].to_string() })?;
        // final_logits_bias is stored (1, vocab)
        let got: Vec<usize> =
            if t.shape.len() == 2 && t.shape[0] == 1 && shape.len() == 1 { vec![t.shape[1]] } else { t.shape.clone() };
        if got != shape {
            return Err(MarianError::Misshaped { name, expected: shape.to_vec(), got: t.shape });
        }
        if !all_finite(&t.data) {
            return Err(MarianError::NotFinite { name });
        }
        Ok((name, t))
    }

    fn matrix(&mut self, name: &str, rows: usize, cols: usize) -> Result<Array2<f32>, MarianError> {
        let (_, t) = self.checked(&[name], &[rows, cols])?;
        Ok(Array2::from_shape_vec((rows, cols), t.data).expect("checked shape"))
    }

    fn vector(&mut self, name: &str, len: usize) -> Result<Array1<f32>, MarianError> {
        let (_, t) = self.checked(&[name], &[len])?;
        Ok(Array1::from_vec(t.data))
    }

    fn linear(&mut self, prefix: &str, out: usize, inp: usize) -> Result<Linear, MarianError> {
        Ok(Linear {
            weight: self.matrix(&format!("{prefix}.weight"), out, inp)?.into_shared(),
            bias: self.vector(&format!("{prefix}.bias"), out)?,
        })
    }

    fn norm(&mut self, prefix: &str, d: usize) -> Result<Norm, MarianError> {
        Ok(Norm {
            gamma: self.vector(&format!("{prefix}.weight"), d)?,
            beta: self.vector(&format!("{prefix}.bias"), d)?,
        })
    }

    fn attention(&mut self, prefix: &str, d: usize) -> Result<Attention, MarianError> {
        Ok(Attention {
            w_q: self.linear(&format!("{prefix}.q_proj"), d, d)?,
            w_k: self.linear(&format!("{prefix}.k_proj"), d, d)?,
            w_v: self.linear(&format!("{prefix}.v_proj"), d, d)?,
            w_o: self.linear(&format!("{prefix}.out_proj"), d, d)?,
        })
    }

    fn ffn(&mut self, prefix: &str, d: usize, f: usize) -> Result<FeedForward, MarianError> {
        Ok(FeedForward {
            linear1: self.linear(&format!("{prefix}.fc1"), f, d)?,
            linear2: self.linear(&format!("{prefix}.fc2"), d, f)?,
        })
    }

    /// A stored positional table must be the sinusoids the program generates (to float32's
    /// rounding); the program always generates its own.
    fn check_positions(&mut self, stack: &str) -> Result<(), MarianError> {
        let name = format!("{stack}.embed_positions.weight");
        if let Some((full, t)) = self.take_any(&[&name]) {
            let (max_len, d) = (self.config.max_len, self.config.d_model);
            let table = crate::model::kernels::positional_halves(max_len, d);
            let rows = t.shape.first().copied().unwrap_or(0).min(max_len);
            if t.shape.len() != 2 || t.shape[1] != d {
                return Err(MarianError::Misshaped { name: full, expected: vec![max_len, d], got: t.shape });
            }
            let table = table.as_slice().expect("contiguous");
            let max_difference =
                t.data[..rows * d].iter().zip(&table[..rows * d]).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max);
            if max_difference.is_nan() || max_difference > 1e-4 {
                return Err(MarianError::Positions { name: full, max_difference });
            }
        }
        Ok(())
    }

    fn weights(mut self, vocabs: Arc<Vocabs>) -> Result<Weights, MarianError> {
        let c = self.config.clone();
        let (d, f, v) = (c.d_model, c.d_ff, c.src_vocab);
        let (_, shared) =
            self.checked(&["shared.weight", "encoder.embed_tokens.weight", "decoder.embed_tokens.weight"], &[v, d])?;
        let shared: ArcArray2<f32> = Array2::from_shape_vec((v, d), shared.data).expect("checked shape").into_shared();
        // the tied copies, when the file has them, are the same matrix: dropped, not kept twice
        for tied in ["encoder.embed_tokens.weight", "decoder.embed_tokens.weight"] {
            self.take_any(&[tied]);
        }
        let output = match self.take_any(&["lm_head.weight"]) {
            Some((name, t)) if t.data.as_slice() != shared.as_slice().expect("contiguous") => {
                if t.shape != [v, d] {
                    return Err(MarianError::Misshaped { name, expected: vec![v, d], got: t.shape });
                }
                Array2::from_shape_vec((v, d), t.data).expect("checked shape").into_shared()
            }
            _ => shared.clone(),
        };
        let bias = match self.take_any(&["final_logits_bias"]) {
            Some((name, t)) => {
                if t.data.len() != v {
                    return Err(MarianError::Misshaped { name, expected: vec![1, v], got: t.shape });
                }
                Array1::from_vec(t.data)
            }
            None => Array1::zeros(v),
        };
        self.check_positions("encoder")?;
        self.check_positions("decoder")?;
        let mut encoder = Vec::with_capacity(c.n_layers);
        for i in 0..c.n_layers {
            let p = format!("encoder.layers.{i}");
            encoder.push(EncoderLayer {
                self_attn: self.attention(&format!("{p}.self_attn"), d)?,
                norm1: self.norm(&format!("{p}.self_attn_layer_norm"), d)?,
                ffn: self.ffn(&p, d, f)?,
                norm2: self.norm(&format!("{p}.final_layer_norm"), d)?,
            });
        }
        let mut decoder = Vec::with_capacity(c.dec_layers);
        for i in 0..c.dec_layers {
            let p = format!("decoder.layers.{i}");
            decoder.push(DecoderLayer {
                self_attn: self.attention(&format!("{p}.self_attn"), d)?,
                norm1: self.norm(&format!("{p}.self_attn_layer_norm"), d)?,
                cross_attn: self.attention(&format!("{p}.encoder_attn"), d)?,
                norm2: self.norm(&format!("{p}.encoder_attn_layer_norm"), d)?,
                ffn: self.ffn(&p, d, f)?,
                norm3: self.norm(&format!("{p}.final_layer_norm"), d)?,
            });
        }
        Ok(Weights {
            config: c,
            src_embed: shared.clone(),
            tgt_embed: shared,
            encoder,
            decoder,
            fc_out: Linear { weight: output, bias },
            vocabs,
            generation: None,
        })
    }
}

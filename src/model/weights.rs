//! The model's parameters, named as PyTorch names them, and their seeded initialisation.

use super::config::Config;
use super::vocab::{Tokenizer, Vocab, Vocabs};
use ndarray::{ArcArray2, Array1, Array2};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// nn.Linear: y = x · weightᵀ + bias.
#[derive(Debug, Clone, PartialEq)]
pub struct Linear {
    pub weight: ArcArray2<f32>, // (out, in); shared, not copied, where a model ties it (Marian's output is its embedding)
    pub bias: Array1<f32>,      // (out,)
}

/// nn.LayerNorm's learned scale (gamma, "weight") and shift (beta, "bias").
#[derive(Debug, Clone, PartialEq)]
pub struct Norm {
    pub gamma: Array1<f32>, // (d_model,)
    pub beta: Array1<f32>,  // (d_model,)
}

#[derive(Debug, Clone, PartialEq)]
pub struct Attention {
    pub w_q: Linear, // (d_model, d_model)
    pub w_k: Linear,
    pub w_v: Linear,
    pub w_o: Linear,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FeedForward {
    pub linear1: Linear, // (d_ff, d_model)
    pub linear2: Linear, // (d_model, d_ff)
}

#[derive(Debug, Clone, PartialEq)]
pub struct EncoderLayer {
    pub self_attn: Attention,
    pub norm1: Norm,
    pub ffn: FeedForward,
    pub norm2: Norm,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DecoderLayer {
    pub self_attn: Attention,
    pub norm1: Norm,
    pub cross_attn: Attention,
    pub norm2: Norm,
    pub ffn: FeedForward,
    pub norm3: Norm,
}

/// Every parameter of the encoder-decoder.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    pub config: Config,
    // (src_vocab, d_model) and (tgt_vocab, d_model); one shared buffer where the model ties them
    // (a clone shares it too; writing to a shared one copies it first)
    pub src_embed: ArcArray2<f32>,
    pub tgt_embed: ArcArray2<f32>,
    pub encoder: Vec<EncoderLayer>,
    pub decoder: Vec<DecoderLayer>,
    pub fc_out: Linear, // (tgt_vocab, d_model)
    /// The tokens of each side, one per embedding row (they travel with the weights).
    pub vocabs: Arc<Vocabs>,
    /// How a loaded model's own `generate()` translates (its generation_config.json); None for
    /// the tutor's models, which decode greedily.
    pub generation: Option<crate::model::generate::GenerationConfig>,
}

/// Draws parameters the way PyTorch initialises its layers, from a seeded generator:
/// embeddings N(0, 1) with the `<pad>` row zero; Linear weight and bias U(-1/√in, 1/√in); LayerNorm gamma 1, beta 0.
/// ChaCha8 is specified bit for bit, so the same seed gives the same weights on every machine.
struct Initialiser {
    rng: ChaCha8Rng,
}

impl Initialiser {
    fn normal(&mut self, rows: usize, cols: usize) -> Array2<f32> {
        // Box-Muller: two uniforms -> one standard normal
        Array2::from_shape_fn((rows, cols), |_| {
            let u1: f64 = 1.0 - self.rng.random::<f64>(); // (0, 1]
            let u2: f64 = self.rng.random::<f64>();
            ((-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()) as f32
        })
    }

    fn uniform(&mut self, bound: f32) -> f32 {
        (self.rng.random::<f32>() * 2.0 - 1.0) * bound
    }

    fn linear(&mut self, in_dim: usize, out_dim: usize) -> Linear {
        let bound = 1.0 / (in_dim as f32).sqrt();
        let weight = Array2::from_shape_fn((out_dim, in_dim), |_| self.uniform(bound)).into_shared();
        let bias = Array1::from_shape_fn(out_dim, |_| self.uniform(bound));
        Linear { weight, bias }
    }

    fn norm(&mut self, d: usize) -> Norm {
        Norm { gamma: Array1::ones(d), beta: Array1::zeros(d) }
    }

    fn attention(&mut self, d: usize) -> Attention {
        Attention { w_q: self.linear(d, d), w_k: self.linear(d, d), w_v: self.linear(d, d), w_o: self.linear(d, d) }
    }

    fn ffn(&mut self, d: usize, d_ff: usize) -> FeedForward {
        FeedForward { linear1: self.linear(d, d_ff), linear2: self.linear(d_ff, d) }
    }
}

impl Weights {
    /// Weights of `config`'s shapes, every number zero (to be filled by a loader).
    pub fn zeros(config: &Config) -> Weights {
        Weights::init(config, 0).zeros_like()
    }

    /// The same weights with these vocabularies (which must have one token per embedding row).
    pub fn with_vocabs(mut self, vocabs: Arc<Vocabs>) -> Weights {
        assert_eq!(vocabs.src.len(), self.config.src_vocab, "source vocabulary size");
        assert_eq!(vocabs.tgt.len(), self.config.tgt_vocab, "target vocabulary size");
        self.vocabs = vocabs;
        self
    }

    /// Fresh weights for `config` from `seed`.
    pub fn init(config: &Config, seed: u64) -> Weights {
        let mut init = Initialiser { rng: ChaCha8Rng::seed_from_u64(seed) };
        let d = config.d_model;
        let src_embed = init.normal(config.src_vocab, d).into_shared();
        let tgt_embed = init.normal(config.tgt_vocab, d).into_shared();
        let encoder = (0..config.n_layers)
            .map(|_| EncoderLayer {
                self_attn: init.attention(d),
                norm1: init.norm(d),
                ffn: init.ffn(d, config.d_ff),
                norm2: init.norm(d),
            })
            .collect();
        let decoder = (0..config.dec_layers)
            .map(|_| DecoderLayer {
                self_attn: init.attention(d),
                norm1: init.norm(d),
                cross_attn: init.attention(d),
                norm2: init.norm(d),
                ffn: init.ffn(d, config.d_ff),
                norm3: init.norm(d),
            })
            .collect();
        let fc_out = init.linear(d, config.tgt_vocab);
        let vocabs = Arc::new(Vocabs {
            src: Vocab::numbered(Tokenizer::Char, config.src_vocab),
            tgt: Vocab::numbered(Tokenizer::Word, config.tgt_vocab),
        });
        let mut weights = Weights {
            config: config.clone(),
            src_embed,
            tgt_embed,
            encoder,
            decoder,
            fc_out,
            vocabs,
            generation: None,
        };
        // nn.Embedding(padding_idx=pad): the <pad> row starts at zero and is never trained
        weights.src_embed.row_mut(config.pad_idx).fill(0.0);
        weights.tgt_embed.row_mut(config.pad_idx).fill(0.0);
        weights
    }
}

//! The typed keys of an operation: its kind (what it computes) and its formula (what the screen
//! writes above it, with the numbers it was built with). `strings::model_text` renders both, so
//! every word of them lives in the strings module.

use super::arch::MaskFill;
use super::program::{LinearRef, NormRef, Proj, Side};

/// What an operation computes. The arithmetic for each lives in `kernels/`; its label is
/// `strings::model_text`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpKind {
    /// A tensor handed to the run (attention-block programs start from one).
    Input,
    /// Rows of the embedding table for the token ids.
    Embed(Side),
    /// The sinusoidal table PE (T, d).
    PositionalEncoding,
    /// embed + PE, broadcast over the batch.
    AddPositional,
    /// 1.0 where the token id is not `<pad>`.
    PaddingMask(Side),
    /// Note 000's padding mask: 1.0 where the query's and the key's tokens are both not `<pad>`,
    /// (B, 1, T_q, T_k).
    PaddingMaskQK {
        q: Side,
        k: Side,
    },
    /// Lower-triangular 1/0 matrix: a query sees itself and the past.
    CausalMask,
    /// A mask of ones that hides nothing (a what-if without the causal or the padding part).
    OnesMask,
    /// Logical AND of two masks, broadcast.
    MaskAnd,
    Linear(LinearRef),
    SplitHeads,
    /// q·kᵀ, per batch row and head.
    QueryKey,
    /// x / √d_k (the scaling of scaled dot-product attention).
    Scale,
    /// masked_fill(mask == 0, -1e9), or another way of applying the mask (`arch::MaskFill`).
    MaskFill(MaskFill),
    /// Softmax over the last axis.
    Softmax,
    /// weights · v.
    Context,
    MergeHeads,
    /// Elementwise sum (the residual connection).
    Add,
    Relu,
    /// (x - mean) / √(var + eps), per token over the features; eps = 10^eps_exponent.
    Normalize {
        eps_exponent: i8,
    },
    /// gamma * x̂ + beta.
    ScaleShift(NormRef),
    /// The same tensor under a second name (enc.out is the memory C).
    Identity,
    /// Cross-entropy of logits against the next-word labels, averaged over non-`<pad>` labels,
    /// with label smoothing ε = `smoothing_permille` / 1000. A scalar.
    CrossEntropy {
        smoothing_permille: u16,
    },
}

impl OpKind {
    /// A mask built from the ids or from nothing (a constant: no gradient, shown as a grid).
    pub fn is_mask(&self) -> bool {
        matches!(
            self,
            OpKind::PaddingMask(_)
                | OpKind::PaddingMaskQK { .. }
                | OpKind::CausalMask
                | OpKind::OnesMask
                | OpKind::MaskAnd
        )
    }

    /// The LayerNorm normalisation with PyTorch's eps, as the tutor's model uses it.
    pub const NORMALIZE: OpKind = OpKind::Normalize { eps_exponent: -5 };
}

/// An operation's formula, as a key with the names and numbers it shows; `strings` writes it out
/// (`Display`). Names of operations (`enc.0.norm1.out`) are the program's, not screen text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Formula {
    /// `x: the input` of an attention-block program.
    Input,
    /// A side's embedding rows, from a (vocab, d) table.
    Embed { side: Side, vocab: usize, d: usize },
    /// The sinusoidal table, d wide.
    PositionalEncoding { d: usize },
    /// embed + PE for a side.
    AddPositional { side: Side },
    /// One flag per key: `name = (k_ids != <pad>)`.
    PadKeys { name: String, k: Side },
    /// Note 000's q & k padding mask.
    PadQueryKey { name: String, q: Side, k: Side },
    /// The target's padding part left out (note 002).
    PadOnes,
    /// The decoder's causal mask; `on: false` is the no-causal what-if's ones.
    Causal { on: bool },
    /// An attention-block program's causal mask.
    CausalInput,
    /// tgt.pad_mask AND tgt.causal.
    TargetMask,
    /// The encoder's output under its second name, C.
    Memory { x: String },
    /// Q, K or V projected from `input`.
    Projection { proj: Proj, input: String },
    /// Q, K or V split into heads: (b, t, d) → (b, h, t, dk).
    SplitHeads { proj: Proj, b: usize, t: usize, d: usize, h: usize, dk: usize },
    /// q·kᵀ.
    QueryKey,
    /// qk/√dk, or (`scaled: false`) the what-if without it.
    Scores { dk: usize, scaled: bool },
    /// The mask applied to the scores as `fill` says.
    Masked { fill: MaskFill, mask: String },
    /// softmax over the keys.
    Weights,
    /// weights·v.
    Context,
    /// (b, h, t, dk) → (b, t, d).
    Merge { b: usize, h: usize, t: usize, dk: usize, d: usize },
    /// merged·W_oᵀ + b_o.
    AttentionOut,
    /// The residual sum, or (`residual: false`) the sublayer alone.
    Sum { skip: String, sub: String, residual: bool },
    /// LayerNorm's normalisation with eps = 10^eps_exponent.
    Normalize { input: String, eps_exponent: i8 },
    /// γ·x̂ + β.
    ScaleShift,
    /// The FFN's first Linear, d → f.
    FfnIn { x: String, d: usize, f: usize },
    /// max(0, pre).
    Relu,
    /// The FFN's second Linear, f → d.
    FfnOut { f: usize, d: usize },
    /// The output Linear, d → vocab.
    Logits { y: String, d: usize, vocab: usize },
    /// softmax over the vocabulary.
    Probs,
    /// Cross-entropy with label smoothing ε = permille / 1000.
    Loss { smoothing_permille: u16 },
}

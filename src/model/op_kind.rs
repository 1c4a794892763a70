//! The typed keys of an operation: its kind (what it computes) and its formula (what the screen
//! writes above it, with the numbers it was built with). `strings::model_text` renders both, so
//! every word of them lives in the strings module. Here too, side by side, what each kind computes
//! forward and backward (the arithmetic itself is in `kernels/`): a new kind is its variant, its
//! two arms and its formula here, its kernels, where `build` puts it, and its words in strings.

use super::arch::MaskFill;
use super::kernels;
use super::program::{LinearRef, NormRef, Op, Proj, Side};
use super::run::{Run, eps};
use super::weights::{Linear, Norm, Weights};
use ndarray::ArrayD;
use std::sync::Arc;

/// What an operation computes. The arithmetic for each lives in `kernels/`; its label is
/// `strings::model_text`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpKind {
    /// A tensor handed to the run (attention-block programs start from one).
    Input,
    /// Rows of the embedding table for the token ids.
    Embed(Side),
    /// Embedding rows × √d_model (Marian's `scale_embedding`).
    EmbedScale,
    /// The sinusoidal table PE (T, d), in the layout the model's conventions give.
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
    /// x / √d_k (the scaling of scaled dot-product attention), d_k the width of one head's
    /// queries and keys (note 002's qk_dim / heads when that differs from the values' width).
    Scale {
        d_k: usize,
    },
    /// masked_fill(mask == 0, -1e9), or another way of applying the mask (`arch::MaskFill`).
    MaskFill(MaskFill),
    /// Softmax over the last axis.
    Softmax,
    /// weights · v.
    Context,
    MergeHeads,
    /// One head's slice of the context zeroed, or (`keep_only`) every other head's: the head
    /// ablation of the probes.
    HeadMask {
        head: usize,
        keep_only: bool,
    },
    /// Elementwise sum (the residual connection).
    Add,
    Relu,
    /// x · σ(x), "swish" (Marian's FFN).
    Silu,
    /// x · Φ(x), the exact GELU.
    Gelu,
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

/// 1/√d_k, the factor scaled dot-product attention multiplies q·kᵀ by, for queries and keys
/// `d_k` wide per head.
pub fn score_scale(d_k: usize) -> f32 {
    1.0 / (d_k as f32).sqrt()
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
    /// A side's embedding rows × √d.
    EmbedScale { side: Side, d: usize },
    /// The sinusoidal table, d wide, in its layout.
    PositionalEncoding { d: usize, layout: crate::model::config::PositionLayout },
    /// embed + PE for a side.
    /// `scaled`: the embedding was scaled by √d_model first (`{side}.scaled`, Marian's).
    AddPositional { side: Side, scaled: bool },
    /// One flag per key: `name = (k_ids != <pad>)`.
    PadKeys { name: String, k: Side },
    /// Note 000's q & k padding mask.
    PadQueryKey { name: String, q: Side, k: Side },
    /// The target's padding part left out (note 002).
    PadOnes,
    /// No target padding mask, because the start token is `<pad>` (Marian).
    PadNoneStartIsPad,
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
    /// Head `head` of the context zeroed, or (`keep_only`) kept alone.
    HeadMask { context: String, head: usize, keep_only: bool },
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
    /// pre · σ(pre).
    Silu,
    /// pre · Φ(pre).
    Gelu,
    /// The FFN's second Linear, f → d.
    FfnOut { f: usize, d: usize },
    /// The output Linear, d → vocab.
    Logits { y: String, d: usize, vocab: usize },
    /// softmax over the vocabulary.
    Probs,
    /// Cross-entropy with label smoothing ε = permille / 1000.
    Loss { smoothing_permille: u16 },
}

impl OpKind {
    /// The output of `op` (of this kind) in `run`, every operation it reads computed already.
    pub(super) fn forward(self, run: &Run, op: &Op) -> Arc<ArrayD<f32>> {
        let input = |i: usize| run.shared_value(op.inputs[i]).as_ref();
        let w = run.weights();
        Arc::new(match self {
            OpKind::Input => return run.inputs().tensors.get(&op.name).cloned().expect("the run was given this input"),
            OpKind::Embed(side) => {
                let table = if side == Side::Src { &w.src_embed } else { &w.tgt_embed };
                kernels::embed(table.view(), run.ids(side))
            }
            OpKind::EmbedScale => kernels::scale(input(0), (w.config.d_model as f32).sqrt()),
            OpKind::PositionalEncoding => {
                kernels::positional_table(op.shape[0], op.shape[1], w.config.conventions.positions)
            }
            OpKind::AddPositional => kernels::add(input(0), input(1)),
            OpKind::PaddingMask(side) => kernels::padding_mask(run.ids(side), w.config.pad_idx),
            OpKind::PaddingMaskQK { q, k } => kernels::padding_mask_qk(run.ids(q), run.ids(k), w.config.pad_idx),
            OpKind::CausalMask => kernels::causal_mask(op.shape[2]),
            OpKind::OnesMask => ArrayD::ones(op.shape.as_slice()),
            OpKind::MaskAnd => kernels::mask_and(input(0), input(1)),
            OpKind::Linear(r) => {
                let Linear { weight, bias } = w.linear(r);
                kernels::linear(input(0), weight.view(), bias.view())
            }
            OpKind::SplitHeads => kernels::split_heads(input(0), w.config.n_heads),
            OpKind::QueryKey => kernels::scores(input(0), input(1), 1.0),
            OpKind::Scale { d_k } => kernels::scale(input(0), score_scale(d_k)),
            OpKind::MaskFill(fill) => match fill {
                MaskFill::Off => input(0).clone(),
                MaskFill::MinusBillion => kernels::mask_fill(input(0), input(1), kernels::MASK_FILL),
                MaskFill::MinusInfinity => kernels::mask_fill(input(0), input(1), f32::NEG_INFINITY),
                MaskFill::Multiply => kernels::mask_multiply(input(0), input(1)),
            },
            OpKind::Softmax => kernels::softmax_last(input(0)),
            OpKind::Context => kernels::context(input(0), input(1)),
            OpKind::MergeHeads => kernels::merge_heads(input(0)),
            OpKind::HeadMask { head, keep_only } => kernels::head_mask(input(0), head, keep_only),
            OpKind::Add => kernels::add(input(0), input(1)),
            OpKind::Relu => kernels::relu(input(0)),
            OpKind::Silu => kernels::silu(input(0)),
            OpKind::Gelu => kernels::gelu(input(0)),
            OpKind::Normalize { eps_exponent } => kernels::normalize(input(0), eps(eps_exponent)),
            OpKind::ScaleShift(r) => {
                let Norm { gamma, beta } = w.norm(r);
                kernels::scale_shift(input(0), gamma.view(), beta.view())
            }
            OpKind::Identity => return run.shared_value(op.inputs[0]).clone(),
            OpKind::CrossEntropy { smoothing_permille } => {
                let labels = run.inputs().labels.as_ref().expect("a training run is given its labels");
                kernels::cross_entropy(input(0), labels, w.config.pad_idx, smoothing_permille as f32 / 1000.0)
            }
        })
    }

    /// The backward of operation `index` (of this kind): the gradients of its inputs (in the
    /// order it reads them), with its parameters' gradients added into `params`.
    pub(super) fn backward(
        self,
        run: &Run,
        index: usize,
        d_out: &ArrayD<f32>,
        params: &mut Weights,
    ) -> Vec<Option<ArrayD<f32>>> {
        let op = run.program().op(index);
        let input = |i: usize| run.value(op.inputs[i]).expect("computed before");
        let output = || run.value(index).expect("computed");
        let w = run.weights();
        let pad = w.config.pad_idx;
        match self {
            OpKind::Input | OpKind::PositionalEncoding => vec![],
            OpKind::PaddingMask(_)
            | OpKind::PaddingMaskQK { .. }
            | OpKind::CausalMask
            | OpKind::OnesMask
            | OpKind::MaskAnd => vec![None; op.inputs.len()],
            OpKind::Embed(side) => {
                let (table, grad) = match side {
                    Side::Src => (&w.src_embed, &mut params.src_embed),
                    Side::Tgt => (&w.tgt_embed, &mut params.tgt_embed),
                };
                *grad += &kernels::embed_backward(table.nrows(), run.ids(side), pad, d_out);
                vec![]
            }
            OpKind::AddPositional | OpKind::Add => {
                let (d_a, d_b) = kernels::add_backward(input(0).shape(), input(1).shape(), d_out);
                vec![Some(d_a), Some(d_b)]
            }
            OpKind::Linear(r) => {
                let g = kernels::linear_backward(input(0), w.linear(r).weight.view(), d_out);
                let slot = params.linear_mut(r);
                slot.weight += &g.d_weight;
                slot.bias += &g.d_bias;
                vec![Some(g.d_x)]
            }
            OpKind::SplitHeads => vec![Some(kernels::merge_heads(d_out))],
            OpKind::MergeHeads => vec![Some(kernels::split_heads(d_out, w.config.n_heads))],
            OpKind::HeadMask { head, keep_only } => vec![Some(kernels::head_mask(d_out, head, keep_only))],
            OpKind::QueryKey => {
                let (d_q, d_k) = kernels::scores_backward(input(0), input(1), 1.0, d_out);
                vec![Some(d_q), Some(d_k)]
            }
            OpKind::Scale { d_k } => vec![Some(kernels::scale(d_out, score_scale(d_k)))],
            OpKind::MaskFill(fill) => {
                let d_scores = match fill {
                    MaskFill::Multiply => kernels::mask_multiply_backward(input(1), d_out),
                    _ => kernels::mask_fill_backward(input(1), d_out),
                };
                vec![Some(d_scores), None]
            }
            OpKind::Softmax => vec![Some(kernels::softmax_last_backward(output(), d_out))],
            OpKind::Context => {
                let (d_weights, d_v) = kernels::context_backward(input(0), input(1), d_out);
                vec![Some(d_weights), Some(d_v)]
            }
            OpKind::Relu => vec![Some(kernels::relu_backward(input(0), d_out))],
            OpKind::Silu => vec![Some(kernels::silu_backward(input(0), d_out))],
            OpKind::Gelu => vec![Some(kernels::gelu_backward(input(0), d_out))],
            OpKind::EmbedScale => vec![Some(kernels::scale(d_out, (w.config.d_model as f32).sqrt()))],
            OpKind::Normalize { eps_exponent } => {
                vec![Some(kernels::normalize_backward(input(0), eps(eps_exponent), d_out))]
            }
            OpKind::ScaleShift(r) => {
                let (d_hat, d_gamma, d_beta) = kernels::scale_shift_backward(input(0), w.norm(r).gamma.view(), d_out);
                let slot = params.norm_mut(r);
                slot.gamma += &d_gamma;
                slot.beta += &d_beta;
                vec![Some(d_hat)]
            }
            OpKind::Identity => vec![Some(d_out.clone())],
            OpKind::CrossEntropy { smoothing_permille } => {
                let labels = run.inputs().labels.as_ref().expect("a training run has labels");
                let d_loss = d_out.iter().next().copied().unwrap_or(1.0);
                let eps = smoothing_permille as f32 / 1000.0;
                vec![Some(kernels::cross_entropy_backward(input(0), labels, pad, eps, d_loss))]
            }
        }
    }
}

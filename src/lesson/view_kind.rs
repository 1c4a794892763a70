//! How a beat shows its operation: the views a lesson names (`view = "softmax"`), what each
//! can show, and which one suits an operation when a lesson does not say. The names come from
//! one derive (`strum`); lessons/FORMAT.md#views documents each.

use crate::model::program::{LinearRef, OpKind, Proj, Side};
use strum::{EnumString, IntoStaticStr, VariantArray, VariantNames};

/// How a beat shows its operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumString, IntoStaticStr, VariantArray, VariantNames)]
#[strum(serialize_all = "kebab-case")]
pub enum ViewKind {
    Heatmap,
    Mask,
    Softmax,
    #[strum(serialize = "layernorm")]
    LayerNorm,
    Vector,
    /// The most probable words per position, for the output's probabilities.
    TopWords,
    /// Text → tokens → ids for both sides, padding, vocab_size vs max_len.
    Tokens,
    /// The forward pass as stages with their shapes, computed ones marked.
    Pipeline,
    /// Parameter counts per block.
    Params,
    /// Note 003's RNN on the same sentence, next to attention.
    Rnn,
    /// LayerNorm and BatchNorm on the same tensor.
    NormCompare,
    /// Note 003's fused W_qkv, and the widths d_k and d_v.
    FusedQkv,
    /// Greedy decoding, one step at a time.
    Decode,
    /// The key/value cache of greedy decoding: each step's one query row against the cached keys,
    /// the cache's shape growing, each step's time with and without the cache, measured live.
    KvCache,
    /// The training loss: each target position's label, its probability and −log p, the mean.
    Loss,
    /// The gradient's norm reaching each layer, with and without the residuals' straight paths.
    GradFlow,
    /// The gradient of an embedding table: which rows the batch's ids give one.
    EmbedGrad,
    /// One weight's step: its gradient, a finite-difference check, Adam's m and v, the loss after.
    AdamStep,
    /// A head of an attention block taken out, and kept alone: next words and translation.
    Ablation,
    /// The output Linear applied after each decoder sublayer, at one position.
    LogitLens,
    /// Each key's attention weight beside the length of what it adds, ‖α·v·W_oʰ‖.
    Contributions,
    /// One source position copied from batch row 1 into row 0 after each encoder layer.
    Patching,
    /// Every cross-attention head scored against the held-out pairs' gold word alignments.
    Alignment,
    /// The FFN's pre-activation row through ReLU, GELU and SiLU, the model's own marked.
    Activations,
    /// The whole positional table, every position and feature, fitted to the pane.
    PeTable,
    /// Where a layer drops values in training, this run's residual sums, one training draw.
    Dropout,
}

impl ViewKind {
    /// Every view, in the order the schema lists them.
    pub fn all() -> &'static [ViewKind] {
        <Self as VariantArray>::VARIANTS
    }

    /// Every view's name, as a lesson writes it.
    pub fn names() -> &'static [&'static str] {
        <Self as VariantNames>::VARIANTS
    }

    /// The view a lesson calls `name`.
    pub fn from_name(name: &str) -> Option<ViewKind> {
        name.parse().ok()
    }

    /// The name a lesson writes (`view = "top-words"`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether this view can show an operation of this kind and rank.
    pub fn fits(self, kind: OpKind, ndim: usize) -> bool {
        match self {
            ViewKind::Mask => kind.is_mask(),
            ViewKind::Softmax => kind == OpKind::Softmax && ndim == 4,
            ViewKind::LayerNorm => matches!(kind, OpKind::Add | OpKind::Normalize { .. } | OpKind::ScaleShift(_)),
            ViewKind::Heatmap | ViewKind::Vector => ndim >= 2,
            ViewKind::TopWords | ViewKind::Decode | ViewKind::KvCache => kind == OpKind::Softmax && ndim == 3,
            ViewKind::Tokens => matches!(kind, OpKind::Embed(_)),
            ViewKind::Rnn => kind == OpKind::Embed(Side::Src),
            ViewKind::Pipeline | ViewKind::Params | ViewKind::GradFlow => true,
            ViewKind::Loss => matches!(kind, OpKind::CrossEntropy { .. }),
            ViewKind::EmbedGrad => matches!(kind, OpKind::Embed(_)),
            ViewKind::AdamStep => matches!(kind, OpKind::Linear(_) | OpKind::Embed(_) | OpKind::ScaleShift(_)),
            ViewKind::NormCompare => kind == OpKind::Add && ndim == 3,
            ViewKind::Ablation | ViewKind::Contributions | ViewKind::Alignment => kind == OpKind::Softmax && ndim == 4,
            ViewKind::LogitLens => kind == OpKind::Softmax && ndim == 3,
            ViewKind::Patching => {
                matches!(kind, OpKind::ScaleShift(n) if n.stack == crate::model::program::Stack::Encoder && n.index == 2)
            }
            ViewKind::Activations => matches!(kind, OpKind::Relu | OpKind::Gelu | OpKind::Silu),
            ViewKind::PeTable => kind == OpKind::PositionalEncoding,
            ViewKind::Dropout => kind == OpKind::Add && ndim == 3,
            ViewKind::FusedQkv => {
                matches!(kind, OpKind::Linear(LinearRef::Attn { proj: Proj::Q | Proj::K | Proj::V, .. }))
            }
        }
    }

    /// Text views whose rows are not the tensor's rows: ↑/↓ scroll them instead of choosing a row
    /// (a `decode` view's step is the beat's `step`).
    pub fn scrolls_lines(self) -> bool {
        matches!(
            self,
            ViewKind::Tokens
                | ViewKind::Pipeline
                | ViewKind::Params
                | ViewKind::Rnn
                | ViewKind::FusedQkv
                | ViewKind::Decode
                | ViewKind::KvCache
                | ViewKind::Loss
                | ViewKind::GradFlow
                | ViewKind::EmbedGrad
                | ViewKind::AdamStep
                | ViewKind::Ablation
                | ViewKind::Patching
                | ViewKind::Alignment
                | ViewKind::Dropout
        )
    }

    /// Views of greedy decoding whose rows are its steps (`step`; n/p step on).
    pub fn steps_decoding(self) -> bool {
        matches!(self, ViewKind::Decode | ViewKind::KvCache)
    }

    /// Views that stay on when the learner steps to another operation they can show: a head
    /// ablation or the contributions on every attention block, the one-step check on every weight.
    pub fn follows_across_ops(self) -> bool {
        self.one_head_at_a_time() || self == ViewKind::AdamStep
    }

    /// Views that take one head out or weigh one head's keys: `[`/`]` choose a head, and there is
    /// no mean of the heads to stop at.
    pub fn one_head_at_a_time(self) -> bool {
        matches!(self, ViewKind::Ablation | ViewKind::Contributions)
    }

    /// Views of the training program's loss and gradients (a lesson with program = "training").
    pub fn needs_training(self) -> bool {
        matches!(self, ViewKind::Loss | ViewKind::GradFlow | ViewKind::EmbedGrad | ViewKind::AdamStep)
    }

    /// What a view needs, for the error when a beat's op does not fit it.
    pub fn needs(self) -> &'static str {
        match self {
            ViewKind::Tokens => "an embedding (src.embed or tgt.embed)",
            ViewKind::Rnn => "the source embedding, src.embed",
            ViewKind::NormCompare => "an Add & Norm's sum, e.g. enc.0.norm1.sum",
            ViewKind::FusedQkv => "a q, k or v projection, e.g. enc.0.self_attn.q_proj",
            ViewKind::Decode | ViewKind::TopWords | ViewKind::KvCache => "the output probabilities, probs",
            ViewKind::Loss => "the training loss, loss",
            ViewKind::EmbedGrad => "an embedding (src.embed or tgt.embed)",
            ViewKind::AdamStep => "an operation with weights: a Linear, an embedding or a LayerNorm's γ·x̂ + β",
            ViewKind::Ablation | ViewKind::Contributions | ViewKind::Alignment => {
                "attention weights, e.g. dec.1.cross_attn.weights"
            }
            ViewKind::LogitLens => "the output probabilities, probs",
            ViewKind::Patching => "an encoder layer's output, e.g. enc.0.norm2.out",
            ViewKind::Activations => "the feed-forward network's activation, e.g. enc.0.ffn.hidden",
            ViewKind::PeTable => "a positional encoding, src.pe or tgt.pe",
            ViewKind::Dropout => "an Add & Norm's sum, e.g. enc.0.norm1.sum",
            _ => "another kind of operation",
        }
    }

    /// The view that suits an operation when a lesson does not say (free stepping).
    pub fn default_for(kind: OpKind, ndim: usize) -> ViewKind {
        match kind {
            kind if kind.is_mask() => ViewKind::Mask,
            OpKind::Softmax if ndim == 4 => ViewKind::Softmax,
            OpKind::Softmax => ViewKind::TopWords,
            OpKind::CrossEntropy { .. } => ViewKind::Loss,
            OpKind::Add | OpKind::Normalize { .. } | OpKind::ScaleShift(_) => ViewKind::LayerNorm,
            OpKind::Embed(_) | OpKind::PositionalEncoding | OpKind::AddPositional => ViewKind::Vector,
            _ => ViewKind::Heatmap,
        }
    }
}

//! The forward pass as data: an ordered list of named operations.
//! A `Program` says what to compute and in what order; a `Run` (run.rs) computes it.

use super::arch::MaskFill;
use std::collections::HashMap;

/// Which sentence an embedding or padding mask reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Src,
    Tgt,
}

impl Side {
    /// `src` or `tgt`, as op names (`src.embed`) and id inputs (`src_ids`) spell the side.
    pub fn prefix(self) -> &'static str {
        match self {
            Side::Src => "src",
            Side::Tgt => "tgt",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stack {
    Encoder,
    Decoder,
}

/// The two attention blocks a layer can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttnBlock {
    SelfAttn,
    CrossAttn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Proj {
    Q,
    K,
    V,
    O,
}

/// Which nn.Linear's weights an operation uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LinearRef {
    Attn { stack: Stack, layer: usize, block: AttnBlock, proj: Proj },
    Ffn1 { stack: Stack, layer: usize },
    Ffn2 { stack: Stack, layer: usize },
    Out,
}

/// Which nn.LayerNorm's gamma and beta an operation uses (index 1, 2 or 3 within the layer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NormRef {
    pub stack: Stack,
    pub layer: usize,
    pub index: usize,
}

/// What an operation computes. The arithmetic for each lives in kernels.rs.
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
    /// A short name for the kind, as the trace and the screen print it.
    pub fn label(&self) -> &'static str {
        match self {
            OpKind::Input => "Input",
            OpKind::Embed(_) => "Embed",
            OpKind::PositionalEncoding => "PosEnc",
            OpKind::AddPositional => "AddPE",
            OpKind::PaddingMask(_) => "PadMask",
            OpKind::PaddingMaskQK { .. } => "PadMaskQK",
            OpKind::CausalMask => "CausalMask",
            OpKind::OnesMask => "OnesMask",
            OpKind::MaskAnd => "MaskAnd",
            OpKind::Linear(_) => "Linear",
            OpKind::SplitHeads => "SplitHeads",
            OpKind::QueryKey => "MatMulT",
            OpKind::Scale => "Scale",
            OpKind::MaskFill(_) => "MaskFill",
            OpKind::Softmax => "Softmax",
            OpKind::Context => "MatMul",
            OpKind::MergeHeads => "MergeHeads",
            OpKind::Add => "Add",
            OpKind::Relu => "ReLU",
            OpKind::Normalize { .. } => "Normalize",
            OpKind::ScaleShift(_) => "ScaleShift",
            OpKind::Identity => "Identity",
            OpKind::CrossEntropy { .. } => "CrossEntropy",
        }
    }
}

/// Where in a layer an operation sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    SelfAttention,
    CrossAttention,
    /// Add & Norm number 1, 2 or 3 of the layer.
    AddNorm(usize),
    FeedForward,
}

/// Where in the architecture an operation sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Embedding(Side),
    Masks(Side),
    Encoder {
        layer: usize,
        part: Part,
    },
    Decoder {
        layer: usize,
        part: Part,
    },
    Output,
    /// The training loss, after the output.
    Loss,
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

impl Place {
    /// "encoder layer 0 · self-attention", as the screen prints it.
    pub fn describe(&self) -> String {
        match self {
            Place::Embedding(Side::Src) => "source embedding + positional encoding".into(),
            Place::Embedding(Side::Tgt) => "target embedding + positional encoding".into(),
            Place::Masks(Side::Src) => "source mask".into(),
            Place::Masks(Side::Tgt) => "target mask".into(),
            Place::Encoder { layer, part } => format!("encoder layer {layer} · {}", part.describe(Stack::Encoder)),
            Place::Decoder { layer, part } => format!("decoder layer {layer} · {}", part.describe(Stack::Decoder)),
            Place::Output => "output: Linear + softmax".into(),
            Place::Loss => "training loss: cross-entropy against the next words".into(),
        }
    }
}

impl Part {
    pub fn describe(&self, stack: Stack) -> &'static str {
        match (self, stack) {
            (Part::SelfAttention, Stack::Encoder) => "self-attention",
            (Part::SelfAttention, Stack::Decoder) => "masked self-attention",
            (Part::CrossAttention, _) => "cross-attention",
            (Part::AddNorm(_), _) => "Add & Norm",
            (Part::FeedForward, _) => "feed-forward",
        }
    }
}

/// What one axis of a tensor runs over, so a view can label it (tokens of which sentence,
/// heads, features, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dim {
    Batch,
    Heads,
    /// One position per token of the source or target sentence.
    Tokens(Side),
    /// Features of a token vector (d_model, d_k or d_ff wide).
    Features,
    /// One entry per vocabulary word.
    Vocab,
    /// Positions of the positional-encoding table.
    Positions,
    /// A size-1 axis that broadcasts (the 1s in a mask's (B, 1, 1, T)).
    Broadcast,
}

/// A shape with what each axis runs over: `Shape::of(&[(2, Batch), (6, Tokens(Tgt)), (32, Features)])`.
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    pub sizes: Vec<usize>,
    pub dims: Vec<Dim>,
}

impl Shape {
    pub fn of(axes: &[(usize, Dim)]) -> Shape {
        Shape { sizes: axes.iter().map(|a| a.0).collect(), dims: axes.iter().map(|a| a.1).collect() }
    }
}

/// One named operation of the forward pass.
#[derive(Debug, Clone, PartialEq)]
pub struct Op {
    pub name: String, // "enc.0.self_attn.scores"
    pub kind: OpKind,
    pub inputs: Vec<usize>, // indices of the operations whose outputs it reads
    pub shape: Vec<usize>,  // shape of its output
    pub dims: Vec<Dim>,     // what each axis of the output runs over
    pub place: Place,
    pub formula: String, // "scores = q·kᵀ/√8"
}

impl Op {
    /// Where the operation stands, as a heading says it: its place, except that the embedding and
    /// the positional encoding are named apart (PE is not in `src.embed` yet).
    pub fn where_text(&self) -> String {
        match (self.kind, self.place) {
            (OpKind::Embed(Side::Src), _) => "source embedding (PE not added yet)".into(),
            (OpKind::Embed(Side::Tgt), _) => "target embedding (PE not added yet)".into(),
            (OpKind::PositionalEncoding, Place::Embedding(Side::Src)) => "source positional encoding".into(),
            (OpKind::PositionalEncoding, Place::Embedding(Side::Tgt)) => "target positional encoding".into(),
            _ => self.place.describe(),
        }
    }
}

/// The ordered operations, and a name -> index table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Program {
    ops: Vec<Op>,
    index: HashMap<String, usize>,
}

impl Program {
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    pub fn len(&self) -> usize {
        self.ops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    pub fn op(&self, index: usize) -> &Op {
        &self.ops[index]
    }

    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.ops.iter().map(|op| op.name.as_str())
    }

    /// Append an operation reading the named earlier operations; returns its name for chaining.
    pub(crate) fn push(
        &mut self,
        name: String,
        kind: OpKind,
        inputs: &[&str],
        shape: Shape,
        place: Place,
        formula: String,
    ) -> String {
        let inputs = inputs
            .iter()
            .map(|input| self.index_of(input).unwrap_or_else(|| panic!("program bug: {name} reads unknown {input}")))
            .collect();
        assert!(!self.index.contains_key(&name), "program bug: {name} defined twice");
        self.index.insert(name.clone(), self.ops.len());
        let Shape { sizes: shape, dims } = shape;
        self.ops.push(Op { name: name.clone(), kind, inputs, shape, dims, place, formula });
        name
    }
}

/// `(1, 6, 32)`, as the notes print shapes.
pub fn shape_text(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    if parts.len() == 1 { format!("({},)", parts[0]) } else { format!("({})", parts.join(", ")) }
}

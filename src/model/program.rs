//! The forward pass as data: an ordered list of named operations.
//! A `Program` says what to compute and in what order; a `Run` (run.rs) computes it.
//! No screen text here: a `Place`, an `OpKind` and a `Formula` are typed keys that
//! `strings::model_text` renders (`place.describe()`, `kind.label()`, `op.where_text()`,
//! `op.formula.to_string()`).

pub use super::op_kind::{Formula, OpKind};
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

/// The two stacks, by the prefix their ops' names begin with (`enc.0.…`, `dec.1.…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr)]
pub enum Stack {
    #[strum(serialize = "enc")]
    Encoder,
    #[strum(serialize = "dec")]
    Decoder,
}

/// The two attention blocks a layer can have, by their part of an op's name (`dec.0.cross_attn.…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr)]
pub enum AttnBlock {
    #[strum(serialize = "self_attn")]
    SelfAttn,
    #[strum(serialize = "cross_attn")]
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
    pub formula: Formula, // `scores = q·kᵀ/√8`, as strings renders it
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
        formula: Formula,
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

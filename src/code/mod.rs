//! The code beside every operation. For each operation of a program, a snippet: the few lines of
//! numpy or PyTorch that compute it, in the program's own names (`scores = qk / math.sqrt(d_k)`),
//! with this run's shapes as a comment, and where the notes compute the same thing, which note and
//! section (and, where that note's code is wrong, the corrected line and why). The snippets are
//! data made from the program: a new op kind is one arm in `forward`, and the export test fails
//! until it has one.
//!
//! `script` strings every snippet of a run together, in program order, into one runnable file
//! (`export --numpy`, `export --pytorch`) that recomputes each named tensor from the exported
//! weights and ids and checks it against the tutor's: the lines on the screen are the lines that
//! compute the numbers on the screen.
//!
//! The code itself is Python, the same in every language; its one-line comments and the notes'
//! corrections are words of `strings` (in the screen's language).

mod backward;
mod forward;
mod names;
mod notes;
mod script;
mod script_backward;

pub use backward::{Backward, backward};
pub use forward::tied_output;
pub use notes::{Mistake, NoteFact};
pub use script::{Script, script};

use crate::model::program::{Dim, Op, Program, Side};
use crate::model::{Config, Weights};

/// Which library a snippet is written for: the two twins of every snippet use the same names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lib {
    Numpy,
    Torch,
}

/// Where a snippet's local name gets its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The output of an earlier operation, by the program's name (`enc.0.self_attn.q`).
    Tensor(String),
    /// A parameter, by its PyTorch name (`encoder.layers.0.self_attn.w_q.weight`).
    Weight(String),
    /// The token ids of a side (`src_ids`).
    Ids(Side),
    /// The next-word labels a training run's loss reads.
    Labels,
}

/// One local name of a snippet and where its value comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub local: String,
    pub source: Source,
}

/// The code of one operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The operation's name in the program.
    pub op: String,
    /// What the lines read, and from where.
    pub bindings: Vec<Binding>,
    /// The lines, the last of which assigns `out`.
    pub lines: Vec<String>,
    /// The local name of the result.
    pub out: String,
    /// `(B, H, T_src, T_src) = (2, 4, 5, 5)`: the result's axes and this run's sizes.
    pub shape: String,
    /// Where the notes compute the same thing.
    pub note: Option<NoteFact>,
}

impl Snippet {
    /// The lines with the shape comment on the last.
    pub fn lines_with_shape(&self) -> Vec<String> {
        let mut lines = self.lines.clone();
        if let Some(last) = lines.last_mut() {
            last.push_str(&format!("  # {}", self.shape));
        }
        lines
    }
}

/// The snippet of operation `index` of `program`, run with `weights`, in `lib`.
pub fn snippet(program: &Program, weights: &Weights, index: usize, lib: Lib) -> Snippet {
    let op = program.op(index);
    let (ins, out) = names::locals(program, op);
    let cx = forward::Cx { op, weights, ins: &ins, out: &out, lib };
    let (mut bindings, lines) = forward::code(&cx);
    let inputs = op.inputs.iter().zip(&ins);
    let tensors =
        inputs.map(|(&i, local)| Binding { local: local.clone(), source: Source::Tensor(program.op(i).name.clone()) });
    let mut all: Vec<Binding> = tensors.collect();
    all.append(&mut bindings);
    Snippet {
        op: op.name.clone(),
        bindings: all,
        lines,
        out,
        shape: shape_comment(op, &weights.config),
        note: notes::note(op, weights),
    }
}

/// `(B, H, T_src, T_src) = (2, 4, 5, 5)`.
fn shape_comment(op: &Op, config: &Config) -> String {
    let axes: Vec<&str> = op.dims.iter().zip(&op.shape).map(|(&d, &n)| axis_name(d, n, config)).collect();
    let sizes: Vec<String> = op.shape.iter().map(|n| n.to_string()).collect();
    match op.shape.len() {
        0 => "()".to_string(),
        1 => format!("({},) = ({},)", axes[0], sizes[0]),
        _ => format!("({}) = ({})", axes.join(", "), sizes.join(", ")),
    }
}

/// The axis's symbol as the notes write shapes: B, H, T_src, d_model, d_k, d_ff, V.
fn axis_name(dim: Dim, size: usize, config: &Config) -> &'static str {
    match dim {
        Dim::Batch => "B",
        Dim::Heads => "H",
        Dim::Tokens(Side::Src) => "T_src",
        Dim::Tokens(Side::Tgt) => "T_tgt",
        Dim::Positions => "T",
        Dim::Vocab => "V",
        Dim::Broadcast => "1",
        Dim::Features if size == config.d_model => "d_model",
        Dim::Features if size == config.d_ff => "d_ff",
        Dim::Features if size == config.d_k() => "d_k",
        Dim::Features => "d",
    }
}

/// Every op kind's key, as `kind_key` names it: each has a snippet, and the export test runs
/// every one (mask-off's fill is not here: `build` writes it as an Identity).
pub const KINDS: &[&str] = &[
    "input",
    "embed",
    "embed-scale",
    "positional-encoding",
    "positional-halves",
    "add-positional",
    "padding-mask",
    "padding-mask-qk",
    "causal-mask",
    "ones-mask",
    "mask-and",
    "linear",
    "linear-tied",
    "split-heads",
    "query-key",
    "scale",
    "mask-fill-minus-billion",
    "mask-fill-minus-infinity",
    "mask-fill-multiply",
    "softmax",
    "context",
    "merge-heads",
    "head-mask",
    "add",
    "relu",
    "silu",
    "gelu",
    "normalize",
    "scale-shift",
    "identity",
    "cross-entropy",
];

/// The key of `op`'s kind (its snippet's variant: the positional table's layout and a tied
/// output count as kinds of their own). A new `OpKind` fails to compile here until it has one.
pub fn kind_key(op: &Op, weights: &Weights) -> &'static str {
    use crate::model::arch::MaskFill;
    use crate::model::config::PositionLayout;
    use crate::model::program::{Formula, LinearRef, OpKind};
    match op.kind {
        OpKind::Input => "input",
        OpKind::Embed(_) => "embed",
        OpKind::EmbedScale => "embed-scale",
        OpKind::PositionalEncoding
            if matches!(op.formula, Formula::PositionalEncoding { layout: PositionLayout::Halves, .. }) =>
        {
            "positional-halves"
        }
        OpKind::PositionalEncoding => "positional-encoding",
        OpKind::AddPositional => "add-positional",
        OpKind::PaddingMask(_) => "padding-mask",
        OpKind::PaddingMaskQK { .. } => "padding-mask-qk",
        OpKind::CausalMask => "causal-mask",
        OpKind::OnesMask => "ones-mask",
        OpKind::MaskAnd => "mask-and",
        OpKind::Linear(LinearRef::Out) if forward::tied_output(weights) => "linear-tied",
        OpKind::Linear(_) => "linear",
        OpKind::SplitHeads => "split-heads",
        OpKind::QueryKey => "query-key",
        OpKind::Scale { .. } => "scale",
        OpKind::MaskFill(MaskFill::MinusBillion) => "mask-fill-minus-billion",
        OpKind::MaskFill(MaskFill::MinusInfinity) => "mask-fill-minus-infinity",
        OpKind::MaskFill(MaskFill::Multiply) => "mask-fill-multiply",
        OpKind::MaskFill(MaskFill::Off) => "mask-fill-off",
        OpKind::Softmax => "softmax",
        OpKind::Context => "context",
        OpKind::MergeHeads => "merge-heads",
        OpKind::HeadMask { .. } => "head-mask",
        OpKind::Add => "add",
        OpKind::Relu => "relu",
        OpKind::Silu => "silu",
        OpKind::Gelu => "gelu",
        OpKind::Normalize { .. } => "normalize",
        OpKind::ScaleShift(_) => "scale-shift",
        OpKind::Identity => "identity",
        OpKind::CrossEntropy { .. } => "cross-entropy",
    }
}

/// Kinds that compute one thing two ways (a model's own layout, fill or activation): where a run
/// has no op of the first, the glossary shows the second's code.
const TWINS: &[(&str, &str)] = &[
    ("positional-encoding", "positional-halves"),
    ("linear", "linear-tied"),
    ("mask-fill-minus-billion", "mask-fill-minus-infinity"),
    ("mask-fill-minus-billion", "mask-fill-multiply"),
    ("padding-mask", "padding-mask-qk"),
    ("relu", "silu"),
    ("relu", "gelu"),
];

/// The operation of `program` whose code computes `kind` (a key of `KINDS`) nearest to operation
/// `near`, the first at or after it before any before it: the glossary's code for a term, as
/// this run computes it. An op of a twin kind when the program has none of `kind`; None when
/// the program computes neither (a forward pass has no loss).
pub fn op_of_kind(program: &Program, weights: &Weights, kind: &str, near: usize) -> Option<usize> {
    let twins = TWINS.iter().filter(|(k, _)| *k == kind).map(|(_, twin)| *twin);
    std::iter::once(kind).chain(twins).find_map(|kind| {
        let ops = (0..program.len()).filter(|&i| kind_key(program.op(i), weights) == kind);
        ops.min_by_key(|&i| (i < near, i.abs_diff(near)))
    })
}

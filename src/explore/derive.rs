//! "Where does this number come from?": one cell of any computed tensor, recomputed from the
//! operands of the operation that produced it, with the steps written out (the d_k products of
//! a score, exp(x − max)/Σ of a softmax weight, (x − μ)/σ of LayerNorm, row `id` of a table).
//! The recomputation is independent of the kernels (plain f64 loops over the run's operands),
//! so a test can hold it against the engine's value for every kind of operation.

use crate::model::arch::MaskFill;
use crate::model::conventions::PositionLayout;
use crate::model::program::{LinearRef, NormRef, Op, OpKind, Side};
use crate::model::run::eps;
use crate::model::{Run, kernels};
use crate::setup::Setup;
use crate::strings;
use ndarray::{ArrayD, IxDyn};

/// A cell's value recomputed, and the lines that show how.
#[derive(Debug, Clone, PartialEq)]
pub struct Derivation {
    pub value: f64,
    pub lines: Vec<String>,
}

/// How many products a sum lists before it sums the rest in one line.
const LISTED: usize = 8;

/// Derive cell `at` (a full index) of operation `op`'s output in `run`. None when the run has
/// not computed it, or the index is outside the tensor.
pub fn derive(run: &Run, setup: &Setup, op: usize, at: &[usize]) -> Option<Derivation> {
    let program = run.program();
    let o = program.op(op);
    let out = run.value(op)?;
    if at.len() != out.ndim() || at.iter().zip(out.shape()).any(|(i, n)| i >= n) {
        return None;
    }
    let mut lines = vec![strings::derive_heading(&o.name, at, out[IxDyn(at)])];
    let c = Cell { run, setup, op: o, index: op, at };
    let value: f64 = match o.kind {
        OpKind::Input => given(&c, &mut lines),
        OpKind::Embed(side) => embed(&c, &mut lines, side),
        OpKind::EmbedScale => embed_scale(&c, &mut lines),
        OpKind::PositionalEncoding => positional(&c, &mut lines),
        OpKind::AddPositional => add_positional(&c, &mut lines),
        OpKind::Add => add(&c, &mut lines),
        OpKind::PaddingMask(side) => pad_flag(&c, &mut lines, side),
        OpKind::PaddingMaskQK { q, k } => pad_flags_qk(&c, &mut lines, q, k),
        OpKind::CausalMask => causal(&c, &mut lines),
        OpKind::OnesMask => ones(&c, &mut lines),
        OpKind::MaskAnd => mask_and(&c, &mut lines),
        OpKind::Linear(r) => linear(&c, &mut lines, r),
        OpKind::SplitHeads => split_heads(&c, &mut lines),
        OpKind::MergeHeads => merge_heads(&c, &mut lines),
        OpKind::HeadMask { head, keep_only } => head_mask(&c, &mut lines, head, keep_only),
        OpKind::QueryKey => query_key(&c, &mut lines),
        OpKind::Scale { d_k } => scale(&c, &mut lines, d_k),
        OpKind::MaskFill(fill) => mask_fill(&c, &mut lines, fill),
        OpKind::Softmax => softmax(&c, &mut lines),
        OpKind::Context => context(&c, &mut lines),
        OpKind::Relu => relu(&c, &mut lines),
        OpKind::Silu => silu(&c, &mut lines),
        OpKind::Gelu => return None,
        OpKind::Normalize { eps_exponent } => normalize(&c, &mut lines, eps_exponent),
        OpKind::ScaleShift(r) => scale_shift(&c, &mut lines, r),
        OpKind::Identity => identity(&c, &mut lines),
        OpKind::CrossEntropy { .. } => return None,
    };
    lines.push(strings::derive_result(value, out[IxDyn(at)]));
    Some(Derivation { value, lines })
}

/// The value of `t` at `at`, where `t` broadcasts to the shape `at` indexes (size-1 axes read 0).
fn broadcast_at(t: &ArrayD<f32>, at: &[usize]) -> f32 {
    let offset = at.len() - t.ndim();
    let index: Vec<usize> =
        t.shape().iter().enumerate().map(|(a, &n)| if n == 1 { 0 } else { at[a + offset] }).collect();
    t[IxDyn(&index)]
}

/// The cell being derived: the run, the operation and the index, and what the steps read.
struct Cell<'a> {
    run: &'a Run,
    setup: &'a Setup,
    op: &'a Op,
    index: usize,
    at: &'a [usize],
}

impl Cell<'_> {
    /// Operand `i` of the operation (computed before it).
    fn input(&self, i: usize) -> &ArrayD<f32> {
        self.run.value(self.op.inputs[i]).expect("operands are computed before")
    }

    fn input_name(&self, i: usize) -> String {
        self.run.program().op(self.op.inputs[i]).name.clone()
    }
}

// one function per kind of operation: the steps, pushed onto `lines`, and the value they give
// ---------------------------------------------------------------------------------------------

fn given(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let out = cell.run.value(cell.index).expect("derived after it is computed");
    lines.push(strings::DERIVE_GIVEN.into());
    out[IxDyn(at)] as f64
}

fn embed(cell: &Cell, lines: &mut Vec<String>, side: Side) -> f64 {
    let w = cell.run.weights();
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    let run = cell.run;
    let setup = cell.setup;
    let (b, t) = (at[0], at[1]);
    let id = run.ids(side)[[b, t]];
    let (table, word, name) = match side {
        Side::Src => (&w.src_embed, setup.src_vocab().word(id), "src_embed"),
        Side::Tgt => (&w.tgt_embed, setup.tgt_vocab().word(id), "tgt_embed"),
    };
    let v = table[[id, last]] as f64;
    lines.push(strings::derive_table_row(&word, id, name, last, v));
    v
}

fn positional(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let o = cell.op;
    let (pos, j) = (at[0], at[1]);
    let d = o.shape[1];
    // which frequency column j holds and whether it is a cosine: the notes interleave sin and
    // cos; Marian puts the ⌈d/2⌉ sines first and the cosines after
    let (pair, cos) = match cell.run.weights().config.conventions.positions {
        PositionLayout::Interleaved => (j - j % 2, j % 2 == 1),
        PositionLayout::Halves if j < d.div_ceil(2) => (2 * j, false),
        PositionLayout::Halves => (2 * (j - d.div_ceil(2)), true),
    };
    let angle = pos as f64 * (-(pair as f64) * 10000f64.ln() / d as f64).exp();
    let v = if cos { angle.cos() } else { angle.sin() };
    lines.push(strings::derive_sinusoid(pos, pair, d, cos, angle, v));
    v
}

fn embed_scale(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let x = cell.input(0)[IxDyn(cell.at)] as f64;
    let d = cell.run.weights().config.d_model;
    lines.push(strings::derive_embed_scale(&cell.input_name(0), x, d));
    x * (d as f64).sqrt()
}

fn add_positional(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let a = cell.input(0)[IxDyn(at)] as f64;
    let b = cell.input(1)[[at[1], at[2]]] as f64;
    lines.push(strings::derive_sum(&[(cell.input_name(0), a), (cell.input_name(1), b)]));
    a + b
}

fn add(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let a = cell.input(0)[IxDyn(at)] as f64;
    let b = broadcast_at(cell.input(1), at) as f64;
    lines.push(strings::derive_sum(&[(cell.input_name(0), a), (cell.input_name(1), b)]));
    a + b
}

fn pad_flag(cell: &Cell, lines: &mut Vec<String>, side: Side) -> f64 {
    let w = cell.run.weights();
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    let run = cell.run;
    let id = run.ids(side)[[at[0], last]];
    lines.push(strings::derive_pad_flag(side, last, id, w.config.pad_idx));
    f64::from(id != w.config.pad_idx)
}

fn pad_flags_qk(cell: &Cell, lines: &mut Vec<String>, q: Side, k: Side) -> f64 {
    let w = cell.run.weights();
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    let run = cell.run;
    let (qi, ki) = (run.ids(q)[[at[0], at[2]]], run.ids(k)[[at[0], last]]);
    let pad = w.config.pad_idx;
    lines.push(strings::derive_pad_flag(q, at[2], qi, pad));
    lines.push(strings::derive_pad_flag(k, last, ki, pad));
    f64::from(qi != pad && ki != pad)
}

fn causal(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    lines.push(strings::derive_causal(at[2], last));
    f64::from(last <= at[2])
}

fn ones(_: &Cell, lines: &mut Vec<String>) -> f64 {
    lines.push(strings::DERIVE_ONES.into());
    1.0
}

fn mask_and(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let (a, b) = (broadcast_at(cell.input(0), at), broadcast_at(cell.input(1), at));
    lines.push(strings::derive_and(&cell.input_name(0), a, &cell.input_name(1), b));
    f64::from(a != 0.0 && b != 0.0)
}

fn linear(cell: &Cell, lines: &mut Vec<String>, r: LinearRef) -> f64 {
    let w = cell.run.weights();
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    let lin = w.linear(r);
    let x = cell.input(0);
    let row_start = &at[..at.len() - 1];
    let n_in = x.shape()[x.ndim() - 1];
    let products: Vec<(f64, f64)> = (0..n_in)
        .map(|i| {
            let mut xi = row_start.to_vec();
            xi.push(i);
            (x[IxDyn(&xi)] as f64, lin.weight[[last, i]] as f64)
        })
        .collect();
    let bias = lin.bias[last] as f64;
    lines.extend(strings::derive_dot(&cell.input_name(0), &strings::weight_row(last), &products, LISTED));
    lines.push(strings::derive_bias(last, bias));
    products.iter().map(|(a, b)| a * b).sum::<f64>() + bias
}

fn split_heads(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let o = cell.op;
    let (b, h, t, c) = (at[0], at[1], at[2], at[3]);
    let dk = o.shape[3];
    let v = cell.input(0)[[b, t, h * dk + c]] as f64;
    lines.push(strings::derive_split(&cell.input_name(0), b, t, h * dk + c, h, dk));
    v
}

fn merge_heads(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let (b, t, j) = (at[0], at[1], at[2]);
    let dk = cell.input(0).shape()[3];
    let v = cell.input(0)[[b, j / dk, t, j % dk]] as f64;
    lines.push(strings::derive_merge(&cell.input_name(0), b, j / dk, t, j % dk));
    v
}

fn head_mask(cell: &Cell, lines: &mut Vec<String>, head: usize, keep_only: bool) -> f64 {
    let kept = (cell.at[1] == head) == keep_only;
    let v = if kept { cell.input(0)[IxDyn(cell.at)] as f64 } else { 0.0 };
    lines.push(strings::derive_head_mask(&cell.input_name(0), cell.at[1], kept));
    v
}

fn query_key(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let (b, h, i, j) = (at[0], at[1], at[2], at[3]);
    let (q, k) = (cell.input(0), cell.input(1));
    let dk = q.shape()[3];
    let products: Vec<(f64, f64)> = (0..dk).map(|c| (q[[b, h, i, c]] as f64, k[[b, h, j, c]] as f64)).collect();
    lines.extend(strings::derive_dot(&cell.input_name(0), &cell.input_name(1), &products, LISTED));
    products.iter().map(|(a, b)| a * b).sum()
}

fn scale(cell: &Cell, lines: &mut Vec<String>, dk: usize) -> f64 {
    let at = cell.at;
    let x = cell.input(0)[IxDyn(at)] as f64;
    lines.push(strings::derive_scale(&cell.input_name(0), x, dk));
    x / (dk as f64).sqrt()
}

fn mask_fill(cell: &Cell, lines: &mut Vec<String>, fill: MaskFill) -> f64 {
    let at = cell.at;
    let s = cell.input(0)[IxDyn(at)] as f64;
    let m = broadcast_at(cell.input(1), at);
    let v = match (fill, m == 0.0) {
        (MaskFill::Multiply, _) => s * m as f64,
        (MaskFill::MinusInfinity, true) => f64::NEG_INFINITY,
        (_, true) => kernels::MASK_FILL as f64,
        (_, false) => s,
    };
    lines.push(strings::derive_mask_fill(&cell.input_name(1), m, s, fill == MaskFill::Multiply, v));
    v
}

fn softmax(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    let x = cell.input(0);
    let row: Vec<f64> = (0..x.shape()[x.ndim() - 1])
        .map(|k| {
            let mut xi = at.to_vec();
            *xi.last_mut().expect("an index") = k;
            x[IxDyn(&xi)] as f64
        })
        .collect();
    let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = row.iter().map(|v| (v - max).exp()).sum();
    let mine = (row[last] - max).exp();
    lines.extend(strings::derive_softmax(&cell.input_name(0), row[last], max, mine, sum, row.len()));
    mine / sum
}

fn context(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let (b, h, i, c) = (at[0], at[1], at[2], at[3]);
    let (wt, v) = (cell.input(0), cell.input(1));
    let tk = wt.shape()[3];
    let products: Vec<(f64, f64)> = (0..tk).map(|k| (wt[[b, h, i, k]] as f64, v[[b, h, k, c]] as f64)).collect();
    lines.extend(strings::derive_dot(&cell.input_name(0), &cell.input_name(1), &products, LISTED));
    products.iter().map(|(a, b)| a * b).sum()
}

fn relu(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let x = cell.input(0)[IxDyn(at)] as f64;
    lines.push(strings::derive_relu(&cell.input_name(0), x));
    crate::model::kernels::relu_one(x as f32) as f64
}

fn silu(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let x = cell.input(0)[IxDyn(cell.at)] as f64;
    lines.push(strings::derive_silu(&cell.input_name(0), x));
    x / (1.0 + (-x).exp())
}

fn normalize(cell: &Cell, lines: &mut Vec<String>, eps_exponent: i8) -> f64 {
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    let x = cell.input(0);
    let d = x.shape()[x.ndim() - 1];
    let token: Vec<f64> = (0..d)
        .map(|k| {
            let mut xi = at.to_vec();
            *xi.last_mut().expect("an index") = k;
            x[IxDyn(&xi)] as f64
        })
        .collect();
    let mean = token.iter().sum::<f64>() / d as f64;
    let var = token.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / d as f64;
    let e = eps(eps_exponent) as f64;
    lines.push(strings::derive_normalize(&cell.input_name(0), token[last], mean, var, e, d));
    (token[last] - mean) / (var + e).sqrt()
}

fn scale_shift(cell: &Cell, lines: &mut Vec<String>, r: NormRef) -> f64 {
    let w = cell.run.weights();
    let last = cell.at[cell.at.len() - 1];
    let at = cell.at;
    let n = w.norm(r);
    let hat = cell.input(0)[IxDyn(at)] as f64;
    let (g, b) = (n.gamma[last] as f64, n.beta[last] as f64);
    lines.push(strings::derive_scale_shift(&cell.input_name(0), hat, g, b, last));
    g * hat + b
}

fn identity(cell: &Cell, lines: &mut Vec<String>) -> f64 {
    let at = cell.at;
    let v = cell.input(0)[IxDyn(at)] as f64;
    lines.push(strings::derive_identity(&cell.input_name(0)));
    v
}

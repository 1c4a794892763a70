//! "Where does this number come from?": one cell of any computed tensor, recomputed from the
//! operands of the operation that produced it, with the steps written out (the d_k products of
//! a score, exp(x − max)/Σ of a softmax weight, (x − μ)/σ of LayerNorm, row `id` of a table).
//! The recomputation is independent of the kernels (plain f64 loops over the run's operands),
//! so a test can hold it against the engine's value for every kind of operation.

use crate::model::arch::MaskFill;
use crate::model::program::{OpKind, Side};
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
    let input = |i: usize| run.value(o.inputs[i]).expect("operands are computed before");
    let input_name = |i: usize| program.op(o.inputs[i]).name.clone();
    let w = run.weights();
    let last = at[at.len() - 1];
    let mut lines = vec![strings::derive_heading(&o.name, at, out[IxDyn(at)])];
    let value: f64 = match o.kind {
        OpKind::Input => {
            lines.push(strings::DERIVE_GIVEN.into());
            out[IxDyn(at)] as f64
        }
        OpKind::Embed(side) => {
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
        OpKind::PositionalEncoding => {
            let (pos, j) = (at[0], at[1]);
            let d = o.shape[1];
            let pair = j - j % 2;
            let angle = pos as f64 * (-(pair as f64) * 10000f64.ln() / d as f64).exp();
            let v = if j % 2 == 0 { angle.sin() } else { angle.cos() };
            lines.push(strings::derive_sinusoid(pos, pair, d, j % 2 == 1, angle, v));
            v
        }
        OpKind::AddPositional => {
            let a = input(0)[IxDyn(at)] as f64;
            let b = input(1)[[at[1], at[2]]] as f64;
            lines.push(strings::derive_sum(&[(input_name(0), a), (input_name(1), b)]));
            a + b
        }
        OpKind::Add => {
            let a = input(0)[IxDyn(at)] as f64;
            let b = broadcast_at(input(1), at) as f64;
            lines.push(strings::derive_sum(&[(input_name(0), a), (input_name(1), b)]));
            a + b
        }
        OpKind::PaddingMask(side) => {
            let id = run.ids(side)[[at[0], last]];
            lines.push(strings::derive_pad_flag(side, last, id, w.config.pad_idx));
            f64::from(id != w.config.pad_idx)
        }
        OpKind::PaddingMaskQK { q, k } => {
            let (qi, ki) = (run.ids(q)[[at[0], at[2]]], run.ids(k)[[at[0], last]]);
            let pad = w.config.pad_idx;
            lines.push(strings::derive_pad_flag(q, at[2], qi, pad));
            lines.push(strings::derive_pad_flag(k, last, ki, pad));
            f64::from(qi != pad && ki != pad)
        }
        OpKind::CausalMask => {
            lines.push(strings::derive_causal(at[2], last));
            f64::from(last <= at[2])
        }
        OpKind::OnesMask => {
            lines.push(strings::DERIVE_ONES.into());
            1.0
        }
        OpKind::MaskAnd => {
            let (a, b) = (broadcast_at(input(0), at), broadcast_at(input(1), at));
            lines.push(strings::derive_and(&input_name(0), a, &input_name(1), b));
            f64::from(a != 0.0 && b != 0.0)
        }
        OpKind::Linear(r) => {
            let lin = w.linear(r);
            let x = input(0);
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
            lines.extend(strings::derive_dot(&input_name(0), &strings::weight_row(last), &products, LISTED));
            lines.push(strings::derive_bias(last, bias));
            products.iter().map(|(a, b)| a * b).sum::<f64>() + bias
        }
        OpKind::SplitHeads => {
            let (b, h, t, c) = (at[0], at[1], at[2], at[3]);
            let dk = o.shape[3];
            let v = input(0)[[b, t, h * dk + c]] as f64;
            lines.push(strings::derive_split(&input_name(0), b, t, h * dk + c, h, dk));
            v
        }
        OpKind::MergeHeads => {
            let (b, t, j) = (at[0], at[1], at[2]);
            let dk = input(0).shape()[3];
            let v = input(0)[[b, j / dk, t, j % dk]] as f64;
            lines.push(strings::derive_merge(&input_name(0), b, j / dk, t, j % dk));
            v
        }
        OpKind::QueryKey => {
            let (b, h, i, j) = (at[0], at[1], at[2], at[3]);
            let (q, k) = (input(0), input(1));
            let dk = q.shape()[3];
            let products: Vec<(f64, f64)> = (0..dk).map(|c| (q[[b, h, i, c]] as f64, k[[b, h, j, c]] as f64)).collect();
            lines.extend(strings::derive_dot(&input_name(0), &input_name(1), &products, LISTED));
            products.iter().map(|(a, b)| a * b).sum()
        }
        OpKind::Scale => {
            let x = input(0)[IxDyn(at)] as f64;
            let dk = w.config.d_k();
            lines.push(strings::derive_scale(&input_name(0), x, dk));
            x / (dk as f64).sqrt()
        }
        OpKind::MaskFill(fill) => {
            let s = input(0)[IxDyn(at)] as f64;
            let m = broadcast_at(input(1), at);
            let v = match (fill, m == 0.0) {
                (MaskFill::Multiply, _) => s * m as f64,
                (MaskFill::MinusInfinity, true) => f64::NEG_INFINITY,
                (_, true) => kernels::MASK_FILL as f64,
                (_, false) => s,
            };
            lines.push(strings::derive_mask_fill(&input_name(1), m, s, fill == MaskFill::Multiply, v));
            v
        }
        OpKind::Softmax => {
            let x = input(0);
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
            lines.extend(strings::derive_softmax(&input_name(0), row[last], max, mine, sum, row.len()));
            mine / sum
        }
        OpKind::Context => {
            let (b, h, i, c) = (at[0], at[1], at[2], at[3]);
            let (wt, v) = (input(0), input(1));
            let tk = wt.shape()[3];
            let products: Vec<(f64, f64)> =
                (0..tk).map(|k| (wt[[b, h, i, k]] as f64, v[[b, h, k, c]] as f64)).collect();
            lines.extend(strings::derive_dot(&input_name(0), &input_name(1), &products, LISTED));
            products.iter().map(|(a, b)| a * b).sum()
        }
        OpKind::Relu => {
            let x = input(0)[IxDyn(at)] as f64;
            lines.push(strings::derive_relu(&input_name(0), x));
            x.max(0.0)
        }
        OpKind::Normalize { eps_exponent } => {
            let x = input(0);
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
            lines.push(strings::derive_normalize(&input_name(0), token[last], mean, var, e, d));
            (token[last] - mean) / (var + e).sqrt()
        }
        OpKind::ScaleShift(r) => {
            let n = w.norm(r);
            let hat = input(0)[IxDyn(at)] as f64;
            let (g, b) = (n.gamma[last] as f64, n.beta[last] as f64);
            lines.push(strings::derive_scale_shift(&input_name(0), hat, g, b, last));
            g * hat + b
        }
        OpKind::Identity => {
            let v = input(0)[IxDyn(at)] as f64;
            lines.push(strings::derive_identity(&input_name(0)));
            v
        }
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

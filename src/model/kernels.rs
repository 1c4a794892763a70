//! The arithmetic of every operation, as small pure functions over `ndarray` tensors.
//! Each takes the tensors an operation reads and returns a new tensor in standard layout.
//! Shapes are written the way the notes write them: B batch, H heads, T tokens, d width.

use super::matmul::matmul_into;
use super::softmax::softmax_row;
use ndarray::{Array2, Array4, ArrayD, ArrayView1, ArrayView2, ArrayViewMut2, IxDyn};
use rayon::prelude::*;

/// The value written into masked scores before softmax (as the notes' code does).
pub const MASK_FILL: f32 = -1e9;

/// Embedding lookup: ids (B, T) -> (B, T, d), row `id` of `table` (vocab, d).
pub fn embed(table: ArrayView2<f32>, ids: &Array2<usize>) -> ArrayD<f32> {
    let (b, t) = ids.dim();
    let d = table.ncols();
    let mut out = Array2::<f32>::zeros((b * t, d));
    for (row, &id) in out.rows_mut().into_iter().zip(ids.iter()) {
        let mut row = row;
        row.assign(&table.row(id));
    }
    out.into_shape_with_order(IxDyn(&[b, t, d])).expect("contiguous")
}

/// Sinusoidal positional encoding (T, d): PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(...).
pub fn positional_encoding(t: usize, d: usize) -> ArrayD<f32> {
    let mut pe = Array2::<f32>::zeros((t, d));
    for i in (0..d).step_by(2) {
        // div_term = exp(-(2i) * ln(10000) / d), computed in f64 then stored as f32
        let div_term = (-(i as f64) * (10000f64).ln() / d as f64).exp();
        for pos in 0..t {
            let angle = pos as f64 * div_term;
            pe[[pos, i]] = angle.sin() as f32;
            if i + 1 < d {
                pe[[pos, i + 1]] = angle.cos() as f32;
            }
        }
    }
    pe.into_dyn()
}

/// Padding mask from ids: (B, 1, 1, T), 1.0 where id != pad, 0.0 at padding.
pub fn padding_mask(ids: &Array2<usize>, pad: usize) -> ArrayD<f32> {
    let (b, t) = ids.dim();
    Array4::from_shape_fn((b, 1, 1, t), |(bi, _, _, ti)| f32::from(ids[[bi, ti]] != pad)).into_dyn()
}

/// Causal mask (1, 1, T, T): 1.0 on and below the diagonal, 0.0 above (the future).
pub fn causal_mask(t: usize) -> ArrayD<f32> {
    Array4::from_shape_fn((1, 1, t, t), |(_, _, q, k)| f32::from(k <= q)).into_dyn()
}

/// Logical AND of two 1/0 masks, broadcast to the larger shape: (B,1,1,T) & (1,1,T,T) -> (B,1,T,T).
pub fn mask_and(a: &ArrayD<f32>, b: &ArrayD<f32>) -> ArrayD<f32> {
    let shape: Vec<usize> = a.shape().iter().zip(b.shape()).map(|(x, y)| *x.max(y)).collect();
    let a = a.broadcast(IxDyn(&shape)).expect("masks broadcast");
    let b = b.broadcast(IxDyn(&shape)).expect("masks broadcast");
    let mut out = ArrayD::<f32>::zeros(IxDyn(&shape));
    ndarray::Zip::from(&mut out).and(&a).and(&b).for_each(|o, &x, &y| *o = f32::from(x != 0.0 && y != 0.0));
    out
}

/// Linear layer in PyTorch's convention: x (.., in) · weightᵀ (in, out) + bias -> (.., out).
pub fn linear(x: &ArrayD<f32>, weight: ArrayView2<f32>, bias: ArrayView1<f32>) -> ArrayD<f32> {
    let in_dim = weight.ncols();
    let out_dim = weight.nrows();
    let lead: Vec<usize> = x.shape()[..x.ndim() - 1].to_vec();
    let rows: usize = lead.iter().product();
    let x2 = x.view().into_shape_with_order((rows, in_dim)).expect("standard layout");
    let bias = bias.as_slice().expect("contiguous bias");
    // (rows, out): every row starts as the bias, then += x · Wᵀ
    let mut y: Vec<f32> = Vec::with_capacity(rows * out_dim);
    for _ in 0..rows {
        y.extend_from_slice(bias);
    }
    let mut y2 = ArrayViewMut2::from_shape((rows, out_dim), &mut y).expect("sizes match");
    matmul_into(1.0, x2, weight.t(), 1.0, &mut y2);
    let mut shape = lead;
    shape.push(out_dim);
    ArrayD::from_shape_vec(IxDyn(&shape), y).expect("sizes match")
}

/// Split heads: (B, T, d) -> (B, H, T, d_k), head h takes features h*d_k .. (h+1)*d_k.
pub fn split_heads(x: &ArrayD<f32>, heads: usize) -> ArrayD<f32> {
    let (b, t, d) = (x.shape()[0], x.shape()[1], x.shape()[2]);
    let dk = d / heads;
    let src = x.as_slice().expect("standard layout");
    let mut out = vec![0.0f32; b * t * d];
    // each (batch, head) block is (T, d_k): row i is x[batch, i, h*d_k .. (h+1)*d_k]
    for_each_row(&mut out, t * dk, |bh, block| {
        let (bi, h) = (bh / heads, bh % heads);
        for (i, row) in block.chunks_exact_mut(dk).enumerate() {
            let start = (bi * t + i) * d + h * dk;
            row.copy_from_slice(&src[start..start + dk]);
        }
    });
    ArrayD::from_shape_vec(IxDyn(&[b, heads, t, dk]), out).expect("sizes match")
}

/// Merge heads: (B, H, T, d_k) -> (B, T, H*d_k), the inverse of `split_heads`.
pub fn merge_heads(x: &ArrayD<f32>) -> ArrayD<f32> {
    let (b, h, t, dk) = (x.shape()[0], x.shape()[1], x.shape()[2], x.shape()[3]);
    let src = x.as_slice().expect("standard layout");
    let d = h * dk;
    let mut out = vec![0.0f32; b * t * d];
    // each output row (batch, token) is the concatenation of that token's d_k features in every head
    for_each_row(&mut out, d, |bt, row| {
        let (bi, i) = (bt / t, bt % t);
        for (hi, part) in row.chunks_exact_mut(dk).enumerate() {
            let start = ((bi * h + hi) * t + i) * dk;
            part.copy_from_slice(&src[start..start + dk]);
        }
    });
    ArrayD::from_shape_vec(IxDyn(&[b, t, d]), out).expect("sizes match")
}

/// Attention scores: q (B, H, Tq, d_k) · kᵀ (B, H, d_k, Tk) * scale -> (B, H, Tq, Tk).
pub fn scores(q: &ArrayD<f32>, k: &ArrayD<f32>, scale: f32) -> ArrayD<f32> {
    let (b, h, tq, dk) = (q.shape()[0], q.shape()[1], q.shape()[2], q.shape()[3]);
    let tk = k.shape()[2];
    let (qd, kd) = (q.as_slice().expect("standard layout"), k.as_slice().expect("standard layout"));
    let mut out = vec![0.0f32; b * h * tq * tk];
    // one (Tq, Tk) block per (batch, head)
    for_each_row(&mut out, tq * tk, |bh, block| {
        let qs = ArrayView2::from_shape((tq, dk), &qd[bh * tq * dk..(bh + 1) * tq * dk]).expect("block");
        let ks = ArrayView2::from_shape((tk, dk), &kd[bh * tk * dk..(bh + 1) * tk * dk]).expect("block");
        let mut o = ArrayViewMut2::from_shape((tq, tk), block).expect("block");
        matmul_into(scale, qs, ks.t(), 0.0, &mut o);
    });
    ArrayD::from_shape_vec(IxDyn(&[b, h, tq, tk]), out).expect("sizes match")
}

/// masked_fill(mask == 0, fill): scores (B, H, Tq, Tk), mask broadcastable to it.
pub fn mask_fill(scores: &ArrayD<f32>, mask: &ArrayD<f32>, fill: f32) -> ArrayD<f32> {
    apply_mask(scores, mask, |s, m| if m == 0.0 { fill } else { s })
}

/// The notes' mistake (001 §5.1): the mask multiplied into the scores instead of filling them.
pub fn mask_multiply(scores: &ArrayD<f32>, mask: &ArrayD<f32>) -> ArrayD<f32> {
    apply_mask(scores, mask, |s, m| s * m)
}

/// Combine each score with its (broadcast) mask value, row by row.
/// The mask is (B or 1, H or 1, Tq or 1, Tk); a size-1 axis is shared by every index.
fn apply_mask(scores: &ArrayD<f32>, mask: &ArrayD<f32>, f: impl Fn(f32, f32) -> f32 + Sync) -> ArrayD<f32> {
    let (b, h, tq, tk) = (scores.shape()[0], scores.shape()[1], scores.shape()[2], scores.shape()[3]);
    let ms = mask.shape();
    assert!(ms.len() == 4 && ms[3] == tk, "mask {ms:?} does not broadcast to scores {:?}", scores.shape());
    let mask_data = mask.as_slice().expect("standard layout");
    let src = scores.as_slice().expect("standard layout");
    let pick = |i: usize, n: usize| if n == 1 { 0 } else { i };
    let mut out = vec![0.0f32; src.len()];
    for_each_row(&mut out, tk, |r, row| {
        let (bi, hi, qi) = (r / (h * tq), (r / tq) % h, r % tq);
        let m0 = ((pick(bi, ms[0]) * ms[1] + pick(hi, ms[1])) * ms[2] + pick(qi, ms[2])) * tk;
        let mask_row = &mask_data[m0..m0 + tk];
        for ((o, &sc), &m) in row.iter_mut().zip(&src[r * tk..(r + 1) * tk]).zip(mask_row) {
            *o = f(sc, m);
        }
    });
    ArrayD::from_shape_vec(IxDyn(&[b, h, tq, tk]), out).expect("sizes match")
}

/// Softmax over the last axis, each row shifted by its maximum first for stability.
pub fn softmax_last(x: &ArrayD<f32>) -> ArrayD<f32> {
    let n = x.shape()[x.ndim() - 1];
    let mut out = x.as_standard_layout().into_owned();
    let data = out.as_slice_mut().expect("standard layout");
    for_each_row(data, n, |_, row| softmax_row(row));
    out
}

/// Weighted sum of values: weights (B, H, Tq, Tk) · v (B, H, Tk, d_k) -> (B, H, Tq, d_k).
pub fn context(weights: &ArrayD<f32>, v: &ArrayD<f32>) -> ArrayD<f32> {
    let (b, h, tq, tk) = (weights.shape()[0], weights.shape()[1], weights.shape()[2], weights.shape()[3]);
    let dk = v.shape()[3];
    let (wd, vd) = (weights.as_slice().expect("standard layout"), v.as_slice().expect("standard layout"));
    let mut out = vec![0.0f32; b * h * tq * dk];
    // one (Tq, d_k) block per (batch, head)
    for_each_row(&mut out, tq * dk, |bh, block| {
        let ws = ArrayView2::from_shape((tq, tk), &wd[bh * tq * tk..(bh + 1) * tq * tk]).expect("block");
        let vs = ArrayView2::from_shape((tk, dk), &vd[bh * tk * dk..(bh + 1) * tk * dk]).expect("block");
        let mut o = ArrayViewMut2::from_shape((tq, dk), block).expect("block");
        matmul_into(1.0, ws, vs, 0.0, &mut o);
    });
    ArrayD::from_shape_vec(IxDyn(&[b, h, tq, dk]), out).expect("sizes match")
}

/// Run `f(row_index, row)` on every `row_len`-long row of `data`; on both cores when there is
/// enough work to pay for it.
fn for_each_row(data: &mut [f32], row_len: usize, f: impl Fn(usize, &mut [f32]) + Sync) {
    if row_len == 0 {
        return;
    }
    if data.len() >= PARALLEL_ELEMENTS {
        data.par_chunks_mut(row_len).enumerate().for_each(|(i, row)| f(i, row));
    } else {
        data.chunks_mut(row_len).enumerate().for_each(|(i, row)| f(i, row));
    }
}

/// Tensors with at least this many elements are processed on all cores.
const PARALLEL_ELEMENTS: usize = 64 * 1024;

/// Elementwise sum, broadcasting the second: the residual x + sublayer(x), and embed (B, T, d) + PE (T, d).
pub fn add(a: &ArrayD<f32>, b: &ArrayD<f32>) -> ArrayD<f32> {
    a + b
}

/// ReLU: max(0, x) elementwise.
pub fn relu(x: &ArrayD<f32>) -> ArrayD<f32> {
    let mut out = x.as_standard_layout().into_owned();
    for v in out.iter_mut() {
        *v = v.max(0.0);
    }
    out
}

/// The first half of LayerNorm: (x - mean) / sqrt(var + eps) over the last (feature) axis,
/// with the biased variance (divide by d), as PyTorch's nn.LayerNorm.
pub fn normalize(x: &ArrayD<f32>, eps: f32) -> ArrayD<f32> {
    let d = x.shape()[x.ndim() - 1];
    let mut out = x.as_standard_layout().into_owned();
    for_each_row(out.as_slice_mut().expect("standard layout"), d, |_, row| {
        let (mean, var) = mean_and_variance(row);
        let inv_std = 1.0 / (var + eps).sqrt();
        for v in row.iter_mut() {
            *v = (*v - mean) * inv_std;
        }
    });
    out
}

/// The second half of LayerNorm: gamma * x_hat + beta, per feature.
pub fn scale_shift(x_hat: &ArrayD<f32>, gamma: ArrayView1<f32>, beta: ArrayView1<f32>) -> ArrayD<f32> {
    let d = gamma.len();
    let (gamma, beta) = (gamma.to_vec(), beta.to_vec());
    let mut out = x_hat.as_standard_layout().into_owned();
    for_each_row(out.as_slice_mut().expect("standard layout"), d, |_, row| {
        for ((v, g), b) in row.iter_mut().zip(&gamma).zip(&beta) {
            *v = *v * g + b;
        }
    });
    out
}

/// Mean and biased variance of a contiguous vector, accumulated in f64.
pub fn mean_and_variance(row: &[f32]) -> (f32, f32) {
    let n = row.len() as f64;
    let mean = row.iter().map(|&v| v as f64).sum::<f64>() / n;
    let var = row.iter().map(|&v| (v as f64 - mean) * (v as f64 - mean)).sum::<f64>() / n;
    (mean as f32, var as f32)
}

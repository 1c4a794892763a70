//! The arithmetic of every operation, as small pure functions over `ndarray` tensors.
//! Each takes the tensors an operation reads and returns a new tensor in standard layout.
//! Shapes are written the way the notes write them: B batch, H heads, T tokens, d width.

use ndarray::linalg::general_mat_mul;
use ndarray::{Array2, Array4, ArrayD, ArrayView1, ArrayView2, Axis, Ix3, Ix4, IxDyn, s};

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
    for pos in 0..t {
        for i in (0..d).step_by(2) {
            // div_term = exp(-(2i) * ln(10000) / d), computed in f64 then stored as f32
            let div_term = (-(i as f64) * (10000f64).ln() / d as f64).exp();
            let angle = pos as f64 * div_term;
            pe[[pos, i]] = angle.sin() as f32;
            if i + 1 < d {
                pe[[pos, i + 1]] = angle.cos() as f32;
            }
        }
    }
    pe.into_dyn()
}

/// x (B, T, d) + pe (T, d) broadcast over the batch.
pub fn add_positional(x: &ArrayD<f32>, pe: &ArrayD<f32>) -> ArrayD<f32> {
    x + pe
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
    // (rows, out) starts as the bias on every row, then += x · Wᵀ
    let mut y = Array2::<f32>::zeros((rows, out_dim));
    y.assign(&bias.broadcast((rows, out_dim)).expect("bias broadcast"));
    general_mat_mul(1.0, &x2, &weight.t(), 1.0, &mut y);
    let mut shape = lead;
    shape.push(out_dim);
    y.into_shape_with_order(IxDyn(&shape)).expect("contiguous")
}

/// Split heads: (B, T, d) -> (B, H, T, d_k), head h takes features h*d_k .. (h+1)*d_k.
pub fn split_heads(x: &ArrayD<f32>, heads: usize) -> ArrayD<f32> {
    let x = x.view().into_dimensionality::<Ix3>().expect("(B, T, d)");
    let (b, t, d) = x.dim();
    let dk = d / heads;
    let x4 = x.into_shape_with_order((b, t, heads, dk)).expect("standard layout");
    // (B, T, H, d_k) -> (B, H, T, d_k)
    x4.permuted_axes([0, 2, 1, 3]).as_standard_layout().into_owned().into_dyn()
}

/// Merge heads: (B, H, T, d_k) -> (B, T, H*d_k), the inverse of `split_heads`.
pub fn merge_heads(x: &ArrayD<f32>) -> ArrayD<f32> {
    let x = x.view().into_dimensionality::<Ix4>().expect("(B, H, T, d_k)");
    let (b, h, t, dk) = x.dim();
    // (B, H, T, d_k) -> (B, T, H, d_k) -> (B, T, d)
    let x = x.permuted_axes([0, 2, 1, 3]).as_standard_layout().into_owned();
    x.into_shape_with_order(IxDyn(&[b, t, h * dk])).expect("contiguous")
}

/// Attention scores: q (B, H, Tq, d_k) · kᵀ (B, H, d_k, Tk) * scale -> (B, H, Tq, Tk).
pub fn scores(q: &ArrayD<f32>, k: &ArrayD<f32>, scale: f32) -> ArrayD<f32> {
    let q = q.view().into_dimensionality::<Ix4>().expect("(B, H, Tq, d_k)");
    let k = k.view().into_dimensionality::<Ix4>().expect("(B, H, Tk, d_k)");
    let (b, h, tq, _) = q.dim();
    let tk = k.dim().2;
    let mut out = Array4::<f32>::zeros((b, h, tq, tk));
    for bi in 0..b {
        for hi in 0..h {
            let qs = q.slice(s![bi, hi, .., ..]);
            let ks = k.slice(s![bi, hi, .., ..]);
            let mut o = out.slice_mut(s![bi, hi, .., ..]);
            general_mat_mul(scale, &qs, &ks.t(), 0.0, &mut o);
        }
    }
    out.into_dyn()
}

/// masked_fill(mask == 0, fill): scores (B, H, Tq, Tk), mask broadcastable to it.
pub fn mask_fill(scores: &ArrayD<f32>, mask: &ArrayD<f32>, fill: f32) -> ArrayD<f32> {
    let mask = mask.broadcast(scores.raw_dim()).expect("mask broadcasts to scores");
    let mut out = scores.clone();
    ndarray::Zip::from(&mut out).and(&mask).for_each(|s, &m| {
        if m == 0.0 {
            *s = fill;
        }
    });
    out
}

/// The notes' mistake (001 §5.1): the mask multiplied into the scores instead of filling them.
pub fn mask_multiply(scores: &ArrayD<f32>, mask: &ArrayD<f32>) -> ArrayD<f32> {
    let mask = mask.broadcast(scores.raw_dim()).expect("mask broadcasts to scores");
    let mut out = scores.clone();
    ndarray::Zip::from(&mut out).and(&mask).for_each(|s, &m| *s *= m);
    out
}

/// Softmax over the last axis, each row shifted by its maximum first for stability.
pub fn softmax_last(x: &ArrayD<f32>) -> ArrayD<f32> {
    let mut out = x.clone();
    let last = Axis(out.ndim() - 1);
    for mut row in out.lanes_mut(last) {
        let max = row.fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        let mut sum = 0.0f32;
        row.mapv_inplace(|v| {
            let e = (v - max).exp();
            sum += e;
            e
        });
        row.mapv_inplace(|e| e / sum);
    }
    out
}

/// Weighted sum of values: weights (B, H, Tq, Tk) · v (B, H, Tk, d_k) -> (B, H, Tq, d_k).
pub fn context(weights: &ArrayD<f32>, v: &ArrayD<f32>) -> ArrayD<f32> {
    let w = weights.view().into_dimensionality::<Ix4>().expect("(B, H, Tq, Tk)");
    let v = v.view().into_dimensionality::<Ix4>().expect("(B, H, Tk, d_k)");
    let (b, h, tq, _) = w.dim();
    let dk = v.dim().3;
    let mut out = Array4::<f32>::zeros((b, h, tq, dk));
    for bi in 0..b {
        for hi in 0..h {
            let ws = w.slice(s![bi, hi, .., ..]);
            let vs = v.slice(s![bi, hi, .., ..]);
            let mut o = out.slice_mut(s![bi, hi, .., ..]);
            general_mat_mul(1.0, &ws, &vs, 0.0, &mut o);
        }
    }
    out.into_dyn()
}

/// Elementwise sum of two tensors of the same shape (the residual x + sublayer(x)).
pub fn add(a: &ArrayD<f32>, b: &ArrayD<f32>) -> ArrayD<f32> {
    a + b
}

/// ReLU: max(0, x) elementwise.
pub fn relu(x: &ArrayD<f32>) -> ArrayD<f32> {
    x.mapv(|v| v.max(0.0))
}

/// The first half of LayerNorm: (x - mean) / sqrt(var + eps) over the last (feature) axis,
/// with the biased variance (divide by d), as PyTorch's nn.LayerNorm.
pub fn normalize(x: &ArrayD<f32>, eps: f32) -> ArrayD<f32> {
    let mut out = x.clone();
    let last = Axis(out.ndim() - 1);
    for mut row in out.lanes_mut(last) {
        let (mean, var) = mean_and_variance(row.view());
        let inv_std = 1.0 / (var + eps).sqrt();
        row.mapv_inplace(|v| (v - mean) * inv_std);
    }
    out
}

/// The second half of LayerNorm: gamma * x_hat + beta, per feature.
pub fn scale_shift(x_hat: &ArrayD<f32>, gamma: ArrayView1<f32>, beta: ArrayView1<f32>) -> ArrayD<f32> {
    let mut out = x_hat.clone();
    let last = Axis(out.ndim() - 1);
    for mut row in out.lanes_mut(last) {
        ndarray::Zip::from(&mut row).and(&gamma).and(&beta).for_each(|v, &g, &b| *v = *v * g + b);
    }
    out
}

/// Mean and biased variance of a vector, accumulated in f64.
pub fn mean_and_variance(row: ArrayView1<f32>) -> (f32, f32) {
    let n = row.len() as f64;
    let mean = row.iter().map(|&v| v as f64).sum::<f64>() / n;
    let var = row.iter().map(|&v| (v as f64 - mean).powi(2)).sum::<f64>() / n;
    (mean as f32, var as f32)
}

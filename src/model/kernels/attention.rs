//! The three products of attention, per (batch, head): scores = q·kᵀ·scale, softmax over the
//! keys, context = weights·v.

use super::{data, for_each_row, new_rows};
use crate::model::matmul::matmul_into;
use crate::model::softmax::softmax_rows;
use ndarray::{ArrayD, ArrayView2, ArrayViewMut2, IxDyn};

/// (B, H, rows, cols) of a 4-axis tensor.
pub(super) fn dims4(x: &ArrayD<f32>) -> (usize, usize, usize, usize) {
    (x.shape()[0], x.shape()[1], x.shape()[2], x.shape()[3])
}

/// Block `bh` (one batch row, one head) of a (B, H, rows, cols) tensor's data.
pub(super) fn block(x: &[f32], bh: usize, rows: usize, cols: usize) -> ArrayView2<'_, f32> {
    ArrayView2::from_shape((rows, cols), &x[bh * rows * cols..(bh + 1) * rows * cols]).expect("block")
}

/// A (B, H, rows, cols) tensor whose block `bh` is `a_bh · b_bh` (either may be transposed).
fn batched_product<'a>(
    (b, h, rows, cols): (usize, usize, usize, usize),
    scale: f32,
    product: impl Fn(usize) -> (ArrayView2<'a, f32>, ArrayView2<'a, f32>) + Sync,
) -> ArrayD<f32> {
    let out = new_rows(b * h * rows * cols, rows * cols, |bh, out_block| {
        let (a, c) = product(bh);
        let mut o = ArrayViewMut2::from_shape((rows, cols), out_block).expect("block");
        matmul_into(scale, a, c, 0.0, &mut o);
    });
    ArrayD::from_shape_vec(IxDyn(&[b, h, rows, cols]), out).expect("sizes match")
}

/// Attention scores: q (B, H, Tq, d_k) · kᵀ (B, H, d_k, Tk) * scale -> (B, H, Tq, Tk).
pub fn scores(q: &ArrayD<f32>, k: &ArrayD<f32>, scale: f32) -> ArrayD<f32> {
    let (b, h, tq, dk) = dims4(q);
    let tk = k.shape()[2];
    let (qd, kd) = (data(q), data(k));
    batched_product((b, h, tq, tk), scale, |bh| (block(qd, bh, tq, dk), block(kd, bh, tk, dk).reversed_axes()))
}

/// d_q = scale · d_scores · k  (B, H, Tq, d_k);  d_k = scale · d_scoresᵀ · q  (B, H, Tk, d_k).
pub fn scores_backward(
    q: &ArrayD<f32>,
    k: &ArrayD<f32>,
    scale: f32,
    d_scores: &ArrayD<f32>,
) -> (ArrayD<f32>, ArrayD<f32>) {
    let (b, h, tq, dk) = dims4(q);
    let tk = k.shape()[2];
    let (qd, kd, gd) = (data(q), data(k), data(d_scores));
    let d_q = batched_product((b, h, tq, dk), scale, |bh| (block(gd, bh, tq, tk), block(kd, bh, tk, dk)));
    let d_k =
        batched_product((b, h, tk, dk), scale, |bh| (block(gd, bh, tq, tk).reversed_axes(), block(qd, bh, tq, dk)));
    (d_q, d_k)
}

/// Softmax over the last axis, each row shifted by its maximum first for stability.
pub fn softmax_last(x: &ArrayD<f32>) -> ArrayD<f32> {
    let n = x.shape()[x.ndim() - 1];
    super::transformed_rows(x, n, |_, rows| softmax_rows(rows, n))
}

/// From the softmax's output y: d_x = y ⊙ (d_y − Σ_j d_y·y), row by row.
pub fn softmax_last_backward(y: &ArrayD<f32>, d_y: &ArrayD<f32>) -> ArrayD<f32> {
    let n = y.shape()[y.ndim() - 1];
    let mut d_x = d_y.as_standard_layout().into_owned();
    let yd = data(y);
    for_each_row(d_x.as_slice_mut().expect("standard layout"), n, |r, row| {
        let y_row = &yd[r * n..(r + 1) * n];
        let dot: f32 = row.iter().zip(y_row).map(|(g, y)| g * y).sum();
        for (g, y) in row.iter_mut().zip(y_row) {
            *g = y * (*g - dot);
        }
    });
    d_x
}

/// Weighted sum of values: weights (B, H, Tq, Tk) · v (B, H, Tk, d_v) -> (B, H, Tq, d_v).
pub fn context(weights: &ArrayD<f32>, v: &ArrayD<f32>) -> ArrayD<f32> {
    let (b, h, tq, tk) = dims4(weights);
    let dv = v.shape()[3];
    let (wd, vd) = (data(weights), data(v));
    batched_product((b, h, tq, dv), 1.0, |bh| (block(wd, bh, tq, tk), block(vd, bh, tk, dv)))
}

/// d_weights = d_context · vᵀ  (B, H, Tq, Tk);  d_v = weightsᵀ · d_context  (B, H, Tk, d_v).
pub fn context_backward(weights: &ArrayD<f32>, v: &ArrayD<f32>, d_context: &ArrayD<f32>) -> (ArrayD<f32>, ArrayD<f32>) {
    let (b, h, tq, tk) = dims4(weights);
    let dv = v.shape()[3];
    let (wd, vd, gd) = (data(weights), data(v), data(d_context));
    let d_weights =
        batched_product((b, h, tq, tk), 1.0, |bh| (block(gd, bh, tq, dv), block(vd, bh, tk, dv).reversed_axes()));
    let d_v = batched_product((b, h, tk, dv), 1.0, |bh| (block(wd, bh, tq, tk).reversed_axes(), block(gd, bh, tq, dv)));
    (d_weights, d_v)
}

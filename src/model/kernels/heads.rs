//! Splitting d_model into heads and merging them back. Each is the other's backward: the
//! gradient of a split is the merge of the gradient, and the other way round.

use super::{data, new_rows};
use ndarray::{ArrayD, IxDyn};

/// Split heads: (B, T, d) -> (B, H, T, d_k), head h takes features h*d_k .. (h+1)*d_k.
/// Backward: `merge_heads(d_out)`.
pub fn split_heads(x: &ArrayD<f32>, heads: usize) -> ArrayD<f32> {
    let (b, t, d) = (x.shape()[0], x.shape()[1], x.shape()[2]);
    let dk = d / heads;
    let src = data(x);
    // each (batch, head) block is (T, d_k): row i is x[batch, i, h*d_k .. (h+1)*d_k]
    let out = new_rows(b * t * d, t * dk, |bh, block| {
        let (bi, h) = (bh / heads, bh % heads);
        for (i, row) in block.chunks_exact_mut(dk).enumerate() {
            let start = (bi * t + i) * d + h * dk;
            row.copy_from_slice(&src[start..start + dk]);
        }
    });
    ArrayD::from_shape_vec(IxDyn(&[b, heads, t, dk]), out).expect("sizes match")
}

/// Merge heads: (B, H, T, d_k) -> (B, T, H*d_k), the inverse of `split_heads`.
/// Backward: `split_heads(d_out, H)`.
pub fn merge_heads(x: &ArrayD<f32>) -> ArrayD<f32> {
    let (b, h, t, dk) = (x.shape()[0], x.shape()[1], x.shape()[2], x.shape()[3]);
    let src = data(x);
    let d = h * dk;
    // each output row (batch, token) is the concatenation of that token's d_k features in every head
    let out = new_rows(b * t * d, d, |bt, row| {
        let (bi, i) = (bt / t, bt % t);
        for (hi, part) in row.chunks_exact_mut(dk).enumerate() {
            let start = ((bi * h + hi) * t + i) * dk;
            part.copy_from_slice(&src[start..start + dk]);
        }
    });
    ArrayD::from_shape_vec(IxDyn(&[b, t, d]), out).expect("sizes match")
}

/// x (B, H, T, d_k) with head `head` zeroed, or (`keep_only`) every other head. Its own backward:
/// the gradient passes where the value passed.
pub fn head_mask(x: &ArrayD<f32>, head: usize, keep_only: bool) -> ArrayD<f32> {
    let mut out = x.clone();
    for (h, mut part) in out.axis_iter_mut(ndarray::Axis(1)).enumerate() {
        if (h == head) != keep_only {
            part.fill(0.0);
        }
    }
    out
}

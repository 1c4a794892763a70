//! Note 003's fused projection: W_q, W_k and W_v stacked into one (3·d_model, d_model) matrix, so
//! one product X·W_qkvᵀ gives q, k and v side by side. It is the same computation as the three
//! separate nn.Linear layers the program runs; `fused` computes it the fused way to show that.

use super::kernels::linear;
use super::weights::Attention;
use ndarray::{Array1, Array2, ArrayD, Axis, Slice, concatenate};

/// X·W_qkvᵀ + b_qkv for x (B, T, d): (B, T, 3d), q in columns 0..d, k in d..2d, v in 2d..3d
/// (`columns` gives them for any widths).
pub fn fused(x: &ArrayD<f32>, attn: &Attention) -> ArrayD<f32> {
    let w: Array2<f32> =
        concatenate(Axis(0), &[attn.w_q.weight.view(), attn.w_k.weight.view(), attn.w_v.weight.view()])
            .expect("the three projections read d columns"); // (3d, d)
    let b: Array1<f32> =
        concatenate(Axis(0), &[attn.w_q.bias.view(), attn.w_k.bias.view(), attn.w_v.bias.view()]).expect("(d,) each"); // (3d,)
    linear(x, w.view(), b.view())
}

/// The columns of q, k and v in `attn`'s fused output: 0..d, d..2d, 2d..3d, or narrower q and k
/// columns where a what-if cuts them (note 002's qk_dim).
pub fn columns(attn: &Attention) -> [std::ops::Range<usize>; 3] {
    let (q, k) = (attn.w_q.weight.nrows(), attn.w_k.weight.nrows());
    [0..q, q..q + k, q + k..q + k + attn.w_v.weight.nrows()]
}

/// Slice `which` (0 = q, 1 = k, 2 = v) of a fused (B, T, d_q + d_k + d_v) output: (B, T, its width).
pub fn part(fused: &ArrayD<f32>, attn: &Attention, which: usize) -> ArrayD<f32> {
    let cols = columns(attn)[which].clone();
    fused.slice_axis(Axis(fused.ndim() - 1), Slice::from(cols)).to_owned()
}

/// The largest |a − b|.
pub fn max_abs_diff(a: &ArrayD<f32>, b: &ArrayD<f32>) -> f32 {
    a.iter().zip(b.iter()).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

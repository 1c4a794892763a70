//! The residual sum, scaling and ReLU.

use ndarray::{ArrayD, Axis};

/// Elementwise sum, broadcasting the second: the residual x + sublayer(x), and embed (B, T, d) + PE (T, d).
pub fn add(a: &ArrayD<f32>, b: &ArrayD<f32>) -> ArrayD<f32> {
    a + b
}

/// Both operands get d_out; a broadcast operand gets it summed over the axes it was repeated on.
pub fn add_backward(a_shape: &[usize], b_shape: &[usize], d_out: &ArrayD<f32>) -> (ArrayD<f32>, ArrayD<f32>) {
    (sum_to_shape(d_out, a_shape), sum_to_shape(d_out, b_shape))
}

/// Sum `g` down to `shape` (the inverse of broadcasting `shape` up to `g`'s shape).
fn sum_to_shape(g: &ArrayD<f32>, shape: &[usize]) -> ArrayD<f32> {
    let mut out = g.clone();
    while out.ndim() > shape.len() {
        out = out.sum_axis(Axis(0));
    }
    for (axis, &n) in shape.iter().enumerate() {
        if n == 1 && out.shape()[axis] != 1 {
            out = out.sum_axis(Axis(axis)).insert_axis(Axis(axis));
        }
    }
    out
}

/// x · factor elementwise (the 1/√d_k of scaled scores; its backward is the same product).
pub fn scale(x: &ArrayD<f32>, factor: f32) -> ArrayD<f32> {
    let n = x.shape().last().copied().unwrap_or(1).max(1);
    super::transformed_rows(x, n, |_, rows| rows.iter_mut().for_each(|v| *v *= factor))
}

/// ReLU: max(0, x) elementwise, as `torch.relu` computes it: a NaN stays NaN (Rust's `f32::max`
/// would turn it into 0, hiding where a NaN came from).
pub fn relu(x: &ArrayD<f32>) -> ArrayD<f32> {
    let n = x.shape().last().copied().unwrap_or(1).max(1);
    super::transformed_rows(x, n, |_, rows| rows.iter_mut().for_each(|v| *v = relu_one(*v)))
}

/// One value's ReLU: 0 for x ≤ 0, else x, NaN included (NaN ≤ 0 is false), like `torch.relu`.
pub fn relu_one(x: f32) -> f32 {
    if x <= 0.0 { 0.0 } else { x }
}

/// d_x = 0 where x ≤ 0, else d_out (a NaN input passes its gradient on, as in torch).
pub fn relu_backward(x: &ArrayD<f32>, d_out: &ArrayD<f32>) -> ArrayD<f32> {
    assert_eq!(x.shape(), d_out.shape(), "ReLU's input and its gradient have one shape");
    let mut d_x = d_out.as_standard_layout().into_owned();
    let x = x.as_standard_layout();
    // plain slices, so the loop vectorises
    for (g, &v) in d_x.as_slice_mut().expect("standard layout").iter_mut().zip(super::data(&x)) {
        *g = if v <= 0.0 { 0.0 } else { *g };
    }
    d_x
}

//! nn.Linear in PyTorch's convention: y = x · Wᵀ + b, W stored (out, in).

use super::new_rows;
use crate::model::matmul::{matmul_bias_into, matmul_bias_new, matmul_into};
use ndarray::{Array1, Array2, ArrayD, ArrayView1, ArrayView2, ArrayViewMut2, Axis, IxDyn};

/// Linear layer: x (.., in) · weightᵀ (in, out) + bias -> (.., out).
pub fn linear(x: &ArrayD<f32>, weight: ArrayView2<f32>, bias: ArrayView1<f32>) -> ArrayD<f32> {
    let (out_dim, in_dim) = weight.dim();
    let x2 = rows_of(x, in_dim); // (rows, in)
    let rows = x2.nrows();
    let bias = bias.as_slice().expect("contiguous bias");
    let shape = IxDyn(&with_last(x.shape(), out_dim));
    if let Some((y, _)) = matmul_bias_new(x2, weight.t(), bias, None) {
        // a large product: its output written once by the packed kernel
        return ArrayD::from_shape_vec(shape, y).expect("sizes match");
    }
    let mut y = new_rows(rows * out_dim, out_dim, |_, _| {}); // (rows, out), zeroed on every core
    let mut y2 = ArrayViewMut2::from_shape((rows, out_dim), &mut y).expect("sizes match");
    matmul_bias_into(x2, weight.t(), bias, &mut y2);
    ArrayD::from_shape_vec(shape, y).expect("sizes match")
}

/// `linear` then `split_heads(.., heads)` made together, each block of the Linear's rows split
/// while it is in cache (`matmul_bias_new`): x (B, T, in) gives (B, T, out) and
/// (B, H, T, out/H), the same two tensors. None, having computed nothing, where the packed
/// kernel would not take the product.
pub fn linear_split(
    x: &ArrayD<f32>,
    weight: ArrayView2<f32>,
    bias: ArrayView1<f32>,
    heads: usize,
) -> Option<(ArrayD<f32>, ArrayD<f32>)> {
    let (out_dim, in_dim) = weight.dim();
    let &[b, t, width] = x.shape() else { return None };
    if width != in_dim || heads == 0 || !out_dim.is_multiple_of(heads) {
        return None;
    }
    let x2 = rows_of(x, in_dim); // (B·T, in)
    let (y, split) = matmul_bias_new(x2, weight.t(), bias.as_slice()?, Some((t, heads)))?;
    let y = ArrayD::from_shape_vec(IxDyn(&[b, t, out_dim]), y).expect("sizes match");
    let split = split.expect("asked for");
    let split = ArrayD::from_shape_vec(IxDyn(&[b, heads, t, out_dim / heads]), split).expect("sizes match");
    Some((y, split))
}

/// What a Linear's backward returns: the gradient for its input and for its two parameters.
pub struct LinearGrads {
    pub d_x: ArrayD<f32>,      // (.., in), like x
    pub d_weight: Array2<f32>, // (out, in), like W
    pub d_bias: Array1<f32>,   // (out,)
}

/// d_x = d_out · W;  d_W = d_outᵀ · x (summed over every row);  d_b = Σ_rows d_out.
pub fn linear_backward(x: &ArrayD<f32>, weight: ArrayView2<f32>, d_out: &ArrayD<f32>) -> LinearGrads {
    let (out_dim, in_dim) = weight.dim();
    let x2 = rows_of(x, in_dim); // (rows, in)
    let g2 = rows_of(d_out, out_dim); // (rows, out)
    let mut d_x = Array2::<f32>::zeros((x2.nrows(), in_dim));
    matmul_into(1.0, g2, weight, 0.0, &mut d_x.view_mut());
    let mut d_weight = Array2::<f32>::zeros((out_dim, in_dim));
    matmul_into(1.0, g2.t(), x2, 0.0, &mut d_weight.view_mut());
    let d_bias = g2.sum_axis(Axis(0));
    let d_x = d_x.into_shape_with_order(IxDyn(x.shape())).expect("sizes match");
    LinearGrads { d_x, d_weight, d_bias }
}

/// A tensor (.., width) seen as a matrix (rows, width).
fn rows_of(x: &ArrayD<f32>, width: usize) -> ArrayView2<'_, f32> {
    let rows = x.len() / width.max(1);
    x.view().into_shape_with_order((rows, width)).expect("standard layout")
}

/// `shape` with its last axis replaced by `last`.
fn with_last(shape: &[usize], last: usize) -> Vec<usize> {
    let mut s = shape.to_vec();
    *s.last_mut().expect("at least one axis") = last;
    s
}

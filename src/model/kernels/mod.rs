//! The arithmetic of every operation, as small pure functions over `ndarray` tensors.
//! Each forward kernel takes the tensors an operation reads and returns a new tensor in standard
//! layout; its backward kernel sits beside it in the same file, takes the same arguments followed
//! by the gradient of the output (`d_out`), and returns the gradients of what the forward read
//! (the way llm.c's `train_gpt2.c` pairs `layernorm_forward` with `layernorm_backward`).
//! Shapes are written the way the notes write them: B batch, H heads, T tokens, d width.

mod activation;
mod attention;
mod attention_chain;
mod elementwise;
mod embed;
mod few_rows;
mod heads;
mod linear;
mod loss;
mod masks;
mod norm;

// every public kernel of each family, so a new one is one function in its family's file
pub use activation::*;
pub use attention::*;
pub use attention_chain::*;
pub use elementwise::*;
pub use embed::*;
pub use few_rows::*;
pub use heads::*;
pub use linear::*;
pub use loss::*;
pub use masks::*;
pub use norm::*;

use crate::model::fast::parallel;

/// Run `f(row_index, row)` on every `row_len`-long row of `data`; on every core when there is
/// enough work to pay for it (a few rows at a time, so the parts are not too small).
pub(crate) fn for_each_row(data: &mut [f32], row_len: usize, f: impl Fn(usize, &mut [f32]) + Sync) {
    if row_len == 0 {
        return;
    }
    if data.len() < PARALLEL_ELEMENTS {
        data.chunks_mut(row_len).enumerate().for_each(|(i, row)| f(i, row));
        return;
    }
    let rows_per_part = rows_per_part(data.len(), row_len);
    parallel::for_each_chunk_mut(data, rows_per_part * row_len, |part, chunk| {
        for (i, row) in chunk.chunks_mut(row_len).enumerate() {
            f(part * rows_per_part + i, row);
        }
    });
}

/// A new tensor's data, `len` numbers computed row by row by `f(row_index, row)` as in
/// `for_each_row`. Each part zeroes its rows just before `f` fills them, while they are in the
/// core's cache, rather than the whole tensor being zeroed on one core first: for note 000's
/// 16 MB score tensors that first pass cost as much as the operation.
pub(crate) fn new_rows(len: usize, row_len: usize, f: impl Fn(usize, &mut [f32]) + Sync) -> Vec<f32> {
    new_parts(len, row_len, |first, rows| {
        for (i, row) in rows.chunks_mut(row_len).enumerate() {
            f(first + i, row);
        }
    })
}

/// As `new_rows`, with `f(first_row_index, rows)` given each part's whole rows at once.
pub(crate) fn new_parts(len: usize, row_len: usize, f: impl Fn(usize, &mut [f32]) + Sync) -> Vec<f32> {
    if len < PARALLEL_ELEMENTS || row_len == 0 {
        // one part: the plain way (the tutor model's tensors are all this small)
        let mut out = vec![0.0f32; len];
        if row_len > 0 {
            f(0, &mut out);
        }
        return out;
    }
    let rows_per_part = rows_per_part(len, row_len);
    parallel::zeroed_in_parts(len, rows_per_part * row_len, |part, rows| f(part * rows_per_part, rows))
}

/// A copy of `x` (standard layout) with `f(first_row_index, rows)` applied in place to its
/// `row_len`-long rows, a part's rows at a time as in `new_parts`. A small tensor is cloned and
/// transformed whole (nothing to zero first); a large one is copied part by part, in cache.
pub(crate) fn transformed_rows(
    x: &ndarray::ArrayD<f32>,
    row_len: usize,
    f: impl Fn(usize, &mut [f32]) + Sync,
) -> ndarray::ArrayD<f32> {
    if x.len() < PARALLEL_ELEMENTS || row_len == 0 {
        let mut out = x.as_standard_layout().into_owned();
        if row_len > 0 {
            f(0, out.as_slice_mut().expect("standard layout"));
        }
        return out;
    }
    let x = x.as_standard_layout();
    let src = data(&x);
    let out = new_parts(src.len(), row_len, |first, rows| {
        rows.copy_from_slice(&src[first * row_len..first * row_len + rows.len()]);
        f(first, rows);
    });
    ndarray::ArrayD::from_shape_vec(x.raw_dim(), out).expect("sizes match")
}

/// How many rows each part of a large, `len`-long tensor takes.
fn rows_per_part(len: usize, row_len: usize) -> usize {
    (len / row_len).div_ceil(PARTS_PER_THREAD * parallel::threads())
}

/// Parts per thread: enough that a core slowed by another program can leave some to the other.
const PARTS_PER_THREAD: usize = 8;

/// Tensors with at least this many elements are processed on all cores.
pub(crate) const PARALLEL_ELEMENTS: usize = 16 * 1024;

/// A contiguous tensor's data (every kernel output is in standard layout).
pub(crate) fn data<S: ndarray::Data<Elem = f32>>(x: &ndarray::ArrayBase<S, ndarray::IxDyn>) -> &[f32] {
    x.as_slice().expect("standard layout")
}

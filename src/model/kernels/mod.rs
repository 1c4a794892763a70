//! The arithmetic of every operation, as small pure functions over `ndarray` tensors.
//! Each forward kernel takes the tensors an operation reads and returns a new tensor in standard
//! layout; its backward kernel sits beside it in the same file, takes the same arguments followed
//! by the gradient of the output (`d_out`), and returns the gradients of what the forward read
//! (the way llm.c's `train_gpt2.c` pairs `layernorm_forward` with `layernorm_backward`).
//! Shapes are written the way the notes write them: B batch, H heads, T tokens, d width.

mod attention;
mod elementwise;
mod embed;
mod heads;
mod linear;
mod loss;
mod masks;
mod norm;

pub use attention::{context, context_backward, scores, scores_backward, softmax_last, softmax_last_backward};
pub use elementwise::{add, add_backward, relu, relu_backward, scale};
pub use embed::{embed, embed_backward, positional_encoding};
pub use heads::{merge_heads, split_heads};
pub use linear::{LinearGrads, linear, linear_backward};
pub use loss::{cross_entropy, cross_entropy_backward};
pub use masks::{
    MASK_FILL, causal_mask, mask_and, mask_fill, mask_fill_backward, mask_multiply, mask_multiply_backward,
    padding_mask, padding_mask_qk,
};
pub use norm::{mean_and_variance, normalize, normalize_backward, scale_shift, scale_shift_backward};

use crate::model::parallel;

/// Run `f(row_index, row)` on every `row_len`-long row of `data`; on every core when there is
/// enough work to pay for it (a few rows at a time, so the parts are not too small).
pub(crate) fn for_each_row(data: &mut [f32], row_len: usize, f: impl Fn(usize, &mut [f32]) + Sync) {
    if row_len == 0 {
        return;
    }
    if data.len() >= PARALLEL_ELEMENTS {
        let rows = data.len() / row_len;
        let rows_per_part = rows.div_ceil(PARTS_PER_THREAD * parallel::threads());
        parallel::for_each_chunk_mut(data, rows_per_part * row_len, |part, chunk| {
            for (i, row) in chunk.chunks_mut(row_len).enumerate() {
                f(part * rows_per_part + i, row);
            }
        });
    } else {
        data.chunks_mut(row_len).enumerate().for_each(|(i, row)| f(i, row));
    }
}

/// Parts per thread: enough that a core slowed by another program can leave some to the other.
const PARTS_PER_THREAD: usize = 8;

/// Tensors with at least this many elements are processed on all cores.
const PARALLEL_ELEMENTS: usize = 64 * 1024;

/// A contiguous tensor's data (every kernel output is in standard layout).
pub(crate) fn data(x: &ndarray::ArrayD<f32>) -> &[f32] {
    x.as_slice().expect("standard layout")
}

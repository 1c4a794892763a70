//! Attention's five steps from q·kᵀ to the context (q·kᵀ, the scale, the mask, the softmax,
//! weights·v) computed together, one (batch, head) block at a time: each block's five results
//! are made while its q, k and v and its scores are in cache, instead of five passes over
//! tensors of (B, H, Tq, Tk). Each block goes through the very functions the five separate
//! kernels use (`matmul_into`, `*= scale`, the mask's rule, `softmax_rows`), so the five tensors
//! are the same bits as five steps (tests/attention_chain.rs). `Run::run_all` uses it.

use super::attention::{block, dims4};
use super::{data, mask_row_start};
use crate::model::fast::parallel::{self, Output};
use crate::model::matmul::matmul_into;
use crate::model::softmax::softmax_rows;
use ndarray::{ArrayD, ArrayView2, ArrayViewMut2, IxDyn};

/// The five tensors, in program order: qk, scores, masked, weights (B, H, Tq, Tk), context
/// (B, H, Tq, d_v).
pub type ChainOutputs = [ArrayD<f32>; 5];

/// q (B, H, Tq, d_k), k (B, H, Tk, d_k), v (B, H, Tk, d_v), a mask broadcastable to
/// (B, H, Tq, Tk), the scale, and the mask's rule for one score and its mask value. None, having
/// computed nothing, where the shapes are not these or an axis is empty (the caller steps the
/// five operations instead: nothing to gain, and the parts would not line up).
pub fn attention_chain(
    q: &ArrayD<f32>,
    k: &ArrayD<f32>,
    v: &ArrayD<f32>,
    mask: &ArrayD<f32>,
    scale: f32,
    rule: impl Fn(f32, f32) -> f32 + Sync,
) -> Option<ChainOutputs> {
    if !chain_fits(q, k, v, mask) {
        return None;
    }
    let (b, h, tq, dk) = dims4(q);
    let (_, _, tk, dv) = dims4(v);
    let ms = mask.shape();
    let (qd, kd, vd, md) = (data(q), data(k), data(v), data(mask));
    let (grid, per_head) = (tq * tk, tq * dv); // one block's numbers: scores, context
    let blocks = b * h;
    let per_part = blocks_per_part(blocks, 4 * grid + per_head);
    // the four grids are only read again by the learner; the context by the merge, next
    let grid_output = Output { len: blocks * grid, chunk_len: per_part * grid, read_soon: false };
    let context_output = Output { len: blocks * per_head, chunk_len: per_part * per_head, read_soon: true };
    let outputs = [grid_output, grid_output, grid_output, grid_output, context_output];
    let outs = parallel::appended_in_parts(outputs, |part, outs| {
        let [qk, scores, masked, weights, context] = outs;
        // one block's grid and context, in cache: each step works on them in place, and each
        // result is appended to its tensor as it is made
        let (mut cells, mut ctx) = (vec![0.0f32; grid], vec![0.0f32; per_head]);
        let first = part * per_part;
        for bh in first..(first + per_part).min(blocks) {
            let (bi, hi) = (bh / h, bh % h);
            // (Tq, d_k) · (d_k, Tk): the block's raw scores
            let k_t = block(kd, bh, tk, dk).reversed_axes();
            matmul_into(1.0, block(qd, bh, tq, dk), k_t, 0.0, &mut block_mut(&mut cells, tq, tk));
            qk.push(&cells);
            cells.iter_mut().for_each(|s| *s *= scale);
            scores.push(&cells);
            for (qi, row) in cells.chunks_exact_mut(tk).enumerate() {
                let start = mask_row_start(ms, (bi, hi, qi));
                row.iter_mut().zip(&md[start..start + tk]).for_each(|(s, &m)| *s = rule(*s, m));
            }
            masked.push(&cells);
            softmax_rows(&mut cells, tk);
            weights.push(&cells);
            // (Tq, Tk) · (Tk, d_v): the block's context
            let w = ArrayView2::from_shape((tq, tk), &cells[..]).expect("block");
            matmul_into(1.0, w, block(vd, bh, tk, dv), 0.0, &mut block_mut(&mut ctx, tq, dv));
            context.push(&ctx);
        }
    });
    let [qk, scores, masked, weights, context] = outs;
    let grid_shape = || IxDyn(&[b, h, tq, tk]);
    Some([
        ArrayD::from_shape_vec(grid_shape(), qk).expect("sizes match"),
        ArrayD::from_shape_vec(grid_shape(), scores).expect("sizes match"),
        ArrayD::from_shape_vec(grid_shape(), masked).expect("sizes match"),
        ArrayD::from_shape_vec(grid_shape(), weights).expect("sizes match"),
        ArrayD::from_shape_vec(IxDyn(&[b, h, tq, dv]), context).expect("sizes match"),
    ])
}

/// Whether q (B, H, Tq, d_k), k (B, H, Tk, d_k), v (B, H, Tk, d_v) and a mask of four axes whose
/// last is Tk are what `attention_chain` takes, with no axis empty.
fn chain_fits(q: &ArrayD<f32>, k: &ArrayD<f32>, v: &ArrayD<f32>, mask: &ArrayD<f32>) -> bool {
    let four = |x: &ArrayD<f32>| x.ndim() == 4 && x.shape().iter().all(|&n| n > 0);
    if !(four(q) && four(k) && four(v) && four(mask)) {
        return false;
    }
    let (q, k, v, m) = (q.shape(), k.shape(), v.shape(), mask.shape());
    k[..2] == q[..2] && k[3] == q[3] && v[..3] == k[..3] && m[3] == k[2]
}

/// Blocks per part: about 512 KB of the five outputs, at least one block, enough parts for every
/// thread, and one part for a small tensor (no threads to wake).
fn blocks_per_part(blocks: usize, numbers_per_block: usize) -> usize {
    if blocks * numbers_per_block < super::PARALLEL_ELEMENTS {
        return blocks.max(1);
    }
    (128 * 1024 / numbers_per_block.max(1)).clamp(1, blocks.div_ceil(parallel::threads()))
}

fn block_mut(x: &mut [f32], rows: usize, cols: usize) -> ArrayViewMut2<'_, f32> {
    ArrayViewMut2::from_shape((rows, cols), x).expect("block")
}

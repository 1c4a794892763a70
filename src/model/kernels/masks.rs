//! Masks from ids, and applying a mask to attention scores. Masks are constants (no backward);
//! applying one passes the gradient through the cells it kept.

use super::{data, new_parts};
use ndarray::{Array2, Array4, ArrayD, IxDyn};

/// The value written into masked scores before softmax (as the notes' code does).
pub const MASK_FILL: f32 = -1e9;

/// Padding mask from ids: (B, 1, 1, T), 1.0 where id != pad, 0.0 at padding.
pub fn padding_mask(ids: &Array2<usize>, pad: usize) -> ArrayD<f32> {
    let (b, t) = ids.dim();
    Array4::from_shape_fn((b, 1, 1, t), |(bi, _, _, ti)| f32::from(ids[[bi, ti]] != pad)).into_dyn()
}

/// Note 000's padding mask from two sentences' ids: (B, 1, T_q, T_k), 1.0 where the query token
/// and the key token are both not `<pad>`.
pub fn padding_mask_qk(q_ids: &Array2<usize>, k_ids: &Array2<usize>, pad: usize) -> ArrayD<f32> {
    let (b, tq) = q_ids.dim();
    let tk = k_ids.ncols();
    Array4::from_shape_fn((b, 1, tq, tk), |(bi, _, qi, ki)| f32::from(q_ids[[bi, qi]] != pad && k_ids[[bi, ki]] != pad))
        .into_dyn()
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

/// masked_fill(mask == 0, fill): scores (B, H, Tq, Tk), mask broadcastable to it.
pub fn mask_fill(scores: &ArrayD<f32>, mask: &ArrayD<f32>, fill: f32) -> ArrayD<f32> {
    apply_mask(scores, mask, mask_fill_rule(fill))
}

/// masked_fill's rule for one score s under its mask value m: `fill` where m is 0, else s.
pub fn mask_fill_rule(fill: f32) -> impl Fn(f32, f32) -> f32 + Sync {
    move |s, m| if m == 0.0 { fill } else { s }
}

/// The mistake's rule for one score s under its mask value m: s·m.
pub fn mask_multiply_rule(s: f32, m: f32) -> f32 {
    s * m
}

/// A filled cell is a constant, so its gradient stops there: d_scores = d_out where mask != 0, else 0.
pub fn mask_fill_backward(mask: &ArrayD<f32>, d_out: &ArrayD<f32>) -> ArrayD<f32> {
    apply_mask(d_out, mask, |g, m| if m == 0.0 { 0.0 } else { g })
}

/// The notes' mistake (001 §5.1): the mask multiplied into the scores instead of filling them.
pub fn mask_multiply(scores: &ArrayD<f32>, mask: &ArrayD<f32>) -> ArrayD<f32> {
    apply_mask(scores, mask, mask_multiply_rule)
}

/// d_scores = d_out · mask.
pub fn mask_multiply_backward(mask: &ArrayD<f32>, d_out: &ArrayD<f32>) -> ArrayD<f32> {
    apply_mask(d_out, mask, |g, m| g * m)
}

/// Where the mask's row for (batch bi, head hi, query qi) starts in its data: the mask is
/// (B or 1, H or 1, Tq or 1, Tk), and a size-1 axis is shared by every index.
pub(crate) fn mask_row_start(ms: &[usize], (bi, hi, qi): (usize, usize, usize)) -> usize {
    let pick = |i: usize, n: usize| if n == 1 { 0 } else { i };
    ((pick(bi, ms[0]) * ms[1] + pick(hi, ms[1])) * ms[2] + pick(qi, ms[2])) * ms[3]
}

/// Combine each score with its (broadcast) mask value, row by row.
/// The mask is (B or 1, H or 1, Tq or 1, Tk); a size-1 axis is shared by every index.
fn apply_mask(scores: &ArrayD<f32>, mask: &ArrayD<f32>, f: impl Fn(f32, f32) -> f32 + Sync) -> ArrayD<f32> {
    let (b, h, tq, tk) = (scores.shape()[0], scores.shape()[1], scores.shape()[2], scores.shape()[3]);
    let ms = mask.shape();
    assert!(ms.len() == 4 && ms[3] == tk, "mask {ms:?} does not broadcast to scores {:?}", scores.shape());
    let mask_data = data(mask);
    let src = data(scores);
    let out = new_parts(src.len(), tk, |first, rows| {
        // row r of the scores is (batch, head, query); counted up row by row, not divided out
        let (mut bi, mut hi, mut qi) = (first / (h * tq), (first / tq) % h, first % tq);
        for (i, row) in rows.chunks_exact_mut(tk).enumerate() {
            let r = first + i;
            let m0 = mask_row_start(ms, (bi, hi, qi));
            let (mask_row, score_row) = (&mask_data[m0..m0 + tk], &src[r * tk..(r + 1) * tk]);
            for ((o, &sc), &m) in row.iter_mut().zip(score_row).zip(mask_row) {
                *o = f(sc, m);
            }
            qi += 1;
            if qi == tq {
                qi = 0;
                hi += 1;
                if hi == h {
                    hi = 0;
                    bi += 1;
                }
            }
        }
    });
    ArrayD::from_shape_vec(IxDyn(&[b, h, tq, tk]), out).expect("sizes match")
}

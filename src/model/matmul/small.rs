//! The plain loop for tiny products (a few thousand multiply-adds: one head's q·kᵀ or
//! weights·v in the tutor model, 8×8×8 in training). At that size the time goes in the set-up
//! and in each output's chain of additions, not in the multiplications, so the loop computes
//! eight outputs side by side, each by exactly the arithmetic of one at a time.

use crate::model::fast::{self, products};
use ndarray::{ArrayView2, ArrayViewMut2};

/// Outputs computed side by side (one vector register of f32 with AVX).
const LANES: usize = 8;
/// The longest dot product whose transposed block fits the stack buffer of `dot_rows`.
const MAX_K: usize = 32;

/// c = alpha · a · b + beta · c. When b is a transposed row-major matrix (the Linear and q·kᵀ
/// cases) each output is `dot` of two contiguous rows; otherwise (weights·v) each output row is
/// a sum of b's rows scaled by a's entries, in order.
pub(super) fn small(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    // compiled for AVX2 where the CPU has it: eight f32 lanes per instruction instead of four;
    // separate multiplications and additions either way (Rust never fuses them), so the same bits
    fast::with_avx2_fma(
        #[inline(always)]
        || small_loop(alpha, a, b, beta, c),
    )
}

#[inline(always)]
fn small_loop(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    let (m, k) = a.dim();
    let n = b.ncols();
    let Some(c_s) = c.as_slice_mut() else {
        return products::gemm(alpha, a, b, beta, c, gemm::Parallelism::None);
    };
    if let Some(bt) = b.t().as_slice() {
        let Some(a_s) = a.as_slice() else {
            // a transposed block (rare here): a contiguous copy of a few hundred numbers
            let a = a.as_standard_layout();
            return dot_rows(alpha, a.as_slice().expect("standard layout"), bt, (m, k, n), beta, c_s);
        };
        dot_rows(alpha, a_s, bt, (m, k, n), beta, c_s)
    } else if let Some(b_s) = b.as_slice() {
        // b (k, n) row-major: c[i, :] = Σ_p a[i, p] · b[p, :]; a is read by index, so a
        // transposed block of a backward pass (kᵀ, weightsᵀ) needs no copy
        for i in 0..m {
            let c_row = &mut c_s[i * n..(i + 1) * n];
            if beta == 0.0 {
                c_row.fill(0.0);
            } else if beta != 1.0 {
                c_row.iter_mut().for_each(|v| *v *= beta);
            }
            // eight columns at a time, their running sums kept in a vector register over all
            // of p (each column still adds its terms in the order p = 0, 1, ...)
            let a_row = a.row(i);
            let full = n / LANES * LANES;
            for j0 in (0..full).step_by(LANES) {
                let mut sum: [f32; LANES] = c_row[j0..j0 + LANES].try_into().expect("eight");
                for (p, &a_ip) in a_row.iter().enumerate() {
                    let s = alpha * a_ip;
                    let b8: &[f32; LANES] = b_s[p * n + j0..p * n + j0 + LANES].try_into().expect("eight");
                    for l in 0..LANES {
                        sum[l] += s * b8[l];
                    }
                }
                c_row[j0..j0 + LANES].copy_from_slice(&sum);
            }
            for (j, cv) in c_row.iter_mut().enumerate().skip(full) {
                for (p, &a_ip) in a_row.iter().enumerate() {
                    *cv += alpha * a_ip * b_s[p * n + j];
                }
            }
        }
    } else {
        // b neither row- nor column-major: `gemm` over a contiguous copy of a, as before (gemm
        // picks its routine from the strides, and so its bits)
        let a = a.as_standard_layout();
        products::gemm(alpha, a.view(), b, beta, c, gemm::Parallelism::None)
    }
}

/// c[i, j] = alpha · dot(a[i, :], w[j, :]) (+ beta · c[i, j]); a (m, k), w (n, k), c (m, n), all
/// row-major. Eight outputs j at a time run side by side: w's eight rows are first transposed so
/// that each step reads eight lanes in a row. Each output still gets exactly `dot`'s arithmetic.
#[inline(always)]
fn dot_rows(alpha: f32, a: &[f32], w: &[f32], (m, k, n): (usize, usize, usize), beta: f32, c: &mut [f32]) {
    let finish = |d: f32, out: &mut f32| *out = if beta == 0.0 { d } else { d + beta * *out };
    let side_by_side = if k <= MAX_K { n / LANES * LANES } else { 0 };
    let chunks = k / LANES;
    // the value an empty sum has (std's `Sum for f32` starts from -0.0), so that each sum below
    // starts where `dot`'s `.sum()` does
    let zero_sum: f32 = std::iter::empty::<f32>().sum();
    let mut wt = [[0.0f32; LANES]; MAX_K]; // wt[p][jj] = w[j0 + jj, p]
    for j0 in (0..side_by_side).step_by(LANES) {
        for jj in 0..LANES {
            for (p, &v) in w[(j0 + jj) * k..(j0 + jj + 1) * k].iter().enumerate() {
                wt[p][jj] = v;
            }
        }
        for i in 0..m {
            let x = &a[i * k..(i + 1) * k];
            // dot's lane l of the eight outputs, each summed over the chunks in order, then
            // added into the outputs' totals in lane order, as `dot` adds its lanes
            let mut total = [zero_sum; LANES];
            for l in 0..LANES {
                let mut lane = [0.0f32; LANES];
                for chunk in 0..chunks {
                    let p = chunk * LANES + l;
                    let xv = x[p];
                    for jj in 0..LANES {
                        lane[jj] += xv * wt[p][jj];
                    }
                }
                for jj in 0..LANES {
                    total[jj] += lane[jj];
                }
            }
            let mut tail = [zero_sum; LANES];
            for (p, &xv) in x.iter().enumerate().skip(chunks * LANES) {
                for jj in 0..LANES {
                    tail[jj] += xv * wt[p][jj];
                }
            }
            for jj in 0..LANES {
                finish(alpha * (total[jj] + tail[jj]), &mut c[i * n + j0 + jj]);
            }
        }
    }
    for i in 0..m {
        let x = &a[i * k..(i + 1) * k];
        for j in side_by_side..n {
            finish(alpha * dot(x, &w[j * k..(j + 1) * k]), &mut c[i * n + j]);
        }
    }
}

/// Dot product in eight independent lanes, so it vectorises.
#[inline(always)]
fn dot(x: &[f32], y: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let xs = x.chunks_exact(8);
    let ys = y.chunks_exact(8);
    let tail: f32 = xs.remainder().iter().zip(ys.remainder()).map(|(a, b)| a * b).sum();
    for (xc, yc) in xs.zip(ys) {
        for l in 0..8 {
            lanes[l] += xc[l] * yc[l];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::Array2;

    /// The loop as it was, one output at a time: what `small` must reproduce bit for bit.
    fn one_at_a_time(alpha: f32, a: &Array2<f32>, w: &Array2<f32>, beta: f32, c: &mut Array2<f32>) {
        let (m, n) = (a.nrows(), w.nrows());
        for i in 0..m {
            for j in 0..n {
                let d = alpha * dot(a.row(i).as_slice().unwrap(), w.row(j).as_slice().unwrap());
                c[[i, j]] = if beta == 0.0 { d } else { d + beta * c[[i, j]] };
            }
        }
    }

    #[test]
    fn side_by_side_gives_the_bits_of_one_at_a_time() {
        let mut seed = 7u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            // mixed magnitudes and signs, exact zeros and negative zeros among them
            match seed >> 28 {
                0 => 0.0,
                1 => -0.0,
                _ => ((seed >> 8) as f32 / (1 << 24) as f32 - 0.5) * 10f32.powi((seed % 7) as i32 - 3),
            }
        };
        for (m, k, n) in
            [(8, 8, 8), (7, 8, 9), (3, 5, 16), (12, 20, 24), (1, 32, 8), (2, 33, 8), (2, 64, 8), (5, 0, 8), (4, 17, 3)]
        {
            for (alpha, beta) in [(1.0, 0.0), (0.353_553_4, 0.0), (1.0, 1.0), (-2.0, 1.0)] {
                let a = Array2::from_shape_fn((m, k), |_| next());
                let w = Array2::from_shape_fn((n, k), |_| next());
                let start = Array2::from_shape_fn((m, n), |_| next());
                let mut expected = start.clone();
                one_at_a_time(alpha, &a, &w, beta, &mut expected);
                // a as given, and a as the transposed view of its transpose (copied first)
                let a_t = a.t().as_standard_layout().into_owned();
                for a in [a.view(), a_t.t()] {
                    let mut got = start.clone();
                    small(alpha, a, w.t(), beta, &mut got.view_mut());
                    let same = expected.iter().zip(&got).all(|(x, y)| x.to_bits() == y.to_bits());
                    assert!(same, "({m}, {k}, {n}) alpha {alpha} beta {beta}: {expected:?} vs {got:?}");
                }
            }
        }
    }

    /// The (k, n) row-major case as it was: every p adds its term to the whole row of c.
    fn row_by_row(alpha: f32, a: ndarray::ArrayView2<f32>, b: &Array2<f32>, beta: f32, c: &mut Array2<f32>) {
        let (m, k, n) = (a.nrows(), a.ncols(), b.ncols());
        for i in 0..m {
            for j in 0..n {
                c[[i, j]] = if beta == 0.0 { 0.0 } else { c[[i, j]] * beta };
            }
            for p in 0..k {
                let s = alpha * a[[i, p]];
                for j in 0..n {
                    c[[i, j]] += s * b[[p, j]];
                }
            }
        }
    }

    #[test]
    fn row_by_row_sums_keep_their_bits_side_by_side() {
        let mut seed = 11u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((seed >> 8) as f32 / (1 << 24) as f32 - 0.5) * 10f32.powi((seed % 7) as i32 - 3)
        };
        for (m, k, n) in [(8, 8, 8), (7, 9, 8), (3, 5, 16), (12, 20, 24), (4, 6, 9), (2, 3, 3), (5, 0, 8)] {
            for (alpha, beta) in [(1.0, 0.0), (0.353_553_4, 0.0), (1.0, 1.0)] {
                let a = Array2::from_shape_fn((m, k), |_| next());
                let a_t = Array2::from_shape_fn((k, m), |_| next());
                let b = Array2::from_shape_fn((k, n), |_| next());
                let start = Array2::from_shape_fn((m, n), |_| next());
                for a in [a.view(), a_t.t()] {
                    let mut expected = start.clone();
                    row_by_row(alpha, a, &b, beta, &mut expected);
                    let mut got = start.clone();
                    small(alpha, a, b.view(), beta, &mut got.view_mut());
                    let same = expected.iter().zip(&got).all(|(x, y)| x.to_bits() == y.to_bits());
                    assert!(same, "({m}, {k}, {n}) alpha {alpha} beta {beta}: {expected:?} vs {got:?}");
                }
            }
        }
    }

    /// The loop compiled for this CPU (AVX2 here, unless `TRANSFORMER_TUTOR_PORTABLE` is set)
    /// gives the bits of the loop compiled for the target's baseline, for both kinds of b.
    #[test]
    fn the_fast_loop_gives_the_bits_of_the_portable_one() {
        let mut seed = 13u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((seed >> 8) as f32 / (1 << 24) as f32 - 0.5) * 10f32.powi((seed % 7) as i32 - 3)
        };
        for (m, k, n) in [(8, 8, 8), (7, 9, 8), (6, 6, 8), (12, 20, 24), (1, 32, 8), (2, 33, 9), (4, 17, 3)] {
            for (alpha, beta) in [(1.0, 0.0), (0.353_553_4, 0.0), (1.0, 1.0)] {
                let a = Array2::from_shape_fn((m, k), |_| next());
                let w = Array2::from_shape_fn((n, k), |_| next());
                let b = Array2::from_shape_fn((k, n), |_| next());
                let start = Array2::from_shape_fn((m, n), |_| next());
                for b in [w.t(), b.view()] {
                    let (mut fast, mut portable) = (start.clone(), start.clone());
                    small(alpha, a.view(), b, beta, &mut fast.view_mut());
                    small_loop(alpha, a.view(), b, beta, &mut portable.view_mut());
                    let same = fast.iter().zip(&portable).all(|(x, y)| x.to_bits() == y.to_bits());
                    assert!(same, "({m}, {k}, {n}) alpha {alpha} beta {beta}");
                }
            }
        }
    }

    #[test]
    fn a_transposed_block_is_read_in_place() {
        let a = Array2::from_shape_fn((6, 5), |(i, j)| (i * 5 + j) as f32 * 0.25 - 3.0);
        let b = Array2::from_shape_fn((6, 8), |(i, j)| (i as f32 - j as f32) * 0.5);
        let mut in_place = Array2::zeros((5, 8));
        small(1.0, a.t(), b.view(), 0.0, &mut in_place.view_mut());
        let copied = a.t().as_standard_layout().into_owned();
        let mut from_copy = Array2::zeros((5, 8));
        small(1.0, copied.view(), b.view(), 0.0, &mut from_copy.view_mut());
        assert_eq!(in_place, from_copy);
    }
}

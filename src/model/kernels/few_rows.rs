//! A Linear for a few rows: one decoding step, one row per hypothesis (1 for greedy, 4 for four
//! beams). At that size a step is bound by reading the weights (opus-mt's output projection alone
//! is 512 × 65,001 numbers, 133 MB), so each stored row of W is read once, while it is in the
//! core's cache, and dotted with every row of x; the output rows are shared out between the cores.
//! The large-product kernels would first copy W into their packed layout, every step.

use crate::model::fast::{self, parallel};
use ndarray::{Array2, ArrayView1, ArrayView2};

/// Lanes of the running sums of `dot`: two AVX registers, or four NEON ones.
const LANES: usize = 16;
/// Below this many multiply-adds the product runs on one core.
const PARALLEL: usize = 256 * 1024;

/// y = x · Wᵀ + b for x (n, in) with few rows, W (out, in) as a Linear stores it -> (n, out).
/// The same sums on every target (16 running sums in a fixed order, then a fixed reduction; Rust
/// never fuses a multiplication and an addition), not the bits of the large-product kernels:
/// within a few units in the last place of them (tests below).
pub fn linear_few_rows(x: ArrayView2<f32>, weight: ArrayView2<f32>, bias: ArrayView1<f32>) -> Array2<f32> {
    let (n, in_dim) = x.dim();
    let out_dim = weight.nrows();
    assert_eq!(weight.ncols(), in_dim, "x (n, in) · W (out, in)ᵀ");
    assert_eq!(bias.len(), out_dim, "a bias of out");
    let x = x.as_standard_layout(); // (n, in), contiguous
    let w = weight.as_standard_layout(); // (out, in): a view when stored so, as every Linear is
    let b = bias.as_standard_layout();
    let (x, w, b) = (x.as_slice().expect("standard"), w.as_slice().expect("standard"), b.as_slice().expect("standard"));
    // y transposed, (out, n): a part owns whole output features, so its chunk is contiguous
    let rows_per_part = if out_dim * in_dim * n < PARALLEL || in_dim == 0 {
        out_dim.max(1)
    } else {
        out_dim.div_ceil(4 * parallel::threads())
    };
    let y_t = parallel::zeroed_in_parts(out_dim * n, rows_per_part * n, |part, chunk| {
        let first = part * rows_per_part;
        fast::with_avx2_fma(
            #[inline(always)]
            || rows_into(x, w, b, (n, in_dim), first, chunk),
        )
    });
    let y_t = Array2::from_shape_vec((out_dim, n), y_t).expect("sizes match"); // (out, n)
    y_t.t().as_standard_layout().into_owned() // (n, out)
}

/// chunk[(o - first) · n + r] = dot(W[o], x[r]) + b[o], for the features o the chunk holds: x's
/// rows four at a time against each row of W, so one load of W feeds four sums.
#[inline(always)]
fn rows_into(x: &[f32], w: &[f32], b: &[f32], (n, in_dim): (usize, usize), first: usize, chunk: &mut [f32]) {
    // the AVX loop over the whole chunk, where it runs: the same sums, the same bits
    if fast::lane_sums::rows_dot(w, b, x, (n, in_dim), first, chunk) {
        return;
    }
    let x_row = |r: usize| &x[r * in_dim..(r + 1) * in_dim];
    for (i, out) in chunk.chunks_mut(n.max(1)).enumerate() {
        let o = first + i;
        let w_row = &w[o * in_dim..(o + 1) * in_dim];
        let full = in_dim / LANES * LANES;
        let w_tail = &w_row[full..];
        let mut r = 0;
        while r < n {
            let group = (n - r).min(4);
            let mut four: [&[f32]; 4] = [&[]; 4];
            for (k, x) in four.iter_mut().take(group).enumerate() {
                *x = x_row(r + k);
            }
            let xs = &four[..group];
            let sums = match fast::lane_sums::lane_sums(w_row, xs, full) {
                Some(sums) => sums,
                None if group == 4 => dot4_sums(w_row, [xs[0], xs[1], xs[2], xs[3]]),
                None => {
                    let mut sums = [[0f32; LANES]; 4];
                    for (sum, x) in sums.iter_mut().zip(xs) {
                        *sum = dot_sums(w_row, x);
                    }
                    sums
                }
            };
            for (k, (sum, x)) in sums.into_iter().zip(xs).enumerate() {
                out[r + k] = total(sum, w_tail, &x[full..]) + b[o];
            }
            r += group;
        }
    }
}

/// The sixteen running sums of w · x over the whole chunks (element i goes to sum i mod 16);
/// `total` adds the tail and reduces them.
#[inline(always)]
fn dot_sums(w: &[f32], x: &[f32]) -> [f32; LANES] {
    let mut sum = [0f32; LANES];
    for (w16, x16) in w.chunks_exact(LANES).zip(x.chunks_exact(LANES)) {
        add_products(&mut sum, w16.try_into().expect("sixteen"), x16.try_into().expect("sixteen"));
    }
    sum
}

/// `dot_sums` of one row of W with four rows of x, each exactly as `dot_sums` computes it.
#[inline(always)]
fn dot4_sums(w: &[f32], [x0, x1, x2, x3]: [&[f32]; 4]) -> [[f32; LANES]; 4] {
    let (mut s0, mut s1, mut s2, mut s3) = ([0f32; LANES], [0f32; LANES], [0f32; LANES], [0f32; LANES]);
    let chunks = w
        .chunks_exact(LANES)
        .zip(x0.chunks_exact(LANES))
        .zip(x1.chunks_exact(LANES))
        .zip(x2.chunks_exact(LANES))
        .zip(x3.chunks_exact(LANES));
    for ((((w16, a), b), c), d) in chunks {
        let w16: &[f32; LANES] = w16.try_into().expect("sixteen");
        add_products(&mut s0, w16, a.try_into().expect("sixteen"));
        add_products(&mut s1, w16, b.try_into().expect("sixteen"));
        add_products(&mut s2, w16, c.try_into().expect("sixteen"));
        add_products(&mut s3, w16, d.try_into().expect("sixteen"));
    }
    [s0, s1, s2, s3]
}

/// The tail's products added to the first sums, then the sixteen sums added pairwise.
#[inline(always)]
fn total(mut sum: [f32; LANES], w_tail: &[f32], x_tail: &[f32]) -> f32 {
    for (l, (&wi, &xi)) in w_tail.iter().zip(x_tail).enumerate() {
        sum[l] += wi * xi;
    }
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for l in 0..width {
            sum[l] += sum[l + width];
        }
    }
    sum[0]
}

/// sum[l] += w[l]·x[l] for the sixteen lanes (two AVX registers).
#[inline(always)]
fn add_products(sum: &mut [f32; LANES], w: &[f32; LANES], x: &[f32; LANES]) {
    for l in 0..LANES {
        sum[l] += w[l] * x[l];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array1, Array2};

    fn numbers(rows: usize, cols: usize, seed: u32) -> Array2<f32> {
        Array2::from_shape_fn((rows, cols), |(i, j)| {
            let h = (i as u32).wrapping_mul(2654435761) ^ (j as u32).wrapping_mul(40503) ^ seed;
            (h % 2001) as f32 / 1000.0 - 1.0
        })
    }

    /// Against the sum in f64, for shapes with and without a tail, on one core and on several.
    #[test]
    fn matches_the_sum_in_f64() {
        for &(n, in_dim, out_dim) in &[(1, 5, 3), (4, 36, 244), (1, 512, 2048), (3, 100, 3000), (4, 17, 1)] {
            let x = numbers(n, in_dim, 1);
            let w = numbers(out_dim, in_dim, 2);
            let b = Array1::from_shape_fn(out_dim, |o| o as f32 / 100.0);
            let y = linear_few_rows(x.view(), w.view(), b.view());
            assert_eq!(y.dim(), (n, out_dim));
            for r in 0..n {
                for o in 0..out_dim {
                    let exact: f64 =
                        (0..in_dim).map(|i| x[[r, i]] as f64 * w[[o, i]] as f64).sum::<f64>() + b[o] as f64;
                    let scale: f64 = (0..in_dim).map(|i| (x[[r, i]] * w[[o, i]]).abs() as f64).sum::<f64>() + 1.0;
                    assert!((y[[r, o]] as f64 - exact).abs() <= 1e-6 * scale, "({n},{in_dim},{out_dim}) [{r},{o}]");
                }
            }
        }
    }

    /// A row's outputs do not depend on the rows beside it (four at a time, or one).
    #[test]
    fn each_row_alone() {
        let x = numbers(5, 70, 5);
        let w = numbers(9, 70, 6);
        let b = Array1::from_shape_fn(9, |o| o as f32);
        let all = linear_few_rows(x.view(), w.view(), b.view());
        for r in 0..5 {
            let one = linear_few_rows(x.slice(ndarray::s![r..r + 1, ..]), w.view(), b.view());
            assert_eq!(one.row(0), all.row(r));
        }
    }

    /// The AVX loop (where this CPU has it) gives the portable loop's bits, for 1 to 4 rows.
    #[test]
    fn fast_loop_is_the_portable_loop() {
        let x = numbers(4, 96, 7);
        let w = numbers(1, 96, 8);
        let rows: Vec<&[f32]> = x.rows().into_iter().map(|r| r.to_slice().expect("row-major")).collect();
        let w_row = w.as_slice().expect("row-major");
        let portable4 = dot4_sums(w_row, [rows[0], rows[1], rows[2], rows[3]]);
        for count in 1..=4 {
            let Some(fast) = fast::lane_sums::lane_sums(w_row, &rows[..count], 96) else { return };
            for r in 0..count {
                assert_eq!(fast[r], dot_sums(w_row, rows[r]), "row {r} of {count}");
                assert_eq!(fast[r], portable4[r]);
            }
        }
    }

    /// The AVX loop over whole chunks (where this CPU has it) gives the portable loop's bits, row
    /// by row: `dot_sums`, `total`, then the bias.
    #[test]
    fn fast_rows_are_the_portable_rows() {
        for n in 1..=4 {
            let x = numbers(n, 96, 9);
            let w = numbers(37, 96, 10);
            let b: Vec<f32> = (0..37).map(|o| o as f32 / 7.0 - 2.0).collect();
            let (xs, ws) = (x.as_slice().expect("row-major"), w.as_slice().expect("row-major"));
            let first = 5;
            let mut chunk = vec![0f32; (37 - first) * n];
            if !fast::lane_sums::rows_dot(ws, &b, xs, (n, 96), first, &mut chunk) {
                return;
            }
            for (i, out) in chunk.chunks(n).enumerate() {
                let o = first + i;
                let w_row = &ws[o * 96..(o + 1) * 96];
                for r in 0..n {
                    let portable = total(dot_sums(w_row, &xs[r * 96..(r + 1) * 96]), &[], &[]) + b[o];
                    assert_eq!(out[r].to_bits(), portable.to_bits(), "row {o}, x row {r} of {n}");
                }
            }
        }
    }

    /// A transposed (not row-major) weight gives the same numbers.
    #[test]
    fn any_layout() {
        let x = numbers(2, 40, 3);
        let w_t = numbers(40, 30, 4); // (in, out)
        let b = Array1::zeros(30);
        let y = linear_few_rows(x.view(), w_t.t(), b.view());
        let z = linear_few_rows(x.view(), w_t.t().as_standard_layout().view(), b.view());
        assert_eq!(y, z);
    }
}

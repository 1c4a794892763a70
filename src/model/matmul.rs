//! Matrix products for the kernels. Small products (the tutor model's 12×32·32×32) go through a
//! plain dot-product loop the compiler vectorises; larger ones through the `gemm` crate, which
//! packs and blocks for the cache and uses both cores through rayon.

use ndarray::{ArrayView2, ArrayViewMut2};

/// Below this many multiply-adds a product runs in the plain loop.
const SMALL: usize = 4 * 1024;
/// Above this many multiply-adds a product is split across threads.
const PARALLEL: usize = 1024 * 1024;

/// c = alpha · a · b + beta · c, for any strides (b may be a transposed view).
/// a: (m, k), b: (k, n), c: (m, n).
pub fn matmul_into(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    let (m, k) = a.dim();
    let n = b.ncols();
    debug_assert_eq!(b.nrows(), k);
    debug_assert_eq!(c.dim(), (m, n));
    let work = m * n * k;
    if work <= SMALL {
        small(alpha, a, b, beta, c);
        return;
    }
    let parallelism = if work >= PARALLEL { gemm::Parallelism::Rayon(0) } else { gemm::Parallelism::None };
    gemm_path(alpha, a, b, beta, c, parallelism);
}

/// The `gemm` crate's blocked product, for any strides.
fn gemm_path(
    alpha: f32,
    a: ArrayView2<f32>,
    b: ArrayView2<f32>,
    beta: f32,
    c: &mut ArrayViewMut2<f32>,
    parallelism: gemm::Parallelism,
) {
    let (m, k) = a.dim();
    let n = b.ncols();
    let (a_rs, a_cs) = (a.strides()[0], a.strides()[1]);
    let (b_rs, b_cs) = (b.strides()[0], b.strides()[1]);
    let (c_rs, c_cs) = (c.strides()[0], c.strides()[1]);
    // SAFETY: the pointers and strides come from live ndarray views of exactly these shapes,
    // and c does not alias a or b (it is borrowed mutably).
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            c_cs,
            c_rs,
            beta != 0.0,
            a.as_ptr(),
            a_cs,
            a_rs,
            b.as_ptr(),
            b_cs,
            b_rs,
            beta,
            alpha,
            false,
            false,
            false,
            parallelism,
        );
    }
}

/// The plain loop. When b is a transposed row-major matrix (the Linear and q·kᵀ cases) each
/// output is a dot product of two contiguous rows; otherwise (weights·v) each output row is a
/// sum of b's rows scaled by a's entries.
fn small(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    let (m, k) = a.dim();
    let n = b.ncols();
    if a.as_slice().is_none() && c.is_standard_layout() {
        // a transposed block of a backward pass (kᵀ, weightsᵀ): a contiguous copy of a few
        // hundred numbers costs less than the blocked product's set-up
        let a = a.as_standard_layout();
        return small(alpha, a.view(), b, beta, c);
    }
    let (Some(a_s), Some(c_s)) = (a.as_slice(), c.as_slice_mut()) else {
        return gemm_path(alpha, a, b, beta, c, gemm::Parallelism::None);
    };
    if let Some(bt) = b.t().as_slice() {
        // b = Wᵀ with W (n, k) row-major: c[i, j] = Σ a[i, :]·W[j, :]
        for i in 0..m {
            let a_row = &a_s[i * k..(i + 1) * k];
            for j in 0..n {
                let d = alpha * dot(a_row, &bt[j * k..(j + 1) * k]);
                let out = &mut c_s[i * n + j];
                *out = if beta == 0.0 { d } else { d + beta * *out };
            }
        }
    } else if let Some(b_s) = b.as_slice() {
        // b (k, n) row-major: c[i, :] = Σ_p a[i, p] · b[p, :]
        for i in 0..m {
            let c_row = &mut c_s[i * n..(i + 1) * n];
            if beta == 0.0 {
                c_row.fill(0.0);
            } else if beta != 1.0 {
                c_row.iter_mut().for_each(|v| *v *= beta);
            }
            for p in 0..k {
                let s = alpha * a_s[i * k + p];
                for (cv, bv) in c_row.iter_mut().zip(&b_s[p * n..(p + 1) * n]) {
                    *cv += s * bv;
                }
            }
        }
    } else {
        gemm_path(alpha, a, b, beta, c, gemm::Parallelism::None)
    }
}

/// Dot product in eight independent lanes, so it vectorises.
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

//! Matrix products for the kernels. Small products (the tutor model's 12×32·32×32) go through a
//! plain dot-product loop the compiler vectorises; larger ones through the `gemm` crate, which
//! packs and blocks for the cache. A large product's rows are split into one block per core,
//! each block a single-threaded `gemm` call on the engine's own threads (`parallel`): the result
//! is the same bits as one call over all rows.

use crate::model::parallel;
use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder, s};

/// Below this many multiply-adds a product runs in the plain loop.
const SMALL: usize = 4 * 1024;
/// Above this many multiply-adds a product is split across threads.
const PARALLEL: usize = 1024 * 1024;

/// c = alpha · a · b + beta · c, for any strides (b may be a transposed view); beta is 0 or 1.
/// a: (m, k), b: (k, n), c: (m, n).
pub fn matmul_into(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    let (m, k) = a.dim();
    let n = b.ncols();
    debug_assert_eq!(b.nrows(), k);
    debug_assert_eq!(c.dim(), (m, n));
    debug_assert!(beta == 0.0 || beta == 1.0);
    let work = m * n * k;
    if work <= SMALL {
        return small(alpha, a, b, beta, c);
    }
    if work < PARALLEL {
        return gemm_path(alpha, a, b, beta, c, gemm::Parallelism::None);
    }
    // one block of rows per thread (each block packs b for itself, so more blocks cost more)
    let block = m.div_ceil(parallel::threads());
    let c_strides = (c.strides()[0], c.strides()[1]);
    let c_base = SharedOut(c.as_mut_ptr());
    parallel::for_each_part(m.div_ceil(block), |i| {
        let rows = i * block..((i + 1) * block).min(m);
        // SAFETY: rows `rows` of c, which no other part writes; c is borrowed mutably for the
        // whole product, so it overlaps neither a nor b.
        let mut c_rows = unsafe {
            ArrayViewMut2::from_shape_ptr(
                (rows.len(), n).strides((c_strides.0 as usize, c_strides.1 as usize)),
                c_base.at(rows.start as isize * c_strides.0),
            )
        };
        gemm_path(alpha, a.slice(s![rows, ..]), b, beta, &mut c_rows, gemm::Parallelism::None);
    });
}

/// c's data pointer, shared by the threads that each write their own rows of c.
#[derive(Clone, Copy)]
struct SharedOut(*mut f32);
// SAFETY: each thread writes only its own rows (`matmul_into`)
unsafe impl Sync for SharedOut {}
impl SharedOut {
    /// # Safety
    /// `offset` stays inside c.
    unsafe fn at(self, offset: isize) -> *mut f32 {
        unsafe { self.0.offset(offset) }
    }
}

/// c = alpha · a · b + beta · c by the `gemm` crate alone: the reference the packed kernel is
/// tested against, bit for bit.
pub fn gemm_into(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    let parallel = a.nrows() * a.ncols() * b.ncols() >= PARALLEL;
    let parallelism = if parallel { gemm::Parallelism::Rayon(0) } else { gemm::Parallelism::None };
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

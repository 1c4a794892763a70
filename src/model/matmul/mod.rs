//! Matrix products for the kernels. Small products (the tutor model's 12×32·32×32) go through a
//! plain dot-product loop the compiler vectorises; larger ones through the `gemm` crate, which
//! packs and blocks for the cache. A large product's rows are split into one block per core,
//! each block a single-threaded `gemm` call on the engine's own threads (`parallel`): the result
//! is the same bits as one call over all rows, and a Linear's bias is written into each block just
//! before its product reads it, while the block is in cache.

use crate::model::parallel;
use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder, s};

/// Below this many multiply-adds a product runs in the plain loop.
const SMALL: usize = 4 * 1024;
/// Above this many multiply-adds a product is split across threads.
const PARALLEL: usize = 1024 * 1024;

/// c = alpha · a · b + beta · c, for any strides (b may be a transposed view); beta is 0 or 1.
/// a: (m, k), b: (k, n), c: (m, n).
pub fn matmul_into(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    debug_assert!(beta == 0.0 || beta == 1.0);
    let addend = if beta == 0.0 { Addend::Nothing } else { Addend::Dst };
    product(alpha, a, b, addend, c);
}

/// c = a · b + bias (the bias added to every row): a Linear. bias: (n,).
pub fn matmul_bias_into(a: ArrayView2<f32>, b: ArrayView2<f32>, bias: &[f32], c: &mut ArrayViewMut2<f32>) {
    product(1.0, a, b, Addend::Row(bias), c);
}

fn product(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, addend: Addend, c: &mut ArrayViewMut2<f32>) {
    let (m, k) = a.dim();
    let n = b.ncols();
    debug_assert_eq!(b.nrows(), k);
    debug_assert_eq!(c.dim(), (m, n));
    let work = m * n * k;
    if work <= SMALL {
        let beta = start_from_addend(addend, c.view_mut());
        return small(alpha, a, b, beta, c);
    }
    let c_strides = (c.strides()[0], c.strides()[1]);
    let c_base = SharedOut(c.as_mut_ptr());
    let rows = |range: std::ops::Range<usize>| {
        // SAFETY: rows `range` of c, which no other call of this closure writes; c is borrowed
        // mutably for the whole product, so it overlaps neither a nor b.
        let mut c_rows = unsafe {
            ArrayViewMut2::from_shape_ptr(
                (range.len(), n).strides((c_strides.0 as usize, c_strides.1 as usize)),
                c_base.at(range.start as isize * c_strides.0),
            )
        };
        let beta = start_from_addend(addend, c_rows.view_mut());
        gemm_path(alpha, a.slice(s![range, ..]), b, beta, &mut c_rows, gemm::Parallelism::None);
    };
    if work < PARALLEL {
        return rows(0..m);
    }
    // one block of rows per thread: each thread packs b for itself, so more blocks cost more
    let block = m.div_ceil(parallel::threads());
    parallel::for_each_part(m.div_ceil(block), |i| rows(i * block..((i + 1) * block).min(m)));
}

/// What is added to alpha · a · b.
#[derive(Clone, Copy)]
enum Addend<'a> {
    Nothing,
    /// c's current values (c += alpha · a · b)
    Dst,
    /// the same row added to every row of c: a Linear's bias, shape (n,)
    Row(&'a [f32]),
}

/// c's data pointer, shared by the threads that each write their own rows of c.
#[derive(Clone, Copy)]
struct SharedOut(*mut f32);
// SAFETY: each thread writes only its own rows (`product`)
unsafe impl Sync for SharedOut {}
impl SharedOut {
    /// # Safety
    /// `offset` stays inside c.
    unsafe fn at(self, offset: isize) -> *mut f32 {
        unsafe { self.0.offset(offset) }
    }
}

/// For the paths that add c to the product: c starts as the bias row (the same bits as adding
/// the bias at the end). Returns the beta that adds c, or 0 when nothing is added.
fn start_from_addend(addend: Addend, mut c: ArrayViewMut2<f32>) -> f32 {
    match addend {
        Addend::Nothing => 0.0,
        Addend::Dst => 1.0,
        Addend::Row(bias) => {
            c.rows_mut().into_iter().for_each(|mut row| row.assign(&ndarray::ArrayView1::from(bias)));
            1.0
        }
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

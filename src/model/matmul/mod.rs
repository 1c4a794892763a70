//! Matrix products for the kernels. Tiny products (the tutor model's attention, 6×6×8) go through a
//! plain dot-product loop the compiler vectorises; products under a million multiply-adds (the
//! tutor model's Linears, note 000's 64×64×64 attention blocks) through the `gemm` crate on one
//! core; larger ones through `packed`, the AVX2 kernel, shared out between the engine's threads
//! (`parallel`), or where it cannot run (no AVX2, rows not contiguous) through `gemm`, one block
//! of rows per thread. All of these but the plain loop give the same bits.

mod packed;
mod small;

use crate::model::parallel::{self, Shared};
use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder, s};
use packed::{Addend, Rows};
use small::small;

/// Below this many multiply-adds a product runs in the plain loop.
const SMALL: usize = 4 * 1024;
/// Above this many multiply-adds a product is split across threads.
const PARALLEL: usize = 1024 * 1024;

/// c = alpha · a · b + beta · c, for any strides (b may be a transposed view); beta is 0 or 1.
/// a: (m, k), b: (k, n), c: (m, n).
pub fn matmul_into(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    debug_assert!(beta == 0.0 || beta == 1.0);
    if a.nrows() * a.ncols() * b.ncols() <= SMALL {
        return small(alpha, a, b, beta, c);
    }
    product(alpha, a, b, if beta == 0.0 { Addend::Nothing } else { Addend::Dst }, c);
}

/// c = a · b + bias, the bias (n,) added to every row: a Linear. c's values are not read.
pub fn matmul_bias_into(a: ArrayView2<f32>, b: ArrayView2<f32>, bias: &[f32], c: &mut ArrayViewMut2<f32>) {
    product(1.0, a, b, Addend::Row(bias), c);
}

fn product(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, addend: Addend, c: &mut ArrayViewMut2<f32>) {
    let (m, k) = a.dim();
    let n = b.ncols();
    debug_assert_eq!(b.nrows(), k);
    debug_assert_eq!(c.dim(), (m, n));
    let work = m * n * k;
    if work < PARALLEL || !packed_fits(a, c, addend) {
        let beta = start_from(addend, c.view_mut());
        return if work <= SMALL {
            small(alpha, a, b, beta, c)
        } else if work < PARALLEL {
            gemm_path(alpha, a, b, beta, c, gemm::Parallelism::None)
        } else {
            gemm_by_blocks(alpha, a, b, beta, c)
        };
    }
    // SAFETY: b is a live (k, n) view with these strides
    let panels_data = unsafe { packed::pack(b.as_ptr(), (k, n), (b.strides()[0], b.strides()[1])) };
    let a_rows = Shared(Rows { ptr: a.as_ptr(), row_stride: a.strides()[0] as usize });
    let c_rows = Shared(Rows { ptr: c.as_mut_ptr(), row_stride: c.strides()[0] as usize });
    // parts of c, four per thread so that a slowed core leaves some to the other: blocks of
    // whole tiles of rows, or, for a wide c of few rows (note 001's logits), blocks of panels,
    // so that each part reads only its own share of b
    let parts = 4 * parallel::threads();
    let panels = n.div_ceil(packed::NR);
    let by_columns = panels >= 2 * parts && m <= n;
    let block = if by_columns { panels.div_ceil(parts) } else { m.div_ceil(parts).next_multiple_of(packed::MR) };
    let count = if by_columns { panels.div_ceil(block) } else { m.div_ceil(block) };
    parallel::for_each_part(count, |i| {
        let (rows, panel_range) = if by_columns {
            (0..m, i * block..((i + 1) * block).min(panels))
        } else {
            (i * block..((i + 1) * block).min(m), 0..panels)
        };
        // SAFETY: AVX2 and FMA were checked (packed_fits); a and c are live (m, k) and (m, n)
        // views with contiguous rows, c borrowed mutably (so it overlaps neither a nor b); each
        // part writes only its own block of c
        unsafe {
            packed::product_rows(alpha, a_rows.get(), &panels_data, (k, n), addend, c_rows.get(), rows, panel_range)
        }
    });
}

/// A large product by `gemm`, one block of rows per thread (each block packs b for itself, so
/// more blocks would cost more); the same bits as one call over all rows.
fn gemm_by_blocks(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    let (m, n) = (a.nrows(), b.ncols());
    let block = m.div_ceil(parallel::threads());
    let c_strides = (c.strides()[0], c.strides()[1]);
    let c_base = Shared(c.as_mut_ptr());
    parallel::for_each_part(m.div_ceil(block), |i| {
        let rows = i * block..((i + 1) * block).min(m);
        // SAFETY: rows `rows` of c, which no other part writes; c is borrowed mutably for the
        // whole product, so it overlaps neither a nor b
        let mut c_rows = unsafe {
            ArrayViewMut2::from_shape_ptr(
                (rows.len(), n).strides((c_strides.0 as usize, c_strides.1 as usize)),
                c_base.get().offset(rows.start as isize * c_strides.0),
            )
        };
        gemm_path(alpha, a.slice(s![rows, ..]), b, beta, &mut c_rows, gemm::Parallelism::None);
    });
}

/// Whether large products may use the packed kernel (benchmarks compare it with `gemm`).
static PACKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Let large products use the packed kernel (the default) or only the `gemm` crate: for
/// comparing the two (`examples/kernel_time.rs`). Both give the same bits.
pub fn use_packed_kernel(enabled: bool) {
    PACKED.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the packed kernel can compute this product: AVX2 and FMA, a's and c's rows contiguous
/// and in order, and a c to add only when k fits one slice (the slices keep partial sums in c).
fn packed_fits(a: ArrayView2<f32>, c: &ArrayViewMut2<f32>, addend: Addend) -> bool {
    let rows_forward = |strides: &[isize]| strides[1] == 1 && strides[0] >= 0;
    let k = a.ncols();
    PACKED.load(std::sync::atomic::Ordering::Relaxed)
        && packed::available()
        && rows_forward(a.strides())
        && rows_forward(c.strides())
        && (k <= packed::KC || !matches!(addend, Addend::Dst))
}

/// For the paths that add c to the product: c starts as the bias row (the same bits as adding
/// it at the end). Returns the beta that adds c, or 0 when nothing is added.
fn start_from(addend: Addend, mut c: ArrayViewMut2<f32>) -> f32 {
    match addend {
        Addend::Nothing => 0.0,
        Addend::Dst => 1.0,
        Addend::Row(bias) => {
            match c.as_slice_mut() {
                Some(cells) if !bias.is_empty() => {
                    cells.chunks_exact_mut(bias.len()).for_each(|row| row.copy_from_slice(bias))
                }
                _ => {
                    let bias = ndarray::ArrayView1::from(bias);
                    c.rows_mut().into_iter().for_each(|mut row| row.assign(&bias));
                }
            }
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
pub(super) fn gemm_path(
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

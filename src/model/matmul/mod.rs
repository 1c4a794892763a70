//! Matrix products for the kernels: which path each product takes. Tiny products (the tutor
//! model's attention, 6×6×8) go through a plain dot-product loop the compiler vectorises (`small`);
//! products under a million multiply-adds (the tutor model's Linears, note 000's 64×64×64
//! attention blocks) through the `gemm` crate on one core; larger ones through the packed AVX2
//! kernel shared out between the engine's threads (`fast::products::packed`; a Linear of at most
//! 64 rows through `fast::products::thin`, which reads the weight in place), or where it cannot
//! run (another CPU, the portable kernels forced, rows not contiguous) through `gemm`, one block
//! of rows per thread. All of these but the plain loop give the same bits. A large Linear's
//! output is made by `matmul_bias_new`: the packed kernel writes it once into new memory, and
//! can split its rows into heads as each block of them is done.

mod small;

use crate::model::fast::products::{self, Addend};
use ndarray::{ArrayView2, ArrayViewMut2};
use small::small;
use std::sync::atomic::{AtomicBool, Ordering};

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
    if work >= PARALLEL
        && PACKED.load(Ordering::Relaxed)
        && (products::thin(alpha, a, b, addend, c) || products::packed(alpha, a, b, addend, c))
    {
        return;
    }
    let beta = start_from(addend, c.view_mut());
    if work <= SMALL {
        small(alpha, a, b, beta, c)
    } else if work < PARALLEL {
        products::gemm(alpha, a, b, beta, c, gemm::Parallelism::None)
    } else {
        products::gemm_by_blocks(alpha, a, b, beta, c)
    }
}

/// a · b + bias as `matmul_bias_into` computes it (b = Wᵀ of a Linear) into a new (m, n) matrix
/// written once by the packed kernel, not zeroed first (`fast::products::packed_new`); with
/// `split` = (T, H), its rows also split into heads as each block of them is done: the split's
/// data, (B, H, T, d_k). Only for a product `product` gives the packed kernel
/// (`takes_packed`); None, having computed nothing, for any other.
pub fn matmul_bias_new(
    a: ArrayView2<f32>,
    b: ArrayView2<f32>,
    bias: &[f32],
    split: Option<(usize, usize)>,
) -> Option<(Vec<f32>, Option<Vec<f32>>)> {
    let (m, k) = a.dim();
    if !takes_packed(m, k, b.ncols()) {
        return None;
    }
    products::packed_new(a, b, bias, split)
}

/// Whether `matmul_bias_new` may take a product of (m, k) by (k, n): one large enough for the
/// threads, of more rows than the few-rows kernel takes (`product` gives those to `thin`). Asked
/// before anything is made, so that a small Linear costs nothing more.
fn takes_packed(m: usize, k: usize, n: usize) -> bool {
    let work = m.checked_mul(k).and_then(|mk| mk.checked_mul(n));
    m > products::THIN_MAX_ROWS && work.is_some_and(|w| w >= PARALLEL) && PACKED.load(Ordering::Relaxed)
}

/// Whether large products may use the packed kernel (benchmarks compare it with `gemm`).
static PACKED: AtomicBool = AtomicBool::new(true);

/// Let large products use the packed kernel (the default) or only the `gemm` crate: for
/// comparing the two (`examples/kernel_time.rs`). Both give the same bits.
pub fn use_packed_kernel(enabled: bool) {
    PACKED.store(enabled, Ordering::Relaxed);
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
    products::gemm(alpha, a, b, beta, c, parallelism);
}

//! A Linear of a few rows (up to `MAX_ROWS`) against a large weight, in AVX2 + FMA (or AVX-512,
//! `thin512`, where `products::thin` finds it), without packing the weight: a lesson's run on a loaded translator (a batch of two sentences, 20-30
//! target positions, against opus-mt's 65,001 × 512 output projection) and `translate`'s encoder
//! (16 source positions against 512 × 512 and 2048 × 512 weights). The packed kernel would first
//! copy W into panels, 133 MB of fresh memory for the output projection; here W is read once, in
//! place, as nn.Linear stores it (out, in).
//!
//! Each output is the same fused multiply-add chain as the packed kernel's and the `gemm`
//! crate's, Σ_p a[i, p]·W[j, p] in the order p = 0, 1, …, k−1 from zero, then the bias added:
//! the same bits (tests/parallel_products.rs). The vector lanes run over rows of a (a is copied
//! transposed, k × 8·V per block of rows, a few hundred KB at most), and J rows of W are summed
//! side by side, each W[j, p] broadcast to the lanes, so that J·V independent chains keep the FMA
//! units busy.

use super::parallel::{self, Shared};
use std::arch::x86_64::*;

/// The most rows of a the kernel takes; more go to the packed kernel.
pub(super) const MAX_ROWS: usize = super::products::THIN_MAX_ROWS;
/// Rows of a per pass over W: four vectors of eight lanes (the AVX-512 form takes twice as many,
/// four vectors of sixteen).
const BLOCK: usize = 32;

/// c (m, n) = a (m, k) · Wᵀ + bias, W (n, k) with rows `w_stride` apart, a and c row-major at
/// their strides; every output row-major in c.
#[derive(Clone, Copy)]
pub(super) struct Thin {
    pub a: *const f32,
    pub a_stride: usize,
    pub w: *const f32,
    pub w_stride: usize,
    pub bias: Option<*const f32>,
    pub c: *mut f32,
    pub c_stride: usize,
    pub m: usize,
    pub k: usize,
    pub n: usize,
}

/// One block of a's rows, transposed: `lanes` values a step of q (the block's rows rounded up
/// to whole vectors, zero past them), `rows` of them real, the first being row `first` of a.
#[derive(Clone, Copy)]
pub(super) struct Block<'a> {
    pub a_t: &'a [f32],
    pub lanes: usize,
    pub first: usize,
    pub rows: usize,
}

/// Run the product on the engine's threads: each part takes a range of W's rows (c's columns).
/// `wide`: by the AVX-512 kernel (`thin512`), blocks of 64 rows in vectors of 16 lanes.
///
/// # Safety
/// The CPU has AVX2 and FMA, and AVX-512F if `wide`; the pointers address matrices of the shapes
/// `Thin` states (a: m × k at `a_stride`, W: n × k at `w_stride`, c: m × n at `c_stride`, the
/// bias n values), live for the call; c overlaps none of the others; 1 ≤ m ≤ MAX_ROWS, k ≥ 1,
/// n ≥ 1.
pub(super) unsafe fn product(p: Thin, wide: bool) {
    let (block_rows, vector) = if wide { (2 * BLOCK, 16) } else { (BLOCK, 8) };
    // a transposed, block by block: a_t[start + q·lanes + lane] = a[first + lane, q], where a
    // block of r rows has lanes = r rounded up to whole vectors and starts at first·k
    let blocks = p.m.div_ceil(block_rows);
    let lanes = |block: usize| (block_rows.min(p.m - block * block_rows)).next_multiple_of(vector);
    let mut a_t = vec![0f32; (blocks - 1) * block_rows * p.k + lanes(blocks - 1) * p.k];
    for i in 0..p.m {
        let (block, lane) = (i / block_rows, i % block_rows);
        let start = block * block_rows * p.k;
        for q in 0..p.k {
            // SAFETY: row i < m of a holds k values at a_stride
            a_t[start + q * lanes(block) + lane] = unsafe { *p.a.add(i * p.a_stride + q) };
        }
    }
    // parts of W's rows: four per thread, whole groups of 48 (a multiple of every J)
    let parts = 4 * parallel::threads();
    let per_part = p.n.div_ceil(parts).next_multiple_of(48);
    let shared = Shared(p);
    let a_t = &a_t;
    parallel::for_each_part(p.n.div_ceil(per_part), |part| {
        let p = shared.get();
        let (j0, j1) = (part * per_part, ((part + 1) * per_part).min(p.n));
        for block in 0..blocks {
            let (first, lanes) = (block * block_rows, lanes(block));
            let a_t = &a_t[first * p.k..first * p.k + lanes * p.k];
            let block = Block { a_t, lanes, first, rows: block_rows.min(p.m - first) };
            // SAFETY: the caller's contract (AVX-512F if `wide`); this part writes only columns
            // j0..j1 of c, rows of this block
            unsafe {
                if wide {
                    super::thin512::columns(p, block, j0, j1);
                    continue;
                }
                match lanes / 8 {
                    1 => columns::<1, 8>(p, block, j0, j1),
                    2 => columns::<2, 6>(p, block, j0, j1),
                    3 => columns::<3, 3>(p, block, j0, j1),
                    _ => columns::<4, 2>(p, block, j0, j1),
                }
            }
        }
    });
}

/// Columns j0..j1 of c for the rows of `block` (V vectors of 8 lanes), J columns at a time, then
/// one at a time.
///
/// # Safety
/// As `product`; the block's lanes are 8·V, its rows rows of a; j1 ≤ n.
#[target_feature(enable = "avx2,fma")]
unsafe fn columns<const V: usize, const J: usize>(p: Thin, block: Block, j0: usize, j1: usize) {
    for (j, whole) in groups(j0, j1, J) {
        // SAFETY: the function's contract, with j + J ≤ j1 for a whole group, else j < j1
        unsafe {
            match whole {
                true => group::<V, J>(p, block, j),
                false => group::<V, 1>(p, block, j),
            }
        }
    }
}

/// Columns j0..j1 as the kernels walk them: groups of `width` from j0 while they fit (`true`),
/// then one column at a time (`false`), each by its first column.
pub(super) fn groups(j0: usize, j1: usize, width: usize) -> impl Iterator<Item = (usize, bool)> {
    let whole = (j1.saturating_sub(j0) / width) * width;
    let wide = (j0..j0 + whole).step_by(width).map(|j| (j, true));
    wide.chain((j0 + whole..j1).map(|j| (j, false)))
}

/// Column j of c for the block's rows, from their sums (`sums[r]` for row `first + r`), the
/// bias added after the sum, as every kernel adds it.
///
/// # Safety
/// As `product`; j < n; `sums` holds at least the block's rows.
#[inline(always)]
pub(super) unsafe fn write_column(p: Thin, block: Block, j: usize, sums: &[f32]) {
    // SAFETY: the function's contract: bias holds n values, c rows first.. first + rows at c_stride
    unsafe {
        let bias = p.bias.map(|b| *b.add(j));
        for (r, &sum) in sums.iter().enumerate().take(block.rows) {
            *p.c.add((block.first + r) * p.c_stride + j) = match bias {
                Some(b) => sum + b,
                None => sum,
            };
        }
    }
}

/// c[first + r, j + g] for the block's rows r, g < G: G rows of W against V vectors of rows of a.
///
/// # Safety
/// As `columns`, with j + G ≤ n.
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn group<const V: usize, const G: usize>(p: Thin, block: Block, j: usize) {
    let (a_t, step) = (block.a_t, block.lanes);
    let mut acc = [[_mm256_setzero_ps(); V]; G];
    // SAFETY: rows j..j + G of W hold k values; a_t holds k steps of 8·V lanes
    unsafe {
        let w_rows: [*const f32; G] = std::array::from_fn(|g| p.w.add((j + g) * p.w_stride));
        let mut a = a_t.as_ptr();
        for q in 0..p.k {
            let mut lanes = [_mm256_setzero_ps(); V];
            for (v, lane) in lanes.iter_mut().enumerate() {
                *lane = _mm256_loadu_ps(a.add(8 * v));
            }
            for g in 0..G {
                let w = _mm256_broadcast_ss(&*w_rows[g].add(q));
                for v in 0..V {
                    acc[g][v] = _mm256_fmadd_ps(lanes[v], w, acc[g][v]);
                }
            }
            a = a.add(step);
        }
        for (g, acc) in acc.iter().enumerate() {
            let mut sums = [0f32; 32];
            for (v, acc) in acc.iter().enumerate() {
                _mm256_storeu_ps(sums.as_mut_ptr().add(8 * v), *acc);
            }
            write_column(p, block, j + g, &sums);
        }
    }
}

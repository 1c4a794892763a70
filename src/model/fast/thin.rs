//! A Linear of a few rows (up to `MAX_ROWS`) against a large weight, in AVX2 + FMA, without
//! packing the weight: a lesson's run on a loaded translator (a batch of two sentences, 20-30
//! target positions, against opus-mt's 65,001 × 512 output projection) and `translate`'s encoder
//! (16 source positions against 512 × 512 and 2048 × 512 weights). The packed kernel would first
//! copy W into panels, 133 MB of fresh memory for the output projection; here W is read once, in
//! place, as nn.Linear stores it (out, in).
//!
//! Each output is the same fused multiply-add chain as the packed kernel's and the `gemm`
//! crate's, Σ_p a[i, p]·W[j, p] in the order p = 0, 1, …, k−1 from zero, then the bias added:
//! the same bits (tests/parallel_products.rs). The vector lanes run over rows of a (a is copied
//! transposed, k × 8·V, a few hundred KB at most), and J rows of W are summed side by side, each
//! W[j, p] broadcast to the lanes, so that J·V independent chains keep the FMA units busy.

use super::parallel::{self, Shared};
use std::arch::x86_64::*;

/// The most rows of a the kernel takes; more go to the packed kernel.
pub(super) const MAX_ROWS: usize = 64;
/// Rows of a per pass over W: four vectors of eight lanes.
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

/// Run the product on the engine's threads: each part takes a range of W's rows (c's columns).
///
/// # Safety
/// The CPU has AVX2 and FMA; the pointers address matrices of the shapes `Thin` states (a: m × k
/// at `a_stride`, W: n × k at `w_stride`, c: m × n at `c_stride`, the bias n values), live for
/// the call; c overlaps none of the others; 1 ≤ m ≤ MAX_ROWS, k ≥ 1, n ≥ 1.
pub(super) unsafe fn product(p: Thin) {
    // a transposed, per block of 32 rows: a_t[block][q][lane] = a[block·32 + lane, q], zero past m
    let blocks = p.m.div_ceil(BLOCK);
    let mut a_t = vec![0f32; blocks * p.k * BLOCK];
    for i in 0..p.m {
        let (block, lane) = (i / BLOCK, i % BLOCK);
        for q in 0..p.k {
            // SAFETY: row i < m of a holds k values at a_stride
            a_t[(block * p.k + q) * BLOCK + lane] = unsafe { *p.a.add(i * p.a_stride + q) };
        }
    }
    // parts of W's rows: four per thread, whole groups of 24 (a multiple of every J)
    let parts = 4 * parallel::threads();
    let per_part = p.n.div_ceil(parts).next_multiple_of(24);
    let shared = Shared(p);
    let a_t = &a_t;
    parallel::for_each_part(p.n.div_ceil(per_part), |part| {
        let p = shared.get();
        let (j0, j1) = (part * per_part, ((part + 1) * per_part).min(p.n));
        for block in 0..blocks {
            let rows = BLOCK.min(p.m - block * BLOCK);
            let a_block = &a_t[block * p.k * BLOCK..(block + 1) * p.k * BLOCK];
            // SAFETY: the caller's contract; this part writes only columns j0..j1 of c, rows of
            // this block
            unsafe {
                match rows.div_ceil(8) {
                    1 => columns::<1, 8>(p, a_block, block * BLOCK, rows, j0, j1),
                    2 => columns::<2, 6>(p, a_block, block * BLOCK, rows, j0, j1),
                    3 => columns::<3, 3>(p, a_block, block * BLOCK, rows, j0, j1),
                    _ => columns::<4, 2>(p, a_block, block * BLOCK, rows, j0, j1),
                }
            }
        }
    });
}

/// Columns j0..j1 of c for the `rows` rows from `first` (V vectors of a's transposed block), J
/// columns at a time, then one at a time.
///
/// # Safety
/// As `product`; rows ≤ 8·V; first + rows ≤ m; j1 ≤ n.
#[target_feature(enable = "avx2,fma")]
unsafe fn columns<const V: usize, const J: usize>(
    p: Thin,
    a_t: &[f32],
    first: usize,
    rows: usize,
    j0: usize,
    j1: usize,
) {
    let mut j = j0;
    // SAFETY: the function's contract, with j + J ≤ j1 and then j < j1
    unsafe {
        while j + J <= j1 {
            group::<V, J>(p, a_t, first, rows, j);
            j += J;
        }
        while j < j1 {
            group::<V, 1>(p, a_t, first, rows, j);
            j += 1;
        }
    }
}

/// c[first + r, j + g] for r < rows, g < G: G rows of W against V vectors of rows of a.
///
/// # Safety
/// As `columns`, with j + G ≤ n.
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn group<const V: usize, const G: usize>(p: Thin, a_t: &[f32], first: usize, rows: usize, j: usize) {
    let mut acc = [[_mm256_setzero_ps(); V]; G];
    // SAFETY: rows j..j + G of W hold k values; a_t holds k rows of 32 lanes (8·V ≤ 32 read)
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
            a = a.add(BLOCK);
        }
        for (g, acc) in acc.iter().enumerate() {
            let mut sums = [0f32; 32];
            for (v, acc) in acc.iter().enumerate() {
                _mm256_storeu_ps(sums.as_mut_ptr().add(8 * v), *acc);
            }
            let bias = p.bias.map(|b| *b.add(j + g));
            for (r, &sum) in sums.iter().enumerate().take(rows) {
                *p.c.add((first + r) * p.c_stride + j + g) = match bias {
                    Some(b) => sum + b,
                    None => sum,
                };
            }
        }
    }
}

//! The few-rows kernel of `thin` for AVX-512: the vector lanes still run over rows of a, sixteen
//! to a register, up to four registers (64 rows) a pass over W, and J rows of W are summed side by
//! side, each W[j, p] broadcast to the lanes: J·V independent chains in up to 28 of the 32
//! registers, where the AVX2 kernel keeps 12 of 16 busy with half the lanes.
//!
//! Each output is still the fused multiply-add chain Σ_p a[i, p]·W[j, p] in the order
//! p = 0, 1, …, k−1 from zero, then the bias added: the bits of the AVX2 kernel
//! (tests/parallel_products.rs). Compiled on x86_64 only; `products::thin` checks the CPU
//! (`super::avx512()`).

use super::thin::{Block, Thin, groups, write_column};
use std::arch::x86_64::*;

/// Columns j0..j1 of c for the rows of `block`, by the widest tile its lanes allow.
///
/// # Safety
/// As `thin::product` with `wide`: the CPU has AVX-512F; the block's lanes are its rows rounded
/// up to a multiple of 16, at most 64; j1 ≤ n.
pub(super) unsafe fn columns(p: Thin, block: Block, j0: usize, j1: usize) {
    // SAFETY: the function's contract
    unsafe {
        match block.lanes / 16 {
            1 => columns_of::<1, 16>(p, block, j0, j1),
            2 => columns_of::<2, 12>(p, block, j0, j1),
            3 => columns_of::<3, 8>(p, block, j0, j1),
            _ => columns_of::<4, 6>(p, block, j0, j1),
        }
    }
}

/// Columns j0..j1 of c for the rows of `block` (V vectors of 16 lanes), J columns at a time,
/// then one at a time.
///
/// # Safety
/// As `columns`, with the block's lanes 16·V.
#[target_feature(enable = "avx512f")]
unsafe fn columns_of<const V: usize, const J: usize>(p: Thin, block: Block, j0: usize, j1: usize) {
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

/// c[first + r, j + g] for the block's rows r, g < G: G rows of W against V vectors of rows of a.
///
/// # Safety
/// As `columns_of`, with j + G ≤ n.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn group<const V: usize, const G: usize>(p: Thin, block: Block, j: usize) {
    let (a_t, step) = (block.a_t, block.lanes);
    let mut acc = [[_mm512_setzero_ps(); V]; G]; // (G columns, 16·V rows)
    // SAFETY: rows j..j + G of W hold k values; a_t holds k steps of 16·V lanes
    unsafe {
        let w_rows: [*const f32; G] = std::array::from_fn(|g| p.w.add((j + g) * p.w_stride));
        let mut a = a_t.as_ptr();
        let ahead = G * p.w_stride; // the next group's rows
        for q0 in (0..p.k).step_by(16) {
            // the next group's cache lines at these 16 columns into L2 while this group sums
            // them: G short rows at once are more streams than the hardware prefetcher follows
            // (the decoder's 48 weights at 16 rows, `examples/few_rows_calls 16 thin`: 8-10 ms
            // with it, 9-15 without). A prefetch never faults, so past the last row it only
            // reads nothing useful.
            for w_row in w_rows {
                _mm_prefetch::<_MM_HINT_T1>(w_row.wrapping_add(ahead + q0) as *const i8);
            }
            for q in q0..(q0 + 16).min(p.k) {
                let lanes: [__m512; V] = std::array::from_fn(|v| _mm512_loadu_ps(a.add(16 * v)));
                for g in 0..G {
                    let w = _mm512_set1_ps(*w_rows[g].add(q));
                    for v in 0..V {
                        acc[g][v] = _mm512_fmadd_ps(lanes[v], w, acc[g][v]);
                    }
                }
                a = a.add(step);
            }
        }
        for (g, acc) in acc.iter().enumerate() {
            let mut sums = [0f32; 64];
            for (v, acc) in acc.iter().enumerate() {
                _mm512_storeu_ps(sums.as_mut_ptr().add(16 * v), *acc);
            }
            write_column(p, block, j + g, &sums);
        }
    }
}

//! The packed kernel's tile for AVX-512: 12 rows × 32 columns of c (two of `packed`'s 16-column
//! panels side by side) in 24 of the 32 vector registers, where the AVX2 tile holds 6 × 16 in 12.
//! Each 16-lane register is one row of a panel, so the panels need no other packing, and a tile
//! at the right edge (one panel, or fewer than 16 columns) loads and stores under a lane mask.
//!
//! Every output is still the fused multiply-add chain Σ_p a[i, p]·b[p, j] in the order
//! p = 0, 1, …, k−1 (continued from the partial sum in c when k is sliced), then scaled by alpha
//! and added to its addend: the bits of the AVX2 tile and of `gemm` (tests/parallel_products.rs).
//! Compiled on x86_64 only; `products::packed` checks the CPU (`super::avx512()`).

use super::packed::{NR, Rows, Step};
use super::products::Addend;
use std::arch::x86_64::*;

/// Rows of a tile.
pub(super) const MR: usize = 12;
/// Panels of a tile: two panels of 16 columns.
pub(super) const PANELS: usize = 2;

/// Lanes 0..count of a 16-lane register.
fn lanes(count: usize) -> __mmask16 {
    if count >= NR { 0xffff } else { ((1u32 << count) - 1) as __mmask16 }
}

/// Products p = k0 .. k1 of one tile of c: rows i .. i + tile_rows, columns j0 .. j0 + cols, the
/// columns in `P` panels (P = 1 or 2, cols ≤ 16·P) that lie one after the other in `panels`.
///
/// # Safety
/// The CPU has AVX-512F; `a` addresses a matrix of at least i + tile_rows rows of k values and
/// `c` one of at least i + tile_rows rows of j0 + cols values (and the bias row j0 + cols), not
/// overlapping; tile_rows ≤ MR; `panels` holds P panels of k rows × 16 from `packed::pack`;
/// k0 ≤ k1 ≤ k; no other thread writes this tile of c meanwhile. With `step.first` the tile reads
/// no value of c and stores every one of its rows and columns, so c may be uninitialised there
/// (`products::packed_new` relies on it).
#[target_feature(enable = "avx512f")]
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn tile<const P: usize>(
    alpha: f32,
    a: Rows<*const f32>,
    (i, tile_rows): (usize, usize),
    (panels, k): (&[f32], usize),
    step: Step,
    addend: Addend,
    (j0, cols): (usize, usize),
    c: Rows<*mut f32>,
) {
    // rows past the edge read row i again; their results are not stored
    // SAFETY: rows i .. i + tile_rows of a exist, and i itself for the rows past the edge
    let a_row: [*const f32; MR] =
        std::array::from_fn(|r| unsafe { a.ptr.add((i + if r < tile_rows { r } else { 0 }) * a.row_stride) });
    // SAFETY: called for r < tile_rows only: row i + r of c, from column j0
    let c_row = |r: usize| unsafe { c.ptr.add((i + r) * c.row_stride + j0) };
    let mask: [__mmask16; P] = std::array::from_fn(|h| lanes(cols.saturating_sub(h * NR)));
    // the loops over rows run to the constant MR and skip rows past the edge, so that the
    // compiler keeps `acc` in registers (a loop to `tile_rows` put it on the stack, zeroed by a
    // memset of 1.5 KB at every call)
    let mut acc = [[_mm512_setzero_ps(); P]; MR]; // (12 rows, 16·P columns)
    if !step.first {
        // continue each chain from the partial sum the last slice left in c
        for (r, acc_row) in acc.iter_mut().enumerate() {
            if r < tile_rows {
                for h in 0..P {
                    // SAFETY: the lanes under the mask are columns inside row i + r of c
                    acc_row[h] = unsafe { _mm512_maskz_loadu_ps(mask[h], c_row(r).add(h * NR)) };
                }
            }
        }
    }
    // row p of panel h is at h·k·16 + p·16
    // SAFETY: k0 ≤ k, and `panels` holds P panels of k rows of 16
    let mut b = unsafe { panels.as_ptr().add(step.k0 * NR) };
    for p in step.k0..step.k1 {
        // SAFETY: p < k: row p of each panel, and value p of each a row
        unsafe {
            let row: [__m512; P] = std::array::from_fn(|h| _mm512_loadu_ps(b.add(h * k * NR)));
            for r in 0..MR {
                let x = _mm512_set1_ps(*a_row[r].add(p));
                for h in 0..P {
                    acc[r][h] = _mm512_fmadd_ps(x, row[h], acc[r][h]);
                }
            }
            b = b.add(NR);
        }
    }
    let scale = _mm512_set1_ps(alpha);
    for (r, acc_row) in acc.iter().enumerate() {
        if r >= tile_rows {
            continue;
        }
        let dst = c_row(r);
        for h in 0..P {
            let mut v = acc_row[h];
            if step.last {
                if alpha != 1.0 {
                    v = _mm512_mul_ps(v, scale);
                }
                // SAFETY: the bias row holds n ≥ j0 + cols values; c's row too
                let add = unsafe {
                    match addend {
                        Addend::Nothing => None,
                        Addend::Dst => Some(dst as *const f32),
                        Addend::Row(bias) => Some(bias.as_ptr().add(j0)),
                    }
                };
                if let Some(add) = add {
                    // SAFETY: the lanes under the mask are columns j0 .. j0 + cols
                    v = _mm512_add_ps(v, unsafe { _mm512_maskz_loadu_ps(mask[h], add.add(h * NR)) });
                }
            }
            // SAFETY: the lanes under the mask are columns inside row i + r of c
            unsafe { _mm512_mask_storeu_ps(dst.add(h * NR), mask[h], v) };
        }
    }
}

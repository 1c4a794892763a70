//! Packing a transposed nn.Linear weight into the packed kernel's panels with AVX-512: each
//! 16 × 16 block of W (16 of its rows, 16 values of each) is loaded as 16 registers, transposed
//! in registers (four rounds of shuffles) and stored as 16 rows of the panel. The scalar copy it
//! replaces stored one number at a time, 16 floats apart: note 001's forward spent a tenth of its
//! time there, more than some of its products. The panel holds the same numbers either way (a
//! copy, no arithmetic). Compiled on x86_64 only; `packed::pack` checks the CPU
//! (`super::avx512()`).

use super::packed::NR;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// A whole panel, every one of its k·16 values written: out[p·16 + c] = W[j0 + c, p] for p < k,
/// c < 16, from `rows[c]` = W's row j0 + c (k values each); the last k mod 16 rows of the panel
/// by plain copies.
///
/// # Safety
/// The CPU has AVX-512F; `out` holds k·16 values and each of `rows` at least k (asserted).
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn panel(rows: [&[f32]; NR], k: usize, out: &mut [MaybeUninit<f32>]) {
    assert!(out.len() == k * NR && rows.iter().all(|r| r.len() >= k));
    let whole = k - k % NR;
    for p0 in (0..whole).step_by(NR) {
        // SAFETY: p0 + 16 ≤ k values of each row, and rows p0 .. p0 + 16 of the panel (asserted)
        unsafe {
            let block: [__m512; NR] = std::array::from_fn(|c| _mm512_loadu_ps(rows[c].as_ptr().add(p0)));
            let columns = transposed(block);
            for (p, column) in columns.iter().enumerate() {
                _mm512_storeu_ps(out.as_mut_ptr().add((p0 + p) * NR).cast::<f32>(), *column);
            }
        }
    }
    super::packed::copy_rows(&rows, whole..k, out);
}

/// The 16 × 16 transpose of `r` (register c holds row c): register p of the result holds
/// r[0][p], r[1][p], …, r[15][p].
#[target_feature(enable = "avx512f")]
fn transposed(r: [__m512; NR]) -> [__m512; NR] {
    // pairs of rows interleaved: t[2i] = a0 b0 a1 b1 | a4 b4 a5 b5 | …, t[2i+1] = a2 b2 a3 b3 | …
    let t: [__m512; NR] = std::array::from_fn(|i| {
        let (a, b) = (r[i & !1], r[i | 1]);
        if i % 2 == 0 { _mm512_unpacklo_ps(a, b) } else { _mm512_unpackhi_ps(a, b) }
    });
    // fours of rows: u[4g + m] holds column m (+4, +8, +12 in the other 128-bit lanes) of rows
    // 4g .. 4g + 4
    let u: [__m512; NR] = std::array::from_fn(|i| {
        let (g, m) = (i / 4, i % 4);
        let (a, b) = (t[4 * g + m / 2], t[4 * g + m / 2 + 2]);
        if m % 2 == 0 { _mm512_shuffle_ps::<0x44>(a, b) } else { _mm512_shuffle_ps::<0xEE>(a, b) }
    });
    // eights of rows: v[8h + q] holds columns q and q + 8 of rows 8h .. 8h + 4 and 8h + 4 .. 8h + 8
    // (q < 4), or columns q and q + 8 for q = 4 .. 8 the same way
    let v: [__m512; NR] = std::array::from_fn(|i| {
        let (h, q) = (i / 8, i % 8);
        let (a, b) = (u[8 * h + q % 4], u[8 * h + 4 + q % 4]);
        if q < 4 { _mm512_shuffle_f32x4::<0x88>(a, b) } else { _mm512_shuffle_f32x4::<0xDD>(a, b) }
    });
    // all sixteen rows: column p from v[p mod 8] and v[8 + p mod 8]
    std::array::from_fn(|p| {
        let (a, b) = (v[p % 8], v[8 + p % 8]);
        if p < 8 { _mm512_shuffle_f32x4::<0x88>(a, b) } else { _mm512_shuffle_f32x4::<0xDD>(a, b) }
    })
}

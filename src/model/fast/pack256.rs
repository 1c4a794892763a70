//! `pack512` for CPUs with AVX2 but not AVX-512: each 16-column panel is two 8-column halves,
//! and each half is packed 8 × 8 at a time (8 of W's rows, 8 values of each) by a transpose in
//! eight 8-lane registers. The same numbers as the scalar copy; a copy, no arithmetic.
//! Compiled on x86_64 only; `packed::pack` checks the CPU (`super::avx2_fma()`).

use super::packed::NR;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// Lanes of a register, and rows of W in a transposed block.
const L: usize = 8;

/// As `pack512::panel`: every one of the panel's k·16 values written, out[p·16 + c] = W[j0 + c, p],
/// from `rows[c]` = W's row j0 + c (k values each).
///
/// # Safety
/// The CPU has AVX2; `out` holds k·16 values and each of `rows` at least k (asserted).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn panel(rows: [&[f32]; NR], k: usize, out: &mut [MaybeUninit<f32>]) {
    assert!(out.len() == k * NR && rows.iter().all(|r| r.len() >= k));
    let whole = k - k % L;
    for p0 in (0..whole).step_by(L) {
        for half in 0..NR / L {
            // SAFETY: p0 + 8 ≤ k values of each row, and rows p0 .. p0 + 8 of the panel (asserted)
            unsafe {
                let block: [__m256; L] = std::array::from_fn(|c| _mm256_loadu_ps(rows[half * L + c].as_ptr().add(p0)));
                for (p, column) in transposed(block).iter().enumerate() {
                    _mm256_storeu_ps(out.as_mut_ptr().add((p0 + p) * NR + half * L).cast::<f32>(), *column);
                }
            }
        }
    }
    super::packed::copy_rows(&rows, whole..k, out);
}

/// The 8 × 8 transpose of `r` (register c holds row c): register p of the result holds
/// r[0][p], r[1][p], …, r[7][p].
#[target_feature(enable = "avx2")]
fn transposed(r: [__m256; L]) -> [__m256; L] {
    // pairs of rows interleaved: t[2i] = a0 b0 a1 b1 | a4 b4 a5 b5, t[2i+1] = a2 b2 a3 b3 | a6 b6 a7 b7
    let t: [__m256; L] = std::array::from_fn(|i| {
        let (a, b) = (r[i & !1], r[i | 1]);
        if i % 2 == 0 { _mm256_unpacklo_ps(a, b) } else { _mm256_unpackhi_ps(a, b) }
    });
    // fours of rows: u[4g + m] holds column m (and m + 4 in the upper half) of rows 4g .. 4g + 4
    let u: [__m256; L] = std::array::from_fn(|i| {
        let (g, m) = (i / 4, i % 4);
        let (a, b) = (t[4 * g + m / 2], t[4 * g + m / 2 + 2]);
        if m % 2 == 0 { _mm256_shuffle_ps::<0x44>(a, b) } else { _mm256_shuffle_ps::<0xEE>(a, b) }
    });
    // all eight rows: column p from the lower (p < 4) or upper halves of u[p mod 4] and u[4 + p mod 4]
    std::array::from_fn(|p| {
        let (a, b) = (u[p % 4], u[4 + p % 4]);
        if p < 4 { _mm256_permute2f128_ps::<0x20>(a, b) } else { _mm256_permute2f128_ps::<0x31>(a, b) }
    })
}

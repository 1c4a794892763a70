//! Softmax of rows: subtract each row's maximum, exponentiate, divide by the sum.
//!
//! Long rows (the vocabulary, note 000's 64 keys) spend their time in `exp`, and use `exp_poly`, a
//! branch-free polynomial (within 2 ulp of the exact value) in plain arithmetic: the same bits on
//! every CPU and target, and the compiler turns it into vector code (8 lanes wide where the CPU
//! has AVX2 and FMA, see `fast::with_avx2_fma`). Short rows keep the exact values of the standard `f32::exp`: on
//! Linux with glibc and a CPU with AVX2 and FMA they compute them with `expf_fma`, glibc's own
//! steps written so that they vectorise (training's rows of 6 to 12 keys spent a fifth of the
//! forward pass calling `f32::exp` one number at a time); elsewhere, and with the portable
//! kernels forced, they call `f32::exp`. Either way a masked score (-1e9 - max) gives exactly 0.

use crate::model::fast;

/// Rows shorter than this keep the standard exp's values: `exp_poly` does not pay for itself.
const VECTOR_ROW: usize = 16;

/// Rows whose sums `softmax_rows` takes side by side.
const GROUP: usize = 8;

/// Softmax of `row` in place.
pub fn softmax_row(row: &mut [f32]) {
    let n = row.len();
    softmax_rows(row, n);
}

/// Softmax of every `n`-long row of `rows`, in place. A row's sum is a chain of additions, each
/// waiting for the one before; eight rows' chains are run side by side so that the additions of
/// one row fill the waits of the others. Each row is still summed in its own order, so the result
/// is the same bits as one row at a time.
pub fn softmax_rows(rows: &mut [f32], n: usize) {
    if n == 0 {
        return;
    }
    if n >= VECTOR_ROW {
        fast::with_avx2_fma(
            #[inline(always)]
            || softmax_rows_with(rows, n, exp_poly),
        )
    } else if GLIBC_FMA_EXPF && fast::avx2_fma() {
        fast::with_avx2_fma(
            #[inline(always)]
            || softmax_rows_with(rows, n, expf_fma),
        )
    } else {
        softmax_rows_with(rows, n, f32::exp)
    }
}

/// Whether `f32::exp` is glibc's `__expf_fma` on a CPU with AVX2 and FMA (glibc picks that build
/// there), whose bits `expf_fma` reproduces.
const GLIBC_FMA_EXPF: bool = cfg!(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu"));

/// `out[i] = e^(xs[i] − shift)` with the bits of the standard `f32::exp` (by `expf_fma`, in vector
/// code, where that is glibc's FMA build; else by `f32::exp` itself), for the search's
/// log-softmax of 65,001 scores, which must give the bits of transformers' choice every time.
pub fn exp_shifted_exact(xs: &[f32], shift: f32, out: &mut [f32]) {
    assert_eq!(xs.len(), out.len());
    if GLIBC_FMA_EXPF && fast::avx2_fma() {
        fast::with_avx2_fma(
            #[inline(always)]
            || {
                for (o, &x) in out.iter_mut().zip(xs) {
                    *o = expf_fma(x - shift);
                }
            },
        )
    } else {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = (x - shift).exp();
        }
    }
}

/// As `softmax_rows`, compiled for the target's baseline whatever the CPU: the portable path,
/// which the tests hold to the same bits.
#[cfg(test)]
fn softmax_rows_portable(rows: &mut [f32], n: usize) {
    if n >= VECTOR_ROW { softmax_rows_with(rows, n, exp_poly) } else { softmax_rows_with(rows, n, f32::exp) }
}

/// The loop of `softmax_rows` for one `exp`. Plain `for` loops rather than iterator adaptors that
/// take closures (`for_each`, `fold`, `sum`), which the compiler may keep out of line, compiled
/// for the baseline CPU, when `fast::with_avx2_fma` compiles this loop for AVX2.
#[inline(always)]
fn softmax_rows_with(rows: &mut [f32], n: usize, exp: impl Fn(f32) -> f32 + Copy) {
    let mut groups = rows.chunks_exact_mut(n * GROUP);
    for group in &mut groups {
        for row in group.chunks_exact_mut(n) {
            exp_shifted(row, exp);
        }
        let mut sums = [0.0f32; GROUP];
        let group_rows: [&[f32]; GROUP] = std::array::from_fn(|r| &group[r * n..(r + 1) * n]);
        #[allow(clippy::needless_range_loop)] // p indexes all eight rows at once
        for p in 0..n {
            for r in 0..GROUP {
                sums[r] += group_rows[r][p];
            }
        }
        for (row, sum) in group.chunks_exact_mut(n).zip(sums) {
            divide(row, sum);
        }
    }
    for row in groups.into_remainder().chunks_exact_mut(n) {
        exp_shifted(row, exp);
        // summed in order from -0.0, as `Iterator::sum` does
        let mut sum = -0.0f32;
        for &v in row.iter() {
            sum += v;
        }
        divide(row, sum);
    }
}

/// The largest value of `row`, NaN ignored, found in eight lanes (it is the same number in any
/// order; of +0 and −0 either may come out, and every use subtracts it, where the two agree).
#[inline(always)]
pub(crate) fn row_max(row: &[f32]) -> f32 {
    let mut lanes = [f32::NEG_INFINITY; 8];
    let chunks = row.chunks_exact(8);
    let mut max = f32::NEG_INFINITY;
    for &v in chunks.remainder() {
        max = max.max(v);
    }
    for chunk in chunks {
        for l in 0..8 {
            lanes[l] = lanes[l].max(chunk[l]);
        }
    }
    for v in lanes {
        max = max.max(v);
    }
    max
}

/// e^(x − max) in place, max the row's largest value (`row_max`).
#[inline(always)]
fn exp_shifted(row: &mut [f32], exp: impl Fn(f32) -> f32) {
    let max = row_max(row);
    for v in row.iter_mut() {
        *v = exp(*v - max);
    }
}

#[inline(always)]
fn divide(row: &mut [f32], sum: f32) {
    let inv = 1.0 / sum;
    for v in row.iter_mut() {
        *v *= inv;
    }
}

/// glibc's `expf` (sysdeps/ieee754/flt-32/e_expf.c, as its `__expf_fma` build compiles it: the
/// variant `f32::exp` runs on CPUs with AVX2 and FMA), step for step and with the same constants,
/// so the same bits as `f32::exp` there; but without calls, and with its special cases as values
/// chosen afterwards, so that a loop of it vectorises.
/// x = (k + r)·ln2/32 with k an integer, 2^(k/32) from a table of 32 and the exponent bits,
/// 2^(r/32) by a cubic, all in f64, rounded once to f32 at the end.
#[inline(always)]
pub fn expf_fma(x: f32) -> f32 {
    const INV_LN2_N: f64 = f64::from_bits(0x4047_1547_652b_82fe); // 32 / ln 2
    const SHIFT: f64 = f64::from_bits(0x4338_0000_0000_0000); // 1.5·2^52: rounds to an integer
    const C0: f64 = f64::from_bits(0x3ebc_6af8_4b91_2394);
    const C1: f64 = f64::from_bits(0x3f2e_bfce_50fa_c4f3);
    const C2: f64 = f64::from_bits(0x3f96_2e42_ff0c_52d6);
    let xd = x as f64;
    let z = INV_LN2_N.mul_add(xd, SHIFT);
    let ki = z.to_bits();
    let kd = z - SHIFT;
    let t = EXP2F_TABLE[(ki % 32) as usize].wrapping_add(ki << 47);
    let r = INV_LN2_N.mul_add(xd, -kd);
    let p = r.mul_add(C0, C1);
    let y = r.mul_add(C2, 1.0);
    let y = p.mul_add(r * r, y);
    let fast = (y * f64::from_bits(t)) as f32;
    // glibc's branch for |x| ≥ 88 (and NaN): each case the value glibc returns
    let bits = x.to_bits();
    let abs_top = (bits >> 20) & 0x7ff; // glibc's `abstop`: exponent and top mantissa bits of |x|
    if abs_top <= 0x42a {
        fast
    } else if bits == f32::NEG_INFINITY.to_bits() {
        0.0
    } else if abs_top > 0x7f7 {
        x + x // NaN, +inf
    } else if x > f32::from_bits(0x42b1_7217) {
        f32::INFINITY
    } else if x < f32::from_bits(0xc2cf_f1b4) {
        0.0
    } else if x < f32::from_bits(0xc2ce_8ecf) {
        // glibc squares 0x1.4p-75 at run time (to raise the underflow flag); the square rounds
        // to the smallest subnormal, 2^-149
        f32::from_bits(1)
    } else {
        fast
    }
}

/// 2^(i/32) for i in 0..32 as f64 bits, less i << 47 (glibc's `__exp2f_data.tab`).
const EXP2F_TABLE: [u64; 32] = [
    0x3ff0000000000000,
    0x3fefd9b0d3158574,
    0x3fefb5586cf9890f,
    0x3fef9301d0125b51,
    0x3fef72b83c7d517b,
    0x3fef54873168b9aa,
    0x3fef387a6e756238,
    0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715,
    0x3feef1a7373aa9cb,
    0x3feedea64c123422,
    0x3feece086061892d,
    0x3feebfdad5362a27,
    0x3feeb42b569d4f82,
    0x3feeab07dd485429,
    0x3feea47eb03a5585,
    0x3feea09e667f3bcd,
    0x3fee9f75e8ec5f74,
    0x3feea11473eb0187,
    0x3feea589994cce13,
    0x3feeace5422aa0db,
    0x3feeb737b0cdc5e5,
    0x3feec49182a3f090,
    0x3feed503b23e255d,
    0x3feee89f995ad3ad,
    0x3feeff76f2fb5e47,
    0x3fef199bdd85529c,
    0x3fef3720dcef9069,
    0x3fef5818dcfba487,
    0x3fef7c97337b9b5f,
    0x3fefa4afa2a490da,
    0x3fefd0765b6e4540,
];

/// e^x by Cephes' method: x = n·ln2 + r with |r| ≤ ln2/2, e^r by a degree-6 polynomial, 2^n
/// from the exponent bits. Written without branches or calls so that it vectorises.
/// Returns exactly 0 below -87.3 (where f32 underflows anyway).
#[inline(always)]
pub fn exp_poly(x: f32) -> f32 {
    const LOG2E: f32 = std::f32::consts::LOG2_E;
    const LN2_HI: f32 = 0.693_359_4; // ln 2 split in two so that n·ln2 is subtracted exactly
    const LN2_LO: f32 = -2.121_944_4e-4;
    const ROUND: f32 = 12_582_912.0; // 1.5·2^23: adding it rounds to an integer kept in the low bits
    let xc = x.clamp(-87.3, 88.3);
    let shifted = xc * LOG2E + ROUND;
    let n = shifted - ROUND;
    let n_int = shifted.to_bits().wrapping_sub(ROUND.to_bits()) as i32;
    let r = xc - n * LN2_HI - n * LN2_LO;
    let p =
        ((((1.987_569_1e-4 * r + 1.398_2e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r + 1.666_666_5e-1) * r + 0.5;
    let e = p * r * r + r + 1.0;
    let scale = f32::from_bits(((n_int + 127) as u32) << 23);
    if x < -87.3 { 0.0 } else { e * scale }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_poly_is_within_a_few_ulp_of_exp() {
        let mut worst = 0.0f64;
        let mut x = -87.0f32;
        while x < 88.0 {
            let exact = (x as f64).exp();
            worst = worst.max(((exp_poly(x) as f64 - exact) / exact).abs());
            x += 0.001_3;
        }
        assert!(worst < 3e-7, "worst relative error {worst}");
    }

    /// `expf_fma` against `f32::exp` (glibc's, on a CPU with FMA): every 251st float from -0 down
    /// to -inf and from 0 up to +inf, the edges of glibc's special cases, and NaN. (All 2^32
    /// floats: `cargo run --release --example expf_exhaustive`, 0 differ here.)
    #[test]
    #[cfg(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu"))]
    fn expf_fma_gives_the_bits_of_glibc_expf() {
        if !(std::is_x86_feature_detected!("fma") && std::is_x86_feature_detected!("avx2")) {
            return; // glibc then runs its other build, whose bits `expf_fma` does not promise
        }
        let same = |x: f32| {
            let (mine, libm) = (expf_fma(x), x.exp());
            mine.to_bits() == libm.to_bits() || (mine.is_nan() && libm.is_nan())
        };
        let edges = [0x42b1_7217u32, 0xc2cf_f1b4, 0xc2ce_8ecf, 0x42b0_0000, 0xc2b0_0000, 0xff80_0000, 0x7f80_0000];
        for edge in edges {
            for bits in edge.saturating_sub(300)..edge.saturating_add(300) {
                assert!(same(f32::from_bits(bits)), "x = {} ({bits:#x})", f32::from_bits(bits));
            }
        }
        assert!(same(f32::NAN) && same(-1e9) && same(0.0) && same(-0.0));
        for bits in (0..0x7f80_0000u32).step_by(251).flat_map(|b| [b, b | 0x8000_0000]) {
            assert!(same(f32::from_bits(bits)), "x = {} ({bits:#x})", f32::from_bits(bits));
        }
    }

    /// The path this CPU runs (AVX2 and FMA here, unless `TRANSFORMER_TUTOR_PORTABLE` is set) gives
    /// the portable path's bits: rows short and long, one and several groups of eight, masked
    /// scores, ties, large and tiny values.
    #[test]
    fn the_fast_path_gives_the_bits_of_the_portable_path() {
        let mut seed = 3u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            match seed >> 28 {
                0 => -1e9,
                1 => 0.0,
                2 => 80.0,
                _ => ((seed >> 8) as f32 / (1 << 24) as f32 - 0.5) * 10f32.powi((seed % 5) as i32 - 1),
            }
        };
        for n in [1, 2, 5, 6, 8, 12, 15, 16, 17, 31, 64, 81, 1000] {
            for rows in [1, 7, 8, 9, 20] {
                let scores: Vec<f32> = (0..n * rows).map(|_| next()).collect();
                let (mut fast, mut portable) = (scores.clone(), scores);
                softmax_rows(&mut fast, n);
                softmax_rows_portable(&mut portable, n);
                let same = fast.iter().zip(&portable).all(|(a, b)| a.to_bits() == b.to_bits());
                assert!(same, "{rows} rows of {n}: {fast:?} vs {portable:?}");
            }
        }
    }

    #[test]
    fn masked_scores_get_exactly_zero() {
        assert_eq!(exp_poly(-1e9), 0.0);
        assert_eq!(exp_poly(f32::NEG_INFINITY), 0.0);
        let mut row: Vec<f32> = (0..40).map(|i| if i % 3 == 0 { -1e9 } else { i as f32 * 0.1 }).collect();
        softmax_row(&mut row);
        assert!(row.iter().step_by(3).all(|&w| w == 0.0));
        assert!((row.iter().map(|&w| w as f64).sum::<f64>() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn long_and_short_rows_agree_with_f64() {
        for len in [5, 16, 64, 1000] {
            let xs: Vec<f32> = (0..len).map(|i| ((i * 37 % 101) as f32 - 50.0) * 0.13).collect();
            let max = xs.iter().cloned().fold(f64::NEG_INFINITY, |m, v| m.max(v as f64));
            let sum: f64 = xs.iter().map(|&v| (v as f64 - max).exp()).sum();
            let mut row = xs.clone();
            softmax_row(&mut row);
            for (w, x) in row.iter().zip(&xs) {
                let exact = (*x as f64 - max).exp() / sum;
                assert!((*w as f64 - exact).abs() / (1.0 + exact) < 1e-6, "len {len}: {w} vs {exact}");
            }
        }
    }
}

//! Softmax of one row: subtract the row's maximum, exponentiate, divide by the sum.
//!
//! Long rows (the vocabulary, note 000's 64 keys) spend their time in `exp`. On CPUs with AVX2
//! and FMA they use `exp_poly`, a branch-free polynomial the compiler turns into 8-wide vector
//! code (within 2 ulp of the exact value); short rows and other CPUs use the standard `f32::exp`.
//! Either way a masked score (-1e9 - max) gives exactly 0.

/// Rows shorter than this use the standard exp: vector code does not pay for itself.
const VECTOR_ROW: usize = 16;

/// Softmax of `row` in place.
pub fn softmax_row(row: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if row.len() >= VECTOR_ROW && std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has just been checked for AVX2 and FMA.
        unsafe { softmax_row_avx2(row) };
        return;
    }
    softmax_with(row, f32::exp);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn softmax_row_avx2(row: &mut [f32]) {
    softmax_with(row, exp_poly);
}

#[inline(always)]
fn softmax_with(row: &mut [f32], exp: impl Fn(f32) -> f32) {
    let max = row.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
    for v in row.iter_mut() {
        *v = exp(*v - max);
    }
    let sum: f32 = row.iter().sum();
    let inv = 1.0 / sum;
    for v in row.iter_mut() {
        *v *= inv;
    }
}

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

//! Softmax of rows: subtract each row's maximum, exponentiate, divide by the sum.
//!
//! Long rows (the vocabulary, note 000's 64 keys) spend their time in `exp`. On CPUs with AVX2
//! and FMA they use `exp_poly`, a branch-free polynomial the compiler turns into 8-wide vector
//! code (within 2 ulp of the exact value); short rows and other CPUs use the standard `f32::exp`.
//! Either way a masked score (-1e9 - max) gives exactly 0.

/// Rows shorter than this use the standard exp: vector code does not pay for itself.
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
    #[cfg(target_arch = "x86_64")]
    if n >= VECTOR_ROW && std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has just been checked for AVX2 and FMA.
        unsafe { softmax_rows_avx2(rows, n) };
        return;
    }
    softmax_rows_with(rows, n, f32::exp);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn softmax_rows_avx2(rows: &mut [f32], n: usize) {
    softmax_rows_with(rows, n, exp_poly);
}

#[inline(always)]
fn softmax_rows_with(rows: &mut [f32], n: usize, exp: impl Fn(f32) -> f32 + Copy) {
    let mut groups = rows.chunks_exact_mut(n * GROUP);
    for group in &mut groups {
        group.chunks_exact_mut(n).for_each(|row| exp_shifted(row, exp));
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
        let sum: f32 = row.iter().sum();
        divide(row, sum);
    }
}

/// e^(x − max) in place, max the row's largest value. The maximum is found in eight lanes (it is
/// the same number in any order).
#[inline(always)]
fn exp_shifted(row: &mut [f32], exp: impl Fn(f32) -> f32) {
    let mut lanes = [f32::NEG_INFINITY; 8];
    let chunks = row.chunks_exact(8);
    let tail = chunks.remainder().iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
    for chunk in chunks {
        for l in 0..8 {
            lanes[l] = lanes[l].max(chunk[l]);
        }
    }
    let max = lanes.iter().fold(tail, |m, &v| m.max(v));
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

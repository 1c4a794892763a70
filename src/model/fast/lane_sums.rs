//! The inner loop of `kernels::linear_few_rows` in AVX intrinsics: one row of W dotted with one
//! to four rows of x, each as sixteen running sums (two 8-lane vectors; element i goes to sum
//! i mod 16), a multiplication then an addition per element, never fused. That is exactly the
//! portable loop's arithmetic, so both give the same bits (the kernel's tests compare them); the
//! compiler left the portable loop for four rows at a fifth of this speed.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// How far ahead of the element being read W is prefetched, in floats.
#[cfg(target_arch = "x86_64")]
const PREFETCH_AHEAD: usize = 1024;

/// Sixteen running sums per row of x.
pub type LaneSums = [f32; 16];

/// The running sums of w · x for each x in `xs` (1 to 4 rows) over the first `full` elements,
/// a multiple of 16; None where the CPU lacks AVX2 and FMA or the portable kernels are forced.
/// Panics if a slice is shorter than `full` or `full` is not a multiple of 16.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub fn lane_sums(w: &[f32], xs: &[&[f32]], full: usize) -> Option<[LaneSums; 4]> {
    if !super::avx2_fma() {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    {
        assert!(full.is_multiple_of(16) && w.len() >= full && xs.len() <= 4 && xs.iter().all(|x| x.len() >= full));
        let mut rows = [w.as_ptr(); 4];
        for (row, x) in rows.iter_mut().zip(xs) {
            *row = x.as_ptr();
        }
        // SAFETY: `avx2_fma()` checked the CPU; w and every row read by the kernel (the first
        // `xs.len()`, each `full` long, as asserted above) are live slices; the other pointers of
        // `rows` are never read
        Some(unsafe { lane_sums_avx(w.as_ptr(), rows, xs.len(), full) })
    }
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// # Safety
/// The CPU has AVX; `w` and `xs[..count]` each point to at least `full` floats; `full` is a
/// multiple of 16; count ≤ 4.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn lane_sums_avx(w: *const f32, xs: [*const f32; 4], count: usize, full: usize) -> [LaneSums; 4] {
    let zero = _mm256_setzero_ps();
    let mut lo = [zero; 4];
    let mut hi = [zero; 4];
    let mut c = 0;
    while c < full {
        // SAFETY: c + 16 ≤ full, inside every slice (the function's contract)
        unsafe {
            // the row a few ahead of this one, on its way from memory while this one is summed
            _mm_prefetch::<_MM_HINT_T0>(w.wrapping_add(c + PREFETCH_AHEAD) as *const i8);
            let w_lo = _mm256_loadu_ps(w.add(c));
            let w_hi = _mm256_loadu_ps(w.add(c + 8));
            // a fixed count lets the compiler keep the eight sums in registers
            macro_rules! row {
                ($r:expr) => {
                    let x = xs[$r];
                    lo[$r] = _mm256_add_ps(lo[$r], _mm256_mul_ps(w_lo, _mm256_loadu_ps(x.add(c))));
                    hi[$r] = _mm256_add_ps(hi[$r], _mm256_mul_ps(w_hi, _mm256_loadu_ps(x.add(c + 8))));
                };
            }
            match count {
                4 => {
                    row!(0);
                    row!(1);
                    row!(2);
                    row!(3);
                }
                3 => {
                    row!(0);
                    row!(1);
                    row!(2);
                }
                2 => {
                    row!(0);
                    row!(1);
                }
                1 => {
                    row!(0);
                }
                _ => {}
            }
        }
        c += 16;
    }
    let mut out = [[0f32; 16]; 4];
    for r in 0..count {
        // SAFETY: each row of `out` is 16 floats, room for two 8-lane stores
        unsafe {
            _mm256_storeu_ps(out[r].as_mut_ptr(), lo[r]);
            _mm256_storeu_ps(out[r].as_mut_ptr().add(8), hi[r]);
        }
    }
    out
}

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

/// chunk[i · n + r] = W[first + i] · x[r] + b[first + i] for every row of W the chunk holds
/// (chunk.len() / n of them), x's n rows (1 to 4) each `in_dim` long, a multiple of 16: the
/// running sums of `lane_sums`, reduced in registers in the portable `total`'s order (lane l and
/// l + 8, then l and l + 4, l and l + 2, then the two left), then the bias added: the portable
/// loop's bits, without a call and a reduction in memory per row. False (nothing written) where
/// the CPU lacks AVX2 and FMA, the portable kernels are forced, n is not 1 to 4 or in_dim is not a
/// multiple of 16. Panics if a slice is too short for the rows the chunk holds.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub fn rows_dot(w: &[f32], b: &[f32], x: &[f32], (n, in_dim): (usize, usize), first: usize, chunk: &mut [f32]) -> bool {
    if !super::avx2_fma() || !(1..=4).contains(&n) || in_dim == 0 || !in_dim.is_multiple_of(16) {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        assert!(chunk.len().is_multiple_of(n), "whole rows of W");
        let rows = chunk.len() / n;
        assert!(w.len() >= (first + rows) * in_dim && b.len() >= first + rows && x.len() >= n * in_dim);
        let (w, b, x, out) = (w.as_ptr(), b.as_ptr(), x.as_ptr(), chunk.as_mut_ptr());
        let shape = Rows { in_dim, rows, first };
        // SAFETY: `avx2_fma()` checked the CPU; the assertions above keep every read inside w
        // (rows first..first + rows, in_dim each), b and x (n rows), and every write inside chunk
        unsafe {
            match n {
                1 => rows_dot_avx::<1>(w, b, x, shape, out),
                2 => rows_dot_avx::<2>(w, b, x, shape, out),
                3 => rows_dot_avx::<3>(w, b, x, shape, out),
                _ => rows_dot_avx::<4>(w, b, x, shape, out),
            }
        }
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Which rows of W a `rows_dot_avx` call sums, and how long each is.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Rows {
    in_dim: usize,
    rows: usize,
    first: usize,
}

/// # Safety
/// The CPU has AVX2 and FMA; `w` holds rows `first..first + rows` of `in_dim` floats (a multiple
/// of 16), `b` at least `first + rows` floats, `x` N rows of `in_dim`, `out` room for rows · N.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn rows_dot_avx<const N: usize>(w: *const f32, b: *const f32, x: *const f32, shape: Rows, out: *mut f32) {
    let Rows { in_dim, rows, first } = shape;
    for i in 0..rows {
        let o = first + i;
        // SAFETY: row o of W and every row of x are in_dim long, c + 16 ≤ in_dim, and out has
        // rows · N floats (the function's contract)
        unsafe {
            let w_row = w.add(o * in_dim);
            let mut lo = [_mm256_setzero_ps(); N];
            let mut hi = [_mm256_setzero_ps(); N];
            let mut c = 0;
            while c < in_dim {
                _mm_prefetch::<_MM_HINT_T0>(w_row.wrapping_add(c + PREFETCH_AHEAD) as *const i8);
                let w_lo = _mm256_loadu_ps(w_row.add(c));
                let w_hi = _mm256_loadu_ps(w_row.add(c + 8));
                for r in 0..N {
                    let x_row = x.add(r * in_dim + c);
                    lo[r] = _mm256_add_ps(lo[r], _mm256_mul_ps(w_lo, _mm256_loadu_ps(x_row)));
                    hi[r] = _mm256_add_ps(hi[r], _mm256_mul_ps(w_hi, _mm256_loadu_ps(x_row.add(8))));
                }
                c += 16;
            }
            for r in 0..N {
                // `total`: sum[l] += sum[l + 8], then + sum[l + 4], + sum[l + 2], + sum[l + 1]
                let eight = _mm256_add_ps(lo[r], hi[r]);
                let four = _mm_add_ps(_mm256_castps256_ps128(eight), _mm256_extractf128_ps::<1>(eight));
                let two = _mm_add_ps(four, _mm_movehl_ps(four, four));
                let one = _mm_add_ss(two, _mm_shuffle_ps::<1>(two, two));
                *out.add(i * N + r) = _mm_cvtss_f32(one) + *b.add(o);
            }
        }
    }
}

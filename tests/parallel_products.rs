//! The engine's own threads (`model::parallel`) and the row-split matrix product
//! (`model::matmul`): every part runs once (under contention too), a panic reaches the caller, and splitting a product's
//! rows across threads gives the same bits as one `gemm` call over all of them.

use ndarray::{Array1, Array2, ShapeBuilder};
use std::sync::atomic::{AtomicUsize, Ordering};
use transformer_tutor::model::fast::parallel::{for_each_chunk_mut, for_each_part, join};
use transformer_tutor::model::matmul::{gemm_into, matmul_bias_into, matmul_into};

#[test]
fn every_part_runs_exactly_once_even_when_calls_nest_or_race() {
    let counts: Vec<AtomicUsize> = (0..1000).map(|_| AtomicUsize::new(0)).collect();
    for_each_part(1000, |i| {
        counts[i].fetch_add(1, Ordering::SeqCst);
        // a nested call while the helpers are busy: done by this thread alone
        for_each_part(3, |_| {});
    });
    assert!(counts.iter().all(|c| c.load(Ordering::SeqCst) == 1));
    // several callers at once (the test harness runs tests on threads too)
    let total = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..200 {
                    for_each_part(7, |i| {
                        total.fetch_add(i + 1, Ordering::SeqCst);
                    });
                }
            });
        }
    });
    assert_eq!(total.load(Ordering::SeqCst), 4 * 200 * 28);
}

/// With more busy threads than cores, a caller does the parts a helper has not started and
/// withdraws its offer instead of waiting for it: every part still runs exactly once, whether
/// the helper took some parts, none or all. (This checks the withdrawal is correct; the slowness
/// it cures, `train --eval` taking minutes beside two CPU-bound programs, was measured with the
/// binary: 14 of 60 runs over 20 s before, 0 of 40 after.)
#[test]
fn every_part_runs_once_when_other_threads_keep_the_cores_busy() {
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            });
        }
        for round in 0..2000 {
            let counts: Vec<AtomicUsize> = (0..3).map(|_| AtomicUsize::new(0)).collect();
            for_each_part(3, |i| {
                counts[i].fetch_add(1, Ordering::SeqCst);
            });
            assert!(counts.iter().all(|c| c.load(Ordering::SeqCst) == 1), "round {round}");
        }
        stop.store(true, Ordering::Relaxed);
    });
}

#[test]
fn join_returns_both_results_and_passes_a_panic_on() {
    for round in 0..100 {
        let (a, b) = join(|| round * 2, || format!("b{round}"));
        assert_eq!((a, b), (round * 2, format!("b{round}")));
    }
    // a call inside either half still runs every one of its parts
    let (a, b) = join(
        || {
            let n = AtomicUsize::new(0);
            for_each_part(5, |_| {
                n.fetch_add(1, Ordering::SeqCst);
            });
            n.into_inner()
        },
        || 7,
    );
    assert_eq!((a, b), (5, 7));
    for _ in 0..20 {
        let caught = std::panic::catch_unwind(|| join(|| 1, || -> i32 { panic!("in the second half") }));
        let message = caught.expect_err("the panic reaches the caller");
        assert_eq!(message.downcast_ref::<&str>(), Some(&"in the second half"), "as it was raised");
    }
    assert_eq!(join(|| 1, || 2), (1, 2), "the helper still works after a panic");
}

#[test]
fn chunks_cover_the_slice_once() {
    let mut data = vec![0.0f32; 10_007];
    for_each_chunk_mut(&mut data, 100, |i, chunk| chunk.iter_mut().for_each(|v| *v += i as f32 + 1.0));
    for (j, v) in data.iter().enumerate() {
        assert_eq!(*v, (j / 100) as f32 + 1.0);
    }
}

#[test]
fn a_panic_in_any_part_reaches_the_caller_and_the_threads_still_work() {
    for _ in 0..20 {
        let result = std::panic::catch_unwind(|| for_each_part(64, |i| assert!(i != 37, "part 37")));
        assert!(result.is_err());
    }
    let done = AtomicUsize::new(0);
    for_each_part(64, |_| {
        done.fetch_add(1, Ordering::SeqCst);
    });
    assert_eq!(done.load(Ordering::SeqCst), 64);
}

fn random(shape: (usize, usize), seed: u32) -> Array2<f32> {
    let mut s = seed.wrapping_mul(2_654_435_761).max(1);
    Array2::from_shape_fn(shape, |_| {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s >> 8) as f32 / (1u32 << 24) as f32 - 0.5
    })
}

fn same_bits(x: &Array2<f32>, y: &Array2<f32>) -> bool {
    x.iter().zip(y).all(|(a, b)| a.to_bits() == b.to_bits())
}

#[test]
fn a_product_split_by_rows_is_bit_identical_to_one_gemm_call() {
    // (m, k, n): the tutor's training shapes, note 001's Linears, note 000's projection, odd sizes
    for (seed, (m, k, n)) in [
        (640, 32, 32),
        (640, 32, 74),
        (250, 128, 512),
        (250, 512, 128),
        (999, 37, 301),
        (8192, 512, 64),
        (250, 300, 50),
        (37, 64, 20),
    ]
    .into_iter()
    .enumerate()
    {
        let seed = seed as u32;
        let a = random((m, k), seed);
        let w = random((n, k), seed + 100); // nn.Linear's (out, in)
        let bias = Array1::from_iter(random((1, n), seed + 200));
        // a Linear: rows that start as the bias, plus x · Wᵀ
        let mut split = Array2::from_shape_fn((m, n), |(_, j)| bias[j]);
        matmul_into(1.0, a.view(), w.t(), 1.0, &mut split.view_mut());
        let mut whole = Array2::from_shape_fn((m, n), |(_, j)| bias[j]);
        gemm_into(1.0, a.view(), w.t(), 1.0, &mut whole.view_mut());
        assert!(same_bits(&split, &whole), "linear {m}x{k}x{n}");
        let mut fused = Array2::from_elem((m, n), f32::NAN); // not read
        matmul_bias_into(a.view(), w.t(), bias.as_slice().unwrap(), &mut fused.view_mut());
        assert!(same_bits(&fused, &whole), "linear with the bias added last {m}x{k}x{n}");
        // a scaled product with b row-major, and a transposed a (the backward's d_weight = gᵀ · x)
        let b = random((k, n), seed + 300);
        let (mut split, mut whole) = (Array2::zeros((m, n)), Array2::zeros((m, n)));
        matmul_into(0.125, a.view(), b.view(), 0.0, &mut split.view_mut());
        gemm_into(0.125, a.view(), b.view(), 0.0, &mut whole.view_mut());
        assert!(same_bits(&split, &whole), "scaled {m}x{k}x{n}");
        let at = random((k, m), seed + 400);
        let (mut split, mut whole) = (Array2::zeros((m, n).f()), Array2::zeros((m, n).f()));
        matmul_into(1.0, at.t(), b.view(), 0.0, &mut split.view_mut());
        gemm_into(1.0, at.t(), b.view(), 0.0, &mut whole.view_mut());
        assert!(same_bits(&split, &whole), "transposed {m}x{k}x{n}");
    }
}

/// Σ_p a[i, p]·W[j, p] as one fused multiply-add chain from zero in the order p = 0, 1, …, then
/// the bias: what the packed kernel computes, and `gemm` too but for a single row or k over 512,
/// where it takes another order (the packed kernel, which the engine ran there, keeps this one).
fn fma_chain(a: ndarray::ArrayView2<f32>, w: &Array2<f32>, bias: Option<&Array1<f32>>) -> Array2<f32> {
    Array2::from_shape_fn((a.nrows(), w.nrows()), |(i, j)| {
        let sum = a.row(i).iter().zip(w.row(j)).fold(0.0f32, |acc, (&x, &y)| x.mul_add(y, acc));
        bias.map_or(sum, |b| sum + b[j])
    })
}

/// A Linear of a few rows against a large weight (a lesson's run or `translate`'s encoder on a
/// paper-size translator) takes the unpacked kernel where the CPU has AVX2 and FMA: the bits of
/// the chain above, with the bias and without, for 1 to 64 rows (one and two passes over W,
/// every width of the kernel's row blocks, columns not a multiple of its groups), and of one
/// `gemm` call where it computes that chain.
#[test]
fn a_few_rows_against_a_large_weight_are_the_fma_chain() {
    let fast_kernels = transformer_tutor::model::fast::avx2_fma();
    for (seed, (m, k, n)) in [
        (16, 512, 20_000),
        (1, 512, 2048),
        (3, 2048, 512),
        (9, 100, 3001),
        (24, 512, 1027),
        (31, 64, 1000),
        (64, 512, 2048),
        (40, 300, 4099),
    ]
    .into_iter()
    .enumerate()
    {
        let seed = 50 + seed as u32;
        let a = random((m, k), seed);
        let w = random((n, k), seed + 100);
        let bias = Array1::from_iter(random((1, n), seed + 200));
        let expected = fma_chain(a.view(), &w, Some(&bias));
        let mut fused = Array2::from_elem((m, n), f32::NAN); // not read
        matmul_bias_into(a.view(), w.t(), bias.as_slice().unwrap(), &mut fused.view_mut());
        assert!(chain(&fused, &expected), "linear {m}x{k}x{n}");
        if m > 1 && k <= 512 && fast_kernels {
            let mut whole = Array2::from_shape_fn((m, n), |(_, j)| bias[j]);
            gemm_into(1.0, a.view(), w.t(), 1.0, &mut whole.view_mut());
            assert!(same_bits(&fused, &whole), "linear {m}x{k}x{n} against gemm");
        }
        let mut thin = Array2::from_elem((m, n), f32::NAN);
        matmul_into(1.0, a.view(), w.t(), 0.0, &mut thin.view_mut());
        assert!(chain(&thin, &fma_chain(a.view(), &w, None)), "no bias {m}x{k}x{n}");
        // rows of a and c further apart than their length (every other row of a, half of c's)
        let tall = random((2 * m, k), seed + 300);
        let mut wide = Array2::from_elem((m, 2 * n), f32::NAN);
        let mut c = wide.slice_mut(ndarray::s![.., ..n]);
        matmul_into(1.0, tall.slice(ndarray::s![..;2, ..]), w.t(), 0.0, &mut c);
        let expected = fma_chain(tall.slice(ndarray::s![..;2, ..]), &w, None);
        assert!(chain(&c.to_owned(), &expected), "strided {m}x{k}x{n}");
    }
}

/// Every row count the unpacked kernel takes, 1 to 64 (its AVX-512 form where the CPU has it,
/// its AVX2 form under `TRANSFORMER_TUTOR_NO_AVX512=1`, which CI runs too), each against a weight
/// just large enough for the kernel (a million multiply-adds), with odd k (3, shorter than a cache
/// line, to 515) and odd n: the FMA chain's bits with the bias; and with a's rows, c's rows and
/// W's rows each further apart than their length.
#[test]
fn every_row_count_of_the_few_rows_kernel_is_the_fma_chain() {
    for m in 1..=64usize {
        let k = [3, 17, 67, 129, 515][m % 5];
        let n = (1usize << 20).div_ceil(m * k) | 1;
        let seed = 1000 + m as u32;
        let a = random((m, k), seed);
        let w = random((n, k), seed + 100);
        let bias = Array1::from_iter(random((1, n), seed + 200));
        let mut fused = Array2::from_elem((m, n), f32::NAN); // not read
        matmul_bias_into(a.view(), w.t(), bias.as_slice().unwrap(), &mut fused.view_mut());
        assert!(chain(&fused, &fma_chain(a.view(), &w, Some(&bias))), "linear {m}x{k}x{n}");
        // every other row of a, W's rows k + 5 apart, c half of a wider matrix
        let tall = random((2 * m, k), seed + 300);
        let w_wide = random((n, k + 5), seed + 400);
        let w_part = w_wide.slice(ndarray::s![.., ..k]);
        let mut wide = Array2::from_elem((m, 2 * n + 1), f32::NAN);
        let mut c = wide.slice_mut(ndarray::s![.., 1..n + 1]);
        let a_part = tall.slice(ndarray::s![..;2, ..]);
        matmul_bias_into(a_part, w_part.t(), bias.as_slice().unwrap(), &mut c);
        let expected = fma_chain(a_part, &w_part.to_owned(), Some(&bias));
        assert!(chain(&c.to_owned(), &expected), "strided {m}x{k}x{n}");
        assert!(wide.column(0).iter().all(|v| v.is_nan()), "nothing written left of c");
        assert!(wide.column(n + 1).iter().all(|v| v.is_nan()), "nothing written right of c");
    }
}

/// Whether `got` is the FMA chain `expected`: its bits where the unpacked AVX2+FMA kernel runs;
/// on the portable kernels (`TRANSFORMER_TUTOR_PORTABLE=1`, another CPU), whose sums take other
/// orders, within 1e-5 relative to the row's largest magnitude.
fn chain(got: &Array2<f32>, expected: &Array2<f32>) -> bool {
    if transformer_tutor::model::fast::avx2_fma() {
        return same_bits(got, expected);
    }
    got.rows().into_iter().zip(expected.rows()).all(|(g, e)| {
        let scale = e.iter().fold(1e-30f32, |m, v| m.max(v.abs()));
        g.iter().zip(e).all(|(x, y)| (x - y).abs() <= 1e-5 * scale)
    })
}

/// A Linear of many rows packs its weight for the packed kernel: in registers where the weight's
/// rows are contiguous (16 × 16 with AVX-512, 8 × 8 with AVX2), one number at a time otherwise.
/// Short rows (k under 8 and 16, so only the tail copy), a last panel of fewer than 16 columns,
/// and a weight that is a slice of a wider one (its rows further apart than k) give the bits of
/// the chain as well.
#[test]
fn packing_short_partial_and_strided_weights_keeps_the_chain() {
    // m·k·n over a million multiply-adds and m over 64 rows: the packed kernel, not `gemm` or `thin`
    for (seed, (m, k, n)) in [(4000, 7, 40), (3000, 15, 33), (3000, 24, 16), (1200, 40, 50)].into_iter().enumerate() {
        let seed = seed as u32;
        let a = random((m, k), seed + 500);
        let wide = random((n, k + 9), seed + 600);
        let bias = Array1::from_iter(random((1, n), seed + 700));
        for w in [wide.slice(ndarray::s![.., 3..3 + k]), wide.slice(ndarray::s![.., ..k])] {
            let mut c = Array2::from_elem((m, n), f32::NAN);
            matmul_bias_into(a.view(), w.t(), bias.as_slice().unwrap(), &mut c.view_mut());
            let expected = fma_chain(a.view(), &w.to_owned(), Some(&bias));
            assert!(same_bits(&c, &expected), "{m}x{k}x{n}, W rows {} apart", w.strides()[0]);
        }
    }
}

/// A large Linear's output made by `matmul_bias_new` (written once by the packed kernel into new
/// memory, never zeroed, and split into heads as each block of its rows is done) is the FMA
/// chain, and its split is `split_heads` of it: for d_k not a multiple of 16, T that does not
/// divide the kernel's blocks of 96 rows, one head, and k over one slice of 256.
#[test]
fn a_linear_written_once_and_split_as_made_is_the_chain_then_split_heads() {
    use transformer_tutor::model::kernels::split_heads;
    use transformer_tutor::model::matmul::matmul_bias_new;
    for (seed, (m, k, n, t, h)) in
        [(97, 37, 301, 97, 1), (200, 300, 120, 20, 5), (250, 600, 1000, 25, 8), (1024, 512, 256, 64, 4)]
            .into_iter()
            .enumerate()
    {
        let seed = seed as u32;
        let a = random((m, k), seed + 800);
        let w = random((n, k), seed + 900);
        let bias = Array1::from_iter(random((1, n), seed + 1000));
        let made = matmul_bias_new(a.view(), w.t(), bias.as_slice().unwrap(), Some((t, h)));
        // where the packed kernel runs it must take the product, or the test would prove nothing
        assert_eq!(made.is_some(), transformer_tutor::model::fast::avx2_fma(), "{m}x{k}x{n}");
        let Some((c, Some(split))) = made else { continue };
        let c = Array2::from_shape_vec((m, n), c).unwrap();
        let expected = fma_chain(a.view(), &w, Some(&bias));
        assert!(same_bits(&c, &expected), "{m}x{k}x{n}");
        let heads = split_heads(&expected.into_shape_with_order((m / t, t, n)).unwrap().into_dyn(), h);
        assert_eq!(heads.shape(), [m / t, h, t, n / h]);
        let same = heads.iter().zip(&split).all(|(x, y)| x.to_bits() == y.to_bits());
        assert!(same, "the split of {m}x{k}x{n} into {h} heads of {t} tokens");
    }
}

//! The packed AVX2 kernel beside the `gemm` crate on the products of the benchmarks' workloads,
//! taking turns call by call (this shared machine drifts from minute to minute):
//!
//!     cargo run --release --example kernel_time
//!
//! Prints each shape's median time and GFLOP/s both ways. The two give the same bits
//! (tests/parallel_products.rs).

use ndarray::Array2;
use std::time::Instant;
use transformer_tutor::model::matmul::{matmul_bias_into, use_packed_kernel};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::model::fast::alloc::keep_freed_memory();
    // (rows, in, out) of a Linear: note 001's projections, FFN halves and logits; note 000's projection
    for (m, k, n, calls) in [
        (200, 128, 128, 3001),
        (250, 128, 512, 1001),
        (250, 512, 128, 1001),
        (250, 128, 1000, 1001),
        (8192, 512, 512, 21),
    ] {
        let x = Array2::from_shape_fn((m, k), |(i, j)| ((i * 7 + j) % 13) as f32 / 13.0 - 0.5);
        let w = Array2::from_shape_fn((n, k), |(i, j)| ((i * 5 + j) % 11) as f32 / 11.0 - 0.5);
        let bias = vec![0.1f32; n];
        let mut y = Array2::<f32>::zeros((m, n));
        let (mut packed, mut gemm) = (Vec::new(), Vec::new());
        for call in 0..calls {
            let with_packed = call % 2 == 0;
            use_packed_kernel(with_packed);
            let t = Instant::now();
            matmul_bias_into(x.view(), w.t(), &bias, &mut y.view_mut());
            let us = t.elapsed().as_secs_f64() * 1e6;
            if with_packed { packed.push(us) } else { gemm.push(us) }
        }
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let (p, g) = (median(packed), median(gemm));
        let gflop = 2.0 * (m * n * k) as f64 / 1e3;
        println!(
            "{m:>5} x {k:>3} x {n:>4}: packed {p:>9.1} µs {:>4.0} GFLOP/s | gemm {g:>9.1} µs {:>4.0} GFLOP/s",
            gflop / p,
            gflop / g
        );
    }
    use_packed_kernel(true);
}

//! The cost of a call of `kernels::linear_few_rows` beyond reading its weight: the decoder's 48
//! Linears of one step (512 × 512 and 2048 × 512 weights, 63 MB) as 48 calls on 48 weights, against
//! the same bytes in one call. `cargo run --release --example few_rows_calls [ROWS] [thin]`: with
//! `thin`, the same calls through `kernels::linear` (a Linear of up to 64 rows takes the unpacked
//! `fast::thin` kernel there once it has a million multiply-adds, as the encoder's 16 rows do).

use ndarray::{Array1, Array2, ArrayView1, ArrayView2};
use std::time::Instant;

fn best_of(reps: usize, mut f: impl FnMut()) -> f64 {
    (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

/// x · Wᵀ + b by the decoding step's kernel, or by `kernels::linear` (`thin`).
fn call(thin: bool, x: ArrayView2<f32>, w: ArrayView2<f32>, b: ArrayView1<f32>) {
    use transformer_tutor::model::kernels;
    if thin {
        let _ = kernels::linear(&x.to_owned().into_dyn(), w, b);
    } else {
        let _ = kernels::linear_few_rows(x, w, b);
    }
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let thin = std::env::args().nth(2).is_some_and(|a| a == "thin");
    let fill = |(i, j): (usize, usize)| ((i * 7 + j * 3) % 100) as f32 / 100.0;
    // per layer: six 512 × 512 (q, k, v, o; cross q, o), 2048 × 512 and 512 × 2048
    let mut weights = Vec::new();
    for _ in 0..6 {
        for _ in 0..6 {
            weights.push(Array2::from_shape_fn((512, 512), fill));
        }
        weights.push(Array2::from_shape_fn((2048, 512), fill));
        weights.push(Array2::from_shape_fn((512, 2048), fill));
    }
    let total_rows: usize = weights.iter().map(|w| w.len() / 512).sum();
    let one = Array2::from_shape_fn((total_rows, 512), fill);
    let x512 = Array2::from_shape_fn((n, 512), |(i, j)| ((i + j) % 10) as f32 / 10.0);
    let x2048 = Array2::from_shape_fn((n, 2048), |(i, j)| ((i + j) % 10) as f32 / 10.0);
    let bias = |rows: usize| Array1::<f32>::zeros(rows);
    let mb = (one.len() * 4) as f64 / 1e6;
    for round in 0..5 {
        let calls = best_of(10, || {
            for w in &weights {
                let x = if w.ncols() == 512 { &x512 } else { &x2048 };
                call(thin, x.view(), w.view(), bias(w.nrows()).view());
            }
        });
        let single = best_of(10, || call(thin, x512.view(), one.view(), bias(total_rows).view()));
        println!(
            "round {round}: 48 calls {calls:.2} ms ({:.1} GB/s), one call {single:.2} ms ({:.1} GB/s): {:.1} µs a call beyond the reading",
            mb / calls,
            mb / single,
            (calls - single) * 1e3 / 48.0
        );
    }
}

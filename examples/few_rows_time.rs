//! The Linear of one decoding step (`kernels::linear_few_rows`) on opus-mt's output projection
//! (65,001 × 512) and on one that stays in the cache, for 1 and 4 rows: time and the bytes of W
//! read per second. `cargo run --release --example few_rows_time`
//! (`TRANSFORMER_TUTOR_PORTABLE=1` for the portable loop).

use ndarray::{Array1, Array2};
use std::time::Instant;
fn main() {
    for rows in [2048usize, 65001] {
        let w = Array2::<f32>::from_shape_fn((rows, 512), |(i, j)| ((i * 7 + j * 3) % 100) as f32 / 100.0);
        let b = Array1::<f32>::zeros(rows);
        for n in [1usize, 4] {
            let x = Array2::<f32>::from_shape_fn((n, 512), |(i, j)| ((i + j) % 10) as f32 / 10.0);
            let reps = 20 * 65001 / rows;
            let _ = transformer_tutor::model::kernels::linear_few_rows(x.view(), w.view(), b.view());
            let t = Instant::now();
            for _ in 0..reps {
                let _ = transformer_tutor::model::kernels::linear_few_rows(x.view(), w.view(), b.view());
            }
            let s = t.elapsed().as_secs_f64() / reps as f64;
            println!("rows {rows} n {n}: {:.3} ms, {:.1} GB/s", s * 1e3, (rows * 512 * 4) as f64 / s / 1e9);
        }
    }
}

//! How fast this machine streams weights from memory: two threads each sum half of a 221 MB array
//! (a greedy decoding step's weights at opus-mt-zh-en's size: the decoder's 88 MB and the output
//! projection's 133 MB), best and median of 20 passes. A decoding step that reads every weight
//! once cannot take less than size / bandwidth. `cargo run --release --example memory_bandwidth`

use std::time::Instant;

/// Σ x over a slice in sixteen running sums (vectorised by the compiler).
fn sum(x: &[f32]) -> f32 {
    let mut lanes = [0f32; 16];
    for chunk in x.chunks_exact(16) {
        for (l, v) in lanes.iter_mut().zip(chunk) {
            *l += v;
        }
    }
    lanes.iter().sum()
}

fn main() {
    let floats = 221_000_000 / 4;
    let data: Vec<f32> = (0..floats).map(|i| (i % 7) as f32).collect();
    let (a, b) = data.split_at(floats / 2);
    let mut times = Vec::new();
    for _ in 0..20 {
        let started = Instant::now();
        let total = std::thread::scope(|s| {
            let other = s.spawn(|| sum(b));
            sum(a) + other.join().expect("the second half")
        });
        times.push(started.elapsed().as_secs_f64());
        std::hint::black_box(total);
    }
    times.sort_by(f64::total_cmp);
    let gb = (floats * 4) as f64 / 1e9;
    let (best, median) = (times[0], times[times.len() / 2]);
    println!(
        "221 MB with 2 threads: best {:.2} ms ({:.1} GB/s), median {:.2} ms ({:.1} GB/s)",
        best * 1e3,
        gb / best,
        median * 1e3,
        gb / median
    );
}

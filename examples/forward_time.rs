//! Median wall time of the three forward workloads of `benches/forward.rs`, as the program runs
//! them (mimalloc), for `benches/side_by_side.py` to print beside PyTorch and numpy:
//!
//!     cargo run --release --example forward_time
//!
//! Prints `key=value` lines (milliseconds): note000_block, note001_forward, default_forward.

#[path = "../benches/common/mod.rs"]
mod common;

use std::time::Instant;
use transformer_tutor::model::Run;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The median of `reps` timed full runs (after two warm-up runs), in milliseconds.
fn median_ms(run: &Run, reps: usize) -> f64 {
    let once = || {
        let mut r = run.clone();
        let t = Instant::now();
        r.run_all();
        t.elapsed().as_secs_f64() * 1e3
    };
    once();
    once();
    let mut times: Vec<f64> = (0..reps).map(|_| once()).collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    transformer_tutor::model::fast::alloc::keep_freed_memory();
    println!("note000_block={:.2}", median_ms(&common::note000_block(), 15));
    println!("note001_forward={:.3}", median_ms(&common::note001_forward(), 60));
    println!("default_forward={:.4}", median_ms(&common::default_forward(), 600));
}

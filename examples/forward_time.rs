//! Median wall time of the three forward workloads of `benches/forward.rs`, as the program runs
//! them (mimalloc), for `benches/side_by_side.py` to print beside PyTorch and numpy:
//!
//!     cargo run --release --example forward_time
//!
//! Prints `key=value` lines (milliseconds): note000_block, note001_forward, default_forward.
//!
//! With `--serve` it builds the three runs, prints `ready`, then for each workload name read
//! from a line of stdin runs that workload once and prints its wall time in milliseconds:
//! `side_by_side.py` takes turns with PyTorch this way, round by round, so that both see the same
//! minutes of this shared machine.

#[path = "../benches/common/mod.rs"]
mod common;

use std::time::Instant;
use transformer_tutor::model::Run;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The median of `reps` timed full runs (after two warm-up runs), in milliseconds.
fn median_ms(run: &Run, reps: usize) -> f64 {
    let once = || once_ms(run);
    once();
    once();
    let mut times: Vec<f64> = (0..reps).map(|_| once()).collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// One timed full run of a fresh copy of `run`, in milliseconds.
fn once_ms(run: &Run) -> f64 {
    let mut r = run.clone();
    let t = Instant::now();
    r.run_all();
    t.elapsed().as_secs_f64() * 1e3
}

/// `--serve`: a workload name per line of stdin, its time per line of stdout.
fn serve() {
    use std::io::{BufRead, Write};
    let runs = [
        ("note000_block", common::note000_block()),
        ("note001_forward", common::note001_forward()),
        ("default_forward", common::default_forward()),
    ];
    let mut out = std::io::stdout().lock();
    writeln!(out, "ready").and_then(|()| out.flush()).expect("stdout");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let Some((_, run)) = runs.iter().find(|(name, _)| *name == line.trim()) else {
            eprintln!("unknown workload {line:?}");
            std::process::exit(2);
        };
        writeln!(out, "{:.4}", once_ms(run)).and_then(|()| out.flush()).expect("stdout");
    }
}

fn main() {
    transformer_tutor::model::fast::alloc::keep_freed_memory();
    if std::env::args().any(|a| a == "--serve") {
        return serve();
    }
    println!("note000_block={:.2}", median_ms(&common::note000_block(), 15));
    println!("note001_forward={:.3}", median_ms(&common::note001_forward(), 60));
    println!("default_forward={:.4}", median_ms(&common::default_forward(), 600));
}

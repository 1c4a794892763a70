//! Per-kind timings of the default model's forward pass (the tutor's own size), medians of 2001
//! stepped passes: `cargo run --release --example profile_default`. For checking that work on
//! the large configurations does not make the default model slower.

#[path = "../benches/common/mod.rs"]
mod common;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::alloc::keep_freed_memory();
    let run = common::default_forward();
    let medians = common::op_medians(&run, 2001);
    for (kind, (ms, count)) in common::by_kind(&run, &medians) {
        println!("{kind:>14} x{count:<3} {:>8.2} µs", ms * 1e3);
    }
    println!("sum of medians {:.2} µs", medians.iter().sum::<f64>() * 1e3);
}

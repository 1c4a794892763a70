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
    let mut by_kind: std::collections::BTreeMap<String, (usize, f64)> = Default::default();
    let medians = common::op_medians(&run, 2001);
    for (op, ms) in run.program().ops().iter().zip(&medians) {
        let kind = format!("{:?}", op.kind).split(|c: char| !c.is_alphanumeric()).next().unwrap().to_string();
        let e = by_kind.entry(kind).or_default();
        e.0 += 1;
        e.1 += ms * 1e3;
    }
    for (k, (n, us)) in by_kind {
        println!("{k:>14} x{n:<3} {us:8.2} us");
    }
    println!("sum {:.2} us", medians.iter().sum::<f64>() * 1e3);
}

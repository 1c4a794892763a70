//! Per-kind timings of the default model's forward pass (the tutor's own size), medians of 2001
//! stepped passes: `cargo run --release --example profile_default`. For checking that work on
//! the large configurations does not make the default model slower.

#[path = "../benches/common/mod.rs"]
mod common;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::model::fast::alloc::keep_freed_memory();
    let run = common::default_forward();
    let medians = common::op_medians(&run, 2001);
    common::print_by_kind(&run, &medians, true);
}

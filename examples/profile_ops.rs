//! Per-operation timings of note 000's attention block (X (128, 64, 512), 8 heads):
//! `cargo run --release --example profile_ops [-- --gemm]`. For finding where the benchmark's
//! time goes; `--gemm` runs every product through the `gemm` crate instead of the packed kernel.

#[path = "../benches/common/mod.rs"]
mod common;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::model::fast::alloc::keep_freed_memory();
    if std::env::args().any(|a| a == "--gemm") {
        transformer_tutor::model::matmul::use_packed_kernel(false);
    }
    let run = common::note000_block();
    let medians = common::op_medians(&run, 9);
    for (op, ms) in run.program().ops().iter().zip(&medians) {
        println!("{:>30} {ms:>8.2} ms", op.name);
    }
    println!("{:>30} {:>8.2} ms", "sum of medians", medians.iter().sum::<f64>());
}

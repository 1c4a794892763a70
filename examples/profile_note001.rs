//! Per-kind timings of note 001's forward (2+2 layers, d 128, 4 heads, d_ff 512, vocab 1000;
//! src (10, 20), tgt (10, 25)): `cargo run --release --example profile_note001`.

#[path = "../benches/common/mod.rs"]
mod common;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::model::fast::alloc::keep_freed_memory();
    let run = common::note001_forward();
    let medians = common::op_medians(&run, 40);
    for (op, &ms) in run.program().ops().iter().zip(&medians) {
        if ms > 0.3 {
            println!("{:>30} {ms:>8.3} ms {:?}", op.name, op.shape);
        }
    }
    common::print_by_kind(&run, &medians, false);
}

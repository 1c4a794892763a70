//! Speed of the engine: the full forward pass of the default tutor model and of note 001's
//! example, and note 000's attention block on X of shape (128, 64, 512) with 8 heads.
//! Run with `cargo bench --bench forward`.

mod common;

/// The allocator and its setting the program uses (src/main.rs, src/model/fast/alloc.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::model::fast::alloc::keep_freed_memory();
    divan::main();
}

/// One full forward pass of a fresh clone of `run` (nothing computed).
fn bench_run(bencher: divan::Bencher, run: transformer_tutor::model::Run) {
    bencher.bench_local(|| {
        let mut r = run.clone();
        r.run_all();
        r
    });
}

#[divan::bench]
fn default_model_forward(bencher: divan::Bencher) {
    bench_run(bencher, common::default_forward());
}

#[divan::bench(sample_count = 30)]
fn note001_forward(bencher: divan::Bencher) {
    bench_run(bencher, common::note001_forward());
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn note000_attention_block(bencher: divan::Bencher) {
    bench_run(bencher, common::note000_block());
}

//! Speed of the engine: the full forward pass of the default tutor model and of note 001's
//! example, and note 000's attention block on X of shape (128, 64, 512) with 8 heads.
//! Run with `cargo bench --bench forward`.

use ndarray::{Array2, ArrayD, IxDyn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::{Inputs, Preset, Run, Weights};

/// The allocator and its setting the program uses (src/main.rs, src/alloc.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::alloc::keep_freed_memory();
    divan::main();
}

fn random_ids(rng: &mut ChaCha8Rng, rows: usize, cols: usize, vocab: usize) -> Array2<usize> {
    Array2::from_shape_fn((rows, cols), |_| rng.random_range(1..vocab))
}

/// A run of the whole encoder-decoder on random ids, nothing computed yet.
fn transformer_run(preset: Preset, shape: RunShape) -> Run {
    let config = transformer_tutor::model::setup::preset_config(preset);
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let inputs = Inputs {
        src_ids: Some(random_ids(&mut rng, shape.batch, shape.t_src, config.src_vocab)),
        tgt_ids: Some(random_ids(&mut rng, shape.batch, shape.t_tgt, config.tgt_vocab)),
        ..Default::default()
    };
    Run::new(Arc::new(build::transformer(&config, shape)), weights, inputs)
}

/// Note 002's runnable example: d_model 32, 4 heads, d_ff 64, 2 layers; batch 2, sequences of 6.
#[divan::bench]
fn default_model_forward(bencher: divan::Bencher) {
    let run = transformer_run(Preset::Tutor, RunShape { batch: 2, t_src: 6, t_tgt: 6 });
    bencher.bench_local(|| {
        let mut r = run.clone();
        r.run_all();
        r
    });
}

/// Note 001's example: 2 layers, d_model 128, 4 heads, d_ff 512, vocab 1000; src (10, 20), tgt (10, 25).
#[divan::bench(sample_count = 30)]
fn note001_forward(bencher: divan::Bencher) {
    let run = transformer_run(Preset::Note001, RunShape { batch: 10, t_src: 20, t_tgt: 25 });
    bencher.bench_local(|| {
        let mut r = run.clone();
        r.run_all();
        r
    });
}

/// Note 000's multi-head attention block: X (128, 64, 512), 8 heads, causal mask.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn note000_attention_block(bencher: divan::Bencher) {
    let config = transformer_tutor::model::setup::preset_config(Preset::Note000);
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let x = ArrayD::from_shape_fn(IxDyn(&[128, 64, 512]), |_| rng.random::<f32>() * 2.0 - 1.0);
    let inputs = Inputs { tensors: HashMap::from([("x".to_string(), Arc::new(x))]), ..Default::default() };
    let run = Run::new(Arc::new(build::attention_block(&config, 128, 64)), weights, inputs);
    bencher.bench_local(|| {
        let mut r = run.clone();
        r.run_all();
        r
    });
}

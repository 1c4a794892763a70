//! Where one training step's time goes: a half batch (32 pairs, what each core gets in training)
//! run forward by operation kind, then its backward pass by operation kind, medians. The run is
//! on this thread; a large operation may hand parts to the engine's idle helper, which in
//! training is busy with the other half, so these figures are a little lower than a half's share
//! of a real step. Adam is not included (about 0.16 ms a step).
//!
//!     cargo run --release --example profile_train

#[path = "../benches/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::corpus::{DEFAULT_SEED, generate};
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::{Inputs, Run};
use transformer_tutor::train::data::{Batcher, encode_pairs};
use transformer_tutor::train::{TrainOptions, Trainer};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let corpus = generate(DEFAULT_SEED);
    let options = TrainOptions::default();
    let trainer = Trainer::new(&corpus, options);
    let mut batcher = Batcher::new(encode_pairs(&corpus.train, &trainer.weights.vocabs), options.seed);
    let batch = batcher.next_batch(options.batch);
    let (half, _) = batch.split(batch.src.nrows().div_ceil(2));
    let shape = RunShape { batch: half.src.nrows(), t_src: half.src.ncols(), t_tgt: half.tgt_in.ncols() };
    let program = Arc::new(build::training(&trainer.weights.config, shape, 0));
    let inputs = Inputs {
        src_ids: Some(half.src.clone()),
        tgt_ids: Some(half.tgt_in.clone()),
        labels: Some(half.labels.clone()),
        ..Default::default()
    };
    let run = Run::new(program, trainer.weights.clone(), inputs);
    println!("half batch: {shape:?}, {} operations", run.program().len());

    println!("forward by operation kind (medians of 50 stepped passes):");
    let medians = common::op_medians(&run, 50);
    common::print_by_kind(&run, &medians, false);

    println!("backward by operation kind (each op's backward and the sums into its inputs):");
    let mut times = vec![Vec::new(); run.program().len()];
    for _ in 0..50 {
        let mut r = run.clone();
        r.run_all();
        let mut timer = |i: usize, d: std::time::Duration| times[i].push(d.as_secs_f64() * 1e3);
        std::hint::black_box(r.backward_timed(Some(&mut timer)));
    }
    let medians: Vec<f64> = times.into_iter().map(|t| if t.is_empty() { 0.0 } else { median(t) }).collect();
    common::print_by_kind(&run, &medians, false);

    let (mut forward, mut backward) = (Vec::new(), Vec::new());
    for _ in 0..60 {
        let mut r = run.clone();
        let t = Instant::now();
        r.run_all();
        forward.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        std::hint::black_box(r.backward());
        backward.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("whole passes: run_all {:.3} ms, backward {:.3} ms (medians of 60)", median(forward), median(backward));
}

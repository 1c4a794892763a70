//! Median wall time of the three forward workloads of `benches/forward.rs`, as the program runs
//! them (mimalloc), for `benches/side_by_side.py` to print beside PyTorch and numpy:
//!
//!     cargo run --release --example forward_time
//!
//! Prints `key=value` lines (milliseconds): note000_block, note001_forward, default_forward.

use ndarray::{Array2, ArrayD, IxDyn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::{Inputs, Preset, Run, Weights};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn random_ids(rng: &mut ChaCha8Rng, rows: usize, cols: usize, vocab: usize) -> Array2<usize> {
    Array2::from_shape_fn((rows, cols), |_| rng.random_range(1..vocab))
}

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

/// The median of `reps` timed full runs (after two warm-up runs), in milliseconds.
fn median_ms(run: &Run, reps: usize) -> f64 {
    let once = || {
        let mut r = run.clone();
        let t = Instant::now();
        r.run_all();
        let elapsed = t.elapsed().as_secs_f64() * 1e3;
        drop(r);
        elapsed
    };
    once();
    once();
    let mut times: Vec<f64> = (0..reps).map(|_| once()).collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    transformer_tutor::alloc::keep_freed_memory();
    let config = transformer_tutor::model::setup::preset_config(Preset::Note000);
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let x = ArrayD::from_shape_fn(IxDyn(&[128, 64, 512]), |_| rng.random::<f32>() * 2.0 - 1.0);
    let inputs = Inputs { tensors: HashMap::from([("x".to_string(), Arc::new(x))]), ..Default::default() };
    let block = Run::new(Arc::new(build::attention_block(&config, 128, 64)), weights, inputs);
    println!("note000_block={:.2}", median_ms(&block, 15));
    let note001 = transformer_run(Preset::Note001, RunShape { batch: 10, t_src: 20, t_tgt: 25 });
    println!("note001_forward={:.3}", median_ms(&note001, 60));
    let tutor = transformer_run(Preset::Tutor, RunShape { batch: 2, t_src: 6, t_tgt: 6 });
    println!("default_forward={:.4}", median_ms(&tutor, 600));
}

//! The forward workloads the benchmarks and the timing examples share (`benches/forward.rs`,
//! `examples/forward_time.rs`, `examples/profile_ops.rs`, `examples/profile_note001.rs`):
//! the same runs, built one way, so every figure measures the same work.

#![allow(dead_code)] // each user takes what it needs

use ndarray::{Array2, ArrayD, IxDyn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::{Inputs, Preset, Run, Weights};

fn random_ids(rng: &mut ChaCha8Rng, rows: usize, cols: usize, vocab: usize) -> Array2<usize> {
    Array2::from_shape_fn((rows, cols), |_| rng.random_range(1..vocab))
}

/// A run of the whole encoder-decoder on random ids, nothing computed yet.
pub fn transformer_run(preset: Preset, shape: RunShape) -> Run {
    let config = transformer_tutor::setup::preset_config(preset);
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
pub fn default_forward() -> Run {
    transformer_run(Preset::Tutor, RunShape { batch: 2, t_src: 6, t_tgt: 6 })
}

/// Note 001's example: 2 layers, d_model 128, 4 heads, d_ff 512, vocab 1000; src (10, 20), tgt (10, 25).
pub fn note001_forward() -> Run {
    transformer_run(Preset::Note001, RunShape { batch: 10, t_src: 20, t_tgt: 25 })
}

/// Note 000's multi-head attention block: X (128, 64, 512), 8 heads, causal mask.
pub fn note000_block() -> Run {
    let config = transformer_tutor::setup::preset_config(Preset::Note000);
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let x = ArrayD::from_shape_fn(IxDyn(&[128, 64, 512]), |_| rng.random::<f32>() * 2.0 - 1.0);
    let inputs = Inputs { tensors: HashMap::from([("x".to_string(), Arc::new(x))]), ..Default::default() };
    Run::new(Arc::new(build::attention_block(&config, 128, 64)), weights, inputs)
}

/// Each operation's median time in milliseconds over `passes` stepped passes (after one
/// warm-up pass), in program order.
pub fn op_medians(run: &Run, passes: usize) -> Vec<f64> {
    let mut times = vec![Vec::new(); run.program().len()];
    for pass in 0..=passes {
        let mut r = run.clone();
        for slot in times.iter_mut() {
            let t = Instant::now();
            r.step();
            if pass > 0 {
                slot.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        })
        .collect()
}

/// Per-operation medians summed by operation kind: kind -> (milliseconds, how many operations).
pub fn by_kind<'a>(run: &'a Run, medians: &[f64]) -> BTreeMap<&'a str, (f64, usize)> {
    let mut kinds: BTreeMap<&str, (f64, usize)> = BTreeMap::new();
    for (op, &ms) in run.program().ops().iter().zip(medians) {
        let entry = kinds.entry(op.kind.label()).or_default();
        entry.0 += ms;
        entry.1 += 1;
    }
    kinds
}

/// Print `by_kind`'s sums, the slowest kind first, each in microseconds when `micro`, else in
/// milliseconds, then the sum of all of them.
pub fn print_by_kind(run: &Run, medians: &[f64], micro: bool) {
    let mut kinds: Vec<_> = by_kind(run, medians).into_iter().collect();
    kinds.sort_by(|a, b| b.1.0.total_cmp(&a.1.0));
    let (scale, unit) = if micro { (1e3, "µs") } else { (1.0, "ms") };
    for (kind, (ms, count)) in kinds {
        println!("  {kind:<14} x{count:<3} {:>9.3} {unit}", ms * scale);
    }
    println!("  sum of medians {:.3} {unit}", medians.iter().sum::<f64>() * scale);
}

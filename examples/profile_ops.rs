//! Per-operation timings of note 000's attention block (X (128, 64, 512), 8 heads):
//! `cargo run --release --example profile_ops`. For finding where the benchmark's time goes.

use ndarray::{ArrayD, IxDyn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::model::build;
use transformer_tutor::model::{Inputs, Preset, Run, Weights};
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::alloc::keep_freed_memory();
    let config = Preset::Note000.config(100, 100);
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let x = ArrayD::from_shape_fn(IxDyn(&[128, 64, 512]), |_| rng.random::<f32>() * 2.0 - 1.0);
    let inputs = Inputs { tensors: HashMap::from([("x".to_string(), Arc::new(x))]), ..Default::default() };
    let mut run = Run::new(Arc::new(build::attention_block(&config, 128, 64)), weights, inputs);
    // the median over 9 passes of each operation's time (after one warm-up pass)
    let n = run.program().len();
    let mut times = vec![Vec::new(); n];
    for pass in 0..10 {
        let mut r = run.clone();
        for slot in times.iter_mut() {
            let t = Instant::now();
            r.step();
            if pass > 0 {
                slot.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    let mut total = 0.0;
    for (i, mut t) in times.into_iter().enumerate() {
        t.sort_by(f64::total_cmp);
        total += t[t.len() / 2];
        println!("{:>30} {:>8.2} ms", run.program().op(i).name, t[t.len() / 2]);
    }
    println!("{:>30} {total:>8.2} ms", "sum of medians");
    run.run_all();
}

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
fn main() {
    let config = Preset::Note000.config(100, 100);
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let x = ArrayD::from_shape_fn(IxDyn(&[128, 64, 512]), |_| rng.random::<f32>() * 2.0 - 1.0);
    let inputs = Inputs { tensors: HashMap::from([("x".to_string(), Arc::new(x))]), ..Default::default() };
    let mut run = Run::new(Arc::new(build::attention_block(&config, 128, 64)), weights, inputs);
    for _ in 0..2 {
        let mut r = run.clone();
        let mut i = 0;
        loop {
            let t = Instant::now();
            if r.step().is_none() {
                break;
            }
            println!("{:>30} {:>8.2} ms", r.program().op(i).name, t.elapsed().as_secs_f64() * 1e3);
            i += 1;
        }
    }
    run.run_all();
}

//! Per-kind timings of note 001's forward (2+2 layers, d 128, 4 heads, d_ff 512, vocab 1000;
//! src (10, 20), tgt (10, 25)): `cargo run --release --example profile_note001`.

use ndarray::Array2;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::{Inputs, Preset, Run, Weights};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    transformer_tutor::alloc::keep_freed_memory();
    let config = transformer_tutor::model::setup::preset_config(Preset::Note001);
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut ids = |rows: usize, cols: usize| Array2::from_shape_fn((rows, cols), |_| rng.random_range(1..1000usize));
    let inputs = Inputs { src_ids: Some(ids(10, 20)), tgt_ids: Some(ids(10, 25)), ..Default::default() };
    let shape = RunShape { batch: 10, t_src: 20, t_tgt: 25 };
    let run = Run::new(Arc::new(build::transformer(&config, shape)), weights, inputs);
    let n = run.program().len();
    let mut times = vec![Vec::new(); n];
    for pass in 0..41 {
        let mut r = run.clone();
        for slot in times.iter_mut() {
            let t = Instant::now();
            r.step();
            if pass > 0 {
                slot.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    let mut by_kind: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    let mut total = 0.0;
    for (i, mut t) in times.into_iter().enumerate() {
        t.sort_by(f64::total_cmp);
        let m = t[t.len() / 2];
        total += m;
        let op = run.program().op(i);
        let e = by_kind.entry(op.kind.label().to_string()).or_default();
        e.0 += m;
        e.1 += 1;
        if m > 0.3 {
            println!("{:>30} {:>8.3} ms {:?}", op.name, m, op.shape);
        }
    }
    for (k, (ms, count)) in by_kind {
        println!("{k:>14} x{count:<3} {ms:>8.3} ms");
    }
    println!("sum of medians {total:.3} ms");
}

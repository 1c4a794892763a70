use ndarray::Array2;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::{Inputs, Preset, Run, Vocab, Weights};
fn main() {
    let preset = if std::env::args().nth(1).as_deref() == Some("note001") { Preset::Note001 } else { Preset::Tutor };
    let shape = if preset == Preset::Tutor {
        RunShape { batch: 2, t_src: 6, t_tgt: 6 }
    } else {
        RunShape { batch: 10, t_src: 20, t_tgt: 25 }
    };
    let config = preset.config(Vocab::new().len());
    let weights = Arc::new(Weights::init(&config, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut ids = |r, c, v| Array2::from_shape_fn((r, c), |_| rng.random_range(1..v));
    let inputs = Inputs {
        src_ids: Some(ids(shape.batch, shape.t_src, config.src_vocab)),
        tgt_ids: Some(ids(shape.batch, shape.t_tgt, config.tgt_vocab)),
        ..Default::default()
    };
    let run = Run::new(Arc::new(build::transformer(&config, shape)), weights, inputs);
    let mut acc: BTreeMap<&str, (f64, usize)> = BTreeMap::new();
    let n = if preset == Preset::Tutor { 2000 } else { 50 };
    let t0 = Instant::now();
    for _ in 0..n {
        let mut r = run.clone();
        let mut i = 0;
        loop {
            let t = Instant::now();
            if r.step().is_none() {
                break;
            }
            let e = acc.entry(r.program().op(i).kind.label()).or_default();
            e.0 += t.elapsed().as_secs_f64();
            e.1 += 1;
            i += 1;
        }
    }
    println!("total per forward {:.1} us", t0.elapsed().as_secs_f64() / n as f64 * 1e6);
    for (k, (t, c)) in acc {
        println!("{k:>14} {:>8.2} us/forward  {:>6.2} us/op", t / n as f64 * 1e6, t / c as f64 * 1e6);
    }
}

//! Per-operation times of `generate::encode` (the program up to `enc.out`) on a loaded translator,
//! 16 source pieces: `cargo run --release --example encode_ops -- DIR`. For finding where
//! `translate --timings`' encode time goes.

use ndarray::Array2;
use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::setup::WeightSource;

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "/tmp/opus-full-64".into());
    let weights = Arc::new(WeightSource::Marian(dir.into()).load().expect("a Marian directory"));
    let src = Array2::from_shape_fn((1, 16), |(_, j)| 100 + 37 * j);
    let shape = transformer_tutor::model::RunShape { batch: 1, t_src: 16, t_tgt: 1 };
    let program = Arc::new(transformer_tutor::model::build::transformer(&weights.config, shape));
    let inputs = transformer_tutor::model::Inputs {
        src_ids: Some(src.clone()),
        tgt_ids: Some(Array2::from_elem((1, 1), weights.config.conventions.start_id)),
        ..Default::default()
    };
    let end = program.index_of("enc.out").expect("an encoder");
    let mut times = vec![Vec::new(); end + 1];
    for _ in 0..9 {
        let mut run = transformer_tutor::model::Run::new(program.clone(), weights.clone(), inputs.clone());
        for slot in times.iter_mut() {
            let t = Instant::now();
            run.step();
            slot.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    let mut total = 0.0;
    for (op, mut t) in program.ops().iter().zip(times) {
        t.sort_by(f64::total_cmp);
        total += t[t.len() / 2];
        if t[t.len() / 2] > 0.1 {
            println!("{:>30} {:>8.2} ms", op.name, t[t.len() / 2]);
        }
    }
    println!("{:>30} {total:>8.2} ms", "sum of medians");
}

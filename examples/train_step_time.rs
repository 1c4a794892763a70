//! Median time of one training step (batch 64, the default options) on the generated corpus:
//!
//!     cargo run --release --example train_step_time -- [--steps 200] [--warmup 20] [--dump DIR]
//!
//! `benches/train_side_by_side.py` runs it with `--dump DIR` to get the same starting weights
//! (`DIR/initial.npz`) and the very batches the trainer drew (`DIR/batches.npz`: `src.{i}`,
//! `tgt_in.{i}`, `labels.{i}`, int64, step i from 0), so PyTorch times exactly the same work.
//! The last lines are `key=value` for the script to read.

use ndarray_npy::NpzWriter;
use std::path::PathBuf;
use std::time::Instant;
use transformer_tutor::corpus::{DEFAULT_SEED, generate};
use transformer_tutor::train::data::{Batcher, encode_pairs};
use transformer_tutor::train::{TrainOptions, Trainer};

/// The allocator the program itself uses (src/main.rs), so the timing is the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let (mut steps, mut warmup, mut dump) = (200usize, 20usize, None::<PathBuf>);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--steps" => steps = value().parse().expect("--steps N"),
            "--warmup" => warmup = value().parse().expect("--warmup N"),
            "--dump" => dump = Some(PathBuf::from(value())),
            "--bench" => {} // cargo passes this to examples run as benches
            other => panic!("unknown argument {other}; use --steps N --warmup N --dump DIR"),
        }
    }
    let corpus = generate(DEFAULT_SEED);
    let options = TrainOptions::default();
    let mut trainer = Trainer::new(&corpus, options);
    let total = warmup + steps;

    if let Some(dir) = &dump {
        std::fs::create_dir_all(dir).expect("create the dump directory");
        trainer.weights.save_npz(&dir.join("initial.npz")).expect("write initial.npz");
        // The trainer's own batcher, replayed: same examples, same seed, same draws.
        let mut batcher = Batcher::new(encode_pairs(&corpus.train, &trainer.weights.vocabs), options.seed);
        // built in memory, written through the program's one write path
        let mut npz = NpzWriter::new(std::io::Cursor::new(Vec::new()));
        for i in 0..total {
            let batch = batcher.next_batch(options.batch);
            let as_i64 = |a: &ndarray::Array2<usize>| a.mapv(|v| v as i64);
            npz.add_array(format!("src.{i}"), &as_i64(&batch.src)).expect("write");
            npz.add_array(format!("tgt_in.{i}"), &as_i64(&batch.tgt_in)).expect("write");
            npz.add_array(format!("labels.{i}"), &as_i64(&batch.labels)).expect("write");
        }
        let bytes = npz.finish().expect("finish batches.npz").into_inner();
        transformer_tutor::atomic_file::write_bytes(&dir.join("batches.npz"), &bytes).expect("write batches.npz");
    }

    let mut losses = Vec::with_capacity(total);
    let mut times = Vec::with_capacity(steps);
    for i in 0..total {
        let start = Instant::now();
        let report = trainer.train_step();
        if i >= warmup {
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        losses.push(report.loss);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let config = &trainer.weights.config;
    println!(
        "rust: {} parameters, batch {}, {steps} timed steps after {warmup}: median {median:.3} ms/step \
         (min {:.3}, max {:.3})",
        trainer.weights.parameter_count(),
        options.batch,
        times[0],
        times[times.len() - 1]
    );
    println!("median_ms={median:.4}");
    println!("src_vocab={} tgt_vocab={}", config.src_vocab, config.tgt_vocab);
    // the learning-rate schedule, so that the PyTorch side follows the same one
    println!("peak_lr={} warmup_steps={} total_steps={}", options.peak_lr, options.warmup, options.steps);
    println!("first_loss={:.6} last_loss={:.6}", losses[0], losses[losses.len() - 1]);
    let losses: Vec<String> = losses.iter().map(|l| format!("{l:.6}")).collect();
    println!("losses={}", losses.join(","));
}

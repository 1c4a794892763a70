//! Speed of training: one step at batch 64 (forward, backward, Adam on both cores), and the
//! whole default training run followed by the held-out evaluation.
//! Run with `cargo bench --bench train` (or `-- train_step` for the step alone).

use std::sync::Once;
use transformer_tutor::corpus::{DEFAULT_SEED, generate};
use transformer_tutor::train::{TrainOptions, Trainer, evaluate};

/// The allocator the program itself uses (src/main.rs), so the timing is the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

/// One training step of the default options (batch 64) on the generated corpus. The trainer
/// keeps training from sample to sample, so each step draws the next batch, as in a real run.
#[divan::bench(sample_count = 200, sample_size = 1)]
fn train_step(bencher: divan::Bencher) {
    let corpus = generate(DEFAULT_SEED);
    let mut trainer = Trainer::new(&corpus, TrainOptions::default());
    for _ in 0..10 {
        trainer.train_step(); // every batch shape's program built, allocator warm
    }
    bencher.bench_local(|| trainer.train_step());
}

/// The full default training run (`TrainOptions::default()`, every step) and the held-out
/// evaluation, as `transformer-tutor train` does it.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn full_training(bencher: divan::Bencher) {
    static REPORTED: Once = Once::new();
    let corpus = generate(DEFAULT_SEED);
    bencher.bench_local(|| {
        let mut trainer = Trainer::new(&corpus, TrainOptions::default());
        while !trainer.is_done() {
            trainer.train_step();
        }
        let e = evaluate(&trainer.weights, &corpus.heldout);
        REPORTED.call_once(|| {
            eprintln!(
                "full training: {} steps, held-out exact match {:.1}% ({} of {}), token accuracy {:.1}%",
                trainer.step,
                100.0 * e.exact_match(),
                e.exact,
                e.pairs,
                100.0 * e.token_accuracy()
            )
        });
        e
    });
}

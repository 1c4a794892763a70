//! Training on the engine: a short seeded run lowers the loss and is reproducible; the shipped
//! weights translate the held-out pairs; decoding reuses the encoder.

use std::sync::Arc;
use transformer_tutor::corpus::{DEFAULT_SEED, generate};
use transformer_tutor::model::decode::greedy;
use transformer_tutor::setup::{Setup, TokenInput, WeightSource};
use transformer_tutor::train::{TrainOptions, Trainer, evaluate};

fn short_run() -> TrainOptions {
    TrainOptions { steps: 60, batch: 32, seed: 5, peak_lr: 3e-3, warmup: 5, smoothing_permille: 0 }
}

#[test]
fn a_short_seeded_training_run_lowers_the_loss() {
    let corpus = generate(DEFAULT_SEED);
    let mut trainer = Trainer::new(&corpus, short_run());
    let losses: Vec<f32> = (0..60).map(|_| trainer.train_step().loss).collect();
    let first = losses[..5].iter().sum::<f32>() / 5.0;
    let last = losses[55..].iter().sum::<f32>() / 5.0;
    assert!(first.is_finite() && last.is_finite());
    // from about ln(81) ≈ 4.4 (a uniform guess over the target vocabulary) towards 0
    assert!(first > 3.0, "the untrained loss should be near ln(81): {first}");
    assert!(last < first * 0.7, "the loss fell only from {first} to {last}");
}

#[test]
fn the_same_seed_gives_the_same_weights() {
    let corpus = generate(DEFAULT_SEED);
    let run = |seed| {
        let mut trainer = Trainer::new(&corpus, TrainOptions { steps: 6, seed, ..short_run() });
        while !trainer.is_done() {
            trainer.train_step();
        }
        trainer.weights
    };
    let (a, b, c) = (run(5), run(5), run(6));
    assert_eq!(a.to_named(), b.to_named(), "same seed, different weights");
    assert_ne!(a.to_named(), c.to_named(), "different seeds, same weights");
    // the <pad> rows stay zero: padding_idx receives no gradient
    assert!(a.src_embed.row(0).iter().chain(a.tgt_embed.row(0).iter()).all(|&v| v == 0.0));
}

#[test]
fn the_shipped_weights_translate_the_held_out_pairs() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let corpus = generate(DEFAULT_SEED);
    let e = evaluate(&weights, &corpus.heldout);
    println!(
        "held-out: {} pairs, exact match {:.3}, token accuracy {:.3}",
        e.pairs,
        e.exact_match(),
        e.token_accuracy()
    );
    assert!(e.pairs > 250, "{} held-out pairs", e.pairs);
    assert!(e.exact_match() >= 0.95, "held-out exact match {:.3} < 0.95", e.exact_match());
}

#[test]
fn greedy_decoding_reuses_the_encoder_and_agrees_with_a_fresh_run() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let setup =
        Setup::with_weights(weights.clone(), &TokenInput::Sentences("我有一只猫 ; 你有猫吗".into()), None).unwrap();
    let decoded = greedy(&weights, &setup.src_ids);
    let vocab = &weights.vocabs.tgt;
    assert_eq!(vocab.decode(&decoded.words[0]), "I have a cat");
    assert_eq!(vocab.decode(&decoded.words[1]), "do you have a cat ?");
    // every operation before the target's embedding was kept from the previous, shorter run
    let first_target_op = decoded.run.program().index_of("tgt.embed").unwrap();
    assert!(decoded.steps > 2);
    assert_eq!(decoded.reused_ops, first_target_op, "the fork recomputed part of the encoder");
    // the forked run computes exactly what a fresh run on the same ids computes
    let mut fresh = transformer_tutor::model::Run::new(
        Arc::new(decoded.run.program().clone()),
        weights.clone(),
        decoded.run.inputs().clone(),
    );
    fresh.run_all();
    for ((name, a), (_, b)) in decoded.run.named_values().zip(fresh.named_values()) {
        assert_eq!(a, b, "{name}");
    }
}

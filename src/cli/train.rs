//! `transformer-tutor train`: train the tutor model and write its weights; `--eval` scores a
//! weights file on the held-out pairs. In a terminal a live screen shows the run (train_screen);
//! otherwise one progress line every few seconds. A signal (`signals::ENDING`: Ctrl-C, TERM,
//! HUP, ...) stops the run at once and writes nothing; q on the screen stops early and writes the
//! weights trained so far, whole.

use crate::corpus::Corpus;
use crate::model::Weights;
use crate::train::{TrainOptions, Trainer, evaluate};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::time::{Duration, Instant};

/// Held-out exact match and token accuracy of a weights file.
pub fn eval_text(weights: &Arc<Weights>, corpus: &Corpus) -> String {
    let e = evaluate(weights, &corpus.heldout);
    let t = evaluate(weights, &corpus.train);
    format!(
        "held-out: {} pairs, exact match {:.1}% ({}), token accuracy {:.1}%\ntraining: {} pairs, exact match {:.1}% ({}), token accuracy {:.1}%\n",
        e.pairs,
        100.0 * e.exact_match(),
        e.exact,
        100.0 * e.token_accuracy(),
        t.pairs,
        100.0 * t.exact_match(),
        t.exact,
        100.0 * t.token_accuracy()
    )
}

/// Train with progress lines on stderr (no terminal), then write the weights to `out`.
pub fn train_plain(corpus: &Corpus, options: TrainOptions, out: &Path, stop: &AtomicUsize) -> Result<String, String> {
    let mut trainer = Trainer::new(corpus, options);
    let start = Instant::now();
    let mut last_line = Instant::now();
    eprintln!(
        "training the tutor model: {} parameters, {} steps of {} pairs, seed {}",
        trainer.weights.parameter_count(),
        options.steps,
        options.batch,
        options.seed
    );
    let mut recent = Vec::new();
    while !trainer.is_done() {
        if let Some(signal) = crate::signals::caught(stop) {
            return Ok(stopped(signal, &trainer));
        }
        let report = trainer.train_step();
        recent.push(report.loss);
        if last_line.elapsed() >= Duration::from_secs(3) || trainer.is_done() {
            let mean = recent.iter().sum::<f32>() / recent.len() as f32;
            recent.clear();
            let elapsed = start.elapsed().as_secs_f64();
            let rate = trainer.step as f64 / elapsed;
            let left = (options.steps - trainer.step) as f64 / rate;
            eprintln!(
                "step {:>5}/{}  loss {mean:.4}  lr {:.2e}  {rate:.0} steps/s  {elapsed:.1}s elapsed, {left:.0}s left",
                trainer.step, options.steps, report.lr
            );
            last_line = Instant::now();
        }
    }
    finish(&trainer, corpus, out, start.elapsed())
}

/// A run ended by a signal: nothing is written (the weights are half-trained), and the
/// message says how far it got.
pub fn stopped(signal: i32, trainer: &Trainer) -> String {
    format!(
        "stopped by signal {signal} after step {} of {}; nothing was written\n",
        trainer.step, trainer.options.steps
    )
}

/// Evaluate, write the weights, and say what happened.
pub fn finish(trainer: &Trainer, corpus: &Corpus, out: &Path, took: Duration) -> Result<String, String> {
    let e = evaluate(&trainer.weights, &corpus.heldout);
    trainer.weights.save_npz(out).map_err(|e| e.to_string())?;
    let stopped = if trainer.is_done() { String::new() } else { " (stopped early)".to_string() };
    Ok(format!(
        "trained {} of {} steps in {:.1}s{stopped}; held-out exact match {:.1}%, token accuracy {:.1}%; wrote {}\n",
        trainer.step,
        trainer.options.steps,
        took.as_secs_f64(),
        100.0 * e.exact_match(),
        100.0 * e.token_accuracy(),
        out.display()
    ))
}

//! `transformer-tutor train`: train the tutor model and write its weights; `--eval` scores a
//! weights file on the held-out pairs. In a terminal a live screen shows the run (train_screen);
//! otherwise one progress line every few seconds. Ctrl-C stops early and still writes the
//! weights trained so far, whole.

use crate::corpus::Corpus;
use crate::eprintln_escaped;
use crate::model::Weights;
use crate::train::{TrainOptions, Trainer, evaluate};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Held-out exact match and token accuracy of a weights file; refused for a model whose
/// vocabularies lack words of the corpus (its pairs could not be given to it as they are).
pub fn eval_text(weights: &Arc<Weights>, corpus: &Corpus) -> Result<String, String> {
    let pairs: Vec<_> = corpus.heldout.iter().chain(&corpus.train).cloned().collect();
    let (src, tgt) = crate::train::data::missing_tokens(&pairs, &weights.vocabs);
    if !src.is_empty() || !tgt.is_empty() {
        let list = |tokens: &[String], unit: &str| {
            let shown: Vec<String> = tokens.iter().take(5).map(|t| crate::text::escape_controls(t, false)).collect();
            let more = if tokens.len() > 5 { ", …" } else { "" };
            format!("{} {unit} ({}{more})", tokens.len(), shown.join(", "))
        };
        let mut lacks = Vec::new();
        if !src.is_empty() {
            lacks.push(format!("its source vocabulary lacks {}", list(&src, "of the corpus's characters")));
        }
        if !tgt.is_empty() {
            lacks.push(format!("its target vocabulary lacks {}", list(&tgt, "of its words")));
        }
        return Err(format!(
            "this model cannot be scored on the corpus: {}; `train --eval` needs a model with the corpus's \
             vocabularies (as `train` writes them)",
            lacks.join(", and ")
        ));
    }
    let e = evaluate(weights, &corpus.heldout);
    let t = evaluate(weights, &corpus.train);
    Ok(format!(
        "held-out: {} pairs, exact match {:.1}% ({}), token accuracy {:.1}%\ntraining: {} pairs, exact match {:.1}% ({}), token accuracy {:.1}%\n",
        e.pairs,
        100.0 * e.exact_match(),
        e.exact,
        100.0 * e.token_accuracy(),
        t.pairs,
        100.0 * t.exact_match(),
        t.exact,
        100.0 * t.token_accuracy()
    ))
}

/// Train with progress lines on stderr (no terminal), then write the weights to `out`.
pub fn train_plain(corpus: &Corpus, options: TrainOptions, out: &Path, stop: &AtomicBool) -> Result<String, String> {
    let mut trainer = Trainer::new(corpus, options);
    let start = Instant::now();
    let mut last_line = Instant::now();
    eprintln_escaped!(
        "training the tutor model: {} parameters, {} steps of {} pairs, seed {}",
        trainer.weights.parameter_count(),
        options.steps,
        options.batch,
        options.seed
    );
    let mut recent = Vec::new();
    while !trainer.is_done() && !stop.load(Ordering::Relaxed) {
        let report = trainer.train_step();
        recent.push(report.loss);
        if last_line.elapsed() >= Duration::from_secs(3) || trainer.is_done() {
            let mean = recent.iter().sum::<f32>() / recent.len() as f32;
            recent.clear();
            let elapsed = start.elapsed().as_secs_f64();
            let rate = trainer.step as f64 / elapsed;
            let left = (options.steps - trainer.step) as f64 / rate;
            eprintln_escaped!(
                "step {:>5}/{}  loss {mean:.4}  lr {:.2e}  {rate:.0} steps/s  {elapsed:.1}s elapsed, {left:.0}s left",
                trainer.step,
                options.steps,
                report.lr
            );
            last_line = Instant::now();
        }
    }
    finish(&trainer, corpus, out, start.elapsed())
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

//! `transformer-tutor train`: train the tutor model and write its weights; `--weights FILE`
//! fine-tunes that file instead of starting from seeded random weights; `--eval` scores a weights
//! file on the held-out pairs. In a terminal a live screen shows the run (train_screen); otherwise
//! one progress line every few seconds.
//!
//! How a run ends: every step done, or q / Esc on the screen: the weights are written whole to
//! `--out` (through `atomic_file`). A signal (INT, TERM, HUP; Ctrl-C on the screen is INT): nothing
//! is written, the previous `--out` stays as it was, the message says how far the run got, and
//! the exit code is 128 + the signal's number. `--out` is checked before the first step, so a
//! target that cannot be written fails at once, not after the training.

use crate::corpus::Corpus;
use crate::eprintln_escaped;
use crate::model::Weights;
use crate::train::{Evaluation, Trainer, evaluate};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What a training run needs besides the trainer.
pub struct Job<'a> {
    pub corpus: &'a Corpus,
    /// Where the weights go.
    pub out: &'a Path,
    /// The weights file being fine-tuned, if any.
    pub from: Option<&'a Path>,
    /// The number of the signal that asked the run to stop; 0 while none has.
    pub signal: &'a AtomicUsize,
}

impl Job<'_> {
    /// The signal that asked the run to stop, if one has.
    pub fn stop_signal(&self) -> Option<i32> {
        match self.signal.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n as i32),
        }
    }
}

/// How a run ended: what to print on stderr in either case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Trained (every step, or stopped by a key on the screen) and written.
    Written(String),
    /// Stopped by a signal: nothing written.
    Stopped(String),
}

impl Outcome {
    pub fn message(&self) -> &str {
        match self {
            Outcome::Written(m) | Outcome::Stopped(m) => m,
        }
    }
}

/// The message of a run stopped by `signal` after `step` of `total` steps: nothing was written.
pub fn stopped_message(signal: i32, step: usize, total: usize, out: &Path) -> String {
    let by = match signal {
        signal_hook::consts::SIGINT => "Ctrl-C (SIGINT)".to_string(),
        n => signal_hook::low_level::signal_name(n).map_or_else(|| format!("signal {n}"), str::to_string),
    };
    let kept = if out.exists() { "is as it was" } else { "was not created" };
    format!("stopped by {by} after step {step} of {total}; nothing was written: {} {kept}\n", out.display())
}

/// Why `weights` cannot be fine-tuned on `corpus`, if they cannot: every token of the corpus must
/// be in their vocabularies (a file without vocabularies has numbered placeholders), and every
/// sentence, with `<bos>` and `<eos>`, within their `max_len`.
pub fn fine_tune_problem(weights: &Weights, corpus: &Corpus, label: &str) -> Option<String> {
    let vocabs = &weights.vocabs;
    let mut missing: Vec<String> = Vec::new();
    let mut longest = 0;
    for pair in corpus.all() {
        let src = vocabs.src.tokenize(&pair.zh);
        let tgt = vocabs.tgt.tokenize(&pair.en);
        longest = longest.max(src.len()).max(tgt.len() + 2);
        for (vocab, token) in src.iter().map(|t| (&vocabs.src, t)).chain(tgt.iter().map(|t| (&vocabs.tgt, t))) {
            if vocab.id(token).is_none() && !missing.contains(token) {
                missing.push(token.clone());
            }
        }
    }
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(6).map(|t| format!("`{t}`")).collect();
        let more = if missing.len() > 6 { format!(" and {} more", missing.len() - 6) } else { String::new() };
        return Some(format!(
            "cannot fine-tune {label}: its vocabularies lack {} of the corpus's tokens ({}{more}); \
`train --weights` needs a model whose vocabularies hold the corpus (`transformer-tutor corpus` lists them)",
            missing.len(),
            shown.join(", ")
        ));
    }
    let max_len = weights.config.max_len;
    (longest > max_len).then(|| {
        format!(
            "cannot fine-tune {label}: its max_len is {max_len}, but the corpus's longest sentence takes {longest} positions"
        )
    })
}

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

/// Train with progress lines on stderr (no terminal), then write the weights to `job.out`.
pub fn train_plain(mut trainer: Trainer, job: &Job) -> Result<Outcome, String> {
    let options = trainer.options;
    let start = Instant::now();
    let mut last_line = Instant::now();
    let what = match job.from {
        Some(from) => format!("fine-tuning {}", from.display()),
        None => "training the tutor model".to_string(),
    };
    eprintln_escaped!(
        "{what}: {} parameters, {} steps of {} pairs, seed {}",
        trainer.weights.parameter_count(),
        options.steps,
        options.batch,
        options.seed
    );
    let mut recent = Vec::new();
    while !trainer.is_done() {
        if let Some(signal) = job.stop_signal() {
            return Ok(Outcome::Stopped(stopped_message(signal, trainer.step, options.steps, job.out)));
        }
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
    finish(&trainer, job, start.elapsed())
}

/// Evaluate, write the weights (unless a signal came meanwhile), and say what happened.
pub fn finish(trainer: &Trainer, job: &Job, took: Duration) -> Result<Outcome, String> {
    finish_evaluated(trainer, job, took, &evaluate(&trainer.weights, &job.corpus.heldout))
}

/// `finish` with the held-out evaluation of the final weights already made.
pub fn finish_evaluated(trainer: &Trainer, job: &Job, took: Duration, e: &Evaluation) -> Result<Outcome, String> {
    if let Some(signal) = job.stop_signal() {
        return Ok(Outcome::Stopped(stopped_message(signal, trainer.step, trainer.options.steps, job.out)));
    }
    trainer.weights.save_npz(job.out).map_err(|e| e.to_string())?;
    let stopped = if trainer.is_done() { String::new() } else { " (stopped early)".to_string() };
    let what = match job.from {
        Some(from) => format!("fine-tuned {} for", from.display()),
        None => "trained".to_string(),
    };
    Ok(Outcome::Written(format!(
        "{what} {} of {} steps in {:.1}s{stopped}; held-out exact match {:.1}%, token accuracy {:.1}%; wrote {}\n",
        trainer.step,
        trainer.options.steps,
        took.as_secs_f64(),
        100.0 * e.exact_match(),
        100.0 * e.token_accuracy(),
        job.out.display()
    )))
}

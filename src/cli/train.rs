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
use crate::strings;
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
        signal_hook::consts::SIGINT => strings::STOPPED_BY_CTRL_C.to_string(),
        n => {
            signal_hook::low_level::signal_name(n).map_or_else(|| strings::stopped_by_signal_number(n), str::to_string)
        }
    };
    strings::train_stopped(&by, step, total, out.display(), out.exists())
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
        let more = if missing.len() > 6 { strings::and_more(missing.len() - 6) } else { String::new() };
        return Some(strings::fine_tune_lacks_tokens(label, missing.len(), &shown.join(", "), &more));
    }
    let max_len = weights.config.max_len;
    (longest > max_len).then(|| strings::fine_tune_too_long(label, max_len, longest))
}

/// Held-out exact match and token accuracy of a weights file; refused for a model whose
/// vocabularies lack words of the corpus (its pairs could not be given to it as they are).
pub fn eval_text(weights: &Arc<Weights>, corpus: &Corpus) -> Result<String, String> {
    eval_text_problem(weights, corpus, strings::SCORED_BY_TRAIN_EVAL)?;
    let e = evaluate(weights, &corpus.heldout);
    let t = evaluate(weights, &corpus.train);
    let line = |heldout, s: &Evaluation| {
        strings::eval_line(heldout, s.pairs, 100.0 * s.exact_match(), s.exact, 100.0 * s.token_accuracy())
    };
    Ok(line(true, &e) + &line(false, &t))
}

/// Err when the weights' vocabularies lack words of the corpus (they cannot be scored on it).
/// `command` names the command in the message (`train --eval`, `probe heads`).
pub fn eval_text_problem(weights: &Arc<Weights>, corpus: &Corpus, command: &str) -> Result<(), String> {
    let pairs: Vec<_> = corpus.heldout.iter().chain(&corpus.train).cloned().collect();
    let (src, tgt) = crate::train::data::missing_tokens(&pairs, &weights.vocabs);
    if !src.is_empty() || !tgt.is_empty() {
        let list = |tokens: &[String], source: bool| {
            let shown: Vec<String> = tokens.iter().take(5).map(|t| crate::text::escape_controls(t, false)).collect();
            let more = if tokens.len() > 5 { ", …" } else { "" };
            strings::lacking_tokens(tokens.len(), source, &shown.join(", "), more)
        };
        let mut lacks = Vec::new();
        if !src.is_empty() {
            lacks.push(list(&src, true));
        }
        if !tgt.is_empty() {
            lacks.push(list(&tgt, false));
        }
        return Err(strings::cannot_score(&lacks, command));
    }
    // a model made for shorter sentences would be scored past its positions (or, by a probe
    // that skips them, on nothing at all): refused, as train refuses to fine-tune it
    let max_len = weights.config.max_len;
    let longest = corpus
        .heldout
        .iter()
        .map(|p| weights.vocabs.src.tokenize(&p.zh).len().max(weights.vocabs.tgt.tokenize(&p.en).len() + 2))
        .max()
        .unwrap_or(0);
    if longest > max_len {
        return Err(strings::cannot_score_too_long(command, max_len, longest));
    }
    // weights that overflow give NaN scores: a table of them would look like a result
    if let Some(op) = crate::train::eval::first_non_finite_op(weights, &corpus.heldout) {
        return Err(strings::cannot_score_overflow(&strings::non_finite_at(&op)));
    }
    Ok(())
}

/// Train with progress lines on stderr (no terminal), then write the weights to `job.out`.
pub fn train_plain(mut trainer: Trainer, job: &Job) -> Result<Outcome, String> {
    let options = trainer.options;
    let start = Instant::now();
    let mut last_line = Instant::now();
    let what = strings::training_what(job.from.map(|f| f.display().to_string()).as_deref());
    let params = trainer.weights.parameter_count();
    eprintln_escaped!("{}", strings::train_start(&what, params, options.steps, options.batch, options.seed));
    let mut recent = Vec::new();
    while !trainer.is_done() {
        if let Some(signal) = job.stop_signal() {
            return Ok(Outcome::Stopped(stopped_message(signal, trainer.step, options.steps, job.out)));
        }
        let report = trainer.train_step();
        diverged(report.loss, &trainer, job)?;
        recent.push(report.loss);
        if last_line.elapsed() >= Duration::from_secs(3) || trainer.is_done() {
            let mean = recent.iter().sum::<f32>() / recent.len() as f32;
            recent.clear();
            let elapsed = start.elapsed().as_secs_f64();
            let rate = trainer.step as f64 / elapsed;
            let left = (options.steps - trainer.step) as f64 / rate;
            let line = strings::train_progress(trainer.step, options.steps, mean, report.lr, rate, elapsed, left);
            eprintln_escaped!("{line}");
            last_line = Instant::now();
        }
    }
    finish(&trainer, job, start.elapsed())
}

/// Err (nothing written, `--out` as it was) when the step's loss is NaN or infinite: training
/// has diverged, and every step after it would only carry NaN on.
pub fn diverged(loss: f32, trainer: &Trainer, job: &Job) -> Result<(), String> {
    if loss.is_finite() {
        return Ok(());
    }
    Err(strings::train_diverged(&strings::loss_value(loss), trainer.step, &job.out.display().to_string()))
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
    if let Some(name) = trainer.weights.first_non_finite() {
        return Err(strings::train_diverged(&format!("`{name}`"), trainer.step, &job.out.display().to_string()));
    }
    trainer.weights.save_npz(job.out).map_err(|e| e.to_string())?;
    Ok(Outcome::Written(strings::train_done(
        job.from.map(|f| f.display().to_string()).as_deref(),
        trainer.step,
        trainer.options.steps,
        took.as_secs_f64(),
        !trainer.is_done(),
        100.0 * e.exact_match(),
        100.0 * e.token_accuracy(),
        job.out.display(),
    )))
}

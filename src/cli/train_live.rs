//! The training loop behind the live screen: train steps, and every ~100 ms read the keys
//! (never waiting for one), refresh the attention example and redraw; every `EVAL_EVERY` steps
//! and at the end, evaluate the held-out pairs. q or Esc stop early and write the weights trained
//! so far (`train::finish`); Ctrl-C or a signal stop without writing anything (see `cli::train`).
//! Either way the terminal is restored.

use super::train::{Job, Outcome, finish_evaluated, stopped_message};
use crate::app::Action;
use crate::app::keymap::{Mode, action_for_event};
use crate::corpus::Corpus;
use crate::model::Weights;
use crate::model::decode::greedy;
use crate::setup::{Setup, TokenInput};
use crate::strings;
use crate::train::{Evaluation, Trainer, evaluate};
use crate::ui::theme::Theme;
use crate::ui::train::screen::{self as train_screen, AttentionView, EvalView, LossCurve, SMOOTHING, TrainView};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How often the screen is redrawn (training steps run in between).
pub const REDRAW: Duration = Duration::from_millis(100);
/// How often the attention example is recomputed (a forward pass and a greedy decode).
pub const ATTENTION_EVERY: Duration = Duration::from_millis(250);
/// Evaluate the held-out pairs every this many steps.
pub const EVAL_EVERY: usize = 250;

/// Note 001's example, whose cross-attention the screen shows.
pub const EXAMPLE_SRC: &str = "我有一只猫";
pub const EXAMPLE_TGT: &str = "<bos> I have a cat <eos>";

/// Train with the live screen, then write the weights to `job.out`; returns what to print.
pub fn train_live(mut trainer: Trainer, job: &Job) -> Result<Outcome, String> {
    let theme = Theme::from_env();
    // open_screen's panic hook restores the terminal on a panic; close_screen() below the rest
    let mut terminal = crate::tui::open_screen()?;
    // a terminal that vanishes without a signal would leave the final screen's poll spinning
    // (see tui::watch_for_lost_terminal): the process then exits with the hangup code
    let watching = crate::tui::watch_for_lost_terminal();
    let result = match screen_loop(&mut terminal, &mut trainer, job, theme) {
        // the terminal went (a draw or a read failed before its hangup was seen): stop as the
        // hangup does, writing nothing, as the tutor's loop does
        Err(_) if job.stop_signal().is_some() || !crate::tui::has_controlling_terminal() => {
            let _ = job.signal.compare_exchange(
                0,
                signal_hook::consts::SIGHUP as usize,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
            let signal = job.stop_signal().unwrap_or(signal_hook::consts::SIGHUP);
            Ok(Outcome::Stopped(stopped_message(signal, trainer.step, trainer.options.steps, job.out)))
        }
        other => other,
    };
    watching.store(false, std::sync::atomic::Ordering::Relaxed);
    crate::tui::let_go(terminal);
    crate::tui::close_screen();
    result
}

/// The screen's state besides the trainer.
struct Live {
    view: TrainView,
    curve: LossCurve,
    start: Instant,
}

impl Live {
    /// The screen's state before the first step.
    fn new(trainer: &Trainer, theme: Theme) -> Live {
        let options = trainer.options;
        Live {
            view: TrainView {
                step: 0,
                total: options.steps,
                parameters: trainer.weights.parameter_count(),
                batch: options.batch,
                seed: options.seed,
                curve: Vec::new(),
                loss: None,
                lr: 0.0,
                grad_norm: 0.0,
                steps_per_sec: 0.0,
                elapsed: Duration::ZERO,
                left: None,
                eval: None,
                eval_every: EVAL_EVERY,
                attention: None,
                status: None,
                theme,
            },
            curve: LossCurve::new(SMOOTHING),
            start: Instant::now(),
        }
    }

    fn update(&mut self, trainer: &Trainer) {
        let v = &mut self.view;
        v.step = trainer.step;
        v.curve = self.curve.points();
        v.loss = self.curve.recent_mean();
        v.elapsed = self.start.elapsed();
        let secs = v.elapsed.as_secs_f64();
        v.steps_per_sec = if secs > 0.0 { trainer.step as f64 / secs } else { 0.0 };
        v.left = (trainer.step > 0 && v.steps_per_sec > 0.0)
            .then(|| Duration::from_secs_f64((v.total - v.step.min(v.total)) as f64 / v.steps_per_sec));
    }

    fn evaluate(&mut self, trainer: &Trainer, corpus: &Corpus) -> Evaluation {
        let e = evaluate(&trainer.weights, &corpus.heldout);
        self.view.eval = Some(EvalView {
            step: trainer.step,
            pairs: e.pairs,
            exact_match: e.exact_match(),
            token_accuracy: e.token_accuracy(),
        });
        e
    }
}

fn screen_loop(
    terminal: &mut DefaultTerminal,
    trainer: &mut Trainer,
    job: &Job,
    theme: Theme,
) -> Result<Outcome, String> {
    let io = strings::terminal_error;
    let options = trainer.options;
    let mut live = Live::new(trainer, theme);
    live.view.attention = attention_view(&trainer.weights);
    let mut last_attention = Instant::now();
    let mut last_draw: Option<Instant> = None;
    let mut user_stop = false;
    loop {
        match stop_key_pressed(Duration::ZERO).map_err(io)? {
            Some(Action::Quit) => user_stop = true,
            // Ctrl-C is SIGINT's key: stop as the signal does, writing nothing
            Some(Action::Interrupt) => job.signal.store(signal_hook::consts::SIGINT as usize, Ordering::Relaxed),
            _ => {}
        }
        if let Some(signal) = job.stop_signal() {
            return Ok(Outcome::Stopped(stopped_message(signal, trainer.step, options.steps, job.out)));
        }
        if user_stop || trainer.is_done() {
            break;
        }
        if last_draw.is_none_or(|t| t.elapsed() >= REDRAW) {
            if last_attention.elapsed() >= ATTENTION_EVERY {
                live.view.attention = attention_view(&trainer.weights);
                last_attention = Instant::now();
            }
            live.update(trainer);
            terminal.draw(|f| train_screen::draw(f, &live.view)).map_err(io)?;
            last_draw = Some(Instant::now());
        }
        let report = trainer.train_step();
        super::train::diverged(report.loss, trainer, job)?;
        live.curve.push(report.loss);
        live.view.lr = report.lr;
        live.view.grad_norm = report.grad_norm;
        if trainer.step.is_multiple_of(EVAL_EVERY) && !trainer.is_done() {
            let _ = live.evaluate(trainer, job.corpus);
        }
    }

    // the end: evaluate, refresh the example, write the weights
    live.update(trainer);
    live.view.status = Some(strings::train_finishing(&job.out.display().to_string()));
    terminal.draw(|f| train_screen::draw(f, &live.view)).map_err(io)?;
    let e = live.evaluate(trainer, job.corpus);
    live.view.attention = attention_view(&trainer.weights);
    let outcome = finish_evaluated(trainer, job, live.start.elapsed(), &e)?;
    if user_stop || matches!(outcome, Outcome::Stopped(_)) {
        return Ok(outcome);
    }
    live.view.status = Some(strings::train_finished(&job.out.display().to_string()));
    hold_final_picture(terminal, &live.view, job)?;
    Ok(outcome)
}

/// Keep the final picture on screen until a key is pressed (a signal ends it too; the weights are
/// written by then).
fn hold_final_picture(terminal: &mut DefaultTerminal, view: &TrainView, job: &Job) -> Result<(), String> {
    let io = strings::terminal_error;
    loop {
        terminal.draw(|f| train_screen::draw(f, view)).map_err(io)?;
        if job.stop_signal().is_some() {
            return Ok(());
        }
        if event::poll(REDRAW).map_err(io)? {
            match event::read().map_err(io)? {
                event::Event::Key(key) if key.kind == event::KeyEventKind::Press => return Ok(()),
                _ => {} // resize: redraw
            }
        }
    }
}

/// Read the keys waiting (without blocking longer than `wait`): `Action::Quit` (q, Esc: stop and
/// save) or `Action::Interrupt` (Ctrl-C: stop, write nothing, as SIGINT), the training rows of
/// app/bindings.rs. Ctrl-C wins over q and Esc.
fn stop_key_pressed(wait: Duration) -> std::io::Result<Option<Action>> {
    let mut stop = None;
    let mut wait = wait;
    while event::poll(wait)? {
        wait = Duration::ZERO;
        match action_for_event(&event::read()?, Mode::Train) {
            Some(Action::Interrupt) => stop = Some(Action::Interrupt),
            Some(Action::Quit) => stop = stop.or(Some(Action::Quit)),
            _ => {}
        }
    }
    Ok(stop)
}

/// The last decoder layer's cross-attention on note 001's example, averaged over the heads,
/// and the model's greedy translation of it. None if the example cannot be encoded.
pub fn attention_view(weights: &Arc<Weights>) -> Option<AttentionView> {
    let setup = Setup::with_weights(
        weights.clone(),
        &TokenInput::Sentences(EXAMPLE_SRC.into()),
        Some(&TokenInput::Sentences(EXAMPLE_TGT.into())),
    )
    .ok()?;
    let layers = weights.config.n_layers;
    let mut run = setup.run();
    run.run_all();
    let att = run.get(&format!("dec.{}.cross_attn.weights", layers - 1))?; // (1, heads, T_tgt, T_src)
    let &[_, heads, t_tgt, t_src] = att.shape() else { return None };
    let weights_grid = (0..t_tgt)
        .map(|i| (0..t_src).map(|j| (0..heads).map(|h| att[[0, h, i, j]]).sum::<f32>() / heads.max(1) as f32).collect())
        .collect();
    let src = setup.src_ids.row(0).iter().map(|&id| setup.src_vocab().word(id)).collect();
    let tgt = setup.tgt_ids.row(0).iter().map(|&id| setup.tgt_vocab().word(id)).collect();
    let decoded = greedy(weights, &setup.src_ids);
    let translation = weights.vocabs.tgt.decode(&decoded.words[0]);
    let reference = EXAMPLE_TGT.trim_start_matches("<bos>").trim_end_matches("<eos>").trim().to_string();
    Some(AttentionView { src, tgt, weights: weights_grid, heads, layer: layers - 1, translation, reference })
}

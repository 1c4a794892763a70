//! The training run on the live screen, driven by the one terminal loop (`tui::Screen`): each
//! round reads the keys waiting (never waiting for one), redraws every ~100 ms (refreshing the
//! attention example every ~250 ms), then trains a step; every `EVAL_EVERY` steps and at the end
//! it evaluates the held-out pairs. q or Esc stop early and write the weights trained so far
//! (`train::finish`); Ctrl-C or a signal stop without writing anything (see `cli::train`). Once
//! written, the final picture stays until a key. Either way the loop restores the terminal.

use super::train::{Job, Outcome, finish_evaluated, stopped_message};
use crate::app::Action;
use crate::app::keymap::{Mode, action_for_event};
use crate::app::training_screen::{AttentionView, EvalView, LossCurve, SMOOTHING, TrainView};
use crate::corpus::Corpus;
use crate::model::Weights;
use crate::model::decode::greedy;
use crate::setup::{Setup, TokenInput};
use crate::strings;
use crate::train::{Evaluation, Trainer, evaluate};
use crate::tui::{Input, Screen, run_screen};
use crate::ui::theme::Theme;
use crate::ui::train::screen as train_screen;
use ratatui::crossterm::event::{self, Event};
use ratatui::layout::Rect;
use ratatui::{CompletedFrame, Frame};
use std::ops::ControlFlow;
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
pub fn train_live(trainer: Trainer, job: &Job) -> Result<Outcome, String> {
    let theme = Theme::from_env();
    // the clock and the first attention example start here, just before the screen opens
    let mut live = Live::new(&trainer, theme);
    live.view.attention = attention_view(&trainer.weights);
    let last_attention = Instant::now();
    let mut screen =
        TrainScreen { trainer, job, live, last_attention, last_draw: None, user_stop: false, phase: Phase::Training };
    run_screen(&mut screen, job.signal)
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
                color: theme.color,
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
        v.left = (trainer.step > 0).then(|| time_left(v.total, v.step, v.steps_per_sec)).flatten();
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

/// Where the run is: training, writing the weights (one frame says so), or holding the final
/// picture (with the outcome it ends with) until a key.
enum Phase {
    Training,
    Finishing,
    Holding { outcome: Outcome, drawn: bool, key: bool },
}

/// The training screen's state on the loop.
struct TrainScreen<'a> {
    trainer: Trainer,
    job: &'a Job<'a>,
    live: Live,
    last_attention: Instant,
    last_draw: Option<Instant>,
    /// q or Esc: stop and write the weights so far.
    user_stop: bool,
    phase: Phase,
}

impl Screen for TrainScreen<'_> {
    type End = Outcome;

    /// Every key waiting while training; the final picture waits for one, once drawn.
    fn input(&self) -> Option<Input> {
        match self.phase {
            Phase::Training => Some(Input::AllWaiting),
            Phase::Finishing => None,
            Phase::Holding { drawn, .. } => drawn.then_some(Input::One(REDRAW)),
        }
    }

    /// While training, `Action::Quit` (q, Esc: stop and save) or `Action::Interrupt` (Ctrl-C:
    /// stop, write nothing, as SIGINT), the training rows of app/bindings.rs; Ctrl-C wins over q
    /// and Esc. On the final picture, any key.
    fn update(&mut self, event: &Event) {
        match &mut self.phase {
            Phase::Training => match action_for_event(event, Mode::Train) {
                Some(Action::Quit) => self.user_stop = true,
                // Ctrl-C is SIGINT's key: stop as the signal does, writing nothing
                Some(Action::Interrupt) => {
                    self.job.signal.store(signal_hook::consts::SIGINT as usize, Ordering::Relaxed)
                }
                _ => {}
            },
            Phase::Holding { key, .. } => {
                *key |= matches!(event, Event::Key(k) if k.kind == event::KeyEventKind::Press);
            }
            Phase::Finishing => {}
        }
    }

    /// The terminal went (a draw or a read failed before its hangup was seen): stop as the
    /// hangup does, writing nothing, as the tutor does (under load the draw's EIO can come first).
    fn failed(&mut self, error: String, signal: Option<i32>) -> Result<Outcome, String> {
        if signal.is_none() && self.job.stop_signal().is_none() && crate::tui::has_controlling_terminal() {
            return Err(error);
        }
        let hangup = signal_hook::consts::SIGHUP as usize;
        let _ = self.job.signal.compare_exchange(0, hangup, Ordering::Relaxed, Ordering::Relaxed);
        let signal = self.job.stop_signal().unwrap_or(signal_hook::consts::SIGHUP);
        let (step, steps) = (self.trainer.step, self.trainer.options.steps);
        Ok(Outcome::Stopped(stopped_message(signal, step, steps, self.job.out)))
    }

    fn before_frame(&mut self, signal: Option<i32>) -> Result<ControlFlow<Outcome>, String> {
        match &self.phase {
            Phase::Training => {
                if let Some(signal) = signal {
                    let (step, total) = (self.trainer.step, self.trainer.options.steps);
                    return Ok(ControlFlow::Break(Outcome::Stopped(stopped_message(
                        signal,
                        step,
                        total,
                        self.job.out,
                    ))));
                }
                if self.user_stop || self.trainer.is_done() {
                    // the end: this round's frame says the weights are being written
                    self.live.update(&self.trainer);
                    self.live.view.status = Some(strings::train_finishing(&self.job.out.display().to_string()));
                    self.phase = Phase::Finishing;
                }
            }
            Phase::Holding { outcome, key: true, .. } => return Ok(ControlFlow::Break(outcome.clone())),
            _ => {}
        }
        Ok(ControlFlow::Continue(()))
    }

    fn frame_due(&self) -> bool {
        !matches!(self.phase, Phase::Training) || self.last_draw.is_none_or(|t| t.elapsed() >= REDRAW)
    }

    fn fit(&mut self, _area: Rect) {
        if let Phase::Training = self.phase {
            if self.last_attention.elapsed() >= ATTENTION_EVERY {
                self.live.view.attention = attention_view(&self.trainer.weights);
                self.last_attention = Instant::now();
            }
            self.live.update(&self.trainer);
        }
    }

    fn draw(&self, frame: &mut Frame) {
        train_screen::draw(frame, &self.live.view);
    }

    fn drawn(&mut self, _frame: &CompletedFrame) {
        match &mut self.phase {
            Phase::Training => self.last_draw = Some(Instant::now()),
            Phase::Holding { drawn, .. } => *drawn = true,
            Phase::Finishing => {}
        }
    }

    /// A training step; at the end, evaluate, refresh the example and write the weights; on the
    /// final picture, end on a signal (the weights are written by then).
    fn between_frames(&mut self, signal: Option<i32>) -> Result<ControlFlow<Outcome>, String> {
        match &self.phase {
            Phase::Training => self.step()?,
            Phase::Finishing => return self.finish(),
            Phase::Holding { outcome, .. } if signal.is_some() => return Ok(ControlFlow::Break(outcome.clone())),
            Phase::Holding { .. } => {}
        }
        Ok(ControlFlow::Continue(()))
    }
}

impl TrainScreen<'_> {
    /// One training step, and the held-out pairs every `EVAL_EVERY` steps.
    fn step(&mut self) -> Result<(), String> {
        let trainer = &mut self.trainer;
        let report = trainer.train_step();
        super::train::diverged(report.loss, trainer, self.job)?;
        self.live.curve.push(report.loss);
        self.live.view.lr = report.lr;
        self.live.view.grad_norm = report.grad_norm;
        if trainer.step.is_multiple_of(EVAL_EVERY) && !trainer.is_done() {
            let _ = self.live.evaluate(trainer, self.job.corpus);
        }
        Ok(())
    }

    /// The end: evaluate, refresh the example, write the weights; stopped by q or a signal, end
    /// here, else hold the final picture.
    fn finish(&mut self) -> Result<ControlFlow<Outcome>, String> {
        let e = self.live.evaluate(&self.trainer, self.job.corpus);
        self.live.view.attention = attention_view(&self.trainer.weights);
        let outcome = finish_evaluated(&self.trainer, self.job, self.live.start.elapsed(), &e)?;
        if self.user_stop || matches!(outcome, Outcome::Stopped(_)) {
            return Ok(ControlFlow::Break(outcome));
        }
        self.live.view.status = Some(strings::train_finished(&self.job.out.display().to_string()));
        self.phase = Phase::Holding { outcome, drawn: false, key: false };
        Ok(ControlFlow::Continue(()))
    }
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

/// The time the remaining steps take at this pace; none when there is no pace yet, or when it is
/// more than a `Duration` holds (`--steps` near `usize::MAX` below a step a second).
fn time_left(total: usize, step: usize, steps_per_sec: f64) -> Option<Duration> {
    (steps_per_sec > 0.0).then_some(())?;
    Duration::try_from_secs_f64((total - step.min(total)) as f64 / steps_per_sec).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_is_none_where_a_duration_cannot_hold_it() {
        assert_eq!(time_left(100, 50, 10.0), Some(Duration::from_secs(5)));
        assert_eq!(time_left(usize::MAX, 1, 0.5), None);
        assert_eq!(time_left(100, 0, 0.0), None);
    }
}

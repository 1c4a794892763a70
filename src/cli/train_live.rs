//! `train` in a terminal: train between redraws of the training screen (about ten a second),
//! evaluate on the held-out pairs every 250 steps, stop on q, Esc or Ctrl-C (or a signal) and
//! save what was trained. The terminal is restored however the loop ends.

use super::train::finish;
use super::train_screen::TrainView;
use crate::corpus::Corpus;
use crate::model::decode::greedy;
use crate::model::setup::{Setup, TokenInput};
use crate::train::{TrainOptions, Trainer, evaluate};
use crate::ui::theme::Theme;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const EVAL_EVERY: usize = 250;
const REDRAW: Duration = Duration::from_millis(100);
const SMOOTH: usize = 10;

/// Train with the live screen, then write the weights to `out`; returns the summary to print.
pub fn train_live(corpus: &Corpus, options: TrainOptions, out: &Path, stop: &AtomicBool) -> Result<String, String> {
    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot open the terminal: {e}"))?;
    let result = run_loop(&mut terminal, corpus, options, stop);
    ratatui::restore();
    let (trainer, took) = result?;
    finish(&trainer, corpus, out, took)
}

fn run_loop(
    terminal: &mut ratatui::DefaultTerminal,
    corpus: &Corpus,
    options: TrainOptions,
    stop: &AtomicBool,
) -> Result<(Trainer, Duration), String> {
    let io = |e: std::io::Error| format!("terminal error: {e}");
    let mut trainer = Trainer::new(corpus, options);
    let mut view = TrainView { steps: options.steps, theme_color: Theme::from_env().color, ..Default::default() };
    let start = Instant::now();
    let mut pending: Vec<f32> = Vec::new();
    observe_example(&trainer, &mut view);
    loop {
        let frame_start = Instant::now();
        while !trainer.is_done() && frame_start.elapsed() < REDRAW {
            let report = trainer.train_step();
            pending.push(report.loss);
            view.loss = report.loss;
            view.lr = report.lr;
            view.grad_norm = report.grad_norm;
            if pending.len() == SMOOTH {
                let mean = pending.iter().sum::<f32>() / SMOOTH as f32;
                view.loss_curve.push((trainer.step as f64, mean as f64));
                pending.clear();
            }
            if trainer.step.is_multiple_of(EVAL_EVERY) || trainer.is_done() {
                let e = evaluate(&trainer.weights, &corpus.heldout);
                view.eval = Some((e.exact_match(), e.token_accuracy()));
                view.eval_step = trainer.step;
            }
        }
        view.step = trainer.step;
        view.elapsed_s = start.elapsed().as_secs_f64();
        view.steps_per_second = trainer.step as f64 / view.elapsed_s.max(1e-9);
        view.left_s = (options.steps - trainer.step) as f64 / view.steps_per_second.max(1e-9);
        observe_example(&trainer, &mut view);
        terminal.draw(|f| f.render_widget(&view, f.area())).map_err(io)?;
        if trainer.is_done() || stop.load(Ordering::Relaxed) || quit_pressed().map_err(io)? {
            return Ok((trainer, start.elapsed()));
        }
    }
}

/// Run the current weights on 我有一只猫 → I have a cat: the cross-attention of the last decoder
/// layer (mean over heads) and the greedy translation.
fn observe_example(trainer: &Trainer, view: &mut TrainView) {
    let weights = trainer.weights.clone();
    let src = TokenInput::Sentences("我有一只猫".into());
    let tgt = TokenInput::Sentences("<bos> I have a cat <eos>".into());
    let Ok(setup) = Setup::with_weights(weights.clone(), &src, Some(&tgt)) else { return };
    let mut run = setup.run();
    run.run_all();
    let name = format!("dec.{}.cross_attn.weights", weights.config.n_layers - 1);
    let Some(w) = run.get(&name) else { return }; // (1, H, T_tgt, T_src)
    let (heads, t_tgt, t_src) = (w.shape()[1], w.shape()[2], w.shape()[3]);
    view.attention = (0..t_tgt)
        .map(|i| (0..t_src).map(|j| (0..heads).map(|h| w[[0, h, i, j]]).sum::<f32>() / heads as f32).collect())
        .collect();
    view.src_tokens = setup.src_ids.row(0).iter().map(|&id| setup.src_vocab().word(id)).collect();
    view.tgt_tokens = setup.tgt_ids.row(0).iter().map(|&id| setup.tgt_vocab().word(id)).collect();
    view.translation = weights.vocabs.tgt.decode(&greedy(&weights, &setup.src_ids).words[0]);
}

/// Whether q, Esc or Ctrl-C is waiting (never blocks).
fn quit_pressed() -> std::io::Result<bool> {
    while event::poll(Duration::ZERO)? {
        if let Event::Key(key) = event::read()?
            && key.kind == KeyEventKind::Press
        {
            let ctrl_c = key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
            if ctrl_c || matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

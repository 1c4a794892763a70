//! The live training screen drawn from made-up but plausible numbers: at 120x40 and 80x24, with
//! and without a held-out evaluation, and the too-small message; the attention example computed
//! from real (untrained) weights.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;
use std::sync::Arc;
use std::time::Duration;
use transformer_tutor::cli::train_live::attention_view;
use transformer_tutor::model::Preset;
use transformer_tutor::setup::seeded;
use transformer_tutor::ui::train::screen::{self as train_screen, AttentionView, EvalView, LossCurve, TrainView};
use unicode_width::UnicodeWidthStr;

/// A loss falling from ~4.3 towards ~0.4 over `steps` steps, with a little deterministic noise.
fn curve(steps: usize) -> LossCurve {
    let mut c = LossCurve::new(train_screen::SMOOTHING);
    for s in 0..steps {
        let t = s as f32;
        c.push(0.4 + 3.9 * (-t / 70.0).exp() + 0.15 * (t * 1.7).sin() * (-t / 200.0).exp());
    }
    c
}

/// Half-learned attention: each row mostly on its source character, the rest spread.
fn attention() -> AttentionView {
    let weights = vec![
        vec![0.62, 0.14, 0.09, 0.07, 0.08],
        vec![0.11, 0.58, 0.12, 0.09, 0.10],
        vec![0.05, 0.08, 0.47, 0.31, 0.09],
        vec![0.03, 0.04, 0.08, 0.12, 0.73],
        vec![0.18, 0.21, 0.19, 0.20, 0.22],
        vec![0.20, 0.20, 0.19, 0.20, 0.21],
    ];
    AttentionView {
        src: ["我", "有", "一", "只", "猫"].map(String::from).to_vec(),
        tgt: ["<bos>", "I", "have", "a", "cat", "<eos>"].map(String::from).to_vec(),
        weights,
        heads: 4,
        layer: 1,
        translation: "I have a dog".into(),
        reference: "I have a cat".into(),
    }
}

fn view(steps: usize, total: usize, eval: bool) -> TrainView {
    let c = curve(steps);
    TrainView {
        step: steps,
        total,
        parameters: 204_612,
        batch: 64,
        seed: 1,
        curve: c.points(),
        loss: c.recent_mean(),
        lr: 2.81e-3,
        grad_norm: 0.842,
        steps_per_sec: 41.3,
        elapsed: Duration::from_secs_f64(steps as f64 / 41.3),
        left: Some(Duration::from_secs_f64((total - steps) as f64 / 41.3)),
        eval: eval.then_some(EvalView { step: 250, pairs: 12, exact_match: 0.25, token_accuracy: 0.713 }),
        eval_every: 250,
        attention: Some(attention()),
        status: None,
        color: false,
    }
}

fn terminal(view: &TrainView, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| train_screen::draw(f, view)).unwrap();
    terminal
}

fn frame(view: &TrainView, width: u16, height: u16) -> String {
    terminal(view, width, height).backend().to_string()
}

/// Display columns, not bytes or chars: where `needle` starts in `line`.
fn column_of(line: &str, needle: &str) -> usize {
    let at = line.find(needle).unwrap_or_else(|| panic!("{needle} not in {line}"));
    line[..at].width()
}

/// Every source character sits over its own cell: centred over the numbers of the row `a → cat`.
fn assert_columns_line_up(text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().find(|l| l.contains("我") && l.contains("猫") && !l.contains("Cross")).expect("header");
    let row = lines.iter().find(|l| l.contains("a → cat")).expect("grid row");
    let numbers: Vec<usize> = ["0.03", "0.04", "0.08", "0.12", "0.73"].iter().map(|n| column_of(row, n)).collect();
    for (j, ch) in ["我", "有", "一", "只", "猫"].iter().enumerate() {
        let c = column_of(header, ch);
        // the character stands over the middle of its number (`0.73`: columns n..n+4)
        assert_eq!(c, numbers[j] + 1, "{ch} at column {c}, its number at {}", numbers[j]);
    }
}

#[test]
fn screen_120x40_with_evaluation() {
    let text = frame(&view(300, 500, true), 120, 40);
    assert_columns_line_up(&text);
    assert!(text.contains("held-out, at step 250") && text.contains("25.0%") && text.contains("71.3%"), "{text}");
    assert!(text.contains("step           300 / 500"), "{text}");
    assert!(text.contains("q stop and save the weights trained so far · Ctrl-C stop, write nothing"), "{text}");
    assert_snapshot!("train_120x40_evaluated", text);
}

#[test]
fn screen_120x40_before_the_first_evaluation() {
    let text = frame(&view(240, 500, false), 120, 40);
    assert_columns_line_up(&text);
    assert!(text.contains("exact match    —") && text.contains("token accuracy —"), "{text}");
    assert_snapshot!("train_120x40_not_evaluated", text);
}

#[test]
fn screen_80x24_with_evaluation() {
    let text = frame(&view(300, 500, true), 80, 24);
    assert_columns_line_up(&text);
    assert!(text.contains("25.0%") && text.contains("I have a dog"), "{text}");
    assert_snapshot!("train_80x24_evaluated", text);
}

#[test]
fn screen_80x24_before_the_first_evaluation() {
    let text = frame(&view(240, 500, false), 80, 24);
    assert_columns_line_up(&text);
    assert_snapshot!("train_80x24_not_evaluated", text);
}

#[test]
fn screen_before_the_first_step() {
    let mut v = view(0, 500, false);
    v.attention = None;
    v.left = None;
    let text = frame(&v, 80, 24);
    assert!(text.contains("loss           —") && text.contains("time left      —"), "{text}");
}

#[test]
fn too_small_terminal_asks_to_enlarge_while_training_goes_on() {
    let text = frame(&view(300, 500, true), 79, 30);
    assert!(text.contains("Please enlarge the terminal to at least 80x24"), "{text}");
    assert!(text.contains("Training continues: step 300 / 500"), "{text}");
    assert!(text.contains("q stop and save"), "{text}");
    assert_snapshot!("train_too_small_60x20", frame(&view(300, 500, true), 60, 20));
}

#[test]
fn no_color_draws_no_colour() {
    let plain = terminal(&view(300, 500, true), 120, 40);
    let coloured = |c: Color| c != Color::Reset;
    assert!(plain.backend().buffer().content.iter().all(|cell| !coloured(cell.fg) && !coloured(cell.bg)));
    let mut v = view(300, 500, true);
    v.color = true;
    let colour = terminal(&v, 120, 40);
    assert!(colour.backend().buffer().content.iter().any(|cell| coloured(cell.bg)));
    // the characters are the same either way
    assert_eq!(plain.backend().to_string(), colour.backend().to_string());
}

#[test]
fn the_loss_curve_is_the_mean_of_every_ten_steps() {
    let mut c = LossCurve::new(10);
    for s in 0..25 {
        c.push(s as f32);
    }
    assert_eq!(c.points(), vec![(10.0, 4.5), (20.0, 14.5), (25.0, 22.0)]);
    assert_eq!(c.recent_mean(), Some(19.5));
}

#[test]
fn attention_of_the_example_from_real_weights() {
    let weights = Arc::new(seeded(Preset::Tutor, 1));
    let att = attention_view(&weights).expect("the example encodes");
    assert_eq!(att.src, ["我", "有", "一", "只", "猫"]);
    assert_eq!(att.tgt, ["<bos>", "I", "have", "a", "cat", "<eos>"]);
    assert_eq!((att.heads, att.layer), (weights.config.n_heads, weights.config.n_layers - 1));
    for row in &att.weights {
        assert_eq!(row.len(), 5);
        assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{row:?}");
    }
}

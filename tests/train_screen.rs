//! The training screen, drawn from a constructed view: the loss curve, the numbers, and the
//! cross-attention grid whose Chinese column labels (two columns wide) sit over their cells.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use transformer_tutor::cli::train_screen::TrainView;
use transformer_tutor::ui::buffer_text;

fn view(evaluated: bool) -> TrainView {
    let loss_curve = (1..=30).map(|i| ((i * 10) as f64, 4.4 * (-(i as f64) / 6.0).exp() + 0.02)).collect();
    let attention = vec![
        vec![0.80, 0.16, 0.01, 0.02, 0.01],
        vec![0.14, 0.85, 0.01, 0.00, 0.00],
        vec![0.16, 0.17, 0.42, 0.21, 0.03],
        vec![0.00, 0.02, 0.01, 0.06, 0.91],
        vec![0.00, 0.00, 0.14, 0.05, 0.79],
        vec![0.01, 0.28, 0.01, 0.02, 0.67],
    ];
    TrainView {
        step: 300,
        steps: 1000,
        loss_curve,
        loss: 0.0052,
        lr: 2.6e-3,
        grad_norm: 0.01,
        steps_per_second: 140.0,
        elapsed_s: 2.1,
        left_s: 5.0,
        eval: evaluated.then_some((0.994, 0.999)),
        eval_step: 250,
        src_tokens: ["我", "有", "一", "只", "猫"].map(String::from).to_vec(),
        tgt_tokens: ["<bos>", "I", "have", "a", "cat", "<eos>"].map(String::from).to_vec(),
        attention,
        translation: "I have a cat".into(),
        theme_color: false,
    }
}

fn draw(view: &TrainView, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let completed = terminal.draw(|f| f.render_widget(view, f.area())).unwrap();
    buffer_text(completed.buffer)
}

#[test]
fn training_screen_at_120x40() {
    insta::assert_snapshot!(draw(&view(true), 120, 40));
}

#[test]
fn training_screen_at_80x24_before_the_first_evaluation() {
    insta::assert_snapshot!(draw(&view(false), 80, 24));
}

#[test]
fn training_screen_too_small() {
    let text = draw(&view(true), 60, 20);
    assert!(text.contains("Please enlarge it to at least 80x24"), "{text}");
}

#[test]
fn chinese_column_labels_sit_over_their_cells() {
    let text = draw(&view(true), 120, 40);
    let lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().position(|l| l.contains("我   有")).expect("a header row");
    let row = lines[header + 1];
    // display columns, counting a CJK character as two
    let column = |line: &str, needle: &str| {
        let byte = line.find(needle).unwrap();
        unicode_width::UnicodeWidthStr::width(&line[..byte])
    };
    // the cells are five columns wide (a shade glyph and the weight); each label sits over the
    // weight's digits, one column in from its cell's start
    let first_cell = column(row, "▓.80");
    for (j, label) in ["我", "有", "一", "只", "猫"].iter().enumerate() {
        let l = column(lines[header], label);
        assert_eq!(l, first_cell + 1 + 5 * j, "`{label}` is not over cell {j}:\n{}\n{row}", lines[header]);
    }
}

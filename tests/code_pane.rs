//! The code pane (`p`): the lines that compute the focused operation, in the shape trace's place,
//! at 80x24 and 120x40 in both languages (read each snapshot: it is the screen a learner sees);
//! beside a what-if, the line it changes; on the tiny Marian, its sin | cos halves. What the pane
//! shows is `code::snippet`'s PyTorch lines for the op, whose numpy twin the export test runs.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::{Action, App};
use transformer_tutor::code::{self, Lib};
use transformer_tutor::lang::{self, Lang};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::Weights;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

fn frame(app: &mut App, width: u16, height: u16) -> String {
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    app.update(Action::Fit(ui::measure::measure(app, area)));
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    ui::frame::buffer_text(terminal.backend().buffer())
}

fn app_on(weights: Arc<Weights>, lesson: &str, op: &str) -> App {
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let lesson = catalog.get(lesson).expect("the lesson").clone();
    let mut app = App::new(lesson, weights).expect("lesson sentences encode");
    let beat = (0..app.beat_count()).find(|&b| {
        app.go_to_beat(b);
        app.run().program().op(app.op()).name == op
    });
    assert!(beat.is_some(), "a beat on {op}");
    app
}

fn trained() -> Arc<Weights> {
    Arc::new(WeightSource::Trained.load().expect("the built-in weights load"))
}

/// The pane's code is the snippet's, with this run's shapes, and `p` takes it away again.
#[test]
fn p_shows_the_focused_operations_code_in_the_traces_place_and_hides_it() {
    lang::set_current(Lang::En);
    let mut app = app_on(trained(), "attention", "enc.0.self_attn.scores");
    let before = frame(&mut app, 80, 24);
    app.update(Action::ToggleCode);
    assert!(app.code_shown());
    let shown = frame(&mut app, 80, 24);
    let snippet = code::snippet(app.run().program(), app.run().weights(), app.op(), Lib::Torch);
    for line in snippet.lines_with_shape() {
        assert!(shown.contains(&line), "the pane shows `{line}`:\n{shown}");
    }
    let shape = app.run().program().op(app.op()).shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
    assert!(shown.contains(&format!("= ({shape})")), "this run's shape ({shape}):\n{shown}");
    assert!(!before.contains("math.sqrt"), "no code before p:\n{before}");
    app.update(Action::ToggleCode);
    assert_eq!(frame(&mut app, 80, 24), before, "p again gives the trace back");
}

#[test]
fn the_code_pane_at_80x24_and_120x40_in_english_and_chinese() {
    for (lang, code) in [(Lang::En, "en"), (Lang::Zh, "zh")] {
        lang::set_current(lang);
        let mut app = app_on(trained(), "attention", "enc.0.self_attn.scores");
        app.update(Action::ToggleCode);
        for (w, h) in [(80, 24), (120, 40)] {
            assert_snapshot!(format!("code_scores_{w}x{h}_{code}"), frame(&mut app, w, h));
        }
        // a note's known mistake beside its corrected line (the wide layout has room for it)
        let mut app = app_on(trained(), "add-norm", "enc.0.norm1.sum");
        app.update(Action::ToggleCode);
        assert_snapshot!(format!("code_layernorm_120x40_{code}"), frame(&mut app, 120, 40));
    }
    lang::set_current(Lang::En);
}

#[test]
fn beside_a_what_if_the_pane_shows_the_line_it_changes() {
    lang::set_current(Lang::En);
    let mut app = app_on(trained(), "attention", "enc.0.self_attn.scores");
    app.update(Action::ToggleCode);
    app.update(Action::NextWhatIf); // the first switch: no 1/√d_k
    let text = frame(&mut app, 120, 40);
    assert!(text.contains("scores = qk  #"), "the what-if's line:\n{text}");
    assert_snapshot!("code_scores_no_scale_120x40", text);
}

#[test]
fn on_the_tiny_marian_the_positions_are_sin_and_cos_halves() {
    lang::set_current(Lang::En);
    let dir = transformer_tutor::setup::shipped_marian_dir();
    let weights = Arc::new(WeightSource::Marian(dir).load().expect("the tiny Marian loads"));
    let mut app = app_on(weights, "positional", "src.pe");
    app.update(Action::ToggleCode);
    let text = frame(&mut app, 80, 24);
    assert!(text.contains("torch.cat([torch.sin(angle[:, 0::2]), torch.cos(angle[:, 1::2])],"), "{text}");
    assert!(text.contains("dim=-1)  # (T, d_model) = (6, 36)"), "the last line, with the shape, stays: {text}");
    assert_snapshot!("code_marian_positions_80x24", text);
}

#[test]
fn on_a_gradient_the_pane_shows_the_backwards_formula() {
    lang::set_current(Lang::En);
    let mut app = app_on(trained(), "learning", "logits");
    assert!(app.on_gradient(), "the learning lesson's beat on logits shows its gradient");
    app.update(Action::ToggleCode);
    let text = frame(&mut app, 120, 40);
    let back =
        code::backward(app.run().program(), app.run().weights(), app.op(), Lib::Torch).expect("a Linear has one");
    for line in &back.lines {
        assert!(text.contains(line.as_str()), "the pane shows `{line}`:\n{text}");
    }
    assert_snapshot!("code_logits_gradient_120x40", text);
}

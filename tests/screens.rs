//! Whole frames as a learner sees them: every beat of `masks` at 120x40 and 80x24, the help
//! overlay, the too-small screen, and keys driving the app between frames.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::{Action, App, Pane};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::Preset;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

/// The shipped, trained weights: what a learner sees.
fn trained() -> Arc<transformer_tutor::model::Weights> {
    Arc::new(WeightSource::Trained.load().expect("the built-in weights load"))
}

fn masks_app() -> App {
    let weights = trained();
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let lesson = catalog.get("masks").expect("masks lesson").clone();
    App::new(lesson, weights).expect("lesson sentences encode")
}

fn frame(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    terminal.backend().to_string()
}

#[test]
fn every_beat_of_masks_at_120x40() {
    let mut app = masks_app();
    for beat in 0..app.beat_count() {
        app.go_to_beat(beat);
        assert_snapshot!(format!("masks_120x40_beat{:02}", beat + 1), frame(&app, 120, 40));
    }
}

#[test]
fn every_beat_of_masks_at_80x24() {
    let mut app = masks_app();
    for beat in 0..app.beat_count() {
        app.go_to_beat(beat);
        assert_snapshot!(format!("masks_80x24_beat{:02}", beat + 1), frame(&app, 80, 24));
    }
}

#[test]
fn help_overlay() {
    let mut app = masks_app();
    app.update(Action::ToggleHelp);
    assert_snapshot!("help_120x40", frame(&app, 120, 40));
    // keys other than ? and Esc/q do nothing while help is open
    app.update(Action::NextBeat);
    assert_eq!(app.beat(), 0);
    app.update(Action::Quit);
    assert!(!app.help_shown() && !app.quit_requested(), "Esc closes help first");
}

#[test]
fn too_small_terminal_asks_to_enlarge() {
    let app = masks_app();
    let text = frame(&app, 60, 20);
    assert!(text.contains("Please enlarge it to at least 80x24"), "{text}");
    assert_snapshot!("too_small_60x20", text);
}

#[test]
fn keys_change_what_is_shown() {
    let mut app = masks_app();
    app.update(Action::NextBeat);
    assert_eq!(app.beat(), 1);
    assert_eq!(app.run().cursor(), app.op() + 1, "the run has computed up to the focused op");
    // free stepping runs the next real operation
    let before = app.op();
    app.update(Action::StepOp);
    assert_eq!(app.op(), before + 1);
    assert!(app.run().value(app.op()).is_some());
    app.update(Action::BackOp);
    assert_eq!(app.op(), before);
    assert!(app.run().value(before + 1).is_none(), "back forgets the computed op");
    // heads wrap around, through the mean of the heads on an attention tensor
    app.go_to_beat(0);
    assert!(app.shows_attention(), "masks opens on attention weights");
    app.update(Action::PrevHead);
    assert!(app.selection().mean_of_heads);
    app.update(Action::PrevHead);
    assert_eq!((app.selection().head, app.selection().mean_of_heads), (3, false));
    app.update(Action::NextHead);
    assert!(app.selection().mean_of_heads);
    app.update(Action::NextHead);
    assert_eq!((app.selection().head, app.selection().mean_of_heads), (0, false));
    // rows stay inside the tensor
    for _ in 0..20 {
        app.update(Action::RowDown);
    }
    assert_eq!(app.selection().row, app.row_count() - 1);
    app.update(Action::NextPane);
    assert_eq!(app.focus(), Pane::Trace);
    app.update(Action::LastBeat);
    assert_eq!(app.beat(), app.beat_count() - 1);
    app.update(Action::FirstBeat);
    assert_eq!(app.beat(), 0);
    app.update(Action::Quit);
    assert!(app.quit_requested());
}

#[test]
fn head_and_row_selection_show_in_the_frame() {
    let mut app = masks_app();
    app.go_to_beat(7); // softmax rows of dec.0.self_attn.weights
    app.update(Action::NextHead);
    app.update(Action::RowDown);
    assert_snapshot!("masks_120x40_beat08_head1_row3", frame(&app, 120, 40));
}

#[test]
fn colours_follow_the_theme() {
    let mut app = masks_app();
    app.go_to_beat(0);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| ui::draw(f, &app, Theme { color: true })).unwrap();
    let coloured = terminal.backend().buffer().content.iter().filter(|c| c.bg != ratatui::style::Color::Reset).count();
    assert!(coloured > 30, "the heatmap cells are coloured");
    terminal.draw(|f| ui::draw(f, &app, Theme::plain())).unwrap();
    let plain = terminal
        .backend()
        .buffer()
        .content
        .iter()
        .filter(|c| c.bg != ratatui::style::Color::Reset || c.fg != ratatui::style::Color::Reset)
        .count();
    assert_eq!(plain, 0, "NO_COLOR draws no colour at all");
}

#[test]
fn every_operation_renders_in_its_default_view_at_both_sizes() {
    let mut app = masks_app();
    app.go_to_beat(0);
    while app.op() > 0 {
        app.update(Action::BackOp);
    }
    loop {
        for (w, h) in [(120, 40), (80, 24)] {
            let text = frame(&app, w, h);
            let name = &app.run().program().op(app.op()).name;
            assert!(text.contains(name.as_str()), "{name} is named in its pane title at {w}x{h}:\n{text}");
        }
        // every head and batch row of this tensor draws too
        app.update(Action::NextHead);
        app.update(Action::NextBatch);
        app.update(Action::RowDown);
        frame(&app, 120, 40);
        if app.op() + 1 == app.run().program().len() {
            break;
        }
        app.update(Action::StepOp);
    }
    assert!(app.run().is_done(), "stepping reached probs");
}

#[test]
fn every_beat_of_every_built_in_lesson_draws_at_both_sizes() {
    for weights in [trained(), Arc::new(transformer_tutor::setup::seeded(Preset::Tutor, 0))] {
        every_beat_draws(weights);
    }
}

fn every_beat_draws(weights: Arc<transformer_tutor::model::Weights>) {
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    assert!(catalog.lessons.len() >= 2);
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).expect("lesson sentences encode");
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            for (w, h) in [(120, 40), (80, 24)] {
                let text = frame(&app, w, h);
                let heading = format!("beat {}/{}", beat + 1, app.beat_count());
                assert!(text.contains(&heading), "{} {heading} at {w}x{h}:\n{text}", lesson.id);
            }
        }
    }
}

#[test]
fn after_free_stepping_the_next_arrow_returns_to_the_beat_and_its_view() {
    let mut app = masks_app();
    let masked = app.lesson().beats.iter().position(|b| b.op == "dec.0.self_attn.masked").unwrap();
    app.go_to_beat(masked); // dec.0.self_attn.masked as a heatmap
    let beat_op = app.op();
    app.update(Action::StepOp); // weights: softmax by default
    app.update(Action::StepOp); // context
    assert!(!app.on_beat_op());
    app.update(Action::NextBeat);
    assert_eq!((app.beat(), app.op()), (masked, beat_op), "→ came back to the beat, not the next one");
    // stepping away and back onto the beat's op restores the beat's own view
    app.update(Action::BackOp);
    app.update(Action::StepOp);
    assert_eq!(app.view_kind(), app.lesson().beats[masked].view);
    // heads: a tensor without a head axis keeps the chosen head and says why nothing moved
    app.update(Action::NextHead);
    assert_eq!(app.selection().head, 1);
    // stepping keeps the selection: back to the source mask, (B, 1, 1, T), with head 1 chosen
    while app.run().program().op(app.op()).name != "src.mask" {
        app.update(Action::BackOp);
    }
    app.update(Action::NextHead);
    assert_eq!(app.selection().head, 1);
    assert!(app.status().contains("no head axis"));
}

#[test]
fn output_lesson_reads_the_next_words() {
    let weights = trained();
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut app = App::new(catalog.get("output").expect("output lesson").clone(), weights).unwrap();
    app.go_to_beat(2); // probs as top words
    assert_snapshot!("output_120x40_beat03", frame(&app, 120, 40));
}

#[test]
fn wide_heatmaps_scroll_their_columns() {
    let mut app = masks_app();
    while app.op() + 1 < app.run().program().len() {
        app.update(Action::StepOp);
    }
    app.update(Action::BackOp); // logits (2, 8, 81) as a heatmap
    assert_eq!(app.run().program().op(app.op()).name, "logits");
    let before = frame(&app, 120, 40);
    assert!(!before.contains("from column"));
    app.update(Action::ColumnsRight);
    app.update(Action::ColumnsRight);
    let after = frame(&app, 120, 40);
    assert!(after.contains("from column 32 (< >)"), "{after}");
    for _ in 0..10 {
        app.update(Action::ColumnsRight);
    }
    assert_eq!(app.first_col(), 80, "never past the last column");
    app.update(Action::ColumnsLeft);
    assert_eq!(app.first_col(), 64);
}

/// Chinese characters are two columns wide: every view with source tokens on an axis keeps its
/// columns in line at both sizes (heatmap, softmax rows, mask grid, LayerNorm table, vectors).
#[test]
fn chinese_labels_line_up_in_every_view() {
    let mut app = masks_app();
    for (op, label) in [
        ("enc.0.self_attn.scores", "heatmap"),
        ("dec.1.cross_attn.weights", "softmax"),
        ("src.mask", "mask"),
        ("enc.0.norm1.sum", "layernorm"),
        ("src.embed", "vector"),
    ] {
        let index = app.run().program().index_of(op).unwrap();
        app.go_to_beat(0);
        while app.op() < index {
            app.update(Action::StepOp);
        }
        while app.op() > index {
            app.update(Action::BackOp);
        }
        assert_eq!(app.run().program().op(app.op()).name, op);
        while app.selection().batch != 1 {
            app.update(Action::NextBatch); // to 你有猫吗 <pad>
        }
        for (w, h) in [(120, 40), (80, 24)] {
            assert_snapshot!(format!("chinese_{label}_{w}x{h}"), frame(&app, w, h));
        }
    }
}

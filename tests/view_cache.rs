//! The view data is computed when the state changes, never while drawing: the decode view
//! decodes, and a what-if runs the variant forward, once per change of what they show, however
//! often the screen is redrawn. `App::view_generation` counts the computations.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::{Action, App};
use transformer_tutor::explore::Variant;
use transformer_tutor::lesson::{Catalog, ViewKind};
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

fn app_on(lesson: &str, view: ViewKind) -> App {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let lesson = catalog.get(lesson).unwrap().clone();
    let beat = lesson.beats.iter().position(|b| b.view == view).unwrap_or_else(|| panic!("no {view:?} beat"));
    let mut app = App::new(lesson, weights).unwrap();
    app.go_to_beat(beat);
    app
}

fn draw(app: &App, times: usize) {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    for _ in 0..times {
        terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    }
}

#[test]
fn redrawing_the_decode_view_does_not_decode_again() {
    let mut app = app_on("output", ViewKind::Decode);
    assert_eq!(app.view_kind(), ViewKind::Decode);
    let made = app.view_generation();
    draw(&app, 5);
    assert_eq!(app.view_generation(), made, "a redraw decoded again");
    // what the view does not depend on: the focus, the help, the prose's scroll, the status
    for action in [Action::NextPane, Action::ScrollDown, Action::ToggleHelp, Action::ToggleHelp] {
        app.update(action);
        draw(&app, 2);
        assert_eq!(app.view_generation(), made, "{action:?} changed nothing the view shows");
    }
    // the next decoding step is another view: computed once, then drawn from the cache
    app.update(Action::NextStep);
    assert_eq!(app.view_generation(), made + 1, "s moves the step: one decode");
    draw(&app, 5);
    assert_eq!(app.view_generation(), made + 1);
}

#[test]
fn redrawing_a_what_if_does_not_run_the_variant_again() {
    let mut app = app_on("decoder", ViewKind::Softmax);
    app.pin_what_if(Some(Variant::DecoderWithoutCross));
    assert!(app.what_if_view().is_some(), "the what-if is on, its comparison computed");
    let made = app.view_generation();
    draw(&app, 5);
    assert_eq!(app.view_generation(), made, "a redraw ran the variant again");
    app.update(Action::RowDown);
    assert_eq!(app.view_generation(), made + 1, "another row: the comparison once more");
    draw(&app, 3);
    assert_eq!(app.view_generation(), made + 1);
    app.update(Action::NextWhatIf);
    assert_ne!(app.what_if_view().map(|w| w.variant), Some(Variant::DecoderWithoutCross));
    assert_eq!(app.view_generation(), made + 2, "another switch: computed at the key, not at the draw");
}

/// The prose's facts (a greedy translation, a patched forward pass) are filled in when the beat,
/// the sentences, the model or the language change, not on every redraw or row move.
#[test]
fn redrawing_the_prose_does_not_fill_its_facts_in_again() {
    let mut app = app_on("probes", ViewKind::Patching);
    let made = app.beat_text_generation();
    let text = app.beat_text();
    draw(&app, 5);
    assert_eq!(app.beat_text_generation(), made, "a redraw filled the facts in again");
    for action in [Action::RowDown, Action::NextPane, Action::ScrollDown, Action::ToggleHelp, Action::ToggleHelp] {
        app.update(action);
        draw(&app, 2);
        assert_eq!(app.beat_text_generation(), made, "{action:?} changed nothing the prose says");
    }
    app.update(Action::NextLanguage);
    assert_eq!(app.beat_text_generation(), made + 1, "another language: filled in once");
    assert_ne!(app.beat_text(), text);
    app.update(Action::NextLanguage);
    app.update(Action::NextBeat);
    assert_eq!(app.beat_text_generation(), made + 3, "another beat: filled in once");
    draw(&app, 3);
    assert_eq!(app.beat_text_generation(), made + 3);
}

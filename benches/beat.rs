//! One beat as a learner feels it: step the engine to the next beat's operation and draw the
//! whole frame into a 120x40 TestBackend. Goal: under 2 ms (a 60 fps frame is 16 ms).
//! Run with `cargo bench --bench beat`.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::Preset;
use transformer_tutor::ui::{self, theme::Theme};

fn main() {
    divan::main();
}

fn masks_app() -> App {
    let weights = Arc::new(transformer_tutor::setup::seeded(Preset::Tutor, 0));
    let lesson = Catalog::built_in(&weights).expect("lessons load").get("masks").expect("masks").clone();
    App::new(lesson, weights).expect("sentences encode")
}

/// `Next` from beat 6 (tgt.mask) to beat 7 (dec.0.self_attn.masked): the engine really computes
/// the eight decoder operations in between, then the frame is drawn.
#[divan::bench]
fn next_beat_and_draw_120x40(bencher: divan::Bencher) {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    bencher
        .with_inputs(|| {
            let mut app = masks_app();
            app.go_to_beat(5); // tgt.mask: nothing of the decoder is computed yet
            app
        })
        .bench_local_values(|mut app| {
            app.update(Action::NextBeat);
            terminal.draw(|f| ui::draw(f, &app, Theme { color: true })).unwrap();
            app
        });
}

/// Drawing alone (a resize or a key that only changes the selection).
#[divan::bench]
fn draw_frame_120x40(bencher: divan::Bencher) {
    let mut app = masks_app();
    app.go_to_beat(12); // the what-if beat: two runs, the fullest softmax view
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    bencher.bench_local(|| {
        terminal.draw(|f| ui::draw(f, &app, Theme { color: true })).unwrap();
    });
}

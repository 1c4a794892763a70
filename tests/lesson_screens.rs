//! Every beat of every lesson as a learner sees it at 120x40, and each lesson's first and last
//! beat at 80x24 (`masks` is also snapshotted beat by beat at 80x24 in `screens.rs`). Read every
//! changed snapshot before accepting it: it is the screen a learner will see.

mod screen_times;

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

fn frame(app: &mut App, width: u16, height: u16) -> String {
    // as the terminal loop does before every frame: what the screen has room for, and where its
    // panes are (`{where view}` in the prose reads it)
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    app.update(transformer_tutor::app::keymap::Action::Fit(ui::measure::measure(app, area)));
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    screen_times::without_times(&terminal.backend().to_string())
}

fn lessons() -> (Arc<transformer_tutor::model::Weights>, Catalog) {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    (weights, catalog)
}

#[test]
fn every_beat_of_every_lesson_at_120x40() {
    let (weights, catalog) = lessons();
    for lesson in &catalog.lessons {
        if lesson.id == "masks" {
            continue; // screens.rs: masks_120x40_beatNN
        }
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            assert_snapshot!(format!("{}_120x40_beat{:02}", lesson.id, beat + 1), frame(&mut app, 120, 40));
        }
    }
}

#[test]
fn first_and_last_beat_of_every_lesson_at_80x24() {
    let (weights, catalog) = lessons();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        let last = app.beat_count() - 1;
        for beat in [0, last] {
            app.go_to_beat(beat);
            assert_snapshot!(format!("{}_80x24_beat{:02}", lesson.id, beat + 1), frame(&mut app, 80, 24));
        }
    }
}

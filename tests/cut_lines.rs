//! No view line is cut at 120x40: every beat of every lesson is drawn while `ui::cuts` records
//! the text drawn into less room than it needed (a pane title shortened mid-word, a header, a
//! line of a text view, a word of prose), and the test fails naming each. Text fitted with `…` on
//! purpose is fitted before it is drawn, so it is not a cut. Each decode view is also drawn at
//! every temperature (`t`), and each beat beside every what-if variant (`v`).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::{Action, App};
use transformer_tutor::explore::Variant;
use transformer_tutor::lesson::{Catalog, ViewKind};
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, cuts, theme::Theme};

/// Draws the app at 120x40 and keeps what was cut, saying where.
struct Check {
    terminal: Terminal<TestBackend>,
    found: Vec<String>,
    frames: usize,
}

impl Check {
    fn draw(&mut self, app: &App, what: &str) {
        self.terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
        self.frames += 1;
        for cut in cuts::take() {
            self.found.push(format!(
                "{} beat {}{what}: {:?} needs {} columns, had {}",
                app.lesson().id,
                app.beat() + 1,
                cut.text,
                cut.width,
                cut.room
            ));
        }
    }
}

#[test]
fn no_line_is_cut_on_any_beat_at_120x40() {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut check = Check { terminal: Terminal::new(TestBackend::new(120, 40)).unwrap(), found: Vec::new(), frames: 0 };
    cuts::record();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            check.draw(&app, "");
            if app.view_kind() == ViewKind::Decode {
                for _ in 0..5 {
                    app.update(Action::Temperature);
                    check.draw(&app, &format!(" at {:?}", app.decoding()));
                }
            }
        }
    }
    assert!(check.frames > 150, "every beat of every lesson was drawn ({})", check.frames);
    assert!(check.found.is_empty(), "{} cut lines:\n{}", check.found.len(), check.found.join("\n"));
}

#[test]
fn no_line_is_cut_beside_any_what_if_at_120x40() {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut check = Check { terminal: Terminal::new(TestBackend::new(120, 40)).unwrap(), found: Vec::new(), frames: 0 };
    cuts::record();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            for _ in 0..Variant::SWITCHES.len() {
                app.update(Action::NextWhatIf);
                check.draw(&app, &format!(" beside {:?}", app.what_if().as_ref().map(|w| w.variant)));
            }
            app.update(Action::NextWhatIf); // off again
        }
    }
    assert!(check.frames > 1000, "every beat beside every variant was drawn ({})", check.frames);
    assert!(check.found.is_empty(), "{} cut lines:\n{}", check.found.len(), check.found.join("\n"));
}

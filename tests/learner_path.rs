//! The learner's path through the curriculum: the lesson list (L), opening a lesson where the
//! learner left it, and → on a lesson's last beat going on to the next lesson.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::state::Screen;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::progress::{Progress, Status, question_beats};
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

fn all_lessons() -> App {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    App::with_lessons(Arc::new(catalog.lessons), 0, 0, weights, Progress::new(), Screen::Lesson).unwrap()
}

fn frame(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    terminal.backend().to_string()
}

#[test]
fn the_last_beat_of_a_lesson_leads_into_the_next() {
    let mut app = all_lessons();
    assert_eq!(app.lesson_index(), 0);
    let first = app.lesson().id.clone();
    let beats = app.beat_count();
    for _ in 1..beats {
        app.update(Action::NextBeat);
    }
    assert_eq!((app.lesson_index(), app.beat()), (0, beats - 1));
    app.update(Action::NextBeat);
    assert_eq!(app.lesson_index(), 1, "→ on the last beat opens the next lesson");
    assert_eq!(app.beat(), 0);
    assert_ne!(app.lesson().id, first);
    assert!(app.status().contains(&first), "{}", app.status());
    assert!(app.status().contains("not finished"), "its questions are not answered: {}", app.status());
    // the run follows the new lesson's sentences
    assert_eq!(app.setup().src_ids.nrows(), app.lesson().src.split(';').count());
    // walking every lesson to the end reaches the last one, and stops there
    for _ in 0..10_000 {
        if app.lesson_index() + 1 == app.lessons().len() && app.beat() + 1 == app.beat_count() {
            break;
        }
        app.update(Action::NextBeat);
    }
    assert_eq!(app.lesson_index(), app.lessons().len() - 1);
    app.update(Action::NextBeat);
    assert_eq!(app.lesson_index(), app.lessons().len() - 1, "nothing after the last lesson");
    assert!(!app.status().is_empty());
    // every beat seen, no question answered: only the lessons that ask none are done
    for (i, lesson) in app.lessons().to_vec().iter().enumerate() {
        let beats = lesson.beats.len();
        let questions = question_beats(lesson);
        let expected =
            if questions.is_empty() { Status::Done } else { Status::InProgress { seen: beats, answered: 0 } };
        assert_eq!(app.lesson_status(i), expected, "lesson {i} was walked through");
        app.open_lesson(i, 0);
        answer_every_question(&mut app);
        assert_eq!(app.lesson_status(i), Status::Done, "lesson {i}: every beat seen, every question finished");
    }
}

fn type_answer(app: &mut App, text: &str) {
    app.update(Action::Answer);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Answer);
}

/// The beats of the current lesson that ask a question, answered: the first right, the rest
/// after two wrong answers.
fn answer_every_question(app: &mut App) {
    let questions = question_beats(&app.lesson().clone());
    for (n, &beat) in questions.iter().enumerate() {
        app.go_to_beat(beat);
        if n == 0 {
            let expected = app.expected_answer().unwrap();
            type_answer(app, &expected);
        } else {
            type_answer(app, "no such answer");
            type_answer(app, "no such answer");
        }
    }
}

#[test]
fn the_list_shows_where_the_learner_stands_and_opens_a_lesson() {
    let mut app = all_lessons();
    // lesson 0 done (every beat seen, every question answered), lesson 1 seen up to its third beat
    for b in 0..app.beat_count() {
        app.go_to_beat(b);
    }
    answer_every_question(&mut app);
    app.update(Action::LastBeat);
    app.update(Action::NextBeat);
    assert!(app.status().contains("done; on to"), "{}", app.status());
    app.update(Action::NextBeat);
    app.update(Action::NextBeat);
    app.update(Action::ToggleList);
    assert_eq!(app.screen(), Screen::List { cursor: 1 });
    assert_eq!(app.lesson_status(0), Status::Done);
    assert_eq!(app.lesson_status(1), Status::InProgress { seen: 3, answered: 0 });
    assert_eq!(app.lesson_status(2), Status::NotStarted);
    // the status bar names the list and the lesson under the cursor, no engine op
    let list = frame(&app, 120, 40);
    let status = list.lines().last().unwrap_or_default();
    assert!(status.contains(&format!("lesson list · lesson 2 of {}", app.lessons().len())), "{status}");
    assert!(!status.contains("engine op") && !status.contains(app.focused().0), "{status}");
    assert_snapshot!("list_120x40", frame(&app, 120, 40));
    assert_snapshot!("list_80x24", frame(&app, 80, 24));
    // j twice, Enter: lesson 3 opens at its first beat
    app.update(Action::RowDown);
    app.update(Action::RowDown);
    app.update(Action::Answer);
    assert_eq!(app.screen(), Screen::Lesson);
    assert_eq!(app.lesson_index(), 3);
    assert_eq!(app.beat(), 0);
    // back on the list, k to lesson 1 and Enter: it resumes at its first unseen beat
    app.update(Action::ToggleList);
    app.update(Action::RowUp);
    app.update(Action::RowUp);
    app.update(Action::Answer);
    assert_eq!((app.lesson_index(), app.beat()), (1, 3));
}

#[test]
fn the_list_keys_stay_in_the_list() {
    let mut app = all_lessons();
    app.update(Action::ToggleList);
    for _ in 0..100 {
        app.update(Action::RowDown);
    }
    assert_eq!(app.screen(), Screen::List { cursor: app.lessons().len() - 1 });
    app.update(Action::FirstBeat);
    assert_eq!(app.screen(), Screen::List { cursor: 0 });
    app.update(Action::ToggleList);
    assert_eq!(app.screen(), Screen::Lesson);
    app.update(Action::ToggleList);
    app.update(Action::Quit);
    assert!(app.quit_requested());
}

#[test]
fn arrow_keys_scroll_a_text_view_that_is_taller_than_its_pane() {
    let mut app = all_lessons();
    assert_eq!(app.lesson().id, "why-attention");
    let rnn = app.lesson().beats.iter().position(|b| b.view.name() == "rnn").expect("an rnn beat");
    app.go_to_beat(rnn);
    let before = frame(&app, 80, 24);
    // it opens folded on the lines its beat names; each fold says ↑/↓ unfold it
    assert!(before.contains("lines (↑/↓)"), "{before}");
    assert!(!before.contains("(log scale)"), "{before}");
    for _ in 0..40 {
        app.update(Action::RowDown);
    }
    let after = frame(&app, 80, 24);
    assert!(after.contains("(log scale)") && after.contains("more lines above"), "{after}");
    assert!(!after.contains("more lines below"), "scrolled to the end: {after}");
    app.update(Action::NextBeat);
    assert_eq!(app.lines_scroll(), 0, "a new beat starts at the top");
}

#[test]
fn a_decode_view_scrolls_and_keeps_its_step() {
    let mut app = all_lessons();
    let output = app.lessons().iter().position(|l| l.id == "output").unwrap();
    app.open_lesson(output, 0);
    let beat = app.lesson().beats.iter().position(|b| b.view.name() == "decode").unwrap();
    app.go_to_beat(beat);
    let before = frame(&app, 80, 24);
    // more than the pane holds: a window with lines below, or a fold of the lines the prose names
    assert!(before.contains("more lines below (↑/↓)") || before.contains("lines (↑/↓)"), "{before}");
    let step = app.selection().row;
    for _ in 0..20 {
        app.update(Action::RowDown);
    }
    let after = frame(&app, 80, 24);
    assert!(after.contains("where position"), "the cross-attention part is reachable: {after}");
    assert_eq!(app.selection().row, step, "↓ scrolls; the step stays the beat's");
}

/// Cell mode on a tensor wider than its eight-column window (why-attention beat 8, 9 keys): the
/// caption fits the pane at 120x40 (the columns shown take the shape's place), and past column 7
/// the window ends at the last column, so the pane stays full.
#[test]
fn the_cell_window_fits_its_caption_and_stays_full() {
    let mut app = all_lessons();
    app.go_to_beat(7);
    app.update(Action::ToggleCell);
    let screen = frame(&app, 120, 40);
    assert!(screen.contains("columns 0–7 of 9"), "{screen}");
    for _ in 0..8 {
        app.update(Action::CellRight);
    }
    assert_eq!(app.cell_col(), Some(8));
    let screen = frame(&app, 120, 40);
    assert!(screen.contains("columns 1–8 of 9"), "the last window is full: {screen}");
}

fn lesson_at(id: &str, beat: usize) -> App {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let index = catalog.lessons.iter().position(|l| l.id == id).expect("the lesson");
    let mut app =
        App::with_lessons(Arc::new(catalog.lessons), index, 0, weights, Progress::new(), Screen::Lesson).unwrap();
    app.go_to_beat(beat);
    app
}

/// The Add & Norm table's token labels read whole where the pane has room: `tomorrow`, not `tomor…`.
#[test]
fn token_labels_read_whole_when_the_pane_has_room() {
    let app = lesson_at("decoder", 9);
    let screen = frame(&app, 120, 40);
    assert!(screen.contains("tomorrow "), "{screen}");
    assert!(!screen.contains("tomor…"), "{screen}");
}

/// A scalar's shape reads as a scalar in the pane's title (the loss), not as a bare `()`.
#[test]
fn a_scalars_title_says_it_is_a_scalar() {
    let app = lesson_at("learning", 0);
    let screen = frame(&app, 120, 40);
    assert!(screen.contains("loss (scalar)"), "{screen}");
    assert!(!screen.contains("loss ()"), "{screen}");
}

/// A move to a slow view (a head taken out of every run, the held-out alignment) is named in
/// the status bar before it is computed, so the terminal loop draws that first; quick moves
/// say nothing.
#[test]
fn a_slow_view_is_named_before_it_is_computed() {
    let app = lesson_at("probes", 0);
    assert_eq!(app.computing_before(Action::NextBeat).as_deref(), Some("computing beat 2’s ablation view…"));
    assert_eq!(app.computing_before(Action::PrevBeat), None, "beat 1 has no beat before it");
    let app = lesson_at("probes", 1);
    assert_eq!(app.computing_before(Action::NextBeat).as_deref(), Some("computing beat 3’s alignment view…"));
    let app = lesson_at("probes", 2);
    assert_eq!(app.computing_before(Action::NextBeat), None, "the logit lens is quick");
    let app = lesson_at("attention", 0);
    assert_eq!(app.computing_before(Action::NextBeat), None);
    // from the lesson list, opening a lesson that resumes at a slow view (the first beat not seen)
    let mut app = lesson_at("probes", 1);
    app.update(Action::ToggleList);
    assert_eq!(app.computing_before(Action::Answer).as_deref(), Some("computing beat 3’s alignment view…"));
    assert_eq!(app.computing_before(Action::RowDown), None, "moving in the list is quick");
}

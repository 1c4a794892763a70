//! Questions the learner answers: the expected answer is computed from the run (a bigger model
//! expects a bigger shape), a right answer ends the question, a wrong one shows the hint, a second
//! wrong one the answer and the explanation; all recorded in the progress. Frames before and
//! after a wrong answer are snapshots.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::lesson::question::{Attempt, is_right};
use transformer_tutor::model::{Config, Weights};
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

mod bilingual_lessons;

fn trained() -> Arc<Weights> {
    Arc::new(WeightSource::Trained.load().expect("the built-in weights load"))
}

/// The trained model's vocabularies on a model of another size (`n_heads`, `d_model`), seeded.
fn resized(n_heads: usize, d_model: usize) -> Arc<Weights> {
    let t = trained();
    let config = Config { n_heads, d_model, d_ff: 2 * d_model, ..t.config.clone() };
    Arc::new(Weights::init(&config, 7).with_vocabs(t.vocabs.clone()))
}

const QUIZ: &str = r#"
format = 1
id = "quiz"
title = "A quiz"
order = 12
summary = "questions"
src = "我有一只猫 ; 你有猫吗"
tgt = "<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>"

[[beat]]
op = "dec.0.cross_attn.weights"
view = "heatmap"
text = "What is the shape of `dec.0.cross_attn.weights`?"
answer = "{shape dec.0.cross_attn.weights}"
hint = "(batch, heads, target positions, source positions)"
explain = "It is {shape dec.0.cross_attn.weights}: one weight per target position and source character, per head."

[[beat]]
op = "tgt.causal"
view = "mask"
text = "Which key positions does row 3 of the causal mask hide?"
answer = "{masked-keys tgt.causal row=3}"
hint = "Row 3 may see positions 0 to 3."
explain = "Positions {masked-keys tgt.causal row=3}: the future."
"#;

fn quiz(weights: Arc<Weights>) -> App {
    let catalog = Catalog::from_files(vec![("quiz.toml".into(), bilingual_lessons::with_chinese(QUIZ).0)], &weights)
        .expect("the quiz loads");
    App::new(catalog.lessons[0].clone(), weights).expect("sentences encode")
}

fn frame(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    terminal.backend().to_string()
}

fn type_answer(app: &mut App, text: &str) {
    app.update(Action::Answer);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Answer);
}

#[test]
fn the_expected_shape_follows_the_model_size() {
    let tutor = quiz(trained());
    assert_eq!(tutor.expected_answer().as_deref(), Some("(2, 4, 8, 5)"));
    let wider = quiz(resized(8, 64));
    assert_eq!(wider.expected_answer().as_deref(), Some("(2, 8, 8, 5)"));
}

#[test]
fn every_built_in_question_is_computed_from_the_run() {
    // every question of every lesson renders an answer from the run; questions about shapes
    // change their answer when the model has 8 heads instead of 4
    let (small, big) = (trained(), resized(8, 64));
    let catalog = Catalog::built_in(&small).expect("built-in lessons");
    let big_catalog = Catalog::built_in(&big).expect("the lessons load on an 8-head model too");
    let mut questions = 0;
    let mut shape_questions = 0;
    for (lesson, big_lesson) in catalog.lessons.iter().zip(&big_catalog.lessons) {
        let mut a = App::new(lesson.clone(), small.clone()).unwrap();
        let mut b = App::new(big_lesson.clone(), big.clone()).unwrap();
        for beat in 0..a.beat_count() {
            a.go_to_beat(beat);
            b.go_to_beat(beat);
            let Some(expected) = a.expected_answer() else { continue };
            questions += 1;
            assert!(is_right(&expected, &expected), "{} beat {}: `{expected}` can be typed", lesson.id, beat + 1);
            let template = format!("{:?}", lesson.beats[beat].question.as_ref().unwrap().answer);
            if template.contains("Shape") {
                shape_questions += 1;
                let other = b.expected_answer().unwrap();
                // a 4-D shape with a head axis (a mask's (B, 1, 1, T) has none)
                let dims: Vec<&str> = expected.trim_matches(['(', ')']).split(", ").collect();
                let has_heads = dims.len() == 4 && dims[1] == small.config.n_heads.to_string();
                if template.contains("heads") || has_heads {
                    assert_ne!(expected, other, "{} beat {}: a 4-D shape follows n_heads", lesson.id, beat + 1);
                }
            }
        }
    }
    assert!(questions >= 10, "most lessons end with questions; found {questions}");
    assert!(shape_questions >= 1, "at least one question asks for a shape");
}

#[test]
fn a_right_answer_ends_the_question_and_is_recorded() {
    let mut app = quiz(trained());
    type_answer(&mut app, "2,4,8,5");
    assert_eq!(app.attempt(), Attempt::Right { tries: 1 });
    assert_eq!(app.progress().given("quiz", 0), ["2,4,8,5"]);
    assert!(app.take_progress_changed());
    // answering again is refused politely
    app.update(Action::Answer);
    assert!(app.input().is_none());
}

#[test]
fn a_wrong_answer_shows_the_hint_and_a_second_the_explanation() {
    let mut app = quiz(trained());
    assert_snapshot!("quiz_question_120x40", frame(&app, 120, 40));
    app.update(Action::Answer);
    for c in "(2, 4, 5".chars() {
        app.update(Action::Type(c));
    }
    assert_snapshot!("quiz_typing_120x40", frame(&app, 120, 40));
    for c in ", 8)".chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Answer);
    assert_eq!(app.attempt(), Attempt::WrongOnce);
    let after_wrong = frame(&app, 120, 40);
    assert!(after_wrong.contains("Hint:"), "{after_wrong}");
    assert_snapshot!("quiz_after_wrong_120x40", after_wrong);
    type_answer(&mut app, "8 5");
    assert_eq!(app.attempt(), Attempt::GaveUp);
    let gave_up = frame(&app, 120, 40);
    assert!(gave_up.contains("The answer: (2, 4, 8, 5)"), "{gave_up}");
    assert_snapshot!("quiz_after_second_wrong_120x40", gave_up);
    assert_snapshot!("quiz_after_second_wrong_80x24", frame(&app, 80, 24));
}

/// Zero-width characters take no column, yet the answer line holds at most 60 of any kind (50,000
/// U+200B once made a 150 KB answer and froze the screen).
#[test]
fn the_answer_line_caps_characters_as_well_as_columns() {
    let mut app = quiz(trained());
    app.update(Action::Answer);
    for _ in 0..1000 {
        app.update(Action::Type('\u{200B}'));
    }
    assert_eq!(app.input().map(|t| t.chars().count()), Some(60));
}

#[test]
fn typing_keys_do_not_move_the_lesson_and_esc_closes_the_line() {
    let mut app = quiz(trained());
    app.update(Action::Answer);
    for c in "hjkl q".chars() {
        app.update(Action::Type(c));
    }
    assert_eq!(app.beat(), 0);
    assert!(!app.quit_requested());
    assert_eq!(app.input(), Some("hjkl q"));
    app.update(Action::Erase);
    assert_eq!(app.input(), Some("hjkl "));
    app.update(Action::Cancel);
    assert!(app.input().is_none());
    assert_eq!(app.attempt(), Attempt::Unanswered, "closing the line answers nothing");
    // an empty answer is not an answer
    app.update(Action::Answer);
    app.update(Action::Answer);
    assert_eq!(app.attempt(), Attempt::Unanswered);
}

#[test]
fn mask_questions_are_checked_by_their_positions() {
    let mut app = quiz(trained());
    app.go_to_beat(1);
    assert_eq!(app.expected_answer().as_deref(), Some("4, 5, 6, 7"));
    type_answer(&mut app, "4 5 6 7");
    assert_eq!(app.attempt(), Attempt::Right { tries: 1 });
}

/// The probes lesson's questions accept what their screens show: the logit lens's answer as its
/// rows name the sublayer (in either language, with or without `after`), and a patching answer
/// as a position with its character in brackets.
#[test]
fn probe_questions_accept_the_forms_their_screens_show() {
    let weights = trained();
    let probes = Catalog::built_in(&weights).unwrap().get("probes").unwrap().clone();
    let beat_of = |view: &str| probes.beats.iter().rposition(|b| b.view.name() == view && b.question.is_some());
    let answered = |beat: usize, given: &str| {
        let mut app = App::new(probes.clone(), weights.clone()).unwrap();
        app.go_to_beat(beat);
        type_answer(&mut app, given);
        (app.attempt(), app.expected_answer().unwrap())
    };
    let lens = beat_of("logit-lens").expect("a logit-lens question");
    let (_, op) = answered(lens, "?");
    let layer = op.rsplitn(3, '.').nth(2).unwrap().to_string(); // dec.1
    assert!(op.ends_with(".norm2.out"), "the trained model's answer forms at a cross-attention: {op}");
    for given in [
        op.clone(),
        format!("after {layer} cross-attention"),
        format!("{layer} cross attention"),
        format!("{layer} 交叉注意力之后"),
        format!("{layer}交叉注意力"),
    ] {
        assert_eq!(answered(lens, &given).0, Attempt::Right { tries: 1 }, "{given:?} for {op}");
    }
    for wrong in [format!("after {layer} self-attention"), "cross-attention".to_string(), layer.clone()] {
        assert_eq!(answered(lens, &wrong).0, Attempt::WrongOnce, "{wrong:?} for {op}");
    }
    let patch = beat_of("patching").expect("a patching question");
    let (_, expected) = answered(patch, "?");
    let position: usize = expected.split(',').next().unwrap().trim().parse().expect("positions");
    let token = ["他", "有", "一", "只", "猫"][position];
    assert_eq!(answered(patch, &format!("{expected} ({token})")).0, Attempt::Right { tries: 1 }, "{expected}");
    let other = ["他", "有", "一", "只", "猫"][(position + 1) % 5];
    assert_eq!(answered(patch, &format!("{expected} ({other})")).0, Attempt::WrongOnce, "another character");
}

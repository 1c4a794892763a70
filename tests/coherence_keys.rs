//! The keys that let a learner see what the prose is about: the "mean of the heads" stop on
//! `]`/`[`, a decode view's step on `s`/`S`, a learner's own sentence against a beat that keeps
//! the lesson's, and answers as people write them (a position for a token).

use std::sync::Arc;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::lesson::question::Attempt;
use transformer_tutor::model::Weights;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

mod bilingual_lessons;

const LESSON: &str = r#"
format = 1
id = "keys"
title = "Keys"
order = 12
summary = "keys"
src = "我有一只猫 ; 你有猫吗"
tgt = "<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>"

[[beat]]
op = "dec.1.cross_attn.weights"
view = "softmax"
head = "mean"
row = 4
text = "Row 4 weights {top-key dec.1.cross_attn.weights row=4 head=mean} most, {top-weight dec.1.cross_attn.weights row=4 head=mean}. Which character?"
answer = "{top-key dec.1.cross_attn.weights row=4 head=mean}"
hint = "The longest bar of row 4."
explain = "It is {top-key dec.1.cross_attn.weights row=4 head=mean}."

[[beat]]
op = "probs"
view = "decode"
step = 1
text = "Step 1 appends {decode-word step=1}."

[[beat]]
op = "src.x"
view = "vector"
sentence = "lesson"
text = "This beat is about 我有一只猫."
"#;

fn app() -> App {
    let weights: Arc<Weights> = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog =
        Catalog::from_files(vec![("keys.toml".into(), bilingual_lessons::with_chinese(LESSON).0)], &weights).unwrap();
    App::new(catalog.lessons[0].clone(), weights).unwrap()
}

fn screen(app: &App) -> String {
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ui::draw_app(app, Theme::plain(), area, &mut buf);
    ui::buffer_text(&buf)
}

#[test]
fn a_beat_opens_on_the_mean_of_the_heads_and_the_head_keys_pass_through_it() {
    let mut app = app();
    assert!(app.selection().mean_of_heads);
    let text = screen(&app);
    assert!(text.contains("mean of the 4 heads"), "{text}");
    // the number the prose quotes is the one the view shows
    let quoted = app.beat_text();
    let weight = quoted.split("most, ").nth(1).unwrap().split('.').take(2).collect::<Vec<_>>().join(".");
    assert!(text.contains(&weight), "{weight} not on screen:\n{text}");
    app.update(Action::NextHead);
    assert!(!app.selection().mean_of_heads);
    assert_eq!(app.selection().head, 0);
    assert!(screen(&app).contains("head 0 (of 0–3)"));
    app.update(Action::PrevHead);
    assert!(app.selection().mean_of_heads, "[ from head 0 goes back to the mean");
    app.update(Action::PrevHead);
    assert_eq!((app.selection().mean_of_heads, app.selection().head), (false, 3));
    // a cell is one head's number: cell mode leaves the mean
    app.update(Action::NextHead);
    app.update(Action::ToggleCell);
    assert!(!app.selection().mean_of_heads);
}

#[test]
fn the_mean_stop_is_only_for_attention_tensors() {
    let mut app = app();
    app.update(Action::StepOp); // dec.1.cross_attn.context (B, H, T, d_k): heads, but no keys
    for _ in 0..4 {
        app.update(Action::NextHead);
    }
    assert!(!app.selection().mean_of_heads);
    assert_eq!(app.selection().head, 0, "four heads, no fifth stop");
}

/// The probes lesson's ablation and contributions views show one head at a time: `]` from the
/// last head goes to head 0, with no mean to stop at (it would show the last head again).
#[test]
fn views_of_one_head_have_no_mean_stop() {
    let weights: Arc<Weights> = Arc::new(WeightSource::Trained.load().unwrap());
    let probes = Catalog::built_in(&weights).unwrap().get("probes").unwrap().clone();
    for view in ["ablation", "contributions"] {
        let beat = probes.beats.iter().position(|b| b.view.name() == view).expect(view);
        let mut app = App::new(probes.clone(), weights.clone()).unwrap();
        app.go_to_beat(beat);
        let mut seen = Vec::new();
        for _ in 0..5 {
            app.update(Action::NextHead);
            assert!(!app.selection().mean_of_heads, "{view}");
            seen.push(app.selection().head);
        }
        // five presses over four heads: every head once, then the first again
        let mut distinct = seen[..4].to_vec();
        distinct.sort();
        assert_eq!((distinct, seen[4]), (vec![0, 1, 2, 3], seen[0]), "{view}: {seen:?}");
    }
}

#[test]
fn s_and_shift_s_move_the_decoding_step() {
    let mut app = app();
    app.update(Action::NextHead); // away from the mean, to check s is refused outside decode
    app.update(Action::NextStep);
    assert!(app.status().contains("decode view"), "{}", app.status());
    app.go_to_beat(1);
    assert!(screen(&app).contains("step 1 of 0–"));
    app.update(Action::NextStep);
    assert!(screen(&app).contains("step 2 of 0–"));
    app.update(Action::PrevStep);
    app.update(Action::PrevStep);
    assert!(screen(&app).contains("step 0 of 0–"));
    app.update(Action::PrevStep);
    assert!(screen(&app).contains("step 0 of 0–"), "no step before 0");
    for _ in 0..20 {
        app.update(Action::NextStep);
    }
    let text = screen(&app);
    assert!(text.contains("step 4 of 0–4"), "the last of I · have · a · cat · <eos>: {text}");
}

fn type_answer(app: &mut App, typed: &str) {
    app.update(Action::Answer);
    for c in typed.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Answer);
}

#[test]
fn a_bare_position_read_two_ways_is_asked_about_not_marked() {
    let mut app = app();
    let expected = app.expected_answer().unwrap();
    let tokens: Vec<String> = "我有一只猫".chars().map(String::from).collect();
    let at = tokens.iter().position(|t| *t == expected).expect("a source character");
    assert!(at >= 1, "the answer is not the first character: {expected}");
    // `at` counted from 0 is the answer, counted from 1 the character before it: ask which
    type_answer(&mut app, &at.to_string());
    assert_eq!(app.attempt(), Attempt::Unanswered, "neither right nor a wrong try: {}", app.status());
    assert!(app.progress().given("keys", 0).is_empty(), "nothing recorded");
    let before = &tokens[at - 1];
    assert_eq!(
        app.status(),
        format!(
            "{at} is {expected} counted from 0, {before} counted from 1: which? type `{at} ({expected})`, `{} ({before})` or the token",
            at - 1
        )
    );
    assert_eq!(app.input(), Some(at.to_string().as_str()), "the line stays open to say which");
    // saying which answers it
    for c in format!(" ({expected})").chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Answer);
    assert_eq!(app.attempt(), Attempt::Right { tries: 1 });
    assert_eq!(app.status(), format!("right! position {at} is {expected}"));
    // the same in Chinese
    let mut zh = self::app();
    zh.update(Action::NextLanguage);
    type_answer(&mut zh, &at.to_string());
    assert_eq!(zh.attempt(), Attempt::Unanswered);
    assert!(zh.status().contains("从 0 数是") && zh.status().contains(&expected), "{}", zh.status());
    // the wrong one of the two readings, said, is a wrong try
    let mut wrong = self::app();
    type_answer(&mut wrong, &format!("{} ({before})", at - 1));
    assert_eq!(wrong.attempt(), Attempt::WrongOnce, "{}", wrong.status());
}

#[test]
fn a_position_answers_a_token_question_where_it_reads_one_way() {
    let weights: Arc<Weights> = Arc::new(WeightSource::Trained.load().unwrap());
    // the answer is the first character, 我: 0 has no reading from 1
    let lesson = LESSON.replace(
        "answer = \"{top-key dec.1.cross_attn.weights row=4 head=mean}\"",
        "answer = \"{token-at side=src pos=0}\"",
    );
    let catalog =
        Catalog::from_files(vec![("keys.toml".into(), bilingual_lessons::with_chinese(&lesson).0)], &weights).unwrap();
    let mut app = App::new(catalog.lessons[0].clone(), weights).unwrap();
    assert_eq!(app.expected_answer().as_deref(), Some("我"));
    type_answer(&mut app, "0");
    assert_eq!(app.attempt(), Attempt::Right { tries: 1 }, "{}", app.status());
    assert_eq!(app.status(), "right! position 0 is 我");
}

#[test]
fn a_position_with_its_token_in_brackets_answers_counted_from_0_or_1() {
    let tokens: Vec<String> = "我有一只猫".chars().map(String::from).collect();
    let typed_on_a_fresh_beat = |typed: &str| {
        let mut app = app();
        app.update(Action::Answer);
        for c in typed.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Answer);
        (app.attempt(), app.status().to_string(), app.expected_answer().unwrap())
    };
    let expected = app().expected_answer().unwrap();
    let at = tokens.iter().position(|t| *t == expected).expect("a source character");
    for typed in [
        format!("{at} ({expected})"),
        format!("{} ({expected})", at + 1),
        format!("{at}（{expected}）"),
        format!("{expected} ({at})"),
    ] {
        let (attempt, status, _) = typed_on_a_fresh_beat(&typed);
        assert!(matches!(attempt, Attempt::Right { tries: 1 }), "{typed}: {status}");
        assert_eq!(status, format!("right! position {at} is {expected}"), "{typed}: the view's count");
    }
    // another character, by its own position and name, is still wrong
    let other = if at == 0 { 1 } else { at - 1 };
    let (attempt, status, _) = typed_on_a_fresh_beat(&format!("{other} ({})", tokens[other]));
    assert_eq!(attempt, Attempt::WrongOnce, "{other} ({}): {status}", tokens[other]);
    // the right character at a position where it does not stand (from 0 or 1) is wrong
    let nowhere = (at + 3) % tokens.len();
    let (attempt, status, _) = typed_on_a_fresh_beat(&format!("{nowhere} ({expected})"));
    assert_eq!(attempt, Attempt::WrongOnce, "{nowhere} ({expected}): {status}");
}

#[test]
fn a_position_counts_from_0_and_from_1_only_past_the_sentence() {
    let weights: Arc<Weights> = Arc::new(WeightSource::Trained.load().unwrap());
    // the answer is the last character, 猫 (position 4 of 5; 5 read from 1 is 猫 too)
    let lesson = LESSON.replace(
        "answer = \"{top-key dec.1.cross_attn.weights row=4 head=mean}\"",
        "answer = \"{token-at side=src pos=4}\"",
    );
    let catalog =
        Catalog::from_files(vec![("keys.toml".into(), bilingual_lessons::with_chinese(&lesson).0)], &weights).unwrap();
    let mut app = App::new(catalog.lessons[0].clone(), weights).unwrap();
    type_answer(&mut app, "5");
    // the row is 我有一只猫, five long: 5 counted from 0 is no position
    assert!(matches!(app.attempt(), Attempt::Right { .. }), "5 counted from 1 is 猫: {}", app.status());
    assert_eq!(app.status(), "right! position 4 is 猫");
    // on batch row 1 (你有猫吗 <pad>) position 4 counted from 0 is a <pad>, from 1 吗: asked
    let mut app2 = self::app();
    app2.update(Action::NextBatch);
    assert_eq!(app2.selection().batch, 1);
    type_answer(&mut app2, "4");
    assert_eq!(app2.attempt(), Attempt::Unanswered, "{}", app2.status());
    assert!(app2.status().starts_with("4 is <pad> counted from 0, 吗 counted from 1"), "{}", app2.status());
    // and the <pad>, said, is no answer
    let mut app3 = self::app();
    app3.update(Action::NextBatch);
    type_answer(&mut app3, "4 (<pad>)");
    assert_eq!(app3.attempt(), Attempt::WrongOnce, "a masked <pad> is no answer");
}

/// Decoder beat 13 (issue 38): on 我有一只猫 <pad>, 5 counted from 1 is 猫 but counted from 0 it
/// is the `<pad>`; the tutor asks which instead of marking it right.
#[test]
fn the_decoder_question_asks_which_count_a_bare_position_means() {
    let weights: Arc<Weights> = Arc::new(WeightSource::Trained.load().unwrap());
    let decoder = Catalog::built_in(&weights).unwrap().get("decoder").unwrap().clone();
    let beat = decoder
        .beats
        .iter()
        .position(|b| b.question.is_some() && b.view.name() == "heatmap" && b.op.contains("cross_attn.weights"))
        .expect("the cross-attention question");
    let mut app = App::new(decoder, weights).unwrap();
    app.go_to_beat(beat);
    let expected = app.expected_answer().unwrap();
    let tokens: Vec<String> = "我有一只猫".chars().map(String::from).collect();
    let at = tokens.iter().position(|t| *t == expected).expect("a character of 我有一只猫");
    type_answer(&mut app, &(at + 1).to_string());
    assert_eq!(app.attempt(), Attempt::Unanswered, "{}", app.status());
    assert!(app.status().contains(&format!("{expected} counted from 1")), "{}", app.status());
}

#[test]
fn the_mean_of_the_heads_does_not_follow_onto_other_tensors() {
    let mut app = app();
    assert!(app.selection().mean_of_heads);
    app.update(Action::StepOp); // dec.1.cross_attn.context (B, H, T, d_k)
    let text = screen(&app);
    assert!(text.contains("head 0 (of 0–3)") && !text.contains("mean of the"), "{text}");
    app.update(Action::NextHead);
    assert_eq!((app.selection().head, app.selection().mean_of_heads), (1, false), "] goes on from the head shown");
}

#[test]
fn a_short_text_earns_no_more_marker_and_e_starts_from_the_learners_sentence() {
    let mut app = app();
    app.set_sentences("我有一只狗", None).unwrap();
    app.go_to_beat(2);
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ui::draw_app(&app, Theme::plain(), area, &mut buf);
    let text = ui::buffer_text(&buf);
    assert!(!text.contains("more:"), "the short prose fits: {text}");
    // on a beat that shows the lesson's sentences, `e` starts from the learner's own
    app.update(Action::EditSentence);
    assert_eq!(app.input(), Some("我有一只狗"));
}

#[test]
fn a_beat_that_keeps_the_lessons_sentences_shows_them_and_says_so() {
    let mut app = app();
    app.set_sentences("我有一只狗", None).unwrap();
    app.go_to_beat(2);
    let text = screen(&app);
    assert!(text.contains("this beat is about the lesson's own"), "{text}");
    assert!(text.contains('猫') && !text.contains('狗'), "{text}");
    app.go_to_beat(1);
    let text = screen(&app);
    assert!(text.contains('狗') && text.contains("your sentences"), "{text}");
    app.go_to_beat(2);
    app.go_to_beat(0);
    assert!(screen(&app).contains('狗'), "the learner's sentence returns");
}

/// `C` on attention weights: each key's contribution, then the head taken out (with the held-out
/// set's exact match and loss, as `probe heads` scores them), then the weights again; elsewhere
/// it says where it works.
#[test]
fn shift_c_probes_any_attention_weights() {
    use transformer_tutor::lesson::ViewKind;
    use transformer_tutor::model::Arch;
    use transformer_tutor::model::arch::HeadAblation;
    let weights: Arc<Weights> = Arc::new(WeightSource::Trained.load().unwrap());
    let mut app = app();
    assert_eq!(app.view_kind(), ViewKind::Softmax);
    app.update(Action::ProbeView);
    assert_eq!(app.view_kind(), ViewKind::Contributions);
    assert!(!app.selection().mean_of_heads, "one head at a time");
    let text = screen(&app);
    assert!(text.contains("weight against what each"), "{text}");
    app.update(Action::ProbeView);
    assert_eq!(app.view_kind(), ViewKind::Ablation);
    let text = screen(&app);
    let heldout = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED).heldout;
    let out = HeadAblation::of_op("dec.1.cross_attn.weights", app.selection().head).expect("an attention block");
    for (label, head) in
        [("whole model", None), ("out", Some(out)), ("alone", Some(HeadAblation { keep_only: true, ..out }))]
    {
        let arch = Arch { heads: head, ..Arch::default() };
        let e = transformer_tutor::train::eval::evaluate_with(&weights, &heldout, &arch);
        let pct = format!("{:.1}%", 100.0 * e.exact as f64 / e.pairs as f64);
        let line =
            text.lines().find(|l| l.contains(label) && l.contains('%')).unwrap_or_else(|| panic!("{label}: {text}"));
        assert!(line.contains(&pct), "{label}: {pct} expected in {line}");
    }
    app.update(Action::ProbeView);
    assert_eq!(app.view_kind(), ViewKind::Softmax);
    app.update(Action::BackOp); // dec.1.cross_attn.masked: no weights
    app.update(Action::ProbeView);
    assert!(app.status().contains("attention weights"), "{}", app.status());
}

/// A question answered right, then the run changes (the learner's own sentence): the screen does
/// not call the old answer right for the new run; it says it was right on another run and gives
/// the answer here.
#[test]
fn an_answer_right_on_another_run_is_not_shown_as_right_on_this_one() {
    let mut app = app();
    let expected = app.expected_answer().unwrap();
    app.update(Action::Answer);
    for c in expected.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Answer);
    assert!(matches!(app.attempt(), Attempt::Right { .. }));
    assert!(screen(&app).contains(&format!("✓ right: {expected}")));
    app.set_sentences("猫追老鼠 ; 你有猫吗", None).expect("the sentences run");
    let now = app.expected_answer().unwrap();
    assert_ne!(now, expected, "the new run gives another answer");
    let text = screen(&app);
    assert!(text.contains("answered right on another run") && text.contains(&now), "{now}: {text}");
    assert!(!text.contains("✓ right:"), "{text}");
}

/// Beside a what-if that changes the architecture (no 1/√d_k), the ablation view's variant side
/// shows the variant's weights: an ablation there would be built on the taught architecture.
#[test]
fn an_ablation_beside_an_architecture_what_if_shows_the_variants_weights() {
    use transformer_tutor::explore::Variant;
    use transformer_tutor::lesson::ViewKind;
    let mut app = app();
    app.update(Action::ProbeView);
    app.update(Action::ProbeView);
    assert_eq!(app.view_kind(), ViewKind::Ablation);
    app.pin_what_if(Some(Variant::NoScale));
    let w = app.what_if_view().expect("the what-if is on");
    let other = w.other.as_ref().expect("the variant runs");
    assert_eq!(other.kind, ViewKind::Softmax, "{}", other.title);
    app.pin_what_if(Some(Variant::Untrained));
    let w = app.what_if_view().expect("the what-if is on");
    let other = w.other.as_ref().expect("the untrained model runs");
    assert_eq!(other.kind, ViewKind::Ablation, "the same architecture, other weights: {}", other.title);
}

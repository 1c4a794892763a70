//! Every lesson runs on a loaded model and its prose stays true there (issue 38 §1, `--model`):
//! on the shipped tiny Marian (d_model 36, 3 heads, d_ff 72, 2 + 3 layers, SiLU, positions in
//! halves, `<pad>` as the start token), every built-in lesson loads with every fact filled in
//! from that model (none refused, none left out), its literal prose states none of the tutor
//! model's sizes where the Marian's differ, every number, row of ids and shape it quotes is on
//! its screen, in both languages, on the lesson's sentences and on a learner's, and every
//! question has an answer the learner can type.

mod common;

use common::any_model::{lesson_size_claims, size_claims};
use common::on_screen::{Sentences, lesson_misses, missing};

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lang::Lang;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::lesson::question::is_right;
use transformer_tutor::model::Weights;
use transformer_tutor::setup::{WeightSource, shipped_marian_dir};

/// The lessons whose prose is checked against the tiny Marian's screens here: all of them.
const COVERED: [&str; 16] = [
    "why-attention",
    "workflow",
    "tokens",
    "embedding",
    "positional",
    "attention",
    "masks",
    "add-norm",
    "encoder",
    "decoder",
    "output",
    "learning",
    "whole-model",
    "real-translator",
    "probes",
    "pitfalls",
];

/// A learner's sentence, as tests/prose_on_screen.rs walks the real-translator lesson with.
const LEARNER: &str = "我有一只狗";

fn marian() -> Arc<Weights> {
    Arc::new(WeightSource::Marian(shipped_marian_dir()).load().expect("the shipped tiny Marian loads"))
}

fn covered(catalog: &Catalog) -> Vec<transformer_tutor::lesson::Lesson> {
    catalog.lessons.iter().filter(|l| COVERED.contains(&l.id.as_str())).cloned().collect()
}

/// Every built-in lesson loads on the Marian: a fact the model cannot fill in is refused when the
/// lesson loads, never shown as a dash.
#[test]
fn every_lesson_loads_on_the_tiny_marian() {
    let trained = Arc::new(WeightSource::Trained.load().unwrap());
    let all = Catalog::built_in(&trained).unwrap().lessons.len();
    let catalog = Catalog::built_in(&marian()).expect("every built-in lesson loads on the tiny Marian");
    assert_eq!(catalog.lessons.len(), all, "every lesson");
}

#[test]
fn the_prose_states_none_of_the_tutor_models_sizes_where_the_marians_differ() {
    let tutor = WeightSource::Trained.load().unwrap().config;
    let weights = marian();
    let catalog = Catalog::built_in(&weights).unwrap();
    let mut claims = Vec::new();
    for lesson in covered(&catalog) {
        claims.extend(lesson_size_claims(&lesson, &tutor, &weights.config));
    }
    assert!(claims.is_empty(), "{} size(s) of the tutor's model written out:\n{}", claims.len(), claims.join("\n"));
}

/// The size check finds the tutor's sizes written out, in either language, and leaves alone a
/// number the loaded model shares, a decimal and a fact's own value.
#[test]
fn the_size_check_finds_the_tutors_sizes() {
    let tutor = WeightSource::Trained.load().unwrap().config;
    let loaded = marian().config.clone();
    let found = size_claims(
        "q·kᵀ/√8, with 4 heads of d_k = 32/4 = 8; eight features; a 64-wide FFN; two decoder layers; 0.32",
        &tutor,
        &loaded,
    );
    assert_eq!(found.len(), 6, "{found:#?}");
    // the Marian has 2 encoder layers too: that count is true on it
    assert!(size_claims("2 encoder layers", &tutor, &loaded).is_empty());
    let zh = size_claims("四个头，每个头 8 维；两个编码器层", &tutor, &loaded);
    assert_eq!(zh.len(), 2, "{zh:#?}");
    assert!(size_claims("3 heads of d_k = 12, √36", &loaded, &loaded).is_empty());
}

/// A weight the prose gives to two places is on a screen that lists it to three (the softmax view's
/// bars, when the row has too many keys for its grid), and only when the third place rounds to it.
#[test]
fn a_two_place_weight_is_on_screen_with_a_third_place() {
    let s = &Sentences { src: "我".into(), tgt: "<bos> I <eos>".into() };
    assert!(missing("it weights `▁I` most (0.67)", "▁I  ██  0.667", s).is_empty());
    assert_eq!(missing("(0.67)", "0.676", s), vec!["number 0.67"]);
    assert_eq!(missing("(0.67)", "0.6667", s), vec!["number 0.67"]);
    assert_eq!(missing("(0.67)", "-0.667", s), vec!["number 0.67"]);
}

/// Every beat of every covered lesson at 120x40 on the Marian, in both languages, on the lesson's
/// own sentences: what the prose quotes is on screen, every question's answer can be typed, and no
/// fact says it is not in the lesson's own sentences.
#[test]
fn every_beat_is_true_on_the_tiny_marians_screens() {
    let misses = walk(None);
    assert!(misses.is_empty(), "{} miss(es) on the tiny Marian:\n{}", misses.len(), misses.join("\n"));
}

/// The same on a learner's sentence (a test of its own, so the two walks run side by side).
#[test]
fn every_beat_is_true_on_the_tiny_marians_screens_on_a_learners_sentence() {
    let misses = walk(Some(LEARNER));
    assert!(misses.is_empty(), "{} miss(es) on the tiny Marian:\n{}", misses.len(), misses.join("\n"));
}

/// Every covered lesson's beats on the Marian, on its own sentences or on `own`: the quoted items
/// off screen, the questions without a typeable answer, the facts not in the lesson's sentences.
fn walk(own: Option<&str>) -> Vec<String> {
    let weights = marian();
    let catalog = Catalog::built_in(&weights).unwrap();
    let absent =
        transformer_tutor::lang::with(Lang::En, || transformer_tutor::strings::FACT_NOT_IN_SENTENCES.to_string());
    let on = own.unwrap_or("its own sentences");
    let mut misses = Vec::new();
    for lesson in covered(&catalog) {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        if let Some(s) = own {
            app.set_sentences(s, None).expect("the learner's sentence runs on the Marian");
        }
        misses.extend(lesson_misses(&mut app, 120, 40).into_iter().map(|m| format!("{on}: {m}")));
        // in English (a fact's value and an answer are the same in both languages)
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            if own.is_none() && app.plain_text_of_beat(beat).contains(absent.as_str()) {
                misses.push(format!("{} beat {}: a fact not in its own sentences", lesson.id, beat + 1));
            }
            if app.question().is_none() {
                continue;
            }
            let expected = app.expected_answer().unwrap_or_default();
            // on a learner's one sentence a fact about a second sentence (patching copies from
            // row 1) is not in it, and says so; on the lesson's own sentences every answer is there
            let absent_here = own.is_none() && expected.contains(absent.as_str());
            if expected.trim().is_empty() || absent_here || !is_right(&expected, &expected) {
                misses.push(format!(
                    "{on}: {} beat {}: the question cannot be answered: {expected:?}",
                    lesson.id,
                    beat + 1
                ));
            }
        }
    }
    misses
}

/// The learning lesson's finite-difference check agrees with the backward pass on the tiny
/// Marian too (the f64 reference forward is the tutor's architecture: on a loaded translator the
/// check uses the program's own float32 forward).
#[test]
fn the_finite_difference_agrees_with_the_backward_pass_on_the_marian() {
    let weights = Arc::new(WeightSource::Marian(shipped_marian_dir()).load().unwrap());
    let learning = Catalog::built_in(&weights).unwrap().get("learning").unwrap().clone();
    let app = App::new(learning, weights).unwrap();
    let step = transformer_tutor::model::one_step::for_op(app.full(), "logits").expect("a step of the output Linear");
    let relative = (step.estimate - step.grad as f64).abs() / (step.grad as f64).abs();
    assert!(relative < 0.02, "backward {} vs finite difference {} ({relative})", step.grad, step.estimate);
}

/// A beat's prose on the Marian in `lang`, on the lesson's sentences or on `own`.
fn marian_prose(weights: &Arc<Weights>, lesson: &str, beat: usize, own: Option<&str>, lang: Lang) -> String {
    let catalog = Catalog::built_in(weights).unwrap();
    let mut app = App::new(catalog.get(lesson).unwrap().clone(), weights.clone()).unwrap();
    if let Some(s) = own {
        app.set_sentences(s, None).unwrap();
    }
    app.go_to_beat(beat - 1);
    transformer_tutor::lang::with(lang, || app.plain_text_of_beat(beat - 1))
}

/// The statements the second read of every beat on the tiny Marian found false (read38, F1–F9),
/// each now true of the run: on the Marian, on the learner's sentence, in both languages.
#[test]
fn the_statements_read38_found_false_are_true_on_the_marian() {
    let weights = marian();
    let absent =
        |lang| transformer_tutor::lang::with(lang, || transformer_tutor::strings::FACT_NOT_IN_SENTENCES.to_string());
    for lang in [Lang::En, Lang::Zh] {
        // F1: the row the embedding beat names is in the learner's sentence
        let text = marian_prose(&weights, "embedding", 2, Some(LEARNER), lang);
        assert!(!text.contains(&absent(lang)) && text.contains("▁我有"), "{text}");
        // F5: the learner's target repeats no piece; the prose does not point at two rows
        let text = marian_prose(&weights, "positional", 10, Some(LEARNER), lang);
        assert!(
            !text.contains("its two rows here are identical") && !text.contains("它在这里的两行一模一样"),
            "{text}"
        );
        // F6: the Marian's target has no `ids != pad` mask, and its first `<pad>` is the start token
        for own in [None, Some(LEARNER)] {
            let text = marian_prose(&weights, "tokens", 4, own, lang);
            assert!(
                !text.contains("The `<pad>` positions carry no meaning")
                    && !text.contains("`<pad>` 所在的位置不带任何意义"),
                "{text}"
            );
        }
        // F2: without `--src` the target is the lesson's, not the model's translation
        let text = marian_prose(&weights, "real-translator", 2, None, lang);
        assert!(
            !text.contains("the target below is the model's own translation")
                && !text.contains("下面的目标句就是模型自己的译文"),
            "{text}"
        );
        // F4: the no-causal what-if does not say row 2 weights its label (head 0 gives it 0.000)
        let text = marian_prose(&weights, "masks", 10, None, lang);
        assert!(!text.contains("now gives weight to") && !text.contains("现在把权重分给了"), "{text}");
    }
    // F5 the other way: the lesson's own target repeats pieces, and the prose points at them
    let text = marian_prose(&weights, "positional", 10, None, Lang::En);
    assert!(text.contains("its two rows here are identical"), "{text}");
}

/// F7 and F9: the pipeline's gloss of `tgt.mask` names no target padding on the Marian, and a
/// what-if whose every probability is NaN changes every prediction (a NaN row's argmax falls
/// back to id 0, `</s>`, which is not the taught `</s>`), the start position's included.
#[test]
fn the_marians_pipeline_and_nan_predictions_say_what_the_run_holds() {
    let weights = marian();
    let catalog = Catalog::built_in(&weights).unwrap();
    let mut app = App::new(catalog.get("workflow").unwrap().clone(), weights.clone()).unwrap();
    app.go_to_beat(2);
    let (_, view) = common::on_screen::screen_parts(&app, 120, 40);
    assert!(view.contains("causal; no target padding mask") && !view.contains("padding AND causal"), "{view}");
    let mut app = App::new(catalog.get("pitfalls").unwrap().clone(), weights).unwrap();
    app.go_to_beat(9);
    let (_, view) = common::on_screen::screen_parts(&app, 160, 60);
    let line = view.lines().find(|l| l.contains("predictions change")).unwrap_or_else(|| panic!("{view}"));
    let line = &line[line.find(|c: char| c.is_ascii_digit()).unwrap()..];
    let counts: Vec<&str> = line.split_whitespace().take(3).collect();
    assert_eq!(counts[0], counts[2], "every prediction changes when every probability is NaN: {line}");
    assert!(line.contains("pos 0"), "the start token's row predicts too: {line}");
}

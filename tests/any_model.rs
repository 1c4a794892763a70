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
    // the app's language is the one current when it is made
    let mut app =
        transformer_tutor::lang::with(lang, || App::new(catalog.get(lesson).unwrap().clone(), weights.clone()))
            .unwrap();
    if let Some(s) = own {
        app.set_sentences(s, None).unwrap();
    }
    app.go_to_beat(beat - 1);
    app.plain_text_of_beat(beat - 1)
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
        the_target_is_the_models_translation_only_where_the_prose_says_so(&weights, lang);
        row_2_reads_its_label_in_the_what_if_as_the_prose_says(&weights, lang);
    }
    // U2: the reordered source (positional beats 2, 8, 9) reverses the sentence's pieces and keeps
    // `</s>` last, on the lesson's sentences and on the learner's
    let catalog = Catalog::built_in(&weights).unwrap();
    for own in [None, Some(LEARNER)] {
        let mut app = App::new(catalog.get("positional").unwrap().clone(), weights.clone()).unwrap();
        if let Some(s) = own {
            app.set_sentences(s, None).unwrap();
        }
        app.go_to_beat(1);
        assert!(app.shows_reordered_for_now(), "{own:?}");
        let src = &app.setup().src_ids;
        let real = |b: usize| -> Vec<usize> {
            src.row(b).iter().copied().filter(|&id| id != weights.config.pad_idx).collect()
        };
        let (first, second) = (real(0), real(1));
        let eos = weights.config.conventions.eos_id;
        assert_eq!((first.last(), second.last()), (Some(&eos), Some(&eos)), "{own:?}: {first:?} / {second:?}");
        let (mut a, mut b) = (first.clone(), second.clone());
        a.sort_unstable();
        b.sort_unstable();
        assert!(a == b && first != second, "{own:?}: the same tokens in another order: {first:?} / {second:?}");
    }
    // F5 the other way: the lesson's own target repeats pieces, and the prose points at them
    let text = marian_prose(&weights, "positional", 10, None, Lang::En);
    assert!(text.contains("its two rows here are identical"), "{text}");
}

/// Each batch row's target words (its start token and its `</s>` and padding cut off) and the
/// Marian's greedy translation of its source.
fn targets_and_translations(app: &App, weights: &Arc<Weights>) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let setup = app.setup();
    let c = &weights.config;
    let target = |row: ndarray::ArrayView1<usize>| {
        let mut words: Vec<usize> = row.iter().skip(1).copied().collect();
        while words.last().is_some_and(|&id| id == c.pad_idx || id == c.conventions.eos_id) {
            words.pop();
        }
        words
    };
    let targets = setup.tgt_ids.rows().into_iter().map(target).collect();
    (targets, transformer_tutor::model::decode::greedy(weights, &setup.src_ids).words)
}

/// F2: real-translator beat 2 says that given a source and no target the tutor takes the model's
/// own translation as the target: on the learner's sentence the target row is the model's greedy
/// translation, word for word. On the lesson's sentences it is not (the lesson's target is its
/// own), and the prose calls a target the model's translation only in that one conditional
/// sentence.
fn the_target_is_the_models_translation_only_where_the_prose_says_so(weights: &Arc<Weights>, lang: Lang) {
    let (conditional, named) = match lang {
        Lang::En => ("Given a source of your own and no target", "model's own translation"),
        Lang::Zh => ("如果你给了自己的源句而没给目标句", "模型自己的译文"),
    };
    let catalog = Catalog::built_in(weights).unwrap();
    let lesson = catalog.get("real-translator").unwrap().clone();
    let mut app = transformer_tutor::lang::with(lang, || App::new(lesson, weights.clone())).unwrap();
    app.go_to_beat(1);
    let text = app.plain_text_of_beat(1);
    let sentences: Vec<&str> = text.split(['.', '。', ';', '；']).filter(|s| s.contains(named)).collect();
    assert!(!sentences.is_empty(), "the prose says where the target comes from: {text}");
    for sentence in sentences {
        assert!(sentence.trim_start().starts_with(conditional), "an unconditional claim: {sentence:?} in {text}");
    }
    let (targets, translations) = targets_and_translations(&app, weights);
    assert_ne!(targets, translations, "the lesson's own target is not the model's translation");
    app.set_sentences(LEARNER, None).unwrap();
    app.go_to_beat(1);
    let (targets, translations) = targets_and_translations(&app, weights);
    assert!(!translations[0].is_empty());
    assert_eq!(targets, translations, "given a source and no target, the target is the model's translation");
}

/// F4: masks beat 10's what-if (no causal mask) on the lesson's sentences: the prose names row 2's
/// token and its label (the next target token), says that no weight from the label on is forced
/// to 0 and that the `<pad>` keys it lists are open too. In the run: the taught mask fills those
/// scores with −1e9 and the what-if's does not; on screen, the label's line in row 2's bars is
/// marked masked on the taught side and not on the what-if side.
fn row_2_reads_its_label_in_the_what_if_as_the_prose_says(weights: &Arc<Weights>, lang: Lang) {
    let catalog = Catalog::built_in(weights).unwrap();
    let lesson = catalog.get("masks").unwrap().clone();
    let mut app = transformer_tutor::lang::with(lang, || App::new(lesson, weights.clone())).unwrap();
    app.go_to_beat(9);
    let text = app.plain_text_of_beat(9);
    let setup = app.setup();
    let b = transformer_tutor::lesson::facts::markers::shortest_row(&setup.tgt_ids, weights.config.pad_idx);
    let word = |p: usize| setup.tgt_vocab().word(setup.tgt_ids[[b, p]]);
    let (row, label) = (word(2), word(3));
    let claim = match lang {
        Lang::En => format!("Row 2, `{row}`, can now read `{label}`, its own label, and every real token after it"),
        Lang::Zh => format!("第 2 行 `{row}` 现在能读到它自己的标签 `{label}`"),
    };
    assert!(text.contains(&claim), "{claim:?} in {text}");
    let pads: Vec<String> = (1..setup.tgt_ids.ncols())
        .filter(|&p| setup.tgt_ids[[b, p]] == weights.config.pad_idx)
        .map(|p| p.to_string())
        .collect();
    assert!(pads.len() > 1, "the lesson's shortest target is padded, at several positions");
    let open = match lang {
        Lang::En => format!("its `<pad>` keys, {}, are open too", pads.join(", ")),
        Lang::Zh => format!("它的各个 `<pad>` 键（{}）也都是开着的", pads.join(", ")),
    };
    assert!(text.contains(&open), "{open:?} in {text}");
    let what_if = app.what_if().expect("the beat's what-if runs").run.as_ref().expect("it builds");
    let masked = |run: &transformer_tutor::model::Run, k: usize| {
        run.get("dec.0.self_attn.masked").expect("computed")[[b, 0, 2, k]] // (B, H, T, T)
    };
    for k in 3..setup.tgt_ids.ncols() {
        assert!(masked(app.full(), k) <= -1e8, "the taught mask hides key {k}");
        assert!(masked(what_if, k) > -1e8, "key {k} is not forced to 0 in the what-if");
    }
    let (_, view) = common::on_screen::screen_parts(&app, 160, 60);
    let bars = view.find(&format!("▶ {row} ·")).unwrap_or_else(|| panic!("row 2's bars: {view}"));
    let line = view[bars..]
        .lines()
        .map(|l| l.trim_start_matches('│'))
        .find(|l| l.starts_with(&format!("{label} ")) && l.contains('│'))
        .unwrap_or_else(|| panic!("row 2's bar for {label}: {view}"));
    let (taught, changed) = line.split_once('│').unwrap();
    assert!(taught.contains('✕') && !changed.contains('✕'), "{line}");
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

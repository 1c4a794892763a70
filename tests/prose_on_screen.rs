//! What the learner reads is what the learner sees. Every beat of every built-in lesson, drawn at
//! 120x40 under three runs (the trained weights, random weights, and a learner's own sentence):
//! every decimal, row of token ids, shape, character of the lesson's source and backticked word of its target that
//! the prose, the answer, the hint or the explanation quotes is on the rest of the screen, and so is
//! every backticked operation or stage the focused text view lists. At 80x24 too, but for an
//! explicit list of exceptions, each with its reason.
//! (`examples/lesson_check.rs` prints the same misses for a teacher's lesson directory.)

mod common;

use common::on_screen::{Sentences, lesson_misses, missing};

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::Weights;
use transformer_tutor::model::config::Preset;
use transformer_tutor::setup::WeightSource;

/// Learners' sentences: a word the lessons do not use, note 003's pair in one order, a character
/// the corpus lacks, two sentences of different lengths, and a sentence longer than any
/// lesson's, 13 characters: more keys than a softmax grid holds with numbers, so the grid shows
/// a window of keys opened on the quoted ones (`ui::views::softmax_rows::key_window`).
const OWN_SENTENCES: [&str; 5] = ["我有一只狗", "猫追老鼠", "我有一只龘", "我有一只狗;你好", LONG_SENTENCE];

/// A sentence longer than any lesson's: 13 keys, more than a softmax grid holds with numbers.
const LONG_SENTENCE: &str = "我们明天早上去公园散步吧。";

fn misses_under(weights: Arc<Weights>, own: Option<&str>) -> Vec<String> {
    misses_at(weights, own, 120, 40)
}

fn misses_at(weights: Arc<Weights>, own: Option<&str>, width: u16, height: u16) -> Vec<String> {
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut out = Vec::new();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        if let Some(s) = own {
            app.set_sentences(s, None).expect("the sentence runs");
        }
        out.extend(lesson_misses(&mut app, width, height));
    }
    out
}

#[test]
fn every_quoted_item_is_on_screen_with_the_trained_weights() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let misses = misses_under(weights, None);
    assert!(misses.is_empty(), "quoted but not on screen:\n{}", misses.join("\n"));
}

#[test]
fn every_quoted_item_is_on_screen_with_random_weights() {
    let weights = Arc::new(WeightSource::Seeded { preset: Preset::Tutor, seed: 0 }.load().unwrap());
    let misses = misses_under(weights, None);
    assert!(misses.is_empty(), "quoted but not on screen:\n{}", misses.join("\n"));
}

#[test]
fn every_quoted_item_is_on_screen_on_a_learners_own_sentence() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    for sentence in OWN_SENTENCES {
        let misses = misses_under(weights.clone(), Some(sentence));
        assert!(misses.is_empty(), "on {sentence}, quoted but not on screen:\n{}", misses.join("\n"));
    }
}

/// What 80x24 cannot show of what a beat quotes, with why: (lesson, beat, the kind of quote as
/// the check names it, the reason). The compact layout gives the view nine rows and the shape
/// trace two; a text view opens on its ▶ line and on what the prose quotes
/// (`app::screenful::reveal`), folded when those lie further apart than its pane is tall (each
/// run of lines skipped is one `⋯ N lines` line). Each exception must still be a miss (the list
/// cannot go stale).
const SMALL_SCREEN_EXCEPTIONS: &[(&str, usize, &str, &str)] = &[
    (
        "whole-model",
        1,
        "shape",
        "on a learner's sentences the status bar takes a second line and leaves the pipeline eight rows: the ▶ stage, \
         both rows of ids and `tgt.mask` with a `⋯` line between each need nine (↓ shows it)",
    ),
    (
        "whole-model",
        1,
        "op",
        "on a learner's sentences the pipeline has eight rows: `tgt.mask` is the ninth of the fold (↓ shows it)",
    ),
    (
        "decoder",
        7,
        "number",
        "on the 13-character sentence the grid has room for three of the eight query rows, the ▶ row (`to`) \
         and its neighbours; the prose also quotes rows 0 and 1, which the rows' marker counts above (↑ selects them)",
    ),
];

/// At the smallest screen the tutor draws, 80x24 (the compact layout: prose above the view),
/// every quoted item is on screen too, on the lessons' own sentences, on a learner's two and on
/// the 13-character one, but
/// for the exceptions above.
#[test]
fn every_quoted_item_is_on_screen_at_80x24() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let mut misses = Vec::new();
    for own in [None, Some("我有一只狗;你好"), Some(LONG_SENTENCE)] {
        misses.extend(misses_at(weights.clone(), own, 80, 24).into_iter().map(|m| (own, m)));
    }
    let excepted = |m: &str| {
        SMALL_SCREEN_EXCEPTIONS.iter().position(|(lesson, beat, what, _)| {
            m.starts_with(&format!("{lesson} beat {beat} ")) && m.contains(&format!("): {what} "))
        })
    };
    let unexpected: Vec<String> =
        misses.iter().filter(|(_, m)| excepted(m).is_none()).map(|(own, m)| format!("{own:?} {m}")).collect();
    assert!(
        unexpected.is_empty(),
        "at 80x24, {} quoted but not on screen:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    let stale: Vec<String> = SMALL_SCREEN_EXCEPTIONS
        .iter()
        .enumerate()
        .filter(|(i, _)| !misses.iter().any(|(_, m)| excepted(m) == Some(*i)))
        .map(|(_, (lesson, beat, what, _))| format!("{lesson} beat {beat}: {what}"))
        .collect();
    assert!(stale.is_empty(), "excepted but on screen now, drop from SMALL_SCREEN_EXCEPTIONS:\n{}", stale.join("\n"));
}

/// The real-translator lesson on the shipped tiny Marian (the model it runs without --model), in
/// both languages and on a learner's sentence: every quoted item is on its screen there too.
#[test]
fn the_real_translator_lesson_quotes_only_what_the_tiny_marian_shows() {
    let weights = Arc::new(WeightSource::Marian(transformer_tutor::setup::shipped_marian_dir()).load().unwrap());
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load on the tiny Marian");
    let lesson = catalog.lessons.iter().find(|l| l.id == "real-translator").expect("the lesson").clone();
    for lang in [transformer_tutor::lang::Lang::En, transformer_tutor::lang::Lang::Zh] {
        for own in [None, Some("我有一只狗")] {
            let misses = transformer_tutor::lang::with(lang, || {
                let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
                if let Some(s) = own {
                    app.set_sentences(s, None).expect("the sentence runs");
                }
                lesson_misses(&mut app, 120, 40)
            });
            assert!(misses.is_empty(), "{lang:?} {own:?}: quoted but not on screen:\n{}", misses.join("\n"));
        }
    }
}

/// The check itself finds what it should: a number, a row of ids, a shape, a sentence character and a
/// sentence word that are off screen, and nothing that is on it.
#[test]
fn the_check_finds_what_is_off_screen() {
    let lesson = &Sentences { src: "我有一只猫".into(), tgt: "<bos> I have a cat <eos>".into() };
    let screen = "row ▶ have  0.754  .19  (2, 4, 7, 7)  我 有  I have";
    let prose = "`have` puts 0.754 and 0.19 on `I`, shape (2, 4, 7, 7); 我 and 有 and 猫; `cat`; 0.40; §5.2";
    let found = missing(prose, screen, lesson);
    assert_eq!(found, vec!["character 猫", "number 0.40", "word `cat`"], "{found:?}");
    // a longer number on screen does not show a shorter one, nor a number of the other sign
    assert_eq!(missing("0.4", "0.45", lesson), vec!["number 0.4"]);
    assert_eq!(missing("−0.18 and 0.5", "0.18 and -0.5", lesson), vec!["number -0.18", "number 0.5"]);
    assert!(missing("−0.18 and +0.5", "-0.18 and +0.5", lesson).is_empty());
    // a row of ids shows as that row, with any spacing, and not as a longer or shorter row
    assert!(missing("source ids 9 20 57 0 0.", "row 1:  9  20  57  0  0", lesson).is_empty());
    assert_eq!(missing("ids 9 20 57 0 0", "row 1: 9 20 57 0", lesson), vec!["ids 9 20 57 0 0"]);
    assert_eq!(missing("ids 2 74 19 3", "12 74 19 3", lesson), vec!["ids 2 74 19 3"]);
    // Chinese prose: its own Han characters are prose; what it quotes of the sentence must show
    let zh = "这一行读“我有”，权重 0.754；整句我有一只猫也在；「猫」不在屏幕上。";
    let found = common::on_screen::missing_in(zh, screen, lesson, transformer_tutor::lang::Lang::Zh);
    assert_eq!(found, vec!["character 一", "character 只", "character 猫"], "{found:?}");
}

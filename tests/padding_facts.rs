//! The facts and fields that keep prose about padding true on any sentences: `{pad-positions}`,
//! `{padded-len}`, `{shortest}`, `{sentences}`, `batch=shortest-src|shortest-tgt`, `row=last` and
//! `{if-padded …}…{else}…{end}`, filled in on the lesson's sentences, on two learner's sentences of
//! different lengths, and on one learner's sentence (nothing padded); and the mistakes refused.

mod bilingual_lessons;

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lesson::Lesson;
use transformer_tutor::model::{Preset, Weights};

fn weights() -> Arc<Weights> {
    Arc::new(transformer_tutor::setup::seeded(Preset::Tutor, 0))
}

fn lesson(beats: &str) -> Result<Lesson, String> {
    let text = format!(
        r#"id = "pads"
title = "Pads"
order = 3
summary = "Padding"
src = "我有一只猫 ; 你有猫吗"
tgt = "<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>"
format = 1
{beats}"#
    );
    let (text, _) = bilingual_lessons::with_chinese(&text);
    transformer_tutor::lesson::load::load_lesson("lessons/pads.toml", &text, &weights()).map_err(|e| e.to_string())
}

const SRC_BEAT: &str = r#"[[beat]]
op = "src.mask"
view = "mask"
batch = "shortest-src"
text = "T={padded-len side=src} B={sentences} short={shortest side=src} pads={pad-positions side=src batch=shortest-src} {if-padded side=src batch=shortest-src}padded{else}unpadded{end}."
"#;

const TGT_BEAT: &str = r#"[[beat]]
op = "tgt.mask"
view = "mask"
batch = "shortest-tgt"
row = "last"
text = "short={shortest side=tgt} hidden={masked-keys tgt.mask row=last batch=shortest-tgt} {if-padded side=tgt}some{end}."
"#;

fn texts(own: Option<&str>) -> (String, String, usize, usize) {
    let lesson = lesson(&format!("{SRC_BEAT}\n{TGT_BEAT}")).expect("the lesson loads");
    let mut app = App::new(lesson, weights()).unwrap();
    if let Some(s) = own {
        app.set_sentences(s, None).unwrap();
    }
    app.go_to_beat(0);
    let (src, src_batch) = (app.beat_text(), app.selection().batch);
    app.go_to_beat(1);
    (src, app.beat_text(), src_batch, app.selection().batch)
}

#[test]
fn on_the_lessons_sentences_the_short_rows_are_named() {
    let (src, tgt, src_batch, tgt_batch) = texts(None);
    assert_eq!(src, "T=5 B=2 short=1 pads=4 padded.");
    assert_eq!(src_batch, 1, "the beat opens on the shorter source");
    // sentence 0's target `<bos> I have a cat <eos>` is padded at 6 and 7; its last row hides both
    assert_eq!(tgt, "short=0 hidden=6, 7 some.");
    assert_eq!(tgt_batch, 0);
}

#[test]
fn on_two_learners_sentences_the_shorter_one_is_named() {
    let (src, _, src_batch, _) = texts(Some("你好 ; 我有一只狗"));
    assert_eq!(src, "T=5 B=2 short=0 pads=2, 3, 4 padded.");
    assert_eq!(src_batch, 0);
}

#[test]
fn on_one_sentence_nothing_is_padded_and_the_prose_says_so() {
    let (src, tgt, src_batch, tgt_batch) = texts(Some("我有一只狗"));
    assert_eq!(src, "T=5 B=1 short=0 pads=none unpadded.");
    assert!(tgt.starts_with("short=0 hidden=none") && tgt.ends_with(" ."), "{tgt}");
    assert_eq!((src_batch, tgt_batch), (0, 0));
}

#[test]
fn unbalanced_passages_and_unknown_markers_are_refused() {
    let beat = |text: &str| format!("[[beat]]\nop = \"src.mask\"\nview = \"mask\"\ntext = \"{text}\"\n");
    for (text, needle) in [
        ("{if-padded side=src}open", "no `{end}`"),
        ("{else}x", "outside"),
        ("{end}", "outside"),
        // passages nest, but each needs its own `{end}`
        ("{if-padded side=src}a{if-padded side=tgt}b{end}", "no `{end}`"),
        ("{if-padded side=src}a{else}b{else}c{end}", "second `{else}`"),
        ("{if-padded}a{end}", "side="),
        ("{pad-positions side=src batch=longest}", "not a number"),
    ] {
        let e = lesson(&beat(text)).expect_err(text);
        assert!(e.contains(needle), "{text}: {e}");
    }
    let e = lesson("[[beat]]\nop = \"src.mask\"\nview = \"mask\"\nbatch = \"longest\"\ntext = \"x\"\n").unwrap_err();
    assert!(e.contains("shortest-src"), "{e}");
    let e = lesson("[[beat]]\nop = \"tgt.mask\"\nview = \"mask\"\nrow = \"first\"\ntext = \"x\"\n").unwrap_err();
    assert!(e.contains("\"last\""), "{e}");
}

/// `{if-repeated side=S batch=B}`: the first part where sentence B holds a token twice, `<pad>`
/// not counted (the lesson's first target is padded with two), and refused without `batch=`.
#[test]
fn a_repeated_token_passage_follows_the_sentence() {
    let beat = "[[beat]]\nop = \"tgt.embed\"\nview = \"tokens\"\ntext = \"{if-repeated side=tgt batch=0}twice{else}once{end}.\"\n";
    let mut app = App::new(lesson(beat).expect("the lesson loads"), weights()).unwrap();
    app.go_to_beat(0);
    assert_eq!(app.beat_text(), "once.", "`<bos> I have a cat <eos> <pad> <pad>` repeats only `<pad>`");
    app.set_sentences("我有一只猫", Some("<bos> a cat a cat <eos>")).unwrap();
    app.go_to_beat(0);
    assert_eq!(app.beat_text(), "twice.");
    let e = lesson(&beat.replace(" batch=0", "")).expect_err("no batch");
    assert!(e.contains("if-repeated"), "{e}");
}

/// `{if-one-pad side=S batch=B}`: a built-in beat names one `<pad>` in the singular and two in
/// the plural, in both languages (masks beat 12 on the shortest source: one pad after 你有猫吗,
/// two after 有猫吗).
#[test]
fn one_pad_reads_in_the_singular_and_two_in_the_plural() {
    use transformer_tutor::lang::{Lang, with};
    let weights = weights();
    let catalog = transformer_tutor::lesson::Catalog::built_in(&weights).unwrap();
    // the app's language is the one current when it is made
    let app_in = |lang| with(lang, || App::new(catalog.get("masks").unwrap().clone(), weights.clone())).unwrap();
    let (mut en_app, mut zh_app) = (app_in(Lang::En), app_in(Lang::Zh));
    let cases = [
        (
            "我有一只猫 ; 你有猫吗",
            "The `<pad>` key, position 4, is exactly 0 in every row, even in the `<pad>` query row itself.",
            "`<pad>` 键（位置 4）在每一行都正好是 0，连 `<pad>` 自己作为查询的那一行也是如此。",
        ),
        (
            "我有一只猫 ; 有猫吗",
            "The `<pad>` keys, positions 3, 4, are exactly 0 in every row, even in the `<pad>` query rows themselves.",
            "各个 `<pad>` 键（位置 3, 4）在每一行都正好是 0，连 `<pad>` 自己作为查询的那几行也是如此。",
        ),
    ];
    for (src, en, zh) in cases {
        for (app, want) in [(&mut en_app, en), (&mut zh_app, zh)] {
            app.set_sentences(src, None).unwrap();
            app.go_to_beat(11);
            let text = app.plain_text_of_beat(11);
            assert!(text.contains(want), "{src}: {want:?} in {text}");
        }
    }
}

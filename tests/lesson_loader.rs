//! Lesson files: every kind of mistake a teacher can make is refused with the file, the line,
//! the field and what would be right; every built-in lesson loads.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use transformer_tutor::explore::Variant;
use transformer_tutor::lang::Lang;
use transformer_tutor::lesson::Lesson;
use transformer_tutor::lesson::{Catalog, LessonError, ViewKind};
use transformer_tutor::model::{Preset, Weights};

mod bilingual_lessons;

const FILE: &str = "lessons/tiny.toml";

/// Load an inline English lesson as the loader sees it with its Chinese (`bilingual_lessons`);
/// errors keep the English text's line numbers.
fn load_lesson(file: &str, text: &str, weights: &Arc<Weights>) -> Result<Lesson, LessonError> {
    let (text, inserted) = bilingual_lessons::with_chinese(text);
    transformer_tutor::lesson::load::load_lesson(file, &text, weights)
        .map_err(|e| bilingual_lessons::map_error(&inserted, e))
}

/// A catalog of inline English lessons, each with its Chinese; errors keep the English lines.
fn catalog_of(files: Vec<(String, String)>, weights: &Arc<Weights>) -> Result<Catalog, LessonError> {
    let made: Vec<(String, (String, Vec<usize>))> =
        files.into_iter().map(|(name, text)| (name, bilingual_lessons::with_chinese(&text))).collect();
    let texts = made.iter().map(|(name, (text, _))| (name.clone(), text.clone())).collect();
    Catalog::from_files(texts, weights).map_err(|e| {
        let inserted = made.iter().find(|(name, _)| *name == e.file).map(|(_, (_, i))| i.clone()).unwrap_or_default();
        bilingual_lessons::map_error(&inserted, e)
    })
}

/// A valid lesson. Line numbers matter to the tests below:
/// 1 id, 2 title, 3 order, 4 summary, 5 src, 6 tgt, 7 format, 8 [[beat]], 9 op, 10 view,
/// 11 batch, 12 head, 13 row, 14 text, 16 [[beat]], 17 op, 18 view, 19 text.
const BASE: &str = r#"id = "tiny"
title = "Tiny"
order = 3
summary = "A tiny lesson"
src = "我有一只猫 ; 你有猫吗"
tgt = "<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>"
format = 1
[[beat]]
op = "dec.0.self_attn.weights"
view = "softmax"
batch = 1
head = 2
row = 3
text = "Some words."

[[beat]]
op = "tgt.mask"
view = "mask"
text = "More words."
"#;

fn weights() -> Arc<Weights> {
    Arc::new(transformer_tutor::setup::seeded(Preset::Tutor, 0))
}

/// BASE with the first `from` replaced by `to` (which must be there, so a test cannot go stale).
fn edited(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "BASE does not contain {from:?}");
    BASE.replacen(from, to, 1)
}

/// Load `text` as `lessons/tiny.toml` and return the error it must give.
fn error_of(text: &str) -> LessonError {
    match load_lesson(FILE, text, &weights()) {
        Ok(lesson) => panic!("expected an error, but the lesson loaded: {lesson:?}"),
        Err(e) => e,
    }
}

/// The error names this file, this line and this field, and its message contains every `needle`.
#[track_caller]
fn assert_error(e: &LessonError, line: usize, field: &str, needles: &[&str]) {
    assert_eq!(e.file, FILE, "file of {e}");
    assert_eq!(e.line, line, "line of {e}");
    assert_eq!(e.field, field, "field of {e}");
    for needle in needles {
        assert!(e.message.contains(needle), "message of {e} should contain {needle:?}");
    }
    let shown = e.to_string();
    assert!(shown.starts_with(&format!("{FILE}:{line}: field `{field}`: ")), "display: {shown}");
}

fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("fixtures").join(name)
}

/// A fresh, empty directory under the system temp dir.
fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tt-lesson-loader-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---- the valid base ----

#[test]
fn base_lesson_loads_with_every_field() {
    let lesson = load_lesson(FILE, BASE, &weights()).unwrap();
    assert_eq!(lesson.id, "tiny");
    assert_eq!(lesson.title_in(Lang::En), "Tiny");
    assert_eq!(lesson.order, 3);
    assert_eq!(lesson.summary_in(Lang::En), "A tiny lesson");
    assert_eq!(lesson.file, FILE);
    assert_eq!(lesson.beats.len(), 2);
    let b = &lesson.beats[0];
    assert_eq!(b.op, "dec.0.self_attn.weights");
    assert_eq!(b.view, ViewKind::Softmax);
    assert_eq!((b.batch, b.head, b.row), (Some(1), Some(transformer_tutor::lesson::HeadChoice::One(2)), Some(3)));
    assert_eq!(b.what_if, None);
    assert_eq!(b.text_in(Lang::En), "Some words.");
    let b = &lesson.beats[1];
    assert_eq!((b.op.as_str(), b.view), ("tgt.mask", ViewKind::Mask));
    assert_eq!((b.batch, b.head, b.row), (None, None, None));
}

#[test]
fn what_if_mask_multiply_is_accepted() {
    let text = edited("row = 3\n", "row = 3\nwhat_if = \"multiply-mask\"\n");
    let lesson = load_lesson(FILE, &text, &weights()).unwrap();
    assert_eq!(lesson.beats[0].what_if, Some(Variant::MultipliedMask));
}

// ---- TOML-level mistakes ----

#[test]
fn toml_syntax_error_names_the_line() {
    let e = error_of(&edited("order = 3", "order = = 3"));
    assert_eq!(e.file, FILE);
    assert_eq!(e.line, 3, "{e}");
    assert_eq!(e.field, "order", "{e}");
    assert!(e.message.starts_with("not a valid lesson file: "), "{e}");
    assert!(e.message.contains('='), "{e}");
}

#[test]
fn unterminated_string_names_the_line() {
    let e = error_of(&edited("title = \"Tiny\"", "title = \"Tiny"));
    assert_eq!(e.file, FILE);
    assert_eq!(e.line, 2, "{e}");
    assert_eq!(e.field, "title", "{e}");
    assert!(e.message.starts_with("not a valid lesson file: "), "{e}");
}

#[test]
fn unknown_top_level_field_lists_the_known_ones() {
    let e = error_of(&edited("order = 3\n", "order = 3\nauthor = \"me\"\n"));
    assert_error(&e, 4, "author", &["unknown field `author`", "`title`", "`summary`", "`beat`"]);
}

#[test]
fn ideas_are_the_notes_fourteen_each_named_once() {
    let lesson = load_lesson(FILE, &edited("order = 3\n", "order = 3\nideas = [6, 7]\n"), &weights()).unwrap();
    assert_eq!(lesson.ideas, [6, 7]);
    let e = error_of(&edited("order = 3\n", "order = 3\nideas = [15]\n"));
    assert_error(&e, 4, "ideas", &["15 is not one of the notes' ideas 1..14", "lessons/FORMAT.md"]);
    let e = error_of(&edited("order = 3\n", "order = 3\nideas = [8, 8]\n"));
    assert_error(&e, 4, "ideas", &["idea 8 is named twice", "lessons/FORMAT.md"]);
}

#[test]
fn unknown_beat_field_lists_the_known_ones() {
    let e = error_of(&edited("row = 3\n", "row = 3\ncolour = \"red\"\n"));
    assert_error(&e, 14, "colour", &["unknown field `colour`", "`op`", "`view`", "`what_if`"]);
}

#[test]
fn missing_title_is_named() {
    let e = error_of(&edited("title = \"Tiny\"\n", ""));
    assert_error(&e, 1, "title", &["missing field `title`"]);
}

#[test]
fn missing_beat_op_is_named_at_its_beat() {
    // The second [[beat]] (line 16) loses its `op`.
    let e = error_of(&edited("op = \"tgt.mask\"\n", ""));
    assert_error(&e, 16, "op", &["missing field `op`"]);
}

#[test]
fn wrong_type_names_the_line_and_the_expected_type() {
    let e = error_of(&edited("order = 3", "order = \"eight\""));
    assert_eq!(e.file, FILE);
    assert_eq!(e.line, 3, "{e}");
    assert_eq!(e.field, "order", "{e}");
    assert!(e.message.contains("expected i64"), "{e}");
}

// ---- operations and views ----

#[test]
fn unknown_op_suggests_the_near_miss() {
    let e = error_of(&edited("op = \"tgt.mask\"", "op = \"dec.0.self_attn.mask\""));
    assert_error(
        &e,
        17,
        "op",
        &["no operation `dec.0.self_attn.mask`", "did you mean", "`transformer-tutor trace` lists them all"],
    );
    // The closest name comes first.
    let first = e.message.split("did you mean").nth(1).unwrap();
    let first = first.split('`').nth(1).unwrap();
    assert_eq!(first, "dec.0.self_attn.masked", "{e}");
}

#[test]
fn unknown_op_with_no_near_miss_points_to_trace() {
    let e = error_of(&edited("op = \"tgt.mask\"", "op = \"zzz\""));
    assert_error(&e, 17, "op", &["no operation `zzz`", "`transformer-tutor trace` lists them all"]);
    assert!(!e.message.contains("did you mean"), "{e}");
}

#[test]
fn unknown_view_lists_the_views() {
    let e = error_of(&edited("view = \"mask\"", "view = \"bars\""));
    assert_error(&e, 18, "view", &["no view `bars`", "heatmap", "mask", "softmax", "layernorm", "vector"]);
}

#[test]
fn view_that_cannot_show_the_op_suggests_one_that_can() {
    let text = edited(
        "op = \"dec.0.self_attn.weights\"\nview = \"softmax\"",
        "op = \"dec.0.self_attn.scores\"\nview = \"mask\"",
    );
    let e = error_of(&text);
    assert_error(&e, 10, "view", &["`mask` cannot show `dec.0.self_attn.scores`", "try view = \"heatmap\""]);
}

#[test]
fn softmax_view_on_a_mask_suggests_the_mask_view() {
    let e = error_of(&edited("view = \"mask\"", "view = \"softmax\""));
    assert_error(&e, 18, "view", &["`softmax` cannot show `tgt.mask`", "try view = \"mask\""]);
}

// ---- empty and malformed values ----

#[test]
fn blank_text_is_refused() {
    let e = error_of(&edited("text = \"More words.\"", "text = \"   \""));
    assert_error(&e, 19, "text", &["is empty", "write a few words"]);
}

#[test]
fn empty_title_is_refused() {
    let e = error_of(&edited("title = \"Tiny\"", "title = \"\""));
    assert_error(&e, 2, "title", &["is empty", "write a few words"]);
}

#[test]
fn empty_summary_is_refused() {
    let e = error_of(&edited("summary = \"A tiny lesson\"", "summary = \" \""));
    assert_error(&e, 4, "summary", &["is empty"]);
}

#[test]
fn empty_src_is_refused() {
    let e = error_of(&edited("src = \"我有一只猫 ; 你有猫吗\"", "src = \"\""));
    assert_error(&e, 5, "src", &["is empty"]);
}

#[test]
fn bad_id_characters_say_what_is_allowed() {
    let e = error_of(&edited("id = \"tiny\"", "id = \"Tiny Lesson!\""));
    assert_error(&e, 1, "id", &["`Tiny Lesson!`", "lowercase letters, digits, - or _", "--lesson"]);
}

#[test]
fn ids_with_digits_dashes_and_underscores_are_fine() {
    let lesson = load_lesson(FILE, &edited("id = \"tiny\"", "id = \"tiny-2_b\""), &weights()).unwrap();
    assert_eq!(lesson.id, "tiny-2_b");
}

#[test]
fn a_lesson_without_beats_is_refused() {
    let cut = BASE.find("[[beat]]").unwrap();
    let e = error_of(&BASE[..cut]);
    assert_error(&e, 1, "beat", &["no beats", "[[beat]]", "op, view and text"]);
}

// ---- indices ----

#[test]
fn head_out_of_range_gives_the_range() {
    let e = error_of(&edited("head = 2", "head = 4"));
    assert_error(&e, 12, "head", &["is 4", "heads run from 0 to 3"]);
}

#[test]
fn negative_head_gives_the_range() {
    let e = error_of(&edited("head = 2", "head = -1"));
    assert_error(&e, 12, "head", &["is -1", "heads run from 0 to 3"]);
}

#[test]
fn batch_out_of_range_gives_the_range() {
    let e = error_of(&edited("batch = 1", "batch = 2"));
    assert_error(&e, 11, "batch", &["is 2", "batch rows run from 0 to 1"]);
}

#[test]
fn row_out_of_range_gives_the_tensors_rows() {
    // dec.0.self_attn.weights is (2, 4, 8, 8): 8 query rows.
    let e = error_of(&edited("row = 3", "row = 8"));
    assert_error(&e, 13, "row", &["is 8", "rows of this tensor run from 0 to 7"]);
}

#[test]
fn unknown_what_if_lists_the_what_ifs() {
    let e = error_of(&edited("row = 3\n", "row = 3\nwhat_if = \"multiply_mask\"\n"));
    assert_error(&e, 14, "what_if", &["no what-if `multiply_mask`", "did you mean `multiply-mask`", "no-scale"]);
}

// ---- sentences ----

#[test]
fn word_not_in_vocabulary_is_refused() {
    let e = error_of(&edited("我有一只猫 ;", "我有一只象 ;"));
    assert_error(&e, 5, "src", &["`象` is not in the vocabulary"]);
}

#[test]
fn target_word_not_in_vocabulary_is_refused() {
    let e = error_of(&edited("<bos> do you have a cat ? <eos>\"", "<bos> do you have a giraffe ? <eos>\""));
    assert_error(&e, 6, "tgt", &["`giraffe` is not in the vocabulary"]);
}

#[test]
fn sentence_longer_than_max_len_is_refused() {
    let seventeen = "我有一只猫".repeat(3) + "我有"; // 17 characters; the tutor preset's max_len is 16
    let e = error_of(&edited("我有一只猫 ; 你有猫吗", &format!("{seventeen} ; 你有猫吗")));
    assert_error(&e, 5, "src", &["17 tokens", "max_len is 16"]);
}

#[test]
fn a_sentence_of_exactly_max_len_is_fine() {
    let sixteen = "我有一只猫".repeat(3) + "我"; // 16 characters
    let text = edited("我有一只猫 ; 你有猫吗", &format!("{sixteen} ; 你有猫吗"));
    let lesson = load_lesson(FILE, &text, &weights()).unwrap_or_else(|e| panic!("{e}"));
    assert!(lesson.src.starts_with(&sixteen));
}

#[test]
fn target_longer_than_max_len_is_refused_and_says_target() {
    let long = "<bos> I have a cat <eos> a a a a a a a a a a a a"; // 18 tokens
    let e = error_of(&edited("<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>", long));
    assert_eq!(e.file, FILE);
    assert_eq!(e.field, "tgt", "{e}");
    assert_eq!(e.line, 6, "{e}");
    assert!(e.message.contains("target"), "{e}");
    assert!(e.message.contains("18 tokens") && e.message.contains("max_len is 16"), "{e}");
}

#[test]
fn different_batch_row_counts_are_refused() {
    let e = error_of(&edited("<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>", "<bos> I have a cat <eos>"));
    assert_eq!(e.file, FILE);
    assert_eq!(e.field, "tgt", "{e}");
    assert!(e.message.contains("2 batch row(s)") && e.message.contains("the target has 1"), "{e}");
}

// ---- catalogs ----

#[test]
fn duplicate_ids_across_two_files_name_both_files() {
    let files =
        vec![("lessons/a.toml".to_string(), BASE.to_string()), ("lessons/b.toml".to_string(), BASE.to_string())];
    let e = catalog_of(files, &weights()).unwrap_err();
    assert_eq!(e.file, "lessons/b.toml");
    assert_eq!(e.line, 1, "{e}");
    assert_eq!(e.field, "id");
    assert!(e.message.contains("duplicate id `tiny`"), "{e}");
    assert!(e.message.contains("lessons/a.toml"), "{e}");
    assert!(e.message.contains("give each lesson its own id"), "{e}");
}

#[test]
fn first_bad_file_stops_the_whole_catalog() {
    let files = vec![
        ("lessons/a.toml".to_string(), BASE.to_string()),
        ("lessons/b.toml".to_string(), edited("head = 2", "head = 9").replacen("\"tiny\"", "\"other\"", 1)),
    ];
    let e = catalog_of(files, &weights()).unwrap_err();
    assert_eq!((e.file.as_str(), e.line, e.field.as_str()), ("lessons/b.toml", 12, "head"), "{e}");
}

#[test]
fn catalog_sorts_by_order_then_id() {
    let mk = |id: &str, order: i64| {
        edited("id = \"tiny\"", &format!("id = \"{id}\"")).replacen("order = 3", &format!("order = {order}"), 1)
    };
    let files = vec![
        ("c.toml".to_string(), mk("zeta", 2)),
        ("a.toml".to_string(), mk("beta", 5)),
        ("b.toml".to_string(), mk("alpha", 2)),
    ];
    let catalog = catalog_of(files, &weights()).unwrap();
    let ids: Vec<&str> = catalog.lessons.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["alpha", "zeta", "beta"]);
    assert!(catalog.get("beta").is_some());
    assert!(catalog.get("gamma").is_none());
}

#[test]
fn built_in_catalog_has_masks_at_order_8() {
    let catalog = Catalog::built_in(&weights()).unwrap();
    let masks = catalog.get("masks").expect("the built-in catalog has `masks`");
    assert_eq!(masks.order, 8);
    assert_eq!(masks.file, "lessons/masks.toml");
    assert!(!masks.beats.is_empty());
    let list = catalog.list_text();
    assert!(list.lines().any(|l| l.contains("masks") && l.contains(masks.title_in(Lang::En))), "{list}");
}

#[test]
fn unknown_lesson_suggests_the_near_miss() {
    let catalog = Catalog::built_in(&weights()).unwrap();
    let message = catalog.unknown_message("mask");
    assert!(message.contains("no lesson `mask`"), "{message}");
    assert!(message.contains("did you mean `masks`?"), "{message}");
}

#[test]
fn unknown_lesson_far_from_every_id_lists_them() {
    let catalog = Catalog::built_in(&weights()).unwrap();
    let message = catalog.unknown_message("qqqqqqqqqq");
    assert!(message.contains("no lesson `qqqqqqqqqq`"), "{message}");
    assert!(message.contains("masks") && message.contains("--list"), "{message}");
}

#[test]
fn every_built_in_lesson_file_loads() {
    let weights = weights();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(lessons_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no lessons/*.toml");
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let label = format!("lessons/{}", path.file_name().unwrap().to_string_lossy());
        let lesson = load_lesson(&label, &text, &weights).unwrap_or_else(|e| panic!("{e}"));
        assert!(!lesson.beats.is_empty(), "{label}");
    }
    // Together too (no duplicate ids), and the built-in catalog is exactly these files.
    let from_dir = Catalog::from_dir(&lessons_dir(), &weights).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(from_dir.lessons.len(), paths.len());
    let built_in = Catalog::built_in(&weights).unwrap();
    let ids = |c: &Catalog| c.lessons.iter().map(|l| l.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&built_in), ids(&from_dir));
}

#[test]
fn lessons_dir_without_toml_files_is_an_error() {
    let dir = temp_dir("empty");
    std::fs::write(dir.join("notes.txt"), "not a lesson").unwrap();
    let e = Catalog::from_dir(&dir, &weights()).unwrap_err();
    assert_eq!(e.file, dir.display().to_string());
    assert_eq!(e.field, "(directory)");
    assert!(e.message.contains("no *.toml lesson files"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_lessons_dir_is_an_error() {
    let dir = std::env::temp_dir().join(format!("tt-lesson-loader-missing-{}", std::process::id()));
    let e = Catalog::from_dir(&dir, &weights()).unwrap_err();
    assert_eq!(e.file, dir.display().to_string());
    assert!(e.message.contains("cannot read the lessons directory"), "{e}");
}

#[test]
fn fixture_dirs_load_and_refuse() {
    let weights = weights();
    let ok = Catalog::from_dir(&fixture("lessons_ok"), &weights).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ok.lessons.len(), 1);
    assert_eq!(ok.lessons[0].id, "positions");
    assert_eq!(ok.lessons[0].beats.len(), 2);
    let bad = Catalog::from_dir(&fixture("lessons_bad"), &weights).unwrap_err();
    assert!(bad.file.ends_with("bad_head.toml"), "{bad}");
    assert_eq!((bad.line, bad.field.as_str()), (14, "head"), "{bad}");
    assert!(bad.message.contains("heads run from 0 to 3"), "{bad}");
}

// ---- facts in prose ----

#[test]
fn facts_are_filled_in_from_the_run() {
    let text = edited(
        "op = \"dec.0.self_attn.weights\"\nview = \"softmax\"\nbatch = 1\nhead = 2\nrow = 3\ntext = \"Some words.\"",
        "op = \"dec.1.cross_attn.weights\"\nview = \"softmax\"\nbatch = 0\nhead = \"mean\"\nrow = 4\ntext = \"cat looks at {top-key dec.1.cross_attn.weights row=4 head=mean}. {{braces}}\"",
    )
    .replacen(
        "op = \"tgt.mask\"\nview = \"mask\"\ntext = \"More words.\"",
        "op = \"probs\"\nview = \"top-words\"\ntext = \"After <bos> comes {next-word row=0} ({next-prob row=0}).\"",
        1,
    );
    let weights = Arc::new(transformer_tutor::setup::WeightSource::Trained.load().unwrap());
    let lesson = load_lesson(FILE, &text, &weights).unwrap_or_else(|e| panic!("{e}"));
    let app = transformer_tutor::app::App::new(lesson, weights).unwrap();
    let prose = app.text_of_beat(0);
    assert!(prose.contains("cat looks at 猫."), "the trained model aligns cat with 猫: {prose}");
    assert!(prose.ends_with("{braces}"), "{prose}");
    let prose = app.text_of_beat(1);
    assert!(
        prose.starts_with("After <bos> comes I (0.") || prose.starts_with("After <bos> comes I (1.000)"),
        "{prose}"
    );
}

#[test]
fn an_unknown_fact_is_refused_with_the_facts_there_are() {
    let e = error_of(&edited("text = \"Some words.\"", "text = \"It says {next-words row=0}.\""));
    assert_error(&e, 14, "text", &["no fact `next-words`", "next-word", "top-key"]);
}

#[test]
fn a_fact_on_a_tensor_that_is_not_attention_is_refused() {
    let e = error_of(&edited("text = \"Some words.\"", "text = \"{top-key dec.0.self_attn.scores row=1}\""));
    assert_error(&e, 14, "text", &["`dec.0.self_attn.scores` is not one"]);
}

#[test]
fn a_fact_row_out_of_range_is_refused() {
    let e = error_of(&edited("text = \"Some words.\"", "text = \"{next-word row=8}\""));
    assert_error(&e, 14, "text", &["row=8", "8 positions"]);
    let e =
        error_of(&edited("text = \"Some words.\"", "text = \"{top-weight dec.1.cross_attn.weights row=2 head=4}\""));
    assert_error(&e, 14, "text", &["head=4", "4 heads"]);
    let e = error_of(&edited("text = \"Some words.\"", "text = \"{next-prob row=1 word=zebra}\""));
    assert_error(&e, 14, "text", &["word=zebra is not in the target vocabulary"]);
}

#[test]
fn an_unclosed_brace_is_refused() {
    let e = error_of(&edited("text = \"Some words.\"", "text = \"Some {words.\""));
    assert_error(&e, 14, "text", &["no closing `}`", "{{"]);
}

// ---- questions, decoding steps and the curriculum's facts ----

#[test]
fn a_question_needs_answer_hint_and_explain() {
    let text = edited(
        "text = \"More words.\"",
        "text = \"What is hidden?\"\nanswer = \"{masked-keys tgt.causal row=3}\"\nhint = \"Look right.\"",
    );
    let e = error_of(&text);
    assert_error(&e, 20, "explain", &["a question needs answer, hint and explain", "`explain` is missing"]);
}

#[test]
fn a_question_loads_with_its_answer_computed_later() {
    let text = edited(
        "text = \"More words.\"",
        "text = \"What is hidden?\"\nanswer = \"{masked-keys tgt.mask row=3}\"\nhint = \"Look right.\"\nexplain = \"It is {masked-keys tgt.mask row=3}.\"",
    );
    let lesson = load_lesson(FILE, &text, &weights()).expect("loads");
    assert!(lesson.beats[1].question.is_some());
    assert!(lesson.beats[0].question.is_none());
}

#[test]
fn a_wrong_fact_in_an_answer_names_the_answer_field() {
    let text = edited(
        "text = \"More words.\"",
        "text = \"Q?\"\nanswer = \"{shape dec.0.cross_attn.weight}\"\nhint = \"h\"\nexplain = \"e\"",
    );
    let e = error_of(&text);
    assert_error(&e, 20, "answer", &["no `dec.0.cross_attn.weight`", "did you mean `dec.0.cross_attn.weights`"]);
}

#[test]
fn an_answer_with_nothing_to_type_is_refused() {
    let text = edited("text = \"More words.\"", "text = \"Q?\"\nanswer = \"()\"\nhint = \"h\"\nexplain = \"e\"");
    let e = error_of(&text);
    assert_error(&e, 20, "answer", &["no words or numbers to type"]);
}

#[test]
fn step_belongs_to_the_decode_view_and_stays_below_max_len() {
    let e = error_of(&edited("view = \"mask\"", "view = \"mask\"\nstep = 1"));
    assert_error(&e, 19, "step", &["only a `decode` view has decoding steps"]);
    let decode = edited("op = \"tgt.mask\"\nview = \"mask\"", "op = \"probs\"\nview = \"decode\"\nstep = 99");
    let e = error_of(&decode);
    assert_error(&e, 19, "step", &["is 99", "decoding steps (max_len)"]);
}

#[test]
fn the_whole_model_views_say_what_they_need() {
    let e = error_of(&edited("view = \"mask\"", "view = \"rnn\""));
    assert_error(&e, 18, "view", &["`rnn` cannot show `tgt.mask`", "the source embedding, src.embed"]);
    let e = error_of(&edited("view = \"mask\"", "view = \"norm-compare\""));
    assert_error(&e, 18, "view", &["an Add & Norm's sum"]);
    let e = error_of(&edited("view = \"mask\"", "view = \"fusedqkv\""));
    assert_error(&e, 18, "view", &["no view `fusedqkv`", "fused-qkv", "decode", "pipeline"]);
}

#[test]
fn the_curriculum_facts_are_checked_like_op_names() {
    for (fact, needle) in [
        ("{config d_mdl}", "`config` takes a size"),
        ("{ids}", "needs side=src or side=tgt"),
        ("{ids side=left}", "a side is src or tgt"),
        ("{params decoder.layer.}", "no parameter name starts with `decoder.layer.`"),
        ("{rnn-gain}", "needs scale="),
        ("{rnn-gain scale=-1}", "not a positive number"),
        ("{decode-word step=40}", "at most max_len"),
        ("{bn-pad-shift enc.0.norm1.out}", "an Add & Norm's sum"),
        ("{masked-keys enc.0.self_attn.weights row=1}", "reads a mask"),
        ("{masked-keys tgt.causal row=9}", "row=9"),
        ("{embed-norm side=src word=cat}", "not in that side's vocabulary"),
    ] {
        let e = error_of(&edited("text = \"More words.\"", &format!("text = \"A {fact} B\"")));
        assert_error(&e, 19, "text", &[needle]);
    }
}

// ---- a fact is about what the beat shows ----

#[test]
fn a_fact_about_another_head_is_refused() {
    let e = error_of(&edited(
        "text = \"Some words.\"",
        "text = \"{top-weight dec.0.self_attn.weights row=3 batch=1 head=0}\"",
    ));
    assert_error(&e, 14, "text", &["reads head 0 but the view shows head 2", "head = 0", "head=2"]);
    let e = error_of(&edited(
        "text = \"Some words.\"",
        "text = \"{top-key dec.0.self_attn.weights row=3 batch=1 head=mean}\"",
    ));
    assert_error(&e, 14, "text", &["reads the mean of the heads but the view shows head 2", "head = \"mean\""]);
}

#[test]
fn a_beat_can_show_the_mean_of_the_heads() {
    let text = edited("head = 2", "head = \"mean\"").replacen(
        "text = \"Some words.\"",
        "text = \"{top-key dec.0.self_attn.weights row=3 batch=1 head=mean}\"",
        1,
    );
    let lesson = load_lesson(FILE, &text, &weights()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lesson.beats[0].head, Some(transformer_tutor::lesson::HeadChoice::Mean));
    let e = error_of(&edited("head = 2", "head = \"middle\""));
    assert_error(&e, 12, "head", &["`middle`", "\"mean\""]);
}

#[test]
fn a_fact_about_another_tensor_or_batch_row_is_refused() {
    let e = error_of(&edited(
        "text = \"Some words.\"",
        "text = \"{top-key dec.1.self_attn.weights row=3 batch=1 head=2}\"",
    ));
    assert_error(&e, 14, "text", &["about `dec.1.self_attn.weights` but the beat shows `dec.0.self_attn.weights`"]);
    let e = error_of(&edited("text = \"Some words.\"", "text = \"{top-key dec.0.self_attn.weights row=3 head=2}\""));
    assert_error(&e, 14, "text", &["about batch row 0 but the view shows batch row 1"]);
    let e = error_of(&edited("text = \"More words.\"", "text = \"Next: {next-word row=0}\""));
    assert_error(&e, 19, "text", &["`next-word` is shown only by view = \"top-words\"", "\"mask\""]);
}

#[test]
fn a_question_about_a_mask_the_screen_does_not_show_is_refused() {
    // the beat shows tgt.mask; the question asks about tgt.causal
    let text = edited(
        "text = \"More words.\"",
        "text = \"Q?\"\nanswer = \"{masked-keys tgt.causal row=3}\"\nhint = \"h\"\nexplain = \"e\"",
    );
    let e = error_of(&text);
    assert_error(&e, 20, "answer", &["about `tgt.causal`, but the beat shows `tgt.mask`"]);
    // the attention weights a mask hides show it too (the masked keys are marked)
    let text = edited(
        "text = \"Some words.\"",
        "text = \"Q?\"\nanswer = \"{masked-keys tgt.mask row=3 batch=1}\"\nhint = \"h\"\nexplain = \"e\"",
    );
    load_lesson(FILE, &text, &weights()).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_beat_that_keeps_the_lessons_sentences_says_so_in_its_field() {
    let text = edited("text = \"More words.\"", "sentence = \"lesson\"\ntext = \"More words.\"");
    let lesson = load_lesson(FILE, &text, &weights()).unwrap_or_else(|e| panic!("{e}"));
    assert!(lesson.beats[1].keeps_lesson_sentences && !lesson.beats[0].keeps_lesson_sentences);
    let e = error_of(&edited("text = \"More words.\"", "sentence = \"mine\"\ntext = \"More words.\""));
    assert_error(&e, 19, "sentence", &["`mine`", "\"lesson\"", "\"reordered\""]);
    let text = edited("text = \"More words.\"", "sentence = \"reordered\"\ntext = \"More words.\"");
    let lesson = load_lesson(FILE, &text, &weights()).unwrap_or_else(|e| panic!("{e}"));
    assert!(lesson.beats[1].reorders_sentence && !lesson.beats[1].keeps_lesson_sentences);
}

// ---- the format version and the schema it points to ----

#[test]
fn a_lesson_without_its_format_is_refused_at_line_1() {
    let e = error_of(&edited("format = 1\n", "\n"));
    assert_error(&e, 1, "format", &["format = 1", "(see lessons/FORMAT.md#format)"]);
}

#[test]
fn a_lesson_of_another_format_is_refused_on_its_line() {
    // a later format may have fields this one does not know: the version is refused first
    let e = error_of(&edited("format = 1\n", "format = 2\nnew_field = true\n"));
    assert_error(&e, 7, "format", &["is 2", "lesson format 1", "(see lessons/FORMAT.md#format)"]);
    let e = error_of(&edited("format = 1\n", "format = \"1\"\n"));
    assert_error(&e, 7, "format", &["is `\"1\"`", "a whole number", "lessons/FORMAT.md#format"]);
}

#[test]
fn schema_mistakes_point_to_their_section_of_the_schema() {
    let e = error_of(&edited("view = \"mask\"", "view = \"fusedqkv\""));
    assert_error(&e, 18, "view", &["did you mean `fused-qkv`?", "see lessons/FORMAT.md#views)"]);
    let e = error_of(&edited("row = 3\n", "row = 3\ncolour = 1\n"));
    assert_error(&e, 14, "colour", &["unknown field", "(see lessons/FORMAT.md#lesson)"]);
    let e = error_of(&edited("text = \"Some words.\"", "text = \"It says {next-words row=0}.\""));
    assert_error(&e, 14, "text", &["did you mean `next-word`", "see lessons/FORMAT.md#facts)"]);
}

#[test]
fn a_fact_takes_only_its_own_arguments() {
    for (fact, needles) in [
        ("{shape tgt.mask batch=1}", &["`shape` takes no `batch=`", "it takes OP", "lessons/FORMAT.md#facts"][..]),
        ("{max-len row=1}", &["`max-len` takes no `row=`", "no arguments"]),
        ("{token-at side=src row=1}", &["`token-at` takes no `row=`", "side=, pos=, batch="]),
        ("{next-word probs row=0}", &["`probs` is not understood", "row=, batch="]),
        ("{masked-keys tgt.mask tgt.causal row=1}", &["`tgt.causal` is not understood"]),
        ("{config d_mdl}", &["`config` takes a size", "did you mean `d_model`?"]),
    ] {
        let e = error_of(&edited("text = \"More words.\"", &format!("text = \"A {fact} B\"")));
        assert_error(&e, 19, "text", needles);
    }
}

// ---- two languages ----

/// BASE with its Chinese written out (not generated), for the tests of the two languages.
fn base_zh() -> String {
    BASE.replace("title = \"Tiny\"\n", "title = \"Tiny\"\ntitle_zh = \"小课\"\n")
        .replace("summary = \"A tiny lesson\"\n", "summary = \"A tiny lesson\"\nsummary_zh = \"一节小课\"\n")
        .replace("text = \"Some words.\"\n", "text = \"Some words.\"\ntext_zh = \"几句话。\"\n")
        .replace("text = \"More words.\"\n", "text = \"More words.\"\ntext_zh = \"再几句。\"\n")
}

fn zh_error_of(text: &str) -> LessonError {
    match transformer_tutor::lesson::load::load_lesson(FILE, text, &weights()) {
        Ok(_) => panic!("expected an error, but the lesson loaded"),
        Err(e) => e,
    }
}

#[test]
fn both_languages_load_side_by_side() {
    let lesson = transformer_tutor::lesson::load::load_lesson(FILE, &base_zh(), &weights()).unwrap();
    use transformer_tutor::lang::Lang;
    assert_eq!(lesson.title_in(Lang::Zh), "小课");
    assert_eq!(lesson.summary_in(Lang::En), "A tiny lesson");
    assert_eq!(lesson.beats[0].text_in(Lang::Zh), "几句话。");
    assert_eq!(lesson.beats[1].text_in(Lang::En), "More words.");
}

#[test]
fn a_lesson_missing_a_language_is_refused_on_the_english_line() {
    // lines of base_zh: 2 title, 3 title_zh, 5 summary, 6 summary_zh, 16 text, 17 text_zh, 22 text, 23 text_zh
    let e = zh_error_of(&base_zh().replace("text_zh = \"再几句。\"\n", ""));
    assert_error(&e, 22, "text_zh", &["`text` needs `text_zh`", "FORMAT.md#beats"]);
    let e = zh_error_of(&base_zh().replace("title_zh = \"小课\"\n", ""));
    assert_error(&e, 2, "title_zh", &["`title` needs `title_zh`"]);
    let e = zh_error_of(&base_zh().replace("summary_zh = \"一节小课\"\n", ""));
    assert_error(&e, 5, "summary_zh", &["`summary` needs `summary_zh`"]);
    let e = zh_error_of(&base_zh().replace("text_zh = \"几句话。\"", "text_zh = \"  \""));
    assert_error(&e, 17, "text_zh", &["is empty"]);
}

#[test]
fn a_beat_whose_languages_quote_other_facts_is_refused() {
    let both = base_zh().replace(
        "text = \"Some words.\"\ntext_zh = \"几句话。\"",
        "text = \"It reads {top-key dec.0.self_attn.weights row=3 batch=1 head=2}.\"\ntext_zh = \"它读的是 {top-key dec.0.self_attn.weights row=3 batch=1 head=2}。\"",
    );
    transformer_tutor::lesson::load::load_lesson(FILE, &both, &weights()).unwrap_or_else(|e| panic!("{e}"));
    let other = both.replace(
        "它读的是 {top-key dec.0.self_attn.weights row=3 batch=1 head=2}。",
        "它读的是 {top-weight dec.0.self_attn.weights row=3 batch=1 head=2}。",
    );
    let e = zh_error_of(&other);
    assert_error(
        &e,
        17,
        "text_zh",
        &["the English has {top-key dec.0.self_attn.weights row=3 batch=1 head=2}", "the Chinese has {top-weight"],
    );
    let none = both.replace("它读的是 {top-key dec.0.self_attn.weights row=3 batch=1 head=2}。", "它读的是第一个键。");
    let e = zh_error_of(&none);
    assert_error(&e, 17, "text_zh", &["the Chinese has nothing"]);
}

#[test]
fn a_beat_whose_chinese_drops_or_changes_a_number_is_refused() {
    let both = base_zh().replace(
        "text = \"Some words.\"\ntext_zh = \"几句话。\"",
        "text = \"Padded to 8 positions, an 8 × 8 grid ({shape dec.0.self_attn.weights}).\"\ntext_zh = \"补齐到 8 个位置，得到 8 × 8 的网格（{shape dec.0.self_attn.weights}），`<pad>` = 0。\"",
    );
    // the Chinese may add a number (`<pad>` = 0); numbers inside facts are the facts' business
    transformer_tutor::lesson::load::load_lesson(FILE, &both, &weights()).unwrap_or_else(|e| panic!("{e}"));
    let changed = both.replace("补齐到 8 个位置，得到 8 × 8 的网格", "补齐到 9 个位置，得到 9 × 9 的网格");
    let e = zh_error_of(&changed);
    assert_error(&e, 17, "text_zh", &["leaves out 8, 8, 8 that the English writes"]);
    // full-width digits and a thousands separator are the same numbers
    let full_width = both.replace("补齐到 8 个位置，得到 8 × 8 的网格", "补齐到 ８ 个位置，得到 ８ × ８ 的网格");
    transformer_tutor::lesson::load::load_lesson(FILE, &full_width, &weights()).unwrap_or_else(|e| panic!("{e}"));
    let thousands = both
        .replace("Padded to 8 positions", "Padded to 8 positions of 2,048")
        .replace("补齐到 8 个位置", "补齐到 2048 中的 8 个位置");
    transformer_tutor::lesson::load::load_lesson(FILE, &thousands, &weights()).unwrap_or_else(|e| panic!("{e}"));
    let dropped = both.replace("得到 8 × 8 的网格", "得到方形的网格");
    let e = zh_error_of(&dropped);
    assert_error(&e, 17, "text_zh", &["leaves out 8, 8"]);
}

// ---- the best-aligned head and the alignment facts ----

#[test]
fn best_aligned_is_a_cross_attention_head_only() {
    let e = error_of(&edited("head = 2", "head = \"best-aligned\""));
    assert_error(&e, 12, "head", &["best-aligned", "only a cross-attention", "dec.0.self_attn.weights"]);
    let e = error_of(&edited(
        "text = \"Some words.\"",
        "text = \"{top-key dec.0.self_attn.weights row=3 batch=1 head=best-aligned}\"",
    ));
    assert_error(&e, 14, "text", &["scores cross-attention"]);
}

#[test]
fn a_beat_on_the_best_aligned_head_names_it_and_reads_it() {
    let text = edited("op = \"dec.0.self_attn.weights\"", "op = \"dec.1.cross_attn.weights\"")
        .replacen("head = 2", "head = \"best-aligned\"", 1)
        .replacen(
            "text = \"Some words.\"",
            "text = \"Head {align-best dec.1.cross_attn.weights} gives {top-weight dec.1.cross_attn.weights row=3 batch=1 head=best-aligned}.\"",
            1,
        );
    load_lesson(FILE, &text, &weights()).expect("the best-aligned head on its own view");
    // a fact on another head than the one the beat opens on is refused
    let other = text.replacen("head=best-aligned}", "head=1}", 1);
    let e = error_of(&other);
    assert_error(&e, 14, "text", &["reads head 1 but the view shows the best-aligned head"]);
}

#[test]
fn alignment_scores_are_quoted_only_where_the_alignment_table_is() {
    let text = edited("text = \"Some words.\"", "text = \"AER {align-aer dec.0.cross_attn.weights head=mean}.\"");
    let e = error_of(&text);
    assert_error(&e, 14, "text", &["align-aer", "alignment"]);
    let on_table = edited("op = \"dec.0.self_attn.weights\"", "op = \"dec.0.cross_attn.weights\"")
        .replacen("view = \"softmax\"", "view = \"alignment\"", 1)
        .replacen("head = 2\n", "", 1)
        .replacen(
            "text = \"Some words.\"",
            "text = \"AER {align-aer dec.0.cross_attn.weights head=mean}, at best {align-floor}.\"",
            1,
        );
    load_lesson(FILE, &on_table, &weights()).expect("alignment facts on the alignment view");
    let e = error_of(&on_table.replacen("dec.0.cross_attn.weights head", "dec.0.self_attn.weights head", 1));
    assert_error(&e, 13, "text", &["scores cross-attention"]);
}

#[test]
fn a_key_contribution_is_one_heads_not_the_means() {
    let e = error_of(&edited(
        "text = \"Some words.\"",
        "text = \"{top-contribution dec.0.self_attn.weights row=3 batch=1 head=mean}\"",
    ));
    assert_error(&e, 14, "text", &["top-contribution", "needs one head", "not head=mean"]);
}

#[test]
fn a_view_of_one_head_cannot_open_on_the_mean() {
    for view in ["ablation", "contributions"] {
        let text =
            edited("view = \"softmax\"", &format!("view = \"{view}\"")).replacen("head = 2", "head = \"mean\"", 1);
        let e = error_of(&text);
        assert_error(&e, 12, "head", &["is \"mean\"", view, "one head at a time"]);
    }
}

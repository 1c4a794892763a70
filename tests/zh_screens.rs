//! The screens in Chinese: every beat of every lesson drawn with the thread's language set to
//! Chinese at 120x40, and each lesson's first and last beat at 80x24, prose and chrome (pane
//! titles, the map, the question's words, legends) in Chinese and nothing cut at 120x40, each
//! snapshotted (read each as a Chinese learner would before accepting it). And: with Chinese set, every string
//! function of a list covering each file of `src/strings/` (but `status.rs` and `keys.rs`) says
//! something in Chinese unless it is only symbols and names.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lang::{self, Lang};
use transformer_tutor::lesson::{Catalog, ViewKind};
use transformer_tutor::model::Tokenizer;
use transformer_tutor::model::Variant;
use transformer_tutor::model::program::{Dim, Part, Place, Side, Stack};
use transformer_tutor::setup::WeightSource;
use transformer_tutor::strings;
use transformer_tutor::ui::{self, cuts, theme::Theme};

mod ftl;
mod screen_times;

/// The screen as the learner reads it: one line per row, a wide character once (the `w` key's
/// frame text), so a snapshot of Chinese is readable.
fn frame(app: &mut App, width: u16, height: u16) -> String {
    // as the terminal loop does before every frame: what the screen has room for, and where its
    // panes are (`{where view}` in the prose reads it)
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    app.update(transformer_tutor::app::keymap::Action::Fit(ui::measure::measure(app, area)));
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    screen_times::without_times(&ui::frame::buffer_text(terminal.backend().buffer()))
}

fn lessons() -> (Arc<transformer_tutor::model::Weights>, Catalog) {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    (weights, catalog)
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}')
}

fn has_cjk(s: &str) -> bool {
    s.chars().any(is_cjk)
}

/// The first beat and the first beat that asks a question, of a lesson opened in Chinese.
fn first_and_question_beat(app: &mut App) -> Vec<usize> {
    let mut beats = vec![0];
    if let Some(q) = (0..app.beat_count()).find(|&b| {
        app.go_to_beat(b);
        app.question().is_some()
    }) {
        beats.push(q);
    }
    beats
}

#[test]
fn every_lessons_first_and_question_beat_have_chinese_chrome_and_nothing_cut() {
    lang::set_current(Lang::Zh);
    let (weights, catalog) = lessons();
    cuts::record();
    let mut found = Vec::new();
    let mut questions = 0;
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        for beat in first_and_question_beat(&mut app) {
            app.go_to_beat(beat);
            let asks = app.question().is_some();
            questions += usize::from(asks);
            for (w, h) in [(120, 40), (80, 24)] {
                let text = frame(&mut app, w, h);
                let place = format!("{} beat {} at {w}x{h}", lesson.id, beat + 1);
                // the prose pane's title names the beat as the Chinese prose does
                let title = format!("第 {}/{} 页", beat + 1, app.beat_count());
                assert!(text.contains(&title), "{place}: no `{title}`:\n{text}");
                if w == 120 {
                    assert!(text.contains(strings::MAP_TITLE.trim()), "{place}: the map's title:\n{text}");
                } else if app.what_if().is_none() {
                    // (beside a what-if the compact screen gives the trace's rows to the second
                    // model's view: attention's half-qk question)
                    assert!(text.contains(strings::TRACE_TITLE.trim()), "{place}: the trace's title:\n{text}");
                }
                if asks {
                    assert!(text.contains(&*strings::QUESTION), "{place}: `问题`:\n{text}");
                }
                for cut in cuts::take() {
                    if w == 120 {
                        found.push(format!("{place}: {:?} needs {} columns, had {}", cut.text, cut.width, cut.room));
                    }
                }
            }
        }
    }
    lang::set_current(Lang::En);
    assert!(questions >= catalog.lessons.len() / 2, "question beats were drawn ({questions})");
    assert!(found.is_empty(), "{} cut lines in Chinese at 120x40:\n{}", found.len(), found.join("\n"));
}

/// Draws in Chinese at 120x40 and keeps what was cut, saying where.
struct CutCheck {
    terminal: Terminal<TestBackend>,
    found: Vec<String>,
    frames: usize,
}

impl CutCheck {
    fn new() -> CutCheck {
        cuts::record();
        CutCheck { terminal: Terminal::new(TestBackend::new(120, 40)).unwrap(), found: Vec::new(), frames: 0 }
    }

    fn draw(&mut self, app: &App, what: &str) {
        self.terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
        self.frames += 1;
        for cut in cuts::take() {
            let (id, beat) = (&app.lesson().id, app.beat() + 1);
            self.found
                .push(format!("{id} beat {beat}{what}: {:?} needs {} columns, had {}", cut.text, cut.width, cut.room));
        }
    }
}

#[test]
fn no_line_is_cut_on_any_beat_in_chinese_at_120x40() {
    lang::set_current(Lang::Zh);
    let (weights, catalog) = lessons();
    let mut check = CutCheck::new();
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
    lang::set_current(Lang::En);
    assert!(check.frames > 150, "every beat of every lesson was drawn ({})", check.frames);
    assert!(check.found.is_empty(), "{} cut lines in Chinese:\n{}", check.found.len(), check.found.join("\n"));
}

#[test]
fn no_line_is_cut_beside_any_what_if_in_chinese_at_120x40() {
    lang::set_current(Lang::Zh);
    let (weights, catalog) = lessons();
    let mut check = CutCheck::new();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            for _ in 0..Variant::SWITCHES.len() {
                app.update(Action::NextWhatIf);
                check.draw(&app, &format!(" beside {:?}", app.what_if().map(|w| w.variant)));
            }
            app.update(Action::NextWhatIf); // off again
        }
    }
    lang::set_current(Lang::En);
    assert!(check.frames > 1000, "every beat beside every variant was drawn ({})", check.frames);
    assert!(check.found.is_empty(), "{} cut lines in Chinese:\n{}", check.found.len(), check.found.join("\n"));
}

#[test]
fn the_english_screen_is_unchanged_beside_a_chinese_one() {
    let (weights, catalog) = lessons();
    let mut app = App::new(catalog.get("masks").unwrap().clone(), weights).unwrap();
    let english = frame(&mut app, 120, 40);
    // the screen's language is the app's (`z`), whatever the thread's
    app.update(transformer_tutor::app::Action::NextLanguage);
    app.clear_status();
    assert_eq!(app.lang(), Lang::Zh);
    let chinese = frame(&mut app, 120, 40);
    app.update(transformer_tutor::app::Action::NextLanguage);
    app.clear_status();
    assert_eq!(frame(&mut app, 120, 40), english, "drawing in Chinese leaves no trace in English");
    assert_eq!(lang::current(), Lang::En, "the thread's language is untouched by the app's");
    assert!(english.contains("Where we are") && !english.contains("当前位置"), "{english}");
    assert!(chinese.contains("当前位置") && !chinese.contains("Where we are"), "{chinese}");
}

/// Every beat of every lesson in Chinese at 120x40, as a learner sees it (read each before
/// accepting it).
#[test]
fn every_beat_of_every_lesson_in_chinese_at_120x40() {
    lang::set_current(Lang::Zh);
    let (weights, catalog) = lessons();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            assert_snapshot!(format!("zh_{}_120x40_beat{:02}", lesson.id, beat + 1), frame(&mut app, 120, 40));
        }
    }
    lang::set_current(Lang::En);
}

/// Each lesson's first and last beat in Chinese in the compact layout.
#[test]
fn first_and_last_beat_of_every_lesson_in_chinese_at_80x24() {
    lang::set_current(Lang::Zh);
    let (weights, catalog) = lessons();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        let last = app.beat_count() - 1;
        for beat in [0, last] {
            app.go_to_beat(beat);
            assert_snapshot!(format!("zh_{}_80x24_beat{:02}", lesson.id, beat + 1), frame(&mut app, 80, 24));
        }
    }
    lang::set_current(Lang::En);
}

/// A string that is only symbols and names (a formula of symbols, an op label) need not be
/// Chinese; anything with a run of three or more ASCII letters that is not a name must be.
fn symbols_only(s: &str) -> bool {
    const NAMES: [&str; 12] =
        ["softmax", "LayerNorm", "Linear", "ReLU", "FFN", "PE", "what", "if", "NaN", "inf", "ids", "dec"];
    s.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 3).all(|w| NAMES.contains(&w))
}

#[test]
fn every_string_function_listed_says_it_in_chinese() {
    lang::set_current(Lang::Zh);
    let words = vec!["甲".to_string(), "乙".to_string()];
    let said: Vec<(&str, String)> = vec![
        // bilingual.rs
        ("missing_translation", strings::missing_translation("text_zh", "text", "(FORMAT.md)")),
        (
            "facts_differ_by_language",
            strings::facts_differ_by_language(&words, &[], transformer_tutor::lang::Lang::Zh, "(FORMAT.md)"),
        ),
        // cli.rs
        ("error_line", strings::error_line("x")),
        ("no_preset", strings::no_preset("big", "", "tutor, note001")),
        ("TARGET_NEEDS_SOURCE", strings::TARGET_NEEDS_SOURCE.into()),
        ("temperature_out_of_range", strings::temperature_out_of_range(20.0)),
        ("wrote_pairs", strings::wrote_pairs(3, "out.tsv")),
        ("lesson_for_other_model", strings::lesson_for_other_model("masks.toml:3", 4)),
        ("train_other_preset", strings::train_other_preset("note001")),
        ("SEED_WITH_TRAINED", strings::SEED_WITH_TRAINED.into()),
        ("corpus_heading", strings::corpus_heading(7, 100, 90, 10)),
        ("print_beat_heading", strings::print_beat_heading(1, 8, "src.x", "(2, 6, 32)", "x")),
        ("translate_attention_heading", strings::translate_attention_heading("dec.1.cross_attn.weights", 4)),
        // derive.rs
        ("derive_table_row", strings::derive_table_row("猫", 5, "src_embed", 3, 0.5)),
        ("derive_causal", strings::derive_causal(1, 2)),
        ("derive_dot", strings::derive_dot("q", "k", &[(1.0, 2.0), (3.0, 4.0)], 1).join("\n")),
        ("derive_mask_fill", strings::derive_mask_fill("mask", 0.0, 1.5, false, -1e9)),
        ("derive_softmax", strings::derive_softmax("masked", 1.0, 2.0, 0.3, 1.2, 6).join("\n")),
        ("derive_normalize", strings::derive_normalize("sum", 1.0, 0.1, 0.5, 1e-5, 32)),
        ("derive_result", strings::derive_result(1.0, 1.0)),
        ("CELL_MODE_ON", strings::CELL_MODE_ON.into()),
        ("HINT_CELL", strings::HINT_CELL.into()),
        ("KEY_LANGUAGE", strings::key_language().into()),
        ("decoding_status", strings::decoding_status(None)),
        // frame.rs
        ("trace_title_at", strings::trace_title_at("x")),
        ("non_finite_at", strings::non_finite_at("enc.0.ffn.out")),
        ("tensor_title", strings::tensor_title("src.x", "(2, 6, 32)", "heatmap")),
        ("map_decoder", strings::map_decoder(0)),
        ("too_small", strings::too_small(40, 10, 80, 24)),
        ("NO_TERMINAL", strings::NO_TERMINAL.into()),
        ("reads", strings::reads("src.x (2, 6, 32)")),
        // glossary.rs
        ("glossary_title", strings::glossary_title(30)),
        // grids.rs
        ("batch_row_of", strings::batch_row_of(0, 1)),
        ("axis_name", strings::axis_name(Dim::Features, false).to_string()),
        ("axes", strings::axes("查询", "键")),
        ("more", strings::more(2, 3, &strings::ROWS)),
        ("more_columns", strings::more_columns(1)),
        ("PADDING_MASK", strings::PADDING_MASK.into()),
        ("top_words_heading", strings::top_words_heading(40, 0.025)),
        ("LEGEND_RELATIVE", strings::LEGEND_RELATIVE.into()),
        ("NOT_COMPUTED", strings::NOT_COMPUTED.into()),
        // input.rs
        ("unknown_word", strings::unknown_word(&strings::SIDE_SOURCE, true, 0, 2, "狗")),
        ("empty_row", strings::empty_row(1, 2)),
        // lesson_pane.rs
        ("prose_more", strings::prose_more(false, true, false).unwrap_or_default().to_string()),
        ("beat_title", strings::beat_title(3, 8, "x")),
        ("PRESS_ENTER", strings::PRESS_ENTER.into()),
        ("list_questions", strings::list_questions(1, 2)),
        ("progress_kept_newer", strings::progress_kept_newer("p.toml", 9, 2, "p.toml.newer")),
        ("no_lesson", strings::no_lesson("mask", &[], &["masks"])),
        ("list_line", strings::list_line(1, "masks", " ", "x", "y", 8)),
        // model_text.rs
        ("Place::describe", Place::Decoder { layer: 0, part: Part::CrossAttention }.describe()),
        ("Part::describe", Part::FeedForward.describe(Stack::Encoder).to_string()),
        // suggest.rs
        ("did_you_mean", strings::did_you_mean(&["masks", "mask"])),
        // train_screen.rs
        ("HINT_TRAIN_SAVE", strings::HINT_TRAIN_SAVE.into()),
        ("HINT_TRAIN_INTERRUPT", strings::HINT_TRAIN_INTERRUPT.into()),
        ("train_loss_title", strings::train_loss_title(10)),
        ("train_attention_how_to_read", strings::train_attention_how_to_read("<eos>")),
        ("train_stopped", strings::train_stopped("Ctrl-C (SIGINT)", 3, 10, "w.npz", false)),
        ("eval_line", strings::eval_line(true, 10, 50.0, 5, 80.0)),
        ("train_done", strings::train_done(None, 10, 10, 1.0, false, 50.0, 80.0, "w.npz")),
        // translate.rs
        ("translate_unknown", strings::translate_unknown(&words)),
        ("translate_outside_corpus", strings::translate_outside_corpus("x", 30, 5)),
        // views.rs
        ("side_name", strings::side_name(Side::Src).to_string()),
        ("tokens_heading", strings::tokens_heading(Side::Tgt, Tokenizer::Word, 0)),
        ("PIPELINE_HEADING", strings::PIPELINE_HEADING.into()),
        ("rnn_path", strings::rnn_path("我", "猫", 4)),
        ("norm_compare_axes", strings::norm_compare_axes(32, 2, 6)),
        ("decode_heading", strings::decode_heading("我有一只猫", 2, 5, false)),
        // what_if.rs
        ("variant_title", strings::variant_title(Variant::NoResidual).to_string()),
        ("what_if_on", strings::what_if_on("x")),
        ("predictions_changed", strings::predictions_changed(&[("a".into(), "cat".into(), 0, 2)], 14)),
        ("sharper", strings::sharper("w", (0.5, 1.0), (0.9, 0.2))),
        ("NO_NAN", strings::NO_NAN.into()),
    ];
    let mut english = Vec::new();
    for (name, text) in &said {
        // the Chinese example words given as arguments do not count
        let own: String = text.chars().filter(|c| !"甲乙猫我有一只狗查询键".contains(*c)).collect();
        if !has_cjk(&own) && !symbols_only(&own) {
            english.push(format!("{name}: {text:?}"));
        }
    }
    lang::set_current(Lang::En);
    assert!(said.len() >= 40, "at least 40 listed ({})", said.len());
    assert!(english.is_empty(), "{} said without Chinese:\n{}", english.len(), english.join("\n"));
}

#[test]
fn symbols_only_strings_are_told_from_english_ones() {
    assert!(symbols_only("QKᵀ/√d_k + b_q"));
    assert!(symbols_only("W[9, :]"));
    assert!(!symbols_only("cell mode off"));
    assert!(!has_cjk("cell mode off"));
    assert!(has_cjk("单元格模式"));
}

/// Every message of a Fluent file as written, its placeables (`{ $n }`, `{" "}`, a plural's
/// selector) taken out: (id, words).
fn ftl_words(code: &str) -> Vec<(String, String)> {
    let mut out = ftl::messages(code);
    for (_, words) in &mut out {
        let mut kept = String::new();
        let mut depth = 0;
        for c in words.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => kept.push(c),
                _ => {}
            }
        }
        // a plural's variants are lines of their own: `[one] row`, `*[other] rows`
        *words = kept.lines().map(|l| l.trim_start_matches('*').split_once(']').map_or(l, |(_, w)| w)).collect();
    }
    out
}

/// Every message has a Chinese that is there and is Chinese (not the English again), unless it is
/// only symbols and names.
#[test]
fn every_message_has_its_chinese() {
    let english = ftl_words("en");
    let chinese: std::collections::HashMap<String, String> = ftl_words("zh").into_iter().collect();
    assert!(english.len() > 500, "the scan finds the messages: {}", english.len());
    let said = |id: &str| chinese.get(id).cloned().unwrap_or_default();
    assert_eq!(said("wrong-once"), "还差一点：看看提示，再试一次", "one line");
    let bad: Vec<_> = english
        .iter()
        .filter(|(id, en)| {
            let zh = said(id);
            // an acronym reads the same in both (AER)
            let acronym = zh == *en && en.chars().all(|c| c.is_ascii_uppercase());
            !symbols_only(en) && !has_cjk(&zh) && !symbols_only(&zh) && !acronym
        })
        .collect();
    assert!(bad.is_empty(), "messages with no Chinese: {bad:#?}");
}

/// Every view kind has its Chinese name for the pane title (a new view does not fall back to its
/// English name unseen); the logit lens keeps the literature's name.
#[test]
fn every_view_kind_has_a_chinese_name() {
    for &kind in transformer_tutor::lesson::ViewKind::all() {
        let zh = transformer_tutor::strings::view_name_in(kind.name(), transformer_tutor::lang::Lang::Zh);
        assert!(zh != kind.name() || kind.name() == "logit-lens", "{} has no Chinese name", kind.name());
        assert!(has_cjk(zh) || kind.name() == "logit-lens", "{}: {zh}", kind.name());
    }
}

/// The Chinese names of the patterns (`corpus` under `--lang zh`) give an example of each, and
/// each example is a sentence of that pattern.
#[test]
fn each_patterns_chinese_example_is_a_sentence_of_it() {
    use transformer_tutor::corpus::{DEFAULT_SEED, generate, pattern_counts, pattern_of};
    lang::set_current(Lang::Zh);
    for (pattern, _) in pattern_counts(&generate(DEFAULT_SEED)) {
        let name = strings::pattern_name(pattern);
        let example = name.split_once('（').and_then(|(_, e)| e.strip_suffix('）')).expect("an example in brackets");
        assert_eq!(pattern_of(example), Some(pattern), "{name}");
    }
    lang::set_current(Lang::En);
}

/// A scroll marker with lines both above and below names what it counts on both sides:
/// "上面还有 2 行，下面还有 2 行", not "…，下面 2".
#[test]
fn a_scroll_marker_counts_both_sides_in_chinese() {
    lang::set_current(Lang::Zh);
    let rows = strings::more(2, 3, strings::ROWS.get());
    let keys = strings::more(1, 4, strings::KEYS.get());
    lang::set_current(Lang::En);
    assert_eq!(rows, "… 上面还有 2 行，下面还有 3 行");
    assert_eq!(keys, "… 上面还有 1 个键，下面还有 4 个键");
}

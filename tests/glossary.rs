//! The glossary (glossary.toml): every term names a lesson that exists and uses it, in both
//! languages, and the other language's term shows beside its first use; a term's `op` names an
//! op kind (refused with file, line and field when it does not), `--glossary` lists it, and the
//! overlay shows that op's code as the run computes it.

use std::sync::Arc;
use transformer_tutor::code;
use transformer_tutor::lang::Lang;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::lesson::glossary::Glossary;
use transformer_tutor::setup::WeightSource;

#[test]
fn every_term_is_used_in_its_lesson_in_both_languages() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let glossary = Glossary::built_in();
    let mut problems = Vec::new();
    for (i, term) in glossary.terms.iter().enumerate() {
        let Some(lesson) = catalog.lessons.iter().find(|l| l.id == term.lesson) else {
            problems.push(format!("{}: no lesson `{}`", term.name(Lang::En), term.lesson));
            continue;
        };
        for lang in Lang::ALL {
            let used = lesson.beats.iter().any(|b| glossary.uses(b.text_in(lang), lang).iter().any(|u| u.2 == i));
            if !used {
                problems.push(format!(
                    "{} / {}: not used in the {} prose of `{}`",
                    term.name(Lang::En),
                    term.name(Lang::Zh),
                    lang.code(),
                    lesson.id
                ));
            }
        }
        assert!(
            term.note.split_whitespace().next().is_some_and(|n| n.len() == 3 && n.chars().all(|c| c.is_ascii_digit())),
            "{}: note `{}` is not like `001 §4.1`",
            term.name(Lang::En),
            term.note
        );
    }
    assert!(problems.is_empty(), "glossary.toml:\n{}", problems.join("\n"));
}

#[test]
fn terms_are_unique_in_both_languages() {
    let glossary = Glossary::built_in();
    for lang in Lang::ALL {
        let mut names: Vec<&str> = glossary.terms.iter().map(|t| t.name(lang)).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "a term is listed twice in {}", lang.code());
    }
}

/// A term's `op` names an op kind of the code room; an unknown one is refused as a lesson field
/// is: the file, the line of the `op`, the field, what would be right.
#[test]
fn an_unknown_op_kind_is_refused_with_file_line_and_field() {
    let term = "[[term]]\nen = \"softmax\"\nzh = \"softmax\"\nnote = \"001 §3\"\nlesson = \"attention\"\n";
    let good = format!("format = 1\n\n{term}op = \"softmax\"\n");
    let parsed = Glossary::parse("g.toml", &good).unwrap();
    assert_eq!(parsed.terms[0].op, Some("softmax"));
    let bad = format!("format = 1\n\n{term}op = \"sofmax\"\n");
    let e = Glossary::parse("g.toml", &bad).unwrap_err();
    assert_eq!((e.file.as_str(), e.line, e.field.as_str()), ("g.toml", 8, "op"), "{e}");
    assert!(e.to_string().starts_with("g.toml:8: field `op`: `sofmax` is no op kind"), "{e}");
    assert!(e.message.ends_with("cross-entropy); did you mean `softmax`?"), "{e}");
    assert!(e.message.contains("mask-fill-minus-billion"), "it lists the kinds: {e}");
    // no op at all is a term no one op computes
    let none = Glossary::parse("g.toml", &format!("format = 1\n\n{term}")).unwrap();
    assert_eq!(none.terms[0].op, None);
}

/// Every term's op kind is computed by the run of its own lesson, or, for the loss, by the
/// training program: the overlay shows code for it there.
#[test]
fn every_terms_op_kind_is_computed_by_its_lessons_run() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let glossary = Glossary::built_in();
    let linked: Vec<_> = glossary.terms.iter().filter_map(|t| t.op.map(|op| (t, op))).collect();
    assert!(linked.len() >= 15, "the terms the code computes are linked to it: {}", linked.len());
    for (term, op) in linked {
        let lesson = catalog.get(&term.lesson).unwrap().clone();
        let app = transformer_tutor::app::App::new(lesson, weights.clone()).unwrap();
        let run = app.run();
        let found = transformer_tutor::code::op_of_kind(run.program(), run.weights(), op, 0);
        assert!(
            found.is_some(),
            "{}: `{op}` is computed by no op of lesson `{}`'s run",
            term.name(Lang::En),
            term.lesson
        );
    }
}

/// `--glossary` lists each term's op kind in a column of its own, in both languages.
#[test]
fn the_glossary_listing_has_a_code_column() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let glossary = Glossary::built_in();
    for (lang, heading) in [(Lang::En, "code"), (Lang::Zh, "代码")] {
        let text =
            transformer_tutor::lang::with(lang, || transformer_tutor::cli::glossary::glossary_text(glossary, &catalog));
        let lines: Vec<&str> = text.lines().collect();
        let head = lines.iter().position(|l| l.contains(heading)).unwrap_or_else(|| panic!("{heading}:\n{text}"));
        let column = transformer_tutor::text::width(&lines[head][..lines[head].find(heading).unwrap()]);
        for term in &glossary.terms {
            let row = lines.iter().find(|l| l.starts_with(&format!("{}  ", term.name(lang)))).expect("a row per term");
            assert_eq!(cell_at(row, column), term.op.unwrap_or_default(), "{}: {row}", term.name(lang));
        }
    }
}

/// The word that starts at display column `column` of `row` (empty when a space is there).
fn cell_at(row: &str, column: usize) -> String {
    let mut used = 0;
    let mut chars = row.chars();
    for c in chars.by_ref() {
        if used >= column {
            return std::iter::once(c).chain(chars).take_while(|c| *c != ' ').collect();
        }
        used += transformer_tutor::text::width(c.encode_utf8(&mut [0; 4]));
    }
    String::new()
}

/// The overlay (`T`): ↑/↓ move the selected term (▶), and below the terms stands its code as
/// this run computes it, the code pane's lines at the op of that kind nearest the focused one.
/// At 80x24 and 120x40, in both languages (read each snapshot: it is the learner's screen).
#[test]
fn the_overlay_shows_the_selected_terms_code() {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use transformer_tutor::app::{Action, App, keymap::action_for};
    use transformer_tutor::ui::{self, theme::Theme};
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let glossary = Glossary::built_in();
    let softmax = glossary.terms.iter().position(|t| t.name(Lang::En) == "softmax").unwrap();
    for (lang, w, h) in [(Lang::En, 80, 24), (Lang::Zh, 80, 24), (Lang::En, 120, 40)] {
        transformer_tutor::lang::set_current(lang);
        let mut app = App::new(catalog.get("attention").unwrap().clone(), weights.clone()).unwrap();
        app.go_to_beat(6); // the scores: the nearest softmax is the next op
        let press = |app: &mut App, key: KeyCode| {
            let action = action_for(KeyEvent::new(key, KeyModifiers::NONE), app.key_mode()).unwrap();
            app.update(action);
        };
        let frame = |app: &mut App| {
            let area = ratatui::layout::Rect::new(0, 0, w, h);
            app.update(Action::Fit(ui::measure(app, area)));
            let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
            terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
            ui::buffer_text(terminal.backend().buffer())
        };
        press(&mut app, KeyCode::Char('T'));
        for _ in 0..softmax {
            press(&mut app, KeyCode::Down);
            frame(&mut app);
        }
        assert_eq!(app.glossary_term(), softmax);
        let screen = frame(&mut app);
        let term = format!("{}{}", transformer_tutor::ui::theme::SELECTED_MARK, glossary.terms[softmax].name(lang));
        assert!(screen.contains(&term), "the selected term is marked:\n{screen}");
        let weights_op = app.run().program().index_of("enc.0.self_attn.weights").unwrap();
        let snippet =
            transformer_tutor::code::snippet(app.run().program(), app.run().weights(), weights_op, code::Lib::Torch);
        for line in &snippet.lines {
            assert!(screen.contains(line.as_str()), "`{line}`:\n{screen}");
        }
        assert!(screen.contains("# enc.0.self_attn.weights: "), "{screen}");
        insta::assert_snapshot!(format!("overlay_softmax_{}_{w}x{h}", lang.code()), screen);
        // the last term is reached, and no further
        for _ in 0..glossary.terms.len() {
            press(&mut app, KeyCode::Down);
        }
        let last = format!("{}{}", ui::theme::SELECTED_MARK, glossary.terms.last().unwrap().name(lang));
        assert!(frame(&mut app).contains(&last), "{}", frame(&mut app));
        assert_eq!(app.glossary_term(), glossary.terms.len() - 1);
    }
    transformer_tutor::lang::set_current(Lang::En);
}

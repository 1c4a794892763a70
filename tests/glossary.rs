//! The glossary (glossary.toml): every term names a lesson that exists and uses it, in both
//! languages, and the other language's term shows beside its first use.

use std::sync::Arc;
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

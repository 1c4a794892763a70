//! The glossary screen and `--glossary`; `--lang`'s refusal; the languages named in words.

use crate::lang::{LOCALES, Lang, Text, current};
use crate::lang::{message, message_in, message_with, message_with_in};

/// `--lang`'s refusal of `code`, naming every language of `LOCALES` (`en (English) and zh (中文)`).
pub fn no_language(code: &str) -> String {
    let choices: Vec<String> =
        LOCALES.iter().map(|l| message_with("language-choice", &[("code", &l.code), ("name", &l.name)])).collect();
    let (languages, last) = all_but_last(choices, message("list-separator"));
    message_with("no-language", &[("code", &code), ("languages", &languages), ("last", &last)])
}

/// `named` called in `lang`'s words: `Chinese` in English, `英文` in Chinese (its own name when
/// `lang`'s file has no word for it).
pub fn language_called(named: Lang, lang: Lang) -> String {
    message_with_in(lang, "language-called", &[("code", &named.code()), ("own", &named.name())])
}

/// Every language called in `lang`'s words, in `LOCALES`' order: (all but the last joined by the
/// list separator, the last), for a message to join with its own word for "and".
pub fn languages_called(lang: Lang) -> (String, String) {
    let names = Lang::ALL.iter().map(|&l| language_called(l, lang)).collect();
    all_but_last(names, message_in(lang, "list-separator"))
}

fn all_but_last(mut items: Vec<String>, separator: &str) -> (String, String) {
    let last = items.pop().unwrap_or_default();
    (items.join(separator), last)
}

/// The heading of the glossary: its columns (the terms in this language, then in the language
/// it glosses them in, the note, the op kind whose code computes the term, the lesson).
pub fn glossary_heading() -> [&'static str; 5] {
    [
        current().name(),
        current().gloss().name(),
        message("glossary-column-note"),
        message("glossary-column-code"),
        message("glossary-column-lesson"),
    ]
}

/// The glossary's title line.
pub fn glossary_title(terms: usize) -> String {
    let lang = current();
    let (language, gloss) = (language_called(lang, lang), language_called(lang.gloss(), lang));
    message_with(
        "glossary-title",
        &[("terms", &terms), ("language", &language), ("gloss", &gloss), ("gloss_code", &lang.gloss().code())],
    )
}

/// A term's note reference, `note 001 §4.1`; marked `*` when the notes do not use the term
/// itself there (the section it builds on; see `GLOSSARY_UNNAMED`).
pub fn note_ref(note: &str, named: bool) -> String {
    let mark = if named { "" } else { "*" };
    message_with("note-ref", &[("note", &note), ("mark", &mark)])
}

/// In the glossary overlay, for a term whose op kind this run does not compute (a forward pass
/// has no loss): where its code is.
pub fn glossary_code_elsewhere(kind: &str) -> String {
    message_with("glossary-code-elsewhere", &[("kind", &kind)])
}

/// What the `*` after a note reference means.
pub const GLOSSARY_UNNAMED: Text = Text::id("glossary-unnamed");

//! Messages about a lesson's languages (for the lesson's author): English and its translations.

use crate::lang::{Lang, current, message, message_with};

/// A field with no translation beside its English (every lesson is in every language).
pub fn missing_translation(field: &str, english: &str, see: &str) -> String {
    let (languages, last) = super::languages_called(current());
    message_with(
        "missing-translation",
        &[
            ("english", &english),
            ("field", &field),
            ("see", &see),
            ("languages", &languages),
            ("last", &last),
            ("count", &Lang::ALL.len()),
        ],
    )
}

/// A field's translation into `language` uses other facts than its English.
pub fn facts_differ_by_language(only_en: &[String], only_translation: &[String], language: Lang, see: &str) -> String {
    let list = |v: &[String]| {
        if v.is_empty() { message("facts-list-nothing").to_string() } else { v.join(message("list-separator")) }
    };
    let language = super::language_called(language, current());
    message_with(
        "facts-differ-by-language",
        &[
            ("only_en", &list(only_en)),
            ("only_translation", &list(only_translation)),
            ("language", &language),
            ("see", &see),
        ],
    )
}

/// A field's translation into `language` leaves out numbers its English writes.
pub fn numbers_differ_by_language(dropped: &[String], language: Lang, see: &str) -> String {
    let language = super::language_called(language, current());
    message_with(
        "numbers-differ-by-language-list",
        &[("dropped", &dropped.join(message("list-separator"))), ("language", &language), ("see", &see)],
    )
}

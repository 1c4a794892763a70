//! Messages about a lesson's two languages (for the lesson's author).

use crate::lang::{message, message_with};

/// A field with no Chinese beside its English.
pub fn missing_translation(field: &str, english: &str, see: &str) -> String {
    message_with("missing-translation", &[("english", &english), ("field", &field), ("see", &see)])
}

/// The Chinese of a field uses other facts than its English.
pub fn facts_differ_by_language(only_en: &[String], only_zh: &[String], see: &str) -> String {
    let list = |v: &[String]| {
        if v.is_empty() { message("facts-list-nothing").to_string() } else { v.join(message("list-separator")) }
    };
    message_with("facts-differ-by-language", &[("only_en", &list(only_en)), ("only_zh", &list(only_zh)), ("see", &see)])
}

/// The Chinese of a field leaves out numbers its English writes.
pub fn numbers_differ_by_language(dropped: &[String], see: &str) -> String {
    message_with(
        "numbers-differ-by-language-list",
        &[("dropped", &dropped.join(message("list-separator"))), ("see", &see)],
    )
}

//! The glossary screen and `--glossary`; `--lang`'s refusal.

use crate::lang::{Text, current};
use crate::lang::{message, message_in, message_with};

pub fn no_language(code: &str) -> String {
    message_with("no-language", &[("code", &code)])
}

/// The heading of the glossary: its columns (the terms in this language, then in the next).
pub fn glossary_heading() -> [&'static str; 4] {
    [
        message("language-name"),
        message_in(current().other(), "language-name"),
        message("glossary-column-note"),
        message("glossary-column-lesson"),
    ]
}

/// The glossary's title line.
pub fn glossary_title(terms: usize) -> String {
    message_with("glossary-title", &[("terms", &terms)])
}

/// A term's note reference, `note 001 §4.1`; marked `*` when the notes do not use the term
/// itself there (the section it builds on; see `GLOSSARY_UNNAMED`).
pub fn note_ref(note: &str, named: bool) -> String {
    let mark = if named { "" } else { "*" };
    message_with("note-ref", &[("note", &note), ("mark", &mark)])
}

/// What the `*` after a note reference means.
pub const GLOSSARY_UNNAMED: Text = Text::id("glossary-unnamed");

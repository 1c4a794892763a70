//! The glossary screen and `--glossary`; `--lang`'s refusal.

use crate::lang::{Lang, Text, current};

pub fn no_language(code: &str) -> String {
    match current() {
        Lang::En => format!("no language `{code}`; the tutor speaks en (English) and zh (中文)"),
        Lang::Zh => format!("没有语言 `{code}`；本教程支持 en（English）和 zh（中文）"),
    }
}

/// The heading of the glossary: its columns.
pub fn glossary_heading() -> [&'static str; 4] {
    match current() {
        Lang::En => ["English", "中文", "note", "lesson"],
        Lang::Zh => ["中文", "English", "笔记", "课"],
    }
}

/// The glossary's title line.
pub fn glossary_title(terms: usize) -> String {
    match current() {
        Lang::En => format!("Glossary: {terms} terms in English and Chinese, in the notes' words where they use them"),
        Lang::Zh => format!("术语表：{terms} 个术语的中英文对照（笔记里用到的，照笔记的说法）"),
    }
}

/// A term's note reference, `note 001 §4.1`; marked `*` when the notes do not use the term
/// itself there (the section it builds on; see `GLOSSARY_UNNAMED`).
pub fn note_ref(note: &str, named: bool) -> String {
    let mark = if named { "" } else { "*" };
    match current() {
        Lang::En => format!("note {note}{mark}"),
        Lang::Zh => format!("笔记 {note}{mark}"),
    }
}

/// What the `*` after a note reference means.
pub const GLOSSARY_UNNAMED: Text = Text::new(
    " * the notes do not use this term: the section it builds on",
    " * 笔记里没有这个词：列出的是它所依据的一节",
);

//! The glossary screen and `--glossary`; `--lang`'s refusal.

use crate::lang::{Lang, current};

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
        Lang::En => format!("Glossary: {terms} terms in English and in the notes' Chinese"),
        Lang::Zh => format!("术语表：{terms} 个术语，英文与笔记里的中文对照"),
    }
}

/// A note reference, `001 §4.1`, as the screen's language writes it.
pub fn note_ref(note: &str) -> String {
    match current() {
        Lang::En => format!("note {note}"),
        Lang::Zh => format!("笔记 {note}"),
    }
}

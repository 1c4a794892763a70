//! `--glossary`: every term the lessons teach, in both languages, with where it is taught and
//! the op kind whose code computes it (the code pane's lines, `p`; `export --pytorch`'s).

use crate::lang::current;
use crate::lesson::Catalog;
use crate::lesson::glossary::Glossary;
use crate::strings;
use crate::text::{pad, width};

/// The glossary as text: a title, then one aligned row per term (this language first): the
/// term, the other language's, the note, the op kind that computes it, the lesson.
pub fn glossary_text(glossary: &Glossary, catalog: &Catalog) -> String {
    let lang = current();
    let lesson_title = |id: &str| {
        catalog.lessons.iter().find(|l| l.id == id).map(|l| l.title_in(lang).to_string()).unwrap_or(id.to_string())
    };
    let rows: Vec<[String; 5]> = glossary
        .terms
        .iter()
        .map(|t| {
            [
                t.name(lang).to_string(),
                t.name(lang.gloss()).to_string(),
                strings::note_ref(&t.note, t.named),
                t.op.unwrap_or_default().to_string(),
                lesson_title(&t.lesson),
            ]
        })
        .collect();
    let heading = strings::glossary_heading().map(String::from);
    let widths: Vec<usize> =
        (0..4).map(|c| rows.iter().chain([&heading]).map(|r| width(&r[c])).max().unwrap_or(0)).collect();
    let line = |r: &[String; 5]| {
        let padded: Vec<String> = (0..4).map(|c| pad(&r[c], widths[c])).collect();
        format!("{}  {}", padded.join("  "), r[4])
    };
    let mut out = strings::glossary_title(rows.len()) + "\n\n";
    out += &(line(&heading).trim_end().to_string() + "\n");
    for r in &rows {
        out += &(line(r).trim_end().to_string() + "\n");
    }
    if glossary.terms.iter().any(|t| !t.named) {
        out.push('\n');
        out += strings::GLOSSARY_UNNAMED.get().trim();
        out.push('\n');
    }
    out
}

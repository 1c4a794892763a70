//! Reading `glossary.toml`: its TOML shape (`file.rs`), and each term's `op` checked to be an op
//! kind the code room has lines for (`code::KINDS`). A glossary that cannot be used is refused
//! like a lesson file: the file, the line, the field, what is wrong and what would be right.

use super::error::{Checker, LessonError, from_toml};
use super::file::GlossaryFile;
use super::glossary::{Glossary, Term};
use toml::Spanned;

impl Glossary {
    /// The glossary `text` writes (`file` names it in an error), every term's `op` checked.
    pub fn parse(file: &str, text: &str) -> Result<Glossary, LessonError> {
        let written: GlossaryFile = toml::from_str(text).map_err(|e| from_toml(file, text, &e))?;
        let check = Checker { file, text, loaded_model: false };
        let mut terms = Vec::with_capacity(written.term.len());
        for term in written.term {
            let op = term.op.as_ref().map(|op| op_kind(&check, op)).transpose()?;
            terms.push(Term::from_file(term, op));
        }
        Ok(Glossary { terms })
    }
}

/// The built-in glossary, `glossary.toml` (a term with an unknown op kind fails every test that
/// reads it, with the line).
pub(super) fn built_in() -> Glossary {
    Glossary::parse("glossary.toml", include_str!("../../glossary.toml")).unwrap_or_else(|e| panic!("{e}"))
}

/// The op kind `op` names, or its refusal on `op`'s line.
fn op_kind(check: &Checker, op: &Spanned<String>) -> Result<&'static str, LessonError> {
    let name = op.get_ref().trim();
    let kinds = crate::code::KINDS;
    kinds.iter().find(|k| **k == name).copied().ok_or_else(|| {
        let hint = crate::strings::suggestion_for_authors(name, kinds.iter().copied());
        let name = crate::text::escape_controls(name, false);
        check.err(op, "op", format!("`{name}` is no op kind (the op kinds: {}){hint}", kinds.join(", ")))
    })
}

//! A lesson file that cannot be used: where (file, line), which field, what is wrong and what
//! would be right, and where the schema (lessons/FORMAT.md) says more.

use crate::lang::{Lang, Localized};
use std::fmt;
use toml::Spanned;

/// A lesson file that cannot be used: where, which field, what is wrong and what would be right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonError {
    pub file: String,
    pub line: usize,
    pub field: String,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // the file name as the directory gave it: written out if it holds control characters
        let file = crate::text::escape_controls(&self.file, false);
        if self.line == 0 {
            write!(f, "{file}: {}", self.message)
        } else {
            write!(f, "{file}:{}: field `{}`: {}", self.line, self.field, self.message)
        }
    }
}

impl std::error::Error for LessonError {}

/// The schema's section on `field`, for the end of a message: `(see lessons/FORMAT.md#beats)`.
pub fn see(field: &str) -> String {
    let section = match english_field(field) {
        "view" => "views",
        "op" | "text" | "batch" | "head" | "row" | "step" | "sentence" | "what_if" | "beat" | "grad" => "beats",
        "answer" | "hint" | "explain" => "questions",
        "format" => "format",
        _ => "lesson",
    };
    format!("(see lessons/FORMAT.md#{section})")
}

/// 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// A TOML error (syntax, a missing or unknown field, a value of the wrong type) as a lesson
/// error on its line, naming the field when it can.
pub fn from_toml(file: &str, text: &str, e: &toml::de::Error) -> LessonError {
    let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
    let message = e.message().to_string();
    let named = message.starts_with("unknown field") || message.starts_with("missing field");
    let field = if named {
        message.split('`').nth(1).unwrap_or("(file)").to_string()
    } else {
        // the key on the line of the error, if that line is `key = value`
        let start = e.span().map(|s| s.start).unwrap_or(0).min(text.len());
        let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let line = text[line_start..].lines().next().unwrap_or("");
        match line.split_once('=') {
            Some((key, _)) if !key.trim().is_empty() && !key.contains('"') => key.trim().to_string(),
            _ => "(syntax)".to_string(),
        }
    };
    let see = if field == "(syntax)" { String::new() } else { format!(" {}", see(&field)) };
    LessonError { file: file.to_string(), line, field, message: format!("not a valid lesson file: {message}{see}") }
}

/// Errors that point into one lesson file.
pub struct Checker<'a> {
    pub file: &'a str,
    pub text: &'a str,
    /// The lesson runs on a loaded translator, not the model it was written for.
    pub loaded_model: bool,
}

impl Checker<'_> {
    /// An optional field with one value it can take (`sentence = "lesson"`, `program =
    /// "training"`): absent is false, that value true, anything else refused, saying what it means.
    pub fn one_value(
        &self,
        given: &Option<Spanned<String>>,
        field: &str,
        value: &str,
        meaning: &str,
    ) -> Result<bool, LessonError> {
        match given {
            None => Ok(false),
            Some(s) if s.get_ref().trim() == value => Ok(true),
            Some(s) => Err(self.err(
                s,
                field,
                format!(
                    "is `{}`; the only value is \"{value}\" ({meaning}) {}",
                    crate::text::escape_controls(s.get_ref(), false),
                    see(field)
                ),
            )),
        }
    }

    pub fn err<T>(&self, span: &Spanned<T>, field: &str, message: impl Into<String>) -> LessonError {
        LessonError {
            file: self.file.to_string(),
            line: line_of(self.text, span.span().start),
            field: field.into(),
            message: message.into(),
        }
    }

    /// A field in another language (`text_zh` beside `text`): every lesson is written in every
    /// language, so a missing one is refused on the line of its English.
    pub fn translation<'s>(
        &self,
        written: &'s Option<Spanned<String>>,
        en: &Spanned<String>,
        field: &str,
    ) -> Result<&'s Spanned<String>, LessonError> {
        written.as_ref().ok_or_else(|| {
            self.err(en, field, crate::strings::missing_translation(field, english_field(field), &see(field)))
        })
    }

    /// A field in every language: English's value as already checked, and each other language's
    /// from `translate` (given the field's name there, `text_zh`, and what is written), refused on
    /// the English's line when that language's field is missing.
    pub fn in_every_language<T: Clone>(
        &self,
        en: &Spanned<String>,
        english: T,
        translations: &super::file::Translations,
        mut translate: impl FnMut(&'static str, &Spanned<String>) -> Result<T, LessonError>,
    ) -> Result<Localized<T>, LessonError> {
        Localized::try_from_fn(|lang| match translations.iter().find(|(l, ..)| *l == lang) {
            None => Ok(english.clone()),
            Some(&(_, field, written)) => translate(field, self.translation(written, en, field)?),
        })
    }

    /// A one-line field (a title, a summary) in every language: `english` as checked, and each
    /// translation written, not empty, control characters written out.
    pub fn localized(
        &self,
        en: &Spanned<String>,
        english: String,
        translations: &super::file::Translations,
    ) -> Result<Localized<String>, LessonError> {
        self.in_every_language(en, english, translations, |field, written| {
            Ok(crate::text::escape_controls(&self.non_empty(written, field)?, false))
        })
    }

    pub fn non_empty(&self, s: &Spanned<String>, field: &str) -> Result<String, LessonError> {
        let v = s.get_ref().trim();
        if v.is_empty() {
            Err(self.err(s, field, format!("is empty; write a few words here {}", see(field))))
        } else {
            Ok(v.to_string())
        }
    }

    pub fn index(
        &self,
        v: &Option<Spanned<i64>>,
        field: &str,
        limit: usize,
        what: &str,
    ) -> Result<Option<usize>, LessonError> {
        match v {
            None => Ok(None),
            Some(s) => {
                let n = *s.get_ref();
                if self.loaded_model && n >= 0 && limit > 0 {
                    // a loaded model's sentence is cut into other pieces: the last one there is
                    Ok(Some((n as usize).min(limit - 1)))
                } else if n < 0 || n as usize >= limit {
                    Err(self.err(s, field, format!("is {n}, but {what} run from 0 to {}", limit.saturating_sub(1))))
                } else {
                    Ok(Some(n as usize))
                }
            }
        }
    }
}

/// The language a field is written in: Chinese for `text_zh`, English for `text`.
pub fn field_language(field: &str) -> Lang {
    field.rsplit_once('_').and_then(|(_, code)| Lang::from_code(code)).unwrap_or(Lang::En)
}

/// The English field a translation translates: `text` for `text_zh`.
pub fn english_field(field: &str) -> &str {
    match field.rsplit_once('_') {
        Some((english, code)) if Lang::from_code(code).is_some_and(|l| l != Lang::En) => english,
        _ => field,
    }
}

//! Inline test lessons written in English only, given their Chinese: each one-line `title`,
//! `summary`, `text`, `hint` and `explain` gets a `_zh` twin on the next line with the same words
//! (so the same facts). Errors are mapped back to the English-only text's line numbers, so a test
//! written against the English lesson keeps its lines. Tests of the two languages themselves
//! write their Chinese out and call the loader directly.

#![allow(dead_code)] // each test crate uses part of it

use transformer_tutor::lesson::LessonError;

const TRANSLATED: &[&str] = &["title", "summary", "text", "hint", "explain"];

/// `text` with a Chinese twin after every one-line translated field, and the 1-based line
/// numbers (in the result) of the twins.
pub fn with_chinese(text: &str) -> (String, Vec<usize>) {
    let mut out = String::new();
    let mut inserted = Vec::new();
    let mut line_no = 0;
    for line in text.split_inclusive('\n') {
        out.push_str(line);
        line_no += 1;
        let trimmed = line.trim_end_matches('\n');
        let key = trimmed.split('=').next().unwrap_or("").trim();
        let value = trimmed.split_once('=').map(|(_, v)| v.trim()).unwrap_or("");
        let one_line =
            value.len() >= 2 && value.starts_with('"') && value.ends_with('"') && !value.starts_with("\"\"\"");
        if TRANSLATED.contains(&key) && one_line && !text.contains(&format!("{key}_zh")) {
            if !line.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&format!("{key}_zh = {value}\n"));
            line_no += 1;
            inserted.push(line_no);
        }
    }
    (out, inserted)
}

/// A line of the text `with_chinese` made, as a line of the English-only text (a twin's line is
/// its English line's).
pub fn original_line(inserted: &[usize], line: usize) -> usize {
    line - inserted.iter().filter(|&&i| i <= line).count()
}

/// An error of the text `with_chinese` made, with the English-only text's line.
pub fn map_error(inserted: &[usize], mut e: LessonError) -> LessonError {
    if e.line > 0 {
        e.line = original_line(inserted, e.line);
    }
    e
}

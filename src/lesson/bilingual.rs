//! The two languages of a beat say the same things from the run: the same facts (`{…}`), and
//! every number the English writes out is written in the Chinese too.

use super::error::{Checker, LessonError, english_field, field_language, see};
use super::facts::Piece;
use toml::Spanned;

/// The Chinese of a field says the same facts from the run as its English: the same kinds with
/// the same arguments, as many times each (the order may differ, as Chinese sentences do).
pub(super) fn same_facts(
    c: &Checker,
    zh: &Spanned<String>,
    field: &str,
    (en_text, en): (&str, &[Piece]),
    zh_pieces: &[Piece],
) -> Result<(), LessonError> {
    let facts = |pieces: &[Piece]| -> Vec<String> {
        let mut v: Vec<String> =
            pieces.iter().filter_map(|p| if let Piece::Text(_) = p { None } else { Some(format!("{p:?}")) }).collect();
        v.sort();
        v
    };
    if facts(en) == facts(zh_pieces) {
        return same_numbers(c, zh, field, en_text);
    }
    let en_field = english_field(field);
    let (en_only, zh_only) = (written_facts(en_text), written_facts(zh.get_ref()));
    Err(c.err(
        zh,
        field,
        crate::strings::facts_differ_by_language(
            &missing(&en_only, &zh_only),
            &missing(&zh_only, &en_only),
            field_language(field),
            &see(en_field),
        ),
    ))
}

/// The facts of a field as written, `{top-key OP row=2}`, spaces collapsed (`{{` is a brace).
fn written_facts(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text.replace("{{", "").replace("}}", "");
    while let Some(start) = rest.find('{') {
        let Some(len) = rest[start..].find('}') else { break };
        out.push(rest[start..=start + len].split_whitespace().collect::<Vec<_>>().join(" "));
        rest = rest[start + len + 1..].to_string();
    }
    out
}

/// What `a` has that `b` lacks, counting repeats.
fn missing(a: &[String], b: &[String]) -> Vec<String> {
    let mut b = b.to_vec();
    a.iter()
        .filter(|f| match b.iter().position(|g| g == *f) {
            Some(i) => {
                b.remove(i);
                false
            }
            None => true,
        })
        .cloned()
        .collect()
}

/// Every number the English of a field writes out (outside its facts) is in the Chinese too, as
/// often: a Chinese sentence may add one (`<pad>` = 0), never drop or change one.
fn same_numbers(c: &Checker, zh: &Spanned<String>, field: &str, en_text: &str) -> Result<(), LessonError> {
    let dropped = missing(&written_numbers(en_text), &written_numbers(zh.get_ref()));
    if dropped.is_empty() {
        return Ok(());
    }
    let en_field = english_field(field);
    Err(c.err(zh, field, crate::strings::numbers_differ_by_language(&dropped, field_language(field), &see(en_field))))
}

/// The numbers written out in a field, outside its facts: `8`, `0.97`, `5.2` (from §5.2).
fn written_numbers(text: &str) -> Vec<String> {
    // the text without its facts: a `{` to its `}` becomes a space (`{{` is a brace)
    let mut plain = String::new();
    let mut in_fact = false;
    for c in text.replace("{{", "").replace("}}", "").chars() {
        match c {
            '{' => in_fact = true,
            '}' => {
                in_fact = false;
                plain.push(' ');
            }
            _ if !in_fact => plain.push(c),
            _ => {}
        }
    }
    // full-width digits read as ASCII, and 2,048 as 2048, as answers are read
    // (a 、 between numbers lists them: 000、001 is two notes, not 000001)
    let plain = super::question::without_thousands(&plain.replace('、', " "));
    let mut out = Vec::new();
    let chars: Vec<char> = plain.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len()
            && (chars[i].is_ascii_digit() || (chars[i] == '.' && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            i += 1;
        }
        out.push(chars[start..i].iter().collect());
    }
    out
}

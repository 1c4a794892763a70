//! The program's own words (headings, labels, the status bar, help, errors), read from one
//! Project Fluent file per language (`locales/en.ftl`, `locales/zh.ftl`; the syntax:
//! <https://projectfluent.org/fluent/guide/>). A message is found by its id; its arguments are
//! given as text the caller has already formatted (`$every`, `$loss`), so a number reads exactly
//! as the Rust code wrote it, in every language; an argument that is a whole number (`3`, `-12`)
//! is also a number to Fluent, so a message can choose its plural form
//! (`{ $n -> [one] 1 row *[other] { $n } rows }`), and it still reads digit for digit as given.
//! A message missing from a language's file is read from English's.
//!
//! Placeables are not wrapped in Unicode isolation marks: the screen measures every column, and
//! the marks are invisible characters a terminal may draw.

use std::collections::HashMap;
use std::fmt::Display;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::{LOCALES, Lang, current};

/// A message's argument: its name in the `.ftl` file (`every` for `{ $every }`) and its text.
pub type Arg<'a> = (&'a str, &'a dyn Display);

/// One language's messages: the Fluent bundle, and every message that takes no argument,
/// formatted once (so it can be lent out as `&'static str`).
struct Catalog {
    bundle: FluentBundle<FluentResource>,
    plain: HashMap<String, String>,
}

fn catalogs() -> &'static [Catalog] {
    static CATALOGS: OnceLock<Vec<Catalog>> = OnceLock::new();
    CATALOGS.get_or_init(|| LOCALES.iter().map(|l| catalog(l.code, l.messages)).collect())
}

fn catalog(code: &str, source: &str) -> Catalog {
    // a syntax error in a message file is the program's own bug; the file's other messages still read
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(resource, errors)| {
        debug_assert!(errors.is_empty(), "locales/{code}.ftl: {errors:?}");
        resource
    });
    let ids = message_ids(&resource);
    let mut bundle = FluentBundle::new_concurrent(vec![code.parse().unwrap_or_default()]);
    bundle.set_use_isolating(false);
    bundle.add_resource_overriding(resource);
    let mut plain = HashMap::new();
    for id in ids {
        if let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors).to_string();
            if errors.is_empty() {
                plain.insert(id, text);
            }
        }
    }
    Catalog { bundle, plain }
}

/// The ids of a file's messages (its terms and comments left out).
fn message_ids(resource: &FluentResource) -> Vec<String> {
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// The catalogs to read `id` from, `lang`'s first, then English's.
fn in_order(lang: Lang) -> impl Iterator<Item = &'static Catalog> {
    let all = catalogs();
    let at = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    [&all[at], &all[0]].into_iter()
}

/// Message `id`, which takes no argument, in `lang`.
pub fn message_in(lang: Lang, id: &str) -> &'static str {
    match in_order(lang).find_map(|c| c.plain.get(id)) {
        Some(text) => text,
        None => {
            debug_assert!(false, "no message `{id}` in locales/");
            ""
        }
    }
}

/// Message `id`, which takes no argument, in this thread's language.
pub fn message(id: &str) -> &'static str {
    message_in(current(), id)
}

/// Message `id` with its arguments, in `lang`.
pub fn message_with_in(lang: Lang, id: &str, args: &[Arg]) -> String {
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, fluent_value(value.to_string()));
    }
    for catalog in in_order(lang) {
        if let Some(pattern) = catalog.bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text = catalog.bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
            debug_assert!(errors.is_empty(), "message `{id}`: {errors:?}");
            return text.into_owned();
        }
    }
    debug_assert!(false, "no message `{id}` in locales/");
    String::new()
}

/// An argument as Fluent reads it: a whole number of up to 15 digits (which a float holds exactly,
/// so Fluent writes it back digit for digit) is a number, to choose plural forms by; anything
/// else is text.
fn fluent_value(text: String) -> FluentValue<'static> {
    let digits = text.strip_prefix('-').unwrap_or(&text);
    let whole = !digits.is_empty()
        && digits.len() <= 15
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    match text.parse::<f64>() {
        Ok(number) if whole && text != "-0" => FluentValue::from(number),
        _ => FluentValue::from(text),
    }
}

/// Message `id` with its arguments, in this thread's language.
pub fn message_with(id: &str, args: &[Arg]) -> String {
    message_with_in(current(), id, args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_read_back_as_given_and_choose_plurals() {
        let source = "rows = { $n ->\n    [one] one row\n   *[other] { $n } rows\n}\nv = { $n }\n";
        let mut bundle = FluentBundle::new_concurrent(vec!["en".parse().unwrap()]);
        bundle.set_use_isolating(false);
        bundle.add_resource(FluentResource::try_new(source.to_string()).unwrap()).unwrap();
        for text in ["0", "1", "-12", "999999999999999", "1234567890123456", "007", "1.50", "-0", "1e3", "x"] {
            let mut args = FluentArgs::new();
            args.set("n", fluent_value(text.to_string()));
            let pattern = bundle.get_message("v").unwrap().value().unwrap();
            assert_eq!(bundle.format_pattern(pattern, Some(&args), &mut Vec::new()), text);
        }
        assert!(matches!(fluent_value("3".into()), FluentValue::Number(_)));
        assert!(matches!(fluent_value("1234567890123456".into()), FluentValue::String(_)));
        let format = |n: usize| {
            let mut args = FluentArgs::new();
            args.set("n", fluent_value(n.to_string()));
            let pattern = bundle.get_message("rows").unwrap().value().unwrap();
            bundle.format_pattern(pattern, Some(&args), &mut Vec::new()).to_string()
        };
        assert_eq!(format(1), "one row");
        assert_eq!(format(12), "12 rows");
    }

    #[test]
    fn every_language_has_every_message_of_english() {
        let ids = |code: &str| -> Vec<String> {
            let source = LOCALES.iter().find(|l| l.code == code).unwrap().messages;
            message_ids(&FluentResource::try_new(source.to_string()).expect("the file parses"))
        };
        let english = ids("en");
        for locale in &LOCALES[1..] {
            let theirs = ids(locale.code);
            let missing: Vec<_> = english.iter().filter(|id| !theirs.contains(id)).collect();
            let extra: Vec<_> = theirs.iter().filter(|id| !english.contains(id)).collect();
            assert!(missing.is_empty(), "locales/{}.ftl lacks {missing:?}", locale.code);
            assert!(extra.is_empty(), "locales/{}.ftl has messages English lacks: {extra:?}", locale.code);
        }
    }
}

//! The message files and the code agree: every message the code names (`Text::id("…")`,
//! `message("…")`, `message_with("…", …)`) is in `locales/en.ftl`, and every message of the file
//! is named somewhere in the code, in one of those calls or as a string literal a function
//! chooses between (`if focused { "prose-more-above-focused" } …`): a message no screen can show
//! is a translator's wasted work.
//! That every language has the same messages is checked beside the loader (`lang::messages`).

use std::collections::BTreeSet;
use std::path::Path;

fn rust_sources(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The ids of the messages (not terms, not comments) in a Fluent file: `id = …` at a line's start.
fn ftl_ids(source: &str) -> BTreeSet<String> {
    source
        .lines()
        .filter_map(|line| {
            let (id, _) = line.split_once(" =")?;
            let starts_with_letter = id.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
            (starts_with_letter && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .then(|| id.to_string())
        })
        .collect()
}

/// The ids the code names: the string literal after each of the message functions.
fn named_ids(sources: &[String]) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for source in sources {
        for call in ["Text::id(", "message(", "message_with(", "message_in(lang,", "message_with_in(lang,"] {
            for (at, _) in source.match_indices(call) {
                // `get_message("…")` is Fluent's own lookup, not a message of ours
                if source[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                // rustfmt may break the line after the parenthesis
                let Some(rest) = source[at + call.len()..].trim_start().strip_prefix('"') else { continue };
                if let Some(end) = rest.find('"') {
                    ids.insert(rest[..end].to_string());
                }
            }
        }
    }
    ids
}

#[test]
fn the_code_and_the_messages_name_the_same_ids() {
    let mut sources = Vec::new();
    rust_sources(Path::new("src"), &mut sources);
    let named = named_ids(&sources);
    let english = ftl_ids(&std::fs::read_to_string("locales/en.ftl").unwrap());
    let missing: Vec<_> = named.difference(&english).collect();
    assert!(missing.is_empty(), "the code names messages locales/en.ftl lacks: {missing:?}");
    let literals: String = sources.concat();
    let unused: Vec<_> = english.iter().filter(|id| !literals.contains(&format!("\"{id}\""))).collect();
    assert!(unused.is_empty(), "locales/en.ftl has messages no code names: {unused:?}");
    assert!(named.len() > 500, "{} ids found: the search has stopped finding them", named.len());
}

#[test]
fn the_id_search_finds_each_way_of_naming_a_message() {
    let code = vec![
        r#"const A: Text = Text::id("a-text"); message("b-plain"); message_with("c-args", &[]); message_with(
    "d-wrapped", &[]); get_message("no")"#
            .to_string(),
    ];
    let found: Vec<String> = named_ids(&code).into_iter().collect();
    assert_eq!(found, ["a-text", "b-plain", "c-args", "d-wrapped"]);
    assert_eq!(
        ftl_ids("# a comment\nx-y = 1\n    continued = no\n-term = t\nz = 2\n"),
        ["x-y", "z"].map(String::from).into()
    );
}

//! The message files and the code agree: every message the code names (`Text::id("…")`,
//! `message("…")`, `message_with("…", …)`) is in `locales/en.ftl`, and every message of the file
//! is named somewhere in the code, in one of those calls or as a string literal a function
//! chooses between (`if focused { "prose-more-above-focused" } …`): a message no screen can show
//! is a translator's wasted work.
//! That every language has the same messages is checked beside the loader (`lang::messages`).

use std::collections::BTreeSet;
use std::path::Path;

mod ftl;

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

/// The variables a message's text reads: `{ $every }` gives `every`.
fn variables(text: &str) -> BTreeSet<String> {
    text.match_indices('$')
        .map(|(at, _)| {
            text[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect()
        })
        .collect()
}

/// Every `message_with("id", &[("name", …), …])` whose id and argument list are written out:
/// (id, the names given).
fn calls_with_arguments(source: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut calls = Vec::new();
    for (at, _) in source.match_indices("message_with(") {
        if source[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(rest) = source[at + "message_with(".len()..].trim_start().strip_prefix('"') else { continue };
        let Some(end) = rest.find('"') else { continue };
        let id = rest[..end].to_string();
        let Some(list) = rest[end + 1..].trim_start().strip_prefix(',').map(str::trim_start) else { continue };
        let Some(list) = list.strip_prefix("&[") else { continue }; // arguments built elsewhere
        // the names: each `("name",` up to the list's closing bracket at depth 0
        let mut depth = 0;
        let mut names = BTreeSet::new();
        let bytes: Vec<char> = list.chars().collect();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                '[' | '(' | '{' => depth += 1,
                ']' | ')' | '}' if depth == 0 => break,
                ']' | ')' | '}' => depth -= 1,
                '"' if depth == 1 => {
                    let name: String = bytes[i + 1..].iter().take_while(|c| **c != '"').collect();
                    if bytes.get(i + name.chars().count() + 2) == Some(&',') {
                        names.insert(name.clone());
                    }
                    i += name.chars().count() + 1;
                }
                _ => {}
            }
            i += 1;
        }
        calls.push((id, names));
    }
    calls
}

/// A message is given every variable it reads, in every language: Fluent would write a missing
/// one as `{$name}` on the learner's screen.
#[test]
fn every_call_gives_the_variables_its_message_reads() {
    let mut sources = Vec::new();
    rust_sources(Path::new("src"), &mut sources);
    let files: Vec<(String, std::collections::HashMap<String, String>)> =
        ["en", "zh"].iter().map(|code| (code.to_string(), ftl::messages(code).into_iter().collect())).collect();
    let mut checked = 0;
    let mut missing = Vec::new();
    for (id, given) in sources.iter().flat_map(|s| calls_with_arguments(s)) {
        for (code, texts) in &files {
            let Some(text) = texts.get(&id) else { continue }; // the id test above reports it
            let lacking: Vec<_> = variables(text).difference(&given).cloned().collect();
            if !lacking.is_empty() {
                missing.push(format!("{id} ({code}) reads {lacking:?}, given {given:?}"));
            }
        }
        checked += 1;
    }
    assert!(missing.is_empty(), "calls that leave a message's variables out:\n{}", missing.join("\n"));
    assert!(checked > 300, "{checked} calls read: the search has stopped finding them");
}

#[test]
fn the_argument_search_reads_names_and_nothing_else() {
    let code = r#"message_with("a-b", &[("every", &every), ("v", &format!("{v:.1}", v = x)), ("n", &(1, "x"))])"#;
    let calls = calls_with_arguments(code);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].0, "a-b");
    assert_eq!(calls[0].1, ["every", "n", "v"].map(String::from).into());
    assert_eq!(variables("{ $every } steps, { $n -> [one] x *[other] y }"), ["every", "n"].map(String::from).into());
}

/// No message is written twice in a file: Fluent would silently keep the last.
#[test]
fn no_message_is_written_twice() {
    for code in ["en", "zh"] {
        let source = std::fs::read_to_string(format!("locales/{code}.ftl")).unwrap();
        let mut seen = BTreeSet::new();
        let twice: Vec<_> = source
            .lines()
            .filter_map(|line| ftl_ids(line).into_iter().next())
            .filter(|id| !seen.insert(id.clone()))
            .collect();
        assert!(twice.is_empty(), "locales/{code}.ftl writes these twice: {twice:?}");
    }
}

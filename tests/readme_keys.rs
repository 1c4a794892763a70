//! The keys the documents list are the keys the program reads. `app/bindings.rs` is the one table
//! of key bindings (what `?` shows, what the dispatch reads); the guide (`docs/guide.md`) lists
//! every key of every mode in tables marked `<!-- keys: MODE ... -->`, and the READMEs list the
//! first five minutes' keys in a table marked `<!-- keys: first five minutes -->`. A key missing
//! from a list, or a key listed that the table does not define, fails here.
//!
//! A keys table is a markdown table right after its marker whose first column holds the keys, each
//! in backticks (`` `→` `l` `space` `n` ``), named as `key_name` names them. Also checked: the
//! frame each README shows near its top is still the committed snapshot it names.

use ratatui::crossterm::event::KeyCode;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use transformer_tutor::app::bindings::{BINDINGS, Key};
use transformer_tutor::app::keymap::Mode;

/// The modes as the guide's markers name them.
const MODES: [(&str, Mode); 5] = [
    ("lesson", Mode::Lesson),
    ("list", Mode::List),
    ("input", Mode::Input),
    ("cell", Mode::Cell),
    ("train", Mode::Train),
];

/// The README's marker, and the keys of the first five minutes (issue 37: → ← . , ? z q).
const FIRST_FIVE: &str = "first five minutes";
const FIRST_FIVE_KEYS: [&str; 7] = ["→", "←", ".", ",", "?", "z", "q"];

type KeysByMode = BTreeMap<String, BTreeSet<String>>;

/// A key as the documents write it.
fn key_name(key: Key) -> String {
    match key {
        Key::Code(code) => match code {
            KeyCode::Char(' ') => "space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Left => "←".to_string(),
            KeyCode::Right => "→".to_string(),
            KeyCode::Up => "↑".to_string(),
            KeyCode::Down => "↓".to_string(),
            KeyCode::Home => "Home".to_string(),
            KeyCode::End => "End".to_string(),
            KeyCode::PageUp => "PgUp".to_string(),
            KeyCode::PageDown => "PgDn".to_string(),
            KeyCode::Enter => "Enter".to_string(),
            KeyCode::Esc => "Esc".to_string(),
            KeyCode::Tab => "Tab".to_string(),
            KeyCode::BackTab => "Shift-Tab".to_string(),
            KeyCode::Backspace => "Backspace".to_string(),
            other => panic!("bindings.rs binds {other:?}: give it a name here and list it in docs/guide.md"),
        },
        // Ctrl (or Alt) with the letter; the guide says Alt works too
        Key::Chord(c) | Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
        Key::AnyChar => "any character".to_string(),
        Key::WheelUp => "wheel up".to_string(),
        Key::WheelDown => "wheel down".to_string(),
    }
}

/// Every key `bindings.rs` defines, by mode.
fn defined() -> KeysByMode {
    let mut keys = KeysByMode::new();
    for (name, mode) in MODES {
        let of_mode: BTreeSet<String> = BINDINGS
            .iter()
            .filter(|b| b.modes.contains(&mode))
            .flat_map(|b| b.keys.iter().map(|&(key, _)| key_name(key)))
            .collect();
        keys.insert(name.to_string(), of_mode);
    }
    keys
}

/// One keys table of a document: what its marker says it lists, and the keys of its rows.
#[derive(Debug)]
struct KeysTable {
    marker: String,
    /// The line of the marker, from 1.
    line: usize,
    keys: BTreeSet<String>,
}

/// Every keys table of `text`. A marker not followed by a table, a row whose first column is not
/// backticked keys, or a table without rows is an error.
fn keys_tables(text: &str) -> Result<Vec<KeysTable>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut tables = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(marker) = lines[i].trim().strip_prefix("<!-- keys:").and_then(|m| m.strip_suffix("-->")) else {
            i += 1;
            continue;
        };
        let at = i + 1;
        let mut j = i + 1;
        while j < lines.len() && lines[j].trim().is_empty() {
            j += 1;
        }
        let is_row = |k: usize| k < lines.len() && lines[k].trim_start().starts_with('|');
        if !is_row(j) || !is_row(j + 1) || !lines[j + 1].contains("---") {
            return Err(format!("line {at}: the keys marker is not followed by a table (a header and a | --- | line)"));
        }
        let mut keys = BTreeSet::new();
        let mut row = j + 2;
        while is_row(row) {
            for key in row_keys(lines[row]).map_err(|e| format!("line {}: {e}", row + 1))? {
                keys.insert(key);
            }
            row += 1;
        }
        if row == j + 2 {
            return Err(format!("line {at}: the keys table has no rows"));
        }
        tables.push(KeysTable { marker: marker.trim().to_string(), line: at, keys });
        i = row;
    }
    Ok(tables)
}

/// The keys in the first column of a table row: backticked names, with nothing else but spaces
/// and `/` between them.
fn row_keys(row: &str) -> Result<Vec<String>, String> {
    let cell = row.trim_start().strip_prefix('|').unwrap_or(row);
    let mut keys = Vec::new();
    let mut rest = cell;
    loop {
        let next = rest.find(['`', '|']).ok_or_else(|| format!("a row without a second column: {row}"))?;
        let between = &rest[..next];
        if !between.chars().all(|c| c.is_whitespace() || c == '/') {
            return Err(format!("the first column holds {between:?} outside backticks: {row}"));
        }
        if rest[next..].starts_with('|') {
            break;
        }
        let after = &rest[next + 1..];
        let close = after.find('`').ok_or_else(|| format!("an unclosed backtick: {row}"))?;
        let key = &after[..close];
        if key.trim().is_empty() || key != key.trim() {
            return Err(format!("an empty or padded key {key:?}: {row}"));
        }
        keys.push(key.to_string());
        rest = &after[close + 1..];
    }
    if keys.is_empty() {
        return Err(format!("no key in the first column: {row}"));
    }
    Ok(keys)
}

/// The keys the guide's tables list, by mode; its markers must name modes.
fn listed_by_mode(tables: &[KeysTable]) -> Result<KeysByMode, String> {
    let mut listed = KeysByMode::new();
    for table in tables {
        for mode in table.marker.split([' ', ',']).filter(|m| !m.is_empty()) {
            if !MODES.iter().any(|(name, _)| *name == mode) {
                return Err(format!("line {}: `{mode}` is no mode (lesson, list, input, cell, train)", table.line));
            }
            listed.entry(mode.to_string()).or_default().extend(table.keys.iter().cloned());
        }
    }
    Ok(listed)
}

/// What the listed keys lack and what they have too many of, mode by mode; empty when they agree.
fn differences(defined: &KeysByMode, listed: &KeysByMode) -> Vec<String> {
    let empty = BTreeSet::new();
    let mut problems = Vec::new();
    for (mode, keys) in defined {
        let have = listed.get(mode).unwrap_or(&empty);
        let missing: Vec<&String> = keys.difference(have).collect();
        let extra: Vec<&String> = have.difference(keys).collect();
        if !missing.is_empty() {
            problems.push(format!("{mode}: bindings.rs defines {missing:?}, which the guide does not list"));
        }
        if !extra.is_empty() {
            problems.push(format!("{mode}: the guide lists {extra:?}, which bindings.rs does not define"));
        }
    }
    problems
}

/// The guide's keys against the table: empty when they agree.
fn check_guide(text: &str, defined: &KeysByMode) -> Vec<String> {
    let tables = match keys_tables(text) {
        Ok(tables) => tables,
        Err(e) => return vec![e],
    };
    if let Some(t) = tables.iter().find(|t| t.marker == FIRST_FIVE) {
        return vec![format!("line {}: the guide lists every key, not the first five minutes'", t.line)];
    }
    match listed_by_mode(&tables) {
        Ok(listed) => differences(defined, &listed),
        Err(e) => vec![e],
    }
}

/// A README's first five minutes against the seven keys and the lesson's bindings: empty when
/// they agree.
fn check_readme(text: &str, defined: &KeysByMode) -> Vec<String> {
    let tables = match keys_tables(text) {
        Ok(tables) => tables,
        Err(e) => return vec![e],
    };
    let lists: Vec<&KeysTable> = tables.iter().filter(|t| t.marker == FIRST_FIVE).collect();
    let [list] = lists[..] else {
        return vec![format!("{} tables marked `<!-- keys: {FIRST_FIVE} -->`, not one", lists.len())];
    };
    let want: BTreeSet<String> = FIRST_FIVE_KEYS.iter().map(|k| k.to_string()).collect();
    let mut problems = Vec::new();
    let missing: Vec<&String> = want.difference(&list.keys).collect();
    let extra: Vec<&String> = list.keys.difference(&want).collect();
    if !missing.is_empty() {
        problems.push(format!("the first five minutes lack {missing:?}"));
    }
    if !extra.is_empty() {
        problems.push(format!("the first five minutes list {extra:?} besides → ← . , ? z q"));
    }
    let undefined: Vec<&String> = list.keys.iter().filter(|k| !defined["lesson"].contains(*k)).collect();
    if !undefined.is_empty() {
        problems
            .push(format!("the first five minutes list {undefined:?}, which bindings.rs does not bind in a lesson"));
    }
    problems
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_guide_lists_exactly_the_keys_bindings_rs_defines() {
    let defined = defined();
    for (mode, keys) in &defined {
        assert!(!keys.is_empty(), "no key read in {mode}: is the table read?");
    }
    let problems = check_guide(&read("docs/guide.md"), &defined);
    assert!(problems.is_empty(), "docs/guide.md#keys and src/app/bindings.rs disagree:\n{}", problems.join("\n"));
}

#[test]
fn the_readmes_first_five_minutes_are_the_seven_keys_and_bound_in_a_lesson() {
    let defined = defined();
    for readme in ["README.md", "README.zh-CN.md"] {
        let problems = check_readme(&read(readme), &defined);
        assert!(problems.is_empty(), "{readme}:\n{}", problems.join("\n"));
    }
}

#[test]
fn the_checks_fail_on_a_missing_an_extra_or_a_malformed_key() {
    let defined = defined();
    // a guide written from the table passes ...
    let table = |marker: &str, keys: &BTreeSet<String>| {
        let rows: String = keys.iter().map(|k| format!("| `{k}` | something |\n")).collect();
        format!("<!-- keys: {marker} -->\n| keys | what |\n| --- | --- |\n{rows}\n")
    };
    let guide: String = defined.iter().map(|(mode, keys)| table(mode, keys)).collect();
    assert_eq!(check_guide(&guide, &defined), Vec::<String>::new());
    // ... and fails without one key of a mode, or with one key too many
    let mut fewer = defined.clone();
    let dropped = fewer.get_mut("lesson").unwrap().pop_first().unwrap();
    let guide_fewer: String = fewer.iter().map(|(mode, keys)| table(mode, keys)).collect();
    let problems = check_guide(&guide_fewer, &defined);
    assert!(problems.len() == 1 && problems[0].contains(&format!("{dropped:?}")), "{problems:?}");
    let mut more = defined.clone();
    more.get_mut("train").unwrap().insert("F13".to_string());
    let guide_more: String = more.iter().map(|(mode, keys)| table(mode, keys)).collect();
    let problems = check_guide(&guide_more, &defined);
    assert!(
        problems.len() == 1 && problems[0].contains("\"F13\"") && problems[0].contains("does not define"),
        "{problems:?}"
    );
    // a mode without a table, a marker naming no mode, keys outside backticks
    let no_cell: String = defined.iter().filter(|(m, _)| *m != "cell").map(|(m, k)| table(m, k)).collect();
    assert!(check_guide(&no_cell, &defined).iter().any(|p| p.starts_with("cell:")));
    assert!(check_guide(&table("lessons", &defined["lesson"]), &defined)[0].contains("`lessons` is no mode"));
    assert!(row_keys("| → or l | next |").is_err());
    assert_eq!(row_keys("| `g` `Home` / `G` | x |").unwrap(), ["g", "Home", "G"]);
    assert!(keys_tables("<!-- keys: lesson -->\n\nno table here\n").is_err());

    // the README's list: the seven pass; one missing, one more, or one the lesson does not bind fails
    let seven: BTreeSet<String> = FIRST_FIVE_KEYS.iter().map(|k| k.to_string()).collect();
    assert_eq!(check_readme(&table(FIRST_FIVE, &seven), &defined), Vec::<String>::new());
    let mut six = seven.clone();
    six.remove("z");
    assert!(check_readme(&table(FIRST_FIVE, &six), &defined)[0].contains("lack [\"z\"]"));
    let mut eight = seven.clone();
    eight.insert("Y".to_string());
    let problems = check_readme(&table(FIRST_FIVE, &eight), &defined);
    assert!(problems.iter().any(|p| p.contains("\"Y\"") && p.contains("does not bind")), "{problems:?}");
    assert!(check_readme("no list at all", &defined)[0].contains("0 tables"));
}

/// The lines of a frame in an insta snapshot: `TestBackend`'s text (each line `"…"`, perhaps with a
/// note on the cells hidden by wide characters) or `ui::frame::buffer_text`'s plain lines.
fn snapshot_frame(snapshot: &str) -> Vec<String> {
    let body = snapshot.splitn(3, "---\n").nth(2).expect("an insta header between two --- lines");
    body.lines()
        .map(|line| match line.strip_prefix('"') {
            Some(quoted) => {
                let quoted = quoted.split("\" Hidden by multi-width symbols:").next().unwrap();
                quoted.strip_suffix('"').unwrap_or(quoted).trim_end().to_string()
            }
            None => line.trim_end().to_string(),
        })
        .collect()
}

#[test]
fn each_readmes_frame_is_the_committed_snapshot_it_names() {
    for readme in ["README.md", "README.zh-CN.md"] {
        let text = read(readme);
        let at = text.find("tests/snapshots/").unwrap_or_else(|| panic!("{readme} names no snapshot"));
        let name = &text[at..at + text[at..].find(".snap").expect("a .snap file") + ".snap".len()];
        let block = text.split("```text\n").nth(1).unwrap_or_else(|| panic!("{readme} has no ```text frame"));
        let shown: Vec<String> =
            block.split("\n```").next().unwrap().lines().map(|l| l.trim_end().to_string()).collect();
        assert_eq!(shown, snapshot_frame(&read(name)), "{readme}'s frame is no longer {name}: paste it again");
    }
}

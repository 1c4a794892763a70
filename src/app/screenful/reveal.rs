//! What a text view opens on: the lines of a view that scrolls (the pipeline list, the tokens,
//! the rnn table, the probes' sections) that hold what the beat names, each with a weight. Its ▶
//! line (the stage or row the beat is on) must show; then the first line holding each
//! backticked name (`enc.1.norm2.out`, `tgt ids`), each decimal, shape and row of ids the prose
//! quotes, and the line a question's answer stands on, weighed by the quote's length (a longer quote is the more particular: `0.000409`
//! before `0.5`). The ui scrolls the view to where the weights inside the pane add up most
//! (`ui::views::lines::first_row`).

use crate::app::state::App;
use crate::app::theme::SELECTED_MARK;
use crate::app::view_data::LinesData;

/// The weight of the ▶ line: more than every quote of a beat together.
pub const MUST_SHOW: usize = 1 << 20;

/// A line the beat names: `line`, through `through` when it heads a section (after a blank line,
/// its lines up to the next blank one: the probes' `after enc.1.norm2.out`), and its weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reveal {
    pub line: usize,
    pub through: usize,
    pub weight: usize,
}

/// The lines of `data` the beat `app` is on names, each once, with its weight.
pub(super) fn lines(app: &App, data: &LinesData) -> Vec<Reveal> {
    let texts: Vec<String> = data.lines.iter().map(|l| l.iter().map(|p| p.text.as_str()).collect()).collect();
    let blank = |i: usize| texts.get(i).is_none_or(|t| t.trim().is_empty());
    let through = |line: usize| {
        if line > 0 && blank(line - 1) && !blank(line + 1) {
            (line + 1..=texts.len()).find(|&i| blank(i)).unwrap_or(texts.len()) - 1
        } else {
            line
        }
    };
    let marked = texts.iter().position(|t| t.trim_start().starts_with(SELECTED_MARK));
    let mut out: Vec<Reveal> =
        marked.map(|line| Reveal { line, through: line, weight: MUST_SHOW }).into_iter().collect();
    // the line a question's answer is a value on (withheld until answered, then read there)
    if let Some(expected) = app.question().and(app.expected_answer()) {
        for (line, _) in data.answering(&expected).into_iter().filter(|(_, value)| value.is_some()) {
            out.push(Reveal { line, through: line, weight: expected.chars().count() });
        }
    }
    let prose = app.plain_text_of_beat(app.beat());
    for item in named(&prose) {
        let found = texts.iter().position(|t| match &item {
            Named::Text(s) => holds(t, s),
            Named::Ids(ids) => holds_ids(t, ids),
        });
        let weight = match &item {
            Named::Text(s) => s.chars().count(),
            Named::Ids(ids) => ids.iter().map(|s| s.len() + 1).sum(),
        };
        if let Some(line) = found
            && !out.iter().any(|r| r.line == line)
        {
            out.push(Reveal { line, through: through(line), weight });
        }
    }
    out
}

/// Something the prose names that a line may hold.
#[derive(Debug, PartialEq)]
enum Named {
    /// A backticked name of three or more characters, or a decimal.
    Text(String),
    /// A row of three or more whole numbers (token ids).
    Ids(Vec<String>),
}

/// What `prose` names, in its order: backticked names, decimals, rows of ids and shapes.
fn named(prose: &str) -> Vec<Named> {
    let mut out: Vec<(usize, Named)> = Vec::new();
    let mut at = 0;
    for (i, part) in prose.split('`').enumerate() {
        let name = part.trim();
        if i % 2 == 1 && name.chars().count() >= 3 {
            out.push((at, Named::Text(name.to_string())));
        }
        at += part.len() + 1;
    }
    let chars: Vec<(usize, char)> = prose.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].1.is_ascii_digit() && (i == 0 || !is_number_char(chars[i - 1].1));
        if !starts {
            i += 1;
            continue;
        }
        let start = chars[i].0;
        let mut end = i;
        while end < chars.len() && (is_number_char(chars[end].1) || chars[end].1 == ' ') {
            end += 1;
        }
        let run = prose[start..chars.get(end).map_or(prose.len(), |c| c.0)].trim_end_matches([' ', '.']);
        let words: Vec<String> = run.split(' ').map(str::to_string).collect();
        if words.len() >= 3 && words.iter().all(|w| w.chars().all(|c| c.is_ascii_digit())) {
            out.push((start, Named::Ids(words)));
        } else {
            out.extend(words.into_iter().filter(|w| w.contains('.')).map(|w| (start, Named::Text(w))));
        }
        i = end;
    }
    // shapes, `(2, 1, 1, 5)`
    for (at, _) in prose.match_indices('(') {
        let Some(end) = prose[at..].find(')') else { continue };
        let parts: Vec<&str> = prose[at + 1..at + end].split(", ").collect();
        if parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) {
            out.push((at, Named::Text(prose[at..=at + end].to_string())));
        }
    }
    out.sort_by_key(|(at, _)| *at);
    out.into_iter().map(|(_, n)| n).collect()
}

fn is_number_char(c: char) -> bool {
    c.is_ascii_digit() || c == '.'
}

/// Whether `line` holds `name` with no letter, digit or point either side.
fn holds(line: &str, name: &str) -> bool {
    line.match_indices(name).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '.') && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Whether `line` shows the numbers of `ids` in order, with any spacing between them.
fn holds_ids(line: &str, ids: &[String]) -> bool {
    let words: Vec<&str> =
        line.split(|c: char| c.is_whitespace() || matches!(c, ':' | ',')).filter(|w| !w.is_empty()).collect();
    words.windows(ids.len()).any(|w| w.iter().zip(ids).all(|(a, b)| a == b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prose_names_names_decimals_and_ids_in_order() {
        let prose =
            "Look under `enc.1.norm2.out`; 0.000409 ends it; ids 2 74 19 3 0 0. Then `tgt ids` and `a`, (2, 8).";
        let names = named(prose);
        let ids = ["2", "74", "19", "3", "0", "0"].map(String::from).to_vec();
        let want = vec![
            Named::Text("enc.1.norm2.out".into()),
            Named::Text("0.000409".into()),
            Named::Ids(ids),
            Named::Text("tgt ids".into()),
            Named::Text("(2, 8)".into()),
        ];
        assert_eq!(names, want);
    }

    #[test]
    fn a_name_is_held_only_whole() {
        assert!(holds("after enc.1.norm2.out", "enc.1.norm2.out"));
        assert!(!holds("after enc.1.norm2.outer", "enc.1.norm2.out"));
        assert!(!holds("0.0004091", "0.000409"));
        assert!(!holds("10.5", "0.5"));
        assert!(holds_ids("ids    2 74  19 3 0 0", &["2", "74", "19"].map(String::from)));
        assert!(!holds_ids("ids 12 74 19", &["2", "74", "19"].map(String::from)));
    }
}

//! What a text view opens on: the lines of a view that scrolls (the pipeline list, the tokens,
//! the rnn table, the probes' sections) that hold what the beat names, each with a weight. Its ▶
//! line (the stage or row the beat is on) must show; then the first line holding each
//! backticked name (`enc.1.norm2.out`, `tgt ids`), each decimal, shape and row of ids the prose
//! quotes, and the line a question's answer stands on, weighed by the quote's length (a longer quote is the more particular: `0.000409`
//! before `0.5`); once the question is answered, the lines that answer it come before the prose's
//! quotes, and the explanation's quotes join them. The frame scrolls the view to where the weights inside the pane add up
//! most, or folds it (`lines_plan.rs`).

use crate::app::state::App;
use crate::app::theme::SELECTED_MARK;
use crate::app::view_data::{LinesData, Role};

/// The weight of the ▶ line: more than every quote of a beat together.
pub const MUST_SHOW: usize = 1 << 20;

/// The weight of a line that answers the beat's question, once answered or given up: less than
/// the ▶ line's, more than every quote of the prose together.
const ANSWERED: usize = 1 << 16;

/// The weight of the section of the operation the beat is on: less than any quote of the prose
/// (which name what the beat points at more closely), so that it decides only where they do not.
const FOCUSED: usize = 1;

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
    // the section of the operation the beat is on, drawn strong (the probes' `after
    // enc.1.norm2.out`), with its rows, where the prose quotes nothing else (its rows' answers
    // may be withheld: the learner still sees where to look)
    let heads = |i: usize| i > 0 && blank(i - 1) && data.lines[i].first().is_some_and(|p| p.role == Role::Strong);
    if let Some(line) = (0..texts.len()).find(|&i| Some(i) != marked && heads(i)) {
        out.push(Reveal { line, through: through(line), weight: FOCUSED });
    }
    // the line a question's answer is a value on (withheld until answered, then read there);
    // once answered or given up, every line that answers it, before all the prose quotes, and
    // what the explanation quotes with the prose
    let answered = app.question().is_some() && app.attempt().is_done();
    if let Some(expected) = app.question().and(app.expected_answer()) {
        for (line, value) in data.answering(&expected) {
            if answered {
                out.push(Reveal { line, through: line, weight: ANSWERED });
            } else if value.is_some() {
                out.push(Reveal { line, through: line, weight: expected.chars().count() });
            }
        }
        if answered {
            out.extend(data.answer_rows().into_iter().map(|line| Reveal { line, through: line, weight: ANSWERED }));
        }
    }
    let prose = quoted(app);
    // the names first: a number or shape on a line already named needs no other line
    let mut items = named(&prose);
    items.sort_by_key(|item| !matches!(item, Named::Name(_)));
    for item in items {
        let held = |t: &String| match &item {
            Named::Name(s) | Named::Text(s) => holds(t, s),
            Named::Ids(ids) => holds_ids(t, ids),
            Named::Chars(chars) => holds_chars(t, chars),
        };
        if out.iter().any(|r| texts.get(r.line).is_some_and(held)) {
            continue;
        }
        let weight = match &item {
            Named::Name(s) | Named::Text(s) => s.chars().count(),
            Named::Ids(ids) => ids.iter().map(|s| s.len() + 1).sum(),
            Named::Chars(chars) => 2 * chars.chars().count(),
        };
        if let Some(line) = texts.iter().position(held) {
            out.push(Reveal { line, through: through(line), weight });
        }
    }
    out
}

/// What the learner reads on this beat: its prose, and once its question is answered or given
/// up, the answer (in backticks) and the explanation.
pub(super) fn quoted(app: &App) -> String {
    let mut prose = app.plain_text_of_beat(app.beat());
    if app.question().is_some() && app.attempt().is_done() {
        prose.extend(app.expected_answer().map(|a| format!(" `{a}` ")));
        prose.extend(app.explain_text());
    }
    prose
}

/// The shapes `text` writes, `(2, 1, 1, 5)`, with where each starts.
pub(super) fn shapes(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices('(') {
        let Some(end) = text[at..].find(')') else { continue };
        let parts: Vec<&str> = text[at + 1..at + end].split(", ").collect();
        if parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) {
            out.push((at, text[at..=at + end].to_string()));
        }
    }
    out
}

/// Something the prose names that a line may hold.
#[derive(Debug, PartialEq)]
enum Named {
    /// A backticked name of three or more characters.
    Name(String),
    /// A decimal or a shape.
    Text(String),
    /// A row of three or more whole numbers (token ids).
    Ids(Vec<String>),
    /// Three or more Chinese characters written one by one (`我 有 一 只 猫`) or quoted
    /// (“我没有猫”): a sentence.
    Chars(String),
}

/// What `prose` names, in its order: backticked names, decimals, rows of ids and shapes.
fn named(prose: &str) -> Vec<Named> {
    let mut out: Vec<(usize, Named)> = Vec::new();
    let mut at = 0;
    for (i, part) in prose.split('`').enumerate() {
        let name = part.trim();
        if i % 2 == 1 && name.chars().count() >= 3 {
            out.push((at, Named::Name(name.to_string())));
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
    out.extend(shapes(prose).into_iter().map(|(at, shape)| (at, Named::Text(shape))));
    // Chinese characters one by one, `我 有 一 只 猫`
    let mut run: Option<(usize, String)> = None;
    for (at, word) in prose.split(' ').scan(0, |at, w| {
        let start = *at;
        *at += w.len() + 1;
        Some((start, w))
    }) {
        let han = word.chars().count() == 1 && word.chars().all(is_han);
        match (&mut run, han) {
            (Some((_, chars)), true) => chars.push_str(word),
            (None, true) => run = Some((at, word.to_string())),
            (_, false) => {
                out.extend(run.take().filter(|(_, c)| c.chars().count() >= 3).map(|(at, c)| (at, Named::Chars(c))))
            }
        }
    }
    out.extend(run.filter(|(_, c)| c.chars().count() >= 3).map(|(at, c)| (at, Named::Chars(c))));
    // a sentence in Chinese quotation marks, “我没有猫”
    for (at, _) in prose.match_indices('“') {
        let inside = &prose[at + '“'.len_utf8()..];
        let Some(end) = inside.find('”') else { continue };
        let quote = &inside[..end];
        if quote.chars().count() >= 3 && quote.chars().all(is_han) {
            out.push((at, Named::Chars(quote.to_string())));
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

fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// Whether `line` shows the characters `chars`, together or one by one.
fn holds_chars(line: &str, chars: &str) -> bool {
    let spaced: Vec<String> = chars.chars().map(String::from).collect();
    line.contains(chars) || line.contains(&spaced.join(" "))
}

/// Whether `line` shows the numbers of `ids` in order, with any spacing between them.
fn holds_ids(line: &str, ids: &[String]) -> bool {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '：' | '，'))
        .filter(|w| !w.is_empty())
        .collect();
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
            Named::Name("enc.1.norm2.out".into()),
            Named::Text("0.000409".into()),
            Named::Ids(ids),
            Named::Name("tgt ids".into()),
            Named::Text("(2, 8)".into()),
        ];
        assert_eq!(names, want);
    }

    #[test]
    fn a_sentence_written_one_by_one_is_named() {
        assert_eq!(named("Sentence 1, 我 有 一 只 猫 <pad>, takes"), vec![Named::Chars("我有一只猫".into())]);
        assert!(named("法国 … 法语 我 有").is_empty());
        assert_eq!(named("回到“我没有猫”：它"), vec![Named::Chars("我没有猫".into())]);
        assert!(holds_chars("on 我有一只猫: T = 5", "我有一只猫"));
        assert!(holds_chars("row 我 有 一 只 猫", "我有一只猫"));
        assert!(!holds_chars("on 我有一只狗", "我有一只猫"));
    }

    #[test]
    fn a_name_is_held_only_whole() {
        assert!(holds("after enc.1.norm2.out", "enc.1.norm2.out"));
        assert!(!holds("after enc.1.norm2.outer", "enc.1.norm2.out"));
        assert!(!holds("0.0004091", "0.000409"));
        assert!(!holds("10.5", "0.5"));
        assert!(holds_ids("ids    2 74  19 3 0 0", &["2", "74", "19"].map(String::from)));
        assert!(!holds_ids("ids 12 74 19", &["2", "74", "19"].map(String::from)));
        assert!(holds_ids("第 1 行：2 74 19", &["2", "74", "19"].map(String::from)));
    }
}

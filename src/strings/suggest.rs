//! The "did you mean" phrase, for every name the program refuses (`crate::suggest` finds them).

use crate::lang::{Lang, current};

/// `; did you mean `a`?` or `; did you mean `a`, `b` or `c`?`, to follow "no … `x`"; empty when
/// nothing is close.
pub fn did_you_mean(options: &[&str]) -> String {
    let quoted: Vec<String> = options.iter().map(|o| format!("`{o}`")).collect();
    match (current(), quoted.as_slice()) {
        (_, []) => String::new(),
        (Lang::En, [one]) => format!("; did you mean {one}?"),
        (Lang::En, [first @ .., last]) => format!("; did you mean {} or {last}?", first.join(", ")),
        (Lang::Zh, [one]) => format!("；你是不是想输入 {one}？"),
        (Lang::Zh, [first @ .., last]) => format!("；你是不是想输入 {} 或 {last}？", first.join("、")),
    }
}

/// The closest of `candidates` to `wrong`, phrased (see `did_you_mean`).
pub fn suggestion<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(&crate::suggest::closest(wrong, candidates))
}

/// `suggestion` in English whatever the screen's language: the lesson loader's messages are for
/// lesson authors, in English like lessons/FORMAT.md, and a Chinese phrase inside one would read
/// half and half.
pub fn suggestion_for_authors<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    crate::lang::with(Lang::En, || suggestion(wrong, candidates))
}

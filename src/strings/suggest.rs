//! The "did you mean" phrase, for every name the program refuses (`crate::suggest` finds them).

use crate::lang::{Lang, message, message_with};

/// `a`, `a or b`, `a, b or c` (zh `a、b 或 c`): a choice, as every message that offers one says it.
pub fn one_of(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => {
            message_with("one-of", &[("rest", &rest.join(message("list-separator"))), ("last", last)])
        }
        None => String::new(),
    }
}

/// `; did you mean `a`?` or `; did you mean `a`, `b` or `c`?`, to follow "no … `x`"; empty when
/// nothing is close.
pub fn did_you_mean(options: &[&str]) -> String {
    let quoted: Vec<String> = options.iter().map(|o| format!("`{o}`")).collect();
    if quoted.is_empty() {
        return String::new();
    }
    message_with("did-you-mean", &[("of_quoted", &one_of(&quoted))])
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

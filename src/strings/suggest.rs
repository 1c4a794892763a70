//! The "did you mean" phrase, for every name the program refuses (`crate::suggest` finds them).

/// `; did you mean `a`?` or `; did you mean `a`, `b` or `c`?`, to follow "no … `x`"; empty when
/// nothing is close.
pub fn did_you_mean(options: &[&str]) -> String {
    let quoted: Vec<String> = options.iter().map(|o| format!("`{o}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => format!("; did you mean {one}?"),
        [first @ .., last] => format!("; did you mean {} or {last}?", first.join(", ")),
    }
}

/// The closest of `candidates` to `wrong`, phrased (see `did_you_mean`).
pub fn suggestion<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(&crate::suggest::closest(wrong, candidates))
}

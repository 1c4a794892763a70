//! "Did you mean": the names closest to a misspelt one. Every place that refuses a name (a lesson
//! id, an operation, a view, a fact, a what-if) asks here, and phrases the answer with
//! `strings::did_you_mean`. A leaf: it imports nothing from the crate.

/// At most this many suggestions.
const MOST: usize = 3;

/// How alike two names must be (normalised Damerau–Levenshtein, 1 = equal) to be suggested.
const ALIKE: f64 = 0.5;

/// The candidates closest to `wrong`, closest first (ties by name), at most three.
pub fn closest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::normalized_damerau_levenshtein(wrong, c), c))
        .filter(|(s, _)| *s >= ALIKE)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(MOST).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn the_closest_name_comes_first_and_strangers_are_left_out() {
        let names = ["masks", "tokens", "mask-off", "decoder"];
        assert_eq!(closest("mask", names), vec!["masks", "mask-off"]);
        assert_eq!(closest("zzz", names), Vec::<&str>::new());
    }

    #[test]
    fn at_most_three_in_a_stable_order() {
        let names = ["ab1", "ab2", "ab3", "ab4"];
        assert_eq!(closest("ab", names), vec!["ab1", "ab2", "ab3"]);
    }
}

//! Checking a learner's answer against the one computed from the run. Answers compare as lists
//! of words and numbers: case, spaces, brackets, commas and the `<>` of special tokens do not
//! matter, so `(2,4,8,5)` = `2 4 8 5`, `eos` = `<eos>`, `Cat` = `cat`. Full-width digits, letters
//! and punctuation read as their ASCII forms (`（２，４，７，６）` = `(2, 4, 7, 6)`), and Chinese
//! characters count one word each, so `8次` is `8 次`. The minus signs the tutor prints (`−0.18`,
//! U+2212) read as `-`, a shape written with an x (`4x32`, `4*32`) as `4×32`, and numbers written
//! in words as digits (`number_words`: `sixty-four`, 六十四).

/// `text` with full-width forms as ASCII (U+FF01..U+FF5E), the minus signs U+2212 and U+FE63 as
/// `-`, the ideographic space as a space, `、` as a comma and `。` as a full stop, an `x` between
/// two digits (`4x32`) as a space, and a space on each side of every wide (CJK) character.
fn ascii_forms(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let digit_at = |i: Option<usize>| i.and_then(|i| chars.get(i)).is_some_and(|c| c.is_ascii_digit());
    for (i, &c) in chars.iter().enumerate() {
        let c = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{2212}' | '\u{FE63}' => '-',
            '\u{3000}' => ' ',
            '、' => ',',
            '。' => '.',
            'x' | 'X' if digit_at(i.checked_sub(1)) && digit_at(Some(i + 1)) => ' ',
            _ => c,
        };
        if crate::text::width(c.encode_utf8(&mut [0; 4])) == 2 {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// The words and numbers of an answer, lowercased: `(2, 4, 8, 5)` → ["2", "4", "8", "5"].
/// Chinese characters count as letters, so `猫` stays `猫`; `and` between items is dropped.
pub fn normalize(answer: &str) -> Vec<String> {
    let words: Vec<String> = ascii_forms(answer)
        .split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '?' || c == '-'))
        .map(|w| w.trim_end_matches('.').to_lowercase())
        .filter(|w| !w.is_empty() && w != "and" && w != "和" && w != "-")
        .map(|w| canonical_number(&w).unwrap_or(w))
        .collect();
    // "none" in Chinese: 无, 没有
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["无"] | ["没", "有"] => vec!["none".to_string()],
        _ => words,
    }
}

/// A number written any way (`0.50`, `.5`, `+0.5`, `5e-1`) as one way (`0.5`); None for a word.
fn canonical_number(w: &str) -> Option<String> {
    if !w.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let v: f64 = w.parse().ok()?;
    Some(if v == 0.0 { "0".into() } else { format!("{v}") })
}

/// Whether `given` says the same as `expected`. A count written with thousands separators
/// (`8,544`) matches one written without (`8544`), and the other way round.
///
/// When the expected answer is only numbers, the words around the given numbers do not matter:
/// `8 times` or `8 positions` is `8`.
pub fn is_right(given: &str, expected: &str) -> bool {
    let givens = [normalize(given), normalize(&without_thousands(given))];
    let expecteds = [normalize(expected), normalize(&without_thousands(expected))];
    if givens.iter().any(|g| !g.is_empty() && expecteds.contains(g)) {
        return true;
    }
    // the numbers of `words` (number words read as digits: `six`, 六), if every other word is one
    // that only names or counts them
    let numbers = |words: &Vec<String>| -> Option<Vec<String>> {
        let words = super::number_words::spelled_numbers(words);
        words
            .iter()
            .all(|w| is_number(w) || UNIT_WORDS.contains(&w.as_str()))
            .then(|| words.iter().filter(|w| is_number(w)).cloned().collect())
    };
    expecteds.iter().any(|e| {
        !e.is_empty()
            && e.iter().all(|w| is_number(w))
            && givens.iter().any(|g| numbers(g).is_some_and(|g| same_numbers(&g, e)))
    })
}

/// Whether the numbers a learner gave are the expected ones, each as written or rounded to the
/// decimals the learner wrote (`1.38` for 1.376), as long as it keeps two significant digits
/// (`0.5` is not 0.48).
fn same_numbers(given: &[String], expected: &[String]) -> bool {
    given.len() == expected.len() && given.iter().zip(expected).all(|(g, e)| g == e || rounds_to(g, e))
}

fn rounds_to(given: &str, expected: &str) -> bool {
    let (Ok(g), Ok(e)) = (given.parse::<f64>(), expected.parse::<f64>()) else { return false };
    let decimals = given.split_once('.').map_or(0, |(_, d)| d.len());
    let expected_decimals = expected.split_once('.').map_or(0, |(_, d)| d.len());
    let significant = given.trim_start_matches(['-', '0', '.']).chars().filter(char::is_ascii_digit).count();
    let scale = 10f64.powi(decimals as i32);
    decimals >= 1 && decimals < expected_decimals && significant >= 2 && ((e * scale).round() - g * scale).abs() < 1e-6
}

/// Words that may stand around a number answer without changing it (`8 times`, `positions 5, 6`);
/// any other word (`not 8`) makes it another answer.
const UNIT_WORDS: &[&str] = &[
    "times",
    "x",
    "×",
    "positions",
    "position",
    "rows",
    "row",
    "keys",
    "key",
    "columns",
    "column",
    "heads",
    "head",
    "steps",
    "step",
    "tokens",
    "token",
    "characters",
    "character",
    "words",
    "word",
    "features",
    "parameters",
    "params",
    "about",
    "only",
    "just",
    "at",
    "is",
    "are",
    "it",
    "its",
    "the",
    // the same in Chinese, one character each (`8 次`, `第 5 个位置`, `共 8 个头`)
    "次",
    "个",
    "位",
    "置",
    "行",
    "列",
    "头",
    "步",
    "词",
    "字",
    "第",
    "共",
    "约",
    "是",
    "维",
    "号",
];

/// A normalised word that is a number.
fn is_number(w: &str) -> bool {
    w.parse::<f64>().is_ok()
}

/// When a question's answer is one token and the learner typed a position instead: the 0-based
/// and 1-based positions `given` may mean, if it is one whole number.
pub fn position_typed(given: &str) -> Option<usize> {
    match normalize(given).as_slice() {
        [one] => one.parse::<usize>().ok(),
        _ => None,
    }
}

/// A position with the token written beside it in brackets, `2 (天)`, `3（天）` or `天 (2)`: the
/// position and the token as normalized.
pub fn position_with_token(given: &str) -> Option<(usize, String)> {
    let bracketed = ascii_forms(given);
    let (before, rest) = bracketed.split_once('(')?;
    let (inside, after) = rest.split_once(')')?;
    if !after.trim().trim_matches(|c: char| c == '.' || c == '。').is_empty() {
        return None;
    }
    // the position first and the token in brackets, or the token first and its position
    let (number, word) = match position_typed(before) {
        Some(_) => (before, inside),
        None => (inside, before),
    };
    let n = position_typed(number)?;
    let [token] = normalize(word).try_into().ok()?;
    Some((n, token))
}

/// `8,544` → `8544` (full-width `８，５４４` too): a comma between a digit and exactly three digits is a thousands separator.
pub(super) fn without_thousands(s: &str) -> String {
    let chars: Vec<char> = ascii_forms(s).chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let separator = c == ','
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.len() > i + 3
            && chars[i + 1..i + 4].iter().all(|d| d.is_ascii_digit())
            && chars.get(i + 4).is_none_or(|d| !d.is_ascii_digit());
        if !separator {
            out.push(c);
        }
    }
    out
}

/// An answer that is the op after which a decoder sublayer's residual stream is read
/// (`dec.1.norm2.out`) may also be given as the logit lens's rows name it, in either language:
/// `after dec.1 cross-attention`, `dec.1 cross attention`, `dec.1 交叉注意力之后`.
pub fn names_the_sublayer(given: &str, expected: &str) -> bool {
    let parts: Vec<&str> = expected.trim().split('.').collect();
    let is_stream = matches!(parts.as_slice(), ["dec" | "enc", layer, norm, "out"]
        if layer.parse::<usize>().is_ok() && norm.starts_with("norm"));
    if !is_stream {
        return false;
    }
    // words joined, without `after`/之后 and hyphens: `dec.1crossattention`
    let key = |text: &str| -> String {
        normalize(text)
            .into_iter()
            .filter(|w| !matches!(w.as_str(), "after" | "之" | "后" | "the"))
            .collect::<String>()
            .replace('-', "")
    };
    let given = key(given);
    crate::lang::Lang::ALL.into_iter().any(|lang| {
        let named = crate::lang::with(lang, || crate::strings::lens_after(expected.trim()));
        !given.is_empty() && key(&named) == given
    })
}

/// How far a learner has got with one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Attempt {
    #[default]
    Unanswered,
    /// One wrong answer: the hint shows.
    WrongOnce,
    /// Answered right (after `tries` answers).
    Right { tries: u32 },
    /// Two wrong answers: the explanation shows, with the answer.
    GaveUp,
}

impl Attempt {
    /// The state after one more answer.
    pub fn after(self, right: bool) -> Attempt {
        match (self, right) {
            (Attempt::Unanswered, true) => Attempt::Right { tries: 1 },
            (Attempt::WrongOnce, true) => Attempt::Right { tries: 2 },
            (Attempt::Unanswered, false) => Attempt::WrongOnce,
            (Attempt::WrongOnce, false) => Attempt::GaveUp,
            (done, _) => done,
        }
    }

    /// Whether there is nothing more to answer.
    pub fn is_done(self) -> bool {
        matches!(self, Attempt::Right { .. } | Attempt::GaveUp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_compare_by_their_numbers() {
        assert!(is_right("(2,4,8,5)", "(2, 4, 8, 5)"));
        assert!(is_right("2 4 8 5", "(2, 4, 8, 5)"));
        assert!(is_right("[2, 4, 8, 5]", "(2, 4, 8, 5)"));
        assert!(!is_right("(2, 4, 5, 8)", "(2, 4, 8, 5)"));
        assert!(!is_right("(2, 4, 8)", "(2, 4, 8, 5)"));
    }

    #[test]
    fn counts_match_with_or_without_thousands_separators() {
        assert!(is_right("8544", "8,544"));
        assert!(is_right("8,544", "8,544"));
        assert!(is_right("50,289", "50289"));
        assert!(is_right("(2,512,64)", "(2, 512, 64)"));
        assert!(!is_right("8543", "8,544"));
    }

    #[test]
    fn numbers_compare_by_value_as_printed() {
        assert!(is_right(".48", "0.48"));
        assert!(is_right("0", "0.00"));
        assert!(is_right("-0.5", "-0.50"));
        assert!(is_right("5e-1", "0.50"));
        assert!(!is_right("0.49", "0.48"));
        assert!(!is_right("-0.48", "0.48"));
    }

    #[test]
    fn a_number_answer_ignores_the_words_around_it() {
        assert!(is_right("8 times", "8"));
        assert!(is_right("about 8 positions", "8"));
        assert!(is_right("rows 5, 6 and 7", "5, 6, 7"));
        assert!(!is_right("7 times", "8"));
        assert!(!is_right("8 or 9 times", "8"));
        assert!(!is_right("not 8", "8"));
        assert!(!is_right("3 and 4 are hidden, 5 too", "3, 4"));
        assert!(is_right("positions 3 and 4", "3, 4"));
        // a word answer still needs its words
        assert!(!is_right("the cat", "cat sat"));
    }

    #[test]
    fn numbers_may_be_words_or_rounded_to_the_decimals_given() {
        assert!(is_right("six rows", "6"));
        assert!(is_right("six", "6"));
        assert!(is_right("六行", "6"));
        assert!(is_right("两个", "2"));
        assert!(is_right("only position 0", "0"));
        assert!(is_right("0号", "0"));
        assert!(!is_right("seven", "6"));
        assert!(is_right("1.38", "1.376"));
        assert!(is_right("1.4", "1.376"));
        assert!(is_right("0.48", "0.4812"));
        assert!(!is_right("1.37", "1.376"));
        assert!(!is_right("0.5", "0.48"), "one significant digit is not the number");
        assert!(!is_right("1", "1.376"), "a whole number is no rounding");
        // a word answer is never read as a number
        assert!(!is_right("1", "一"));
    }

    #[test]
    fn the_minus_signs_the_tutor_prints_read_as_a_minus() {
        assert!(is_right("\u{2212}0.18", "-0.18"), "U+2212 MINUS SIGN, as the views print it");
        assert!(is_right("\u{FE63}0.18", "-0.18"), "U+FE63 SMALL HYPHEN-MINUS");
        assert!(is_right("\u{FF0D}0.18", "-0.18"), "U+FF0D FULL-WIDTH HYPHEN-MINUS");
        assert!(is_right("\u{2212}0.18", "\u{2212}0.18"));
        assert!(!is_right("\u{2212}0.18", "0.18"));
    }

    #[test]
    fn a_shape_written_with_an_x_reads_as_one_written_with_a_times() {
        assert!(is_right("4x32", "4×32"));
        assert!(is_right("4X32", "4×32"));
        assert!(is_right("4*32", "4×32"));
        assert!(is_right("4 x 32", "4×32"));
        assert!(is_right("4×32", "4x32"));
        assert!(is_right("4x32", "(4, 32)"));
        assert!(!is_right("4x33", "4×32"));
        assert!(!is_right("432", "4×32"));
        // an x that is no times sign stays a letter
        assert!(!is_right("x", "4"));
    }

    #[test]
    fn a_position_is_one_whole_number() {
        assert_eq!(position_typed("3"), Some(3));
        assert_eq!(position_typed(" 3 "), Some(3));
        assert_eq!(position_typed("3 4"), None);
        assert_eq!(position_typed("明"), None);
        assert_eq!(position_typed("0.5"), None);
    }

    #[test]
    fn words_ignore_case_and_special_token_brackets() {
        assert!(is_right("eos", "<eos>"));
        assert!(is_right("Cat", "cat"));
        assert!(is_right(" 猫 ", "猫"));
        assert!(is_right("5, 6 and 7", "5, 6, 7"));
        assert!(!is_right("dog", "cat"));
        assert!(!is_right("", "cat"));
        assert!(!is_right("   ", "none"));
    }

    #[test]
    fn chinese_and_full_width_answers_read_like_ascii() {
        assert!(is_right("（２，４，７，６）", "(2, 4, 7, 6)"));
        assert!(is_right("（2，4，7，6）", "(2, 4, 7, 6)"));
        assert!(is_right("5、6 和 7", "5, 6, 7"));
        assert!(is_right("8次", "8"));
        assert!(is_right("共 8 个头", "8"));
        assert!(is_right("０．９７", "0.97"));
        assert!(is_right("８，５４４", "8544"));
        assert!(is_right("猫。", "猫"));
        assert!(!is_right("不是 8", "8"));
        assert!(!is_right("狗", "猫"));
        assert_eq!(position_typed("第３个"), None, "a position is one bare number");
        assert_eq!(position_typed("３"), Some(3));
    }

    #[test]
    fn two_wrong_answers_give_up_and_a_right_one_ends_it() {
        let a = Attempt::default().after(false);
        assert_eq!(a, Attempt::WrongOnce);
        assert_eq!(a.after(true), Attempt::Right { tries: 2 });
        assert_eq!(a.after(false), Attempt::GaveUp);
        assert_eq!(Attempt::GaveUp.after(true), Attempt::GaveUp);
        assert!(Attempt::Right { tries: 1 }.is_done());
    }
}

//! An answer that says which way something moved: `rises`, `up`, `went up`, 上升, 变大 all say
//! it rose; `falls`, `down`, 下降 that it fell; `same`, 不变 that it stayed. A question whose
//! expected answer is a direction (the `step-direction` fact) takes any of these, in either
//! language. An answer that says both ways, or negates (`not up`, 没有上升), says none.

/// Which way a quantity moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Same,
}

const UP_WORDS: &[&str] = &[
    "rise",
    "rises",
    "rose",
    "risen",
    "rising",
    "up",
    "upward",
    "upwards",
    "higher",
    "increase",
    "increases",
    "increased",
    "increasing",
    "grow",
    "grows",
    "grew",
    "bigger",
    "larger",
    "overshoots",
    "worse",
];
const DOWN_WORDS: &[&str] = &[
    "fall",
    "falls",
    "fell",
    "fallen",
    "falling",
    "down",
    "downward",
    "downwards",
    "lower",
    "decrease",
    "decreases",
    "decreased",
    "decreasing",
    "drop",
    "drops",
    "dropped",
    "shrinks",
    "smaller",
    "better",
];
const SAME_WORDS: &[&str] = &["same", "unchanged", "equal", "flat"];
/// A negation just before a direction word takes it back (`not up`, `didn't rise`).
const NEGATIONS: &[&str] = &["not", "never", "doesn't", "didn't", "won't", "isn't", "don't", "neither", "nor"];

// Chinese, matched as substrings (no lone 大 or 高: 大概下降 says it fell)
const UP_ZH: &[&str] = &["上升", "升高", "变大", "增大", "增加", "增长", "提高", "变多", "变高", "变差", "涨", "升"];
const DOWN_ZH: &[&str] = &["下降", "降低", "变小", "减小", "减少", "变少", "变低", "变好", "跌", "降"];
const SAME_ZH: &[&str] = &["不变", "没变", "没有变", "一样", "相同", "持平"];
/// Chinese negations, when they come just before a direction word (没有上升, 不会下降).
const NEGATIONS_ZH: &[&str] = &["不会", "没有", "不", "没", "未"];
/// Words that hold 不 or 没 but negate nothing (没错, 不少).
const NOT_NEGATIONS_ZH: &[&str] = &["没错", "不少", "不错", "不小"];

/// The one direction `text` says, or None when it says none or both. A negation just before a
/// direction word takes that word back (`not up`, 没有上升: none; `won't fall, it rises`: up).
pub fn of(text: &str) -> Option<Direction> {
    let lower = text.to_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !(c.is_alphanumeric() || c == '\'')).filter(|w| !w.is_empty()).collect();
    // an English direction word counts unless a negation stands just before it
    let has = |list: &[&str]| {
        (0..words.len()).any(|i| list.contains(&words[i]) && !(i > 0 && NEGATIONS.contains(&words[i - 1])))
    };
    let same_en = has(SAME_WORDS) || lower.contains("no change");
    // the Chinese without the words that say "the same", hold a 不 that negates nothing, or are negated
    let mut zh = lower.clone();
    let same_zh = SAME_ZH.iter().any(|w| zh.contains(w));
    for w in SAME_ZH.iter().chain(NOT_NEGATIONS_ZH) {
        zh = zh.replace(w, " ");
    }
    for n in NEGATIONS_ZH {
        for d in UP_ZH.iter().chain(DOWN_ZH) {
            zh = zh.replace(&format!("{n}会{d}"), " ").replace(&format!("{n}{d}"), " ");
        }
    }
    let has_zh = |list: &[&str]| list.iter().any(|w| zh.contains(w));
    let said = [
        (Direction::Up, has(UP_WORDS) || has_zh(UP_ZH) || lower.contains('↑')),
        (Direction::Down, has(DOWN_WORDS) || has_zh(DOWN_ZH) || lower.contains('↓')),
        (Direction::Same, same_en || same_zh),
    ];
    match said.iter().filter(|(_, yes)| *yes).collect::<Vec<_>>()[..] {
        [(direction, _)] => Some(*direction),
        _ => None,
    }
}

/// Whether `given` says the direction `expected` names (both read by [`of`]).
pub fn same(given: &str, expected: &str) -> bool {
    of(expected).is_some_and(|e| of(given) == Some(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_words_in_both_languages_name_their_direction() {
        for up in ["rises", "It rose", "goes up", "higher", "上升", "升高了", "损失变大"] {
            assert_eq!(of(up), Some(Direction::Up), "{up}");
        }
        for down in ["falls", "it fell", "DOWN", "lower", "下降", "降低了", "变小"] {
            assert_eq!(of(down), Some(Direction::Down), "{down}");
        }
        for same in ["stays the same", "unchanged", "不变", "没变", "一样"] {
            assert_eq!(of(same), Some(Direction::Same), "{same}");
        }
    }

    #[test]
    fn a_no_or_a_not_elsewhere_takes_nothing_back() {
        for up in [
            "没错，上升",
            "上升不少",
            "涨了不少",
            "No, it rises",
            "It won't fall, it rises",
            "增长",
            "提高了",
            "goes upward",
            "↑",
        ] {
            assert_eq!(of(up), Some(Direction::Up), "{up}");
        }
        assert_eq!(of("no change"), Some(Direction::Same));
    }

    #[test]
    fn both_ways_a_negation_or_no_direction_say_none() {
        for none in ["up or down", "not up", "it didn't rise", "没有上升", "不会下降", "1.376", "maybe", "升还是降"]
        {
            assert_eq!(of(none), None, "{none}");
        }
    }

    #[test]
    fn an_answer_matches_the_expected_direction_in_either_language() {
        assert!(same("up", "rises"));
        assert!(same("上升", "rises"));
        assert!(same("fell", "下降"));
        assert!(!same("falls", "rises"));
        assert!(!same("rises", "1.376"));
    }
}

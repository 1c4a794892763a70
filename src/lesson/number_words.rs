//! Numbers written in words, English or Chinese, read as digits when an answer is checked:
//! `sixty-four` and `sixty four` → 64, `one hundred and twenty-eight` → 128 (the `and` is dropped
//! with the other joining words), 六十四 → 64, 两千 → 2000, 一千零二十四 → 1024, 一万 → 10000.

/// What one number word means: a digit or a teen (`six`, `twelve`, 六, 两), a multiple of ten
/// (`sixty`, 十), or a multiplier (`hundred`, `thousand`, 百, 千, 万).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumberWord {
    /// 0 to 19 in English, 0 to 9 in Chinese
    Units(u64),
    /// twenty to ninety
    Tens(u64),
    /// hundred, thousand; 十, 百, 千, 万
    Times(u64),
}

/// One word of a number written in words, English or Chinese: `six` → 6, `sixty` → 60, 六 → 6.
fn number_word(w: &str) -> Option<NumberWord> {
    const EN: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
    const ZH: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let units = |i: usize| NumberWord::Units(i as u64);
    match w {
        "两" => Some(NumberWord::Units(2)),
        "十" => Some(NumberWord::Times(10)),
        "hundred" | "百" => Some(NumberWord::Times(100)),
        "thousand" | "千" => Some(NumberWord::Times(1000)),
        "万" => Some(NumberWord::Times(10_000)),
        _ => EN
            .iter()
            .position(|&n| n == w)
            .or_else(|| ZH.iter().position(|&n| n == w))
            .map(units)
            .or_else(|| TENS.iter().position(|&n| n == w).map(|i| NumberWord::Tens(20 + 10 * i as u64))),
    }
}

/// The one number a word or a run of Chinese numerals spells (`twelve`, `sixty`, 六十四, 两千),
/// or None for anything else (digits included).
pub fn spelled(text: &str) -> Option<u64> {
    let words: Vec<NumberWord> = if text.is_ascii() {
        vec![number_word(&text.to_lowercase())?]
    } else {
        text.chars().map(|c| number_word(c.encode_utf8(&mut [0; 4]))).collect::<Option<_>>()?
    };
    match read_number(&words)[..] {
        [n] => Some(n),
        _ => None,
    }
}

/// `words` with every number written in words read as one number in digits: `sixty four` and
/// `sixty-four` → `64`, `eight thousand five hundred forty-four` → `8544`, 六 十 四 → `64`,
/// 一 千 零 二 十 四 → `1024`. Two numbers side by side stay two (`three four`, 三 四).
pub(super) fn spelled_numbers(words: &[String]) -> Vec<String> {
    // the number words of each word (`sixty-four` is two), or None for any other word
    let parts = |w: &String| -> Option<Vec<NumberWord>> { w.split('-').map(number_word).collect() };
    let mut out = Vec::new();
    let mut run: Vec<NumberWord> = Vec::new();
    let flush = |run: &mut Vec<NumberWord>, out: &mut Vec<String>| {
        out.extend(read_number(run).into_iter().map(|n| n.to_string()));
        run.clear();
    };
    for w in words {
        match parts(w) {
            Some(p) => run.extend(p),
            _ => {
                flush(&mut run, &mut out);
                out.push(w.clone());
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

/// The numbers a run of number words says, one after another: a word that cannot continue the
/// number before it (a digit after a digit, `hundred` twice) starts the next one.
fn read_number(words: &[NumberWord]) -> Vec<u64> {
    let mut numbers = Vec::new();
    // the number so far: the part closed by a thousand or 万 (`high`), the group below it, the
    // last digit not yet multiplied, and the last multiplier within the group (十, 百, hundred)
    let (mut high, mut group, mut digit, mut last_times): (u64, u64, Option<u64>, Option<u64>) = (0, 0, None, None);
    let mut started = false;
    for &w in words {
        let continues = match w {
            // 零 inside a number holds a place (一千零二十四)
            NumberWord::Units(0) => high + group > 0 || digit.is_none(),
            NumberWord::Units(n) if n >= 10 => digit.is_none() && group % 100 == 0,
            NumberWord::Units(_) => digit.is_none() && (group % 10 == 0 || last_times.is_some()),
            NumberWord::Tens(_) => digit.is_none() && group % 100 == 0,
            NumberWord::Times(10_000) => high < 10_000,
            NumberWord::Times(1000) => high % 10_000 == 0,
            NumberWord::Times(t) => last_times.is_none_or(|l| t < l),
        };
        if started && !continues {
            numbers.push(high + group + digit.unwrap_or(0));
            (high, group, digit, last_times) = (0, 0, None, None);
        }
        started = true;
        match w {
            NumberWord::Units(0) if high + group > 0 => {}
            NumberWord::Units(n) if n >= 10 => group += n,
            NumberWord::Units(n) => digit = Some(n),
            NumberWord::Tens(n) => group += n,
            NumberWord::Times(t) if t >= 1000 => {
                // thousand, 千 and 万 multiply all below them (`one hundred thousand`, 三千万);
                // alone they are one of themselves (一万)
                let below = group + digit.unwrap_or(0);
                high = if t == 10_000 { (high + below).max(1) * t } else { high + below.max(1) * t };
                (group, digit, last_times) = (0, None, None);
            }
            NumberWord::Times(t) => {
                // 十 alone is ten (十二 is 12); `twelve hundred` is 1200
                group = match digit {
                    Some(d) => group + d * t,
                    None if group > 0 && last_times.is_none() => group * t,
                    None => group + t,
                };
                digit = None;
                last_times = Some(t);
            }
        }
    }
    if started {
        numbers.push(high + group + digit.unwrap_or(0));
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::super::question::is_right;
    use super::*;

    #[test]
    fn runs_of_number_words_are_one_number_each() {
        let words = |text: &str| -> Vec<String> { text.split(' ').map(str::to_string).collect() };
        assert_eq!(spelled_numbers(&words("sixty four rows")), ["64", "rows"]);
        assert_eq!(spelled_numbers(&words("三 四")), ["3", "4"]);
        assert_eq!(spelled_numbers(&words("八 千 五 百 四 十 四")), ["8544"]);
        assert_eq!(spelled_numbers(&words("cat")), ["cat"]);
    }

    #[test]
    fn compound_number_words_read_as_one_number() {
        for (given, expected) in [
            ("sixty-four", "64"),
            ("sixty four", "64"),
            ("Sixty-Four rows", "64"),
            ("one hundred and twenty-eight", "128"),
            ("one hundred twenty eight", "128"),
            ("eight thousand five hundred forty-four", "8,544"),
            ("eight thousand five hundred and forty-four", "8544"),
            ("nineteen", "19"),
            ("twelve hundred", "1200"),
            ("one hundred thousand", "100000"),
            ("六十四", "64"),
            ("八十一", "81"),
            ("八千五百四十四", "8544"),
            ("一百二十八", "128"),
            ("两千", "2000"),
            ("十二", "12"),
            ("二十", "20"),
            ("十", "10"),
            ("一万", "10000"),
            ("一千零二十四", "1024"),
            ("一百零五", "105"),
            ("九万九千九百九十九", "99999"),
            ("三万八千", "38,000"),
            ("共六十四个", "64"),
            ("zero", "0"),
            ("three and four", "3, 4"),
            ("三、四", "3, 4"),
        ] {
            assert!(is_right(given, expected), "{given} is {expected}");
        }
        for (given, expected) in [
            ("sixty-four", "46"),
            ("sixty", "64"),
            ("three four", "34"),
            ("六十四", "604"),
            ("八千五百四十四", "8504"),
            ("one zero", "10"),
        ] {
            assert!(!is_right(given, expected), "{given} is not {expected}");
        }
    }
}

//! The glossary: every term the lessons teach in English and in the notes' Chinese, with the
//! note and the lesson that teach it (`glossary.toml`, built in). It gives the other language's
//! term beside a term's first use in a lesson (层归一化（LayerNorm）), and the glossary screen.

use super::file::TermFile;
use crate::lang::{Lang, Localized};

/// One term in every language, with where the notes and the lessons teach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The term in each language.
    pub names: Localized<String>,
    /// Other spellings that count as a use (a plural, an abbreviation), in each language.
    pub also: Localized<Vec<String>>,
    /// Where the notes explain it: `001 §4.1`.
    pub note: String,
    /// Whether the notes use the term itself there; false for a term the tutor brings (beam
    /// search, logit lens), where `note` is the section it builds on.
    pub named: bool,
    /// The id of the lesson that teaches it.
    pub lesson: String,
    /// The op kind whose code computes it (`softmax`, a key of `code::KINDS`): the glossary
    /// shows that code, as the run computes it; None for a term no one op computes (encoder).
    pub op: Option<&'static str>,
}

impl Term {
    /// The term in `lang`.
    pub fn name(&self, lang: Lang) -> &str {
        self.names.get(lang)
    }

    /// Every spelling that counts as a use in `lang`'s prose.
    pub fn spellings(&self, lang: Lang) -> impl Iterator<Item = &str> {
        std::iter::once(self.name(lang)).chain(self.also.get(lang).iter().map(String::as_str))
    }

    /// The term of `file`, with its `op` as checked (`glossary_load`).
    pub(super) fn from_file(file: TermFile, op: Option<&'static str>) -> Term {
        let languages = file.languages();
        let columns = |lang: Lang| languages.iter().find(|(l, ..)| *l == lang);
        let names = Localized::from_fn(|lang| columns(lang).map(|c| c.1.clone()).unwrap_or_default());
        let also = Localized::from_fn(|lang| columns(lang).map(|c| c.2.clone()).unwrap_or_default());
        Term { names, also, note: file.note, named: file.named, lesson: file.lesson, op }
    }
}

/// Every term, in the order the curriculum teaches them.
#[derive(Debug, Clone)]
pub struct Glossary {
    pub terms: Vec<Term>,
}

/// How many texts `uses` has scanned in this process: the work of printing a lesson, which a
/// test counts for lessons of N and 4N beats (linear, not the N² of scanning every earlier beat again).
static TEXTS_SCANNED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Glossary {
    /// How many texts have been scanned for terms so far in this process.
    pub fn texts_scanned() -> usize {
        TEXTS_SCANNED.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The built-in glossary (`glossary.toml`, checked by tests/glossary.rs), parsed once.
    pub fn built_in() -> &'static Glossary {
        static BUILT_IN: std::sync::OnceLock<Glossary> = std::sync::OnceLock::new();
        BUILT_IN.get_or_init(super::glossary_load::built_in)
    }

    /// The uses of terms in `text` (`lang`'s prose), as (byte start, byte end, term index), in
    /// text order, English in any case, a one-character Chinese term only where no Han character
    /// comes just before it. Longer spellings win (`causal mask` before `mask`, 因果掩码 before 掩码); an
    /// English use is a whole word; nothing inside a `code span` counts.
    pub fn uses(&self, text: &str, lang: Lang) -> Vec<(usize, usize, usize)> {
        TEXTS_SCANNED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut spellings: Vec<(&str, usize)> =
            self.terms.iter().enumerate().flat_map(|(i, t)| t.spellings(lang).map(move |s| (s, i))).collect();
        spellings.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        let code: Vec<(usize, usize)> = code_spans(text).into_iter().chain(fact_spans(text)).collect();
        let mut taken: Vec<(usize, usize, usize)> = Vec::new();
        // English ignores case (`Attention` begins a sentence); ASCII lowercasing keeps the offsets
        let spaced = lang.spaced_words();
        let folded = if spaced { text.to_ascii_lowercase() } else { text.to_string() };
        for (spelling, term) in spellings {
            let spelling = if spaced { spelling.to_ascii_lowercase() } else { spelling.to_string() };
            for (start, _) in folded.match_indices(&spelling) {
                let end = start + spelling.len();
                let free = !taken.iter().any(|&(s, e, _)| start < e && s < end)
                    && !code.iter().any(|&(s, e)| start < e && s < end);
                let word = if spaced {
                    whole_word(text, start, end)
                } else {
                    spelling.chars().count() > 1 || !inside_another_word(text, start, &spelling)
                };
                if free && word {
                    taken.push((start, end, term));
                }
            }
        }
        taken.sort();
        taken
    }

    /// For each text of a lesson's beats in order (`lang`'s prose): the terms whose first use in
    /// the lesson is in that beat, with where that use ends (byte offset in that beat's text).
    pub fn first_uses(&self, texts: &[&str], lang: Lang) -> Vec<Vec<(usize, usize)>> {
        let mut seen = vec![false; self.terms.len()];
        texts
            .iter()
            .map(|text| {
                let mut here = Vec::new();
                for (_, end, term) in self.uses(text, lang) {
                    if !seen[term] {
                        seen[term] = true;
                        here.push((end, term));
                    }
                }
                here
            })
            .collect()
    }

    /// `text` with the other language's term after the first use of each of `terms` in it
    /// (found again in `text`, which may be the prose with its facts filled in).
    pub fn annotate_terms(&self, text: &str, terms: &[usize], lang: Lang) -> String {
        let mut firsts: Vec<(usize, usize)> = Vec::new();
        for (_, end, term) in self.uses(text, lang) {
            if terms.contains(&term) && !firsts.iter().any(|&(_, t)| t == term) {
                firsts.push((end, term));
            }
        }
        self.annotate(text, &firsts, lang)
    }

    /// `text` with the other language's term after each use in `firsts` (from `first_uses`):
    /// `层归一化（LayerNorm）` in Chinese prose, `LayerNorm (层归一化)` in English.
    pub fn annotate(&self, text: &str, firsts: &[(usize, usize)], lang: Lang) -> String {
        let mut out = String::with_capacity(text.len() + 16 * firsts.len());
        let mut from = 0;
        let mut ends: Vec<&(usize, usize)> = firsts.iter().collect();
        ends.sort();
        for &(end, term) in ends {
            // after a possessive: `attention's (注意力) output`, not `attention (注意力)'s output`
            let end = ["'s", "’s"].iter().find(|s| text[end..].starts_with(**s)).map_or(end, |s| end + s.len());
            out.push_str(&text[from..end]);
            let other = self.terms[term].name(lang.gloss());
            let rest = &text[end..];
            // the prose glosses it itself: with this term's other name, or with any Latin word in
            // brackets (值（value）)
            let latin_gloss = !lang.spaced_words()
                && ["（", "("].iter().any(|open| {
                    let after_quote = rest.trim_start_matches(['”', '’', '」']);
                    after_quote
                        .strip_prefix(open)
                        .and_then(|r| r.chars().next())
                        .is_some_and(|c| c.is_ascii_alphabetic())
                });
            let glossed_already = latin_gloss
                || [format!("（{other}）"), format!(" ({other})"), format!("({other})")]
                    .iter()
                    .any(|g| rest.starts_with(g.as_str()));
            if text[..end].ends_with(other) || glossed_already {
                from = end; // the prose already gives the other language's word (`token` in Chinese)
                continue;
            }
            if lang.spaced_words() {
                out.push_str(&format!(" ({other})"));
            } else {
                out.push_str(&format!("（{other}）"));
            }
            from = end;
            // `RNN 读` becomes `RNN（recurrent neural network）读`: no space after the bracket
            if !lang.spaced_words()
                && rest.starts_with(' ')
                && rest[1..].chars().next().is_some_and(|c| crate::text::width(&c.to_string()) == 2)
            {
                from += 1;
            }
        }
        out.push_str(&text[from..]);
        out
    }
}

/// Byte ranges of the `code spans` of `text`, backticks included.
fn code_spans(text: &str) -> Vec<(usize, usize)> {
    let ticks: Vec<usize> = text.match_indices('`').map(|(i, _)| i).collect();
    ticks.chunks(2).filter(|p| p.len() == 2).map(|p| (p[0], p[1] + 1)).collect()
}

/// Byte ranges of the `{facts}` of prose as written (`{{` is a brace, not a fact).
fn fact_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(open) = text[i..].find('{').map(|o| o + i) {
        if text[open..].starts_with("{{") {
            i = open + 2;
            continue;
        }
        let Some(close) = text[open..].find('}').map(|c| c + open) else { break };
        out.push((open, close + 1));
        i = close + 1;
    }
    out
}

/// Whether the one-character term `spelling` at `start` is the end of another word. 值 after a
/// Han character is taken to be (均值 is a mean, 这个值 often a number, not a value vector), but
/// not after 和, 与, 及 (键和值) or 键的 (键的值); 键 only after 关 or 按 (关键, 按键), so 这些键
/// are keys.
fn inside_another_word(text: &str, start: usize, spelling: &str) -> bool {
    let Some(before) = text[..start].chars().next_back() else { return false };
    let han = ('\u{4e00}'..='\u{9fff}').contains(&before);
    match spelling {
        "键" => han && "关按".contains(before),
        // 键和值, 键与值: the pair of the attention lesson
        // 某个键的值 is a key's value vector too
        "值" => han && !"和与及".contains(before) && !text[..start].ends_with("键的"),
        _ => han,
    }
}

/// Whether text[start..end] is a whole word: no letter or digit just before or after it.
fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longer_terms_win_and_code_spans_do_not_count() {
        let g = Glossary::built_in();
        let text = "The causal mask in `tgt.mask` is a mask.";
        let names: Vec<&str> = g.uses(text, Lang::En).iter().map(|&(_, _, t)| g.terms[t].name(Lang::En)).collect();
        assert_eq!(names, ["causal mask", "mask"]);
        let zh = "因果掩码和填充掩码都是掩码。";
        let names: Vec<&str> = g.uses(zh, Lang::Zh).iter().map(|&(_, _, t)| g.terms[t].name(Lang::Zh)).collect();
        assert_eq!(names, ["因果掩码", "填充掩码", "掩码"]);
    }

    #[test]
    fn a_one_character_chinese_term_is_not_the_end_of_another_word() {
        let g = Glossary::built_in();
        let names: Vec<&str> =
            g.uses("均值和“值”", Lang::Zh).iter().map(|&(_, _, t)| g.terms[t].name(Lang::Zh)).collect();
        assert_eq!(names, ["值"], "均值 is a mean; the quoted 值 is the term");
        let names: Vec<&str> =
            g.uses("关键在于这些键和这个值", Lang::Zh).iter().map(|&(_, _, t)| g.terms[t].name(Lang::Zh)).collect();
        assert_eq!(names, ["键"], "关键 is no key; 这些键 are keys; 这个值 may be a number");
    }

    #[test]
    fn english_terms_are_whole_words() {
        let g = Glossary::built_in();
        let uses = g.uses("monkeys and keys", Lang::En);
        assert_eq!(uses.len(), 1, "only `keys`, not the `key` inside `monkeys`");
    }

    #[test]
    fn the_first_use_in_a_lesson_gets_the_other_language() {
        let g = Glossary::built_in();
        let texts = ["层归一化在这里。", "又是层归一化。"];
        let firsts = g.first_uses(&texts, Lang::Zh);
        assert_eq!(g.annotate(texts[0], &firsts[0], Lang::Zh), "层归一化（LayerNorm）在这里。");
        assert_eq!(g.annotate(texts[1], &firsts[1], Lang::Zh), "又是层归一化。");
        // the prose's own gloss is not doubled
        let own = ["每个“值”（value）是书的内容。"];
        let firsts = g.first_uses(&own, Lang::Zh);
        assert_eq!(g.annotate(own[0], &firsts[0], Lang::Zh), own[0]);
        let possessive = ["Attention's output."];
        let firsts = g.first_uses(&possessive, Lang::En);
        assert_eq!(g.annotate(possessive[0], &firsts[0], Lang::En), "Attention's (注意力) output.");
        let en = ["LayerNorm keeps the mean at 0."];
        let firsts = g.first_uses(&en, Lang::En);
        assert_eq!(g.annotate(en[0], &firsts[0], Lang::En), "LayerNorm (层归一化) keeps the mean at 0.");
    }
}

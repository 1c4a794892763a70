//! The sentence patterns, each a Chinese template and its English translation. Every pattern
//! lists all the sentences it can make; `generate` (mod.rs) samples and splits them.
//!
//! | pattern | example |
//! | --- | --- |
//! | counting | 我有一只猫 → I have a cat; 他喜欢两本书 → he likes two books |
//! | possessive object (的) | 我喜欢你的猫 → I like your cat |
//! | negation (没 / 不) | 我没有狗 → I do not have a dog; 他不喜欢鱼 → he does not like fish |
//! | yes/no question (吗) | 你有猫吗 → do you have a cat ? |
//! | time word (moves to the end) | 我明天去学校 → I go to school tomorrow |
//! | place of an action (moves to the end) | 我在家吃鱼 → I eat fish at home |
//! | where a thing is | 猫在桌子上 → the cat is on the table |
//! | adjective with 很 | 我的猫很小 → my cat is small; 猫很小 → the cat is small |
//! | chasing (note 003's example) | 猫追老鼠 → the cat chases the mouse |
//! | noun phrase with a measure word | 两只猫 → two cats; 一本书 → a book |

use super::Pair;
use super::lexicon::*;

fn pair(zh: String, en: String) -> Pair {
    Pair { zh, en }
}

/// 我有一只猫 → I have a cat; 他吃两条鱼 → he eats two fish.
pub fn counting() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        for v in VERBS.iter().copied().chain([&EAT]) {
            for n in NOUNS.iter().filter(|n| v.zh != EAT.zh || n.food) {
                for k in &NUMBERS {
                    let zh = format!("{}{}{}{}{}", p.zh, v.zh, k.zh, n.measure, n.zh);
                    out.push(pair(zh, format!("{} {} {}", p.en, v.agree(p), n.counted(k))));
                }
            }
        }
    }
    out
}

/// 我喜欢你的猫 → I like your cat.
pub fn possessive_object() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        for v in VERBS {
            for owner in &PRONOUNS {
                for n in &NOUNS {
                    let zh = format!("{}{}{}{}", p.zh, v.zh, owner.possessive_zh, n.zh);
                    out.push(pair(zh, format!("{} {} {} {}", p.en, v.agree(p), owner.possessive_en, n.one)));
                }
            }
        }
    }
    out
}

/// 我没有狗 → I do not have a dog; 他不喜欢鱼 → he does not like fish.
pub fn negation() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        for v in VERBS.iter().copied().chain([&EAT]) {
            for n in NOUNS.iter().filter(|n| v.zh != EAT.zh || n.food) {
                let zh = format!("{}{}{}{}", p.zh, v.negation_zh, v.zh, n.zh);
                let object = if v.zh == HAVE.zh { n.with_article() } else { n.generic().to_string() };
                out.push(pair(zh, format!("{} {} not {} {object}", p.en, auxiliary(p), v.base)));
            }
        }
    }
    out
}

/// 你有猫吗 → do you have a cat ?; 他喜欢狗吗 → does he like dogs ?
pub fn question() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        for v in VERBS.iter().copied().chain([&EAT]) {
            for n in NOUNS.iter().filter(|n| v.zh != EAT.zh || n.food) {
                let zh = format!("{}{}{}吗", p.zh, v.zh, n.zh);
                let object = if v.zh == HAVE.zh { n.with_article() } else { n.generic().to_string() };
                out.push(pair(zh, format!("{} {} {} {object} ?", auxiliary(p), p.en, v.base)));
            }
        }
    }
    out
}

/// 我明天去学校 → I go to school tomorrow; 他今天吃鱼 → he eats fish today.
pub fn time_word() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        let go = if p.third { "goes" } else { "go" };
        for (t_zh, t_en) in TIMES {
            for (d_zh, d_en) in DESTINATIONS {
                out.push(pair(format!("{}{t_zh}{d_zh}", p.zh), format!("{} {go} {d_en} {t_en}", p.en)));
            }
            for n in NOUNS.iter().filter(|n| n.food) {
                let zh = format!("{}{t_zh}{}{}", p.zh, EAT.zh, n.zh);
                out.push(pair(zh, format!("{} {} {} {t_en}", p.en, EAT.agree(p), n.generic())));
            }
        }
    }
    out
}

/// 我在家吃鱼 → I eat fish at home; 她在公园看鸟 → she sees birds in the park.
pub fn place_of_action() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        for (l_zh, l_en) in PLACES {
            for v in [&EAT, &SEE] {
                for n in NOUNS.iter().filter(|n| v.zh != EAT.zh || n.food) {
                    let zh = format!("{}{l_zh}{}{}", p.zh, v.zh, n.zh);
                    out.push(pair(zh, format!("{} {} {} {l_en}", p.en, v.agree(p), n.generic())));
                }
            }
        }
    }
    out
}

/// 猫在桌子上 → the cat is on the table.
pub fn where_a_thing_is() -> Vec<Pair> {
    let mut out = Vec::new();
    for n in &NOUNS {
        for (s_zh, s_en) in SUPPORTS.iter().filter(|(s, _)| *s != n.zh) {
            for (pos_zh, pos_en) in POSITIONS {
                let zh = format!("{}在{s_zh}{pos_zh}", n.zh);
                out.push(pair(zh, format!("the {} is {pos_en} the {s_en}", n.one)));
            }
        }
    }
    out
}

/// 我的猫很小 → my cat is small; 猫很小 → the cat is small.
pub fn adjective() -> Vec<Pair> {
    let mut out = Vec::new();
    for n in &NOUNS {
        for (a_zh, a_en) in ADJECTIVES {
            out.push(pair(format!("{}很{a_zh}", n.zh), format!("the {} is {a_en}", n.one)));
            for owner in &PRONOUNS {
                let zh = format!("{}{}很{a_zh}", owner.possessive_zh, n.zh);
                out.push(pair(zh, format!("{} {} is {a_en}", owner.possessive_en, n.one)));
            }
        }
    }
    out
}

/// 猫追老鼠 → the cat chases the mouse; 两只狗追猫 → two dogs chase the cat.
pub fn chasing() -> Vec<Pair> {
    let mut out = Vec::new();
    let animals: Vec<&Noun> = NOUNS.iter().filter(|n| n.animal && n.zh != "鱼").collect();
    for a in &animals {
        for b in animals.iter().filter(|b| b.zh != a.zh) {
            out.push(pair(format!("{}追{}", a.zh, b.zh), format!("the {} chases the {}", a.one, b.one)));
            for k in NUMBERS.iter().filter(|k| k.value > 1) {
                let zh = format!("{}{}{}追{}", k.zh, a.measure, a.zh, b.zh);
                out.push(pair(zh, format!("{} {} chase the {}", k.en, a.many, b.one)));
            }
        }
    }
    out
}

/// 两只猫 → two cats; 一本书 → a book.
pub fn noun_phrase() -> Vec<Pair> {
    let mut out = Vec::new();
    for n in &NOUNS {
        for k in &NUMBERS {
            out.push(pair(format!("{}{}{}", k.zh, n.measure, n.zh), n.counted(k)));
        }
    }
    out
}

/// Every pattern with its name and how many of its sentences the corpus keeps at most.
pub fn patterns() -> Vec<(&'static str, Vec<Pair>, usize)> {
    vec![
        ("counting", counting(), 1100),
        ("possessive object", possessive_object(), 500),
        ("negation", negation(), usize::MAX),
        ("question", question(), usize::MAX),
        ("time word", time_word(), usize::MAX),
        ("place of an action", place_of_action(), usize::MAX),
        ("where a thing is", where_a_thing_is(), usize::MAX),
        ("adjective", adjective(), usize::MAX),
        ("chasing", chasing(), usize::MAX),
        ("noun phrase", noun_phrase(), usize::MAX),
    ]
}

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
use super::aligned::Aligned;
use super::lexicon::*;

// The gold alignment's tags: pieces with one tag translate each other (see `aligned`).
const SUBJECT: u8 = 0;
const VERB: u8 = 1;
const NUMBER: u8 = 2;
const NOUN: u8 = 3;
const OWNER: u8 = 4;
const NEGATION: u8 = 5;
const QUESTION: u8 = 6;
const TIME: u8 = 7;
const GO: u8 = 8;
const PLACE: u8 = 9;
const AT: u8 = 10;
const BE: u8 = 11;
const ADJECTIVE: u8 = 12;
const OTHER: u8 = 13;

/// 一只猫 / 两只猫: the number, its measure word (linked to the number as possible), the noun.
fn zh_counted(s: Aligned, k: &Number, n: &Noun, noun: u8) -> Aligned {
    s.zh(k.zh, NUMBER).zh(&format!("~{}", n.measure), NUMBER).zh(n.zh, noun)
}

/// "a cat" for 一, "two cats" for 两.
fn en_counted(s: Aligned, k: &Number, n: &Noun, noun: u8) -> Aligned {
    if k.value == 1 { s.en(n.article(), NUMBER).en(n.one, noun) } else { s.en(k.en, NUMBER).en(n.many, noun) }
}

/// The object of 有 is "a dog" (the article possible, Chinese has none); of other verbs, the
/// general "dogs".
fn en_object(s: Aligned, v: &Verb, n: &Noun) -> Aligned {
    if v.zh == HAVE.zh { s.en(&format!("~{}", n.article()), NOUN).en(n.one, NOUN) } else { s.en(n.many, NOUN) }
}

/// 我有一只猫 → I have a cat; 他吃两条鱼 → he eats two fish.
pub fn counting() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        for v in VERBS.iter().copied().chain([&EAT]) {
            for n in NOUNS.iter().filter(|n| v.zh != EAT.zh || n.food) {
                for k in &NUMBERS {
                    let s = zh_counted(Aligned::new().zh(p.zh, SUBJECT).zh(v.zh, VERB), k, n, NOUN);
                    out.push(en_counted(s.en(p.en, SUBJECT).en(v.agree(p), VERB), k, n, NOUN).pair());
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
                    let s = Aligned::new().zh(p.zh, SUBJECT).zh(v.zh, VERB).zh(owner.zh, OWNER).zh("~的", OWNER);
                    let s = s.zh(n.zh, NOUN).en(p.en, SUBJECT).en(v.agree(p), VERB);
                    out.push(s.en(owner.possessive_en, OWNER).en(n.one, NOUN).pair());
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
                let s = Aligned::new().zh(p.zh, SUBJECT).zh(v.negation_zh, NEGATION).zh(v.zh, VERB).zh(n.zh, NOUN);
                let s = s.en(p.en, SUBJECT).en(&format!("~{}", auxiliary(p)), NEGATION).en("not", NEGATION);
                out.push(en_object(s.en(v.base, VERB), v, n).pair());
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
                let s = Aligned::new().zh(p.zh, SUBJECT).zh(v.zh, VERB).zh(n.zh, NOUN).zh("吗", QUESTION);
                let s = s.en(&format!("~{}", auxiliary(p)), QUESTION).en(p.en, SUBJECT).en(v.base, VERB);
                out.push(en_object(s, v, n).en("?", QUESTION).pair());
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
            let s = || Aligned::new().zh(p.zh, SUBJECT).zh(t_zh, TIME);
            for (verb_zh, place_zh, to_en, place_en) in DESTINATIONS {
                let s = s().zh(verb_zh, GO).zh(place_zh, PLACE).en(p.en, SUBJECT).en(go, GO).en(to_en, GO);
                out.push(s.en(place_en, PLACE).en(t_en, TIME).pair());
            }
            for n in NOUNS.iter().filter(|n| n.food) {
                let s = s().zh(EAT.zh, VERB).zh(n.zh, NOUN).en(p.en, SUBJECT).en(EAT.agree(p), VERB);
                out.push(s.en(n.many, NOUN).en(t_en, TIME).pair());
            }
        }
    }
    out
}

/// 我在家吃鱼 → I eat fish at home; 她在公园看鸟 → she sees birds in the park.
pub fn place_of_action() -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &PRONOUNS {
        for (place_zh, at_en, place_en) in PLACES {
            for v in [&EAT, &SEE] {
                for n in NOUNS.iter().filter(|n| v.zh != EAT.zh || n.food) {
                    let s = Aligned::new().zh(p.zh, SUBJECT).zh("在", AT).zh(place_zh, PLACE).zh(v.zh, VERB);
                    let s = s.zh(n.zh, NOUN).en(p.en, SUBJECT).en(v.agree(p), VERB).en(n.many, NOUN);
                    out.push(s.en(at_en, AT).en(place_en, PLACE).pair());
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
                let s = Aligned::new().zh(n.zh, NOUN).zh("~在", BE).zh(s_zh, OTHER).zh(pos_zh, AT);
                let s = s.en("~the", NOUN).en(n.one, NOUN).en("~is", BE).en(pos_en, AT);
                out.push(s.en("~the", OTHER).en(s_en, OTHER).pair());
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
            let s = Aligned::new().zh(n.zh, NOUN).zh("~很", BE).zh(a_zh, ADJECTIVE);
            out.push(s.en("~the", NOUN).en(n.one, NOUN).en("~is", BE).en(a_en, ADJECTIVE).pair());
            for owner in &PRONOUNS {
                let s = Aligned::new().zh(owner.zh, OWNER).zh("~的", OWNER).zh(n.zh, NOUN).zh("~很", BE);
                let s = s.zh(a_zh, ADJECTIVE).en(owner.possessive_en, OWNER).en(n.one, NOUN);
                out.push(s.en("~is", BE).en(a_en, ADJECTIVE).pair());
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
            let s = Aligned::new().zh(a.zh, NOUN).zh("追", VERB).zh(b.zh, OTHER).en("~the", NOUN).en(a.one, NOUN);
            out.push(s.en("chases", VERB).en("~the", OTHER).en(b.one, OTHER).pair());
            for k in NUMBERS.iter().filter(|k| k.value > 1) {
                let s = zh_counted(Aligned::new(), k, a, NOUN).zh("追", VERB).zh(b.zh, OTHER);
                let s = en_counted(s, k, a, NOUN).en("chase", VERB).en("~the", OTHER).en(b.one, OTHER);
                out.push(s.pair());
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
            out.push(en_counted(zh_counted(Aligned::new(), k, n, NOUN), k, n, NOUN).pair());
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

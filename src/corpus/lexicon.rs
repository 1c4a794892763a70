//! The words of the toy corpus: each Chinese word with what English needs to translate it
//! (agreement, plurals, articles, measure words).

/// A subject pronoun: 我 → I. `third` marks he/she (has, likes, does).
pub struct Pronoun {
    pub zh: &'static str,
    pub en: &'static str,
    pub possessive_en: &'static str,
    pub third: bool,
}

pub const PRONOUNS: [Pronoun; 7] = [
    Pronoun { zh: "我", en: "I", possessive_en: "my", third: false },
    Pronoun { zh: "你", en: "you", possessive_en: "your", third: false },
    Pronoun { zh: "他", en: "he", possessive_en: "his", third: true },
    Pronoun { zh: "她", en: "she", possessive_en: "her", third: true },
    Pronoun { zh: "我们", en: "we", possessive_en: "our", third: false },
    Pronoun { zh: "你们", en: "you", possessive_en: "your", third: false },
    Pronoun { zh: "他们", en: "they", possessive_en: "their", third: false },
];

/// A countable noun with its measure word: 猫 (只) → cat / cats.
pub struct Noun {
    pub zh: &'static str,
    pub measure: &'static str,
    pub one: &'static str,
    pub many: &'static str,
    pub animal: bool,
    pub food: bool,
}

impl Noun {
    /// "a" for "a cat", "an" for "an apple".
    pub fn article(&self) -> &'static str {
        if self.one.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
    }
}

const fn noun(
    zh: &'static str,
    measure: &'static str,
    one: &'static str,
    many: &'static str,
    animal: bool,
    food: bool,
) -> Noun {
    Noun { zh, measure, one, many, animal, food }
}

pub const NOUNS: [Noun; 10] = [
    noun("猫", "只", "cat", "cats", true, false),
    noun("狗", "只", "dog", "dogs", true, false),
    noun("鸟", "只", "bird", "birds", true, false),
    noun("老鼠", "只", "mouse", "mice", true, false),
    noun("马", "匹", "horse", "horses", true, false),
    noun("鱼", "条", "fish", "fish", true, true),
    noun("书", "本", "book", "books", false, false),
    noun("苹果", "个", "apple", "apples", false, true),
    noun("桌子", "张", "table", "tables", false, false),
    noun("椅子", "把", "chair", "chairs", false, false),
];

pub struct Number {
    pub zh: &'static str,
    pub en: &'static str,
    pub value: u8,
}

pub const NUMBERS: [Number; 5] = [
    Number { zh: "一", en: "a", value: 1 },
    Number { zh: "两", en: "two", value: 2 },
    Number { zh: "三", en: "three", value: 3 },
    Number { zh: "四", en: "four", value: 4 },
    Number { zh: "五", en: "five", value: 5 },
];

/// A transitive verb: 喜欢 → like / likes, negated with 不 (有 takes 没).
pub struct Verb {
    pub zh: &'static str,
    pub base: &'static str,
    pub third: &'static str,
    pub negation_zh: &'static str,
}

pub const HAVE: Verb = Verb { zh: "有", base: "have", third: "has", negation_zh: "没" };
pub const LIKE: Verb = Verb { zh: "喜欢", base: "like", third: "likes", negation_zh: "不" };
pub const SEE: Verb = Verb { zh: "看", base: "see", third: "sees", negation_zh: "不" };
pub const WANT: Verb = Verb { zh: "想要", base: "want", third: "wants", negation_zh: "不" };
pub const EAT: Verb = Verb { zh: "吃", base: "eat", third: "eats", negation_zh: "不" };
pub const VERBS: [&Verb; 4] = [&HAVE, &LIKE, &SEE, &WANT];

impl Verb {
    pub fn agree(&self, p: &Pronoun) -> &'static str {
        if p.third { self.third } else { self.base }
    }
}

/// do / does, for negation and questions.
pub fn auxiliary(p: &Pronoun) -> &'static str {
    if p.third { "does" } else { "do" }
}

/// Time words come before the verb in Chinese and at the end in English.
pub const TIMES: [(&str, &str); 3] = [("今天", "today"), ("明天", "tomorrow"), ("每天", "every day")];

/// Where 去 goes: 去学校 → go to school, 去公园 → go to the park. 去家 is not Chinese, so home is
/// reached with 回家 → go home. Each: the verb, the place, English's `to` (if any), the place in
/// English (`~` marks a word the gold alignment links only as possible: see `aligned`).
pub const DESTINATIONS: [(&str, &str, &str, &str); 4] = [
    ("去", "学校", "~to", "school"),
    ("去", "公园", "~to", "~the park"),
    ("去", "商店", "~to", "~the shop"),
    ("回", "家", "", "home"),
];

/// Where something is done, after 在: 在家 → at home. Each: the place, the English preposition,
/// the place in English.
pub const PLACES: [(&str, &str, &str); 3] =
    [("家", "at", "home"), ("学校", "at", "school"), ("公园", "in", "~the park")];

/// Positions relative to a thing: 桌子上 → on the table.
pub const POSITIONS: [(&str, &str); 3] = [("上", "on"), ("下", "under"), ("里", "in")];
/// Things other things can be on, under or in.
pub const SUPPORTS: [(&str, &str); 4] = [("桌子", "table"), ("椅子", "chair"), ("盒子", "box"), ("房子", "house")];

pub const ADJECTIVES: [(&str, &str); 5] =
    [("小", "small"), ("大", "big"), ("快", "fast"), ("好", "good"), ("黑", "black")];

//! `translate` (printed, not drawn).

use crate::lang::message_with;
use crate::lang::{Lang, Text, current};

// `translate` (printed, not drawn)
// ---------------------------------------------------------------------------------------------

/// Before the greedy translation's words, each with its probability.
pub const TRANSLATE_GREEDY: Text = Text::id("translate-greedy");

/// Before a sampled translation's words, each with the probability it was drawn at.
pub fn translate_sampled(temperature: f32, seed: u64) -> String {
    message_with("translate-sampled", &[("temperature", &temperature), ("seed", &seed)])
}

/// Characters of the sentence that the training corpus does not have.
pub fn translate_unknown(characters: &[String]) -> String {
    let list: Vec<String> = characters.iter().map(|c| format!("`{c}`")).collect();
    match (current(), characters.len()) {
        (Lang::En, 1) => format!("{} is not in the training corpus (it became <unk>)", list[0]),
        (Lang::En, _) => format!("{} are not in the training corpus (they became <unk>)", list.join(", ")),
        (Lang::Zh, _) => format!("{} 不在训练语料中（已变成 <unk>）", list.join("、")),
    }
}

pub const TRANSLATE_NO_PATTERN: Text = Text::id("translate-no-pattern");

/// The one line `translate` adds when the sentence is outside what the model was trained on.
pub fn translate_outside_corpus(reason: &str, characters: usize, patterns: usize) -> String {
    message_with(
        "translate-outside-corpus",
        &[("reason", &reason), ("characters", &characters), ("patterns", &patterns)],
    )
}

/// A sentence pattern of the corpus's grammar (`corpus::grammar`), by its name there.
pub fn pattern_name(pattern: &str) -> String {
    let zh = match pattern {
        "counting" => "数量（我有一只猫）",
        "possessive object" => "领属宾语（我喜欢你的猫）",
        "negation" => "否定（我没有狗）",
        "question" => "疑问（你有猫吗）",
        "time word" => "时间词（我明天去学校）",
        "place of an action" => "动作的地点（我在家吃鱼）",
        "where a thing is" => "东西在哪儿（猫在桌子上）",
        "adjective" => "形容词（猫很小）",
        "chasing" => "追（猫追老鼠）",
        "noun phrase" => "名词短语（两只猫）",
        other => other,
    };
    match current() {
        Lang::En => pattern.to_string(),
        Lang::Zh => zh.to_string(),
    }
}

/// Before a loaded translator's pieces, each with its probability: how they were searched.
pub fn translate_search(beams: usize) -> String {
    match (current(), beams) {
        (Lang::En, 1) => "greedy search; each piece with its probability: ".into(),
        (Lang::Zh, 1) => "贪心搜索；每个片段及其概率：".into(),
        (Lang::En, n) => format!("beam search, {n} beams; each piece with its probability at its step: "),
        (Lang::Zh, n) => format!("束搜索，{n} 束；每个片段及其在那一步的概率："),
    }
}

/// `--timings`: load, encode and decode times, and the decoder's pieces per second.
pub fn translate_timings(
    load: std::time::Duration,
    encode: std::time::Duration,
    decode: std::time::Duration,
    tokens: usize,
) -> String {
    let ms = |d: std::time::Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    let rate = tokens as f64 / decode.as_secs_f64().max(1e-9);
    message_with(
        "translate-timings",
        &[
            ("ms_load", &ms(load)),
            ("ms_encode", &ms(encode)),
            ("ms_decode", &ms(decode)),
            ("tokens", &tokens),
            ("rate", &format!("{:.1}", rate)),
        ],
    )
}

/// `translate` on a model that has no generation settings of its own.
pub const TRANSLATE_NEEDS_MODEL: Text = Text::id("translate-needs-model");

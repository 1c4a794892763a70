//! `translate` (printed, not drawn).

use crate::lang::{Lang, Text, current};

// `translate` (printed, not drawn)
// ---------------------------------------------------------------------------------------------

/// Before the greedy translation's words, each with its probability.
pub const TRANSLATE_GREEDY: Text = Text::new("each word with its probability: ", "每个词及其概率：");

/// Before a sampled translation's words, each with the probability it was drawn at.
pub fn translate_sampled(temperature: f32, seed: u64) -> String {
    match current() {
        Lang::En => format!("sampled at temperature {temperature}, seed {seed}: "),
        Lang::Zh => format!("按温度 {temperature} 采样，种子 {seed}："),
    }
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

pub const TRANSLATE_NO_PATTERN: Text =
    Text::new("this sentence is none of the training corpus's patterns", "这个句子不属于训练语料中的任何句型");

/// The one line `translate` adds when the sentence is outside what the model was trained on.
pub fn translate_outside_corpus(reason: &str, characters: usize, patterns: usize) -> String {
    match current() {
        Lang::En => format!(
            "{reason}; the model knows only that corpus, {characters} source characters in {patterns} sentence patterns \
(`transformer-tutor corpus` lists them), so this translation is a guess"
        ),
        Lang::Zh => format!(
            "{reason}；模型只认识这份语料：{characters} 个源语言字符、{patterns} 种句型\
（`transformer-tutor corpus` 会列出它们），所以这个翻译只是猜测"
        ),
    }
}

//! `translate` (printed, not drawn).

// `translate` (printed, not drawn)
// ---------------------------------------------------------------------------------------------

/// Before the greedy translation's words, each with its probability.
pub const TRANSLATE_GREEDY: &str = "each word with its probability: ";

/// Before a sampled translation's words, each with the probability it was drawn at.
pub fn translate_sampled(temperature: f32, seed: u64) -> String {
    format!("sampled at temperature {temperature}, seed {seed}: ")
}

/// Characters of the sentence that the training corpus does not have.
pub fn translate_unknown(characters: &[String]) -> String {
    let list: Vec<String> = characters.iter().map(|c| format!("`{c}`")).collect();
    match characters.len() {
        1 => format!("{} is not in the training corpus (it became <unk>)", list[0]),
        _ => format!("{} are not in the training corpus (they became <unk>)", list.join(", ")),
    }
}

pub const TRANSLATE_NO_PATTERN: &str = "this sentence is none of the training corpus's patterns";

/// The one line `translate` adds when the sentence is outside what the model was trained on.
pub fn translate_outside_corpus(reason: &str, characters: usize, patterns: usize) -> String {
    format!(
        "{reason}; the model knows only that corpus, {characters} source characters in {patterns} sentence patterns \
(`transformer-tutor corpus` lists them), so this translation is a guess"
    )
}

//! `translate` (printed, not drawn).

use crate::lang::{Text, message, message_with};

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
    message_with(
        "translate-unknown-characters",
        &[("count", &characters.len()), ("list", &list.join(message("list-separator")))],
    )
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
    let id = match pattern {
        "counting" => "pattern-counting",
        "possessive object" => "pattern-possessive-object",
        "negation" => "pattern-negation",
        "question" => "pattern-question",
        "time word" => "pattern-time-word",
        "place of an action" => "pattern-place-of-an-action",
        "where a thing is" => "pattern-where-a-thing-is",
        "adjective" => "pattern-adjective",
        "chasing" => "pattern-chasing",
        "noun phrase" => "pattern-noun-phrase",
        other => return other.to_string(),
    };
    message(id).to_string()
}

/// Before a loaded translator's pieces, each with its probability: how they were searched.
pub fn translate_search(beams: usize) -> String {
    match beams {
        1 => message("translate-search-greedy").to_string(),
        n => message_with("translate-search-beams", &[("beams", &n)]),
    }
}

/// How long `translate --model`'s parts took: decoding's whole time, the first piece's share
/// (it also fills the cross-attention's cache) and the pieces generated.
#[derive(Debug, Clone, Copy)]
pub struct TranslateTimes {
    pub load: std::time::Duration,
    pub encode: std::time::Duration,
    pub decode: std::time::Duration,
    pub first_token: std::time::Duration,
    pub tokens: usize,
}

/// `--timings`: load, encode and decode times, the decoder's pieces per second, the first
/// piece's time and the mean time of each piece after it (only when there are pieces after it).
pub fn translate_timings(t: &TranslateTimes) -> String {
    let ms = |d: std::time::Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    let rate = t.tokens as f64 / t.decode.as_secs_f64().max(1e-9);
    let rest = t.decode.saturating_sub(t.first_token).as_secs_f64() / t.tokens.saturating_sub(1).max(1) as f64;
    message_with(
        "translate-timings",
        &[
            ("ms_load", &ms(t.load)),
            ("ms_encode", &ms(t.encode)),
            ("ms_decode", &ms(t.decode)),
            ("tokens", &t.tokens),
            ("rate", &format!("{:.1}", rate)),
            ("ms_first", &ms(t.first_token)),
            ("ms_each", &format!("{:.1} ms", rest * 1000.0)),
        ],
    )
}

/// `translate` on a model that has no generation settings of its own.
pub const TRANSLATE_NEEDS_MODEL: Text = Text::id("translate-needs-model");

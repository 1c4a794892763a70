//! The notes' fourteen ideas (`../shared/notes/README.md`, "The order of ideas"), as the lesson
//! list and `--print` name the ones a lesson teaches.

use crate::lang::{Lang, Text, current};

pub const IDEA_NAMES: [Text; 14] = [
    Text::id("idea-names-why-attention"),
    Text::id("idea-names-the-workflow"),
    Text::id("idea-names-tokens"),
    Text::id("idea-names-token-embedding"),
    Text::id("idea-names-positional-encoding"),
    Text::id("idea-names-self-attention"),
    Text::id("idea-names-multi-head-attention"),
    Text::id("idea-names-masks"),
    Text::id("idea-names-add-norm"),
    Text::id("idea-names-the-feed-forward-network"),
    Text::id("idea-names-the-encoder"),
    Text::id("idea-names-the-decoder"),
    Text::id("idea-names-the-output"),
    Text::id("idea-names-the-whole-model"),
];

/// "the notes' ideas 6 and 7: self-attention, multi-head attention"; None for no ideas.
pub fn lesson_ideas(ideas: &[u8]) -> Option<String> {
    let known: Vec<(u8, &str)> = ideas
        .iter()
        .filter_map(|&i| IDEA_NAMES.get(usize::from(i).checked_sub(1)?).map(|name| (i, name.get())))
        .collect();
    let numbers: Vec<String> = known.iter().map(|(i, _)| i.to_string()).collect();
    let (last, rest) = numbers.split_last()?;
    let names: Vec<&str> = known.iter().map(|(_, name)| *name).collect();
    Some(match (current(), rest.is_empty()) {
        (Lang::En, true) => format!("the notes' idea {last}: {}", names[0]),
        (Lang::En, false) => format!("the notes' ideas {} and {last}: {}", rest.join(", "), names.join(", ")),
        (Lang::Zh, _) => format!("对应笔记中的第 {} 个要点：{}", numbers.join("、"), names.join("、")),
    })
}

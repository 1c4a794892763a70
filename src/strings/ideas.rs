//! The notes' fourteen ideas (`../shared/notes/README.md`, "The order of ideas"), as the lesson
//! list and `--print` name the ones a lesson teaches.

use crate::lang::Text;
use crate::lang::{message, message_with};

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
    let numbers = match rest {
        [] => last.clone(),
        rest => rest.join(message("ideas-numbers-separator")) + message("ideas-numbers-last-separator") + last,
    };
    let names: Vec<&str> = known.iter().map(|(_, name)| *name).collect();
    let names = names.join(message("ideas-names-separator"));
    Some(message_with("lesson-ideas", &[("count", &known.len()), ("numbers", &numbers), ("names", &names)]))
}

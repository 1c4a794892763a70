//! The notes' fourteen ideas (`../shared/notes/README.md`, "The order of ideas"), as the lesson
//! list and `--print` name the ones a lesson teaches.

use crate::lang::{Lang, Text, current};

pub const IDEA_NAMES: [Text; 14] = [
    Text::new("why attention", "为什么要注意力"),
    Text::new("the workflow", "整体流程"),
    Text::new("tokens", "分词与 id"),
    Text::new("token embedding", "词嵌入"),
    Text::new("positional encoding", "位置编码"),
    Text::new("self-attention", "自注意力"),
    Text::new("multi-head attention", "多头注意力"),
    Text::new("masks", "掩码"),
    Text::new("Add & Norm", "残差连接与层归一化"),
    Text::new("the feed-forward network", "前馈网络"),
    Text::new("the encoder", "编码器"),
    Text::new("the decoder", "解码器"),
    Text::new("the output", "输出层"),
    Text::new("the whole model", "整个模型"),
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

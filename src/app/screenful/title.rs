//! The prose pane's title, fitted to its border: the lesson's whole title, else without its
//! subtitle (after `:`), else that cut at a word with `…`.

use crate::strings;
use crate::text::{cut, width};

/// The prose pane's title for beat `beat` of `beats`: the lesson's whole title when it fits in
/// `room` columns, else without its subtitle, else that cut at a word with `…`.
pub fn prose_title(beat: usize, beats: usize, lesson_title: &str, room: usize) -> String {
    let full = strings::beat_title(beat, beats, lesson_title);
    if width(&full) <= room {
        return full;
    }
    let short = short_lesson_title(lesson_title);
    let with_short = strings::beat_title(beat, beats, short);
    if width(&with_short) <= room {
        return with_short;
    }
    let rest = room.saturating_sub(width(&strings::beat_title(beat, beats, "")));
    strings::beat_title(beat, beats, &cut_at_word(short, rest))
}

/// A lesson title without its subtitle: `Self-attention` for `Self-attention: Q, K and V`.
pub fn short_lesson_title(title: &str) -> &str {
    title.split([':', '：']).next().unwrap_or(title).trim()
}

/// `s` cut to `n` columns at the last space that fits, with `…` (mid-word only when a single word
/// is wider than `n`).
pub fn cut_at_word(s: &str, n: usize) -> String {
    let head = cut(s, n.saturating_sub(1));
    let at_word = match head.rfind(' ') {
        Some(i) if head.len() < s.len() && !s[head.len()..].starts_with(' ') => head[..i].trim_end(),
        _ => head.trim_end(),
    };
    format!("{at_word}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_title_loses_its_subtitle_then_words() {
        assert_eq!(short_lesson_title("Masks: no peeking, no padding"), "Masks");
        assert_eq!(short_lesson_title("掩码：不偷看"), "掩码");
        assert_eq!(prose_title(2, 13, "Masks: no peeking", 40), " beat 2/13 · Masks: no peeking ");
        assert_eq!(prose_title(2, 13, "Masks: no peeking", 25), " beat 2/13 · Masks ");
        assert_eq!(
            prose_title(2, 13, "Add & Norm and the feed-forward network", 40),
            " beat 2/13 · Add & Norm and the… "
        );
    }
}

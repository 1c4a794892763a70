//! Pane titles that fit their border. A title is parts joined by ` · ` (`beat 3/19 · Self-attention
//! and multi-head attention`, `what if: … · v/V`); when it is wider than the border, the last
//! parts go first, then a lesson title loses its subtitle (after `:`); only a single part still
//! too wide is cut, at a word, with `…` (and noted as a cut).

use super::cuts;
use super::text::{cut, width};
use crate::strings;

/// Between a title's parts.
const SEPARATOR: &str = " · ";

/// `title` (with its one space of margin each side) fitted to `room` columns.
pub fn fit_title(title: &str, room: usize) -> String {
    let inner = title.trim();
    let padded = |s: &str| format!(" {s} ");
    if width(&padded(inner)) <= room {
        return title.to_string();
    }
    let mut parts: Vec<&str> = inner.split(SEPARATOR).collect();
    while parts.len() > 1 {
        parts.pop();
        let shorter = parts.join(SEPARATOR);
        if width(&padded(&shorter)) <= room {
            return padded(&shorter);
        }
    }
    cuts::note(title, width(title), room);
    padded(&cut_at_word(parts[0], room.saturating_sub(3)))
}

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
fn cut_at_word(s: &str, n: usize) -> String {
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
    fn parts_go_from_the_end_then_words_are_cut() {
        let t = " what if: no causal mask · v/V ";
        assert_eq!(fit_title(t, 40), t);
        assert_eq!(fit_title(t, 26), " what if: no causal mask ");
        assert_eq!(fit_title(t, 20), " what if: no… ");
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

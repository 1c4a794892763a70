//! Pane titles that fit their border. A title is parts joined by ` · ` (`beat 3/19 · Self-attention
//! and multi-head attention`, `what if: … · v/V`); when it is wider than the border, the last
//! parts go first, then a lesson title loses its subtitle (after `:`); only a single part still
//! too wide is cut, at a word, with `…` (and noted as a cut).

use super::cuts;
use super::text::width;
use crate::app::screenful::cut_at_word;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_go_from_the_end_then_words_are_cut() {
        let t = " what if: no causal mask · v/V ";
        assert_eq!(fit_title(t, 40), t);
        assert_eq!(fit_title(t, 26), " what if: no causal mask ");
        assert_eq!(fit_title(t, 20), " what if: no… ");
    }
}

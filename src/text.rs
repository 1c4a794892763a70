//! Plain-text helpers shared by the screen and `--print`: display width, padding to a width,
//! cutting to a width, and word wrap.
//!
//! Everything here counts terminal columns, not bytes or chars: a Chinese character takes two
//! columns, a combining accent none. `format!("{:<w$}")` pads by chars, so it misaligns
//! anything holding a wide character; use `pad` and `pad_left` instead.

use unicode_width::UnicodeWidthStr;

/// Display width of `s` in terminal columns (as ratatui lays it out).
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// Display width of one character.
fn char_width(c: char) -> usize {
    width(c.encode_utf8(&mut [0; 4]))
}

/// `s` followed by spaces up to `w` columns (left-aligned); unchanged if already that wide.
pub fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// Spaces and then `s`, up to `w` columns (right-aligned); unchanged if already that wide.
pub fn pad_left(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

/// The longest prefix of `s` that fits `w` columns; never half of a wide character.
pub fn cut(s: &str, w: usize) -> String {
    let mut used = 0;
    s.chars()
        .take_while(|&c| {
            used += char_width(c);
            used <= w
        })
        .collect()
}

/// The longest suffix of `s` that fits `w` columns; never half of a wide character.
pub fn cut_end(s: &str, w: usize) -> String {
    let mut used = 0;
    let kept: Vec<char> = s
        .chars()
        .rev()
        .take_while(|&c| {
            used += char_width(c);
            used <= w
        })
        .collect();
    kept.into_iter().rev().collect()
}

/// Characters that may not start a line (closing punctuation): they stay with the character
/// before them.
const NO_LINE_START: &str = "，。、；：？！）」』》〉】〕…’”,.;:?!)]}%";
/// Characters that may not end a line (opening punctuation): they go with the character after.
const NO_LINE_END: &str = "（「『《〈【〔‘“([{";

/// Whether a line may break between `a` and `b` inside a run without spaces: beside a wide
/// (CJK) character, unless punctuation forbids it. Runs of narrow characters (an English word)
/// stay whole, and ASCII punctuation stays with the character beside it (`` `去` `` is one piece:
/// a backtick both opens and closes).
fn may_break(a: char, b: char) -> bool {
    (char_width(a) == 2 || char_width(b) == 2)
        && char_width(b) > 0
        && !NO_LINE_START.contains(b)
        && !NO_LINE_END.contains(a)
        && !a.is_ascii_punctuation()
        && !b.is_ascii_punctuation()
}

/// The pieces a word can be broken into: single CJK characters (with the punctuation that
/// sticks to them) and runs of narrow characters.
fn pieces(word: &str) -> Vec<&str> {
    // a short gloss in brackets stays whole: `(残差连接),` is not broken inside
    let inner = word.trim_end_matches([',', '.', ';', ':']);
    if inner.starts_with('(') && inner.ends_with(')') && width(inner) <= 16 {
        return vec![word];
    }
    let mut out = Vec::new();
    let mut start = 0;
    let mut prev: Option<char> = None;
    for (i, c) in word.char_indices() {
        if prev.is_some_and(|p| may_break(p, c)) {
            out.push(&word[start..i]);
            start = i;
        }
        prev = Some(c);
    }
    out.push(&word[start..]);
    out
}

/// Greedy word wrap to `width` columns. Words are separated by whitespace; text without spaces
/// (Chinese) breaks between its characters, never inside one, and never before closing
/// punctuation such as `。`. A single English word wider than the line keeps its own line.
/// Paragraphs (split on blank lines) are separated by an empty line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split("\n\n") {
        let mut line = String::new();
        let mut line_w = 0;
        for word in para.split_whitespace() {
            for (k, piece) in pieces(word).into_iter().enumerate() {
                // a space between words; none between the pieces of one word
                let mut gap = usize::from(k == 0 && !line.is_empty());
                let piece_w = self::width(piece);
                if !line.is_empty() && line_w + gap + piece_w > width {
                    lines.push(std::mem::take(&mut line));
                    line_w = 0;
                    gap = 0;
                }
                if gap == 1 {
                    line.push(' ');
                }
                line.push_str(piece);
                line_w += gap + piece_w;
            }
        }
        lines.push(line);
        lines.push(String::new());
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// 50289 as `50,289`.
pub fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Three significant digits: 0.00781, 0.125, 1.00, 12.3.
pub fn significant(v: f32) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let digits = (2 - v.abs().log10().floor() as i32).max(0) as usize;
    format!("{v:.digits$}")
}

/// `s` with every control character (escape, bell, carriage return, …) written out as `\x1b`,
/// so text from a file or the command line can never drive the terminal. With `keep_lines`,
/// newlines and tabs stay (prose); otherwise they are escaped too (titles, words).
pub fn escape_controls(s: &str, keep_lines: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() && !(keep_lines && (c == '\n' || c == '\t')) {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod escape_tests {
    use super::escape_controls;

    #[test]
    fn control_characters_are_written_out() {
        assert_eq!(escape_controls("a\x1b[31mb\x07", false), "a\\x1b[31mb\\x07");
        assert_eq!(escape_controls("line\nnext\ttab", true), "line\nnext\ttab");
        assert_eq!(escape_controls("line\nnext", false), "line\\x0anext");
        assert_eq!(escape_controls("我有\u{9b}猫", false), "我有\\x9b猫");
    }
}

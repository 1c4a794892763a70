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

/// `s` cut to `n` columns, keeping its start and ending in `…` when cut.
pub fn fit(s: &str, n: usize) -> String {
    if width(s) <= n {
        s.to_string()
    } else if n == 0 {
        String::new()
    } else {
        format!("{}…", cut(s, n - 1))
    }
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
pub(crate) fn may_break(a: char, b: char) -> bool {
    if a.is_whitespace() || b.is_whitespace() || char_width(b) == 0 || NO_LINE_START.contains(b) {
        return false; // a space inside a unit (a shape, `d = 32`) holds it together
    }
    // after full-width closing punctuation a line may break before anything that may start one:
    // `，` then `` `tgt.mask` `` or `(2, 5)`
    if char_width(a) == 2 && NO_LINE_START.contains(a) {
        return true;
    }
    (char_width(a) == 2 || char_width(b) == 2)
        && !NO_LINE_END.contains(a)
        && !a.is_ascii_punctuation()
        && !b.is_ascii_punctuation()
}

/// The widest group of words `units` keeps on one line.
const UNIT_WIDTH: usize = 24;

/// The words of a paragraph, with the groups a reader takes as one thing joined by a space so
/// no line breaks inside them: a shape or call in brackets, `(2, 4, 6, 8)`; a word and what an
/// `=`, `&`, `→` or `×` ties to it, `d_ff = 64`, `Add & Norm`; a section after its note,
/// `001 §5.2`; a number between Chinese words, `第 5 行`. A word is not added to a group whose
/// last unbreakable piece and the word would be wider than `UNIT_WIDTH`.
fn units(para: &str) -> Vec<String> {
    let words: Vec<&str> = para.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut glue_next = false;
    for (i, &word) in words.iter().enumerate() {
        let joins = match out.last() {
            None => false,
            Some(last) => {
                // inside a shape or a call's arguments: short items, each ending in `,` or `)`
                let open = last.matches('(').count() > last.matches(')').count()
                    && width(word) <= 8
                    && (word.ends_with(',') || word.contains(')'));
                let tie = ["=", "&", "→", "×"].contains(&word);
                let section = word.starts_with('§');
                let number_after_han = is_number(word) && last.chars().last().is_some_and(|c| char_width(c) == 2);
                glue_next || open || tie || section || number_after_han
            }
        };
        // only the last piece of a Chinese run is tied to what follows (`第` of `…对第`)
        let fits =
            out.last().is_some_and(|last| pieces(last).last().map_or(0, |p| width(p)) + 1 + width(word) <= UNIT_WIDTH);
        glue_next = ["=", "&", "→", "×"].contains(&word)
            || (is_number(word) && words.get(i + 1).and_then(|w| w.chars().next()).is_some_and(|c| char_width(c) == 2));
        match out.last_mut() {
            Some(last) if joins && fits => {
                last.push(' ');
                last.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out
}

/// A number as prose writes it: `5`, `0.33`, `−1e9`, `16%`.
fn is_number(word: &str) -> bool {
    let digits = word.trim_end_matches([',', '.', ';', ':']);
    !digits.is_empty()
        && digits.chars().any(|c| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || ".−-+e%".contains(c))
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
/// punctuation such as `。`. A paragraph's Chinese never ends on a line of one character: the
/// character before it comes down too (`…的` / `平均。`, not `…的平` / `均。`). A single English
/// word wider than the line keeps its own line. Paragraphs (split on blank lines) are separated
/// by an empty line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split("\n\n") {
        let words = units(para);
        let mut rows = wrap_pieces(&words, width);
        keep_no_orphan(&mut rows, width);
        lines.extend(rows.iter().map(row_text));
        lines.push(String::new());
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// A row of a paragraph: its pieces, each with whether a space comes before it.
type Row<'a> = Vec<(bool, &'a str)>;

/// A row as text: a space before each piece that follows a space, but not at the row's start.
fn row_text(row: &Row) -> String {
    let mut out = String::new();
    for (i, (gap, piece)) in row.iter().enumerate() {
        if *gap && i > 0 {
            out.push(' ');
        }
        out.push_str(piece);
    }
    out
}

/// The paragraph's words (from `units`) laid in rows of `width` columns, greedily.
fn wrap_pieces(words: &[String], width: usize) -> Vec<Row<'_>> {
    let mut rows: Vec<Row> = vec![Vec::new()];
    let mut row_w = 0;
    for word in words {
        for (k, piece) in pieces(word).into_iter().enumerate() {
            // a space between words; none between the pieces of one word. The space is kept
            // with its piece, and not drawn when the piece starts a row.
            let gap = k == 0 && !(rows.len() == 1 && rows[0].is_empty());
            let piece_w = self::width(piece);
            if !rows.last().expect("a row").is_empty() && row_w + usize::from(gap) + piece_w > width {
                rows.push(Vec::new());
                row_w = 0;
            }
            let row = rows.last_mut().expect("a row");
            let drawn_gap = gap && !row.is_empty();
            row.push((gap, piece));
            row_w += usize::from(drawn_gap) + piece_w;
        }
    }
    rows
}

/// When the last row is one Chinese character (with its punctuation) broken off the row above
/// in the middle of a run, the row above gives it its last piece too, if the two fit.
fn keep_no_orphan(rows: &mut [Row], width: usize) {
    let [.., above, last] = rows else { return };
    let orphan =
        matches!(last.as_slice(), [(false, p)] if self::width(p) <= 4 && p.chars().any(|c| char_width(c) == 2));
    let Some(&(false, moved)) = above.last() else { return };
    let joined = moved.chars().last().is_some_and(|c| char_width(c) == 2);
    if orphan && joined && above.len() > 1 && self::width(moved) + self::width(last[0].1) <= width {
        above.pop();
        last.insert(0, (false, moved));
    }
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

/// Four decimals, or three significant digits in scientific notation where four decimals would
/// round the number away (a weight's gradient of −0.00008 is not −0.0001).
pub fn four_places(v: f64) -> String {
    if v == 0.0 || v.abs() >= 1e-2 { format!("{v:.4}") } else { format!("{v:.3e}") }
}

/// A gradient's size as the learning views print it: three significant digits, `0` for none.
pub fn grad_text(v: f64) -> String {
    match v {
        0.0 => "0".into(),
        v if v.abs() < 1e-4 => format!("{v:.2e}"),
        v => significant(v as f32),
    }
}

/// `s` with every control character (escape, bell, carriage return, …) written out as `\x1b`,
/// so text from a file or the command line can never drive the terminal. With `keep_lines`,
/// newlines and tabs stay (prose); otherwise they are escaped too (titles, words). Bidirectional
/// overrides are written out as `\u{202e}`.
pub fn escape_controls(s: &str, keep_lines: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() && !(keep_lines && (c == '\n' || c == '\t')) {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else if is_bidi_control(c) {
            out.push_str(&format!("\\u{{{:04x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// A character that reorders the text around it on a terminal (U+202E RIGHT-TO-LEFT OVERRIDE
/// and its kin): shown written out like a control character, so a token cannot disguise a line.
/// These twelve are the whole of Unicode's Bidi_Control property (PropList.txt: 061C, 200E–200F,
/// 202A–202E, 2066–2069), a set Unicode's stability policy keeps as is; no crate the project
/// uses exposes the property, so it is listed here.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Rows of cells laid out as a table by display width, two spaces between columns: column `left`
/// reads left to right (a name), the others line up on the right (numbers). Trailing spaces cut.
pub fn table_lines<const N: usize>(rows: &[[String; N]], left: usize) -> Vec<String> {
    let widths: Vec<usize> = (0..N).map(|c| rows.iter().map(|r| width(&r[c])).max().unwrap_or(0)).collect();
    rows.iter()
        .map(|row| {
            let cells = row.iter().zip(&widths).enumerate();
            let cells: Vec<String> =
                cells.map(|(c, (cell, &n))| if c == left { pad(cell, n) } else { pad_left(cell, n) }).collect();
            cells.join("  ").trim_end().to_string()
        })
        .collect()
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

#[cfg(test)]
mod unit_tests {
    use super::wrap;

    #[test]
    fn a_shape_an_equation_and_a_number_in_chinese_stay_on_one_line() {
        let lines = wrap("The input is the tensor of shape (2, 4, 6, 8) here", 34);
        assert!(lines.iter().any(|l| l.contains("(2, 4, 6, 8)")), "{lines:?}");
        let lines = wrap("with a hidden width of d_ff = 64 as before", 30);
        assert!(lines.iter().any(|l| l.contains("d_ff = 64")), "{lines:?}");
        let lines = wrap("这一行很长很长很长，看第 5 行", 22);
        assert!(lines.iter().any(|l| l.contains("第 5 行")), "{lines:?}");
        let lines = wrap("详见笔记 001 §5.2 的说明", 14);
        assert!(lines.iter().any(|l| l.contains("001 §5.2")), "{lines:?}");
        // in a long Chinese run too (only its last character is tied to the number)
        let long = "这是一段很长很长很长很长很长很长很长的中文句子对目标句的第 0 行";
        for w in 20..40 {
            let lines = wrap(long, w);
            assert!(lines.iter().any(|l| l.contains("第 0 行")), "{w}: {lines:?}");
        }
    }

    #[test]
    fn chinese_never_ends_a_paragraph_on_one_character() {
        let text = "按 [ 和 ] 比较全部四个头；再按一次 ] 显示它们的平均。";
        // greedy, the last row would be `均。`; the character before it comes down
        for w in 10..40 {
            let lines = wrap(text, w);
            let last = lines.last().unwrap();
            assert!(lines.len() == 1 || super::width(last) > 4, "{w}: {lines:?}");
            assert!(lines.iter().all(|l| super::width(l) <= w), "{w}: {lines:?}");
            assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""), "{w}");
        }
        assert_eq!(wrap(text, 48), ["按 [ 和 ] 比较全部四个头；再按一次 ] 显示它们的", "平均。"]);
        // a new word after a space is no orphan of a run: nothing is joined across the space
        assert_eq!(wrap("the word 猫。", 9), ["the word", "猫。"]);
    }

    #[test]
    fn a_line_may_break_after_chinese_punctuation_before_code() {
        // `，` then a code span: the break comes after the comma, the line is not left short
        let lines = wrap("这是一段中文句子，`tgt.mask` 的形状", 20);
        assert_eq!(lines[0], "这是一段中文句子，", "{lines:?}");
        // brackets in English prose that are not a shape still break as words
        let lines = wrap("a sentence (the mean of the heads) that wraps", 20);
        assert!(lines.iter().all(|l| super::width(l) <= 20), "{lines:?}");
    }
}

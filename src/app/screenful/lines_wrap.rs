//! A text view's line that is wider than its pane, broken at spaces into rows that fit: the
//! first row as it was, the rest indented two columns past the line's own indent. A bar is never
//! broken; a word wider than a row is broken by columns, never inside a character.

use crate::app::view_data::{Piece, Role};
use crate::text::width;

/// One unbreakable thing on a line: a character, or a whole bar.
#[derive(Debug, Clone)]
struct Unit {
    text: String,
    width: usize,
    role: Role,
}

impl Unit {
    fn is_space(&self) -> bool {
        self.text == " "
    }
}

/// The rows `line` takes in `room` columns (the line itself when it fits).
pub(super) fn wrap_pieces(line: &[Piece], room: usize) -> Vec<Vec<Piece>> {
    let units = units(line);
    let total: usize = units.iter().map(|u| u.width).sum();
    if total <= room || room == 0 {
        return vec![line.to_vec()];
    }
    let lead = units.iter().take_while(|u| u.is_space()).count();
    let indent = (lead + 2).min(room / 2);
    let mut rows: Vec<Vec<Unit>> = Vec::new();
    let mut row: Vec<Unit> = Vec::new();
    let mut used = 0;
    let space = |role| Unit { text: " ".into(), width: 1, role };
    let mut i = 0;
    while i < units.len() {
        // the spaces before the next word, and the word
        let gap_end = i + units[i..].iter().take_while(|u| u.is_space()).count();
        // a word ends at a space, or where Chinese text may break between two characters
        let word_end = (gap_end + 1..units.len())
            .find(|&k| units[k].is_space() || breaks_between(&units[k - 1], &units[k]))
            .unwrap_or(units.len())
            .max(gap_end);
        let gap: usize = units[i..gap_end].iter().map(|u| u.width).sum();
        let word: usize = units[gap_end..word_end].iter().map(|u| u.width).sum();
        let first_on_row = row.iter().all(Unit::is_space);
        if !first_on_row && used + gap + word > room {
            rows.push(std::mem::take(&mut row));
            row.extend(std::iter::repeat_n(space(Role::Plain), indent));
            used = indent;
        } else {
            row.extend(units[i..gap_end].iter().cloned());
            used += gap;
        }
        // the word, broken by columns when it is wider than a row
        for u in &units[gap_end..word_end] {
            if used + u.width > room && !row.iter().all(Unit::is_space) {
                rows.push(std::mem::take(&mut row));
                row.extend(std::iter::repeat_n(space(Role::Plain), indent));
                used = indent;
            }
            used += u.width;
            row.push(u.clone());
        }
        i = word_end;
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows.into_iter().map(pieces).collect()
}

/// Whether a row may end between two units with no space between them (beside a CJK
/// character, as the prose's wrapper decides); never beside a bar.
fn breaks_between(a: &Unit, b: &Unit) -> bool {
    let bar = |u: &Unit| matches!(u.role, Role::Bar { .. });
    match (a.text.chars().last(), b.text.chars().next()) {
        (Some(x), Some(y)) if !bar(a) && !bar(b) => crate::text::may_break(x, y),
        _ => false,
    }
}

/// The units of a line: each character (zero-width ones stay with the one before), each bar.
fn units(line: &[Piece]) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    for piece in line {
        if let Role::Bar { cells, .. } = piece.role {
            out.push(Unit { text: piece.text.clone(), width: cells, role: piece.role });
            continue;
        }
        for c in piece.text.chars() {
            let s = c.to_string();
            match (width(&s), out.last_mut()) {
                (0, Some(last)) => last.text.push(c),
                (w, _) => out.push(Unit { text: s, width: w, role: piece.role }),
            }
        }
    }
    out
}

/// Units back into pieces: neighbours of one role joined, each bar its own piece.
fn pieces(row: Vec<Unit>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    for u in row {
        let bar = matches!(u.role, Role::Bar { .. });
        match out.last_mut() {
            Some(last) if !bar && last.role == u.role => last.text.push_str(&u.text),
            _ => out.push(Piece { text: u.text, role: u.role }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(text: &str, role: Role) -> Piece {
        Piece { text: text.into(), role }
    }

    fn texts(rows: &[Vec<Piece>]) -> Vec<String> {
        rows.iter().map(|r| r.iter().map(|p| p.text.as_str()).collect()).collect()
    }

    #[test]
    fn chinese_text_breaks_between_characters_not_before_its_punctuation() {
        let line = vec![piece("损失升高了：这一步让每个权重都挪动约 lr，不管损失在不在乎它。", Role::Plain)];
        let rows = texts(&wrap_pieces(&line, 30));
        // the first row is filled, not ended at the space before `lr`
        assert_eq!(rows[0], "损失升高了：这一步让每个权重都");
        assert!(rows.iter().skip(1).all(|r| !r.trim_start().starts_with(['，', '。'])), "{rows:?}");
        assert!(rows.iter().all(|r| crate::text::width(r) <= 30), "{rows:?}");
        assert_eq!(rows.concat().replace("  ", ""), "损失升高了：这一步让每个权重都挪动约 lr，不管损失在不在乎它。");
    }

    #[test]
    fn a_line_that_fits_is_kept() {
        let line = vec![piece("  a  b", Role::Plain), piece("c", Role::Good)];
        assert_eq!(wrap_pieces(&line, 7), vec![line]);
    }

    #[test]
    fn breaks_at_spaces_with_a_hanging_indent_and_keeps_roles() {
        let line = vec![piece("  self_attn 4,224 · ", Role::Plain), piece("norm1 64", Role::Strong)];
        let rows = wrap_pieces(&line, 20);
        assert_eq!(texts(&rows), ["  self_attn 4,224 ·", "    norm1 64"]);
        assert_eq!(rows[1].last().unwrap().role, Role::Strong);
        for row in &rows {
            assert!(row.iter().map(|p| width(&p.text)).sum::<usize>() <= 20);
        }
    }

    #[test]
    fn wide_characters_and_bars_are_never_split() {
        let bar = Role::Bar { fraction: 0.5, cells: 6 };
        let line = vec![piece("我有一只猫我有一只猫 ", Role::Plain), piece("", bar), piece(" 0.50", Role::Dim)];
        let rows = wrap_pieces(&line, 9);
        assert_eq!(texts(&rows)[..2], ["我有一只", "  猫我有"]);
        assert!(rows.iter().any(|r| r.iter().any(|p| p.role == bar)));
    }
}

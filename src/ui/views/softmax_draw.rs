//! The parts of the softmax-rows view: a run's grid, the selected query in full, the one-line
//! list of query rows, the legend. `softmax_rows.rs` chooses which fit and where.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::common::{LEVELS, Pen, bar, cut, decimals, fit, pad_left, shown_rows, width, window_around};
use super::softmax_rows::{BAR_MAX, Ctx, GridMode, LEAK_MARK, MASK_MARK, SUM_W, Side};
use crate::app::view_data::SoftmaxRow;
use crate::strings::{self, more};
use crate::ui::theme::{SELECTED_MARK, Theme};

/// The grid: a title, the keys across, one line per query row (windowed around the selected
/// row when the area is too short).
pub(super) fn draw_grid(buf: &mut Buffer, r: Rect, side: &Side, cx: &Ctx, mode: GridMode) {
    let (d, g, t) = (cx.d, cx.g, cx.t);
    let mut pen = Pen::new(buf, r);
    let w = r.width as usize;
    pen.put(0, 0, &fit(side.label, w), t.title());
    let cw = mode.cell_w();
    let x0 = 3 + g.label_w;
    let (first, last) = cx.keys;
    let windowed = last - first < g.keys;
    if mode.numbers() {
        for (j, key) in d.col_labels.iter().enumerate().take(last).skip(first) {
            // a wide character does not fit a one-column label; it takes the cell's gap too
            let text = match abbrev(key, cw - 1) {
                a if a.is_empty() => cut(key, cw),
                a => a,
            };
            pen.put(x0 + (j - first) * cw, 1, &text, t.dim());
        }
    } else {
        for (at, text) in glyph_labels(&d.col_labels[first..last], cw) {
            pen.put(x0 + at, 1, &text, t.dim());
        }
    }
    if mode.sum() {
        pen.put(x0 + (last - first) * cw, 1, &pad_left(strings::ROW_SUM.get(), SUM_W), t.dim());
    }
    let n = side.rows.len();
    let avail = (r.height as usize).saturating_sub(2 + usize::from(windowed));
    let (start, end) = window_around(n, shown_rows(n, avail), d.selected_row.unwrap_or(0));
    for (line, i) in (start..end).enumerate() {
        let y = 2 + line;
        let row = &side.rows[i];
        pen.row_label(y, &fit(&row.label, g.label_w), d.selected_row == Some(i), t);
        if row.weights.is_empty() {
            // a row withheld until the beat's question is answered
            pen.put(x0, y, &fit(strings::ANSWER_FIRST.get(), w.saturating_sub(x0)), t.dim());
            continue;
        }
        let top = row.weights.iter().copied().filter(|v| v.is_finite()).fold(0.0f32, f32::max);
        for j in first..last {
            let x = x0 + (j - first) * cw;
            match Cell::of(row, j) {
                Cell::Missing => {}
                Cell::Masked => {
                    pen.put(x, y, MASK_MARK, t.masked());
                    if mode.numbers() {
                        pen.put(x + 1, y, "  0", t.masked());
                    }
                }
                Cell::Weight { w, leak } => {
                    let style = t.sequential(w);
                    let mut end = pen.put(x, y, &level(w, top).to_string(), style);
                    if mode.numbers() {
                        end = pen.put(end, y, &w3(w), style);
                    }
                    if leak {
                        pen.put(end, y, LEAK_MARK, t.bad());
                    }
                }
            }
        }
        if mode.sum() {
            pen.put(x0 + (last - first) * cw, y, &pad_left(&decimals(row.sum, 3, false), SUM_W), Style::new());
        }
    }
    let below = n - end;
    let mut y = 2 + end - start;
    if start > 0 || below > 0 {
        pen.put(2, y, &more(start, below, strings::ROWS.get()), t.dim());
        y += 1;
    }
    if windowed {
        // the keys left out by name when they fit the line, else how many
        let named = strings::more_keys_named(&d.col_labels[..first], &d.col_labels[last..]);
        let marker = if width(&named) + 2 <= w { named } else { strings::more_keys(first, g.keys - last) };
        pen.put(2, y, &fit(&marker, w.saturating_sub(2)), t.dim());
    }
}

/// The selected query of one run in full: one line per key with a bar scaled to the weight
/// (1.0 = the whole bar) and the weight, then the row sum.
pub(super) fn draw_detail(buf: &mut Buffer, r: Rect, side: &Side, cx: &Ctx) {
    let (d, g, t, i) = (cx.d, cx.g, cx.t, cx.detail_row);
    let mut pen = Pen::new(buf, r);
    let w = r.width as usize;
    let Some(row) = side.rows.get(i) else {
        pen.put(0, 0, &fit(&strings::no_row(side.label, i), w), t.dim());
        return;
    };
    let mut x = 0;
    if cx.query_in_title {
        if d.selected_row.is_some() {
            x = pen.put(0, 0, SELECTED_MARK, t.highlight()) + 1;
        }
        x = pen.put(x, 0, &fit(&row.label, g.label_w), t.highlight());
        x = pen.put(x, 0, " · ", t.dim());
    }
    pen.put(x, 0, &fit(side.label, w.saturating_sub(x)), t.title());
    if row.weights.is_empty() {
        // withheld until the beat's question is answered
        pen.put(2, 1, &fit(strings::ANSWER_FIRST.get(), w.saturating_sub(2)), t.dim());
        return;
    }

    let bar_x = g.key_w + 2;
    let bar_w = w.saturating_sub(bar_x + 1 + 5).min(BAR_MAX);
    let num_x = bar_x + bar_w + 1;
    // the keys that fit under the title (the sum line goes first); a short area counts the rest
    let room = (r.height as usize).saturating_sub(1);
    let shown = if g.keys <= room { g.keys } else { room.saturating_sub(1) };
    if shown < g.keys {
        pen.put(2, 1 + shown, &fit(&more(0, g.keys - shown, strings::KEYS.get()), w.saturating_sub(2)), t.dim());
    }
    for j in 0..shown {
        let y = 1 + j;
        pen.put(0, y, &fit(&d.col_labels[j], g.key_w), t.dim());
        match Cell::of(row, j) {
            Cell::Missing => {}
            Cell::Masked => {
                pen.put(bar_x - 1, y, MASK_MARK, t.masked());
                pen.put(bar_x + 1, y, &fit(strings::MASKED.get(), bar_w.saturating_sub(1)), t.masked());
                pen.put(num_x, y, &decimals(0.0, 3, false), t.masked());
            }
            Cell::Weight { w, leak } => {
                let style = if leak {
                    pen.put(bar_x - 1, y, LEAK_MARK, t.bad());
                    t.bad()
                } else {
                    Style::new()
                };
                pen.put(bar_x, y, &bar(w, bar_w, true), style);
                pen.put(num_x, y, &pad_left(&decimals(w, 3, false), 5), style);
            }
        }
    }
    if shown < g.keys {
        return; // no room for the sum line
    }
    let y = 1 + g.keys;
    let sum = decimals(row.sum, 3, false);
    let label = format!("{} ", strings::ROW_SUM);
    pen.put((num_x + 5).saturating_sub(width(&label) + width(&sum)), y, &label, t.dim());
    pen.put((num_x + 5).saturating_sub(width(&sum)), y, &sum, Style::new());
}

/// `queries: <bos> I have ▶a cat <eos>`, when no grid lists the rows; when they do not all fit,
/// the ones around the selected row between `…`.
pub(super) fn draw_row_list(buf: &mut Buffer, r: Rect, side: &Side, selected: Option<usize>, t: Theme) {
    let mut pen = Pen::new(buf, r);
    let w = r.width as usize;
    let sel = selected.unwrap_or(0).min(side.rows.len().saturating_sub(1));
    let item_w = |i: usize| 1 + width(&side.rows[i].label) + usize::from(selected == Some(i));
    let prefix = strings::QUERIES.get();
    // Grow a window of rows around the selected one while it fits with its `…` marks.
    let (mut start, mut end) = (sel, (sel + 1).min(side.rows.len()));
    let used = |start: usize, end: usize| {
        width(prefix)
            + (start..end).map(item_w).sum::<usize>()
            + 2 * usize::from(start > 0)
            + 2 * usize::from(end < side.rows.len())
    };
    loop {
        let grown = if end < side.rows.len() && used(start, end + 1) <= w {
            end += 1;
            true
        } else {
            false
        };
        if start > 0 && used(start - 1, end) <= w {
            start -= 1;
        } else if !grown {
            break;
        }
    }
    let mut x = pen.put(0, 0, prefix, t.dim());
    if start > 0 {
        x = pen.put(x + 1, 0, "…", t.dim());
    }
    for i in start..end {
        x += 1;
        let label = &side.rows[i].label;
        if selected == Some(i) {
            x = pen.put(x, 0, SELECTED_MARK, t.highlight());
            x = pen.put(x, 0, label, t.highlight());
        } else {
            x = pen.put(x, 0, label, Style::new());
        }
    }
    if end < side.rows.len() {
        pen.put(x + 1, 0, "…", t.dim());
    }
}

/// What the marks mean, as many entries as fit whole.
pub(super) fn draw_legend(buf: &mut Buffer, r: Rect, sides: &[Side], grid: bool, t: Theme) {
    let rows = || sides.iter().flat_map(|s| s.rows.iter());
    let any_masked = rows().any(|row| (0..row.weights.len()).any(|j| Cell::of(row, j) == Cell::Masked));
    let any_leak =
        rows().any(|row| (0..row.weights.len()).any(|j| matches!(Cell::of(row, j), Cell::Weight { leak: true, .. })));
    let any_nan = rows().any(|row| row.weights.iter().any(|w| w.is_nan()));
    let mut entries: Vec<(&str, &str, Style)> = Vec::new();
    if any_nan {
        entries.push((strings::NAN, strings::LEGEND_NAN.get(), t.bad()));
    }
    if any_masked {
        entries.push((MASK_MARK, strings::LEGEND_MASKED.get(), t.masked()));
    }
    if any_leak {
        entries.push((LEAK_MARK, strings::LEGEND_LEAK.get(), t.bad()));
    }
    if grid {
        entries.push(("▁…█", strings::LEGEND_RELATIVE.get(), Style::new()));
    }
    let mut pen = Pen::new(buf, r);
    let mut x = 0;
    for (mark, text, style) in entries {
        let need = width(mark) + width(text);
        if x + need > r.width as usize {
            break;
        }
        x = pen.put(x, 0, mark, style);
        x = pen.put(x, 0, text, t.dim()) + 3;
    }
}

/// What one key of one row shows.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cell {
    /// No weight for this key in the data.
    Missing,
    /// The mask hid the key and its weight is exactly zero.
    Masked,
    /// A weight; `leak` when the mask hid the key yet the weight is not zero.
    Weight { w: f32, leak: bool },
}

impl Cell {
    fn of(row: &SoftmaxRow, j: usize) -> Cell {
        let Some(&w) = row.weights.get(j) else { return Cell::Missing };
        let masked = row.masked.get(j).copied().unwrap_or(false);
        // a NaN is no weight at all: it is shown as NaN, never as a masked key that kept weight
        if masked && w == 0.0 { Cell::Masked } else { Cell::Weight { w, leak: masked && !w.is_nan() } }
    }
}

/// The level glyph of `w` relative to the row's top weight; blank for zero.
fn level(w: f32, top: f32) -> char {
    if w.is_nan() || top.is_nan() || w <= 0.0 || top <= 0.0 {
        return ' ';
    }
    let i = ((w / top).min(1.0) * LEVELS.len() as f32).ceil() as usize;
    LEVELS[i.clamp(1, LEVELS.len()) - 1]
}

/// A weight in three characters: `.21`, `1.0`.
fn w3(w: f32) -> String {
    if !w.is_finite() {
        " ? ".to_string()
    } else if w >= 0.995 {
        "1.0".to_string()
    } else if w <= 0.0 {
        ".00".to_string()
    } else {
        format!("{w:.2}").trim_start_matches('0').to_string()
    }
}

/// A key label in `n` cells for a grid header: `<bos>` becomes `<bos` or `bo`.
fn abbrev(s: &str, n: usize) -> String {
    if width(s) <= n {
        return s.to_string();
    }
    let inner = s.strip_prefix('<').and_then(|s| s.strip_suffix('>'));
    match inner {
        Some(inner) if n >= 4 => format!("<{}", cut(inner, n - 1)),
        Some(inner) => cut(inner, n),
        None => cut(s, n),
    }
}

/// The key labels over a glyph grid whose cells are `cw` columns wide, as (column, text): a key
/// that fits its cell (a letter, a Chinese character) over it; a wider one whole, from its
/// cell on, where it ends before the grid does and a column after the label before it. The keys
/// it covers go unlabelled (the keys line under the grid names them all), never cut to a
/// letter (`p ▁ ▁ v` for `<pad> ▁I ▁ha ve`).
pub(super) fn glyph_labels(keys: &[String], cw: usize) -> Vec<(usize, String)> {
    let grid_end = (keys.len() * cw).saturating_sub(1);
    let mut labels = Vec::new();
    // the first column free after the last label drawn (a wide label keeps a space after it),
    // and whether that label fitted its cell (then a wide label keeps a space before it)
    let (mut free, mut after_cell) = (0, false);
    for (j, key) in keys.iter().enumerate() {
        let (x, w) = (j * cw, width(key));
        let fits_cell = w < cw || (w == cw && key.chars().count() == 1);
        let from = if fits_cell { free } else { free + usize::from(after_cell) };
        if x < from || (!fits_cell && x + w > grid_end) {
            continue;
        }
        labels.push((x, key.clone()));
        (free, after_cell) = if fits_cell { (x + w, true) } else { (x + w + 1, false) };
    }
    labels
}

/// The keys `start..end` a grid of `shown` of `keys` keys draws: around the first of `focus`
/// (the keys the app wants seen, the most wanted first), grown to take in as many of the others
/// as fit, in their order.
pub(super) fn key_window(keys: usize, shown: usize, focus: &[usize]) -> (usize, usize) {
    let shown = shown.min(keys);
    let mut wanted = focus.iter().copied().filter(|&j| j < keys);
    let Some(first) = wanted.next() else { return (0, shown) };
    let (mut lo, mut hi) = (first, first);
    for j in wanted {
        let (l, h) = (lo.min(j), hi.max(j));
        if h - l < shown {
            (lo, hi) = (l, h);
        }
    }
    // the spare keys split around the wanted ones
    let spare = shown - (hi - lo + 1);
    let start = lo.saturating_sub(spare / 2).min(keys - shown);
    (start, start + shown)
}

#[cfg(test)]
mod tests {
    use super::glyph_labels;

    fn labels(keys: &str) -> Vec<(usize, String)> {
        glyph_labels(&keys.split(' ').map(String::from).collect::<Vec<_>>(), 2)
    }

    #[test]
    fn a_glyph_grid_labels_its_keys_whole_or_not_at_all() {
        // a Marian's pieces: each label whole, a space between, none past the grid
        let marian = labels("<pad> ▁I ▁ha ve ▁a ▁cat </s> <pad> <pad> <pad>");
        let want = [(0, "<pad>"), (6, "ve"), (10, "▁cat")];
        assert_eq!(marian, want.map(|(x, k)| (x, k.to_string())).to_vec());
        // Chinese characters fill their cells side by side, as before; `<pad>` has no room
        let chars = labels("你 有 猫 吗 <pad>");
        assert_eq!(chars, [(0, "你"), (2, "有"), (4, "猫"), (6, "吗")].map(|(x, k)| (x, k.to_string())).to_vec());
        // letters over their cells
        assert_eq!(labels("a b").len(), 2);
    }
}

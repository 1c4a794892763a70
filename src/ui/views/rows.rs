//! Row labels of the grid views, and which rows and columns fit: the window of rows around the
//! selected one, and the columns that fit a width.

use super::common::{fit_pad, put, width};
use crate::strings;
use crate::ui::theme::{SELECTED_MARK, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

// ---------------------------------------------------------------------------------------------
// Row labels
// ---------------------------------------------------------------------------------------------

/// Row labels of the grid views (heatmap, mask, vector table) are cut to at most this many columns.
pub(crate) const LABEL_MAX: usize = 7;
/// Token labels of the softmax-rows and LayerNorm views are cut to at most this many columns.
pub(crate) const TOKEN_LABEL_MAX: usize = 6;
/// A label column is never wider than this, even where the pane has room (`tomorrow` and a
/// SentencePiece word read whole; a label longer still is cut).
pub(crate) const LABEL_LONG: usize = 16;

/// Width of a label column: the widest of `labels`, at least 1 and at most `max`.
pub(crate) fn widest<S: AsRef<str>>(labels: impl IntoIterator<Item = S>, max: usize) -> usize {
    labels.into_iter().map(|l| width(l.as_ref())).max().unwrap_or(1).clamp(1, max)
}

/// Width of a label column chosen from the pane and the labels' own widths (terminal columns:
/// a CJK character takes two): the labels whole (up to `LABEL_LONG`) when the view draws all it
/// would with them cut to `cut`, else the widest that does, and at narrowest cut to `cut`.
/// `shows(w)` is what the view lays out with labels `w` wide (its columns, its modes): a wider
/// label never costs a data column the view would draw at the cut width.
pub(crate) fn fitted_label_width<S: AsRef<str>, T: PartialEq>(
    labels: impl IntoIterator<Item = S>,
    cut: usize,
    shows: impl Fn(usize) -> T,
) -> usize {
    let whole = widest(labels, LABEL_LONG);
    let short = whole.min(cut);
    let at_cut = shows(short);
    (short + 1..=whole).rev().find(|&w| shows(w) == at_cut).unwrap_or(short)
}

/// Label `i` of `labels`, or the index when the list is short.
pub(crate) fn label(labels: &[String], i: usize) -> String {
    labels.get(i).cloned().unwrap_or_else(|| i.to_string())
}

/// Width of a grid's row-label column for its `n` rows: the longest label, cut to LABEL_MAX
/// unless the view draws as much beside it whole (`shows`, as in `fitted_label_width`).
pub(crate) fn label_width<T: PartialEq>(labels: &[String], n: usize, shows: impl Fn(usize) -> T) -> usize {
    fitted_label_width((0..n).map(|i| label(labels, i)), LABEL_MAX, shows)
}

/// The left margin of a grid row: `▶ label   ` (mark, space, label, space). Returns the x after it.
pub(crate) fn draw_row_label(
    buf: &mut Buffer,
    area: Rect,
    y: u16,
    text: &str,
    label_w: usize,
    selected: bool,
    theme: Theme,
) -> u16 {
    if selected {
        put(buf, area, area.x, y, SELECTED_MARK, theme.highlight());
    }
    let style = if selected { theme.highlight() } else { theme.dim() };
    put(buf, area, area.x.saturating_add(2), y, &fit_pad(text, label_w), style);
    area.x.saturating_add(margin(label_w))
}

/// Columns taken by the left margin for a label column of `label_w`.
pub(crate) fn margin(label_w: usize) -> u16 {
    u16::try_from(label_w + 3).unwrap_or(u16::MAX)
}

// ---------------------------------------------------------------------------------------------
// Which rows and columns fit
// ---------------------------------------------------------------------------------------------

/// Which rows of a grid are drawn when not all fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RowWindow {
    pub start: usize,
    pub shown: usize,
    /// Every `step`-th row from `start` (1: consecutive rows).
    pub step: usize,
    /// `… N more rows`, drawn on its own line after the shown rows.
    pub note: Option<String>,
}

impl RowWindow {
    /// The indices of the shown rows.
    pub fn rows(&self) -> impl Iterator<Item = usize> + use<> {
        let (start, step) = (self.start, self.step.max(1));
        (0..self.shown).map(move |i| start + i * step)
    }

    /// Draws the note, if any, on line `y` under the row labels; returns the line after it.
    pub fn draw_note(&self, buf: &mut Buffer, area: Rect, y: u16, theme: Theme) -> u16 {
        match &self.note {
            Some(note) => {
                put(buf, area, area.x.saturating_add(2), y, note, theme.dim());
                y + 1
            }
            None => y,
        }
    }
}

/// Fit `n` grid rows of `lines_per_row` lines into `lines`. When they don't all fit, one line goes
/// to a note; the window starts at row 0 unless that would hide the selected row.
pub(crate) fn row_window(n: usize, lines: usize, lines_per_row: usize, selected: Option<usize>) -> RowWindow {
    let lpr = lines_per_row.max(1);
    if n * lpr <= lines {
        return RowWindow { start: 0, shown: n, step: 1, note: None };
    }
    if lines == 0 {
        return RowWindow { start: 0, shown: 0, step: 1, note: None };
    }
    let shown = (lines - 1) / lpr;
    let start = match selected {
        Some(s) if shown > 0 && s < n && s >= shown => s + 1 - shown,
        _ => 0,
    };
    let shown = shown.min(n - start);
    let below = n - start - shown;
    let note = if start == 0 { strings::more_rows(below) } else { strings::rows_above_below(start, below) };
    RowWindow { start, shown, step: 1, note: Some(note) }
}

/// Fit `n` one-line grid rows into `lines` by drawing every k-th of them, 0, k, 2k, …, with the
/// smallest k that fits (the note, saying so, takes a line): the whole range at a glance, where
/// `row_window` would show a part of it.
pub(crate) fn every_kth_row(n: usize, lines: usize) -> RowWindow {
    if n <= lines || lines < 2 {
        return row_window(n, lines, 1, None);
    }
    let k = n.div_ceil(lines - 1);
    let shown = n.div_ceil(k);
    RowWindow { start: 0, shown, step: k, note: Some(strings::every_kth_row(k, shown, n)) }
}

/// Which `shown` of `n` columns to draw in `avail` cells by taking every k-th, and the note
/// saying so; `(n, 1, None)` when all fit.
pub(crate) fn every_kth_column(n: usize, avail: usize) -> (usize, usize, Option<String>) {
    if n <= avail || avail == 0 {
        return (n, 1, None);
    }
    let k = n.div_ceil(avail);
    let shown = n.div_ceil(k);
    (shown, k, Some(strings::every_kth_column(k, shown, n)))
}

/// How many of `n` one-line rows to show in `avail` lines: all when they fit, else all but one
/// line (kept for a `… N more` note), at least one.
pub(crate) fn shown_rows(n: usize, avail: usize) -> usize {
    if n <= avail { n } else { avail.saturating_sub(1).max(1).min(n) }
}

/// The first index and one past the last of `shown` of `n` rows, centred on row `selected`.
pub(crate) fn window_around(n: usize, shown: usize, selected: usize) -> (usize, usize) {
    let shown = shown.min(n);
    if shown == 0 {
        return (0, 0);
    }
    let start = selected.min(n - 1).saturating_sub(shown / 2).min(n - shown);
    (start, start + shown)
}

/// How many cells of `cell` columns fit in `avail`, and `… N more columns` when some don't.
pub(crate) fn fit_columns(n: usize, cell: usize, avail: usize) -> (usize, Option<String>) {
    let k = (avail / cell.max(1)).min(n);
    match n - k {
        0 => (n, None),
        more => (k, Some(strings::more_columns(more))),
    }
}

/// Where `… N more columns` goes on the column-label line: right-aligned to the end of the grid
/// (over its last cells, which keep their values), or at the grid's start if it is that narrow.
pub(crate) fn col_note_x(grid_x: u16, grid_end: u16, note: &str) -> u16 {
    let w = u16::try_from(width(note)).unwrap_or(u16::MAX);
    grid_end.saturating_sub(w).max(grid_x)
}

/// Column labels over cells `cell` columns wide that cannot each hold their label: a label every
/// `step` cells, the smallest step of 1, 2, 4, 5, 8, … whose room (`step * cell - 1` columns)
/// holds the widest label, so that each label is readable and the ones between are counted off
/// the ticks (the heatmap's ticks and the softmax view's compact grids).
pub(crate) fn tick_step(widest: usize, cell: usize) -> usize {
    [1usize, 2, 4, 5, 8, 10, 16, 20, 32, 50, 64, 100].into_iter().find(|&s| s * cell > widest).unwrap_or(128)
}

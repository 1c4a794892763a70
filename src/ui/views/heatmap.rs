//! A matrix as a coloured grid: numbers when they fit, two-character shade cells when they don't.
//!
//! Also holds the small drawing helpers the other grid views share (clipped text, label
//! truncation, number formatting, the colour scale and its legend, the visible row window).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::Widget;

use crate::app::view_data::{HeatmapData, MASKED_SCORE};
use crate::ui::theme::{SELECTED_MARK, SHADES, Theme, shade};

/// Row labels are cut to at most this many columns.
pub(crate) const LABEL_MAX: usize = 7;
/// Width of a printed number (` 0.42`, `-1.07`, `12.35`, ` −1e9`).
const NUM_W: usize = 5;
/// A number cell: one space of gap, then the number.
const NUM_CELL: usize = NUM_W + 1;
/// A shade cell: the glyph twice.
const NARROW_CELL: usize = 2;

/// Any value at or below this is the masked_fill value (−1e9), not a score.
pub(crate) fn is_masked(v: f32) -> bool {
    v <= MASKED_SCORE / 10.0
}

/// Display width of a string in terminal columns.
pub(crate) fn width(s: &str) -> usize {
    Span::raw(s).width()
}

/// Write `s` at (x, y), clipped to `area` (never wraps, never writes outside). Returns the x after it.
pub(crate) fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, s: &str, style: Style) -> u16 {
    if y < area.top() || y >= area.bottom() || x < area.left() || x >= area.right() {
        return x;
    }
    let max = usize::from(area.right() - x);
    buf.set_stringn(x, y, s, max, style).0
}

/// `s` cut to `w` columns, ending in `…` when cut.
pub(crate) fn fit(s: &str, w: usize) -> String {
    if width(s) <= w {
        return s.to_string();
    }
    if w == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let mut b = [0u8; 4];
        let cw = width(c.encode_utf8(&mut b));
        if used + cw > w - 1 {
            break;
        }
        out.push(c);
        used += cw;
    }
    out.push('…');
    out
}

/// `s` cut to `w` columns and centred in a field of `w`.
pub(crate) fn centre(s: &str, w: usize) -> String {
    let s = fit(s, w);
    let pad = w - width(&s);
    format!("{}{}{}", " ".repeat(pad / 2), s, " ".repeat(pad - pad / 2))
}

/// A number in at most five columns: as many decimals (2, 1, 0) as fit, else `1e9` style.
/// With `plus`, positive numbers carry a `+`.
pub(crate) fn fmt_num(v: f32, plus: bool) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    // Two decimals below 10, one below 100, none above; `1e4` style when even that is too wide.
    let a = v.abs();
    let prec = if a < 9.995 {
        2
    } else if a < 99.95 {
        1
    } else {
        0
    };
    let mut s = if plus { format!("{v:+.prec$}") } else { format!("{v:.prec$}") };
    // -0.001 rounds to "-0.00": print zero without a minus.
    if s.parse::<f32>().is_ok_and(|p| p == 0.0) && s.starts_with('-') {
        s.replace_range(0..1, if plus { "+" } else { "" });
    }
    if s.len() <= NUM_W {
        return s;
    }
    if plus { format!("{v:+.0e}") } else { format!("{v:.0e}") }
}

/// A number for prose (legends): trimmed, with a real minus sign.
pub(crate) fn legend_num(v: f32) -> String {
    fmt_num(v, false).replacen('-', "−", 1)
}

pub(crate) fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("{n} {word}") } else { format!("{n} {word}s") }
}

/// The colour scale of a grid: the range of its real (finite, non-masked) values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Scale {
    pub min: f32,
    pub max: f32,
    pub max_abs: f32,
    /// All values in [0, 1] (weights, probabilities): a sequential scale instead of a diverging one.
    pub sequential: bool,
    /// At least one real value.
    pub any: bool,
}

impl Scale {
    pub fn of(values: impl IntoIterator<Item = f32>) -> Scale {
        let (mut min, mut max) = (f32::INFINITY, f32::NEG_INFINITY);
        for v in values {
            if v.is_finite() && !is_masked(v) {
                min = min.min(v);
                max = max.max(v);
            }
        }
        if min > max {
            return Scale { min: 0.0, max: 0.0, max_abs: 0.0, sequential: false, any: false };
        }
        Scale { min, max, max_abs: min.abs().max(max.abs()), sequential: min >= 0.0 && max <= 1.0, any: true }
    }

    /// Position of `v` between min (0) and max (1).
    pub fn t(&self, v: f32) -> f32 {
        if self.max > self.min { ((v - self.min) / (self.max - self.min)).clamp(0.0, 1.0) } else { 0.5 }
    }

    /// Background colour for a cell holding `v` (plain when the theme has no colour).
    pub fn style(&self, theme: Theme, v: f32) -> Style {
        if self.sequential { theme.sequential(v) } else { theme.diverging(v, self.max_abs) }
    }

    /// Style for a shade glyph: with colour the glyph takes the cell colour (a solid swatch),
    /// without colour the glyph itself carries the value.
    pub fn glyph_style(&self, theme: Theme, v: f32) -> Style {
        let s = self.style(theme, v);
        match s.bg {
            Some(c) if theme.color => s.fg(c),
            _ => s,
        }
    }
}

/// `scale: [ ░▒▓█]  min −1.23 … max 2.34` and then `extra`, on line `y`.
pub(crate) fn draw_legend(buf: &mut Buffer, area: Rect, y: u16, theme: Theme, scale: &Scale, extra: &str) {
    let dim = theme.dim();
    let mut x = put(buf, area, area.x, y, "scale: [", dim);
    for (i, g) in SHADES.iter().enumerate() {
        let t = i as f32 / (SHADES.len() - 1) as f32;
        let v = scale.min + (scale.max - scale.min) * t;
        x = put(buf, area, x, y, &g.to_string(), scale.glyph_style(theme, v));
    }
    x = put(buf, area, x, y, "]", dim);
    let range = if scale.any {
        format!("  min {} … max {}", legend_num(scale.min), legend_num(scale.max))
    } else {
        "  (no values)".to_string()
    };
    x = put(buf, area, x, y, &range, Style::new());
    if !extra.is_empty() {
        put(buf, area, x, y, &format!("  {extra}"), theme.masked());
    }
}

/// The legend's line: one blank line after the grid's last line `after` (the first line past it),
/// or the area's last line when there is no room for the gap.
pub(crate) fn legend_y(area: Rect, after: u16) -> u16 {
    after.saturating_add(1).min(area.bottom().saturating_sub(1))
}

/// Which rows are drawn when not all fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RowWindow {
    pub start: usize,
    pub shown: usize,
    /// `… N more rows`, drawn on its own line after the shown rows.
    pub note: Option<String>,
}

/// Fit `n` rows of `lines_per_row` lines into `lines`. When they don't all fit, one line goes to
/// a note; the window starts at row 0 unless that would hide the selected row.
pub(crate) fn row_window(n: usize, lines: usize, lines_per_row: usize, selected: Option<usize>) -> RowWindow {
    let lpr = lines_per_row.max(1);
    if n * lpr <= lines {
        return RowWindow { start: 0, shown: n, note: None };
    }
    if lines == 0 {
        return RowWindow { start: 0, shown: 0, note: None };
    }
    let shown = (lines - 1) / lpr;
    let start = match selected {
        Some(s) if shown > 0 && s < n && s >= shown => s + 1 - shown,
        _ => 0,
    };
    let shown = shown.min(n - start);
    let below = n - start - shown;
    let note = if start == 0 {
        format!("… {} more", plural(below, "row"))
    } else {
        format!("… {} above, {below} below", plural(start, "row"))
    };
    RowWindow { start, shown, note: Some(note) }
}

/// Label `i` of `labels`, or the index when the list is short.
pub(crate) fn label(labels: &[String], i: usize) -> String {
    labels.get(i).cloned().unwrap_or_else(|| i.to_string())
}

/// Width of the row-label column: the longest label, at most LABEL_MAX.
pub(crate) fn label_width(labels: &[String], n: usize) -> usize {
    (0..n).map(|i| width(&label(labels, i))).max().unwrap_or(1).clamp(1, LABEL_MAX)
}

/// The left margin of a row: `▶ label   ` (mark, space, label, space). Returns the x after it.
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
    put(buf, area, area.x.saturating_add(2), y, &format!("{:<label_w$}", fit(text, label_w)), style);
    area.x.saturating_add(margin(label_w))
}

/// Columns taken by the left margin for a label column of `label_w`.
pub(crate) fn margin(label_w: usize) -> u16 {
    u16::try_from(label_w + 3).unwrap_or(u16::MAX)
}

/// How many cells of `cell` columns fit in `avail`, and `… N more columns` when some don't.
pub(crate) fn fit_columns(n: usize, cell: usize, avail: usize) -> (usize, Option<String>) {
    let k = (avail / cell.max(1)).min(n);
    match n - k {
        0 => (n, None),
        1 => (k, Some("… 1 more column".to_string())),
        more => (k, Some(format!("… {more} more columns"))),
    }
}

/// Where `… N more columns` goes on the column-label line: right-aligned to the end of the grid
/// (over its last cells, which keep their values), or at the grid's start if it is that narrow.
pub(crate) fn col_note_x(grid_x: u16, grid_end: u16, note: &str) -> u16 {
    let w = u16::try_from(width(note)).unwrap_or(u16::MAX);
    grid_end.saturating_sub(w).max(grid_x)
}

/// A matrix (scores, weights, activations) as a grid.
pub struct HeatmapView<'a> {
    pub data: &'a HeatmapData,
    pub theme: Theme,
}

impl Widget for HeatmapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(*buf.area());
        if area.is_empty() {
            return;
        }
        let d = self.data;
        let theme = self.theme;
        let (nr, nc) = d.values.dim();
        let h = usize::from(area.height);

        // Line 0: caption and axes.
        let mut x = area.x;
        if !d.caption.is_empty() {
            x = put(buf, area, x, area.y, &d.caption, theme.title());
            x = put(buf, area, x, area.y, "   ", Style::new());
        }
        put(buf, area, x, area.y, &format!("rows: {} · cols: {}", d.row_axis, d.col_axis), theme.dim());
        if h < 2 {
            return;
        }
        if nr == 0 || nc == 0 {
            put(buf, area, area.x, area.y + 1, &format!("(empty: {nr} × {nc})"), theme.dim());
            return;
        }

        let scale = Scale::of(d.values.iter().copied());
        let any_masked = d.values.iter().any(|&v| is_masked(v));
        let label_w = label_width(&d.row_labels, nr);
        let gx = area.x.saturating_add(margin(label_w));
        let avail = usize::from(area.right().saturating_sub(gx));
        let numbers = nc * NUM_CELL <= avail;
        // numbers if they fit; else two-character shade cells; else one character, so that a
        // 32-feature row still shows whole; else as many two-character cells as fit
        let (cell, (ncols, col_note)) = if numbers {
            (NUM_CELL, (nc, None))
        } else if nc * NARROW_CELL <= avail {
            (NARROW_CELL, (nc, None))
        } else {
            (1, fit_columns(nc, 1, avail))
        };
        let cx = |j: usize| gx.saturating_add(u16::try_from(j * cell).unwrap_or(u16::MAX));

        // Line 1: column labels.
        let hy = area.y + 1;
        if numbers {
            for j in 0..ncols {
                let text = format!("{:>NUM_W$}", fit(&label(&d.col_labels, j), NUM_W));
                put(buf, area, cx(j).saturating_add(1), hy, &text, theme.dim());
            }
        } else {
            // A tick label every `step` columns, as wide as the gap to the next one.
            let max_w = (0..ncols).map(|j| width(&label(&d.col_labels, j))).max().unwrap_or(1);
            let step = [1usize, 2, 4, 5, 8, 10, 16, 20, 32, 50, 64, 100]
                .into_iter()
                .find(|&s| s * cell > max_w)
                .unwrap_or(128);
            let grid_end = cx(ncols);
            let stop = col_note.as_deref().map_or(grid_end, |n| col_note_x(gx, grid_end, n).saturating_sub(1));
            for j in (0..ncols).step_by(step) {
                let room = (step * cell - 1).min(usize::from(grid_end.saturating_sub(cx(j))));
                let text = fit(&label(&d.col_labels, j), room);
                if col_note.is_none() || usize::from(cx(j)) + width(&text) <= usize::from(stop) {
                    put(buf, area, cx(j), hy, &text, theme.dim());
                }
            }
        }
        if let Some(note) = &col_note {
            put(buf, area, col_note_x(gx, cx(ncols), note), hy, note, theme.dim());
        }

        // Rows, then the legend on the last line.
        let legend = h >= 4;
        let body = h - 2 - usize::from(legend);
        let win = row_window(nr, body, 1, d.selected_row);
        let mut y = area.y + 2;
        for r in win.start..win.start + win.shown {
            let selected = d.selected_row == Some(r);
            draw_row_label(buf, area, y, &label(&d.row_labels, r), label_w, selected, theme);
            for c in 0..ncols {
                let v = d.values[[r, c]];
                if numbers {
                    let (text, style) = if is_masked(v) {
                        ("−1e9".to_string(), theme.masked())
                    } else if v.is_finite() {
                        (fmt_num(v, false), scale.style(theme, v))
                    } else {
                        (fmt_num(v, false), theme.bad())
                    };
                    put(buf, area, cx(c).saturating_add(1), y, &format!("{text:>NUM_W$}"), style);
                } else {
                    let (g, style) = if is_masked(v) {
                        ('·', theme.masked())
                    } else if v.is_finite() {
                        (shade(scale.t(v)), scale.glyph_style(theme, v))
                    } else {
                        ('?', theme.bad())
                    };
                    put(buf, area, cx(c), y, &String::from_iter(std::iter::repeat_n(g, cell)), style);
                }
            }
            y += 1;
        }
        if let Some(note) = &win.note {
            put(buf, area, area.x.saturating_add(2), y, note, theme.dim());
            y += 1;
        }
        if legend {
            let extra = match (any_masked, numbers) {
                (false, _) => "",
                (true, true) => "−1e9 = masked",
                (true, false) => "·· = masked (−1e9)",
            };
            draw_legend(buf, area, legend_y(area, y), theme, &scale, extra);
        }
    }
}

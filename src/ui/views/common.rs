//! Small drawing helpers the view widgets share: clipped writing, text fitting with `…`, number
//! formatting, the colour scale and its legend, row labels, and which rows and columns fit.

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::app::view_data::MASKED_SCORE;
use crate::strings;
use crate::ui::theme::{SELECTED_MARK, SHADES, Theme, shade};

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

// Display width, padding and cutting by columns (never `len()`, `chars().count()` or `{:<w$}`).
use crate::ui::text::cut_end;
pub(crate) use crate::ui::text::{cut, pad, pad_left, width};

/// `s` cut to `n` columns with `…` where it was cut: at the end, or with `keep_end` at the start.
fn fit_keeping(s: &str, n: usize, keep_end: bool) -> String {
    if width(s) <= n {
        s.to_string()
    } else if n == 0 {
        String::new()
    } else if keep_end {
        format!("…{}", cut_end(s, n - 1))
    } else {
        format!("{}…", cut(s, n - 1))
    }
}

/// `s` cut to `n` columns, keeping its start and ending in `…` when cut.
pub(crate) fn fit(s: &str, n: usize) -> String {
    fit_keeping(s, n, false)
}

/// `s` cut to `n` columns, keeping its end and starting with `…` when cut (`…attn.out`).
pub(crate) fn fit_end(s: &str, n: usize) -> String {
    fit_keeping(s, n, true)
}

/// `s` fitted to `n` columns and padded with spaces to exactly `n`: a label column. When a
/// wide character would need one column more than is left, it is dropped and a space fills in.
pub(crate) fn fit_pad(s: &str, n: usize) -> String {
    pad(&fit(s, n), n)
}

/// `s` cut to `w` columns and centred in a field of `w`.
pub(crate) fn centre(s: &str, w: usize) -> String {
    let s = fit(s, w);
    let pad = w - width(&s);
    format!("{}{}{}", " ".repeat(pad / 2), s, " ".repeat(pad - pad / 2))
}

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/// Width of a printed grid number (` 0.42`, `-1.07`, `12.35`, ` −1e9`).
pub(crate) const NUM_W: usize = 5;
/// A number cell: one space of gap, then the number.
pub(crate) const NUM_CELL: usize = NUM_W + 1;

/// Any value at or below this is the masked_fill value (−1e9), not a score.
pub(crate) fn is_masked(v: f32) -> bool {
    v <= MASKED_SCORE / 10.0
}

/// `s` (a formatted number) without the minus of a rounded zero: `-0.00` becomes `0.00`, or
/// `+0.00` with `plus`. A string without digits (`-inf`) counts as zero too and loses its minus.
pub(crate) fn no_negative_zero(s: String, plus: bool) -> String {
    let zero = s.chars().all(|c| !c.is_ascii_digit() || c == '0');
    match s.strip_prefix('-') {
        Some(rest) if zero => {
            if plus {
                format!("+{rest}")
            } else {
                rest.to_string()
            }
        }
        _ => s,
    }
}

/// `v` with `dec` decimals, never `-0.00`; with `plus`, positive numbers carry a `+`.
pub(crate) fn decimals(v: f32, dec: usize, plus: bool) -> String {
    let s = if plus { format!("{v:+.dec$}") } else { format!("{v:.dec$}") };
    no_negative_zero(s, plus)
}

/// `v` in `1e4` style with no decimals; with `plus`, positive numbers carry a `+`.
pub(crate) fn sci(v: f32, plus: bool) -> String {
    if plus { format!("{v:+.0e}") } else { format!("{v:.0e}") }
}

/// A number in at most NUM_W columns: as many decimals (2, 1, 0) as fit, else `1e9` style.
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
    let s = decimals(v, prec, plus);
    if s.len() <= NUM_W {
        return s;
    }
    sci(v, plus)
}

/// A number for prose (legends): trimmed, with a real minus sign.
pub(crate) fn legend_num(v: f32) -> String {
    fmt_num(v, false).replacen('-', "−", 1)
}

// ---------------------------------------------------------------------------------------------
// Writing into the buffer
// ---------------------------------------------------------------------------------------------

/// The part of `area` inside the buffer, or None when nothing of it can be drawn.
pub(crate) fn visible(area: Rect, buf: &Buffer) -> Option<Rect> {
    let area = area.intersection(buf.area);
    (!area.is_empty()).then_some(area)
}

/// Write `s` at (x, y), clipped to `area` (never wraps, never writes outside). Returns the x after it.
pub(crate) fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, s: &str, style: Style) -> u16 {
    if y < area.top() || y >= area.bottom() || x < area.left() || x >= area.right() {
        return x;
    }
    let max = usize::from(area.right() - x);
    crate::ui::cuts::note(s, width(s), max);
    buf.set_stringn(x, y, s, max, style).0
}

/// Writes into one rectangle of the buffer, in coordinates relative to it, and never outside it.
pub(crate) struct Pen<'b> {
    buf: &'b mut Buffer,
    area: Rect,
}

impl<'b> Pen<'b> {
    /// A pen for the part of `area` inside the buffer.
    pub(crate) fn new(buf: &'b mut Buffer, area: Rect) -> Self {
        let area = area.intersection(buf.area);
        Pen { buf, area }
    }

    /// Columns the pen can write in.
    pub(crate) fn width(&self) -> usize {
        self.area.width as usize
    }

    /// Writes `s` at (`x`, `y`) inside the area, clipped at its right and bottom edges; returns
    /// the column after `s` as if nothing had been clipped.
    pub(crate) fn put(&mut self, x: usize, y: usize, s: &str, style: Style) -> usize {
        let (w, h) = (self.area.width as usize, self.area.height as usize);
        if x < w && y < h {
            put(self.buf, self.area, self.area.x + x as u16, self.area.y + y as u16, s, style);
        } else if y < h {
            crate::ui::cuts::note(s, width(s), 0); // nothing of it fits on its line
        }
        x + width(s)
    }

    /// A row's left margin: `▶` at column 0 when selected, then `label` (already fitted) at
    /// column 2, highlighted when selected and unstyled otherwise.
    pub(crate) fn row_label(&mut self, y: usize, label: &str, selected: bool, t: Theme) {
        if selected {
            self.put(0, y, SELECTED_MARK, t.highlight());
        }
        self.put(2, y, label, if selected { t.highlight() } else { Style::new() });
    }
}

/// Line 0's caption in the title style and a three-column gap after it, when there is one.
/// Returns the x after them.
pub(crate) fn draw_caption(buf: &mut Buffer, area: Rect, caption: &str, theme: Theme) -> u16 {
    let mut x = area.x;
    if !caption.is_empty() {
        x = put(buf, area, x, area.y, caption, theme.title());
        x = put(buf, area, x, area.y, "   ", Style::new());
    }
    x
}

/// The caption, then `tail` (the axes) in the dim style: on line 0 after a three-column gap when
/// both fit, else `tail` on line 1 under the caption (when the area has room for a grid under
/// two header lines). Returns how many lines the header took.
pub(crate) fn draw_header(buf: &mut Buffer, area: Rect, caption: &str, tail: &str, theme: Theme) -> u16 {
    let gap = if caption.is_empty() { 0 } else { width(caption) + 3 };
    if gap + width(tail) <= usize::from(area.width) || area.height < 5 {
        let x = draw_caption(buf, area, caption, theme);
        put(buf, area, x, area.y, tail, theme.dim());
        return 1;
    }
    put(buf, area, area.x, area.y, caption, theme.title());
    put(buf, area, area.x, area.y + 1, tail, theme.dim());
    2
}

// ---------------------------------------------------------------------------------------------
// Colour scale and legend
// ---------------------------------------------------------------------------------------------

/// Partial-cell glyphs for bars, one eighth to eight eighths.
const EIGHTHS: [char; 8] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];

/// A bar of `w` (0..=1) over `cells` cells, in eighths. With `sliver`, any value above zero shows
/// at least `▏` (attention weights: a key that got anything); without, it rounds like the number
/// printed beside it.
pub(crate) fn bar(w: f32, cells: usize, sliver: bool) -> String {
    if !w.is_finite() || cells == 0 {
        return String::new();
    }
    let eighths = (w.clamp(0.0, 1.0) * (cells * 8) as f32).round() as usize;
    let eighths = if sliver && w > 0.0 { eighths.max(1) } else { eighths };
    let mut s = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        s.push(EIGHTHS[eighths % 8 - 1]);
    }
    s
}

/// Eight level glyphs from low to high, for bars and strips one character wide.
pub(crate) const LEVELS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

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
    /// The scale of `values`, ignoring non-finite and masked ones.
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

    /// The shade glyph of `v` and its style; `?` in the `bad` style when `v` is not finite.
    pub fn shade_cell(&self, theme: Theme, v: f32) -> (char, Style) {
        if v.is_finite() { (shade(self.t(v)), self.glyph_style(theme, v)) } else { ('?', theme.bad()) }
    }
}

/// `scale: [ ░▒▓█]  min −1.23 … max 2.34` and then `extra`, on line `y`.
pub(crate) fn draw_legend(buf: &mut Buffer, area: Rect, y: u16, theme: Theme, scale: &Scale, extra: &str) {
    let dim = theme.dim();
    let mut x = put(buf, area, area.x, y, strings::SCALE_OPEN.get(), dim);
    for (i, g) in SHADES.iter().enumerate() {
        let t = i as f32 / (SHADES.len() - 1) as f32;
        let v = scale.min + (scale.max - scale.min) * t;
        x = put(buf, area, x, y, &g.to_string(), scale.glyph_style(theme, v));
    }
    x = put(buf, area, x, y, "]", dim);
    let range = if scale.any {
        strings::scale_range(&legend_num(scale.min), &legend_num(scale.max))
    } else {
        strings::SCALE_NO_VALUES.to_string()
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

// ---------------------------------------------------------------------------------------------
// Row labels
// ---------------------------------------------------------------------------------------------

/// Row labels of the grid views (heatmap, mask, vector table) are cut to at most this many columns.
pub(crate) const LABEL_MAX: usize = 7;
/// Token labels of the softmax-rows and LayerNorm views are cut to at most this many columns.
pub(crate) const TOKEN_LABEL_MAX: usize = 6;

/// Width of a label column: the widest of `labels`, at least 1 and at most `max`.
pub(crate) fn widest<S: AsRef<str>>(labels: impl IntoIterator<Item = S>, max: usize) -> usize {
    labels.into_iter().map(|l| width(l.as_ref())).max().unwrap_or(1).clamp(1, max)
}

/// Label `i` of `labels`, or the index when the list is short.
pub(crate) fn label(labels: &[String], i: usize) -> String {
    labels.get(i).cloned().unwrap_or_else(|| i.to_string())
}

/// Width of a grid's row-label column for its `n` rows: the longest label, at most LABEL_MAX.
pub(crate) fn label_width(labels: &[String], n: usize) -> usize {
    widest((0..n).map(|i| label(labels, i)), LABEL_MAX)
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
    /// `… N more rows`, drawn on its own line after the shown rows.
    pub note: Option<String>,
}

impl RowWindow {
    /// The indices of the shown rows.
    pub fn rows(&self) -> Range<usize> {
        self.start..self.start + self.shown
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
    let note = if start == 0 { strings::more_rows(below) } else { strings::rows_above_below(start, below) };
    RowWindow { start, shown, note: Some(note) }
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

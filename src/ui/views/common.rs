//! Small drawing helpers the view widgets share: clipped writing, text fitting with `…`, number
//! formatting. The colour scale and its legend are in `scale.rs`, row labels and which rows and
//! columns fit in `rows.rs`; both are re-exported here, so the views import from one place.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::app::view_data::MASKED_SCORE;
use crate::ui::theme::{SELECTED_MARK, Theme};

pub(crate) use super::rows::*;
pub(crate) use super::scale::*;

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

// Display width, padding and cutting by columns (never `len()`, `chars().count()` or `{:<w$}`).
use crate::ui::text::cut_end;
pub(crate) use crate::ui::text::{cut, pad, pad_left, width};

/// `s` cut to `n` columns, keeping its start and ending in `…` when cut.
pub(crate) use crate::text::fit;

/// `s` cut to `n` columns, keeping its end and starting with `…` when cut (`…attn.out`).
pub(crate) fn fit_end(s: &str, n: usize) -> String {
    if width(s) <= n {
        s.to_string()
    } else if n == 0 {
        String::new()
    } else {
        format!("…{}", cut_end(s, n - 1))
    }
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

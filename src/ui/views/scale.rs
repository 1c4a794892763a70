//! The colour scale the grid views share, bars in eighths, and the legend under a grid.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::common::{is_masked, legend_num, put};
use crate::strings;
use crate::ui::theme::{SHADES, Theme, shade};

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

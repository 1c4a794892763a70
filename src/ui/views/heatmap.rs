//! A matrix as a coloured grid: numbers when they fit, two-character shade cells when they don't.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::common::{
    NUM_CELL, NUM_W, Scale, col_note_x, draw_header, draw_legend, draw_row_label, every_kth_column, every_kth_row, fit,
    fit_columns, fmt_num, is_masked, label, label_width, legend_y, margin, pad_left, put, row_window, tick_step,
    visible, width,
};
use crate::app::view_data::HeatmapData;
use crate::strings::{self, axes, empty_grid};
use crate::ui::theme::Theme;

/// A shade cell: the glyph twice.
const NARROW_CELL: usize = 2;

/// A matrix (scores, weights, activations) as a grid.
pub struct HeatmapView<'a> {
    pub data: &'a HeatmapData,
    pub theme: Theme,
}

impl Widget for HeatmapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(area) = visible(area, buf) else { return };
        let d = self.data;
        let theme = self.theme;
        let (nr, nc) = d.values.dim();
        let h = usize::from(area.height);

        // Line 0: caption and axes (the axes on line 1 when they do not fit beside it).
        let top = draw_header(buf, area, &d.caption, &axes(&d.row_axis, &d.col_axis), theme);
        let h = h - usize::from(top - 1);
        if h < 2 {
            return;
        }
        if nr == 0 || nc == 0 {
            put(buf, area, area.x, area.y + top, &empty_grid(nr, nc), theme.dim());
            return;
        }

        let own = Scale::of(d.values.iter().copied());
        let scale = Scale::of(d.values.iter().copied().chain(d.shade_over.into_iter().flat_map(|(lo, hi)| [lo, hi])));
        // the shades span more than this slice: the legend says so
        let wider = own.any && (scale.min < own.min || scale.max > own.max);
        let any_masked = d.values.iter().any(|&v| is_masked(v));
        // the -inf what-if fills with -inf, not −1e9: say which
        let minus_inf = d.values.iter().any(|&v| v == f32::NEG_INFINITY);
        let label_w = label_width_in(d, area.width);
        let cols = Columns::fit(area.x.saturating_add(margin(label_w)), nc, area, d.fit_whole);
        // The line after the header: column labels.
        let hy = area.y + top;
        cols.draw_labels(buf, area, hy, d, theme);

        // Rows, the footer about the selected row, then the legend on the last line.
        let legend = h >= 4;
        let footer: Vec<String> =
            d.footer.iter().flat_map(|l| crate::text::wrap(l, usize::from(area.width).max(1))).collect();
        // the footer is about the selected row, which always stays: it needs that row and the
        // "more rows" note beside it
        let footer = if h >= 2 + usize::from(legend) + footer.len() + 2 { footer } else { Vec::new() };
        let body = h - 2 - usize::from(legend) - footer.len();
        // a window that must leave rows out keeps the row after the selected one too when it
        // has room for two: at a decoding step, the word that comes next
        let context = d.selected_row.map(|s| if body >= 3 { (s + 1).min(nr.saturating_sub(1)) } else { s });
        let win = if d.fit_whole { every_kth_row(nr, body) } else { row_window(nr, body, 1, context) };
        let mut y = hy + 1;
        for r in win.rows() {
            let selected = d.selected_row == Some(r);
            draw_row_label(buf, area, y, &label(&d.row_labels, r), label_w, selected, theme);
            if selected && d.withheld_row {
                let x = area.x.saturating_add(margin(label_w));
                put(buf, area, x, y, strings::ANSWER_FIRST.get(), theme.dim());
                y += 1;
                continue;
            }
            for c in 0..cols.n {
                let highlight = selected && d.selected_col == Some(c);
                cols.draw_cell(buf, area, (c, y), d.values[[r, c * cols.step]], highlight, &scale, theme);
            }
            y += 1;
        }
        y = win.draw_note(buf, area, y, theme);
        for line in &footer {
            put(buf, area, area.x, y, line, theme.dim());
            y += 1;
        }
        if legend {
            let extra = legend_note(any_masked, cols.numbers, minus_inf);
            let extra = if wider { strings::SHADES_WHOLE_TENSOR.get() } else { extra };
            draw_legend(buf, area, legend_y(area, y), theme, &scale, extra);
        }
    }
}

/// The row labels' column of `d` in a pane `width` columns wide: the labels whole when the grid
/// keeps the columns (and their cells) it draws beside them cut, else cut to `LABEL_MAX`.
pub fn label_width_in(d: &HeatmapData, width: u16) -> usize {
    let (nr, nc) = d.values.dim();
    let area = Rect::new(0, 0, width, 1);
    label_width(&d.row_labels, nr, |w| {
        let c = Columns::fit(margin(w), nc, area, d.fit_whole);
        (c.cell, c.n, c.step)
    })
}

/// What the legend adds about masked cells: how they are drawn, and whether they hold −∞.
fn legend_note(any_masked: bool, numbers: bool, minus_inf: bool) -> &'static str {
    match (any_masked, numbers) {
        (false, _) => "",
        (true, true) if minus_inf => strings::MASKED_NUMBER_INF.get(),
        (true, false) if minus_inf => strings::MASKED_SHADE_INF.get(),
        (true, true) => strings::MASKED_NUMBER.get(),
        (true, false) => strings::MASKED_SHADE.get(),
    }
}

/// How the grid's columns are drawn: where they start, how wide a cell is, how many fit.
struct Columns {
    /// The x of column 0.
    gx: u16,
    /// Columns of a cell: a number, a two-character shade, or one character.
    cell: usize,
    /// Columns shown, and the note saying how many are left out.
    n: usize,
    /// Column `j` drawn is the data's column `j * step` (1 unless a whole table is fitted).
    step: usize,
    note: Option<String>,
    numbers: bool,
}

impl Columns {
    /// Numbers if they fit; else two-character shade cells; else one character, so that a
    /// 32-feature row still shows whole; else as many one-character cells as fit, or, fitting a
    /// `whole` table, every k-th column.
    fn fit(gx: u16, nc: usize, area: Rect, whole: bool) -> Columns {
        let avail = usize::from(area.right().saturating_sub(gx));
        let numbers = nc * NUM_CELL <= avail;
        let (cell, (n, step, note)) = if numbers {
            (NUM_CELL, (nc, 1, None))
        } else if nc * NARROW_CELL <= avail {
            (NARROW_CELL, (nc, 1, None))
        } else if whole {
            (1, every_kth_column(nc, avail))
        } else {
            let (n, note) = fit_columns(nc, 1, avail);
            (1, (n, 1, note))
        };
        Columns { gx, cell, n, step, note, numbers }
    }

    /// The x of column `j`.
    fn x(&self, j: usize) -> u16 {
        self.gx.saturating_add(u16::try_from(j * self.cell).unwrap_or(u16::MAX))
    }

    /// The column labels on line `hy`: over each number, or a tick every few shade cells.
    fn draw_labels(&self, buf: &mut Buffer, area: Rect, hy: u16, d: &HeatmapData, theme: Theme) {
        if self.numbers {
            for j in 0..self.n {
                // right-aligned over the numbers by display width (`{:>5}` pads by chars)
                let text = pad_left(&fit(&label(&d.col_labels, j * self.step), NUM_W), NUM_W);
                put(buf, area, self.x(j).saturating_add(1), hy, &text, theme.dim());
            }
        } else {
            // A tick label every `step` columns, as wide as the gap to the next one.
            let max_w = (0..self.n).map(|j| width(&label(&d.col_labels, j * self.step))).max().unwrap_or(1);
            let step = tick_step(max_w, self.cell);
            let grid_end = self.x(self.n);
            let stop = self.note.as_deref().map_or(grid_end, |n| col_note_x(self.gx, grid_end, n).saturating_sub(1));
            for j in (0..self.n).step_by(step) {
                let room = (step * self.cell - 1).min(usize::from(grid_end.saturating_sub(self.x(j))));
                let text = fit(&label(&d.col_labels, j * self.step), room);
                if self.note.is_none() || usize::from(self.x(j)) + width(&text) <= usize::from(stop) {
                    put(buf, area, self.x(j), hy, &text, theme.dim());
                }
            }
        }
        if let Some(note) = &self.note {
            put(buf, area, col_note_x(self.gx, self.x(self.n), note), hy, note, theme.dim());
        }
    }

    /// One cell: its number (−1e9 or −inf when masked), or its shade.
    #[allow(clippy::too_many_arguments)]
    fn draw_cell(
        &self,
        buf: &mut Buffer,
        area: Rect,
        (c, y): (usize, u16),
        v: f32,
        highlight: bool,
        scale: &Scale,
        theme: Theme,
    ) {
        if self.numbers {
            let (text, style) = if v == f32::NEG_INFINITY {
                (strings::MINUS_INF.to_string(), theme.masked())
            } else if is_masked(v) {
                ("−1e9".to_string(), theme.masked())
            } else if v.is_finite() {
                (fmt_num(v, false), scale.style(theme, v))
            } else {
                (fmt_num(v, false), theme.bad())
            };
            let style = if highlight { style.reversed() } else { style };
            put(buf, area, self.x(c).saturating_add(1), y, &pad_left(&text, NUM_W), style);
        } else {
            let (g, style) = if is_masked(v) { ('·', theme.masked()) } else { scale.shade_cell(theme, v) };
            let style = if highlight { style.reversed() } else { style };
            put(buf, area, self.x(c), y, &String::from_iter(std::iter::repeat_n(g, self.cell)), style);
        }
    }
}

//! A matrix as a coloured grid: numbers when they fit, two-character shade cells when they don't.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::common::{
    NUM_CELL, NUM_W, Scale, col_note_x, draw_header, draw_legend, draw_row_label, fit, fit_columns, fmt_num, is_masked,
    label, label_width, legend_y, margin, pad_left, put, row_window, visible, width,
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

        let scale = Scale::of(d.values.iter().copied());
        let any_masked = d.values.iter().any(|&v| is_masked(v));
        // the -inf what-if fills with -inf, not −1e9: say which
        let minus_inf = d.values.iter().any(|&v| v == f32::NEG_INFINITY);
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

        // The line after the header: column labels.
        let hy = area.y + top;
        if numbers {
            for j in 0..ncols {
                // right-aligned over the numbers by display width (`{:>5}` pads by chars)
                let text = pad_left(&fit(&label(&d.col_labels, j), NUM_W), NUM_W);
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
        let mut y = hy + 1;
        for r in win.rows() {
            let selected = d.selected_row == Some(r);
            draw_row_label(buf, area, y, &label(&d.row_labels, r), label_w, selected, theme);
            for c in 0..ncols {
                let v = d.values[[r, c]];
                if numbers {
                    let (text, style) = if v == f32::NEG_INFINITY {
                        (strings::MINUS_INF.to_string(), theme.masked())
                    } else if is_masked(v) {
                        ("−1e9".to_string(), theme.masked())
                    } else if v.is_finite() {
                        (fmt_num(v, false), scale.style(theme, v))
                    } else {
                        (fmt_num(v, false), theme.bad())
                    };
                    let style = if selected && d.selected_col == Some(c) { style.reversed() } else { style };
                    put(buf, area, cx(c).saturating_add(1), y, &pad_left(&text, NUM_W), style);
                } else {
                    let (g, style) = if is_masked(v) { ('·', theme.masked()) } else { scale.shade_cell(theme, v) };
                    let style = if selected && d.selected_col == Some(c) { style.reversed() } else { style };
                    put(buf, area, cx(c), y, &String::from_iter(std::iter::repeat_n(g, cell)), style);
                }
            }
            y += 1;
        }
        y = win.draw_note(buf, area, y, theme);
        if legend {
            let extra = match (any_masked, numbers) {
                (false, _) => "",
                (true, true) if minus_inf => strings::MASKED_NUMBER_INF.get(),
                (true, false) if minus_inf => strings::MASKED_SHADE_INF.get(),
                (true, true) => strings::MASKED_NUMBER.get(),
                (true, false) => strings::MASKED_SHADE.get(),
            };
            draw_legend(buf, area, legend_y(area, y), theme, &scale, extra);
        }
    }
}

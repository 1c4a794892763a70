//! Rows of vectors (embedding rows, positional-encoding rows): the first values as numbers and a
//! shade strip of the whole vector, one glyph per feature, so all d features show at once.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::common::{
    NUM_CELL, NUM_W, Scale, draw_header, draw_legend, draw_row_label, fmt_num, label_width, legend_y, margin, pad_left,
    put, row_window, visible, width,
};
use crate::app::view_data::VectorData;
use crate::strings;
use crate::ui::theme::Theme;

pub struct VectorTableView<'a> {
    pub data: &'a VectorData,
    pub theme: Theme,
}

/// Draw the shade strip of `values` from x, cut with `…` at the area's edge.
fn draw_strip(buf: &mut Buffer, area: Rect, x: u16, y: u16, values: &[f32], scale: &Scale, theme: Theme) -> u16 {
    let avail = usize::from(area.right().saturating_sub(x));
    let (shown, cut) = if values.len() <= avail { (values.len(), false) } else { (avail.saturating_sub(1), true) };
    let mut x = x;
    for &v in &values[..shown] {
        let (g, style) = scale.shade_cell(theme, v);
        x = put(buf, area, x, y, &g.to_string(), style);
    }
    if cut {
        x = put(buf, area, x, y, "…", theme.dim());
    }
    x
}

/// Draw the values as signed numbers from x, as many as fit, then `… N more`.
fn draw_numbers(buf: &mut Buffer, area: Rect, x: u16, y: u16, values: &[f32], theme: Theme) {
    let avail = usize::from(area.right().saturating_sub(x));
    // As many numbers (`+0.84 `, with their gap) as fit with `… N more` after them (the last
    // number needs no gap after it).
    let n = values.len();
    let (k, note) = if n * NUM_CELL <= avail + 1 {
        (n, None)
    } else {
        let mut k = ((avail + 1) / NUM_CELL).min(n);
        while k > 0 && k * NUM_CELL + width(&strings::more_values(n - k)) > avail {
            k -= 1;
        }
        (k, Some(strings::more_values(n - k)))
    };
    let mut x = x;
    for &v in &values[..k] {
        let style = if v.is_finite() { Style::new() } else { theme.bad() };
        put(buf, area, x, y, &pad_left(&fmt_num(v, true), NUM_W), style);
        x = x.saturating_add(NUM_CELL as u16);
    }
    if let Some(note) = note {
        put(buf, area, x, y, &note, theme.dim());
    }
}

/// The row labels' column of `d` in a pane `pane_w` columns wide: the labels whole when as many
/// values (numbers and strip cells) show beside them as beside labels cut to `LABEL_MAX`.
pub fn label_width_in(d: &VectorData, pane_w: u16) -> usize {
    let dim = d.rows.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    let labels: Vec<String> = d.rows.iter().map(|(l, _)| l.clone()).collect();
    label_width(&labels, labels.len(), |w| {
        let avail = usize::from(pane_w).saturating_sub(usize::from(margin(w)));
        let numbers = |room: usize| ((room + 1) / NUM_CELL).min(dim);
        (dim.min(avail), numbers(avail), numbers(avail.saturating_sub(dim + 2)))
    })
}

impl Widget for VectorTableView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(area) = visible(area, buf) else { return };
        let d = self.data;
        let theme = self.theme;
        let n = d.rows.len();
        let h = usize::from(area.height);
        let dim = d.rows.iter().map(|(_, v)| v.len()).max().unwrap_or(0);

        // Line 0: caption and the column axis (on line 1 when it does not fit beside it).
        let cols =
            if dim == 0 { strings::vector_cols_none(&d.col_axis) } else { strings::vector_cols(&d.col_axis, dim - 1) };
        let top = draw_header(buf, area, &d.caption, &cols, theme);
        let h = h - usize::from(top - 1);
        if h < 2 {
            return;
        }
        if n == 0 {
            put(buf, area, area.x, area.y + top, strings::NO_ROWS.get(), theme.dim());
            return;
        }

        let scale = Scale::of(d.rows.iter().flat_map(|(_, v)| v.iter().copied()));
        let label_w = label_width_in(d, area.width);
        let gx = area.x.saturating_add(margin(label_w));

        // The measurements under the table (row lengths, which the prose may quote) come before
        // the scale's legend: on a short pane the legend goes first, then rows make room for them
        // (the window says how many rows it leaves out).
        let footer: Vec<String> = d.footer.iter().flat_map(|f| crate::text::wrap(f, usize::from(area.width))).collect();
        let legend = h >= 4 && (footer.is_empty() || n + footer.len() + 2 <= h);
        let reserved = footer.len().min(h.saturating_sub(3));
        // Two lines per row (numbers, then the strip under them) when every row fits that way;
        // otherwise one line per row with the strip first and numbers after it while room lasts.
        let body = (h - 1 - usize::from(legend)).saturating_sub(reserved).max(1);
        let two_lines = n * 2 <= body;
        let win = row_window(n, body, if two_lines { 2 } else { 1 }, d.selected_row);
        let mut y = area.y + top;
        for r in win.rows() {
            let (text, values) = &d.rows[r];
            draw_row_label(buf, area, y, text, label_w, d.selected_row == Some(r), theme);
            if two_lines {
                draw_numbers(buf, area, gx, y, values, theme);
                draw_strip(buf, area, gx, y + 1, values, &scale, theme);
                y += 2;
            } else {
                let x = draw_strip(buf, area, gx, y, values, &scale, theme).saturating_add(2);
                if area.right().saturating_sub(x) >= 30 {
                    draw_numbers(buf, area, x, y, values, theme);
                }
                y += 1;
            }
        }
        y = win.draw_note(buf, area, y, theme);
        // the measurements, wrapped, while rows remain above the legend (a measurement the
        // pane needs takes the blank line before it)
        let last = area.bottom().saturating_sub(u16::from(legend));
        for line in footer {
            if y >= last {
                break;
            }
            put(buf, area, area.x, y, &line, theme.dim());
            y += 1;
        }
        if legend {
            draw_legend(buf, area, legend_y(area, y), theme, &scale, "");
        }
    }
}

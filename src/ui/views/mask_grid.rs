//! A 1/0 mask as a grid of `■` (1, visible) and `·` (0, hidden) with token labels on both axes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::common::{
    centre, col_note_x, draw_row_label, fit_columns, label, label_width, legend_y, margin, put, row_window, visible,
    width,
};
use crate::app::view_data::MaskData;
use crate::strings::{self, axes, empty_grid};
use crate::ui::theme::Theme;

/// Widest and narrowest mask cell (one space of gap included).
const CELL_MAX: usize = 6;
const CELL_MIN: usize = 2;

pub struct MaskGridView<'a> {
    pub data: &'a MaskData,
    pub theme: Theme,
}

impl Widget for MaskGridView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(area) = visible(area, buf) else { return };
        let d = self.data;
        let theme = self.theme;
        let (nr, nc) = d.values.dim();
        let h = usize::from(area.height);

        let (mut y, body) = draw_header(buf, area, d, theme);
        if h < 2 {
            return;
        }
        if nr == 0 || nc == 0 {
            put(buf, area, area.x, y, &empty_grid(nr, nc), theme.dim());
            return;
        }

        // Cells wide enough for the longest key label, narrower if the grid would not fit.
        let label_w = label_width_in(d, area.width);
        let gx = area.x.saturating_add(margin(label_w));
        let avail = usize::from(area.right().saturating_sub(gx));
        let cell = cell_width(d, avail);
        let (ncols, col_note) = fit_columns(nc, cell, avail);
        let field = cell - 1;
        let cx = |j: usize| gx.saturating_add(u16::try_from(j * cell + 1).unwrap_or(u16::MAX));

        // Column labels, centred over their cells; `… N more columns` over the last cells if cut.
        let grid_end = gx.saturating_add(u16::try_from(ncols * cell).unwrap_or(u16::MAX));
        let stop = col_note.as_deref().map_or(grid_end, |n| col_note_x(gx, grid_end, n).saturating_sub(1));
        for j in 0..ncols {
            if usize::from(cx(j)) + field <= usize::from(stop) {
                put(buf, area, cx(j), y, &centre(&label(&d.col_labels, j), field), theme.dim());
            }
        }
        if let Some(note) = &col_note {
            put(buf, area, col_note_x(gx, grid_end, note), y, note, theme.dim());
        }
        y += 1;

        let win = row_window(nr, body, 1, d.selected_row);
        for r in win.rows() {
            let selected = d.selected_row == Some(r);
            draw_row_label(buf, area, y, &label(&d.row_labels, r), label_w, selected, theme);
            for c in 0..ncols {
                let visible = d.values[[r, c]] >= 0.5;
                let (glyph, style) = match (d.withheld, visible) {
                    (true, _) => ("?", theme.dim()),
                    (false, true) => ("■", theme.good()),
                    (false, false) => ("·", theme.masked()),
                };
                put(buf, area, cx(c), y, &centre(glyph, field), style);
            }
            if let Some(note) = d.row_notes.get(r).filter(|n| !n.is_empty()) {
                put(buf, area, grid_end.saturating_add(2), y, note, theme.dim());
            }
            y += 1;
        }
        y = win.draw_note(buf, area, y, theme);
        if h >= 4 {
            let yl = legend_y(area, y);
            let x = put(buf, area, area.x, yl, "■", theme.good());
            let x = put(buf, area, x, yl, strings::MASK_VISIBLE.get(), theme.dim());
            let x = put(buf, area, x, yl, "·", theme.masked());
            let x = put(buf, area, x, yl, strings::MASK_HIDDEN.get(), theme.dim());
            if d.withheld {
                put(buf, area, x, yl, &format!("  ? {}", strings::ANSWER_FIRST.get()), theme.dim());
            }
        }
    }
}

/// The header lines: what the mask is (always), then the shape note and the axis names while
/// every row still fits (the column labels and, from 4 lines, the legend are kept room for).
/// Returns the line after them and how many lines are left for rows.
/// The cell width for the columns of `d` in `avail` columns: wide enough for the longest key
/// label, narrower if the grid would not fit.
fn cell_width(d: &MaskData, avail: usize) -> usize {
    let nc = d.values.ncols();
    let longest = (0..nc).map(|j| width(&label(&d.col_labels, j))).max().unwrap_or(1);
    let want = (longest + 1).clamp(3, CELL_MAX);
    (CELL_MIN..=want).rev().find(|&c| nc * c <= avail).unwrap_or(CELL_MIN)
}

/// The row labels' column of `d` in a pane `pane_w` columns wide: the labels whole when the grid
/// keeps its cell width and the columns it draws beside them cut, else cut to `LABEL_MAX`.
pub fn label_width_in(d: &MaskData, pane_w: u16) -> usize {
    label_width(&d.row_labels, d.values.nrows(), |w| {
        let avail = usize::from(pane_w).saturating_sub(usize::from(margin(w)));
        let cell = cell_width(d, avail);
        (cell, fit_columns(d.values.ncols(), cell, avail).0)
    })
}

fn draw_header(buf: &mut Buffer, area: Rect, d: &MaskData, theme: Theme) -> (u16, usize) {
    let h = usize::from(area.height);
    let nr = d.values.nrows();
    let fixed = 2 + usize::from(h >= 4);
    let mut body = h.saturating_sub(fixed);
    let axes_line = body > nr;
    if axes_line {
        body -= 1;
    }
    let note_line = !d.shape_note.is_empty() && body > nr;
    if note_line {
        body -= 1;
    }
    let mut y = area.y;
    put(buf, area, area.x, y, d.kind.describe(), theme.title());
    y += 1;
    if note_line {
        put(buf, area, area.x, y, &d.shape_note, theme.dim());
        y += 1;
    }
    if axes_line {
        put(buf, area, area.x, y, &axes(&d.row_axis, &d.col_axis), theme.dim());
        y += 1;
    }
    (y, body)
}

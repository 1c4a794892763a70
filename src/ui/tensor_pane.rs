//! The tensor pane, drawn from the `TensorPane` `present` built: its border, then its pieces in
//! order (lines, the view data the app computed, cell mode's grid).

use super::frame::{note_cut_lines, pane};
use super::theme::Theme;
use super::views::heatmap::HeatmapView;
use super::views::render_view_data;
use crate::app::screenful::{Piece, TensorPane};
use ratatui::buffer::Buffer;
use ratatui::widgets::{Paragraph, Widget};

pub(super) fn render_tensor(tensor: &TensorPane, theme: Theme, buf: &mut Buffer) {
    let block = pane(tensor.focused, theme, tensor.title.clone(), tensor.area);
    block.render(tensor.area, buf);
    for piece in &tensor.pieces {
        match piece {
            Piece::Lines { area, lines, room } => {
                if let Some(room) = room {
                    note_cut_lines(lines, *room);
                }
                Paragraph::new(lines.clone()).render(*area, buf);
            }
            Piece::Fitted { lines, room } => note_cut_lines(lines, *room),
            Piece::View { area, shown, lines } => render_view_data(shown.data(), lines.as_ref(), theme, *area, buf),
            Piece::Heatmap { area, data } => HeatmapView { data, theme }.render(*area, buf),
        }
    }
}

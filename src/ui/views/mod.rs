//! One widget per view of the focused tensor.
pub(super) mod common;
pub mod heatmap;
pub mod layernorm;
pub mod lines;
pub mod mask_grid;
mod rows;
mod scale;
mod softmax_draw;
pub mod softmax_rows;
pub mod top_words;
pub mod vector_table;

use super::theme::Theme;
use crate::app::screenful::LinesPlan;
use crate::app::view_data::ViewData;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// The one place that picks a widget for each kind of view data; a text view draws the rows its
/// plan holds (`lines`, which the frame planned for this area; none drawn without one).
pub fn render_view_data(data: &ViewData, lines: Option<&LinesPlan>, theme: Theme, area: Rect, buf: &mut Buffer) {
    match data {
        ViewData::Heatmap(d) => heatmap::HeatmapView { data: d, theme }.render(area, buf),
        ViewData::Mask(d) => mask_grid::MaskGridView { data: d, theme }.render(area, buf),
        ViewData::Softmax(d) => softmax_rows::SoftmaxRowsView { data: d, theme }.render(area, buf),
        ViewData::LayerNorm(d) => layernorm::LayerNormView { data: d, theme }.render(area, buf),
        ViewData::Vector(d) => vector_table::VectorTableView { data: d, theme }.render(area, buf),
        ViewData::TopWords(d) => top_words::TopWordsView { data: d, theme }.render(area, buf),
        ViewData::Lines(_) => {
            if let Some(plan) = lines {
                lines::LinesView { plan, theme }.render(area, buf);
            }
        }
    }
}

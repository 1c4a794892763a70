//! One widget per view of the focused tensor.
pub(super) mod common;
pub mod heatmap;
pub mod layernorm;
pub mod lines;
mod lines_fold;
mod lines_wrap;
pub mod mask_grid;
mod rows;
mod scale;
mod softmax_draw;
pub mod softmax_rows;
pub mod top_words;
pub mod vector_table;

use super::theme::Theme;
use crate::app::view_data::ViewData;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// How a text view scrolls: its first line shown, and whether ↑/↓ scroll it; or, when `reveal`
/// is not empty, the lines to bring inside the pane instead (the most wanted first).
#[derive(Debug, Clone, Copy)]
pub struct LinesScroll<'a> {
    pub first: usize,
    pub scrollable: bool,
    pub reveal: &'a [crate::app::screenful::Reveal],
}

/// The one place that picks a widget for each kind of view data.
pub fn render_view_data(data: &ViewData, scroll: LinesScroll, theme: Theme, area: Rect, buf: &mut Buffer) {
    match data {
        ViewData::Heatmap(d) => heatmap::HeatmapView { data: d, theme }.render(area, buf),
        ViewData::Mask(d) => mask_grid::MaskGridView { data: d, theme }.render(area, buf),
        ViewData::Softmax(d) => softmax_rows::SoftmaxRowsView { data: d, theme }.render(area, buf),
        ViewData::LayerNorm(d) => layernorm::LayerNormView { data: d, theme }.render(area, buf),
        ViewData::Vector(d) => vector_table::VectorTableView { data: d, theme }.render(area, buf),
        ViewData::TopWords(d) => top_words::TopWordsView { data: d, theme }.render(area, buf),
        ViewData::Lines(d) => lines::LinesView { data: d, theme, scroll }.render(area, buf),
    }
}

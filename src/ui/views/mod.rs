//! One widget per view of the focused tensor.
mod common;
pub mod heatmap;
pub mod layernorm;
pub mod lines;
mod lines_wrap;
pub mod mask_grid;
pub mod softmax_rows;
pub mod top_words;
pub mod vector_table;

//! One widget per view of the focused tensor.
pub mod heatmap;
pub mod mask_grid;
pub mod vector_table;
pub mod layernorm;
pub mod softmax_rows;

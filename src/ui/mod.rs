//! Widgets that draw the app's state. They read; they never compute model values.

pub mod cuts;
mod dial_pane;
pub mod frame;
pub mod glossary;
pub mod help;
pub mod lesson_list;
pub mod map;
pub mod measure;
mod popup;
mod prose;
mod status_bar;
mod tensor_pane;
mod trace_pane;
pub use crate::text;
pub mod theme;
pub mod title;
pub mod too_small;
pub mod train;
pub mod views;
pub mod wrap;

pub use frame::{buffer_text, draw, render};
pub use measure::measure;

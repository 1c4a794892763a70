//! Widgets that draw a frame's plain data (`app::screenful::Screenful`) and the view data in it.
//! They read; they never compute model values, and none of them takes the app.

pub mod cuts;
pub mod frame;
pub mod glossary;
pub mod help;
mod lesson_list;
mod map;
pub mod measure;
mod popup;
mod prose;
mod status_bar;
mod tensor_pane;
mod trace_pane;
pub use crate::app::theme;
pub use crate::text;
pub mod title;
pub mod too_small;
pub mod train;
pub mod views;
pub use crate::app::screenful::wrap;

pub use frame::{buffer_text, draw, draw_app, render};
pub use measure::{fit, measure};

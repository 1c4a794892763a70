//! Every piece of text the screen shows apart from lesson prose: view headings and labels, the
//! status bar, help, messages. One place, so the screens can later be offered in Chinese too
//! (gitui's `strings.rs`). Widths are measured with `unicode-width` where text is laid out.

use std::fmt::Display;

use crate::model::Tokenizer;
use crate::model::program::{Dim, LinearRef, OpKind, Proj, Side};

mod derive;
mod frame;
mod grids;
mod keys;
mod lesson_pane;
mod status;
mod train_screen;
mod translate;
mod views;
mod what_if;

pub use derive::*;
pub use frame::*;
pub use grids::*;
pub use keys::*;
pub use lesson_pane::*;
pub use status::*;
pub use train_screen::*;
pub use translate::*;
pub use views::*;
pub use what_if::*;

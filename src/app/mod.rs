//! The state of a session and the pure `update(state, action)`. No drawing here.
//!
//! `App` owns a `Session` (lesson, runs, what-if, progress) and a `ViewState` (selection, focus,
//! scroll, input, status); their fields are private to this module, read through `App`'s methods
//! (`read.rs`). The view data is computed when the state changes (`cache.rs`), never while drawing,
//! by the presenters: methods of a `Scene` (`scene.rs`), one model's run and the learner's place
//! in it, so a what-if's view is the same presenters on the variant's run. What the screen has
//! room for comes in through `update` (`Action::Fit`, `fit.rs`), measured by the ui before each
//! frame; `screenful::present` builds a frame's plain data (every pane, the overlays, the status
//! bar) for the ui, which draws it and nothing else.

mod answer;
pub mod background;
pub mod bindings;
pub mod cache;
pub mod dial;
mod first_uses;
mod fit;
pub mod grid_export;
pub mod grid_formats;
pub mod keymap;
mod navigate;
pub mod present;
mod present_cache;
mod present_compare;
mod present_grids;
mod present_learning;
mod present_probes;
mod present_tables;
mod present_taught;
mod present_text;
mod present_whatif;
mod read;
mod scene;
pub mod screenful;
mod session;
pub mod state;
pub mod status_line;
mod text_cache;
pub mod theme;
pub mod training_screen;
mod update;
mod update_modes;
pub mod view_data;
mod view_state;
mod view_withhold;

pub use fit::Fit;
pub use keymap::Action;
pub use state::{App, Effect, Pane, Selection};
pub use view_state::{InputFor, Screen};

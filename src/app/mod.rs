//! The state of a session and the pure `update(state, action)`. No drawing here.

pub mod keymap;
pub mod present;
mod present_compare;
mod present_text;
mod present_whatif;
pub mod state;
pub mod view_data;

pub use keymap::Action;
pub use state::{App, Effect, Pane, Selection};

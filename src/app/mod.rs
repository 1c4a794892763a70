//! The state of a session and the pure `update(state, action)`. No drawing here.

pub mod view_data;

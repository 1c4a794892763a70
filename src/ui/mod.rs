//! Widgets that draw the app's state. They read; they never compute model values.

pub mod theme;
pub mod views;

//! The non-interactive side of the program: arguments, `trace`, `export`.

pub mod args;
pub mod export;
pub mod print;
pub mod trace;

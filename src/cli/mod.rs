//! The non-interactive side of the program: arguments, `trace`, `export`.

pub mod args;
pub mod combos;
pub mod commands;
pub mod corpus;
pub mod export;
pub mod glossary;
pub mod output;
pub mod print;
pub mod probe;
pub mod trace;
pub mod train;
pub mod train_live;
pub mod translate;
pub mod translate_marian;

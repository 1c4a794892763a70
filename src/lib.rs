//! transformer-tutor: a small, real encoder-decoder Transformer, run one operation at a time,
//! and a terminal tutor that shows what each operation did.

pub mod app;
pub mod atomic_file;
pub mod cli;
pub mod corpus;
pub mod explore;
pub mod lang;
pub mod lesson;
pub mod model;
pub mod progress;
pub mod signals;
pub mod strings;
pub mod suggest;
pub mod text;
pub mod train;
pub mod tui;
pub mod ui;
pub mod user_file;

//! Every piece of text the screen shows apart from lesson prose: view headings and labels, the
//! status bar, help, messages. One place, in English and Chinese (gitui's `strings.rs`): a const is
//! a `lang::Text` of both, a function matches on `lang::current()`; op names, symbols, tokens, keys
//! and flags read the same in both. Widths are measured with `unicode-width` where text is laid out,
//! and a Chinese label laid out in a fixed width is no wider than its English.

use std::fmt::Display;

use crate::model::Tokenizer;
use crate::model::program::{Dim, LinearRef, OpKind, Proj, Side};

mod bilingual;
mod clap_errors;
mod cli;
mod code;
mod derive;
mod derive_gradient;
mod dial;
mod files;
mod frame;
mod glossary;
mod grids;
mod ideas;
mod input;
mod keys;
mod kv_cache;
mod learning;
mod lesson_pane;
mod marian_files;
mod marian_model;
mod model_text;
mod npz_archive;
mod probe;
mod status;
mod suggest;
mod taught;
mod train_screen;
mod translate;
mod views;
mod vocab_file;
mod weights_dir;
mod weights_file;
mod what_if;
mod what_if_weights;

pub use bilingual::*;
pub use clap_errors::*;
pub use cli::*;
pub use code::*;
pub use derive::*;
pub use derive_gradient::*;
pub use dial::*;
pub use files::*;
pub use frame::*;
pub use glossary::*;
pub use grids::*;
pub use ideas::*;
pub use input::*;
pub use keys::*;
pub use kv_cache::*;
pub use learning::*;
pub use lesson_pane::*;
pub use probe::*;
pub use status::*;
pub use suggest::*;
pub use taught::*;
pub use train_screen::*;
pub use translate::*;
pub use views::*;
pub use what_if::*;
pub use what_if_weights::*;

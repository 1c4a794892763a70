//! transformer-tutor: a small, real encoder-decoder Transformer, run one operation at a time,
//! and a terminal tutor that shows what each operation did.
//!
//! The rooms, and which way imports go (tests/rooms.rs checks this from the source):
//!
//! - leaves, importing nothing from the crate but each other: `text` (display width, cutting,
//!   escaping), `user_file` (reading a file the user named; uses `text`), `atomic_file` (the one
//!   write path), `file_kind` (what a path that is not a regular file is, which both refuse),
//!   `weak_cache` (values kept per live `Arc`: a model's held-out scores), `process_start` (what
//!   stdout was before Rust's runtime started; recorded by `model::fast`'s one pre-`main` hook).
//!   Every room may use them.
//! - `model`: the Transformer, its program, runs and weights; imports only the leaves. It carries
//!   typed keys (an op's `Formula`, a `Place`, an `OpKind`, a what-if `Variant`) that `strings`
//!   renders, so no screen text lives in it.
//! - `corpus` (the sentences, their gold word alignments, and vocabularies) and `train`: above the
//!   model.
//! - `probe`: looking inside the trained model (a head taken out, the logit lens, contributions,
//!   patching, cross-attention scored against the gold alignments); imports only model, corpus
//!   and the leaves, so that strings and lesson can use it.
//! - `setup`: what a user typed (preset, seed, weights file, sentences) to a ready `Run`; reads
//!   the corpus for seeded weights, which is why it is not in the model.
//! - `strings`: every piece of screen text; renders the model's typed keys and the probes' scores.
//! - `lesson`: lessons from `lessons/*.toml`; imports model, probe, setup, strings and the leaves,
//!   never explore, app or ui.
//! - `explore`: the what-if runs (forking a run, measuring, deriving a cell), and every head taken
//!   out in turn and scored on the held-out pairs (`probe heads`, which needs `train`).
//! - `code`: the numpy and PyTorch lines of each operation (a snippet made from the program) and
//!   the scripts `export --numpy` / `--pytorch` make of them; imports model and strings.
//! - `progress`: the saved progress.
//! - `app` (state and keys) -> `ui` (drawing) -> `tui` (the terminal loop); `cli` and `main`
//!   on top.

pub mod app;
pub mod atomic_file;
pub mod cli;
pub mod code;
pub mod corpus;
pub mod explore;
pub mod file_kind;
pub mod lang;
pub mod lesson;
pub mod model;
pub mod probe;
pub mod process_start;
pub mod progress;
pub mod setup;
pub mod signals;
pub mod strings;
pub mod suggest;
pub mod text;
pub mod train;
pub mod tui;
pub mod ui;
pub mod user_file;
pub mod weak_cache;
pub mod work;

/// The test folder guard the integration tests use (`tt-NAME-PID`, removed when dropped), for
/// the unit tests here.
#[cfg(test)]
#[path = "../tests/temp_folder/mod.rs"]
pub(crate) mod temp_folder;

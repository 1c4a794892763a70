//! Facts in lesson prose that depend on the weights, written as `{fact-name args…}` and filled in
//! from the run whenever the beat is shown, so the prose stays true for any `--weights`
//! (`{next-word row=1}`, `{shape OP}`, `{top-key OP row=R [batch=B] [head=H|mean]}`, …; every
//! kind with its arguments: lessons/FORMAT.md#facts). `{{` and `}}` stand for literal braces.
//!
//! - `fact`: the typed facts, one variant per kind, and the kinds' names and arguments
//! - `parse`: prose into text and facts, each read by its kind
//! - `check`: a fact's arguments against the program (operation, rows, heads, words)
//! - `evaluate`: a fact's value from the run
//! - `run_rows`: what facts and views read from a run (real rows, decoding, translation)

mod check;
mod evaluate;
pub mod fact;
mod parse;
mod probes;
mod run_rows;

pub use fact::{ConfigName, Fact, FactKind, HeadChoice};
pub use parse::{SEE_FACTS, parse};
pub use probes::best_aligned_head;
pub use run_rows::{decode_steps, real_positions, real_rows, translation};

use crate::model::Run;
use crate::setup::Setup;

/// A piece of prose: literal text or a fact to fill in.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    Fact(Fact),
}

/// Fill the facts in from `full`, a run of the lesson's whole program.
pub fn render(pieces: &[Piece], full: &Run, setup: &Setup) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.clone(),
            Piece::Fact(f) => evaluate::evaluate(f, full, setup),
        })
        .collect()
}

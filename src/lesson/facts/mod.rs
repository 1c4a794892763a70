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
mod conditional;
mod evaluate;
pub mod fact;
pub mod markers;
mod parse;
mod probes;
mod run_rows;
mod whereabouts;

pub use conditional::{Condition, without_loaded_model_lines};
pub use fact::{ConfigName, Fact, FactKind, HeadChoice, Sentence};
pub use parse::{SEE_FACTS, parse};
pub use probes::best_aligned_head;
pub use run_rows::{decode_steps, is_pad, real_positions, real_rows, translation};
pub use whereabouts::{PaneLayout, Whereabouts};

use crate::model::Run;
use crate::setup::Setup;

/// A piece of prose: literal text, a fact to fill in, where a pane is drawn (`{where view}`), or
/// the start, middle or end of a passage shown only when a condition holds on the run's
/// sentences (`{if-padded side=S}…{else}…{end}`); passages nest.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    Fact(Fact),
    Where(Whereabouts),
    If(Condition),
    Else,
    End,
}

/// Fill the facts in from `full`, a run of the lesson's whole program, and keep each `{if-…}`
/// passage's first part when its condition holds, its `{else}` part when not; `{where …}` reads
/// the wide layout.
pub fn render(pieces: &[Piece], full: &Run, setup: &Setup) -> String {
    render_laid_out(pieces, full, setup, PaneLayout::WIDE)
}

/// `render` on a screen laid out as `layout` (`{where …}` reads it).
pub fn render_laid_out(pieces: &[Piece], full: &Run, setup: &Setup, layout: PaneLayout) -> String {
    let mut out = String::new();
    // the open {if}s, innermost last: whether each one's condition holds, and whether its part
    // now read is shown; a piece is shown when every open part is
    let mut open: Vec<(bool, bool)> = Vec::new();
    for p in pieces {
        match p {
            Piece::If(c) => {
                let holds = c.holds(setup);
                open.push((holds, holds));
            }
            Piece::Else => {
                if let Some((holds, shown)) = open.last_mut() {
                    *shown = !*holds;
                }
            }
            Piece::End => {
                open.pop();
            }
            _ if open.iter().any(|&(_, shown)| !shown) => {}
            Piece::Text(t) => out.push_str(t),
            Piece::Fact(f) => out.push_str(&evaluate::evaluate(f, full, setup)),
            Piece::Where(place) => out.push_str(layout.words(*place)),
        }
    }
    out
}

//! `transformer-tutor trace`: the program as text, one line per operation.

use crate::model::Program;
use crate::model::program::shape_text;
use crate::ui::text::{pad, width};
use std::fmt::Write;

/// One line per operation: index, name, kind, output shape, formula.
pub fn trace_text(program: &Program) -> String {
    let name_width = program.names().map(width).max().unwrap_or(0);
    let mut out = String::new();
    for (i, op) in program.ops().iter().enumerate() {
        let _ = writeln!(
            out,
            "{i:>4}  {}  {}  {}  {}",
            pad(&op.name, name_width),
            pad(op.kind.label(), 13),
            pad(&shape_text(&op.shape), 18),
            op.formula
        );
    }
    out
}

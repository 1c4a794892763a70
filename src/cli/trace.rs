//! `transformer-tutor trace`: the program as text, one line per operation.

use crate::model::Program;
use crate::model::program::shape_text;
use std::fmt::Write;

/// One line per operation: index, name, kind, output shape, formula.
pub fn trace_text(program: &Program) -> String {
    let name_width = program.names().map(str::len).max().unwrap_or(0);
    let mut out = String::new();
    for (i, op) in program.ops().iter().enumerate() {
        let _ = writeln!(
            out,
            "{i:>4}  {:<name_width$}  {:<13}  {:<18}  {}",
            op.name,
            op.kind.label(),
            shape_text(&op.shape),
            op.formula
        );
    }
    out
}

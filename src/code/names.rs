//! The local names of a snippet: each tensor by the last part of its name in the program
//! (`enc.0.self_attn.scores` is `scores`), longer where two would clash or an input is an `out`
//! (`norm1_out`, `ffn_out`).

use crate::model::program::{Op, Program};

/// A Python name for the last `parts` dot-separated parts of `name`.
fn tail(name: &str, parts: usize) -> String {
    let all: Vec<&str> = name.split('.').collect();
    let from = all.len().saturating_sub(parts);
    let joined = all[from..].join("_");
    let clean: String = joined.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    match clean.chars().next() {
        Some(c) if c.is_ascii_digit() => format!("t_{clean}"),
        _ => clean,
    }
}

/// The local names of `op`'s inputs (in order) and of its output.
pub(super) fn locals(program: &Program, op: &Op) -> (Vec<String>, String) {
    let out = tail(&op.name, 1);
    let mut taken = vec![out.clone()];
    let mut ins = Vec::new();
    for &i in &op.inputs {
        let name = &program.op(i).name;
        let depth = name.split('.').count();
        // a bare `out` says nothing of whose: `self_attn_out`, `norm3_out`
        let first = if tail(name, 1) == "out" && depth > 1 { 2 } else { 1 };
        let local = (first..=depth).map(|parts| tail(name, parts)).find(|c| !taken.contains(c)).unwrap_or_else(|| {
            // the same tensor read twice: the second read is the first's name
            tail(name, depth)
        });
        taken.push(local.clone());
        ins.push(local);
    }
    (ins, out)
}

//! One runnable, self-contained Python file made of a run's snippets, in program order: it loads
//! the exported .npz, recomputes every named tensor op by op (float64, each op from the script's
//! own earlier results, never the tutor's), checks each against the tutor's, prints one line per
//! op, and exits 1 on any mismatch (`export --numpy`, `export --pytorch`).

use super::{Lib, Snippet, Source, kind_key, snippet};
use crate::model::Run;
use std::path::Path;

/// A script and how many tensors it checks.
#[derive(Debug, Clone)]
pub struct Script {
    pub text: String,
    pub count: usize,
}

/// The script for `run`'s program in `lib`, reading the export at `npz`, to be written at `at`.
pub fn script(run: &Run, lib: Lib, npz: &Path, at: &Path) -> Script {
    let program = run.program();
    let mut text = prelude(lib, npz, at);
    for index in 0..program.len() {
        let s = snippet(program, run.weights(), index, lib);
        text.push_str(&block(run, index, &s));
    }
    let mut n = program.len();
    if let Some((section, checked)) = super::script_backward::section(run, lib) {
        text.push_str(&section);
        n += checked;
    }
    let differ = crate::strings::code_script_differ(FAILED, n, FIRST);
    let differ = py_fstring(&differ, &[(FAILED, "len(failed)"), (FIRST, "failed[0]")]);
    let all_match = py_str(&crate::strings::code_script_all_match(n));
    text.push_str(&format!("\nif failed:\n    print({differ})\n    sys.exit(1)\nprint({all_match})\n"));
    Script { text, count: n }
}

/// Stand-ins for the values a message of the script prints, which Python fills in.
const FAILED: &str = "@@failed@@";
const FIRST: &str = "@@first@@";
const OURS: &str = "@@ours@@";
const TUTOR: &str = "@@tutor@@";

/// A Python f-string literal printing `text` as it is, but for each stand-in of `values`, which
/// prints its expression's value (the message's own braces are doubled, so stay braces).
fn py_fstring(text: &str, values: &[(&str, &str)]) -> String {
    let mut s = text.replace('{', "{{").replace('}', "}}");
    for (stand_in, expr) in values {
        s = s.replace(stand_in, &format!("{{{expr}}}"));
    }
    format!("f{}", py_str(&s))
}

/// The script's words (in the export's language): the two marks, padded to one width, and the
/// reasons a tensor is not checked, as Python literals.
fn script_words() -> [String; 4] {
    let marks = [crate::strings::CODE_SCRIPT_OK.get(), crate::strings::CODE_SCRIPT_FAIL.get()];
    let wide = marks.iter().map(|m| crate::text::width(m)).max().unwrap_or(0);
    let shape = crate::strings::code_script_shape(OURS, TUTOR);
    [
        py_str(&crate::text::pad(marks[0], wide)),
        py_str(&crate::text::pad(marks[1], wide)),
        py_str(crate::strings::CODE_SCRIPT_NOT_COMPUTED.get()),
        py_fstring(&shape, &[(OURS, "ours.shape"), (TUTOR, "tutor.shape")]),
    ]
}

/// A Python string literal of `s` (the file is UTF-8).
pub(super) fn py_str(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The npz's path as the script finds it: beside the script by its file name, or where it is.
fn npz_expr(npz: &Path, at: &Path) -> String {
    let parent = |p: &Path| std::path::absolute(p).ok().and_then(|a| a.parent().map(Path::to_path_buf));
    match (parent(npz), parent(at), npz.file_name()) {
        (Some(a), Some(b), Some(name)) if a == b => format!("os.path.join(HERE, {})", py_str(&name.to_string_lossy())),
        _ => {
            let full = std::path::absolute(npz).unwrap_or_else(|_| npz.to_path_buf());
            py_str(&full.to_string_lossy())
        }
    }
}

/// Imports, the npz, and `check`.
fn prelude(lib: Lib, npz: &Path, at: &Path) -> String {
    let (lib_name, imports, load, ours) = match lib {
        Lib::Numpy => (
            "numpy",
            "import numpy as np\n",
            "def weight(name):\n    return np.asarray(z[name], dtype=np.float64)\n\n\ndef ids(name):\n    return np.asarray(z[name], dtype=np.int64)\n",
            "np.asarray(value, dtype=np.float64)",
        ),
        Lib::Torch => (
            "PyTorch",
            "import numpy as np\nimport torch\nimport torch.nn.functional as F\n",
            "def weight(name):\n    return torch.from_numpy(np.asarray(z[name], dtype=np.float64))\n\n\ndef ids(name):\n    return torch.from_numpy(np.asarray(z[name], dtype=np.int64))\n",
            "value.detach().numpy() if torch.is_tensor(value) else np.asarray(value, dtype=np.float64)",
        ),
    };
    let npz_name = npz.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let header = crate::strings::code_script_header(&npz_name, lib_name);
    format!(
        r#"#!/usr/bin/env python3
# {header}
# python3 {script} [{npz_name}]
import math
import os
import sys

{imports}
HERE = os.path.dirname(os.path.abspath(__file__))
NPZ = sys.argv[1] if len(sys.argv) > 1 else {npz}
TOLERANCE = 1e-5  # max |tutor - ours| / (1 + |ours|), the tutor's own tests' rule
np.seterr(all="ignore")  # a row hidden entirely by -inf is NaN here as in the tutor
z = np.load(NPZ)
erf = np.vectorize(math.erf)


{load}
given = weight
t = {{}}  # every tensor computed so far, by its name in the program
failed = []


{checks}"#,
        script = at.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default(),
        npz = npz_expr(npz, at),
        checks = checks(lib, ours),
    )
}

/// One operation: its comment, its note, where its names come from, its lines, its check.
fn block(run: &Run, index: usize, s: &Snippet) -> String {
    let op = run.program().op(index);
    let w = run.weights();
    let halves = w.config.conventions.positions == crate::model::config::PositionLayout::Halves;
    let comment = crate::strings::code_comment(op, halves, super::forward::tied_output(w));
    let mut out = format!("\n# {}: {comment}\n", s.op);
    if let Some(note) = s.note {
        out.push_str(&format!("# {}\n", crate::strings::code_note(note.note, note.code)));
        if let Some(m) = note.mistake {
            out.push_str(&format!("#   {}\n", crate::strings::code_fix_why(m.variant)));
            out.push_str(&format!("#   {} {}\n", crate::strings::CODE_NOTE_WRITES, m.wrong));
            out.push_str(&format!("#   {} {}\n", crate::strings::CODE_CORRECTED, m.right));
        }
    }
    for b in &s.bindings {
        out.push_str(&format!("{} = {}\n", b.local, py_value(&b.source)));
    }
    for line in s.lines_with_shape() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!("check({}, {}, {})\n", py_str(&s.op), py_str(kind_key(op, run.weights())), s.out));
    out
}

/// `check` (a tensor), `check_grad` (a gradient), and what the backward pass needs.
fn checks(lib: Lib, ours: &str) -> String {
    let (sum0, sum_keep) = match lib {
        Lib::Numpy => ("axis=0", "axis=axis, keepdims=True"),
        Lib::Torch => ("dim=0", "dim=axis, keepdim=True"),
    };
    let [ok, fail, not_computed, shape] = script_words();
    format!(
        r#"OK = {ok}
FAIL = {fail}


def check(name, kind, value):
    t[name] = value
    compare(name, kind, value, name)


def check_grad(name, kind, value):
    compare("grad." + name, kind, value, "grad." + name)


def grad_in(name, g):
    gr[name] = gr[name] + g if name in gr else g


def unbroadcast(g, shape):
    while len(g.shape) > len(shape):
        g = g.sum({sum0})
    for axis, n in enumerate(shape):
        if n == 1 and g.shape[axis] != 1:
            g = g.sum({sum_keep})
    return g


def compare(name, kind, value, key):
    if value is None:
        failed.append(name)
        print(f"{{FAIL}} {{name}} {{kind}}: " + {not_computed})
        return
    ours = {ours}
    tutor = np.asarray(z[key], dtype=np.float64)
    if ours.shape != tutor.shape:
        failed.append(name)
        print(f"{{FAIL}} {{name}} {{kind}}: " + {shape})
        return
    diff = np.abs(tutor - ours) / (1.0 + np.abs(ours))
    same = (tutor == ours) | (np.isnan(tutor) & np.isnan(ours))
    diff = np.where(same, 0.0, np.where(np.isnan(diff), np.inf, diff))
    worst = float(diff.max()) if diff.size else 0.0
    if worst > TOLERANCE:
        failed.append(name)
    mark = OK if worst <= TOLERANCE else FAIL
    print(f"{{mark}} {{name:<28}} {{kind:<26}} {{str(ours.shape):<18}} {{worst:.1e}}")
"#
    )
}

/// The script's expression for where a snippet's local name gets its value: a tensor the script
/// computed, a weight or the ids from the exported npz.
pub(super) fn py_value(source: &Source) -> String {
    match source {
        Source::Tensor(name) => format!("t[{}]", py_str(name)),
        Source::Weight(name) => format!("weight({})", py_str(name)),
        Source::Ids(side) => format!("ids(\"{}_ids\")", side.prefix()),
        Source::Labels => "ids(\"labels\")".to_string(),
    }
}

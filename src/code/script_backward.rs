//! The training run's script goes on from the loss back to the embeddings: each op's backward
//! (`backward`), in reverse program order, its incoming gradient checked against the tutor's
//! (`grad.` + the op's name in the export), its parameters' gradients too (`grad.` + the
//! parameter's PyTorch name).

use super::script::py_str;
use super::{Lib, backward, kind_key};
use crate::model::Run;
use crate::model::backward::gradient_reaches;

/// The backward blocks of `run`'s training program, and how many gradients they check; None
/// for a program that does not end in a loss.
pub(super) fn section(run: &Run, lib: Lib) -> Option<(String, usize)> {
    let program = run.program();
    let last = program.len().checked_sub(1)?;
    if !matches!(program.op(last).kind, crate::model::program::OpKind::CrossEntropy { .. }) {
        return None;
    }
    let reaches = gradient_reaches(program);
    let one = match lib {
        Lib::Numpy => "np.float64(1.0)",
        Lib::Torch => "torch.tensor(1.0, dtype=torch.float64)",
    };
    let mut text = format!(
        "\n\n# the backward pass: d loss / d every tensor, from the loss back to the embeddings\ngr = {{{}: {one}}}\n",
        py_str(&program.op(last).name)
    );
    let mut count = 0;
    for index in (0..program.len()).rev().filter(|&i| reaches[i]) {
        let op = program.op(index);
        let kind = format!("{}-backward", kind_key(op, run.weights()));
        text.push_str(&format!(
            "\ncheck_grad({}, {}, gr.get({}))\n",
            py_str(&op.name),
            py_str(&kind),
            py_str(&op.name)
        ));
        count += 1;
        let Some(b) = backward(program, run.weights(), index, lib) else { continue };
        text.push_str(&format!("{} = gr[{}]\n", b.d_out, py_str(&op.name)));
        for binding in &b.bindings {
            text.push_str(&format!("{} = {}\n", binding.local, super::script::py_value(&binding.source)));
        }
        for line in &b.lines {
            text.push_str(line);
            text.push('\n');
        }
        for (input, local) in b.inputs.iter().filter(|(i, _)| reaches[*i]) {
            text.push_str(&format!("grad_in({}, {local})\n", py_str(&program.op(*input).name)));
        }
        for (param, local) in &b.params {
            text.push_str(&format!("check_grad({}, \"parameter\", {local})\n", py_str(param)));
            count += 1;
        }
    }
    Some((text, count))
}

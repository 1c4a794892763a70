//! The backward pass: the program walked in reverse. Each operation hands the gradient of its
//! output to its backward kernel (beside its forward in `kernels/`), and the gradients that come
//! back are added into the operations it read; a tensor read by several operations (`src.x`
//! feeds q, k, v and the residual; `enc.out` feeds every cross-attention) sums them all.
//! Parameter gradients accumulate into a `Weights` of zeros under the same names.

use super::program::{OpKind, Program};
use super::run::Run;
use super::weights::Weights;
use ndarray::ArrayD;
use std::sync::Arc;

/// The loss and the gradient of the loss with respect to every parameter and every tensor.
#[derive(Debug, Clone)]
pub struct Gradients {
    pub loss: f32,
    /// d loss / d parameter, same names and shapes as the weights.
    pub params: Weights,
    /// d loss / d output of each operation, by op index (None where nothing depends on it).
    tensors: Vec<Option<ArrayD<f32>>>,
    program: Arc<Program>,
}

impl Gradients {
    /// The gradient of the loss with respect to a named tensor (`logits`, `enc.out`, ...).
    pub fn tensor(&self, name: &str) -> Option<&ArrayD<f32>> {
        self.program.index_of(name).and_then(|i| self.tensor_at(i))
    }

    /// The gradient of the loss with respect to operation `index`'s output.
    pub fn tensor_at(&self, index: usize) -> Option<&ArrayD<f32>> {
        self.tensors.get(index).and_then(|t| t.as_ref())
    }
}

impl Run {
    /// Backpropagate from the program's last operation, the loss. The run must be complete.
    pub fn backward(&self) -> Gradients {
        self.backward_timed(None)
    }

    /// The backward pass with every residual's straight path cut: at each `x + sublayer(x)` the
    /// gradient flows back through the sublayer only, as if the model had no residual
    /// connections (the same forward numbers; only the identity's `+ 1` in ∂sum/∂x is gone).
    /// What reaches each layer then is the notes' vanishing-gradient story for this model.
    pub fn backward_without_straight_paths(&self) -> Gradients {
        self.backward_with(None, true)
    }

    /// `backward`, handing each operation's index and the time its backward took to `timer`
    /// (for profiling: `examples/profile_train.rs`).
    pub fn backward_timed(&self, timer: Option<&mut dyn FnMut(usize, std::time::Duration)>) -> Gradients {
        self.backward_with(timer, false)
    }

    fn backward_with(
        &self,
        mut timer: Option<&mut dyn FnMut(usize, std::time::Duration)>,
        cut_straight_paths: bool,
    ) -> Gradients {
        let program = self.program_arc();
        assert!(self.is_done(), "backward needs the whole forward pass");
        let last = program.len() - 1;
        assert!(matches!(program.op(last).kind, OpKind::CrossEntropy { .. }), "the program must end in a loss");
        let needs = needs_gradient(&program);
        let mut tensors: Vec<Option<ArrayD<f32>>> = vec![None; program.len()];
        let mut params = self.weights().zeros_like();
        tensors[last] = Some(ndarray::arr0(1.0f32).into_dyn()); // d loss / d loss
        for index in (0..program.len()).rev() {
            let Some(d_out) = tensors[index].take() else { continue };
            let start = timer.is_some().then(std::time::Instant::now);
            let inputs = program.op(index).kind.backward(self, index, &d_out, &mut params);
            let straight = cut_straight_paths.then(|| residual_skip(program.op(index))).flatten();
            for (&input, d_in) in program.op(index).inputs.iter().zip(inputs) {
                if Some(input) == straight {
                    continue;
                }
                if let (true, Some(d_in)) = (needs[input], d_in) {
                    accumulate(&mut tensors[input], d_in);
                }
            }
            if let (Some(timer), Some(start)) = (timer.as_mut(), start) {
                timer(index, start.elapsed());
            }
            tensors[index] = Some(d_out);
        }
        let loss = self.value(last).and_then(|l| l.iter().next().copied()).unwrap_or(f32::NAN);
        Gradients { loss, params, tensors, program }
    }
}

/// The straight (identity) input of a residual sum `x + sublayer(x)`: its first input.
fn residual_skip(op: &super::program::Op) -> Option<usize> {
    let residual = matches!(op.formula, super::op_kind::Formula::Sum { residual: true, .. });
    (op.kind == OpKind::Add && residual).then(|| op.inputs[0])
}

/// Which operations' outputs a gradient of the loss reaches, from the program's shape alone (no
/// numbers computed): exactly where `Gradients::tensor` is Some after `Run::backward` (the test
/// below compares them on every operation of the tutor's and a Marian's training programs). The
/// lesson loader asks it for a `grad = true` beat: at opus-mt's size a backward pass takes seconds.
pub fn gradient_reaches(program: &Program) -> Vec<bool> {
    let needs = needs_gradient(program);
    let mut reaches = vec![false; program.len()];
    let Some(last) = program.len().checked_sub(1) else { return reaches };
    reaches[last] = matches!(program.op(last).kind, OpKind::CrossEntropy { .. });
    for index in (0..program.len()).rev() {
        if !reaches[index] {
            continue;
        }
        let op = program.op(index);
        for (slot, &input) in op.inputs.iter().enumerate() {
            if needs[input] && passes_gradient(op.kind, slot) {
                reaches[input] = true;
            }
        }
    }
    reaches
}

/// Whether `OpKind::backward` of `kind` hands back a gradient for its input `slot` (the masks,
/// a mask fill's mask and the leaves hand back none).
fn passes_gradient(kind: OpKind, slot: usize) -> bool {
    match kind {
        OpKind::Input | OpKind::PositionalEncoding | OpKind::Embed(_) => false,
        OpKind::PaddingMask(_)
        | OpKind::PaddingMaskQK { .. }
        | OpKind::CausalMask
        | OpKind::OnesMask
        | OpKind::MaskAnd => false,
        OpKind::MaskFill(_) => slot == 0,
        _ => true,
    }
}

/// Which operations' outputs depend on a parameter (only those need a gradient).
fn needs_gradient(program: &Program) -> Vec<bool> {
    let mut needs = vec![false; program.len()];
    for (i, op) in program.ops().iter().enumerate() {
        let own = matches!(op.kind, OpKind::Embed(_) | OpKind::Linear(_) | OpKind::ScaleShift(_));
        needs[i] = own || op.inputs.iter().any(|&j| needs[j]);
    }
    needs
}

/// slot += g (or slot = g when empty).
fn accumulate(slot: &mut Option<ArrayD<f32>>, g: ArrayD<f32>) {
    match slot {
        Some(acc) => *acc += &g,
        None => *slot = Some(g),
    }
}

//! How `Run::run_all` goes faster than one operation at a time, with the same tensors to the
//! bit:
//! - where the program computes q·kᵀ, the scale, the mask, the softmax and the context one
//!   after another, each reading the one before it, the five are computed together one
//!   (batch, head) block at a time (`kernels::attention_chain`);
//! - where a large Linear is followed by the split of its output into heads, each block of the
//!   Linear's rows is split as soon as it is done, in cache (`kernels::linear_split`).
//!
//! Stepping (`Run::step`) still computes one operation at a time.

use super::arch::MaskFill;
use super::kernels;
use super::op_kind::score_scale;
use super::program::{LinearRef, OpKind, Program};
use super::run::Run;
use ndarray::ArrayD;

/// Operations computed together from some index of a program.
pub enum Ahead {
    /// attention's chain: what it reads, and how it scales and masks
    Attention { q: usize, k: usize, v: usize, mask: usize, d_k: usize, fill: MaskFill },
    /// a Linear reading `x`, then its split into heads
    LinearSplit { x: usize, linear: LinearRef },
}

/// What is computed together from `index` on, if anything.
pub fn ahead_at(program: &Program, index: usize) -> Option<Ahead> {
    chain_at(program, index).or_else(|| linear_split_at(program, index))
}

/// Operations index .. index + 5 are q·kᵀ, its scale, its mask, the softmax and the context,
/// each reading the one before (the mask also reads a mask, the context v); else None.
pub fn chain_at(program: &Program, index: usize) -> Option<Ahead> {
    let [qk, scale, masked, softmax, context] = program.ops().get(index..index + 5)? else { return None };
    let (OpKind::QueryKey, OpKind::Scale { d_k }, OpKind::MaskFill(fill), OpKind::Softmax, OpKind::Context) =
        (qk.kind, scale.kind, masked.kind, softmax.kind, context.kind)
    else {
        return None;
    };
    let reads = |inputs: &[usize], first: usize, count: usize| inputs.len() == count && inputs[0] == first;
    let wired = qk.inputs.len() == 2
        && reads(&scale.inputs, index, 1)
        && reads(&masked.inputs, index + 1, 2)
        && reads(&softmax.inputs, index + 2, 1)
        && reads(&context.inputs, index + 3, 2)
        // q, k, v and the mask are computed before the chain
        && [qk.inputs[0], qk.inputs[1], context.inputs[1], masked.inputs[1]].iter().all(|&i| i < index);
    (wired && fill != MaskFill::Off).then(|| Ahead::Attention {
        q: qk.inputs[0],
        k: qk.inputs[1],
        v: context.inputs[1],
        mask: masked.inputs[1],
        d_k,
        fill,
    })
}

/// Operation index is a Linear and index + 1 the split of its output into heads; else None.
pub fn linear_split_at(program: &Program, index: usize) -> Option<Ahead> {
    let [linear, split] = program.ops().get(index..index + 2)? else { return None };
    match (linear.kind, split.kind) {
        (OpKind::Linear(r), OpKind::SplitHeads) if linear.inputs.len() == 1 && split.inputs == [index] => {
            Some(Ahead::LinearSplit { x: linear.inputs[0], linear: r })
        }
        _ => None,
    }
}

impl Ahead {
    /// The tensors of the operations computed together, in program order, from what `run` has
    /// computed; None where the fast way does not run (the caller steps instead).
    pub(super) fn compute(&self, run: &Run) -> Option<Vec<ArrayD<f32>>> {
        let value = |i: usize| run.shared_value(i).as_ref();
        match *self {
            Ahead::Attention { q, k, v, mask, d_k, fill } => {
                let (q, k, v, mask) = (value(q), value(k), value(v), value(mask));
                let scale = score_scale(d_k);
                let outputs = match fill {
                    MaskFill::MinusBillion => {
                        kernels::attention_chain(q, k, v, mask, scale, kernels::mask_fill_rule(kernels::MASK_FILL))
                    }
                    MaskFill::MinusInfinity => {
                        kernels::attention_chain(q, k, v, mask, scale, kernels::mask_fill_rule(f32::NEG_INFINITY))
                    }
                    MaskFill::Multiply => kernels::attention_chain(q, k, v, mask, scale, kernels::mask_multiply_rule),
                    MaskFill::Off => unreachable!("chain_at leaves a mask that is off to the steps"),
                };
                outputs.map(Vec::from)
            }
            Ahead::LinearSplit { x, linear } => {
                let l = run.weights().linear(linear);
                let heads = run.weights().config.n_heads;
                let (y, split) = kernels::linear_split(value(x), l.weight.view(), l.bias.view(), heads)?;
                Some(vec![y, split])
            }
        }
    }
}

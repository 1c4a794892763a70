//! How `Run::run_all` goes through attention: where the program computes q·kᵀ, the scale, the
//! mask, the softmax and the context one after another, each reading the one before it, the five
//! are computed together one (batch, head) block at a time (`kernels::attention_chain`), the same
//! five tensors to the bit. Stepping (`Run::step`) still computes one operation at a time: this
//! is only the whole forward pass going faster.

use super::arch::MaskFill;
use super::kernels::{self, ChainOutputs};
use super::op_kind::score_scale;
use super::program::{OpKind, Program};
use ndarray::ArrayD;

/// Attention's chain at some index of a program: what it reads, and how it scales and masks.
pub struct Chain {
    q: usize,
    k: usize,
    v: usize,
    mask: usize,
    d_k: usize,
    fill: MaskFill,
}

/// Operations index .. index + 5 are q·kᵀ, its scale, its mask, the softmax and the context,
/// each reading the one before (the mask also reads a mask, the context v); else None.
pub fn chain_at(program: &Program, index: usize) -> Option<Chain> {
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
        && reads(&context.inputs, index + 3, 2);
    (wired && fill != MaskFill::Off).then(|| Chain {
        q: qk.inputs[0],
        k: qk.inputs[1],
        v: context.inputs[1],
        mask: masked.inputs[1],
        d_k,
        fill,
    })
}

impl Chain {
    /// The chain's five tensors, from the computed tensors `value(index)` it reads.
    pub(super) fn compute<'a>(&self, value: impl Fn(usize) -> &'a ArrayD<f32>) -> ChainOutputs {
        let (q, k, v, mask) = (value(self.q), value(self.k), value(self.v), value(self.mask));
        let scale = score_scale(self.d_k);
        match self.fill {
            MaskFill::MinusBillion => {
                kernels::attention_chain(q, k, v, mask, scale, kernels::filled(kernels::MASK_FILL))
            }
            MaskFill::MinusInfinity => {
                kernels::attention_chain(q, k, v, mask, scale, kernels::filled(f32::NEG_INFINITY))
            }
            MaskFill::Multiply => kernels::attention_chain(q, k, v, mask, scale, kernels::multiplied),
            MaskFill::Off => unreachable!("chain_at leaves a mask that is off to the steps"),
        }
    }
}

//! The backward pass: the program walked in reverse. Each operation hands the gradient of its
//! output to its backward kernel (beside its forward in `kernels/`), and the gradients that come
//! back are added into the operations it read; a tensor read by several operations (`src.x`
//! feeds q, k, v and the residual; `enc.out` feeds every cross-attention) sums them all.
//! Parameter gradients accumulate into a `Weights` of zeros under the same names.

use super::arch::MaskFill;
use super::kernels;
use super::program::{OpKind, Program, Side};
use super::run::{Run, eps};
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
        self.program.index_of(name).and_then(|i| self.tensors[i].as_ref())
    }
}

impl Run {
    /// Backpropagate from the program's last operation, the loss. The run must be complete.
    pub fn backward(&self) -> Gradients {
        self.backward_timed(None)
    }

    /// `backward`, handing each operation's index and the time its backward took to `timer`
    /// (for profiling: `examples/profile_train.rs`).
    pub fn backward_timed(&self, mut timer: Option<&mut dyn FnMut(usize, std::time::Duration)>) -> Gradients {
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
            let inputs = self.backward_op(index, &d_out, &mut params);
            for (&input, d_in) in program.op(index).inputs.iter().zip(inputs) {
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

    /// One operation's backward: the gradients of its inputs (in the order it reads them), with
    /// its parameters' gradients added into `params`.
    fn backward_op(&self, index: usize, d_out: &ArrayD<f32>, params: &mut Weights) -> Vec<Option<ArrayD<f32>>> {
        let op = self.program().op(index);
        let input = |i: usize| self.value(op.inputs[i]).expect("computed before");
        let output = || self.value(index).expect("computed");
        let w = self.weights();
        let pad = w.config.pad_idx;
        match op.kind {
            OpKind::Input | OpKind::PositionalEncoding => vec![],
            OpKind::PaddingMask(_)
            | OpKind::PaddingMaskQK { .. }
            | OpKind::CausalMask
            | OpKind::OnesMask
            | OpKind::MaskAnd => vec![None; op.inputs.len()],
            OpKind::Embed(side) => {
                let (table, grad) = match side {
                    Side::Src => (&w.src_embed, &mut params.src_embed),
                    Side::Tgt => (&w.tgt_embed, &mut params.tgt_embed),
                };
                *grad += &kernels::embed_backward(table.nrows(), self.ids(side), pad, d_out);
                vec![]
            }
            OpKind::AddPositional | OpKind::Add => {
                let (d_a, d_b) = kernels::add_backward(input(0).shape(), input(1).shape(), d_out);
                vec![Some(d_a), Some(d_b)]
            }
            OpKind::Linear(r) => {
                let g = kernels::linear_backward(input(0), w.linear(r).weight.view(), d_out);
                let slot = params.linear_mut(r);
                slot.weight += &g.d_weight;
                slot.bias += &g.d_bias;
                vec![Some(g.d_x)]
            }
            OpKind::SplitHeads => vec![Some(kernels::merge_heads(d_out))],
            OpKind::MergeHeads => vec![Some(kernels::split_heads(d_out, w.config.n_heads))],
            OpKind::QueryKey => {
                let (d_q, d_k) = kernels::scores_backward(input(0), input(1), 1.0, d_out);
                vec![Some(d_q), Some(d_k)]
            }
            OpKind::Scale => vec![Some(kernels::scale(d_out, w.config.score_scale()))],
            OpKind::MaskFill(fill) => {
                let d_scores = match fill {
                    MaskFill::Multiply => kernels::mask_multiply_backward(input(1), d_out),
                    _ => kernels::mask_fill_backward(input(1), d_out),
                };
                vec![Some(d_scores), None]
            }
            OpKind::Softmax => vec![Some(kernels::softmax_last_backward(output(), d_out))],
            OpKind::Context => {
                let (d_weights, d_v) = kernels::context_backward(input(0), input(1), d_out);
                vec![Some(d_weights), Some(d_v)]
            }
            OpKind::Relu => vec![Some(kernels::relu_backward(input(0), d_out))],
            OpKind::Normalize { eps_exponent } => {
                vec![Some(kernels::normalize_backward(input(0), eps(eps_exponent), d_out))]
            }
            OpKind::ScaleShift(r) => {
                let (d_hat, d_gamma, d_beta) = kernels::scale_shift_backward(input(0), w.norm(r).gamma.view(), d_out);
                let slot = params.norm_mut(r);
                slot.gamma += &d_gamma;
                slot.beta += &d_beta;
                vec![Some(d_hat)]
            }
            OpKind::Identity => vec![Some(d_out.clone())],
            OpKind::CrossEntropy { smoothing_permille } => {
                let labels = self.inputs().labels.as_ref().expect("a training run has labels");
                let d_loss = d_out.iter().next().copied().unwrap_or(1.0);
                let eps = smoothing_permille as f32 / 1000.0;
                vec![Some(kernels::cross_entropy_backward(input(0), labels, pad, eps, d_loss))]
            }
        }
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

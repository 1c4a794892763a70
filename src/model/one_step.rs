//! One optimiser step, taken apart for one weight: its gradient from the backward pass, a
//! finite-difference check of that gradient (nudge the weight by ±h, run the forward again), and
//! the first step of a fresh Adam (the trainer's optimiser) on this batch: m, v, their bias
//! corrections, the step, the weight before and after, and the loss on the same batch before and
//! after every weight took its step.

use super::adam::Adam;
use super::program::{LinearRef, Op, OpKind, Proj, Side, Stack};
use super::reference::{self, Params};
use super::{Run, Weights};
use std::sync::Arc;

/// The nudge of the finite difference. The losses are computed by the f64 reference forward
/// (`reference`), whose rounding is far below the change; a nudge of 1e-2 or 1e-3 in float32
/// moved some ReLU across its kink in the trained model and the two disagreed by 1-3%.
pub const NUDGE: f64 = 1e-4;

/// The learning rate of the step shown: the peak of the trainer's schedule (`TrainOptions`).
pub const PEAK_LR: f32 = 3e-3;

/// One weight's step, every number of it.
#[derive(Debug, Clone, PartialEq)]
pub struct OneStep {
    /// The parameter's PyTorch name and the flat index of the weight within it.
    pub param: String,
    pub index: usize,
    /// Its place as (row, column) for a matrix, (i) for a vector.
    pub at: Vec<usize>,
    /// ∂L/∂w from the backward pass.
    pub grad: f32,
    /// (L(w + h) − L(w − h)) / 2h, with both losses (f64 forward).
    pub loss_plus: f64,
    pub loss_minus: f64,
    pub estimate: f64,
    /// Adam's first step: the (clipped) gradient's moments, bias-corrected, and the step taken.
    pub clip: f32,
    pub m: f32,
    pub v: f32,
    pub m_hat: f32,
    pub v_hat: f32,
    pub lr: f32,
    /// Adam's ε, added to √v̂ so that the step stays finite.
    pub eps: f32,
    pub step: f32,
    pub before: f32,
    pub after: f32,
    pub loss_before: f32,
    pub loss_after: f32,
}

impl OneStep {
    /// Which way the loss on the batch moved, as the screen prints the two losses (three
    /// decimals): `Equal` when they print the same, None when either is not a finite number.
    pub fn loss_moved(&self) -> Option<std::cmp::Ordering> {
        let (before, after) = (self.loss_before, self.loss_after);
        let same = format!("{before:.3}") == format!("{after:.3}");
        (before.is_finite() && after.is_finite())
            .then(|| if same { std::cmp::Ordering::Equal } else { after.total_cmp(&before) })
    }
}

/// The weight matrix an operation multiplies by (or the table it looks up, or the γ it scales
/// by), by its PyTorch name; None for an operation with no weights of its own.
pub fn weight_of(op: &Op) -> Option<String> {
    let stack = |s: Stack| if s == Stack::Encoder { "encoder" } else { "decoder" };
    Some(match op.kind {
        OpKind::Linear(LinearRef::Attn { stack: s, layer, block, proj }) => {
            let block: &str = block.into(); // self_attn, cross_attn
            let proj = match proj {
                Proj::Q => "w_q",
                Proj::K => "w_k",
                Proj::V => "w_v",
                Proj::O => "w_o",
            };
            format!("{}.layers.{layer}.{block}.{proj}.weight", stack(s))
        }
        OpKind::Linear(LinearRef::Ffn1 { stack: s, layer }) => {
            format!("{}.layers.{layer}.ffn.linear1.weight", stack(s))
        }
        OpKind::Linear(LinearRef::Ffn2 { stack: s, layer }) => {
            format!("{}.layers.{layer}.ffn.linear2.weight", stack(s))
        }
        OpKind::Linear(LinearRef::Out) => "fc_out.weight".into(),
        OpKind::Embed(Side::Src) => "src_embed.weight".into(),
        OpKind::Embed(Side::Tgt) => "tgt_embed.weight".into(),
        OpKind::ScaleShift(n) => format!("{}.layers.{}.norm{}.weight", stack(n.stack), n.layer, n.index),
        _ => return None,
    })
}

/// The flat index of the largest |∂L/∂w| in a parameter's gradient.
pub fn largest_gradient(grads: &Weights, param: &str) -> Option<usize> {
    let mut found = None;
    grads.visit(|name, g| {
        if name == param {
            found = g.iter().enumerate().max_by(|a, b| a.1.abs().total_cmp(&b.1.abs())).map(|(i, _)| i);
        }
    });
    found
}

/// The shape of a parameter, by its PyTorch name.
pub fn param_shape(weights: &Weights, param: &str) -> Option<Vec<usize>> {
    let mut shape = None;
    weights.visit(|name, a| {
        if name == param {
            shape = Some(a.shape().to_vec());
        }
    });
    shape
}

/// The value of one weight, by parameter name and flat index.
pub fn weight_value(weights: &Weights, param: &str, index: usize) -> Option<f32> {
    let mut value = None;
    weights.visit(|name, a| {
        if name == param {
            value = a.iter().nth(index).copied();
        }
    });
    value
}

/// The loss of `run`'s program and inputs under other weights.
pub fn loss_under(run: &Run, weights: Weights) -> f32 {
    let mut other = Run::new(run.program_arc(), Arc::new(weights), run.inputs().clone());
    other.run_all();
    super::learning::loss(&other).unwrap_or(f32::NAN)
}

/// (L(w + h), L(w − h), their central difference) for one weight of a whole training run, each
/// loss from the f64 reference forward on the run's inputs and labels (on a loaded translator,
/// whose architecture the reference does not have, the program's own float32 forward).
pub fn finite_difference(run: &Run, param: &str, index: usize, h: f64) -> (f64, f64, f64) {
    let inputs = run.inputs();
    let (Some(src), Some(tgt), Some(labels)) = (&inputs.src_ids, &inputs.tgt_ids, &inputs.labels) else {
        return (f64::NAN, f64::NAN, f64::NAN);
    };
    let loss_at = |by: f64| {
        if run.weights().generation.is_some() {
            // a loaded translator: the f64 reference is the tutor's architecture, not this one,
            // so the loss is the program's own (float32)
            let mut w = run.weights().clone();
            w.visit_mut(|name, mut a| {
                if name == param
                    && let Some(x) = a.iter_mut().nth(index)
                {
                    *x += by as f32;
                }
            });
            return loss_under(run, w) as f64;
        }
        let mut p = Params::of(run.weights());
        p.nudge(param, index, by);
        reference::training_loss(&p, src, tgt, labels)
    };
    let (plus, minus) = (loss_at(h), loss_at(-h));
    (plus, minus, (plus - minus) / (2.0 * h))
}

/// Every number of one weight's step at learning rate `lr`: the weight with the largest
/// gradient in `param`, or the one at flat `index`.
pub fn one_step(run: &Run, param: &str, index: Option<usize>, lr: f32) -> Option<OneStep> {
    let grads = run.gradients()?;
    let index = index.or_else(|| largest_gradient(&grads.params, param))?;
    let grad = weight_value(&grads.params, param, index)?;
    let before = weight_value(run.weights(), param, index)?;
    let (loss_plus, loss_minus, estimate) = finite_difference(run, param, index, NUDGE);
    // the trainer's optimiser, fresh: its first step on this batch's gradient
    let mut weights = run.weights().clone();
    let (norm, adam) = Adam::first_step(&mut weights, &grads.params, lr);
    let clip = if norm > adam.clip_norm { adam.clip_norm / norm } else { 1.0 };
    let mut at = None;
    weights.visit(|name, a| {
        if name == param {
            at = Some(unravel(a.shape(), index));
        }
    });
    let at = at?;
    let (m, v) = adam.first_moments(grad, clip);
    let t = adam.steps_taken();
    let (m_hat, v_hat) = (m / (1.0 - adam.beta1.powi(t)), v / (1.0 - adam.beta2.powi(t)));
    let after = weight_value(&weights, param, index)?;
    Some(OneStep {
        param: param.to_string(),
        index,
        at,
        grad,
        loss_plus,
        loss_minus,
        estimate,
        clip,
        m,
        v,
        m_hat,
        v_hat,
        lr,
        eps: adam.eps,
        step: lr * m_hat / (v_hat.sqrt() + adam.eps),
        before,
        after,
        loss_before: grads.loss,
        loss_after: loss_under(run, weights),
    })
}

/// One Adam step of the weight with the largest gradient among operation `op`'s weights, at the
/// trainer's peak learning rate: what the adam-step view shows and its facts quote.
pub fn for_op(run: &Run, op: &str) -> Option<OneStep> {
    let program = run.program();
    let param = weight_of(program.op(program.index_of(op)?))?;
    one_step(run, &param, None, PEAK_LR)
}

/// A flat index as a position in `shape`.
fn unravel(shape: &[usize], mut index: usize) -> Vec<usize> {
    let mut at = vec![0; shape.len()];
    for (a, &n) in at.iter_mut().zip(shape).rev() {
        *a = index % n;
        index /= n;
    }
    at
}

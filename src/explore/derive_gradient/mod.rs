//! "Where does this gradient come from?": one cell of ∂loss/∂(an operation's output), rebuilt by
//! the chain rule. Every operation that read the tensor sends a gradient back along its own
//! path (the upstream gradient ∂L/∂consumer times the consumer's local derivative); the cell is
//! the sum over those paths. Each path is recomputed in f64 loops over the run's forward values
//! and the consumers' gradients, not by the backward kernels, so a test can hold the sum against
//! the engine's backward pass for every kind of operation.

use super::derive::Derivation;
use crate::model::Run;
use crate::model::backward::Gradients;
use crate::model::program::{Formula, Op, OpKind};
use crate::model::run::eps;
use crate::strings;
use ndarray::{ArrayD, Dimension, IxDyn};

/// How many products a path lists: six when it is the only path, two each for two paths, and
/// none (the sum alone, on one line) when three or more paths meet.
fn listed(paths: usize) -> usize {
    match paths {
        1 => 6,
        2 => 2,
        _ => 0,
    }
}

/// Derive cell `at` of ∂loss/∂(operation `op`'s output) in a whole training run. None when the
/// run has no gradients, nothing depends on the operation, or the index is outside the tensor.
pub fn derive_gradient(run: &Run, op: usize, at: &[usize]) -> Option<Derivation> {
    let grads = run.gradients()?;
    let program = run.program();
    let name = &program.op(op).name;
    let engine = grads.tensor(name)?;
    if at.len() != engine.ndim() || at.iter().zip(engine.shape()).any(|(i, n)| i >= n) {
        return None;
    }
    let mut lines = vec![strings::grad_heading(name, at, engine[IxDyn(at)])];
    if op == program.len() - 1 {
        lines.push(strings::GRAD_OF_LOSS.into());
        lines.push(strings::derive_result(1.0, engine[IxDyn(at)]));
        return Some(Derivation { value: 1.0, lines });
    }
    let paths: Vec<(usize, usize)> = program
        .ops()
        .iter()
        .enumerate()
        .flat_map(|(j, o)| o.inputs.iter().enumerate().filter(move |(_, i)| **i == op).map(move |(slot, _)| (j, slot)))
        .filter(|&(j, _)| grads.tensor(&program.op(j).name).is_some())
        .collect();
    let mut total = 0.0;
    for &(consumer, slot) in &paths {
        let path = Path { run, grads, consumer: program.op(consumer), slot, at, listed: listed(paths.len()) };
        let straight = slot == 0 && matches!(path.consumer.formula, Formula::Sum { residual: true, .. });
        lines.push(strings::grad_path(&path.consumer.name, path.consumer.kind.label(), paths.len() > 1, straight));
        total += path.contribution(&mut lines);
    }
    if paths.len() > 1 {
        lines.push(strings::grad_paths_sum(paths.len(), total));
    }
    lines.push(strings::derive_result(total, engine[IxDyn(at)]));
    Some(Derivation { value: total, lines })
}

/// One path back: the operation that read the tensor (as its input `slot`), and the cell.
struct Path<'a> {
    run: &'a Run,
    grads: &'a Gradients,
    consumer: &'a Op,
    slot: usize,
    at: &'a [usize],
    listed: usize,
}

impl Path<'_> {
    /// ∂L/∂(the consumer's output): the gradient arriving from upstream.
    fn upstream(&self) -> &ArrayD<f32> {
        self.grads.tensor(&self.consumer.name).expect("paths are taken only where the consumer has a gradient")
    }

    fn up_at(&self, at: &[usize]) -> f64 {
        self.upstream()[IxDyn(at)] as f64
    }

    /// The consumer's input `i` and its output, as the forward pass computed them.
    fn input(&self, i: usize) -> &ArrayD<f32> {
        self.run.value(self.consumer.inputs[i]).expect("computed before")
    }

    fn up_name(&self) -> String {
        format!("∂L/∂{}", self.consumer.name)
    }

    /// The path's share of the cell, with its steps pushed onto `lines`.
    fn contribution(&self, lines: &mut Vec<String>) -> f64 {
        let at = self.at;
        match self.consumer.kind {
            OpKind::Add | OpKind::AddPositional => self.sum_path(lines),
            OpKind::Identity => self.times(lines, at, 1.0, "1"),
            OpKind::Linear(r) => {
                let weight = &self.run.weights().linear(r).weight; // (d_out, d_in)
                let (row, k) = at.split_at(at.len() - 1);
                let products = (0..weight.nrows())
                    .map(|n| (self.up_at(&[row, &[n]].concat()), weight[[n, k[0]]] as f64))
                    .collect();
                let weight = strings::grad_linear_weight(&self.consumer.name, k[0]);
                self.dot(lines, &self.up_row(row), &weight, products)
            }
            OpKind::SplitHeads => {
                // (batch, t, d_model) → (batch, heads, t, d_k): the cell moves to its head
                let dk = self.consumer.shape[3];
                let moved = [at[0], at[2] / dk, at[1], at[2] % dk];
                self.copied(lines, &moved)
            }
            OpKind::MergeHeads => {
                // (batch, heads, t, d_k) → (batch, t, d_model)
                let dk = self.input(0).shape()[3];
                self.copied(lines, &[at[0], at[2], at[1] * dk + at[3]])
            }
            OpKind::HeadMask { head, keep_only } if (at[1] == head) != keep_only => {
                self.zero(lines, strings::GRAD_HEAD_REMOVED.get())
            }
            OpKind::HeadMask { .. } => self.times(lines, at, 1.0, "1"),
            OpKind::QueryKey => self.query_key(lines),
            OpKind::Scale { d_k } => {
                let s = crate::model::op_kind::score_scale(d_k) as f64;
                self.times(lines, at, s, &format!("1/√d_k {}", strings::grad_num(s)))
            }
            OpKind::MaskFill(fill) => self.mask_fill(lines, fill),
            OpKind::Softmax => self.softmax(lines),
            OpKind::Context => self.context(lines),
            OpKind::Relu if self.input(0)[IxDyn(at)] > 0.0 => self.times(lines, at, 1.0, strings::GRAD_RELU_OPEN.get()),
            OpKind::Relu => self.zero(lines, &strings::grad_relu_closed(self.input(0)[IxDyn(at)] as f64)),
            OpKind::Normalize { eps_exponent } => self.normalize(lines, eps(eps_exponent) as f64),
            OpKind::ScaleShift(r) => {
                let gamma = self.run.weights().norm(r).gamma[at[at.len() - 1]] as f64;
                self.times(lines, at, gamma, &format!("γ[{}] {}", at[at.len() - 1], strings::grad_num(gamma)))
            }
            OpKind::CrossEntropy { smoothing_permille } => self.cross_entropy(lines, smoothing_permille),
            // ids, masks and the sinusoids carry no gradient back: no path ever ends here
            _ => self.zero(lines, strings::GRAD_NO_PATH.get()),
        }
    }

    /// upstream × factor, one cell to one cell.
    fn times(&self, lines: &mut Vec<String>, at: &[usize], factor: f64, factor_text: &str) -> f64 {
        let up = self.up_at(at);
        lines.push(strings::grad_times(&self.up_name(), at, up, factor_text, up * factor));
        up * factor
    }

    fn copied(&self, lines: &mut Vec<String>, at: &[usize]) -> f64 {
        self.times(lines, at, 1.0, "1")
    }

    fn zero(&self, lines: &mut Vec<String>, why: &str) -> f64 {
        lines.push(strings::grad_zero(why));
        0.0
    }

    /// Σ upstream × local over the cells `upstream` names (`∂L/∂q[0, 2, :]`).
    fn dot(&self, lines: &mut Vec<String>, upstream: &str, other: &str, products: Vec<(f64, f64)>) -> f64 {
        let sum = products.iter().map(|(a, b)| a * b).sum();
        if self.listed == 0 {
            lines.push(strings::grad_dot_sum(upstream, other, products.len(), sum));
        } else {
            lines.extend(strings::derive_dot(upstream, other, &products, self.listed));
        }
        sum
    }

    /// `∂L/∂name[0, 2, :]`: the upstream gradient along the last axis at `row`.
    fn up_row(&self, row: &[usize]) -> String {
        strings::grad_row_name(&self.consumer.name, row)
    }

    /// A sum's input receives the sum's gradient; an input that was broadcast (the positional
    /// table over the batch) receives it summed over the cells it was added to.
    fn sum_path(&self, lines: &mut Vec<String>) -> f64 {
        let up = self.upstream();
        let input_shape = self.input(self.slot).shape();
        if input_shape == up.shape() {
            return self.times(lines, self.at, 1.0, "1");
        }
        let offset = up.ndim() - input_shape.len();
        let reads_cell = |idx: &[usize]| {
            input_shape.iter().enumerate().all(|(a, &n)| (if n == 1 { 0 } else { idx[a + offset] }) == self.at[a])
        };
        let (count, sum) = up
            .indexed_iter()
            .filter(|(idx, _)| reads_cell(idx.slice()))
            .fold((0, 0.0), |(c, s), (_, &g)| (c + 1, s + g as f64));
        lines.push(strings::grad_broadcast_sum(&self.up_name(), count, sum));
        sum
    }
}

mod paths;

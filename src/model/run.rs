//! A run executes a program one operation at a time into a store of named tensors.
//! `step()` computes the next operation from the tensors already computed; `back()` forgets the
//! last one. Running every step is the full forward pass.

use super::program::{OpKind, Program, Side};
use super::weights::Weights;
use ndarray::{Array2, ArrayD};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// LayerNorm's epsilon, PyTorch's default (note 000's 1e-10 is one of its known mistakes).
pub const LAYER_NORM_EPS: f32 = 1e-5;

/// 10^exponent, with PyTorch's 1e-5 exactly the constant above.
pub fn eps(exponent: i8) -> f32 {
    if exponent == -5 { LAYER_NORM_EPS } else { 10f32.powi(exponent as i32) }
}

/// What a run reads besides the weights: token ids for each side, or given tensors.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    pub src_ids: Option<Array2<usize>>, // (B, T_src)
    pub tgt_ids: Option<Array2<usize>>, // (B, T_tgt)
    /// The next-word labels a training program's loss reads: the target shifted by one (B, T_tgt).
    pub labels: Option<Array2<usize>>,
    pub tensors: HashMap<String, Arc<ArrayD<f32>>>,
}

/// One execution of a program. Values are stored in program order: `values[i]` is op i's output.
#[derive(Debug, Clone)]
pub struct Run {
    program: Arc<Program>,
    weights: Arc<Weights>,
    inputs: Inputs,
    values: Vec<Arc<ArrayD<f32>>>, // shared, so cloning a run or naming a tensor twice copies nothing
    /// The backward pass of a whole training run, computed when first asked for
    /// (`gradients`); forgotten when the run steps back.
    gradients: Backward,
    /// A tensor was changed by hand (`patch`): the run is no longer the model's, and has no
    /// gradients.
    patched: bool,
}

/// A whole run's gradients, with and without the residuals' straight paths, made on first use.
#[derive(Debug, Clone, Default)]
struct Backward {
    all_paths: OnceLock<Arc<super::backward::Gradients>>,
    /// Only each tensor's gradient norm, by op index: the parameters' gradients of this pass
    /// (a whole model's size again, 0.6 GB on opus-mt) are not kept.
    straight_paths_cut: OnceLock<Arc<Vec<Option<f64>>>>,
}

impl Run {
    pub fn new(program: Arc<Program>, weights: Arc<Weights>, inputs: Inputs) -> Run {
        Run { program, weights, inputs, values: Vec::new(), gradients: Backward::default(), patched: false }
    }

    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The program, shared (a fork or a backward pass keeps it).
    pub fn program_arc(&self) -> Arc<Program> {
        self.program.clone()
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The weights, shared (a run on the same weights keeps them).
    pub fn weights_arc(&self) -> Arc<Weights> {
        self.weights.clone()
    }

    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// How many operations have been computed; the next `step()` computes this one.
    pub fn cursor(&self) -> usize {
        self.values.len()
    }

    pub fn is_done(&self) -> bool {
        self.values.len() == self.program.len()
    }

    /// Compute the next operation. Returns its index, or None when the program is finished.
    pub fn step(&mut self) -> Option<usize> {
        let index = self.values.len();
        if index >= self.program.len() {
            return None;
        }
        let value = self.compute(index);
        debug_assert_eq!(value.shape(), self.program.op(index).shape.as_slice(), "{}", self.program.op(index).name);
        self.values.push(value);
        Some(index)
    }

    /// Forget the last computed operation. Returns the index it had, or None at the start.
    pub fn back(&mut self) -> Option<usize> {
        self.gradients = Backward::default();
        self.values.pop().map(|_| self.values.len())
    }

    /// Step until `index` is computed (or back until it is the last one computed).
    pub fn seek(&mut self, index: usize) {
        while self.values.len() > index + 1 {
            self.back();
        }
        while self.values.len() <= index && self.step().is_some() {}
    }

    /// Run every remaining operation: the full forward pass. Some runs of operations are
    /// computed together (`run_ahead`: attention's q·kᵀ to its context, a large Linear and its
    /// split into heads): the same tensors as stepping through them.
    pub fn run_all(&mut self) {
        while !self.is_done() {
            let together = super::run_ahead::ahead_at(&self.program, self.values.len()).and_then(|a| a.compute(self));
            let Some(values) = together else {
                self.step();
                continue;
            };
            for value in values {
                let op = self.program.op(self.values.len());
                debug_assert_eq!(value.shape(), op.shape.as_slice(), "{}", op.name);
                self.values.push(Arc::new(value));
            }
        }
    }

    /// The gradients of a whole training run (its program ends in a loss), computed once; None
    /// before the run is done or when its program has no loss.
    pub fn gradients(&self) -> Option<&super::backward::Gradients> {
        self.has_loss().then(|| self.gradients.all_paths.get_or_init(|| Arc::new(self.backward())).as_ref())
    }

    /// ‖∂L/∂ tensor‖ of each operation, by index, with the residuals' straight paths cut
    /// (`backward_without_straight_paths`), computed once; None where no gradient reaches it.
    pub fn grad_norms_without_straight_paths(&self) -> Option<&[Option<f64>]> {
        self.has_loss().then(|| {
            let norms = || {
                let grads = self.backward_without_straight_paths();
                (0..self.program.len()).map(|i| grads.tensor_at(i).map(super::learning::norm)).collect()
            };
            self.gradients.straight_paths_cut.get_or_init(|| Arc::new(norms())).as_slice()
        })
    }

    fn has_loss(&self) -> bool {
        !self.patched
            && self.is_done()
            && matches!(self.program.ops().last().map(|op| op.kind), Some(OpKind::CrossEntropy { .. }))
    }

    /// Compute up to operation `name`, then change its output with `edit` (activation patching);
    /// the operations after it compute from the changed tensor. False if there is no such op.
    pub fn patch(&mut self, name: &str, edit: impl FnOnce(&mut ArrayD<f32>)) -> bool {
        let Some(index) = self.program.index_of(name) else { return false };
        self.seek(index);
        let mut value = self.values[index].as_ref().clone();
        edit(&mut value);
        self.values[index] = Arc::new(value);
        self.gradients = Backward::default();
        self.patched = true;
        true
    }

    /// The output of a computed operation, by index.
    pub fn value(&self, index: usize) -> Option<&ArrayD<f32>> {
        self.values.get(index).map(|v| v.as_ref())
    }

    /// The output of a computed operation, by name.
    pub fn get(&self, name: &str) -> Option<&ArrayD<f32>> {
        self.program.index_of(name).and_then(|i| self.value(i))
    }

    /// The first computed operation whose output holds a NaN or an infinity: the one that
    /// produced it, since every operation reads only earlier ones. None while all is finite. (The
    /// taught model never makes one on finite weights; a weight large enough overflows float32.)
    pub fn first_non_finite(&self) -> Option<usize> {
        self.values.iter().position(|v| v.iter().any(|x| !x.is_finite()))
    }

    /// Every computed tensor with its name, in program order.
    pub fn named_values(&self) -> impl Iterator<Item = (&str, &ArrayD<f32>)> {
        self.program.ops().iter().zip(&self.values).map(|(op, v)| (op.name.as_str(), v.as_ref()))
    }

    pub(crate) fn ids(&self, side: Side) -> &Array2<usize> {
        let ids = match side {
            Side::Src => &self.inputs.src_ids,
            Side::Tgt => &self.inputs.tgt_ids,
        };
        ids.as_ref().expect("this program reads token ids the run was not given")
    }

    fn compute(&self, index: usize) -> Arc<ArrayD<f32>> {
        let op = self.program.op(index);
        op.kind.forward(self, op)
    }

    /// The shared output of a computed operation (an `Identity` hands on the very tensor).
    pub(super) fn shared_value(&self, index: usize) -> &Arc<ArrayD<f32>> {
        &self.values[index]
    }
}

impl Run {
    /// A run of another program on other inputs that keeps every tensor this run computed for
    /// the leading operations the two have in common: same definition, and, for an operation
    /// that reads token ids, the same ids. Decoding word by word forks the run for target length
    /// t into one for t + 1 and keeps the whole encoder; a what-if forks at its first change.
    pub fn fork(&self, program: Arc<Program>, inputs: Inputs) -> Run {
        self.fork_with_weights(program, self.weights.clone(), inputs)
    }

    /// `fork` onto other weights: a leading operation is kept only if, besides its definition
    /// and ids, the parameters it reads are equal in both (a what-if that narrows W_q and W_k
    /// keeps everything before the first projection that reads them).
    pub fn fork_with_weights(&self, program: Arc<Program>, weights: Arc<Weights>, inputs: Inputs) -> Run {
        let same_params = |kind: OpKind| {
            Arc::ptr_eq(&self.weights, &weights)
                || match kind {
                    OpKind::Embed(Side::Src) => self.weights.src_embed == weights.src_embed,
                    OpKind::Embed(Side::Tgt) => self.weights.tgt_embed == weights.tgt_embed,
                    OpKind::Linear(r) => self.weights.linear(r) == weights.linear(r),
                    OpKind::ScaleShift(r) => self.weights.norm(r) == weights.norm(r),
                    _ => true,
                }
        };
        let same_ids = |side: Side| match side {
            Side::Src => self.inputs.src_ids == inputs.src_ids,
            Side::Tgt => self.inputs.tgt_ids == inputs.tgt_ids,
        };
        let kept = self
            .program
            .ops()
            .iter()
            .zip(program.ops())
            .zip(&self.values)
            .take_while(|((old, new), _)| {
                old == new
                    && same_params(new.kind)
                    && match new.kind {
                        OpKind::Embed(side) | OpKind::PaddingMask(side) => same_ids(side),
                        OpKind::PaddingMaskQK { q, k } => same_ids(q) && same_ids(k),
                        OpKind::Input => self.inputs.tensors.get(&new.name) == inputs.tensors.get(&new.name),
                        OpKind::CrossEntropy { .. } => self.inputs.labels == inputs.labels,
                        _ => true,
                    }
            })
            .map(|(_, v)| v.clone())
            .collect();
        let patched = self.patched;
        Run { program, weights, inputs, values: kept, gradients: Backward::default(), patched }
    }

    /// Whether operation `index` of both runs is the very same tensor in memory: kept by a fork,
    /// not recomputed.
    pub fn shares_value(&self, other: &Run, index: usize) -> bool {
        match (self.values.get(index), other.values.get(index)) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

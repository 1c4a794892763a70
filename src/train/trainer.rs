//! The training loop, one step at a time, so a screen can draw between steps.

use super::adam::Adam;
use super::data::{Batch, Batcher, encode_pairs};
use super::schedule::Schedule;
use crate::corpus::Corpus;
use crate::model::backward::Gradients;
use crate::model::build::{self, RunShape};
use crate::model::fast::parallel;
use crate::model::{Inputs, Preset, Program, Run, Weights};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a training run does. The defaults produced the shipped weights (docs/guide.md, "The trained model").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainOptions {
    pub steps: usize,
    pub batch: usize,
    pub seed: u64,
    pub peak_lr: f32,
    pub warmup: usize,
    /// Label smoothing ε in thousandths.
    pub smoothing_permille: u16,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions { steps: 1000, batch: 64, seed: 1, peak_lr: 3e-3, warmup: 100, smoothing_permille: 0 }
    }
}

/// One step's numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepReport {
    pub step: usize,
    pub loss: f32,
    pub grad_norm: f32,
    pub lr: f32,
}

pub struct Trainer {
    pub weights: Arc<Weights>,
    pub options: TrainOptions,
    /// Steps taken so far.
    pub step: usize,
    adam: Adam,
    batcher: Batcher,
    schedule: Schedule,
    programs: Mutex<HashMap<RunShape, Arc<Program>>>,
}

impl Trainer {
    /// Fresh weights for the tutor model (seeded) and the corpus's training pairs.
    pub fn new(corpus: &Corpus, options: TrainOptions) -> Trainer {
        Trainer::from_weights(corpus, options, crate::setup::seeded(Preset::Tutor, options.seed))
    }

    /// Fine-tuning: training starts from `weights` (any sizes; their vocabularies must hold every
    /// token of the corpus, see `cli::train::fine_tune_problem`), with a fresh optimiser and the
    /// same schedule, warm-up included. The seed orders the batches.
    pub fn from_weights(corpus: &Corpus, options: TrainOptions, weights: Weights) -> Trainer {
        let examples = encode_pairs(&corpus.train, &weights.vocabs);
        let schedule = Schedule { peak: options.peak_lr, warmup: options.warmup, total: options.steps };
        Trainer {
            adam: Adam::new(&weights),
            weights: Arc::new(weights),
            options,
            step: 0,
            batcher: Batcher::new(examples, options.seed),
            schedule,
            programs: Mutex::new(HashMap::new()),
        }
    }

    pub fn is_done(&self) -> bool {
        self.step >= self.options.steps
    }

    /// Forward on the next batch, backward, one Adam update. The batch is cut in two halves
    /// that run on the two cores at once; their gradients are combined as if the batch were
    /// one (each half weighted by its number of non-`<pad>` labels, as the mean loss is).
    pub fn train_step(&mut self) -> StepReport {
        let batch = self.batcher.next_batch(self.options.batch);
        let lr = self.schedule.at(self.step);
        self.step_on(&batch, lr)
    }

    /// One step on a given batch at a given learning rate: what `train_step` does with the next
    /// batch and the schedule's rate (the learning lesson's Adam step is checked against it).
    pub fn step_on(&mut self, batch: &Batch, lr: f32) -> StepReport {
        let half = batch.src.nrows().div_ceil(2);
        let (a, b) = batch.split(half);
        let (ga, gb) = parallel::join(|| self.gradients(&a), || self.gradients(&b));
        let (na, nb) = (a.label_count() as f32, b.label_count() as f32);
        let total = (na + nb).max(1.0);
        let mut grads = ga.params;
        grads.scale_add(na / total, &gb.params, nb / total);
        let loss = (ga.loss * na + gb.loss * nb) / total;
        // the runs are gone, so the weights are ours alone again: make_mut does not copy
        let grad_norm = self.adam.step(Arc::make_mut(&mut self.weights), &grads, lr);
        self.step += 1;
        StepReport { step: self.step, loss, grad_norm, lr }
    }

    /// Loss and gradients of one batch.
    fn gradients(&self, batch: &Batch) -> Gradients {
        let shape = RunShape { batch: batch.src.nrows(), t_src: batch.src.ncols(), t_tgt: batch.tgt_in.ncols() };
        let program = self.program(shape);
        let inputs = Inputs {
            src_ids: Some(batch.src.clone()),
            tgt_ids: Some(batch.tgt_in.clone()),
            labels: Some(batch.labels.clone()),
            ..Default::default()
        };
        let mut run = Run::new(program, self.weights.clone(), inputs);
        run.run_all();
        run.backward()
    }

    /// The training program for a batch shape (built once per shape).
    fn program(&self, shape: RunShape) -> Arc<Program> {
        let mut programs = self.programs.lock().expect("not poisoned");
        let (config, smoothing) = (&self.weights.config, self.options.smoothing_permille);
        programs.entry(shape).or_insert_with(|| Arc::new(build::training(config, shape, smoothing))).clone()
    }
}

//! The training loop, one step at a time, so a screen can draw between steps.

use super::adam::Adam;
use super::data::{Batcher, encode_pairs};
use super::schedule::Schedule;
use crate::corpus::Corpus;
use crate::model::build::{self, RunShape};
use crate::model::{Inputs, Preset, Program, Run, Weights};
use std::collections::HashMap;
use std::sync::Arc;

/// What a training run does. The defaults produced the shipped weights (see the README).
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
        TrainOptions { steps: 3000, batch: 64, seed: 1, peak_lr: 3e-3, warmup: 200, smoothing_permille: 0 }
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
    programs: HashMap<RunShape, Arc<Program>>,
}

impl Trainer {
    /// Fresh weights for the tutor model (seeded) and the corpus's training pairs.
    pub fn new(corpus: &Corpus, options: TrainOptions) -> Trainer {
        let weights = crate::model::setup::seeded(Preset::Tutor, options.seed);
        let examples = encode_pairs(&corpus.train, &weights.vocabs);
        let schedule = Schedule { peak: options.peak_lr, warmup: options.warmup, total: options.steps };
        Trainer {
            adam: Adam::new(&weights),
            weights: Arc::new(weights),
            options,
            step: 0,
            batcher: Batcher::new(examples, options.seed),
            schedule,
            programs: HashMap::new(),
        }
    }

    pub fn is_done(&self) -> bool {
        self.step >= self.options.steps
    }

    /// Forward on the next batch, backward, one Adam update.
    pub fn train_step(&mut self) -> StepReport {
        let batch = self.batcher.next_batch(self.options.batch);
        let shape = RunShape { batch: batch.src.nrows(), t_src: batch.src.ncols(), t_tgt: batch.tgt_in.ncols() };
        let (config, smoothing) = (&self.weights.config, self.options.smoothing_permille);
        let program = self.programs.entry(shape).or_insert_with(|| Arc::new(build::training(config, shape, smoothing)));
        let inputs = Inputs {
            src_ids: Some(batch.src),
            tgt_ids: Some(batch.tgt_in),
            labels: Some(batch.labels),
            ..Default::default()
        };
        let grads = {
            let mut run = Run::new(program.clone(), self.weights.clone(), inputs);
            run.run_all();
            run.backward()
        }; // the run is gone, so the weights are ours alone again: no copy below
        let lr = self.schedule.at(self.step);
        let grad_norm = self.adam.step(Arc::make_mut(&mut self.weights), &grads.params, lr);
        self.step += 1;
        StepReport { step: self.step, loss: grads.loss, grad_norm, lr }
    }
}

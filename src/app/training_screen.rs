//! The training screen's plain data (`train` in a terminal): what `cli::train_live` fills as the
//! run goes and `ui::train` draws, the loss curve smoothed here. No drawing here.

use std::time::Duration;

/// Training steps averaged into one point of the loss curve.
pub const SMOOTHING: usize = 10;

/// Everything the training screen shows.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainView {
    /// Steps taken, and how many the run will take.
    pub step: usize,
    pub total: usize,
    pub parameters: usize,
    pub batch: usize,
    pub seed: u64,
    /// The loss curve: (step, mean loss of the `SMOOTHING` steps ending there).
    pub curve: Vec<(f64, f64)>,
    /// The mean loss of the last `SMOOTHING` steps (none before the first step).
    pub loss: Option<f64>,
    pub lr: f32,
    pub grad_norm: f32,
    pub steps_per_sec: f64,
    pub elapsed: Duration,
    /// None until the speed is known.
    pub left: Option<Duration>,
    /// The latest held-out evaluation, if any yet.
    pub eval: Option<EvalView>,
    /// Every how many steps the held-out pairs are evaluated.
    pub eval_every: usize,
    pub attention: Option<AttentionView>,
    /// Replaces the footer when set: "saving…", "finished…".
    pub status: Option<String>,
    /// Drawn in colour (else in the plain theme: `NO_COLOR`, a dumb terminal).
    pub color: bool,
}

/// A held-out evaluation: greedy translations compared with the references.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalView {
    pub step: usize,
    pub pairs: usize,
    pub exact_match: f64,
    pub token_accuracy: f64,
}

/// The last decoder layer's cross-attention on one example, averaged over the heads.
#[derive(Debug, Clone, PartialEq)]
pub struct AttentionView {
    /// Source tokens (columns), e.g. 我 有 一 只 猫.
    pub src: Vec<String>,
    /// Decoder input tokens (rows), `<bos> I have a cat <eos>`.
    pub tgt: Vec<String>,
    /// (rows, columns): how much each target position reads each source token.
    pub weights: Vec<Vec<f32>>,
    pub heads: usize,
    /// Which decoder layer (0-based, as in `dec.{layer}.cross_attn.weights`) the weights come from.
    pub layer: usize,
    /// The model's greedy translation of the source right now.
    pub translation: String,
    /// The reference translation.
    pub reference: String,
}

/// The loss of every step, smoothed into one point per `every` steps.
#[derive(Debug, Clone, Default)]
pub struct LossCurve {
    every: usize,
    points: Vec<(f64, f64)>,
    bucket: Vec<f64>,
    recent: std::collections::VecDeque<f64>,
    steps: usize,
}

impl LossCurve {
    pub fn new(every: usize) -> LossCurve {
        LossCurve { every: every.max(1), ..Default::default() }
    }

    pub fn push(&mut self, loss: f32) {
        let loss = f64::from(loss);
        self.steps += 1;
        self.bucket.push(loss);
        if self.bucket.len() == self.every {
            self.points.push((self.steps as f64, mean(&self.bucket)));
            self.bucket.clear();
        }
        self.recent.push_back(loss);
        if self.recent.len() > self.every {
            self.recent.pop_front();
        }
    }

    /// The finished points, and the unfinished last one so the curve reaches the current step.
    pub fn points(&self) -> Vec<(f64, f64)> {
        let mut points = self.points.clone();
        if !self.bucket.is_empty() {
            points.push((self.steps as f64, mean(&self.bucket)));
        }
        points
    }

    /// The mean loss of the last `every` steps.
    pub fn recent_mean(&self) -> Option<f64> {
        (!self.recent.is_empty()).then(|| self.recent.iter().sum::<f64>() / self.recent.len() as f64)
    }
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

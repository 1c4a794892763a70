//! The key/value cache made visible: one source row's greedy translation fed again step by step,
//! once through the incremental decoder (`generate::DecoderState`: step t computes the newest
//! position's query, key and value and appends them to the cache) and once as the tutor's own
//! screens ran a decoding step before the cache, the whole decoder over every position so far
//! (the program, forked from a run that keeps the encoder). Both are timed here, live.

use super::build::{self, RunShape};
use super::generate::{DecoderState, encode};
use super::program::Program;
use super::run::{Inputs, Run};
use super::weights::Weights;
use ndarray::Array2;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// At most this many steps are fed (the first ones): a step without the cache costs all the
/// positions before it again, and the view lists them in a few rows.
pub const MAX_STEPS: usize = 8;

/// Each timing is the fastest of this many runs, or of as many as fit in `BUDGET`.
const RUNS: usize = 5;
const BUDGET: Duration = Duration::from_millis(40);

/// One decoding step as the cache sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct CacheStep {
    /// The token the step reads (the start token, then each word chosen).
    pub reads: usize,
    /// The shape of each layer's cached keys (and values) after the step: (1, H, t + 1, d_k).
    pub keys: [usize; 4],
    /// Decoder layer 0's self-attention of the step's one query row over the cached keys 0..=t,
    /// mean over the heads.
    pub weights: Vec<f32>,
    /// The step with the cache: one new position through the decoder and the output.
    pub with_cache: Duration,
    /// The same step without it: the decoder over all t + 1 positions again.
    pub without_cache: Duration,
    /// The word the step with the cache ranks first (the same word as greedy decoding chose,
    /// unless two words tie to the last bits).
    pub top: usize,
}

/// The steps of one translation.
#[derive(Debug, Clone, PartialEq)]
pub struct CacheSteps {
    pub steps: Vec<CacheStep>,
}

/// Feed `tokens` (the start token and the words greedy decoding chose, in order; at most
/// `MAX_STEPS` of them are fed) for the source row `src_row` (1, T_src), timing each step.
pub fn cache_steps(weights: &Arc<Weights>, src_row: &Array2<usize>, tokens: &[usize]) -> CacheSteps {
    // the encoder, and each layer's cross-attention keys and values, once for every step: a part
    // of the work, then one part per step (the background worker's progress, and where moving
    // on calls it off)
    let fed = tokens.len().min(MAX_STEPS);
    let (mut state, base) = crate::work::part(0, fed + 1, || {
        let memory = encode(weights, src_row);
        (DecoderState::new(weights, &memory, src_row, 1), encoder_run(weights, src_row))
    });
    let mut steps = Vec::new();
    for (t, &reads) in tokens.iter().take(MAX_STEPS).enumerate() {
        let step = crate::work::part(1 + t, fed + 1, || {
            let with_cache = fastest(|| {
                let mut trial = state.clone();
                let start = Instant::now();
                trial.step(&[reads]);
                start.elapsed()
            });
            let logits = state.step(&[reads]); // (1, vocab)
            let top = super::decode::argmax(logits.row(0).iter().copied());
            let without_cache = fastest(|| without(&base, weights, src_row, &tokens[..=t]));
            CacheStep {
                reads,
                keys: state.cache_shape().expect("a step was fed"),
                weights: state.first_self_attention().row(0).to_vec(),
                with_cache,
                without_cache,
                top,
            }
        });
        steps.push(step);
    }
    CacheSteps { steps }
}

/// The fastest of a few runs of `run` (each returns its own time): the least disturbed by
/// whatever else the machine is doing.
fn fastest(mut run: impl FnMut() -> Duration) -> Duration {
    let start = Instant::now();
    let mut best = run();
    for _ in 1..RUNS {
        if start.elapsed() > BUDGET {
            break;
        }
        best = best.min(run());
    }
    best
}

/// The program run up to the encoder's output, for the decoding runs to fork from.
fn encoder_run(weights: &Arc<Weights>, src_row: &Array2<usize>) -> Run {
    let start = weights.config.conventions.start_id;
    let mut run = program_run(weights, src_row, &[start]);
    run.seek(run.program().index_of("enc.out").expect("the program has an encoder"));
    run
}

fn program_run(weights: &Arc<Weights>, src_row: &Array2<usize>, prefix: &[usize]) -> Run {
    let (program, inputs) = program_for(weights, src_row, prefix);
    Run::new(program, weights.clone(), inputs)
}

/// The program and its inputs for the target `prefix`.
fn program_for(weights: &Arc<Weights>, src_row: &Array2<usize>, prefix: &[usize]) -> (Arc<Program>, Inputs) {
    let shape = RunShape { batch: 1, t_src: src_row.ncols(), t_tgt: prefix.len() };
    let tgt = Array2::from_shape_vec((1, prefix.len()), prefix.to_vec()).expect("one row");
    let inputs = Inputs { src_ids: Some(src_row.clone()), tgt_ids: Some(tgt), ..Default::default() };
    (Arc::new(build::transformer(&weights.config, shape)), inputs)
}

/// One step without the cache: the decoder over every position of `prefix` again, the encoder
/// kept (a fork of `base`), as the tutor decoded before the cache. Its time.
fn without(base: &Run, weights: &Arc<Weights>, src_row: &Array2<usize>, prefix: &[usize]) -> Duration {
    let (program, inputs) = program_for(weights, src_row, prefix);
    let start = Instant::now();
    let mut run = base.fork(program, inputs);
    run.run_all();
    start.elapsed()
}

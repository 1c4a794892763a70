//! Greedy decoding, one word at a time: start every target row at `<bos>`, run the model, append
//! each row's most probable next word, and run again until every row has written `<eos>` or the
//! target reaches max_len. The encoder does not depend on the target, so each longer run is a
//! fork of the previous one that keeps every encoder tensor and recomputes only the decoder.

use super::build::{self, RunShape};
use super::run::{Inputs, Run};
use super::vocab::{BOS_ID, EOS_ID, PAD_ID};
use super::weights::Weights;
use ndarray::{Array2, Axis};
use std::sync::Arc;

/// What greedy decoding produced for a batch of source rows.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// Each row's words, without `<bos>` and `<eos>`.
    pub words: Vec<Vec<usize>>,
    /// The final run: target `<bos> words…` (each row padded), every tensor computed, so the
    /// attention of each output word can be read off it.
    pub run: Run,
    /// How many decoder runs it took, and how many encoder operations each reused.
    pub steps: usize,
    pub reused_ops: usize,
}

/// Translate a batch of source rows (B, T_src) greedily.
pub fn greedy(weights: &Arc<Weights>, src_ids: &Array2<usize>) -> Decoded {
    greedy_observed(weights, src_ids, |_, _| {})
}

/// One step of decoding batch row 0, as the decoder saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodeStep {
    /// The decoder's input at this step: `<bos>` and the words chosen so far.
    pub prefix: Vec<usize>,
    /// The probabilities over the target vocabulary at the last position.
    pub probs: Vec<f32>, // (tgt_vocab,)
    /// The word appended (the most probable).
    pub chosen: usize,
    /// The last decoder layer's cross-attention of the last position, mean over heads.
    pub cross: Vec<f32>, // (T_src,)
}

/// Decode one source row (1, T_src) and keep every step: what the decoder read, its probabilities
/// for the next word, the word chosen, where the new position looked in the source.
pub fn greedy_steps(weights: &Arc<Weights>, src_row: &Array2<usize>) -> Vec<DecodeStep> {
    let mut steps = Vec::new();
    let last_cross = format!("dec.{}.cross_attn.weights", weights.config.n_layers.saturating_sub(1));
    greedy_observed(weights, src_row, |run, rows| {
        let prefix = rows[0].clone();
        let t = prefix.len() - 1;
        let probs = run.get("probs").expect("computed"); // (B, t, vocab)
        let probs: Vec<f32> = probs.index_axis(Axis(0), 0).index_axis(Axis(0), t).iter().copied().collect();
        let weights = run.get(&last_cross).expect("computed"); // (B, H, t, T_src)
        let heads = weights.shape()[1];
        let cross: Vec<f32> = (0..weights.shape()[3])
            .map(|k| (0..heads).map(|h| weights[[0, h, t, k]]).sum::<f32>() / heads as f32)
            .collect();
        let chosen = argmax(probs.iter().copied());
        steps.push(DecodeStep { prefix, probs, chosen, cross });
    });
    steps
}

/// Greedy decoding that shows `observe` every run and the rows it read, before they grow.
fn greedy_observed(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    mut observe: impl FnMut(&Run, &[Vec<usize>]),
) -> Decoded {
    let batch = src_ids.nrows();
    let max_len = weights.config.max_len;
    let mut rows: Vec<Vec<usize>> = vec![vec![BOS_ID]; batch];
    let mut finished = vec![false; batch];
    let mut run: Option<Run> = None;
    let mut steps = 0;
    let mut reused_ops = 0;
    loop {
        let tgt_ids = target_ids(&rows);
        let shape = RunShape { batch, t_src: src_ids.ncols(), t_tgt: tgt_ids.ncols() };
        let program = Arc::new(build::transformer(&weights.config, shape));
        let inputs = Inputs { src_ids: Some(src_ids.clone()), tgt_ids: Some(tgt_ids), ..Default::default() };
        // the previous run is dropped once forked: only its encoder tensors live on, shared
        let mut next = match run.take() {
            Some(previous) => {
                let next = previous.fork(program, inputs);
                reused_ops = next.cursor();
                next
            }
            None => Run::new(program, weights.clone(), inputs),
        };
        next.run_all();
        steps += 1;
        let t = rows[0].len();
        let probs = next.get("probs").expect("computed"); // (B, t, vocab)
        let done = finished.iter().all(|&f| f) || t >= max_len;
        if !done {
            observe(&next, &rows);
        }
        if done {
            run = Some(next);
            break;
        }
        for (b, row) in rows.iter_mut().enumerate() {
            let last = probs.index_axis(Axis(0), b);
            let last = last.index_axis(Axis(0), row.len() - 1);
            let word = argmax(last.iter().copied());
            if !finished[b] {
                row.push(word);
                finished[b] = word == EOS_ID;
            } else {
                row.push(PAD_ID);
            }
        }
        run = Some(next);
    }
    let words =
        rows.iter().map(|r| r[1..].iter().copied().take_while(|&w| w != EOS_ID && w != PAD_ID).collect()).collect();
    Decoded { words, run: run.expect("at least one run"), steps, reused_ops }
}

/// Rows of ids as a (B, t) array (every row has the same length here).
fn target_ids(rows: &[Vec<usize>]) -> Array2<usize> {
    super::vocab::pad_rows(rows, PAD_ID)
}

/// Index of the largest value (the first, on a tie).
pub fn argmax(values: impl Iterator<Item = f32>) -> usize {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, v) in values.enumerate() {
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}

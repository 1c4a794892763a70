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

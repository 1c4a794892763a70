//! The screens' decoding of a loaded translator: the same choices as `decode` (greedy, or
//! sampling at a temperature; `</s>` forced at max_length − 1; `<pad>` never chosen), computed as
//! its generate() computes them: the encoder once, then one position per step with the key/value
//! cache (`generate::DecoderState`), instead of a run of the whole program per step. At opus-mt's
//! size a step of the program recomputes every earlier position and its 65,001 logits; a cached
//! step costs one position. The final target then runs once through the program, so that every
//! tensor of the translation is there to show.

use super::build::{self, RunShape};
use super::decode::{Choice, DecodeStep, Decoded, Tokens};
use super::generate::{DecoderState, encode_changed};
use super::run::{Inputs, Run};
use super::weights::Weights;
use ndarray::{Array2, Axis};
use std::sync::Arc;

/// Decode every row of `src_ids` (B, T_src); `observe` sees row 0's every step.
pub(super) fn decode_cached(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    choice: Choice,
    mut observe: impl FnMut(DecodeStep),
) -> Decoded {
    let batch = src_ids.nrows();
    let tokens = Tokens::of(weights, src_ids.ncols());
    let (rows, steps) = cached_rows(weights, src_ids, choice, None, true);
    // the whole translation through the program once: every tensor of it, for the views
    let tgt_ids = super::vocab::pad_rows(&rows, tokens.pad);
    let shape = RunShape { batch, t_src: src_ids.ncols(), t_tgt: tgt_ids.ncols() };
    let inputs = Inputs { src_ids: Some(src_ids.clone()), tgt_ids: Some(tgt_ids), ..Default::default() };
    let mut run = Run::new(Arc::new(build::transformer(&weights.config, shape)), weights.clone(), inputs);
    run.run_all();
    // a step whose logits were not finite: the operation of the program that first was not
    let first_bad = run.first_non_finite().map(|i| run.program().op(i).name.clone());
    let count = steps.len();
    for (mut step, non_finite) in steps {
        if non_finite {
            step.non_finite = first_bad.clone();
        }
        observe(step);
    }
    Decoded { words: tokens.words(&rows), run, steps: count, reused_ops: 0 }
}

/// Each row's words, decoded as `decode_cached` decodes them, without the final run through the
/// program or any step kept: what a patched translation is compared by.
pub(super) fn cached_words(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    choice: Choice,
    patch: Option<&dyn Fn(&mut Run)>,
) -> Vec<Vec<usize>> {
    let tokens = Tokens::of(weights, src_ids.ncols());
    tokens.words(&cached_rows(weights, src_ids, choice, patch, false).0)
}

/// Each row's tokens, start token first, decoded with the key/value cache from the encoder's
/// output (changed by `patch`), and row 0's steps, each with whether its logits were all finite,
/// when `keep_steps`.
fn cached_rows(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    choice: Choice,
    patch: Option<&dyn Fn(&mut Run)>,
    keep_steps: bool,
) -> (Vec<Vec<usize>>, Vec<(DecodeStep, bool)>) {
    let batch = src_ids.nrows();
    let tokens = Tokens::of(weights, src_ids.ncols());
    let mut rng = choice.generator();
    let memory = encode_changed(weights, src_ids, patch); // (B, T_src, d)
    let mut state = DecoderState::new(weights, &memory, src_ids, 1);
    let mut rows: Vec<Vec<usize>> = vec![vec![tokens.start]; batch];
    let mut finished = vec![false; batch];
    let mut steps = Vec::new();
    while !finished.iter().all(|&f| f) && rows[0].len() < tokens.limit {
        crate::work::checkpoint(); // a worker's work called off: stop between steps
        let t = rows[0].len();
        let last: Vec<usize> = rows.iter().map(|r| *r.last().expect("a start token")).collect();
        let logits = state.step(&last); // (B, vocab)
        let probs = crate::model::kernels::softmax_last(&logits.clone().into_dyn()); // (B, vocab)
        let row = |a: &ndarray::ArrayD<f32>, b: usize| a.index_axis(Axis(0), b).iter().copied().collect::<Vec<f32>>();
        let logits = logits.into_dyn();
        let chosen: Vec<usize> =
            (0..batch).map(|b| tokens.choose(choice, rng.as_mut(), t, || row(&logits, b), || row(&probs, b))).collect();
        if keep_steps {
            let probs0 = choice.shown_probs(|| row(&logits, 0), || row(&probs, 0));
            let non_finite = logits.index_axis(Axis(0), 0).iter().any(|v| !v.is_finite());
            let cross = state.last_cross_attention().row(0).to_vec(); // (T_src,)
            let prefix = rows[0].clone();
            steps.push((DecodeStep { prefix, probs: probs0, chosen: chosen[0], cross, non_finite: None }, non_finite));
        }
        tokens.append(&mut rows, &mut finished, &chosen);
    }
    (rows, steps)
}

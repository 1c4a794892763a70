//! One head taken out of the live run, or kept alone: the run forked at the first operation the
//! two programs do not share (every tensor before the block's context is kept), and what the
//! change does to the next-word probabilities and to the translation.

use crate::model::arch::HeadAblation;
use crate::model::build;
use crate::model::decode::greedy_with;
use crate::model::{Arch, Run, RunShape};
use ndarray::{Array2, Axis};
use std::sync::Arc;

/// The live run with `head` taken out (or kept alone), run to its end.
pub fn ablated(base: &Run, shape: RunShape, head: HeadAblation) -> Run {
    let arch = crate::model::qk_dim::arch_for(base.weights(), &Arch { heads: Some(head), ..Arch::default() });
    let program = build::variant(&base.weights().config, shape, &arch).expect("a head ablation builds for every shape");
    let mut run = base.fork(Arc::new(program), base.inputs().clone());
    run.run_all();
    run
}

/// The probabilities of `run`'s output at batch row `b`, position `t` (tgt_vocab,).
pub fn next_word(run: &Run, b: usize, t: usize) -> Option<Vec<f32>> {
    let probs = run.get("probs")?; // (B, T_tgt, vocab)
    (b < probs.shape()[0] && t < probs.shape()[1])
        .then(|| probs.index_axis(Axis(0), b).index_axis(Axis(0), t).iter().copied().collect())
}

/// The greedy translation of batch row `b`'s source (ids, without `<bos>`/`<eos>`), by the whole
/// model (`head: None`) or with a head taken out.
pub fn translation(base: &Run, b: usize, head: Option<HeadAblation>) -> Vec<usize> {
    let Some(src) = base.inputs().src_ids.as_ref() else { return Vec::new() };
    let row: Array2<usize> = src.slice(ndarray::s![b..b + 1, ..]).to_owned();
    let arch = Arch { heads: head, ..Arch::default() };
    greedy_with(&Arc::new(base.weights().clone()), &row, &arch).words.remove(0)
}

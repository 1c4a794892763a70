//! How well a model translates: greedy decoding of every pair, compared with the reference.

use super::data::Specials;
use crate::corpus::Pair;
use crate::model::Weights;
use crate::model::build::{self, RunShape};
use crate::model::decode::{greedy_matches, greedy_with};
use crate::model::vocab::pad_rows;
use crate::model::{Arch, Inputs, Run};
use std::sync::Arc;

/// Pairs translated at once: large enough to keep both cores busy, small enough that a batch's
/// tensors stay a few megabytes.
const EVAL_BATCH: usize = 64;

/// Exact-match and token accuracy of greedy translations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    pub pairs: usize,
    /// Translations identical to the reference, word for word.
    pub exact: usize,
    /// Reference tokens (words and the final `<eos>`) the translation has at the same position.
    pub tokens_right: usize,
    pub tokens: usize,
}

impl Evaluation {
    pub fn exact_match(&self) -> f64 {
        self.exact as f64 / self.pairs.max(1) as f64
    }

    pub fn token_accuracy(&self) -> f64 {
        self.tokens_right as f64 / self.tokens.max(1) as f64
    }
}

/// Translate every pair's source greedily (in batches) and compare with its target.
pub fn evaluate(weights: &Arc<Weights>, pairs: &[Pair]) -> Evaluation {
    evaluate_with(weights, pairs, &Arch::default())
}

/// The same with the model built as `arch` says (a head taken out: `probe heads`).
pub fn evaluate_with(weights: &Arc<Weights>, pairs: &[Pair], arch: &Arch) -> Evaluation {
    let examples = super::data::encode_pairs(pairs, &weights.vocabs);
    let ids = Specials::of(weights);
    let mut e = Evaluation { pairs: pairs.len(), exact: 0, tokens_right: 0, tokens: 0 };
    for chunk in examples.chunks(EVAL_BATCH) {
        let src: Vec<Vec<usize>> = chunk.iter().map(|x| x.src.clone()).collect();
        let decoded = greedy_with(weights, &pad_rows(&src, weights.vocabs.src.pad_id()), arch);
        for (example, words) in chunk.iter().zip(&decoded.words) {
            e.exact += usize::from(*words == example.tgt);
            let reference = example.tgt.iter().chain(std::iter::once(&ids.eos));
            let produced = words.iter().chain(std::iter::once(&ids.eos));
            e.tokens_right += reference.clone().zip(produced).filter(|(a, b)| a == b).count();
            e.tokens += reference.count();
        }
    }
    e
}

/// How many of `pairs` the model built as `arch` translates greedily word for word: the exact
/// match of `evaluate_with`, with each translation stopped where it leaves its reference.
pub fn exact_with(weights: &Arc<Weights>, pairs: &[Pair], arch: &Arch) -> usize {
    let examples = super::data::encode_pairs(pairs, &weights.vocabs);
    let chunks = examples.len().div_ceil(EVAL_BATCH);
    let mut exact = 0;
    for (i, chunk) in examples.chunks(EVAL_BATCH).enumerate() {
        let src: Vec<Vec<usize>> = chunk.iter().map(|x| x.src.clone()).collect();
        let references: Vec<Vec<usize>> = chunk.iter().map(|x| x.tgt.clone()).collect();
        let src = pad_rows(&src, weights.vocabs.src.pad_id());
        let matches = crate::work::part(i, chunks, || greedy_matches(weights, &src, arch, &references));
        exact += matches.into_iter().filter(|&m| m).count();
    }
    exact
}

/// The teacher-forcing loss on `pairs` (mean cross-entropy per target word and `<eos>`), with
/// the model built as `arch` says: the forward pass to `probs`, −ln of each label's probability.
pub fn loss_with(weights: &Arc<Weights>, pairs: &[Pair], arch: &Arch) -> f64 {
    let examples = super::data::encode_pairs(pairs, &weights.vocabs);
    let (mut total, mut count) = (0.0f64, 0usize);
    let chunks = examples.len().div_ceil(EVAL_BATCH);
    for (i, chunk) in examples.chunks(EVAL_BATCH).enumerate() {
        let batch = super::data::make_batch_with(&chunk.iter().collect::<Vec<_>>(), Specials::of(weights));
        let run = crate::work::part(i, chunks, || teacher_forced(weights, &batch, arch));
        let probs = run.get("probs").expect("computed"); // (B, T_tgt, vocab)
        for ((b, t), &label) in batch.labels.indexed_iter().filter(|(_, l)| **l != batch.pad) {
            total -= (probs[[b, t, label]] as f64).max(f64::MIN_POSITIVE).ln();
            count += 1;
        }
    }
    total / count.max(1) as f64
}

/// The first operation whose output holds NaN or ±Inf when the model reads the first of `pairs`
/// (teacher-forced), by name: weights that overflow make every score meaningless.
pub fn first_non_finite_op(weights: &Arc<Weights>, pairs: &[Pair]) -> Option<String> {
    let examples = super::data::encode_pairs(pairs.get(..1)?, &weights.vocabs);
    let batch = super::data::make_batch_with(&examples.iter().collect::<Vec<_>>(), Specials::of(weights));
    let run = teacher_forced(weights, &batch, &Arch::default());
    run.first_non_finite().map(|i| run.program().op(i).name.clone())
}

/// The forward pass of `batch` to `probs`, the target fed in (teacher forcing), built as `arch` says.
fn teacher_forced(weights: &Arc<Weights>, batch: &super::data::Batch, arch: &Arch) -> Run {
    let shape = RunShape { batch: batch.src.nrows(), t_src: batch.src.ncols(), t_tgt: batch.tgt_in.ncols() };
    let program = build::variant(&weights.config, shape, arch).expect("an architecture that builds");
    let inputs = Inputs { src_ids: Some(batch.src.clone()), tgt_ids: Some(batch.tgt_in.clone()), ..Default::default() };
    let mut run = Run::new(Arc::new(program), weights.clone(), inputs);
    run.run_all();
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::arch::HeadAblation;
    use crate::model::program::{AttnBlock, Stack};

    /// Stopping a translation where it leaves its reference counts the same exact matches as
    /// translating it to its end: on the trained model (most pairs right), with a head out, and
    /// on random weights (none right, every row stopped at once).
    #[test]
    fn exact_with_counts_what_evaluate_with_counts() {
        let trained = Arc::new(crate::setup::WeightSource::Trained.load().unwrap());
        let random = Arc::new(
            crate::setup::WeightSource::Seeded { preset: crate::model::config::Preset::Tutor, seed: 3 }.load().unwrap(),
        );
        let pairs = &crate::corpus::generate(crate::corpus::DEFAULT_SEED).heldout[..80];
        let head =
            HeadAblation { stack: Stack::Decoder, layer: 0, block: AttnBlock::CrossAttn, head: 1, keep_only: false };
        for (weights, arch) in [
            (&trained, Arch::default()),
            (&trained, Arch { heads: Some(head), ..Arch::default() }),
            (&random, Arch::default()),
        ] {
            let e = evaluate_with(weights, pairs, &arch);
            assert_eq!(exact_with(weights, pairs, &arch), e.exact, "{arch:?}");
        }
        assert!(evaluate(&trained, pairs).exact > 40, "the trained model gets most right");
    }
}

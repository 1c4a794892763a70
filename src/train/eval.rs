//! How well a model translates: greedy decoding of every pair, compared with the reference.

use crate::corpus::Pair;
use crate::model::Weights;
use crate::model::decode::greedy;
use crate::model::vocab::{EOS_ID, PAD_ID, pad_rows};
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
    let examples = super::data::encode_pairs(pairs, &weights.vocabs);
    let mut e = Evaluation { pairs: pairs.len(), exact: 0, tokens_right: 0, tokens: 0 };
    for chunk in examples.chunks(EVAL_BATCH) {
        let src: Vec<Vec<usize>> = chunk.iter().map(|x| x.src.clone()).collect();
        let decoded = greedy(weights, &pad_rows(&src, PAD_ID));
        for (example, words) in chunk.iter().zip(&decoded.words) {
            e.exact += usize::from(*words == example.tgt);
            let reference = example.tgt.iter().chain(std::iter::once(&EOS_ID));
            let produced = words.iter().chain(std::iter::once(&EOS_ID));
            e.tokens_right += reference.clone().zip(produced).filter(|(a, b)| a == b).count();
            e.tokens += reference.count();
        }
    }
    e
}

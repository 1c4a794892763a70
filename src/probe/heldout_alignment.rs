//! Every cross-attention head of a model scored against the held-out pairs' gold alignments
//! (`alignment`), kept per model: a lesson's prose asks for it on every frame, and it takes one
//! teacher-forced pass over the held-out set.

use super::alignment::{AlignmentScores, score};
use crate::corpus::{DEFAULT_SEED, generate};
use crate::model::Weights;
use crate::model::vocab::UNK_ID;
use crate::weak_cache::WeakCache;
use std::sync::Arc;

/// The scores of `weights` on the default corpus's held-out pairs; computed once per model (a
/// model is one `Arc<Weights>`: the trained one, a checkpoint of the dial, random weights).
pub fn heldout_alignment(weights: &Arc<Weights>) -> Arc<AlignmentScores> {
    static KEPT: WeakCache<Weights, (), Arc<AlignmentScores>> = WeakCache::new();
    KEPT.get_or_make(weights, (), || Arc::new(score_heldout(weights)))
}

/// Score without keeping (tests; `probe align`).
pub fn score_heldout(weights: &Arc<Weights>) -> AlignmentScores {
    let corpus = generate(DEFAULT_SEED);
    let ids = |vocab: &crate::model::Vocab, text: &str| -> Vec<usize> {
        vocab.tokenize(text).iter().map(|t| vocab.id(t).unwrap_or(UNK_ID)).collect()
    };
    let pairs: Vec<_> = corpus
        .heldout
        .iter()
        .map(|p| (ids(&weights.vocabs.src, &p.zh), ids(&weights.vocabs.tgt, &p.en), &p.align))
        // a model made for shorter sentences scores the pairs it can read
        .filter(|(src, tgt, _)| src.len() <= weights.config.max_len && tgt.len() < weights.config.max_len)
        .collect();
    score(weights, &pairs)
}

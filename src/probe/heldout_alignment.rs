//! Every cross-attention head of a model scored against the held-out pairs' gold alignments
//! (`alignment`), kept per model: a lesson's prose asks for it on every frame, and it takes one
//! teacher-forced pass over the held-out set.

use super::alignment::{AlignmentScores, score};
use super::read_pair::{ReadPair, read_pair};
use crate::corpus::{DEFAULT_SEED, generate};
use crate::model::Weights;
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
    let pairs: Vec<ReadPair> = corpus
        .heldout
        .iter()
        .filter_map(|p| read_pair(weights, p))
        // a model made for shorter sentences scores the pairs it can read
        .filter(|p| p.src.len() <= weights.config.max_len && p.tgt.len() < weights.config.max_len)
        .collect();
    score(weights, &pairs)
}

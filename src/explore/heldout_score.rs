//! The held-out scores of a model with one head taken out or kept alone (or of the whole model),
//! kept per model and head: the ablation view shows them for the head in focus, and moving
//! between heads and back should not translate the held-out set again.

use super::heads::{HeadScore, score_on};
use crate::model::Weights;
use crate::model::arch::HeadAblation;
use crate::weak_cache::WeakCache;
use std::sync::Arc;

/// `weights`' held-out exact match and loss with `head` taken out (or kept alone, as it says;
/// None: the whole model), on the default corpus's held-out pairs; computed once per model and
/// head.
pub fn heldout_score(weights: &Arc<Weights>, head: Option<HeadAblation>) -> HeadScore {
    static KEPT: WeakCache<Weights, Option<HeadAblation>, HeadScore> = WeakCache::new();
    KEPT.get_or_make(weights, head, || {
        let pairs = &crate::corpus::generate(crate::corpus::DEFAULT_SEED).heldout;
        score_on(weights, pairs, head)
    })
}

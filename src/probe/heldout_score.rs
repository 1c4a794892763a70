//! The held-out scores of a model with one head taken out or kept alone (or of the whole model),
//! kept per model and head: the ablation view shows them for the head in focus, and moving
//! between heads and back should not translate the held-out set again.

use super::heads::{HeadScore, score_on};
use crate::model::Weights;
use crate::model::arch::HeadAblation;
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// A model (held weakly, so its memory is not reused while kept), a head, and its scores.
type Kept = (Weak<Weights>, Option<HeadAblation>, HeadScore);

/// `weights`' held-out exact match and loss with `head` taken out (or kept alone, as it says;
/// None: the whole model), on the default corpus's held-out pairs; computed once per model and
/// head.
pub fn heldout_score(weights: &Arc<Weights>, head: Option<HeadAblation>) -> HeadScore {
    static KEPT: OnceLock<Mutex<Vec<Kept>>> = OnceLock::new();
    let kept = KEPT.get_or_init(Mutex::default);
    let key = Arc::downgrade(weights);
    let found = kept.lock().expect("not poisoned").iter().find(|(w, h, _)| w.ptr_eq(&key) && *h == head).cloned();
    if let Some((_, _, score)) = found {
        return score;
    }
    let pairs = &crate::corpus::generate(crate::corpus::DEFAULT_SEED).heldout;
    let score = score_on(weights, pairs, head);
    let mut kept = kept.lock().expect("not poisoned");
    kept.retain(|(w, _, _)| w.strong_count() > 0);
    kept.push((key, head, score.clone()));
    score
}

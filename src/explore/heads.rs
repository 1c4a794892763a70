//! `transformer-tutor probe heads`: take each attention head out in turn (its slice of the
//! context set to zero before W_o), translate the held-out pairs greedily and score them, and
//! rank the heads by how much exact match drops.

use crate::corpus::Pair;
use crate::model::arch::HeadAblation;
use crate::model::program::{AttnBlock, Stack};
use crate::model::{Arch, Weights};
use crate::train::eval::{exact_with, loss_with};
use std::sync::Arc;

/// The held-out scores of the model with one head taken out (or, for `head: None`, of the whole
/// model).
#[derive(Debug, Clone, PartialEq)]
pub struct HeadScore {
    pub head: Option<HeadAblation>,
    /// Exact-match translations out of `pairs`.
    pub exact: usize,
    pub pairs: usize,
    /// Mean teacher-forcing cross-entropy per target word.
    pub loss: f64,
}

impl HeadScore {
    pub fn exact_pct(&self) -> f64 {
        100.0 * self.exact as f64 / self.pairs.max(1) as f64
    }
}

/// The whole model's scores and each head's, the heads ranked by the exact-match drop when taken
/// out (largest first), then by the loss's rise.
#[derive(Debug, Clone, PartialEq)]
pub struct HeadRanking {
    pub whole: HeadScore,
    pub heads: Vec<HeadScore>,
}

/// Score the model, then the model without each head, on `pairs`.
pub fn rank_heads(weights: &Arc<Weights>, pairs: &[Pair]) -> HeadRanking {
    rank_heads_telling(weights, pairs, |_, _| {})
}

/// `rank_heads`, calling `scored(done, total)` after each of the `total` runs (the whole model
/// first, then one per head), so that a large model can show how far it has got.
pub fn rank_heads_telling(weights: &Arc<Weights>, pairs: &[Pair], mut scored: impl FnMut(usize, usize)) -> HeadRanking {
    let heads_out = every_head(&weights.config);
    let total = heads_out.len() + 1;
    let score = |head| score_on(weights, pairs, head);
    scored(0, total);
    let whole = score(None);
    scored(1, total);
    let mut heads = Vec::with_capacity(heads_out.len());
    for head in heads_out {
        heads.push(score(Some(head)));
        scored(heads.len() + 1, total);
    }
    heads.sort_by(|a, b| a.exact.cmp(&b.exact).then(b.loss.total_cmp(&a.loss)));
    HeadRanking { whole, heads }
}

/// `weights`' exact match and loss on `pairs` with `head` taken out (or kept alone, as it says;
/// None: the whole model).
pub fn score_on(weights: &Arc<Weights>, pairs: &[Pair], head: Option<HeadAblation>) -> HeadScore {
    let arch = Arch { heads: head, ..Arch::default() };
    let exact = crate::work::part(0, 2, || exact_with(weights, pairs, &arch));
    let loss = crate::work::part(1, 2, || loss_with(weights, pairs, &arch));
    HeadScore { head, exact, pairs: pairs.len(), loss }
}

/// Every head of every attention block, taken out, in program order.
pub fn every_head(config: &crate::model::Config) -> Vec<HeadAblation> {
    let n_heads = config.n_heads;
    HeadAblation::blocks(config)
        .into_iter()
        .flat_map(|(stack, layer, block): (Stack, usize, AttnBlock)| {
            (0..n_heads).map(move |head| HeadAblation { stack, layer, block, head, keep_only: false })
        })
        .collect()
}

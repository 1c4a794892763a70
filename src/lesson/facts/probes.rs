//! The probes' facts that need more than one run: a head taken out, a position patched.

use super::fact::{Fact, HeadChoice, TargetRow};
use crate::model::Run;
use crate::model::arch::HeadAblation;
use crate::model::decode::argmax;
use crate::probe::{ablation, alignment, patch};
use crate::setup::Setup;

/// The top word at `at` with head `head` of `op`'s attention block taken out.
pub fn ablated_word(full: &Run, setup: &Setup, op: &str, head: usize, at: TargetRow) -> String {
    let Some(block) = HeadAblation::of_op(op, head) else { return "?".into() };
    let run = ablation::ablated(full, setup.shape(), block);
    let probs = ablation::next_word(&run, at.batch, at.row).unwrap_or_default();
    setup.tgt_vocab().word(argmax(probs.iter().copied()))
}

/// The source positions whose patch after `op` changes batch row 0's translation.
pub fn patch_positions(full: &Run, op: &str) -> String {
    let base = patch::translation(full, 0);
    let t_src = full.inputs().src_ids.as_ref().map_or(0, |s| s.ncols());
    let changed: Vec<String> = (0..t_src)
        .filter(|&p| patch::patched_translation(full, op, 1, 0, p).is_some_and(|w| w != base))
        .map(|p| p.to_string())
        .collect();
    if changed.is_empty() { crate::strings::NO_KEYS_HIDDEN.to_string() } else { changed.join(", ") }
}

/// The head `BestAligned` stands for in `op`'s layer with these weights (head 0 if none).
pub fn best_aligned_head(op: &str, setup: &Setup) -> usize {
    let Some(layer) = alignment::cross_attention_layer(op) else { return 0 };
    crate::probe::heldout_alignment(&setup.weights).best_head(Some(layer)).and_then(|h| h.head).unwrap_or(0)
}

/// The fact with `head=best-aligned` replaced by the head it stands for with these weights
/// (an alignment fact keeps it: it reads the scores directly).
pub fn best_aligned_resolved(fact: &Fact, setup: &Setup) -> Fact {
    let mut fact = fact.clone();
    if let Fact::TopKey(a) | Fact::TopWeight(a) | Fact::TopContribution(a) = &mut fact
        && a.head == HeadChoice::BestAligned
    {
        a.head = HeadChoice::One(best_aligned_head(&a.op, setup));
    }
    fact
}

/// An alignment fact's value, as the alignment view prints it.
pub fn alignment(fact: &Fact, setup: &Setup) -> String {
    let scores = crate::probe::heldout_alignment(&setup.weights);
    let percent = |c: &alignment::AerCounts| format!("{:.1}%", 100.0 * c.aer());
    match fact {
        Fact::AlignAer { op, head } => {
            let layer = alignment::cross_attention_layer(op).unwrap_or(0);
            let head = match head {
                HeadChoice::One(h) => Some(*h),
                HeadChoice::Mean => None,
                HeadChoice::BestAligned => Some(best_aligned_head(op, setup)),
            };
            scores.of(layer, head).map_or_else(|| "?".into(), |h| percent(&h.counts))
        }
        Fact::AlignBest { op } => best_aligned_head(op, setup).to_string(),
        Fact::AlignFloor => percent(&scores.one_link_best),
        _ => "?".into(),
    }
}

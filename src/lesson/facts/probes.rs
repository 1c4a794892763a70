//! The probes' facts that need more than one run: a head taken out, a position patched.

use super::fact::TargetRow;
use crate::model::Run;
use crate::model::arch::HeadAblation;
use crate::model::decode::argmax;
use crate::model::probe::{ablation, patch};
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
    let base = ablation::translation(full, 0, None);
    let t_src = full.inputs().src_ids.as_ref().map_or(0, |s| s.ncols());
    let changed: Vec<String> = (0..t_src)
        .filter(|&p| patch::patched_translation(full, op, 1, 0, p).is_some_and(|w| w != base))
        .map(|p| p.to_string())
        .collect();
    if changed.is_empty() { crate::strings::NO_KEYS_HIDDEN.to_string() } else { changed.join(", ") }
}

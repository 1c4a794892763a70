//! A what-if beside the taught model: the variant's own view of the focused operation, and the
//! lines that say, by the numbers, what the variant changed.

use super::App;
use super::scene::Scene;
use super::view_data::Role;
use crate::explore::Variant;
use crate::explore::measure::{
    changed_predictions, drift, mask_of, max_difference, nan_counts, pad_row_differences, predictions, recomputed,
    sharpness, source_sensitivity, weight_on_hidden,
};
use crate::lesson::ViewKind;
use crate::model::program::shape_text;
use crate::model::{Formula, Run};
use crate::strings;

/// The variant's run brought to the stage the taught run shows, and the view it is drawn in.
pub(super) struct VariantStage<'a> {
    /// The variant's whole run (forked from the taught model's full run).
    whole: &'a Run,
    /// The variant's run, computed as far as the taught run (so both views show the same stage).
    run: Run,
    /// The variant's index of the operation the taught run focuses (found by name).
    op: usize,
    pub(super) kind: ViewKind,
}

impl VariantStage<'_> {
    /// The taught scene's selection and choices on the variant's run: the presenters draw the
    /// variant's view from it as they draw the taught one's.
    pub(super) fn scene<'s>(&'s self, taught: Scene<'s>) -> Scene<'s> {
        Scene { run: &self.run, full: self.whole, op: self.op, kind: self.kind, what_if: None, ..taught }
    }

    /// "name · shape · view", as the tensor pane titles it.
    pub(super) fn title(&self) -> String {
        let op = self.run.program().op(self.op);
        strings::tensor_title(&op.name, &strings::shape_in_title(&op.shape), self.kind.name())
    }
}

impl App {
    /// The variant's run at the taught run's focused operation (by name), for drawing the
    /// variant's view; or why it cannot be shown.
    pub(super) fn variant_stage(&self) -> Option<Result<VariantStage<'_>, String>> {
        let w = self.session.what_if.as_ref()?;
        let run = match &w.run {
            Ok(run) => run,
            Err(e) => return Some(Err(strings::cannot_run(&e.to_string()))),
        };
        // a variant runs the forward pass only: it has no loss and no gradients to show beside
        if self.session.gradient || self.view.kind.needs_training() {
            return Some(Err(strings::WHAT_IF_NO_GRADIENTS.into()));
        }
        let name = &self.session.run.program().op(self.session.op).name;
        let Some(index) = run.program().index_of(name) else {
            return Some(Err(strings::variant_has_no_op(name)));
        };
        if w.kept >= run.program().ops().len() {
            return Some(Err(strings::same_program(name)));
        }
        if index < w.kept {
            return Some(Err(strings::before_the_fork(name, w.kept)));
        }
        let mut kind = self.view.kind;
        let op = run.program().op(index);
        // a head ablation builds the taught architecture with one head out: beside a switch of
        // the architecture it would mix the two models, so the variant shows its weights instead
        let other_arch = w.variant.arch().is_ok_and(|a| a != crate::model::Arch::default());
        if kind == ViewKind::Ablation && other_arch {
            kind = ViewKind::Softmax;
        }
        if !kind.fits(op.kind, op.shape.len()) || (kind == ViewKind::LayerNorm && !post_ln(run, &op.name)) {
            // the layernorm view draws LayerNorm(x + sublayer): another order gets a plain grid
            kind = ViewKind::default_for(op.kind, op.shape.len());
            if kind == ViewKind::LayerNorm {
                kind = ViewKind::Heatmap;
            }
        }
        let mut staged = run.clone();
        staged.seek(index);
        Some(Ok(VariantStage { whole: run, run: staged, op: index, kind }))
    }

    /// What the what-if changed: where the run was forked, then its effect, measured.
    pub(super) fn what_if_lines(&self) -> Vec<(String, Role)> {
        let Some(w) = &self.session.what_if else { return Vec::new() };
        let run = match &w.run {
            Ok(run) => run,
            Err(e) => return vec![(strings::cannot_run(&e.to_string()), Role::Bad)],
        };
        let first = run.program().ops().get(w.kept).map(|op| op.name.as_str()).unwrap_or("");
        let computed = run.program().ops().len();
        let opening = match (w.variant, self.dial_step()) {
            (Variant::Trained, _) if let Some(why) = self.trained_what_if_refused() => return vec![(why, Role::Bad)],
            // the dial at step 0 shows the untrained model already: both sides would be one model
            (Variant::Untrained, Some(0)) => return vec![(strings::UNTRAINED_IS_THE_DIAL.into(), Role::Bad)],
            (Variant::Trained, Some(step)) => strings::trained_beside(computed, step),
            (v, _) if v.swaps_weights() => strings::other_weights(computed, crate::train::TrainOptions::default().seed),
            _ if w.kept >= computed => strings::forked_nowhere(w.kept),
            _ => strings::forked_at(w.kept, first, recomputed(run, w.kept)),
        };
        let mut lines = vec![(opening, Role::Dim)];
        lines.extend(self.effect_lines(w.variant, run).into_iter().map(|l| (l, Role::Accent)));
        lines
    }

    /// Why the trained-model what-if has nothing to put beside the screen: no checkpoint on the
    /// dial, the checkpoint is the trained model itself (the run's last step), or the session's
    /// model is not where the shipped run ends (`--random-weights`, `--weights`).
    fn trained_what_if_refused(&self) -> Option<String> {
        let (Some(at), Some(checkpoints), Some(own)) =
            (self.session.dial.at, self.checkpoints(), self.session.dial.own.as_ref())
        else {
            return Some(strings::TRAINED_NOT_DIALED.into());
        };
        let last = checkpoints.weights.len().checked_sub(1)?;
        if **own != *checkpoints.weights[last] {
            return Some(strings::TRAINED_NOT_SHIPPED.into());
        }
        (at == last).then(|| strings::trained_is_the_checkpoint(checkpoints.steps[at]))
    }

    fn effect_lines(&self, variant: Variant, run: &Run) -> Vec<String> {
        let taught = &self.session.full;
        let focused = &self.session.run.program().op(self.session.op).name;
        let mut lines = Vec::new();
        match variant {
            Variant::NoScale | Variant::Untrained | Variant::Trained => {
                // the focused attention block's weights, or encoder layer 0's
                let name = attention_of(focused).unwrap_or_else(|| "enc.0.self_attn.weights".into());
                if let (Some(a), Some(b)) = (taught.get(&name), run.get(&name)) {
                    let (a, b) = (sharpness(a), sharpness(b));
                    let (a, b) = ((a.max_weight, a.entropy), (b.max_weight, b.entropy));
                    lines.push(match variant {
                        Variant::Untrained => strings::attention_untrained(&name, a, b),
                        Variant::Trained => strings::attention_trained(&name, a, b),
                        _ => strings::sharper(&name, a, b),
                    });
                }
            }
            Variant::NoCausalMask | Variant::MaskOff | Variant::MultipliedMask => {
                let name = "dec.0.self_attn.weights";
                if let (Some(a), Some(b), Some(mask)) = (taught.get(name), run.get(name), mask_of(taught, name)) {
                    lines.push(strings::hidden_weight(name, weight_on_hidden(a, mask), weight_on_hidden(b, mask)));
                }
            }
            Variant::MinusInfinity => {
                let nans = nan_counts(run);
                match nans.first() {
                    None => lines.push(strings::NO_NAN.into()),
                    Some((first, n, len)) => {
                        let (pn, plen) = nans
                            .iter()
                            .find(|(name, _, _)| name == "probs")
                            .map(|(_, n, l)| (*n, *l))
                            .unwrap_or((0, run.get("probs").map_or(0, |p| p.len())));
                        lines.push(strings::nan_spread(first, *n, *len, nans.len(), pn, plen));
                    }
                }
            }
            Variant::PreLn | Variant::NoNorm | Variant::NoResidual | Variant::DroppedNorm => {
                let stds = |r: &Run| drift(r).into_iter().map(|s| (s.layer, s.mean_std)).collect::<Vec<_>>();
                lines.extend(strings::drift_table(&stds(taught), &stds(run)));
            }
            Variant::DecoderWithoutCross => {
                let moved = |r: &Run| source_sensitivity(r);
                lines.push(strings::source_blind(moved(run), moved(taught)));
            }
            Variant::TgtMaskNoPadding => {
                let (real, pad) = pad_row_differences(taught, run);
                lines.push(strings::pad_rows_only(real, pad));
            }
            Variant::HalfQk => lines.extend(qk_lines(taught, run, focused)),
            Variant::RepeatLenK | Variant::ForwardInInit => {}
            // any other switch (eps = 1e-10, the FFN's residual before cross-attention, and a new
            // one until it earns lines of its own): how far the next-word probabilities moved
            _ => {
                if let (Some(a), Some(b)) = (taught.get("probs"), run.get("probs")) {
                    lines.push(strings::max_difference("probs", max_difference(a, b)));
                }
            }
        }
        // a training program ends in the loss, not in next-word predictions: nothing to compare
        if !predictions(&self.session.full).is_empty() {
            lines.push(self.prediction_line(run));
        }
        lines
    }

    /// Which predictions of the trained model the variant changes.
    fn prediction_line(&self, run: &Run) -> String {
        let vocab = self.session.setup.tgt_vocab();
        let changed: Vec<(String, String, usize, usize)> = changed_predictions(&self.session.full, run)
            .into_iter()
            .map(|(a, b)| {
                let word = |p: &crate::explore::measure::Prediction| {
                    if p.prob.is_nan() { strings::NAN.to_string() } else { vocab.word(p.word) }
                };
                (word(&a), word(&b), a.batch, a.position)
            })
            .collect();
        strings::predictions_changed(&changed, predictions(&self.session.full).len())
    }
}

/// Whether the Add & Norm that `name` belongs to normalises its sum (post-LN), as the layernorm
/// view draws it.
fn post_ln(run: &Run, name: &str) -> bool {
    let Some((prefix, _)) = name.rsplit_once('.') else { return false };
    let program = run.program();
    match (program.index_of(&format!("{prefix}.hat")), program.index_of(&format!("{prefix}.sum"))) {
        (Some(hat), Some(sum)) => program.op(hat).inputs == [sum],
        _ => false,
    }
}

/// Note 002's qk_dim: the focused attention block's (or encoder layer 0's) widths, taught →
/// what-if, read off both programs (q, its scale, the scores, the context), then how far its
/// weights moved.
fn qk_lines(taught: &Run, run: &Run, focused: &str) -> Vec<String> {
    let weights = attention_of(focused).unwrap_or_else(|| "enc.0.self_attn.weights".into());
    let block = weights.trim_end_matches(".weights");
    let op = |r: &Run, name: &str| r.program().index_of(&format!("{block}.{name}")).map(|i| r.program().op(i).clone());
    let pair = |name: &str| Some((op(taught, name)?, op(run, name)?));
    let (Some(q), Some(scores), Some(context)) = (pair("q"), pair("scores"), pair("context")) else {
        return Vec::new();
    };
    let shapes = |(a, b): &(crate::model::Op, crate::model::Op)| (shape_text(&a.shape), shape_text(&b.shape));
    let (q, s, c) = (shapes(&q), shapes(&scores), shapes(&context));
    let scale = |o: &crate::model::Op| match o.formula {
        Formula::Scores { dk, .. } => dk,
        _ => 0,
    };
    let widths =
        strings::qk_widths(block, (&q.0, &q.1), (scale(&scores.0), scale(&scores.1)), (&s.0, &s.1), (&c.0, &c.1));
    let mut lines = vec![widths];
    if let (Some(a), Some(b)) = (taught.get(&weights), run.get(&weights)) {
        lines.push(strings::max_difference(&weights, max_difference(a, b)));
    }
    lines
}

/// `dec.0.cross_attn.weights` for any operation inside that attention block.
fn attention_of(name: &str) -> Option<String> {
    let (prefix, _) = name.rsplit_once('.')?;
    (prefix.ends_with("self_attn") || prefix.ends_with("cross_attn")).then(|| format!("{prefix}.weights"))
}

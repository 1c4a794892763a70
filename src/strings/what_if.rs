//! What-if variants and the notes' mistakes.

use crate::model::Variant;

// what-if variants and the notes' mistakes
// ---------------------------------------------------------------------------------------------

/// What a variant changes, in a few words.
pub fn variant_title(v: Variant) -> &'static str {
    match v {
        Variant::NoScale => "no 1/√d_k: scores = q·kᵀ unscaled",
        Variant::NoCausalMask => "no causal mask in the decoder",
        Variant::MinusInfinity => "-inf instead of -1e9, with note 000's q & k padding mask",
        Variant::MaskOff => "no mask at all",
        Variant::MultipliedMask => "scores × mask, as note 001 §5.1 says",
        Variant::PreLn => "pre-LN: x + sublayer(LayerNorm(x)), same weights",
        Variant::NoNorm => "no LayerNorm",
        Variant::NoResidual => "no residual connections",
        Variant::DroppedNorm => "note 000: the encoder's first Add & Norm thrown away",
        Variant::DecoderWithoutCross => "note 000: decoder layers built from EncoderLayer",
        Variant::RepeatLenK => "note 000: k mask repeated len_k times, not len_q",
        Variant::FfnResidualBeforeCross => "note 004: FFN residual from before cross-attention",
        Variant::TgtMaskNoPadding => "note 002: target mask without its padding part",
        Variant::Eps1e10 => "note 000: LayerNorm eps = 1e-10",
        Variant::ForwardInInit => "note 000: forward indented inside __init__",
    }
}

/// The softmax view's label for a variant's rows.
pub fn variant_label(v: Variant) -> String {
    format!("what if: {}", variant_title(v))
}

pub fn what_if_on(title: &str) -> String {
    format!("what if: {title} (v: next, V: previous)")
}

pub const WHAT_IF_OFF: &str = "what-if off: the model as taught";
pub const AS_TAUGHT: &str = "as taught";
pub const WHAT_IF: &str = "what if";

pub fn what_if_pane_title(v: Variant) -> String {
    format!("what if: {} · v/V", variant_title(v))
}

pub fn forked_at(kept: usize, first: &str, recomputed: usize) -> String {
    format!("forked at op {kept} `{first}`: {kept} tensors before it kept, {recomputed} computed anew")
}

pub fn cannot_run(message: &str) -> String {
    format!("this variant cannot run: {message}")
}

pub fn before_the_fork(name: &str, kept: usize) -> String {
    format!(
        "`{name}` comes before the fork at op {kept}: the variant kept this very tensor (step on with . to where they differ)"
    )
}

pub fn variant_has_no_op(name: &str) -> String {
    format!("this variant has no `{name}`")
}

pub fn sharper(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    format!(
        "{name}: mean row max {:.3} → {:.3}, entropy {:.3} → {:.3} nats ({} without 1/√d_k)",
        a.0,
        b.0,
        a.1,
        b.1,
        if b.1 < a.1 { "sharper" } else { "not sharper" }
    )
}

pub fn hidden_weight(name: &str, taught: f32, variant: f32) -> String {
    format!("{name}: weight per row on keys the taught mask hides {taught:.3} → {variant:.3}")
}

/// `3 of 14 predictions change: row 0 pos 2 a → cat, ...`
pub fn predictions_changed(changed: &[(String, String, usize, usize)], total: usize) -> String {
    if changed.is_empty() {
        return format!("predictions: all {total} the same");
    }
    let shown: Vec<String> =
        changed.iter().take(3).map(|(a, b, row, pos)| format!("row {row} pos {pos} {a} → {b}")).collect();
    let more = if changed.len() > 3 { ", …" } else { "" };
    format!("{} of {total} predictions change: {}{more}", changed.len(), shown.join(", "))
}

pub fn nan_spread(
    first: &str,
    first_nan: usize,
    first_len: usize,
    ops: usize,
    probs_nan: usize,
    probs_len: usize,
) -> String {
    format!(
        "NaN first in {first} ({first_nan} of {first_len}); {ops} ops hold NaN; probs: {probs_nan} of {probs_len} NaN"
    )
}

pub const NO_NAN: &str = "no NaN anywhere: no query row is fully masked here";

pub fn drift_line(label: &str, stats: &[(String, f32)]) -> String {
    let parts: Vec<String> = stats.iter().map(|(layer, v)| format!("{layer} {v:.2}")).collect();
    format!("{label}: {}", parts.join(" · "))
}

pub const DRIFT_STD_TAUGHT: &str = "per-token std, taught";
pub const DRIFT_STD_VARIANT: &str = "per-token std, variant";

pub fn max_difference(name: &str, d: f32) -> String {
    if d >= 1e-3 { format!("{name}: largest difference {d:.3}") } else { format!("{name}: largest difference {d:.2e}") }
}

pub fn source_blind(variant: f32, taught: f32) -> String {
    format!("every source character → <unk>: probs move by at most {variant:.3} here, {taught:.3} in the taught model")
}

pub fn pad_rows_only(real: f32, pad: f32) -> String {
    format!("dec.0.self_attn.weights: real query rows differ by {real:.3}, <pad> query rows by {pad:.3}")
}

// ---------------------------------------------------------------------------------------------

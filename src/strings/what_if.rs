//! What-if variants and the notes' mistakes.

use crate::lang::Text;
use crate::lang::{message, message_with};
use crate::model::Variant;

// what-if variants and the notes' mistakes
// ---------------------------------------------------------------------------------------------

/// What a variant changes, in a few words.
pub fn variant_title(v: Variant) -> &'static str {
    message(match v {
        Variant::NoScale => "variant-title-no-scale",
        Variant::NoCausalMask => "variant-title-no-causal-mask",
        Variant::MinusInfinity => "variant-title-minus-infinity",
        Variant::MaskOff => "variant-title-mask-off",
        Variant::MultipliedMask => "variant-title-multiplied-mask",
        Variant::PreLn => "variant-title-pre-ln",
        Variant::NoNorm => "variant-title-no-norm",
        Variant::NoResidual => "variant-title-no-residual",
        Variant::DroppedNorm => "variant-title-dropped-norm",
        Variant::DecoderWithoutCross => "variant-title-decoder-without-cross",
        Variant::RepeatLenK => "variant-title-repeat-len-k",
        Variant::FfnResidualBeforeCross => "variant-title-ffn-residual-before-cross",
        Variant::TgtMaskNoPadding => "variant-title-tgt-mask-no-padding",
        Variant::HalfQk => "variant-title-half-qk",
        Variant::Eps1e10 => "variant-title-eps-1e-10",
        Variant::ForwardInInit => "variant-title-forward-in-init",
        Variant::Untrained => "variant-title-untrained",
        Variant::Trained => "variant-title-trained",
    })
}

/// The softmax view's label for a variant's rows (short: it heads half a pane).
pub fn variant_label(v: Variant) -> String {
    match v {
        Variant::Trained => message("variant-label-trained").to_string(),
        _ => message_with("variant-label", &[("title", &variant_title(v))]),
    }
}

/// What heads the taught model's view while the training dial is on a checkpoint: that model is
/// the checkpoint's, not the trained one.
pub fn at_dial_step(step: usize) -> String {
    message_with("at-dial-step", &[("step", &step)])
}

pub fn what_if_on(title: &str) -> String {
    message_with("what-if-on", &[("title", &title)])
}

pub const WHAT_IF_OFF: Text = Text::id("what-if-off");
pub const AS_TAUGHT: Text = Text::id("as-taught");
pub const WHAT_IF: Text = Text::id("what-if");
/// What heads the what-if's own shape trace (`what if:`).
pub const WHAT_IF_TRACE: Text = Text::id("what-if-trace");

pub fn what_if_pane_title(v: Variant) -> String {
    message_with("what-if-pane-title", &[("title_v", &variant_title(v))])
}

pub fn forked_at(kept: usize, first: &str, recomputed: usize) -> String {
    message_with("forked-at", &[("kept", &kept), ("first", &first), ("recomputed", &recomputed)])
}

pub fn cannot_run(message: &str) -> String {
    message_with("cannot-run", &[("message", &message)])
}

pub fn before_the_fork(name: &str, kept: usize) -> String {
    message_with("before-the-fork", &[("name", &name), ("kept", &kept)])
}

/// A variant whose program is the taught one's on this model (note 002's target mask without its
/// padding part, on a model with no target padding mask): nothing forks.
pub fn forked_nowhere(kept: usize) -> String {
    message_with("forked-nowhere", &[("kept", &kept)])
}

/// `name` on a variant that forks nowhere: the same tensor as the taught one's.
pub fn same_program(name: &str) -> String {
    message_with("same-program", &[("name", &name)])
}

pub fn variant_has_no_op(name: &str) -> String {
    message_with("variant-has-no-op", &[("name", &name)])
}

pub fn sharper(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    let verdict = message(if b.1 < a.1 { "no-scale-sharper" } else { "no-scale-not-sharper" });
    sharpness("no-scale-sharpness", name, a, b, verdict)
}

/// The untrained what-if: how peaked the trained model's attention is against the untrained one's.
pub fn attention_untrained(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    let verdict = message(if b.1 > a.1 { "untrained-flatter" } else { "untrained-not-flatter" });
    sharpness("untrained-flatness", name, a, b, verdict)
}

/// Message `id` on attention `name`'s mean row max and entropy, taught (`a`) → variant (`b`).
fn sharpness(id: &str, name: &str, a: (f32, f32), b: (f32, f32), verdict: &str) -> String {
    message_with(
        id,
        &[
            ("name", &name),
            ("a", &format!("{:.3}", a.0)),
            ("b", &format!("{:.3}", b.0)),
            ("a_2", &format!("{:.3}", a.1)),
            ("b_2", &format!("{:.3}", b.1)),
            ("verdict", &verdict),
        ],
    )
}

pub fn hidden_weight(name: &str, taught: f32, variant: f32) -> String {
    message_with(
        "hidden-weight",
        &[("name", &name), ("taught", &format!("{:.3}", taught)), ("variant", &format!("{:.3}", variant))],
    )
}

/// `3 of 14 predictions change: row 0 pos 2 a → cat, ...`
pub fn predictions_changed(changed: &[(String, String, usize, usize)], total: usize) -> String {
    if changed.is_empty() {
        return message_with("predictions-all-same", &[("total", &total)]);
    }
    let shown: Vec<String> = changed
        .iter()
        .take(3)
        .map(|(a, b, row, pos)| {
            message_with("prediction-change", &[("row", row), ("pos", pos), ("from", a), ("to", b)])
        })
        .collect();
    let more = if changed.len() > 3 { message("predictions-and-more") } else { "" };
    message_with(
        "predictions-changed",
        &[
            ("changed", &changed.len()),
            ("total", &total),
            ("shown", &shown.join(message("predictions-separator"))),
            ("more", &more),
        ],
    )
}

pub fn nan_spread(
    first: &str,
    first_nan: usize,
    first_len: usize,
    ops: usize,
    probs_nan: usize,
    probs_len: usize,
) -> String {
    message_with(
        "nan-spread",
        &[
            ("first", &first),
            ("first_nan", &first_nan),
            ("first_len", &first_len),
            ("ops", &ops),
            ("probs_nan", &probs_nan),
            ("probs_len", &probs_len),
        ],
    )
}

pub const NO_NAN: Text = Text::id("no-nan");

/// The per-token std of each layer's output, taught and variant, as a table: a header row naming
/// the layers, then one row per run, each number under its layer's name (three rows where two
/// `label: layer v · …` lines took four at 80 columns); a model of more layers than fit a pane
/// gets blocks of three rows.
pub fn drift_table(taught: &[(String, f32)], variant: &[(String, f32)]) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let labels = [DRIFT_STD.get(), DRIFT_STD_TAUGHT.get(), DRIFT_STD_VARIANT.get()];
    let label_w = labels.iter().map(|l| l.width()).max().unwrap_or(0);
    let pad = |text: &str, w: usize, right: bool| {
        let fill = " ".repeat(w.saturating_sub(text.width()));
        if right { format!("{fill}{text}") } else { format!("{text}{fill}") }
    };
    let values = |stats: &[(String, f32)]| stats.iter().map(|(_, v)| format!("{v:.2}")).collect::<Vec<_>>();
    let (a, b) = (values(taught), values(variant));
    let widths: Vec<usize> = taught
        .iter()
        .enumerate()
        .map(|(i, (layer, _))| layer.width().max(a[i].width()).max(b.get(i).map_or(0, |v| v.width())))
        .collect();
    let names: Vec<String> = taught.iter().map(|(layer, _)| layer.clone()).collect();
    // at most DRIFT_COLUMNS layers a block (opus-mt's 6 + 6 layers make 14 columns, wider than a
    // what-if pane), the blocks of equal size, each with its own header row
    let blocks = names.len().div_ceil(DRIFT_COLUMNS).max(1);
    let per_block = names.len().div_ceil(blocks).max(1);
    let mut lines = Vec::new();
    for start in (0..names.len().max(1)).step_by(per_block) {
        let range = start..(start + per_block).min(names.len());
        let row = |label: &str, cells: &[String]| {
            let mut line = pad(label, label_w, false);
            for (i, cell) in range.clone().filter_map(|i| cells.get(i).map(|c| (i, c))) {
                line.push_str("  ");
                line.push_str(&pad(cell, widths[i], true));
            }
            line
        };
        lines.extend([row(labels[0], &names), row(labels[1], &a), row(labels[2], &b)]);
    }
    lines
}

/// The most layers in one block of `drift_table`: the tutor's model (6 columns) and the tiny
/// Marian (7) in one block, opus-mt's 14 in two.
const DRIFT_COLUMNS: usize = 8;

pub const DRIFT_STD: Text = Text::id("drift-std");
pub const DRIFT_STD_TAUGHT: Text = Text::id("drift-std-taught");
pub const DRIFT_STD_VARIANT: Text = Text::id("drift-std-variant");

pub fn max_difference(name: &str, d: f32) -> String {
    let d = if d >= 1e-3 { format!("{d:.3}") } else { format!("{d:.2e}") };
    message_with("max-difference", &[("name", &name), ("d", &d)])
}

pub fn source_blind(variant: f32, taught: f32) -> String {
    message_with("source-blind", &[("variant", &format!("{:.3}", variant)), ("taught", &format!("{:.3}", taught))])
}

/// Note 002's qk_dim: attention block `block`'s q (and k) shape, its scale, the scores' and the
/// context's shapes, each taught → what-if (shapes already written out).
pub fn qk_widths(
    block: &str,
    q: (&str, &str),
    scale: (usize, usize),
    scores: (&str, &str),
    context: (&str, &str),
) -> String {
    message_with(
        "qk-widths",
        &[
            ("block", &block),
            ("q", &q.0),
            ("q_2", &q.1),
            ("dk", &scale.0),
            ("dk_2", &scale.1),
            ("scores", &scores.0),
            ("scores_2", &scores.1),
            ("context", &context.0),
            ("context_2", &context.1),
        ],
    )
}

pub fn pad_rows_only(real: f32, pad: f32) -> String {
    message_with("pad-rows-only", &[("real", &format!("{:.3}", real)), ("pad", &format!("{:.3}", pad))])
}

// ---------------------------------------------------------------------------------------------

/// The first line of the untrained what-if: nothing is shared but the program and the inputs.
pub fn other_weights(computed: usize, seed: u64) -> String {
    message_with("other-weights", &[("seed", &seed), ("computed", &computed)])
}

/// The trained-model what-if's first line, with a checkpoint on the dial.
pub fn trained_beside(computed: usize, step: usize) -> String {
    message_with("trained-beside", &[("step", &step), ("computed", &computed)])
}

pub const TRAINED_NOT_DIALED: Text = Text::id("trained-not-dialed");

pub const UNTRAINED_IS_THE_DIAL: Text = Text::id("untrained-is-the-dial");

pub const TRAINED_NOT_SHIPPED: Text = Text::id("trained-not-shipped");

/// The checkpoint on the dial is the trained model itself.
pub fn trained_is_the_checkpoint(step: usize) -> String {
    message_with("trained-is-the-checkpoint", &[("step", &step)])
}

pub fn attention_trained(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    // a tenth of a nat either way is a change worth a word; less is "about as sharp"
    let (sharper, flatter) = (b.1 < a.1 - 0.1, b.1 > a.1 + 0.1);
    let verdict = message(match (sharper, flatter) {
        (true, _) => "trained-sharper",
        (_, true) => "trained-flatter",
        _ => "trained-about-as-sharp",
    });
    sharpness("attention-trained", name, a, b, verdict)
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    fn layers(enc: usize, dec: usize) -> Vec<(String, f32)> {
        let mut names = vec!["src.x".to_string()];
        names.extend((0..enc).map(|l| format!("enc.{l}")));
        names.push("tgt.x".into());
        names.extend((0..dec).map(|l| format!("dec.{l}")));
        names.into_iter().enumerate().map(|(i, n)| (n, 1.0 + i as f32 / 10.0)).collect()
    }

    /// opus-mt's 6 + 6 layers: two blocks, every line within a what-if pane at 120x40 (68
    /// columns), every layer named once with its two numbers under it; the tutor's 2 + 2 layers
    /// and the tiny Marian's 2 + 3 in one block.
    #[test]
    fn a_deep_model_gets_blocks_that_fit_the_pane() {
        let deep = layers(6, 6);
        let variant: Vec<(String, f32)> = deep.iter().map(|(n, v)| (n.clone(), v * 2.0)).collect();
        let lines = drift_table(&deep, &variant);
        assert_eq!(lines.len(), 6, "two blocks of three rows:\n{}", lines.join("\n"));
        assert!(lines.iter().all(|l| l.width() <= 68), "{}", lines.join("\n"));
        for (name, v) in &deep {
            let block = lines.chunks(3).find(|b| b[0].split_whitespace().any(|w| w == name)).expect("named");
            assert!(block[1].contains(&format!("{v:.2}")) && block[2].contains(&format!("{:.2}", v * 2.0)), "{name}");
        }
        assert_eq!(drift_table(&layers(2, 2), &layers(2, 2)).len(), 3);
        assert_eq!(drift_table(&layers(2, 3), &layers(2, 3)).len(), 3);
    }
}

//! What-if variants and the notes' mistakes.

use crate::lang::message_with;
use crate::lang::{Lang, Text, current};
use crate::model::Variant;

// what-if variants and the notes' mistakes
// ---------------------------------------------------------------------------------------------

/// What a variant changes, in a few words.
pub fn variant_title(v: Variant) -> &'static str {
    if current() == Lang::Zh {
        return variant_title_zh(v);
    }
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
        Variant::Untrained => "the untrained model (training step 0)",
        Variant::Trained => "the trained model beside the dial's step",
    }
}

fn variant_title_zh(v: Variant) -> &'static str {
    match v {
        Variant::NoScale => "去掉 1/√d_k：scores = q·kᵀ 不缩放",
        Variant::NoCausalMask => "解码器里没有因果掩码",
        Variant::MinusInfinity => "用 -inf 代替 -1e9，并用笔记 000 的 q & k 填充掩码",
        Variant::MaskOff => "完全不用掩码",
        Variant::MultipliedMask => "scores × mask，照笔记 001 §5.1 的写法",
        Variant::PreLn => "pre-LN：x + sublayer(LayerNorm(x))，权重不变",
        Variant::NoNorm => "去掉层归一化",
        Variant::NoResidual => "去掉残差连接",
        Variant::DroppedNorm => "笔记 000：编码器的第一个 Add & Norm 被丢掉",
        Variant::DecoderWithoutCross => "笔记 000：解码器层用 EncoderLayer 搭建",
        Variant::RepeatLenK => "笔记 000：k 的掩码重复了 len_k 次，而不是 len_q 次",
        Variant::FfnResidualBeforeCross => "笔记 004：FFN 的残差取自交叉注意力之前",
        Variant::TgtMaskNoPadding => "笔记 002：目标句掩码缺少填充部分",
        Variant::Eps1e10 => "笔记 000：LayerNorm 的 eps = 1e-10",
        Variant::ForwardInInit => "笔记 000：forward 被缩进到 __init__ 里",
        Variant::Untrained => "未训练的模型（训练第 0 步）",
        Variant::Trained => "训练好的模型，与刻度盘上的那一步并排",
    }
}

/// The softmax view's label for a variant's rows (short: it heads half a pane).
pub fn variant_label(v: Variant) -> String {
    match (current(), v) {
        (Lang::En, Variant::Trained) => "what if: the trained model".into(),
        (Lang::Zh, Variant::Trained) => "what-if：训练好的模型".into(),
        (Lang::En, _) => format!("what if: {}", variant_title(v)),
        (Lang::Zh, _) => format!("what-if：{}", variant_title(v)),
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

pub fn variant_has_no_op(name: &str) -> String {
    message_with("variant-has-no-op", &[("name", &name)])
}

pub fn sharper(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    message_with(
        "sharper",
        &[
            ("name", &name),
            ("a", &format!("{:.3}", a.0)),
            ("b", &format!("{:.3}", b.0)),
            ("a_2", &format!("{:.3}", a.1)),
            ("b_2", &format!("{:.3}", b.1)),
            ("not_sharper", &if b.1 < a.1 { "sharper" } else { "not sharper" }),
            ("a_else", &if b.1 < a.1 { "更尖锐" } else { "并没有更尖锐" }),
        ],
    )
}

/// The untrained what-if: how peaked the trained model's attention is against the untrained one's.
pub fn attention_untrained(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    let flatter = b.1 > a.1;
    message_with(
        "attention-untrained",
        &[
            ("name", &name),
            ("a", &format!("{:.3}", a.0)),
            ("b", &format!("{:.3}", b.0)),
            ("a_2", &format!("{:.3}", a.1)),
            ("b_2", &format!("{:.3}", b.1)),
            ("not_flatter", &if flatter { "flatter, nothing learned to look at" } else { "not flatter" }),
            ("flatter_else", &if flatter { "更平均，还没学会该看哪里" } else { "并没有更平均" }),
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
    let zh = current() == Lang::Zh;
    if changed.is_empty() {
        return if zh {
            format!("预测：{total} 个全部相同")
        } else {
            format!("predictions: all {total} the same")
        };
    }
    let shown: Vec<String> = changed
        .iter()
        .take(3)
        .map(|(a, b, row, pos)| {
            if zh {
                format!("第 {row} 行位置 {pos} {a} → {b}")
            } else {
                format!("row {row} pos {pos} {a} → {b}")
            }
        })
        .collect();
    if zh {
        let more = if changed.len() > 3 { "，…" } else { "" };
        return format!("{total} 个预测中有 {} 个改变：{}{more}", changed.len(), shown.join("，"));
    }
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

pub fn drift_line(label: &str, stats: &[(String, f32)]) -> String {
    let parts: Vec<String> = stats.iter().map(|(layer, v)| format!("{layer} {v:.2}")).collect();
    message_with("drift-line", &[("label", &label), ("parts_join", &parts.join(" · "))])
}

pub const DRIFT_STD_TAUGHT: Text = Text::id("drift-std-taught");
pub const DRIFT_STD_VARIANT: Text = Text::id("drift-std-variant");

pub fn max_difference(name: &str, d: f32) -> String {
    match (current(), d >= 1e-3) {
        (Lang::En, true) => format!("{name}: largest difference {d:.3}"),
        (Lang::En, false) => format!("{name}: largest difference {d:.2e}"),
        (Lang::Zh, true) => format!("{name}：最大差值 {d:.3}"),
        (Lang::Zh, false) => format!("{name}：最大差值 {d:.2e}"),
    }
}

pub fn source_blind(variant: f32, taught: f32) -> String {
    message_with("source-blind", &[("variant", &format!("{:.3}", variant)), ("taught", &format!("{:.3}", taught))])
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
    let verdict = match (current(), sharper, flatter) {
        (Lang::En, true, _) => "sharper: training taught it where to look",
        (Lang::En, _, true) => "flatter",
        (Lang::En, _, _) => "about as sharp",
        (Lang::Zh, true, _) => "更集中，训练教会了它往哪里看",
        (Lang::Zh, _, true) => "更分散",
        (Lang::Zh, _, _) => "集中程度差不多",
    };
    message_with(
        "attention-trained",
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

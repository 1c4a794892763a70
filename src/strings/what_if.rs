//! What-if variants and the notes' mistakes.

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
    match current() {
        Lang::En => format!("at step {step}"),
        Lang::Zh => format!("第 {step} 步"),
    }
}

pub fn what_if_on(title: &str) -> String {
    match current() {
        Lang::En => format!("what if: {title} (v: next, V: previous)"),
        Lang::Zh => format!("what-if：{title}（v：下一个，V：上一个）"),
    }
}

pub const WHAT_IF_OFF: Text = Text::new("what-if off: the model as taught", "what-if 已关闭：按所教的原模型");
pub const AS_TAUGHT: Text = Text::new("as taught", "原模型");
pub const WHAT_IF: Text = Text::new("what if", "what-if");

pub fn what_if_pane_title(v: Variant) -> String {
    match current() {
        Lang::En => format!(" what if: {} · v/V ", variant_title(v)),
        Lang::Zh => format!(" what-if：{} · v/V ", variant_title(v)),
    }
}

pub fn forked_at(kept: usize, first: &str, recomputed: usize) -> String {
    match current() {
        Lang::En => format!("forked at op {kept} `{first}`: {kept} tensors before it kept, {recomputed} computed anew"),
        Lang::Zh => format!("在操作 {kept} `{first}` 处分叉：之前的 {kept} 个张量保留，{recomputed} 个重新计算"),
    }
}

pub fn cannot_run(message: &str) -> String {
    match current() {
        Lang::En => format!("this variant cannot run: {message}"),
        Lang::Zh => format!("这个变体无法运行：{message}"),
    }
}

pub fn before_the_fork(name: &str, kept: usize) -> String {
    match current() {
        Lang::En => format!(
            "`{name}` comes before the fork at op {kept}: the variant kept this very tensor (step on with . to where they differ)"
        ),
        Lang::Zh => {
            format!("`{name}` 在操作 {kept} 的分叉点之前：变体保留的正是这个张量（按 . 前进到两者不同的地方）")
        }
    }
}

pub fn variant_has_no_op(name: &str) -> String {
    match current() {
        Lang::En => format!("this variant has no `{name}`"),
        Lang::Zh => format!("这个变体没有 `{name}`"),
    }
}

pub fn sharper(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    match current() {
        Lang::En => format!(
            "{name}: mean row max {:.3} → {:.3}, entropy {:.3} → {:.3} nats ({} without 1/√d_k)",
            a.0,
            b.0,
            a.1,
            b.1,
            if b.1 < a.1 { "sharper" } else { "not sharper" }
        ),
        Lang::Zh => format!(
            "{name}：各行最大值的均值 {:.3} → {:.3}，熵 {:.3} → {:.3} nats（去掉 1/√d_k 后{}）",
            a.0,
            b.0,
            a.1,
            b.1,
            if b.1 < a.1 { "更尖锐" } else { "并没有更尖锐" }
        ),
    }
}

/// The untrained what-if: how peaked the trained model's attention is against the untrained one's.
pub fn attention_untrained(name: &str, a: (f32, f32), b: (f32, f32)) -> String {
    let flatter = b.1 > a.1;
    match current() {
        Lang::En => format!(
            "{name}: mean row max {:.3} → {:.3}, entropy {:.3} → {:.3} nats (untrained: {})",
            a.0,
            b.0,
            a.1,
            b.1,
            if flatter { "flatter, nothing learned to look at" } else { "not flatter" }
        ),
        Lang::Zh => format!(
            "{name}：各行最大值的均值 {:.3} → {:.3}，熵 {:.3} → {:.3} nats（未训练：{}）",
            a.0,
            b.0,
            a.1,
            b.1,
            if flatter { "更平均，还没学会该看哪里" } else { "并没有更平均" }
        ),
    }
}

pub fn hidden_weight(name: &str, taught: f32, variant: f32) -> String {
    match current() {
        Lang::En => format!("{name}: weight per row on keys the taught mask hides {taught:.3} → {variant:.3}"),
        Lang::Zh => format!("{name}：每行落在原掩码遮住的键上的权重 {taught:.3} → {variant:.3}"),
    }
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
    match current() {
        Lang::En => format!(
            "NaN first in {first} ({first_nan} of {first_len}); {ops} ops hold NaN; probs: {probs_nan} of {probs_len} NaN"
        ),
        Lang::Zh => format!(
            "NaN 最早出现在 {first}（{first_len} 个中有 {first_nan} 个）；{ops} 个操作含 NaN；probs：{probs_len} 个中有 {probs_nan} 个 NaN"
        ),
    }
}

pub const NO_NAN: Text =
    Text::new("no NaN anywhere: no query row is fully masked here", "哪里都没有 NaN：这里没有哪一行查询被完全遮住");

pub fn drift_line(label: &str, stats: &[(String, f32)]) -> String {
    let parts: Vec<String> = stats.iter().map(|(layer, v)| format!("{layer} {v:.2}")).collect();
    match current() {
        Lang::En => format!("{label}: {}", parts.join(" · ")),
        Lang::Zh => format!("{label}：{}", parts.join(" · ")),
    }
}

pub const DRIFT_STD_TAUGHT: Text = Text::new("per-token std, taught", "逐词元标准差，原模型");
pub const DRIFT_STD_VARIANT: Text = Text::new("per-token std, variant", "逐词元标准差，变体");

pub fn max_difference(name: &str, d: f32) -> String {
    match (current(), d >= 1e-3) {
        (Lang::En, true) => format!("{name}: largest difference {d:.3}"),
        (Lang::En, false) => format!("{name}: largest difference {d:.2e}"),
        (Lang::Zh, true) => format!("{name}：最大差值 {d:.3}"),
        (Lang::Zh, false) => format!("{name}：最大差值 {d:.2e}"),
    }
}

pub fn source_blind(variant: f32, taught: f32) -> String {
    match current() {
        Lang::En => format!(
            "every source character → <unk>: probs move by at most {variant:.3} here, {taught:.3} in the taught model"
        ),
        Lang::Zh => format!("每个源字符 → <unk>：probs 在这里最多变化 {variant:.3}，原模型中是 {taught:.3}"),
    }
}

pub fn pad_rows_only(real: f32, pad: f32) -> String {
    match current() {
        Lang::En => {
            format!("dec.0.self_attn.weights: real query rows differ by {real:.3}, <pad> query rows by {pad:.3}")
        }
        Lang::Zh => format!("dec.0.self_attn.weights：真实查询行相差 {real:.3}，<pad> 查询行相差 {pad:.3}"),
    }
}

// ---------------------------------------------------------------------------------------------

/// The first line of the untrained what-if: nothing is shared but the program and the inputs.
pub fn other_weights(computed: usize, seed: u64) -> String {
    match current() {
        Lang::En => format!(
            "the same program and sentences with the weights training started from (random, seed {seed}: step 0 of \
             the shipped run); all {computed} tensors computed anew"
        ),
        Lang::Zh => format!(
            "同样的程序和句子，换上训练开始时的权重（随机，种子 {seed}：随附训练的第 0 步）；全部 {computed} 个张量重新计算"
        ),
    }
}

/// The trained-model what-if's first line, with a checkpoint on the dial.
pub fn trained_beside(computed: usize, step: usize) -> String {
    match current() {
        Lang::En => format!(
            "the same program and sentences with the trained weights, beside the model after {step} steps on the \
             dial; all {computed} tensors computed anew"
        ),
        Lang::Zh => format!(
            "同样的程序和句子，换上训练好的权重，与刻度盘上训练 {step} 步的模型并排；全部 {computed} 个张量重新计算"
        ),
    }
}

pub const TRAINED_NOT_DIALED: Text = Text::new(
    "no checkpoint is on the training dial, so both sides would be the same model: turn training time back (- on \
     the screen, --at-step N on the command line) and this what-if puts the trained model beside that step",
    "训练刻度盘上没有选中检查点，两边会是同一个模型：把训练时间往回拨（界面上按 -，命令行用 --at-step N），这个 what-if 就会把训练好的模型放在那一步旁边",
);

pub const UNTRAINED_IS_THE_DIAL: Text = Text::new(
    "the training dial is at step 0, where training starts: the model on screen is the untrained one, so both \
     sides would be the same model; move training time forward (+) and this what-if puts step 0 beside that step",
    "训练刻度盘在第 0 步，也就是训练开始的地方：屏幕上的模型本身就是未训练的，两边会是同一个模型；把训练时间往后拨（按 +），\
     这个 what-if 就会把第 0 步放在那一步旁边",
);

pub const TRAINED_NOT_SHIPPED: Text = Text::new(
    "this session's model is not where the shipped training run ends (--random-weights or --weights), so there is \
     no trained model of that run to put beside the checkpoint",
    "这次会话用的模型不是随附训练跑到最后得到的那个（--random-weights 或 --weights），所以没有这次训练的成品可以放在检查点旁边",
);

/// The checkpoint on the dial is the trained model itself.
pub fn trained_is_the_checkpoint(step: usize) -> String {
    match current() {
        Lang::En => format!(
            "step {step} is the end of training: this checkpoint is the trained model, so both sides are the same; turn \
             the dial further back (-) to compare"
        ),
        Lang::Zh => {
            format!("第 {step} 步就是训练的终点：这个检查点就是训练好的模型，两边完全相同；再按 - 往回拨才有得比")
        }
    }
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
    match current() {
        Lang::En => format!(
            "{name}: mean row max {:.3} → {:.3}, entropy {:.3} → {:.3} nats (trained: {verdict})",
            a.0, b.0, a.1, b.1
        ),
        Lang::Zh => format!(
            "{name}：各行最大值的均值 {:.3} → {:.3}，熵 {:.3} → {:.3} nats（训练好的模型{verdict}）",
            a.0, b.0, a.1, b.1
        ),
    }
}

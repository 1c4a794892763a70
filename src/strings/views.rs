//! View headings and labels: tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode.

use super::*;
use crate::lang::{Lang, Text, current};

// ---------------------------------------------------------------------------------------------
// tokens view
// ---------------------------------------------------------------------------------------------

pub fn side_name(side: Side) -> &'static str {
    match (current(), side) {
        (Lang::En, Side::Src) => "source",
        (Lang::En, Side::Tgt) => "target",
        (Lang::Zh, Side::Src) => "源句",
        (Lang::Zh, Side::Tgt) => "目标句",
    }
}

pub fn tokens_heading(side: Side, tokenizer: Tokenizer, pad: usize) -> String {
    match current() {
        Lang::En => {
            let how = match tokenizer {
                Tokenizer::Char => "by character",
                Tokenizer::Word => "by word",
                Tokenizer::Pieces => "by SentencePiece subword pieces",
            };
            format!("{} · tokenised {how} · <pad> = {pad} pads each row", side_name(side))
        }
        Lang::Zh => {
            let how = match tokenizer {
                Tokenizer::Char => "按字符",
                Tokenizer::Word => "按词",
                Tokenizer::Pieces => "按 SentencePiece 子词片段",
            };
            format!("{} · {how}切分词元 · 每行用 <pad> = {pad} 补齐", side_name(side))
        }
    }
}

pub fn row_label(b: usize) -> String {
    match current() {
        Lang::En => format!("row {b}"),
        Lang::Zh => format!("第{b}行"), // as narrow as `row 0`: the mask grid's labels
    }
}

/// One batch row's token ids under the pipeline's ids stage: `row 1: 9 20 57 0 0`.
pub fn ids_row(b: usize, ids: &str) -> String {
    match current() {
        Lang::En => format!("    row {b}: {ids}"),
        Lang::Zh => format!("    第{b}行：{ids}"),
    }
}

/// What `{masked-keys}` says when a mask hides no key from the row (answered as `none`, 无 or 没有).
pub const NO_KEYS_HIDDEN: Text = Text::new("none", "无");
pub const TOKENS_LABEL: Text = Text::new("tokens", "词元");
pub const IDS_LABEL: &str = "ids";
pub const SIZES_HEADING: Text =
    Text::new("vocab_size: tokens known · max_len: longest sentence", "vocab_size：已知词元数 · max_len：最长句子");
pub const SIZES_COLUMNS: [&str; 3] = ["vocab_size", "max_len", "ids (B, T)"];

// ---------------------------------------------------------------------------------------------
// pipeline view
// ---------------------------------------------------------------------------------------------

pub const PIPELINE_HEADING: Text = Text::new(
    "the forward pass, note 001 §1 (✓ computed · ▶ here · not yet)",
    "前向计算，笔记 001 §1（✓ 已算 · ▶ 当前 · 未算）",
);
/// The pipeline's source-ids stage: `source ids, <pad> = 0`.
pub fn stage_src_ids(pad: usize) -> String {
    match current() {
        Lang::En => format!("source ids, <pad> = {pad}"),
        Lang::Zh => format!("源句 id，<pad> = {pad}"),
    }
}

/// The pipeline's target-ids stage: `target ids, from <bos>`, or the model's start token.
pub fn stage_tgt_ids(start: &str) -> String {
    match current() {
        Lang::En => format!("target ids, from {start}"),
        Lang::Zh => format!("目标句 id，从 {start} 开始"),
    }
}
pub const STAGE_EMBED: Text = Text::new("a table row per id", "每个 id 取表中一行");
pub const STAGE_X: Text = Text::new("X = embedding + PE", "X = 词嵌入 + PE");
pub const STAGE_SRC_MASK: &str = "ids != <pad>";
pub const STAGE_TGT_MASK: Text = Text::new("padding AND causal", "填充 AND 因果");
pub const STAGE_MEMORY: Text = Text::new("memory C, read by cross-attn", "编码矩阵 C，供交叉注意力读取");
pub const STAGE_LOGITS: Text = Text::new("Linear to the vocabulary", "Linear 映射到词表");
pub const STAGE_PROBS: Text = Text::new("softmax: next-word odds", "softmax：下一个词的概率");

pub fn stage_encoder(layer: usize, n: usize) -> String {
    let last = n - 1;
    match current() {
        Lang::En => format!("encoder layer {layer} of 0–{last}"),
        Lang::Zh => format!("编码器第 {layer} 层（0–{last}）"),
    }
}

pub fn stage_decoder(layer: usize, n: usize) -> String {
    let last = n - 1;
    match current() {
        Lang::En => format!("decoder layer {layer} of 0–{last}, reads C"),
        Lang::Zh => format!("解码器第 {layer} 层（0–{last}），读取 C"),
    }
}

// ---------------------------------------------------------------------------------------------
// params view
// ---------------------------------------------------------------------------------------------

pub const PARAMS_HEADING: Text = Text::new(
    "parameters per block (PyTorch names), counted from the loaded weights",
    "每个模块的参数（PyTorch 名称），按载入的权重统计",
);
pub const TOTAL: Text = Text::new("total", "合计");

// ---------------------------------------------------------------------------------------------
// rnn view
// ---------------------------------------------------------------------------------------------

pub const RNN_FORMULA: Text = Text::new(
    "an RNN: h_t = tanh(W_x·x_t + W_h·h_{t−1}), one step per token",
    "RNN：h_t = tanh(W_x·x_t + W_h·h_{t−1})，每个词元一步",
);

pub fn rnn_sentence(sentence: &str, t: usize, d: usize) -> String {
    match current() {
        Lang::En => format!("on {sentence}: T = {t}, x_t = row t of src.x (width {d}), W_h = gain × random orthogonal"),
        Lang::Zh => format!("在 {sentence} 上：T = {t}，x_t = src.x 的第 t 行（宽 {d}），W_h = gain × 随机正交矩阵"),
    }
}

pub fn rnn_path(first: &str, last: &str, steps: usize) -> String {
    match current() {
        Lang::En => {
            format!("RNN:        {first} reaches {last} after {steps} steps, through {steps} products with W_h")
        }
        Lang::Zh => format!("RNN：       {first} 经过 {steps} 步才到达 {last}，要乘 {steps} 次 W_h"),
    }
}

pub fn attention_path(first: &str, last: &str, weight: f32) -> String {
    match current() {
        Lang::En => {
            format!("attention:  {last} reads {first} in 1 step, with weight {weight:.2} (enc.0, mean of heads)")
        }
        Lang::Zh => format!("注意力：    {last} 一步就读到 {first}，权重 {weight:.2}（enc.0，各头平均）"),
    }
}

pub const RNN_TABLE_HEADING: Text =
    Text::new("‖∂h_T/∂h_{T−k}‖: how much h_{T−k} can still move h_T", "‖∂h_T/∂h_{T−k}‖：h_{T−k} 还能影响 h_T 多少");
pub const DISTANCE: &str = "k =";

pub fn gain_label(gain: f32) -> String {
    match current() {
        Lang::En => format!("gain {gain}"),
        Lang::Zh => format!("增益 {gain}"),
    }
}

pub fn rnn_bars_heading(first: &str, last: &str) -> String {
    match current() {
        Lang::En => format!("from {first} to {last}, ‖∂h_T/∂h_1‖ (log scale)"),
        Lang::Zh => format!("从 {first} 到 {last}，‖∂h_T/∂h_1‖（对数刻度）"),
    }
}

pub const RNN_LOG_SCALE: Text = Text::new("bars: 1e-6 (empty) … 1e2 (full)", "条形：1e-6（空）… 1e2（满）");

// ---------------------------------------------------------------------------------------------
// norm-compare view
// ---------------------------------------------------------------------------------------------

pub fn norm_compare_heading(name: &str, shape: &str) -> String {
    match current() {
        Lang::En => format!("{name} {shape} normalised two ways (x̂, before γ and β)"),
        Lang::Zh => format!("{name} {shape} 的两种归一化（x̂，乘 γ 加 β 之前）"),
    }
}

pub fn norm_compare_axes(d: usize, b: usize, t: usize) -> String {
    match current() {
        Lang::En => {
            format!("LayerNorm: each token over its {d} features · BatchNorm: each feature over {b}×{t} positions")
        }
        Lang::Zh => format!("层归一化：每个词元在它的 {d} 个特征上 · 批归一化：每个特征在 {b}×{t} 个位置上"),
    }
}

pub const TOKEN: Text = Text::new("token", "词元");
pub const NORM_COMPARE_COLUMNS: [Text; 3] = [
    Text::new("before mean/std", "之前 均值/标准差"),
    Text::new("LayerNorm", "层归一化"),
    Text::new("BatchNorm", "批归一化"),
];

pub fn bn_pad_note(pads: usize, positions: usize) -> String {
    match current() {
        Lang::En => format!("<pad> positions in BatchNorm's averages: {pads} of {positions}"),
        Lang::Zh => format!("批归一化的平均值里含 <pad> 位置：{positions} 个中有 {pads} 个"),
    }
}

pub fn bn_shift_note(feature: usize, with_pad: f32, without: f32, shift: f32) -> String {
    match current() {
        Lang::En => format!(
            "leave them out and feature {feature}'s mean moves from {with_pad:.2} to {without:.2} ({shift:.2}): the batch decides"
        ),
        Lang::Zh => format!(
            "去掉它们，特征 {feature} 的均值就从 {with_pad:.2} 变成 {without:.2}（{shift:.2}）：结果取决于同批的其他句子"
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// fused-qkv view
// ---------------------------------------------------------------------------------------------

pub fn fused_heading(rows: usize, d: usize) -> String {
    match current() {
        Lang::En => format!("note 003's fused projection: W_qkv = [W_q; W_k; W_v], ({rows}, {d})"),
        Lang::Zh => format!("笔记 003 的合并投影：W_qkv = [W_q; W_k; W_v]，({rows}, {d})"),
    }
}

pub fn fused_product(x: &str, x_shape: &str, out: &str) -> String {
    match current() {
        Lang::En => format!("{x} {x_shape} · W_qkvᵀ + b_qkv  →  {out}, one product instead of three"),
        Lang::Zh => format!("{x} {x_shape} · W_qkvᵀ + b_qkv  →  {out}，一次乘法代替三次"),
    }
}

pub fn fused_columns(from: usize, to: usize) -> String {
    match current() {
        Lang::En => format!("columns {from}–{to}"),
        Lang::Zh => format!("第 {from}–{to} 列"),
    }
}

pub fn max_diff(diff: f32) -> String {
    match current() {
        Lang::En => format!("largest difference {diff:.1e}"),
        Lang::Zh => format!("最大差值 {diff:.1e}"),
    }
}

pub const WIDTHS_HEADING: Text =
    Text::new("the widths: d_k for queries and keys, d_v for values", "宽度：查询和键用 d_k，值用 d_v");

pub fn scores_widths(q: &str, k: &str, scores: &str, dk: usize) -> String {
    match current() {
        Lang::En => format!("scores  = q {q} · kᵀ (k {k})  →  {scores}: d_k = {dk} is summed away"),
        Lang::Zh => format!("scores  = q {q} · kᵀ (k {k})  →  {scores}：d_k = {dk} 在求和中消掉"),
    }
}

pub fn context_widths(weights: &str, v: &str, context: &str, dv: usize) -> String {
    match current() {
        Lang::En => format!("context = weights {weights} · v {v}  →  {context}: each head's width is d_v = {dv}"),
        Lang::Zh => format!("context = weights {weights} · v {v}  →  {context}：每个头的宽度是 d_v = {dv}"),
    }
}

pub const WIDTHS_NOTE: Text = Text::new(
    "note 002 lets q and k be narrower than v (qk_dim): only the context's width would follow v",
    "笔记 002 允许 q 和 k 比 v 窄（qk_dim）：只有 context 的宽度跟着 v",
);

// ---------------------------------------------------------------------------------------------
// decode view
// ---------------------------------------------------------------------------------------------

pub fn decode_heading(source: &str, step: usize, last: usize, sampled: bool) -> String {
    match current() {
        Lang::En => {
            let how = if sampled { "sampled" } else { "greedy" };
            format!("{how} decoding of {source}: step {step} of 0–{last}")
        }
        Lang::Zh => {
            let how = if sampled { "采样解码" } else { "贪心解码" };
            format!("{source} 的{how}：第 {step} 步（0–{last}）")
        }
    }
}

pub const DECODER_READS: Text = Text::new("the decoder reads: ", "解码器读入：");

pub fn next_word_heading(position: usize, word: &str) -> String {
    match current() {
        Lang::En => format!("next word, read off position {position} ({word}): the five most probable"),
        Lang::Zh => format!("下一个词，取自位置 {position}（{word}）：最可能的五个"),
    }
}

pub const CHOSEN: Text = Text::new("appended: ", "追加：");
/// A fact of a lesson's prose that names a sentence or position the learner's own sentences lack.
pub const FACT_NOT_IN_SENTENCES: Text = Text::new("(not in these sentences)", "（这些句子里没有）");
pub const DECODING_ENDS: Text = Text::new("  (decoding ends here)", "  （解码到此结束）");
/// A decoding fact for a step after `<eos>` (other weights may stop sooner).
pub const DECODING_HAD_ENDED: Text = Text::new("(decoding had ended)", "（解码已经结束）");

pub fn cross_heading(word: &str, position: usize, layer: usize) -> String {
    match current() {
        Lang::En => {
            format!("where position {position} ({word}) looked in the source: dec.{layer}.cross_attn, mean of heads")
        }
        Lang::Zh => format!("位置 {position}（{word}）在源句中看向哪里：dec.{layer}.cross_attn，各头平均"),
    }
}

// ---------------------------------------------------------------------------------------------

/// `{activation}`: the feed-forward network's nonlinearity.
pub fn activation_name(activation: crate::model::conventions::Activation) -> Text {
    use crate::model::conventions::Activation;
    match activation {
        Activation::Relu => Text::new("ReLU", "ReLU"),
        Activation::Silu => Text::new("SiLU (swish)", "SiLU（swish）"),
        Activation::Gelu => Text::new("GELU", "GELU（高斯误差线性单元）"),
    }
}

/// `{positions}`: how the positional table lays out sin and cos, `sin` and `cos` columns.
pub fn position_layout(layout: crate::model::conventions::PositionLayout, sin: usize, cos: usize) -> String {
    use crate::model::conventions::PositionLayout;
    match (layout, current()) {
        (PositionLayout::Interleaved, Lang::En) => "interleaved: sin in the even columns, cos in the odd ones".into(),
        (PositionLayout::Interleaved, Lang::Zh) => "交错排列：偶数列是 sin，奇数列是 cos".into(),
        (PositionLayout::Halves, Lang::En) => {
            format!("in two halves: sin in the first {sin} columns, cos in the last {cos}")
        }
        (PositionLayout::Halves, Lang::Zh) => format!("分成两半：前 {sin} 列是 sin，后 {cos} 列是 cos"),
    }
}

/// `{embed-scale}` for a model that multiplies its embeddings by √d_model, `√36` (the width
/// is on the screen in every shape; a decimal of the root would not be).
pub fn embed_scaled(d_model: usize) -> String {
    match current() {
        Lang::En => format!("multiplied by √d_model = √{d_model}"),
        Lang::Zh => format!("先乘以 √d_model = √{d_model}"),
    }
}

/// `{embed-scale}` for a model that adds the positions to the embeddings as they are.
pub const EMBED_UNSCALED: Text = Text::new("left as they are (no scale)", "保持原样（不缩放）");

/// `{vocabulary}`: one vocabulary shared by both sides, or one per side.
pub fn vocabulary_words(shared: bool, pieces: bool, src: usize, tgt: usize) -> String {
    match (shared, pieces, current()) {
        (true, true, Lang::En) => {
            format!("one vocabulary of {tgt} subword pieces shared by both languages, ▁ marking where a word starts")
        }
        (true, true, Lang::Zh) => format!("两种语言共用的一套词表，{tgt} 个子词片段，▁ 标出一个词的开头"),
        (true, false, Lang::En) => format!("one vocabulary of {tgt} tokens shared by both sides"),
        (true, false, Lang::Zh) => format!("两侧共用的一套词表，{tgt} 个词元"),
        (false, _, Lang::En) => format!("two vocabularies, {src} source tokens and {tgt} target tokens"),
        (false, _, Lang::Zh) => format!("两套词表，源语言 {src} 个词元，目标语言 {tgt} 个词元"),
    }
}

/// `{output-weights}`: what the output Linear's weight is.
pub fn output_weights(tied: bool) -> Text {
    match tied {
        true => Text::new(
            "the target embedding table itself, transposed (tied, not a copy)",
            "目标词嵌入表本身的转置（共享同一份权重，不是副本）",
        ),
        false => Text::new(
            "a matrix of its own, learned apart from the embedding tables",
            "一个独立的矩阵，与词嵌入表分开学习",
        ),
    }
}

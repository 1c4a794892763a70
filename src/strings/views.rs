//! View headings and labels: tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode.

use super::*;

// ---------------------------------------------------------------------------------------------
// tokens view
// ---------------------------------------------------------------------------------------------

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Src => "source",
        Side::Tgt => "target",
    }
}

pub fn tokens_heading(side: Side, tokenizer: Tokenizer) -> String {
    let how = match tokenizer {
        Tokenizer::Char => "by character",
        Tokenizer::Word => "by word",
    };
    format!("{} · tokenised {how} · <pad> = 0 pads each row", side_name(side))
}

pub fn row_label(b: usize) -> String {
    format!("row {b}")
}

pub const TOKENS_LABEL: &str = "tokens";
pub const IDS_LABEL: &str = "ids";
pub const SIZES_HEADING: &str = "vocab_size: tokens known · max_len: longest sentence";
pub const SIZES_COLUMNS: [&str; 3] = ["vocab_size", "max_len", "ids (B, T)"];

// ---------------------------------------------------------------------------------------------
// pipeline view
// ---------------------------------------------------------------------------------------------

pub const PIPELINE_HEADING: &str = "the forward pass, note 001 §1 (✓ computed · ▶ here · not yet)";
pub const STAGE_SRC_IDS: &str = "source ids, <pad> = 0";
pub const STAGE_TGT_IDS: &str = "target ids, from <bos>";
pub const STAGE_EMBED: &str = "a table row per id";
pub const STAGE_X: &str = "X = embedding + PE";
pub const STAGE_SRC_MASK: &str = "ids != <pad>";
pub const STAGE_TGT_MASK: &str = "padding AND causal";
pub const STAGE_MEMORY: &str = "memory C, read by cross-attn";
pub const STAGE_LOGITS: &str = "Linear to the vocabulary";
pub const STAGE_PROBS: &str = "softmax: next-word odds";

pub fn stage_encoder(layer: usize, n: usize) -> String {
    format!("encoder layer {layer} of 0–{}", n - 1)
}

pub fn stage_decoder(layer: usize, n: usize) -> String {
    format!("decoder layer {layer} of 0–{}, reads C", n - 1)
}

// ---------------------------------------------------------------------------------------------
// params view
// ---------------------------------------------------------------------------------------------

pub const PARAMS_HEADING: &str = "parameters per block (PyTorch names), counted from the loaded weights";
pub const TOTAL: &str = "total";

// ---------------------------------------------------------------------------------------------
// rnn view
// ---------------------------------------------------------------------------------------------

pub const RNN_FORMULA: &str = "an RNN: h_t = tanh(W_x·x_t + W_h·h_{t−1}), one step per token";

pub fn rnn_sentence(sentence: &str, t: usize, d: usize) -> String {
    format!("on {sentence}: T = {t}, x_t = row t of src.x (width {d}), W_h = gain × random orthogonal")
}

pub fn rnn_path(first: &str, last: &str, steps: usize) -> String {
    format!("RNN:        {first} reaches {last} after {steps} steps, through {steps} products with W_h")
}

pub fn attention_path(first: &str, last: &str, weight: f32) -> String {
    format!("attention:  {last} reads {first} in 1 step, with weight {weight:.2} (enc.0, mean of heads)")
}

pub const RNN_TABLE_HEADING: &str = "‖∂h_T/∂h_{T−k}‖: how much h_{T−k} can still move h_T";
pub const DISTANCE: &str = "k =";

pub fn gain_label(gain: f32) -> String {
    format!("gain {gain}")
}

pub fn rnn_bars_heading(first: &str, last: &str) -> String {
    format!("from {first} to {last}, ‖∂h_T/∂h_1‖ (log scale)")
}

pub const RNN_LOG_SCALE: &str = "bars: 1e-6 (empty) … 1e2 (full)";

// ---------------------------------------------------------------------------------------------
// norm-compare view
// ---------------------------------------------------------------------------------------------

pub fn norm_compare_heading(name: &str, shape: &str) -> String {
    format!("{name} {shape} normalised two ways (x̂, before γ and β)")
}

pub fn norm_compare_axes(d: usize, b: usize, t: usize) -> String {
    format!("LayerNorm: each token over its {d} features · BatchNorm: each feature over {b}×{t} positions")
}

pub const TOKEN: &str = "token";
pub const NORM_COMPARE_COLUMNS: [&str; 3] = ["before mean/std", "LayerNorm", "BatchNorm"];

pub fn bn_pad_note(pads: usize, positions: usize) -> String {
    format!("<pad> positions in BatchNorm's averages: {pads} of {positions}")
}

pub fn bn_shift_note(feature: usize, with_pad: f32, without: f32, shift: f32) -> String {
    format!(
        "leave them out and feature {feature}'s mean moves from {with_pad:.2} to {without:.2} ({shift:.2}): the batch decides"
    )
}

// ---------------------------------------------------------------------------------------------
// fused-qkv view
// ---------------------------------------------------------------------------------------------

pub fn fused_heading(rows: usize, d: usize) -> String {
    format!("note 003's fused projection: W_qkv = [W_q; W_k; W_v], ({rows}, {d})")
}

pub fn fused_product(x: &str, x_shape: &str, out: &str) -> String {
    format!("{x} {x_shape} · W_qkvᵀ + b_qkv  →  {out}, one product instead of three")
}

pub fn fused_columns(from: usize, to: usize) -> String {
    format!("columns {from}–{to}")
}

pub fn max_diff(diff: f32) -> String {
    format!("largest difference {diff:.1e}")
}

pub const WIDTHS_HEADING: &str = "the widths: d_k for queries and keys, d_v for values";

pub fn scores_widths(q: &str, k: &str, scores: &str, dk: usize) -> String {
    format!("scores  = q {q} · kᵀ (k {k})  →  {scores}: d_k = {dk} is summed away")
}

pub fn context_widths(weights: &str, v: &str, context: &str, dv: usize) -> String {
    format!("context = weights {weights} · v {v}  →  {context}: each head's width is d_v = {dv}")
}

pub const WIDTHS_NOTE: &str =
    "note 002 lets q and k be narrower than v (qk_dim): only the context's width would follow v";

// ---------------------------------------------------------------------------------------------
// decode view
// ---------------------------------------------------------------------------------------------

pub fn decode_heading(source: &str, step: usize, last: usize, sampled: bool) -> String {
    let how = if sampled { "sampled" } else { "greedy" };
    format!("{how} decoding of {source}: step {step} of 0–{last}")
}

pub const DECODER_READS: &str = "the decoder reads: ";

pub fn next_word_heading(position: usize, word: &str) -> String {
    format!("next word, read off position {position} ({word}): the five most probable")
}

pub const CHOSEN: &str = "appended: ";
/// A fact of a lesson's prose that names a sentence or position the learner's own sentences lack.
pub const FACT_NOT_IN_SENTENCES: &str = "(not in these sentences)";
pub const DECODING_ENDS: &str = "  (decoding ends here)";
/// A decoding fact for a step after `<eos>` (other weights may stop sooner).
pub const DECODING_HAD_ENDED: &str = "(decoding had ended)";

pub fn cross_heading(word: &str, position: usize, layer: usize) -> String {
    format!("where position {position} ({word}) looked in the source: dec.{layer}.cross_attn, mean of heads")
}

// ---------------------------------------------------------------------------------------------

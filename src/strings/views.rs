//! View headings and labels: tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode.

use super::*;
use crate::lang::Text;
use crate::lang::{message, message_with};

// ---------------------------------------------------------------------------------------------
// tokens view
// ---------------------------------------------------------------------------------------------

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Src => message("side-source"),
        Side::Tgt => message("side-target"),
    }
}

pub fn tokens_heading(side: Side, tokenizer: Tokenizer, pad: usize) -> String {
    let how = match tokenizer {
        Tokenizer::Char => message("tokenised-by-character"),
        Tokenizer::Word => message("tokenised-by-word"),
        Tokenizer::Pieces => message("tokenised-by-pieces"),
    };
    message_with("tokens-view-heading", &[("side", &side_name(side)), ("how", &how), ("pad", &pad)])
}

pub fn row_label(b: usize) -> String {
    message_with("row-label", &[("b", &b)])
}

/// One batch row's token ids under the pipeline's ids stage, naming it (a fold may show the row
/// alone): `src ids, row 1: 9 20 57 0 0`.
pub fn ids_row(stage: &str, b: usize, ids: &str) -> String {
    message_with("ids-row", &[("stage", &stage), ("b", &b), ("ids", &ids)])
}

/// What `{masked-keys}` says when a mask hides no key from the row (answered as `none`, 无 or 没有).
pub const NO_KEYS_HIDDEN: Text = Text::id("no-keys-hidden");
pub const TOKENS_LABEL: Text = Text::id("tokens-label");
pub const IDS_LABEL: &str = "ids";
pub const SIZES_HEADING: Text = Text::id("sizes-heading");
pub const SIZES_COLUMNS: [&str; 3] = ["vocab_size", "max_len", "ids (B, T)"];

// ---------------------------------------------------------------------------------------------
// pipeline view
// ---------------------------------------------------------------------------------------------

pub const PIPELINE_HEADING: Text = Text::id("pipeline-heading");
/// The pipeline's source-ids stage: `source ids, <pad> = 0`.
pub fn stage_src_ids(pad: usize) -> String {
    message_with("stage-src-ids", &[("pad", &pad)])
}

/// The pipeline's target-ids stage: `target ids, from <bos>`, or the model's start token.
pub fn stage_tgt_ids(start: &str) -> String {
    message_with("stage-tgt-ids", &[("start", &start)])
}
pub const STAGE_EMBED: Text = Text::id("stage-embed");
pub const STAGE_X: Text = Text::id("stage-x");
pub const STAGE_X_SCALED: Text = Text::id("stage-x-scaled");
pub const STAGE_SRC_MASK: &str = "ids != <pad>";
pub const STAGE_TGT_MASK: Text = Text::id("stage-tgt-mask");
/// `tgt.mask` on a model with no target padding mask (a Marian: its start token is `<pad>`).
pub const STAGE_TGT_MASK_CAUSAL: Text = Text::id("stage-tgt-mask-causal");
pub const STAGE_MEMORY: Text = Text::id("stage-memory");
pub const STAGE_LOGITS: Text = Text::id("stage-logits");
pub const STAGE_PROBS: Text = Text::id("stage-probs");

pub fn stage_encoder(layer: usize, n: usize) -> String {
    let last = n - 1;
    message_with("stage-encoder", &[("layer", &layer), ("last", &last)])
}

pub fn stage_decoder(layer: usize, n: usize) -> String {
    let last = n - 1;
    message_with("stage-decoder", &[("layer", &layer), ("last", &last)])
}

// ---------------------------------------------------------------------------------------------
// params view
// ---------------------------------------------------------------------------------------------

pub const PARAMS_HEADING: Text = Text::id("params-heading");
pub const TOTAL: Text = Text::id("total");

/// `tgt_embed.weight = src_embed.weight, counted once`: a tied table where it recurs.
pub fn params_same_table(name: &str, first: &str) -> String {
    message_with("params-same-table", &[("name", &name), ("first", &first)])
}

// ---------------------------------------------------------------------------------------------
// rnn view
// ---------------------------------------------------------------------------------------------

pub const RNN_FORMULA: Text = Text::id("rnn-formula");

pub fn rnn_sentence(sentence: &str, t: usize, d: usize) -> String {
    message_with("rnn-sentence", &[("sentence", &sentence), ("t", &t), ("d", &d)])
}

pub fn rnn_path(first: &str, last: &str, steps: usize) -> String {
    message_with("rnn-path", &[("first", &first), ("last", &last), ("steps", &steps)])
}

pub fn attention_path(first: &str, last: &str, weight: f32) -> String {
    message_with("attention-path", &[("last", &last), ("first", &first), ("weight", &format!("{:.2}", weight))])
}

pub const RNN_TABLE_HEADING: Text = Text::id("rnn-table-heading");
pub const DISTANCE: &str = "k =";

pub fn gain_label(gain: f32) -> String {
    message_with("gain-label", &[("gain", &gain)])
}

pub fn rnn_bars_heading(first: &str, last: &str) -> String {
    message_with("rnn-bars-heading", &[("first", &first), ("last", &last)])
}

pub const RNN_LOG_SCALE: Text = Text::id("rnn-log-scale");

// ---------------------------------------------------------------------------------------------
// norm-compare view
// ---------------------------------------------------------------------------------------------

pub fn norm_compare_heading(name: &str, shape: &str) -> String {
    message_with("norm-compare-heading", &[("name", &name), ("shape", &shape)])
}

pub fn norm_compare_axes(d: usize, b: usize, t: usize) -> String {
    message_with("norm-compare-axes", &[("d", &d), ("b", &b), ("t", &t)])
}

pub const TOKEN: Text = Text::id("token");
pub const NORM_COMPARE_COLUMNS: [Text; 3] = [
    Text::id("norm-compare-columns-before-mean-std"),
    Text::id("norm-compare-columns-layernorm"),
    Text::id("norm-compare-columns-batchnorm"),
];

pub fn bn_pad_note(pads: usize, positions: usize) -> String {
    message_with("bn-pad-note", &[("pads", &pads), ("positions", &positions)])
}

pub fn bn_shift_note(feature: usize, with_pad: f32, without: f32, shift: f32) -> String {
    message_with(
        "bn-shift-note",
        &[
            ("feature", &feature),
            // the ends to three places, so that their difference reads as the shift's two
            ("with_pad", &format!("{:.3}", with_pad)),
            ("without", &format!("{:.3}", without)),
            ("shift", &format!("{:.2}", shift)),
        ],
    )
}

// ---------------------------------------------------------------------------------------------
// fused-qkv view
// ---------------------------------------------------------------------------------------------

pub fn fused_heading(rows: usize, d: usize) -> String {
    message_with("fused-heading", &[("rows", &rows), ("d", &d)])
}

pub fn fused_product(x: &str, x_shape: &str, out: &str) -> String {
    message_with("fused-product", &[("x", &x), ("x_shape", &x_shape), ("out", &out)])
}

pub fn fused_columns(from: usize, to: usize) -> String {
    message_with("fused-columns", &[("from", &from), ("to", &to)])
}

pub fn max_diff(diff: f32) -> String {
    message_with("max-diff", &[("diff", &format!("{:.1e}", diff))])
}

pub const WIDTHS_HEADING: Text = Text::id("widths-heading");

pub fn scores_widths(q: &str, k: &str, scores: &str, dk: usize) -> String {
    message_with("scores-widths", &[("q", &q), ("k", &k), ("scores", &scores), ("dk", &dk)])
}

pub fn context_widths(weights: &str, v: &str, context: &str, dv: usize) -> String {
    message_with("context-widths", &[("weights", &weights), ("v", &v), ("context", &context), ("dv", &dv)])
}

pub const WIDTHS_NOTE: Text = Text::id("widths-note");

// ---------------------------------------------------------------------------------------------
// decode view
// ---------------------------------------------------------------------------------------------

pub fn decode_heading(source: &str, step: usize, last: usize, sampled: bool) -> String {
    let args: [crate::lang::Arg; 3] = [("source", &source), ("step", &step), ("last", &last)];
    match sampled {
        true => message_with("decode-heading-sampled", &args),
        false => message_with("decode-heading-greedy", &args),
    }
}

pub const DECODER_READS: Text = Text::id("decoder-reads");

pub fn next_word_heading(position: usize, word: &str) -> String {
    message_with("next-word-heading", &[("position", &position), ("word", &word)])
}

pub const CHOSEN: Text = Text::id("chosen");
/// In place of a view's line that states the answer to the beat's question, until it is
/// answered or given up.
pub const ANSWER_FIRST: Text = Text::id("answer-first");
/// A fact of a lesson's prose that names a sentence or position the learner's own sentences lack.
pub const FACT_NOT_IN_SENTENCES: Text = Text::id("fact-not-in-sentences");
pub const DECODING_ENDS: Text = Text::id("decoding-ends");
/// A decoding fact for a step after `<eos>` (other weights may stop sooner).
pub const DECODING_HAD_ENDED: Text = Text::id("decoding-had-ended");

/// Under the decode view's whole translation when the screens stopped it before the model's own
/// max_length (a translation that never writes `</s>`).
pub fn decoding_stopped_short(limit: usize, max: usize) -> String {
    message_with("decoding-stopped-short", &[("limit", &limit), ("max", &max)])
}

pub fn cross_heading(word: &str, position: usize, layer: usize) -> String {
    message_with("cross-heading", &[("position", &position), ("word", &word), ("layer", &layer)])
}

// ---------------------------------------------------------------------------------------------

/// `{activation}`: the feed-forward network's nonlinearity.
pub fn activation_name(activation: crate::model::conventions::Activation) -> Text {
    use crate::model::conventions::Activation;
    match activation {
        Activation::Relu => Text::id("activation-name-relu"),
        Activation::Silu => Text::id("activation-name-silu-swish"),
        Activation::Gelu => Text::id("activation-name-gelu"),
    }
}

/// `{positions}`: how the positional table lays out sin and cos, `sin` and `cos` columns.
pub fn position_layout(layout: crate::model::conventions::PositionLayout, sin: usize, cos: usize) -> String {
    use crate::model::conventions::PositionLayout;
    match layout {
        PositionLayout::Interleaved => message("position-layout-interleaved").to_string(),
        PositionLayout::Halves => message_with("position-layout-halves", &[("sin", &sin), ("cos", &cos)]),
    }
}

/// `{embed-scale}` for a model that multiplies its embeddings by √d_model, `√36` (the width
/// is on the screen in every shape; a decimal of the root would not be).
pub fn embed_scaled(d_model: usize) -> String {
    message_with("embed-scaled", &[("d_model", &d_model)])
}

/// `{token-unit side=S}` / `{token-units side=S}`: what one token of a side is, in a word.
pub fn token_unit(tokenizer: crate::model::vocab::Tokenizer, plural: bool) -> Text {
    use crate::model::vocab::Tokenizer;
    match (tokenizer, plural) {
        (Tokenizer::Char, false) => Text::id("token-unit-character"),
        (Tokenizer::Char, true) => Text::id("token-unit-characters"),
        (Tokenizer::Word, false) => Text::id("token-unit-word"),
        (Tokenizer::Word, true) => Text::id("token-unit-words"),
        (Tokenizer::Pieces, false) => Text::id("token-unit-piece"),
        (Tokenizer::Pieces, true) => Text::id("token-unit-pieces"),
    }
}

/// `{embed-scale}` for a model that adds the positions to the embeddings as they are.
pub const EMBED_UNSCALED: Text = Text::id("embed-unscaled");

/// `{vocabulary}`: one vocabulary shared by both sides, or one per side.
pub fn vocabulary_words(shared: bool, pieces: bool, src: usize, tgt: usize) -> String {
    let args: [crate::lang::Arg; 2] = [("src", &src), ("tgt", &tgt)];
    match (shared, pieces) {
        (true, true) => message_with("vocabulary-shared-pieces", &args),
        (true, false) => message_with("vocabulary-shared", &args),
        (false, _) => message_with("vocabulary-separate", &args),
    }
}

/// `{output-weights}`: what the output Linear's weight is.
pub fn output_weights(tied: bool) -> Text {
    match tied {
        true => Text::id("output-weights-the-target-embedding-table"),
        false => Text::id("output-weights-a-matrix-of-its"),
    }
}

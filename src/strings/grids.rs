//! The focused tensor: captions, axes and labels of the grid views; heatmap, mask, softmax rows, residual and LayerNorm.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use super::*;
use crate::lang::Text;
use crate::lang::{message, message_with};

// the focused tensor: captions, axes, labels (shared by the grid views)
// ---------------------------------------------------------------------------------------------

pub fn batch_row_of(b: usize, last: usize) -> String {
    message_with("batch-row-of", &[("b", &b), ("last", &last)])
}

pub fn head_of(h: usize, last: usize) -> String {
    message_with("head-of", &[("h", &h), ("last", &last)])
}

/// A PE heatmap's caption: the whole table, and the rows this sentence uses.
pub fn whole_pe_caption(max_len: usize, used: usize) -> String {
    let last = used - 1;
    message_with("whole-pe-caption", &[("max_len", &max_len), ("last", &last)])
}

/// The last line of a decode view: where greedy decoding ends.
pub const GREEDY_TRANSLATION: Text = Text::id("greedy-translation");

/// Under an embedding: each row's length.
pub fn row_lengths(rows: &[(String, String)]) -> String {
    let parts: Vec<String> = rows.iter().map(|(l, v)| format!("{l} {v}")).collect();
    message_with("row-lengths", &[("parts_join", &parts.join(" · "))])
}

/// Under an embedding, PE or their sum: root mean square over a sentence's real positions.
pub fn rms_line(batch: usize, values: &[(String, String)]) -> String {
    let parts: Vec<String> = values.iter().map(|(n, v)| format!("{n} {v}")).collect();
    message_with("rms-line", &[("batch", &batch), ("parts_join", &parts.join(" · "))])
}

/// The caption of an attention slice averaged over its heads (the stop after the last head on `]`).
pub fn mean_of_heads(n: usize) -> String {
    message_with("mean-of-heads", &[("n", &n)])
}

/// A positional-encoding row's label.
pub fn position_label(i: usize) -> String {
    message_with("position-label", &[("i", &i)])
}

/// A heatmap scrolled sideways says where its first column is.
pub fn from_column(first: usize) -> String {
    message_with("from-column", &[("first", &first)])
}

pub const AXIS_QUERY: Text = Text::id("axis-query");
pub const AXIS_KEY: Text = Text::id("axis-key");
pub const AXIS_BATCH_ROW: Text = Text::id("axis-batch-row");

/// What an axis of the shown slice runs over; token rows of attention are its queries.
pub fn axis_name(axis: Dim, attention_rows: bool) -> &'static str {
    match axis {
        Dim::Tokens(_) if attention_rows => AXIS_QUERY.get(),
        Dim::Tokens(Side::Src) => message("axis-source-token"),
        Dim::Tokens(Side::Tgt) => message("axis-target-token"),
        Dim::Features => message("axis-feature"),
        Dim::Vocab => message("axis-vocabulary-word"),
        Dim::Positions => message("axis-position"),
        Dim::Batch => AXIS_BATCH_ROW.get(),
        Dim::Heads => message("axis-head"),
        Dim::Broadcast => message("axis-broadcast"),
    }
}

/// `rows: query · cols: key`, the axes line of a grid.
pub fn axes(row_axis: &str, col_axis: &str) -> String {
    message_with("axes", &[("row_axis", &row_axis), ("col_axis", &col_axis)])
}

/// `(empty: 0 × 3)`, what a grid without cells shows instead.
pub fn empty_grid(rows: usize, cols: usize) -> String {
    message_with("empty-grid", &[("rows", &rows), ("cols", &cols)])
}

/// What `more` counts (the text views' `LINES` is above, with them).
pub const ROWS: Text = Text::id("rows");
pub const KEYS: Text = Text::id("keys");
pub const TOKENS: Text = Text::id("tokens");

/// `… 3 more tokens above`, `… 2 more rows below`, `… 1 more rows above, 2 below` (`what` is
/// used as given, never made singular).
pub fn more(above: usize, below: usize, what: &str) -> String {
    match (above, below) {
        (0, below) => message_with("more-below", &[("below", &below), ("what", &what)]),
        (above, 0) => message_with("more-above", &[("above", &above), ("what", &what)]),
        (above, below) => {
            message_with("more-above-and-below", &[("above", &above), ("below", &below), ("what", &what)])
        }
    }
}

/// Under a softmax grid that shows keys `left..keys - right`: `← 2 more keys · 5 more →`.
pub fn more_keys(left: usize, right: usize) -> String {
    match (left, right) {
        (0, right) => message_with("more-keys-right", &[("right", &right)]),
        (left, 0) => message_with("more-keys-left", &[("left", &left)]),
        (left, right) => message_with("more-keys-both", &[("left", &left), ("right", &right)]),
    }
}

/// `more_keys` naming the keys left out: `← 1 more (我) · 2 more (<unk> <unk>) →`.
pub fn more_keys_named(left: &[String], right: &[String]) -> String {
    let (l, r) = (left.len(), right.len());
    let (ln, rn) = (left.join(" "), right.join(" "));
    match (l, r) {
        (0, r) => message_with("more-keys-right-named", &[("right", &r), ("right_names", &rn)]),
        (l, 0) => message_with("more-keys-left-named", &[("left", &l), ("left_names", &ln)]),
        (l, r) => message_with(
            "more-keys-both-named",
            &[("left", &l), ("left_names", &ln), ("right", &r), ("right_names", &rn)],
        ),
    }
}

/// Under a cell's derivation cut by a short pane: `… 4 more lines below (PgUp/PgDn)`.
pub fn derivation_more(above: usize, below: usize) -> String {
    let lines = message("derivation-more");
    format!("{} (PgUp/PgDn)", more(above, below, lines))
}

/// `1 row`, `3 rows`.
fn rows(n: usize) -> String {
    message_with("rows-count", &[("n", &n)])
}

/// Under a grid whose first rows show: `… 3 more rows`.
pub fn more_rows(below: usize) -> String {
    message_with("more-rows", &[("rows_below", &rows(below))])
}

/// Under a grid scrolled down: `… 2 rows above, 1 below`.
pub fn rows_above_below(above: usize, below: usize) -> String {
    message_with("rows-above-below", &[("rows_above", &rows(above)), ("below", &below)])
}

/// Over a grid cut at the right: `… 1 more column`, `… 5 more columns`.
pub fn more_columns(n: usize) -> String {
    message_with("more-columns", &[("n", &n)])
}

/// After a vector's numbers cut at the right: `… 24 more`.
pub fn more_values(n: usize) -> String {
    message_with("more-values", &[("n", &n)])
}

// the colour legend: `scale: [ ░▒▓█]  min −1.23 … max 2.34`
pub const SCALE_OPEN: Text = Text::id("scale-open");

pub fn scale_range(min: &str, max: &str) -> String {
    message_with("scale-range", &[("min", &min), ("max", &max)])
}

pub const SCALE_NO_VALUES: Text = Text::id("scale-no-values");

// ---------------------------------------------------------------------------------------------
// heatmap, mask, vector table, top words
// ---------------------------------------------------------------------------------------------

/// The legend's note when a grid's shades span the whole tensor, not only the slice shown.
pub const SHADES_WHOLE_TENSOR: Text = Text::id("shades-whole-tensor");
pub const MASKED_NUMBER: Text = Text::id("masked-number");
pub const MASKED_SHADE: Text = Text::id("masked-shade");
pub const MINUS_INF: &str = " -inf";
pub const MASKED_NUMBER_INF: Text = Text::id("masked-number-inf");
pub const MASKED_SHADE_INF: Text = Text::id("masked-shade-inf");

pub const PADDING_MASK: Text = Text::id("padding-mask");
pub const CAUSAL_MASK: Text = Text::id("causal-mask");
pub const COMBINED_MASK: Text = Text::id("combined-mask");
pub const PADDING_MASK_KEYS: Text = Text::id("padding-mask-keys");

pub fn padding_mask_note(shape: &str) -> String {
    message_with("padding-mask-note", &[("shape", &shape)])
}

pub fn causal_mask_note(shape: &str) -> String {
    message_with("causal-mask-note", &[("shape", &shape)])
}

pub fn combined_mask_note(shape: &str) -> String {
    message_with("combined-mask-note", &[("shape", &shape)])
}

pub fn query_of_batch_row(b: usize) -> String {
    message_with("query-of-batch-row", &[("b", &b)])
}

/// After the mark ■ and ·, in the mask's legend.
pub const MASK_VISIBLE: Text = Text::id("mask-visible");
pub const MASK_HIDDEN: Text = Text::id("mask-hidden");

pub fn vector_cols(axis: &str, last: usize) -> String {
    message_with("vector-cols", &[("axis", &axis), ("last", &last)])
}

pub fn vector_cols_none(axis: &str) -> String {
    message_with("vector-cols-none", &[("axis", &axis)])
}

pub const NO_ROWS: Text = Text::id("no-rows");

pub fn top_words_heading(vocab: usize, uniform: f32) -> String {
    let uniform = probability(uniform);
    message_with("top-words-heading", &[("vocab", &vocab), ("uniform", &uniform)])
}

/// A probability to three decimals, or, below 0.001 (a 65,001-way softmax spreads most of its
/// words thinner than that), to two significant digits: 0.250, 0.004, 1.5e-5.
pub fn probability(p: f32) -> String {
    if p == 0.0 || p.abs() >= 0.000_5 { format!("{p:.3}") } else { format!("{p:.1e}") }
}

/// After a row's most probable words: what the `hidden` others add up to.
pub fn top_words_rest(hidden: usize, rest: f32) -> String {
    let rest = probability(rest);
    message_with("top-words-rest", &[("hidden", &hidden), ("rest", &rest)])
}

// ---------------------------------------------------------------------------------------------
// softmax rows
// ---------------------------------------------------------------------------------------------

pub const MASKED_FILL_LABEL: Text = Text::id("masked-fill-label");

/// Under a grid whose keys are cut to a letter: the keys whole, in order.
pub fn keys_across(keys: &str) -> String {
    message_with("keys-across", &[("keys", &keys)])
}

pub fn no_query_rows(run: &str) -> String {
    message_with("no-query-rows", &[("run", &run)])
}

pub fn no_row(run: &str, i: usize) -> String {
    message_with("no-row", &[("run", &run), ("i", &i)])
}

pub const ROW_SUM: Text = Text::id("row-sum");
pub const MASKED: Text = Text::id("masked");
pub const QUERIES: Text = Text::id("queries");
pub const LEGEND_MASKED: Text = Text::id("legend-masked");
pub const LEGEND_LEAK: Text = Text::id("legend-leak");
pub const NAN: &str = "NaN";
pub const LEGEND_NAN: Text = Text::id("legend-nan");
pub const LEGEND_RELATIVE: Text = Text::id("legend-relative");

// ---------------------------------------------------------------------------------------------
// residual and LayerNorm
// ---------------------------------------------------------------------------------------------

pub fn layernorm_caption(b: usize, d: usize) -> String {
    message_with("layernorm-caption", &[("b", &b), ("d", &d)])
}

/// The table's column headings, longest first (the view takes the first that fits).
pub const LN_COL_X: &[&str] = &["x"];
pub fn ln_col_sublayer() -> &'static [&'static str] {
    alternatives("ln-col-sublayer")
}

pub fn ln_col_sum() -> &'static [&'static str] {
    alternatives("ln-col-sum")
}

/// A message that lists alternatives one per line, as a slice: made once per language's text and
/// kept for the rest of the run (a few short slices).
fn alternatives(id: &str) -> &'static [&'static str] {
    static SPLIT: Mutex<BTreeMap<&'static str, &'static [&'static str]>> = Mutex::new(BTreeMap::new());
    let text = message(id);
    let mut split = SPLIT.lock().unwrap_or_else(PoisonError::into_inner);
    split.entry(text).or_insert_with(|| Box::leak(text.lines().collect::<Vec<_>>().into_boxed_slice()))
}

pub const LN_COL_NORMED: &[&str] = &["LayerNorm x̂", "LN x̂", "x̂"];
pub const LN_COL_OUT: &[&str] = &["γ·x̂+β"];
pub const MEAN_STD: Text = Text::id("mean-std");

/// Labels of the two strips.
pub const LN_BEFORE: Text = Text::id("ln-before");
pub const LN_AFTER: Text = Text::id("ln-after");

pub fn strips_caption(features: usize) -> String {
    message_with("strips-caption", &[("features", &features)])
}

pub fn one_scale(range: &str) -> String {
    message_with("one-scale", &[("range", &range)])
}

pub fn strip_min_max(min: &str, max: &str) -> String {
    message_with("strip-min-max", &[("min", &min), ("max", &max)])
}

pub const NOT_COMPUTED: Text = Text::id("not-computed");

// ---------------------------------------------------------------------------------------------

//! The focused tensor: captions, axes and labels of the grid views; heatmap, mask, softmax rows, residual and LayerNorm.

use super::*;

// the focused tensor: captions, axes, labels (shared by the grid views)
// ---------------------------------------------------------------------------------------------

pub fn batch_row_of(b: usize, last: usize) -> String {
    format!("batch row {b} (of 0–{last})")
}

pub fn head_of(h: usize, last: usize) -> String {
    format!("head {h} (of 0–{last})")
}

/// A PE heatmap's caption: the whole table, and the rows this sentence uses.
pub fn whole_pe_caption(max_len: usize, used: usize) -> String {
    format!("all max_len = {max_len} rows · this batch uses 0–{}", used - 1)
}

/// The last line of a decode view: where greedy decoding ends.
pub const GREEDY_TRANSLATION: &str = "the whole greedy translation: ";

/// Under an embedding: each row's length.
pub fn row_lengths(rows: &[(String, String)]) -> String {
    let parts: Vec<String> = rows.iter().map(|(l, v)| format!("{l} {v}")).collect();
    format!("row lengths ‖row‖: {}", parts.join(" · "))
}

/// Under an embedding, PE or their sum: root mean square over a sentence's real positions.
pub fn rms_line(batch: usize, values: &[(String, String)]) -> String {
    let parts: Vec<String> = values.iter().map(|(n, v)| format!("{n} {v}")).collect();
    format!("rms over batch row {batch}'s real positions: {}", parts.join(" · "))
}

/// The caption of an attention slice averaged over its heads (the stop after the last head on `]`).
pub fn mean_of_heads(n: usize) -> String {
    format!("mean of the {n} heads")
}

/// A positional-encoding row's label.
pub fn position_label(i: usize) -> String {
    format!("pos {i}")
}

/// A heatmap scrolled sideways says where its first column is.
pub fn from_column(first: usize) -> String {
    format!(" · from column {first} (< >)")
}

pub const AXIS_QUERY: &str = "query";
pub const AXIS_KEY: &str = "key";
pub const AXIS_BATCH_ROW: &str = "batch row";

/// What an axis of the shown slice runs over; token rows of attention are its queries.
pub fn axis_name(axis: Dim, attention_rows: bool) -> &'static str {
    match axis {
        Dim::Tokens(_) if attention_rows => AXIS_QUERY,
        Dim::Tokens(Side::Src) => "source token",
        Dim::Tokens(Side::Tgt) => "target token",
        Dim::Features => "feature",
        Dim::Vocab => "vocabulary word",
        Dim::Positions => "position",
        Dim::Batch => AXIS_BATCH_ROW,
        Dim::Heads => "head",
        Dim::Broadcast => "(broadcast)",
    }
}

/// `rows: query · cols: key`, the axes line of a grid.
pub fn axes(row_axis: &str, col_axis: &str) -> String {
    format!("rows: {row_axis} · cols: {col_axis}")
}

/// `(empty: 0 × 3)`, what a grid without cells shows instead.
pub fn empty_grid(rows: usize, cols: usize) -> String {
    format!("(empty: {rows} × {cols})")
}

/// What `more` counts (the text views' `LINES` is above, with them).
pub const ROWS: &str = "rows";
pub const TOKENS: &str = "tokens";

/// `… 3 more tokens above`, `… 2 more rows below`, `… 1 more rows above, 2 below` (`what` is
/// used as given, never made singular).
pub fn more(above: usize, below: usize, what: &str) -> String {
    match (above, below) {
        (0, n) => format!("… {n} more {what} below"),
        (n, 0) => format!("… {n} more {what} above"),
        (a, b) => format!("… {a} more {what} above, {b} below"),
    }
}

/// `1 row`, `3 rows`.
fn rows(n: usize) -> String {
    if n == 1 { format!("{n} row") } else { format!("{n} rows") }
}

/// Under a grid whose first rows show: `… 3 more rows`.
pub fn more_rows(below: usize) -> String {
    format!("… {} more", rows(below))
}

/// Under a grid scrolled down: `… 2 rows above, 1 below`.
pub fn rows_above_below(above: usize, below: usize) -> String {
    format!("… {} above, {below} below", rows(above))
}

/// Over a grid cut at the right: `… 1 more column`, `… 5 more columns`.
pub fn more_columns(n: usize) -> String {
    if n == 1 { "… 1 more column".to_string() } else { format!("… {n} more columns") }
}

/// After a vector's numbers cut at the right: `… 24 more`.
pub fn more_values(n: usize) -> String {
    format!("… {n} more")
}

// the colour legend: `scale: [ ░▒▓█]  min −1.23 … max 2.34`
pub const SCALE_OPEN: &str = "scale: [";

pub fn scale_range(min: &str, max: &str) -> String {
    format!("  min {min} … max {max}")
}

pub const SCALE_NO_VALUES: &str = "  (no values)";

// ---------------------------------------------------------------------------------------------
// heatmap, mask, vector table, top words
// ---------------------------------------------------------------------------------------------

pub const MASKED_NUMBER: &str = "−1e9 = masked";
pub const MASKED_SHADE: &str = "·· = masked (−1e9)";
pub const MINUS_INF: &str = " -inf";
pub const MASKED_NUMBER_INF: &str = "−1e9 or -inf = masked";
pub const MASKED_SHADE_INF: &str = "·· = masked (−1e9 or -inf)";

pub const PADDING_MASK: &str = "padding mask: 1 where the key is a real token, 0 at <pad>";
pub const CAUSAL_MASK: &str = "causal mask: 1 on and below the diagonal, 0 for the future";
pub const COMBINED_MASK: &str = "combined mask: padding AND causal";
pub const PADDING_MASK_KEYS: &str = "key position (each row's tokens on its right)";

pub fn padding_mask_note(shape: &str) -> String {
    format!("{shape}: one row per sentence, broadcast over every query")
}

pub fn causal_mask_note(shape: &str) -> String {
    format!("{shape}: the same for every sentence and head")
}

pub fn combined_mask_note(shape: &str) -> String {
    format!("{shape}: one (T, T) grid per sentence, shared by every head")
}

pub fn query_of_batch_row(b: usize) -> String {
    format!("query (batch row {b})")
}

/// After the mark ■ and ·, in the mask's legend.
pub const MASK_VISIBLE: &str = " = 1 (visible)  ";
pub const MASK_HIDDEN: &str = " = 0 (hidden)";

pub fn vector_cols(axis: &str, last: usize) -> String {
    format!("cols: {axis} 0..{last}")
}

pub fn vector_cols_none(axis: &str) -> String {
    format!("cols: {axis} (none)")
}

pub const NO_ROWS: &str = "(no rows)";

pub fn top_words_heading(vocab: usize, uniform: f32) -> String {
    format!("most probable next words at each position · uniform 1/{vocab} = {uniform:.3}")
}

// ---------------------------------------------------------------------------------------------
// softmax rows
// ---------------------------------------------------------------------------------------------

pub const MASKED_FILL_LABEL: &str = "masked_fill(-1e9), as the code does";

pub fn no_query_rows(run: &str) -> String {
    format!("{run}: no query rows")
}

pub fn no_row(run: &str, i: usize) -> String {
    format!("{run}: no row {i}")
}

pub const ROW_SUM: &str = "sum";
pub const MASKED: &str = "masked";
pub const QUERIES: &str = "queries:";
pub const LEGEND_MASKED: &str = " masked: weight exactly 0";
pub const LEGEND_LEAK: &str = " masked, yet weight > 0";
pub const NAN: &str = "NaN";
pub const LEGEND_NAN: &str = " not a number: the computation broke down";
pub const LEGEND_RELATIVE: &str = " weight relative to the row's largest";

// ---------------------------------------------------------------------------------------------
// residual and LayerNorm
// ---------------------------------------------------------------------------------------------

pub fn layernorm_caption(b: usize, d: usize) -> String {
    format!("batch {b} · per token, over its {d} features")
}

/// The table's column headings, longest first (the view takes the first that fits).
pub const LN_COL_X: &[&str] = &["x"];
pub const LN_COL_SUBLAYER: &[&str] = &["sublayer(x)", "sublayer", "sub(x)"];
pub const LN_COL_SUM: &[&str] = &["x+sublayer", "x+sub"];
pub const LN_COL_NORMED: &[&str] = &["LayerNorm x̂", "LN x̂", "x̂"];
pub const LN_COL_OUT: &[&str] = &["γ·x̂+β"];
pub const MEAN_STD: &str = "mean/std";

/// Labels of the two strips.
pub const LN_BEFORE: &str = "before";
pub const LN_AFTER: &str = "after";

pub fn strips_caption(features: usize) -> String {
    format!(" · {features} features: before = x+sublayer(x), after = x̂")
}

pub fn one_scale(range: &str) -> String {
    format!(", one scale ±{range}")
}

pub fn strip_min_max(min: &str, max: &str) -> String {
    format!(" min {min} max {max}")
}

pub const NOT_COMPUTED: &str = " not computed yet (press . to step)";

// ---------------------------------------------------------------------------------------------

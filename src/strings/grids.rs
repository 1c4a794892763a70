//! The focused tensor: captions, axes and labels of the grid views; heatmap, mask, softmax rows, residual and LayerNorm.

use super::*;
use crate::lang::{Lang, Text, current};

// the focused tensor: captions, axes, labels (shared by the grid views)
// ---------------------------------------------------------------------------------------------

pub fn batch_row_of(b: usize, last: usize) -> String {
    match current() {
        Lang::En => format!("batch row {b} (of 0–{last})"),
        Lang::Zh => format!("批次行 {b}（0–{last}）"),
    }
}

pub fn head_of(h: usize, last: usize) -> String {
    match current() {
        Lang::En => format!("head {h} (of 0–{last})"),
        Lang::Zh => format!("头 {h}（0–{last}）"),
    }
}

/// A PE heatmap's caption: the whole table, and the rows this sentence uses.
pub fn whole_pe_caption(max_len: usize, used: usize) -> String {
    let last = used - 1;
    match current() {
        Lang::En => format!("all max_len = {max_len} rows · this batch uses 0–{last}"),
        Lang::Zh => format!("全部 max_len = {max_len} 行 · 这个批次用到 0–{last}"),
    }
}

/// The last line of a decode view: where greedy decoding ends.
pub const GREEDY_TRANSLATION: Text = Text::new("the whole greedy translation: ", "贪心解码的完整译文：");

/// Under an embedding: each row's length.
pub fn row_lengths(rows: &[(String, String)]) -> String {
    let parts: Vec<String> = rows.iter().map(|(l, v)| format!("{l} {v}")).collect();
    match current() {
        Lang::En => format!("row lengths ‖row‖: {}", parts.join(" · ")),
        Lang::Zh => format!("各行长度 ‖row‖：{}", parts.join(" · ")),
    }
}

/// Under an embedding, PE or their sum: root mean square over a sentence's real positions.
pub fn rms_line(batch: usize, values: &[(String, String)]) -> String {
    let parts: Vec<String> = values.iter().map(|(n, v)| format!("{n} {v}")).collect();
    match current() {
        Lang::En => format!("rms over batch row {batch}'s real positions: {}", parts.join(" · ")),
        Lang::Zh => format!("批次行 {batch} 各真实位置上的 rms：{}", parts.join(" · ")),
    }
}

/// The caption of an attention slice averaged over its heads (the stop after the last head on `]`).
pub fn mean_of_heads(n: usize) -> String {
    match current() {
        Lang::En => format!("mean of the {n} heads"),
        Lang::Zh => format!("{n} 个头的平均"),
    }
}

/// A positional-encoding row's label.
pub fn position_label(i: usize) -> String {
    match current() {
        Lang::En => format!("pos {i}"),
        Lang::Zh => format!("位置 {i}"),
    }
}

/// A heatmap scrolled sideways says where its first column is.
pub fn from_column(first: usize) -> String {
    match current() {
        Lang::En => format!(" · from column {first} (< >)"),
        Lang::Zh => format!(" · 从第 {first} 列起（< >）"),
    }
}

pub const AXIS_QUERY: Text = Text::new("query", "查询");
pub const AXIS_KEY: Text = Text::new("key", "键");
pub const AXIS_BATCH_ROW: Text = Text::new("batch row", "批次行");

/// What an axis of the shown slice runs over; token rows of attention are its queries.
pub fn axis_name(axis: Dim, attention_rows: bool) -> &'static str {
    let zh = current() == Lang::Zh;
    let pick = |en: &'static str, zh_text: &'static str| if zh { zh_text } else { en };
    match axis {
        Dim::Tokens(_) if attention_rows => AXIS_QUERY.get(),
        Dim::Tokens(Side::Src) => pick("source token", "源词元"),
        Dim::Tokens(Side::Tgt) => pick("target token", "目标词元"),
        Dim::Features => pick("feature", "特征"),
        Dim::Vocab => pick("vocabulary word", "词表中的词"),
        Dim::Positions => pick("position", "位置"),
        Dim::Batch => AXIS_BATCH_ROW.get(),
        Dim::Heads => pick("head", "头"),
        Dim::Broadcast => pick("(broadcast)", "（广播）"),
    }
}

/// `rows: query · cols: key`, the axes line of a grid.
pub fn axes(row_axis: &str, col_axis: &str) -> String {
    match current() {
        Lang::En => format!("rows: {row_axis} · cols: {col_axis}"),
        Lang::Zh => format!("行：{row_axis} · 列：{col_axis}"),
    }
}

/// `(empty: 0 × 3)`, what a grid without cells shows instead.
pub fn empty_grid(rows: usize, cols: usize) -> String {
    match current() {
        Lang::En => format!("(empty: {rows} × {cols})"),
        Lang::Zh => format!("（空：{rows} × {cols}）"),
    }
}

/// What `more` counts (the text views' `LINES` is above, with them).
pub const ROWS: Text = Text::new("rows", "行");
pub const KEYS: Text = Text::new("keys", "个键");
pub const TOKENS: Text = Text::new("tokens", "个词元");

/// `… 3 more tokens above`, `… 2 more rows below`, `… 1 more rows above, 2 below` (`what` is
/// used as given, never made singular).
pub fn more(above: usize, below: usize, what: &str) -> String {
    match (current(), above, below) {
        (Lang::En, 0, n) => format!("… {n} more {what} below"),
        (Lang::En, n, 0) => format!("… {n} more {what} above"),
        (Lang::En, a, b) => format!("… {a} more {what} above, {b} below"),
        (Lang::Zh, 0, n) => format!("… 下面还有 {n} {what}"),
        (Lang::Zh, n, 0) => format!("… 上面还有 {n} {what}"),
        (Lang::Zh, a, b) => format!("… 上面还有 {a} {what}，下面 {b}"),
    }
}

/// Under a cell's derivation cut by a short pane: `… 4 more lines below (PgUp/PgDn)`.
pub fn derivation_more(above: usize, below: usize) -> String {
    let lines = match current() {
        Lang::En => "lines",
        Lang::Zh => "行",
    };
    format!("{} (PgUp/PgDn)", more(above, below, lines))
}

/// `1 row`, `3 rows`.
fn rows(n: usize) -> String {
    match current() {
        Lang::En if n == 1 => format!("{n} row"),
        Lang::En => format!("{n} rows"),
        Lang::Zh => format!("{n} 行"),
    }
}

/// Under a grid whose first rows show: `… 3 more rows`.
pub fn more_rows(below: usize) -> String {
    match current() {
        Lang::En => format!("… {} more", rows(below)),
        Lang::Zh => format!("… 还有 {}", rows(below)),
    }
}

/// Under a grid scrolled down: `… 2 rows above, 1 below`.
pub fn rows_above_below(above: usize, below: usize) -> String {
    match current() {
        Lang::En => format!("… {} above, {below} below", rows(above)),
        Lang::Zh => format!("… 上面 {}，下面 {below} 行", rows(above)),
    }
}

/// Over a grid cut at the right: `… 1 more column`, `… 5 more columns`.
pub fn more_columns(n: usize) -> String {
    match current() {
        Lang::En if n == 1 => "… 1 more column".to_string(),
        Lang::En => format!("… {n} more columns"),
        Lang::Zh => format!("… 还有 {n} 列"),
    }
}

/// After a vector's numbers cut at the right: `… 24 more`.
pub fn more_values(n: usize) -> String {
    match current() {
        Lang::En => format!("… {n} more"),
        Lang::Zh => format!("… 还有 {n} 个"),
    }
}

// the colour legend: `scale: [ ░▒▓█]  min −1.23 … max 2.34`
pub const SCALE_OPEN: Text = Text::new("scale: [", "色标：[");

pub fn scale_range(min: &str, max: &str) -> String {
    match current() {
        Lang::En => format!("  min {min} … max {max}"),
        Lang::Zh => format!("  最小 {min} … 最大 {max}"),
    }
}

pub const SCALE_NO_VALUES: Text = Text::new("  (no values)", "  （无数值）");

// ---------------------------------------------------------------------------------------------
// heatmap, mask, vector table, top words
// ---------------------------------------------------------------------------------------------

/// The legend's note when a grid's shades span the whole tensor, not only the slice shown.
pub const SHADES_WHOLE_TENSOR: Text = Text::new("shades span the whole tensor", "颜色深浅按整个张量的范围");
pub const MASKED_NUMBER: Text = Text::new("−1e9 = masked", "−1e9 = 被遮住");
pub const MASKED_SHADE: Text = Text::new("·· = masked (−1e9)", "·· = 被遮住（−1e9）");
pub const MINUS_INF: &str = " -inf";
pub const MASKED_NUMBER_INF: Text = Text::new("−1e9 or -inf = masked", "−1e9 或 -inf = 被遮住");
pub const MASKED_SHADE_INF: Text = Text::new("·· = masked (−1e9 or -inf)", "·· = 被遮住（−1e9 或 -inf）");

pub const PADDING_MASK: Text = Text::new(
    "padding mask: 1 where the key is a real token, 0 at <pad>",
    "填充掩码：键是真实词元处为 1，<pad> 处为 0",
);
pub const CAUSAL_MASK: Text =
    Text::new("causal mask: 1 on and below the diagonal, 0 for the future", "因果掩码：对角线及其下方为 1，未来为 0");
pub const COMBINED_MASK: Text = Text::new("combined mask: padding AND causal", "合并掩码：填充 AND 因果");
pub const PADDING_MASK_KEYS: Text =
    Text::new("key position (each row's tokens on its right)", "键的位置（每行的词元在右侧）");

pub fn padding_mask_note(shape: &str) -> String {
    match current() {
        Lang::En => format!("{shape}: one row per sentence, broadcast over every query"),
        Lang::Zh => format!("{shape}：每个句子一行，广播到每个查询"),
    }
}

pub fn causal_mask_note(shape: &str) -> String {
    match current() {
        Lang::En => format!("{shape}: the same for every sentence and head"),
        Lang::Zh => format!("{shape}：每个句子、每个头都相同"),
    }
}

pub fn combined_mask_note(shape: &str) -> String {
    match current() {
        Lang::En => format!("{shape}: one (T, T) grid per sentence, shared by every head"),
        Lang::Zh => format!("{shape}：每个句子一张 (T, T) 网格，所有头共用"),
    }
}

pub fn query_of_batch_row(b: usize) -> String {
    match current() {
        Lang::En => format!("query (batch row {b})"),
        Lang::Zh => format!("查询（批次行 {b}）"),
    }
}

/// After the mark ■ and ·, in the mask's legend.
pub const MASK_VISIBLE: Text = Text::new(" = 1 (visible)  ", " = 1（可见）  ");
pub const MASK_HIDDEN: Text = Text::new(" = 0 (hidden)", " = 0（遮住）");

pub fn vector_cols(axis: &str, last: usize) -> String {
    match current() {
        Lang::En => format!("cols: {axis} 0..{last}"),
        Lang::Zh => format!("列：{axis} 0..{last}"),
    }
}

pub fn vector_cols_none(axis: &str) -> String {
    match current() {
        Lang::En => format!("cols: {axis} (none)"),
        Lang::Zh => format!("列：{axis}（无）"),
    }
}

pub const NO_ROWS: Text = Text::new("(no rows)", "（无行）");

pub fn top_words_heading(vocab: usize, uniform: f32) -> String {
    let uniform = probability(uniform);
    match current() {
        Lang::En => format!("most probable next words at each position · uniform 1/{vocab} = {uniform}"),
        Lang::Zh => format!("每个位置最可能的下一个词 · 均匀分布 1/{vocab} = {uniform}"),
    }
}

/// A probability to three decimals, or, below 0.001 (a 65,001-way softmax spreads most of its
/// words thinner than that), to two significant digits: 0.250, 0.004, 1.5e-5.
pub fn probability(p: f32) -> String {
    if p == 0.0 || p.abs() >= 0.000_5 { format!("{p:.3}") } else { format!("{p:.1e}") }
}

/// After a row's most probable words: what the `hidden` others add up to.
pub fn top_words_rest(hidden: usize, rest: f32) -> String {
    let rest = probability(rest);
    match current() {
        Lang::En => format!("· {hidden} others {rest}"),
        Lang::Zh => format!("· 其余 {hidden} 个 {rest}"),
    }
}

// ---------------------------------------------------------------------------------------------
// softmax rows
// ---------------------------------------------------------------------------------------------

pub const MASKED_FILL_LABEL: Text = Text::new("masked_fill(-1e9), as the code does", "masked_fill(-1e9)，与代码一致");

pub fn no_query_rows(run: &str) -> String {
    match current() {
        Lang::En => format!("{run}: no query rows"),
        Lang::Zh => format!("{run}：没有查询行"),
    }
}

pub fn no_row(run: &str, i: usize) -> String {
    match current() {
        Lang::En => format!("{run}: no row {i}"),
        Lang::Zh => format!("{run}：没有第 {i} 行"),
    }
}

pub const ROW_SUM: Text = Text::new("sum", "合计");
pub const MASKED: Text = Text::new("masked", "遮住");
pub const QUERIES: Text = Text::new("queries:", "查询：");
pub const LEGEND_MASKED: Text = Text::new(" masked: weight exactly 0", " 遮住：权重恰为 0");
pub const LEGEND_LEAK: Text = Text::new(" masked, yet weight > 0", " 遮住，但权重 > 0");
pub const NAN: &str = "NaN";
pub const LEGEND_NAN: Text = Text::new(" not a number: the computation broke down", " 不是数：计算崩溃了");
pub const LEGEND_RELATIVE: Text = Text::new(" weight relative to the row's largest", " 相对于该行最大权重的大小");

// ---------------------------------------------------------------------------------------------
// residual and LayerNorm
// ---------------------------------------------------------------------------------------------

pub fn layernorm_caption(b: usize, d: usize) -> String {
    match current() {
        Lang::En => format!("batch {b} · per token, over its {d} features"),
        Lang::Zh => format!("批次 {b} · 逐词元，在它的 {d} 个特征上"),
    }
}

/// The table's column headings, longest first (the view takes the first that fits).
pub const LN_COL_X: &[&str] = &["x"];
pub fn ln_col_sublayer() -> &'static [&'static str] {
    match current() {
        Lang::En => &["sublayer(x)", "sublayer", "sub(x)"],
        Lang::Zh => &["子层(x)", "子层"],
    }
}

pub fn ln_col_sum() -> &'static [&'static str] {
    match current() {
        Lang::En => &["x+sublayer", "x+sub"],
        Lang::Zh => &["x+子层(x)", "x+子层"],
    }
}
pub const LN_COL_NORMED: &[&str] = &["LayerNorm x̂", "LN x̂", "x̂"];
pub const LN_COL_OUT: &[&str] = &["γ·x̂+β"];
pub const MEAN_STD: Text = Text::new("mean/std", "μ/σ");

/// Labels of the two strips.
pub const LN_BEFORE: Text = Text::new("before", "之前");
pub const LN_AFTER: Text = Text::new("after", "之后");

pub fn strips_caption(features: usize) -> String {
    match current() {
        Lang::En => format!(" · {features} features: before = x+sublayer(x), after = x̂"),
        Lang::Zh => format!(" · {features} 个特征：之前 = x+子层(x)，之后 = x̂"),
    }
}

pub fn one_scale(range: &str) -> String {
    match current() {
        Lang::En => format!(", one scale ±{range}"),
        Lang::Zh => format!("，同一色标 ±{range}"),
    }
}

pub fn strip_min_max(min: &str, max: &str) -> String {
    match current() {
        Lang::En => format!(" min {min} max {max}"),
        Lang::Zh => format!(" 最小 {min} 最大 {max}"),
    }
}

pub const NOT_COMPUTED: Text = Text::new(" not computed yet (press . to step)", " 还没算到（按 . 前进一步）");

// ---------------------------------------------------------------------------------------------

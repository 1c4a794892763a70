//! Where a number comes from (cell derivations).

use super::*;
use crate::lang::message_with;
use crate::lang::{Lang, Text, current};

// where a number comes from (cell derivations)
// ---------------------------------------------------------------------------------------------

pub(super) fn index_text(at: &[usize]) -> String {
    at.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
}

/// A number as the derivation prints it: 4 decimals, or `1.2e-7` style when tiny or huge.
pub(super) fn num(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let a = v.abs();
    if a != 0.0 && !(1e-4..1e5).contains(&a) { format!("{v:.3e}") } else { format!("{v:.4}") }
}

pub fn derive_heading(name: &str, at: &[usize], value: f32) -> String {
    format!("{name}[{}] = {}", index_text(at), num(value as f64))
}

pub const DERIVE_GIVEN: Text = Text::id("derive-given");
pub const DERIVE_ONES: Text = Text::id("derive-ones");

pub fn derive_table_row(word: &str, id: usize, table: &str, col: usize, v: f64) -> String {
    message_with(
        "derive-table-row",
        &[("word", &word), ("id", &id), ("table", &table), ("col", &col), ("num_v", &num(v))],
    )
}

pub fn derive_sinusoid(pos: usize, pair: usize, d: usize, cos: bool, angle: f64, v: f64) -> String {
    let f = if cos { "cos" } else { "sin" };
    format!("{f}({pos} / 10000^({pair}/{d})) = {f}({}) = {}", num(angle), num(v))
}

pub fn derive_sum(terms: &[(String, f64)]) -> String {
    let parts: Vec<String> = terms.iter().map(|(name, v)| format!("{name} {}", num(*v))).collect();
    format!("{} = {}", parts.join(" + "), num(terms.iter().map(|t| t.1).sum()))
}

pub fn derive_pad_flag(side: Side, position: usize, id: usize, pad: usize) -> String {
    let side = side.prefix();
    match current() {
        Lang::En => {
            let verdict = if id == pad { "is <pad>: 0" } else { "is not <pad>: 1" };
            format!("{side}_ids[{position}] = {id}, which {verdict}")
        }
        Lang::Zh => {
            let verdict = if id == pad { "是 <pad>：0" } else { "不是 <pad>：1" };
            format!("{side}_ids[{position}] = {id}，{verdict}")
        }
    }
}

pub fn derive_causal(query: usize, key: usize) -> String {
    match current() {
        Lang::En => {
            let verdict =
                if key <= query { "key ≤ query: 1 (visible)" } else { "key > query, the future: 0 (hidden)" };
            format!("query {query}, key {key}: {verdict}")
        }
        Lang::Zh => {
            let verdict = if key <= query {
                "键 ≤ 查询：1（可见）"
            } else {
                "键 > 查询，是未来：0（遮住）"
            };
            format!("查询 {query}，键 {key}：{verdict}")
        }
    }
}

pub fn derive_and(a_name: &str, a: f32, b_name: &str, b: f32) -> String {
    format!("{a_name} {a} AND {b_name} {b} = {}", f32::from(a != 0.0 && b != 0.0))
}

/// `Σ a·b over n terms`: the largest products listed one per line, the rest summed.
pub fn derive_dot(a_name: &str, b_name: &str, products: &[(f64, f64)], listed: usize) -> Vec<String> {
    let mut order: Vec<usize> = (0..products.len()).collect();
    order.sort_by(|&i, &j| (products[j].0 * products[j].1).abs().total_cmp(&(products[i].0 * products[i].1).abs()));
    let mut lines =
        vec![message_with("derive-dot", &[("products", &products.len()), ("a_name", &a_name), ("b_name", &b_name)])];
    for &i in order.iter().take(listed) {
        let (a, b) = products[i];
        lines.push(format!("  [{i:>2}] {} × {} = {}", num(a), num(b), num(a * b)));
    }
    if products.len() > listed {
        let rest: f64 = order[listed..].iter().map(|&i| products[i].0 * products[i].1).sum();
        lines.push(message_with(
            "derive-dot-2",
            &[("products_listed", &(products.len() - listed)), ("num_rest", &num(rest))],
        ));
    }
    let sum = num(products.iter().map(|(a, b)| a * b).sum());
    lines.push(message_with("derive-dot-3", &[("sum", &sum)]));
    lines
}

pub fn derive_bias(out: usize, bias: f64) -> String {
    format!("+ bias[{out}] {}", num(bias))
}

pub fn derive_split(input: &str, b: usize, t: usize, feature: usize, head: usize, dk: usize) -> String {
    let (first, last) = (head * dk, head * dk + dk - 1);
    message_with(
        "derive-split",
        &[
            ("input", &input),
            ("b", &b),
            ("t", &t),
            ("feature", &feature),
            ("head", &head),
            ("first", &first),
            ("last", &last),
        ],
    )
}

pub fn derive_merge(input: &str, b: usize, head: usize, t: usize, c: usize) -> String {
    message_with("derive-merge", &[("input", &input), ("b", &b), ("head", &head), ("t", &t), ("c", &c)])
}

pub fn derive_scale(input: &str, x: f64, dk: usize) -> String {
    format!("{input} {} / √{dk} ({}) = {}", num(x), num((dk as f64).sqrt()), num(x / (dk as f64).sqrt()))
}

pub fn derive_mask_fill(mask: &str, m: f32, score: f64, multiply: bool, v: f64) -> String {
    let (score, v) = (num(score), num(v));
    match (current(), multiply, m == 0.0) {
        (Lang::En, true, _) => format!("score {score} × {mask} {m} = {v}"),
        (Lang::En, false, true) => format!("{mask} is 0 here: the score {score} is replaced by {v}"),
        (Lang::En, false, false) => format!("{mask} is 1 here: the score {score} passes"),
        (Lang::Zh, true, _) => format!("分数 {score} × {mask} {m} = {v}"),
        (Lang::Zh, false, true) => format!("{mask} 在这里是 0：分数 {score} 被换成 {v}"),
        (Lang::Zh, false, false) => format!("{mask} 在这里是 1：分数 {score} 原样通过"),
    }
}

pub fn derive_softmax(input: &str, x: f64, max: f64, mine: f64, sum: f64, n: usize) -> Vec<String> {
    let (first, third) = match current() {
        Lang::En => (
            format!("this cell of {input} is {}; its row's max is {}", num(x), num(max)),
            format!("Σ over the row's {n} cells of exp(x − max) = {}", num(sum)),
        ),
        Lang::Zh => (
            format!("{input} 的这个单元格是 {}；它所在行的最大值是 {}", num(x), num(max)),
            format!("这一行 {n} 个单元格的 exp(x − max) 之和 Σ = {}", num(sum)),
        ),
    };
    vec![
        first,
        format!("exp({} − {}) = {}", num(x), num(max), num(mine)),
        third,
        format!("{} / {} = {}", num(mine), num(sum), num(mine / sum)),
    ]
}

pub fn derive_embed_scale(input: &str, x: f64, d: usize) -> String {
    let root = (d as f64).sqrt();
    format!("{input} {} × √{d} ({}) = {}", num(x), num(root), num(x * root))
}

pub fn derive_silu(input: &str, x: f64) -> String {
    let sigma = 1.0 / (1.0 + (-x).exp());
    format!("{input} {} × σ({}) ({}) = {}", num(x), num(x), num(sigma), num(x * sigma))
}

pub fn derive_relu(input: &str, x: f64) -> String {
    format!("max(0, {input} {}) = {}", num(x), num(x.max(0.0)))
}

pub fn derive_normalize(input: &str, x: f64, mean: f64, var: f64, eps: f64, d: usize) -> String {
    let (mean, var, xs, out) = (num(mean), num(var), num(x), num((x - mean) / (var + eps).sqrt()));
    message_with(
        "derive-normalize",
        &[
            ("d", &d),
            ("input", &input),
            ("mean", &mean),
            ("var", &var),
            ("xs", &xs),
            ("eps", &format!("{:.0e}", eps)),
            ("out", &out),
        ],
    )
}

pub fn derive_scale_shift(input: &str, hat: f64, gamma: f64, beta: f64, j: usize) -> String {
    format!("γ[{j}] {} × {input} {} + β[{j}] {} = {}", num(gamma), num(hat), num(beta), num(gamma * hat + beta))
}

pub fn derive_head_mask(input: &str, head: usize, kept: bool) -> String {
    match (current(), kept) {
        (Lang::En, true) => format!("head {head} is kept: the value of {input}"),
        (Lang::En, false) => format!("head {head} is taken out: 0 in place of {input}"),
        (Lang::Zh, true) => format!("头 {head} 保留：取 {input} 的值"),
        (Lang::Zh, false) => format!("头 {head} 被去掉：用 0 代替 {input}"),
    }
}

pub fn derive_identity(input: &str) -> String {
    message_with("derive-identity", &[("input", &input)])
}

pub fn derive_result(derived: f64, engine: f32) -> String {
    let (derived, engine) = (num(derived), num(engine as f64));
    message_with("derive-result", &[("derived", &derived), ("engine", &engine)])
}

pub const CELL_MODE_ON: Text = Text::id("cell-mode-on");
pub const CELL_MODE_OFF: Text = Text::id("cell-mode-off");
pub const NO_CELLS: Text = Text::id("no-cells");

/// The cell pane's title: the question, the tensor and its shape (an empty shape is left out).
pub fn cell_title(name: &str, shape: &str) -> String {
    let tensor = format!("{name} {shape}");
    let tensor = tensor.trim_end();
    message_with("cell-title", &[("tensor", &tensor)])
}

pub fn cell_columns(first: usize, last: usize, of: usize) -> String {
    message_with("cell-columns", &[("first", &first), ("last", &last), ("of", &of)])
}

/// The layernorm view's x column when a what-if has no residual connection.
pub const NO_RESIDUAL: Text = Text::id("no-residual");

/// The weight row a Linear output's column reads: `W[9, :]`.
pub fn weight_row(out: usize) -> String {
    format!("W[{out}, :]")
}

pub const TEMPERATURE_ONLY_DECODE: Text = Text::id("temperature-only-decode");

pub fn decoding_status(temperature: Option<f32>) -> String {
    match (current(), temperature) {
        (Lang::En, None) => "decoding: greedy, the most probable word each step".into(),
        (Lang::En, Some(t)) => format!("decoding: sampled from softmax(logits / {t}), seed 0 (t: next)"),
        (Lang::Zh, None) => "解码：贪心解码，每步取最可能的词".into(),
        (Lang::Zh, Some(t)) => format!("解码：从 softmax(logits / {t}) 采样，种子 0（t：下一个）"),
    }
}

/// Above a sampled decode view: how this step was chosen, and the whole sentence both ways.
pub fn sampled_heading(temperature: f32, sampled: &str, greedy: &str) -> String {
    message_with("sampled-heading", &[("temperature", &temperature), ("sampled", &sampled), ("greedy", &greedy)])
}

pub const TEMPERED_NOTE: Text = Text::id("tempered-note");

// ---------------------------------------------------------------------------------------------

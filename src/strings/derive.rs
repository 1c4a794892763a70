//! Where a number comes from (cell derivations).

use super::*;
use crate::lang::Text;
use crate::lang::{message, message_with};

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
    let args: [crate::lang::Arg; 3] = [("side", &side.prefix()), ("position", &position), ("id", &id)];
    match id == pad {
        true => message_with("derive-pad-flag-is-pad", &args),
        false => message_with("derive-pad-flag-not-pad", &args),
    }
}

pub fn derive_causal(query: usize, key: usize) -> String {
    let args: [crate::lang::Arg; 2] = [("query", &query), ("key", &key)];
    match key <= query {
        true => message_with("derive-causal-visible", &args),
        false => message_with("derive-causal-hidden", &args),
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
    let args: [crate::lang::Arg; 4] = [("mask", &mask), ("m", &m), ("score", &score), ("v", &v)];
    match (multiply, m == 0.0) {
        (true, _) => message_with("derive-mask-multiplied", &args),
        (false, true) => message_with("derive-mask-replaced", &args),
        (false, false) => message_with("derive-mask-passes", &args),
    }
}

pub fn derive_softmax(input: &str, x: f64, max: f64, mine: f64, sum: f64, n: usize) -> Vec<String> {
    vec![
        message_with("derive-softmax-cell", &[("input", &input), ("x", &num(x)), ("max", &num(max))]),
        format!("exp({} − {}) = {}", num(x), num(max), num(mine)),
        message_with("derive-softmax-sum", &[("n", &n), ("sum", &num(sum))]),
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
    format!("max(0, {input} {}) = {}", num(x), num(crate::model::kernels::relu_one(x as f32) as f64))
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
    let args: [crate::lang::Arg; 2] = [("head", &head), ("input", &input)];
    match kept {
        true => message_with("derive-head-kept", &args),
        false => message_with("derive-head-removed", &args),
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
    match temperature {
        None => message("decoding-greedy").to_string(),
        Some(t) => message_with("decoding-sampled", &[("t", &t)]),
    }
}

/// Above a sampled decode view: how this step was chosen, and the whole sentence both ways.
pub fn sampled_heading(temperature: f32, sampled: &str, greedy: &str) -> String {
    message_with("sampled-heading", &[("temperature", &temperature), ("sampled", &sampled), ("greedy", &greedy)])
}

pub const TEMPERED_NOTE: Text = Text::id("tempered-note");

// ---------------------------------------------------------------------------------------------

//! Where a number comes from (cell derivations).

use super::*;

// where a number comes from (cell derivations)
// ---------------------------------------------------------------------------------------------

fn index_text(at: &[usize]) -> String {
    at.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
}

/// A number as the derivation prints it: 4 decimals, or `1.2e-7` style when tiny or huge.
fn num(v: f64) -> String {
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

pub const DERIVE_GIVEN: &str = "given to the run as its input";
pub const DERIVE_ONES: &str = "a mask of ones: this what-if hides nothing here";

pub fn derive_table_row(word: &str, id: usize, table: &str, col: usize, v: f64) -> String {
    format!("token `{word}` has id {id}: row {id} of {table}, column {col} = {}", num(v))
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
    let verdict = if id == pad { "is <pad>: 0" } else { "is not <pad>: 1" };
    format!("{side}_ids[{position}] = {id}, which {verdict}")
}

pub fn derive_causal(query: usize, key: usize) -> String {
    let verdict = if key <= query { "key ≤ query: 1 (visible)" } else { "key > query, the future: 0 (hidden)" };
    format!("query {query}, key {key}: {verdict}")
}

pub fn derive_and(a_name: &str, a: f32, b_name: &str, b: f32) -> String {
    format!("{a_name} {a} AND {b_name} {b} = {}", f32::from(a != 0.0 && b != 0.0))
}

/// `Σ a·b over n terms`: the largest products listed one per line, the rest summed.
pub fn derive_dot(a_name: &str, b_name: &str, products: &[(f64, f64)], listed: usize) -> Vec<String> {
    let mut order: Vec<usize> = (0..products.len()).collect();
    order.sort_by(|&i, &j| (products[j].0 * products[j].1).abs().total_cmp(&(products[i].0 * products[i].1).abs()));
    let mut lines = vec![format!("Σ over {} terms of {a_name} × {b_name}:", products.len())];
    for &i in order.iter().take(listed) {
        let (a, b) = products[i];
        lines.push(format!("  [{i:>2}] {} × {} = {}", num(a), num(b), num(a * b)));
    }
    if products.len() > listed {
        let rest: f64 = order[listed..].iter().map(|&i| products[i].0 * products[i].1).sum();
        lines.push(format!("  the other {} products sum to {}", products.len() - listed, num(rest)));
    }
    lines.push(format!("  sum = {}", num(products.iter().map(|(a, b)| a * b).sum())));
    lines
}

pub fn derive_bias(out: usize, bias: f64) -> String {
    format!("+ bias[{out}] {}", num(bias))
}

pub fn derive_split(input: &str, b: usize, t: usize, feature: usize, head: usize, dk: usize) -> String {
    format!("{input}[{b}, {t}, {feature}]: head {head} holds features {}..{}", head * dk, head * dk + dk - 1)
}

pub fn derive_merge(input: &str, b: usize, head: usize, t: usize, c: usize) -> String {
    format!("{input}[{b}, {head}, {t}, {c}]: head {head}'s feature {c}")
}

pub fn derive_scale(input: &str, x: f64, dk: usize) -> String {
    format!("{input} {} / √{dk} ({}) = {}", num(x), num((dk as f64).sqrt()), num(x / (dk as f64).sqrt()))
}

pub fn derive_mask_fill(mask: &str, m: f32, score: f64, multiply: bool, v: f64) -> String {
    if multiply {
        format!("score {} × {mask} {m} = {}", num(score), num(v))
    } else if m == 0.0 {
        format!("{mask} is 0 here: the score {} is replaced by {}", num(score), num(v))
    } else {
        format!("{mask} is 1 here: the score {} passes", num(score))
    }
}

pub fn derive_softmax(input: &str, x: f64, max: f64, mine: f64, sum: f64, n: usize) -> Vec<String> {
    vec![
        format!("this cell of {input} is {}; its row's max is {}", num(x), num(max)),
        format!("exp({} − {}) = {}", num(x), num(max), num(mine)),
        format!("Σ over the row's {n} cells of exp(x − max) = {}", num(sum)),
        format!("{} / {} = {}", num(mine), num(sum), num(mine / sum)),
    ]
}

pub fn derive_relu(input: &str, x: f64) -> String {
    format!("max(0, {input} {}) = {}", num(x), num(x.max(0.0)))
}

pub fn derive_normalize(input: &str, x: f64, mean: f64, var: f64, eps: f64, d: usize) -> String {
    format!(
        "this token's {d} features of {input}: μ = {}, σ² = {} ; ({} − μ) / √(σ² + {eps:.0e}) = {}",
        num(mean),
        num(var),
        num(x),
        num((x - mean) / (var + eps).sqrt())
    )
}

pub fn derive_scale_shift(input: &str, hat: f64, gamma: f64, beta: f64, j: usize) -> String {
    format!("γ[{j}] {} × {input} {} + β[{j}] {} = {}", num(gamma), num(hat), num(beta), num(gamma * hat + beta))
}

pub fn derive_identity(input: &str) -> String {
    format!("the same tensor as {input}, under this name")
}

pub fn derive_result(derived: f64, engine: f32) -> String {
    format!("recomputed {} · engine {}", num(derived), num(engine as f64))
}

pub const CELL_MODE_ON: &str = "cell mode: ←↑↓→ pick a number · [ ] head · b batch · c or Esc leaves";
pub const CELL_MODE_OFF: &str = "cell mode off";
pub const NO_CELLS: &str = "this tensor has no grid of numbers to pick from";

pub fn cell_title(name: &str, shape: &str) -> String {
    format!(" where does this number come from? · {name} {shape} ")
}

pub fn cell_columns(first: usize, last: usize, of: usize) -> String {
    format!(" · columns {first}–{last} of {of}")
}

/// The layernorm view's x column when a what-if has no residual connection.
pub const NO_RESIDUAL: &str = "(no residual)";

/// The weight row a Linear output's column reads: `W[9, :]`.
pub fn weight_row(out: usize) -> String {
    format!("W[{out}, :]")
}

pub const TEMPERATURE_ONLY_DECODE: &str = "t changes how a decode view picks words (the output lesson's last beats)";

pub fn decoding_status(temperature: Option<f32>) -> String {
    match temperature {
        None => "decoding: greedy, the most probable word each step".into(),
        Some(t) => format!("decoding: sampled from softmax(logits / {t}), seed 0 (t: next)"),
    }
}

/// Above a sampled decode view: how this step was chosen, and the whole sentence both ways.
pub fn sampled_heading(temperature: f32, sampled: &str, greedy: &str) -> String {
    format!("sampled at T = {temperature}, seed 0: {sampled}  ·  greedy: {greedy}")
}

pub const TEMPERED_NOTE: &str = "the bars: softmax(logits / T), the distribution this step drew from";

// ---------------------------------------------------------------------------------------------

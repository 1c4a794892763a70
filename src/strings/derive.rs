//! Where a number comes from (cell derivations).

use super::*;
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

pub const DERIVE_GIVEN: Text = Text::new("given to the run as its input", "作为输入交给这次运行");
pub const DERIVE_ONES: Text =
    Text::new("a mask of ones: this what-if hides nothing here", "全 1 的掩码：这个 what-if 在这里什么也不遮");

pub fn derive_table_row(word: &str, id: usize, table: &str, col: usize, v: f64) -> String {
    match current() {
        Lang::En => format!("token `{word}` has id {id}: row {id} of {table}, column {col} = {}", num(v)),
        Lang::Zh => format!("词元 `{word}` 的 id 是 {id}：{table} 的第 {id} 行、第 {col} 列 = {}", num(v)),
    }
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
    let mut lines = vec![match current() {
        Lang::En => format!("Σ over {} terms of {a_name} × {b_name}:", products.len()),
        Lang::Zh => format!("对 {} 项 {a_name} × {b_name} 求和 Σ：", products.len()),
    }];
    for &i in order.iter().take(listed) {
        let (a, b) = products[i];
        lines.push(format!("  [{i:>2}] {} × {} = {}", num(a), num(b), num(a * b)));
    }
    if products.len() > listed {
        let rest: f64 = order[listed..].iter().map(|&i| products[i].0 * products[i].1).sum();
        lines.push(match current() {
            Lang::En => format!("  the other {} products sum to {}", products.len() - listed, num(rest)),
            Lang::Zh => format!("  其余 {} 个乘积之和为 {}", products.len() - listed, num(rest)),
        });
    }
    let sum = num(products.iter().map(|(a, b)| a * b).sum());
    lines.push(match current() {
        Lang::En => format!("  sum = {sum}"),
        Lang::Zh => format!("  总和 = {sum}"),
    });
    lines
}

pub fn derive_bias(out: usize, bias: f64) -> String {
    format!("+ bias[{out}] {}", num(bias))
}

pub fn derive_split(input: &str, b: usize, t: usize, feature: usize, head: usize, dk: usize) -> String {
    let (first, last) = (head * dk, head * dk + dk - 1);
    match current() {
        Lang::En => format!("{input}[{b}, {t}, {feature}]: head {head} holds features {first}..{last}"),
        Lang::Zh => format!("{input}[{b}, {t}, {feature}]：头 {head} 拿到特征 {first}..{last}"),
    }
}

pub fn derive_merge(input: &str, b: usize, head: usize, t: usize, c: usize) -> String {
    match current() {
        Lang::En => format!("{input}[{b}, {head}, {t}, {c}]: head {head}'s feature {c}"),
        Lang::Zh => format!("{input}[{b}, {head}, {t}, {c}]：头 {head} 的特征 {c}"),
    }
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
    match current() {
        Lang::En => format!(
            "this token's {d} features of {input}: μ = {mean}, σ² = {var} ; ({xs} − μ) / √(σ² + {eps:.0e}) = {out}"
        ),
        Lang::Zh => {
            format!(
                "这个词元在 {input} 中的 {d} 个特征：μ = {mean}，σ² = {var}；({xs} − μ) / √(σ² + {eps:.0e}) = {out}"
            )
        }
    }
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
    match current() {
        Lang::En => format!("the same tensor as {input}, under this name"),
        Lang::Zh => format!("与 {input} 是同一个张量，只是换了名字"),
    }
}

pub fn derive_result(derived: f64, engine: f32) -> String {
    let (derived, engine) = (num(derived), num(engine as f64));
    match current() {
        Lang::En => format!("recomputed {derived} · engine {engine}"),
        Lang::Zh => format!("重算 {derived} · 引擎 {engine}"),
    }
}

pub const CELL_MODE_ON: Text = Text::new(
    "cell mode: ←↑↓→ pick a number · [ ] head · b batch · c or Esc leaves",
    "单元格模式：←↑↓→ 选一个数 · [ ] 换头 · b 换批次 · c 或 Esc 离开",
);
pub const CELL_MODE_OFF: Text = Text::new("cell mode off", "已退出单元格模式");
pub const NO_CELLS: Text = Text::new("this tensor has no grid of numbers to pick from", "这个张量没有可选的数字网格");

/// The cell pane's title: the question, the tensor and its shape (an empty shape is left out).
pub fn cell_title(name: &str, shape: &str) -> String {
    let tensor = format!("{name} {shape}");
    let tensor = tensor.trim_end();
    match current() {
        Lang::En => format!(" where does this number come from? · {tensor} "),
        Lang::Zh => format!(" 这个数从哪里来？· {tensor} "),
    }
}

pub fn cell_columns(first: usize, last: usize, of: usize) -> String {
    match current() {
        Lang::En => format!(" · columns {first}–{last} of {of}"),
        Lang::Zh => format!(" · 第 {first}–{last} 列，共 {of} 列"),
    }
}

/// The layernorm view's x column when a what-if has no residual connection.
pub const NO_RESIDUAL: Text = Text::new("(no residual)", "（无残差）");

/// The weight row a Linear output's column reads: `W[9, :]`.
pub fn weight_row(out: usize) -> String {
    format!("W[{out}, :]")
}

pub const TEMPERATURE_ONLY_DECODE: Text = Text::new(
    "t changes how a decode view picks words (the output lesson's last beats)",
    "t 改变解码视图选词的方式（输出一课的最后几页）",
);

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
    match current() {
        Lang::En => format!("sampled at T = {temperature}, seed 0: {sampled}  ·  greedy: {greedy}"),
        Lang::Zh => format!("按 T = {temperature} 采样，种子 0：{sampled}  ·  贪心：{greedy}"),
    }
}

pub const TEMPERED_NOTE: Text = Text::new(
    "the bars: softmax(logits / T), the distribution this step drew from",
    "条形：softmax(logits / T)，这一步从中抽样的分布",
);

// ---------------------------------------------------------------------------------------------

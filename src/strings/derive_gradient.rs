//! Where a gradient comes from (cell mode on the backward pass): the chain rule, path by path.

use super::derive::{index_text, num};
use crate::lang::{Lang, Text, current};

/// A number as the derivations print it.
pub fn grad_num(v: f64) -> String {
    num(v)
}

pub fn grad_heading(name: &str, at: &[usize], value: f32) -> String {
    format!("∂L/∂{name}[{}] = {}", index_text(at), num(value as f64))
}

pub const GRAD_OF_LOSS: Text =
    Text::new("the loss itself: ∂L/∂L = 1, where the backward pass starts", "损失本身：∂L/∂L = 1，反向传播从这里出发");

/// The head of one path back: the operation that read this tensor (`straight`: the residual's
/// identity path, x in x + sublayer(x)).
pub fn grad_path(consumer: &str, kind: &str, shared: bool, straight: bool) -> String {
    let head = match (current(), shared) {
        (Lang::En, true) => format!("path back through {consumer} ({kind})"),
        (Lang::En, false) => format!("only {consumer} ({kind}) reads it, so all of it comes back that way"),
        (Lang::Zh, true) => format!("经 {consumer}（{kind}）传回的那一路"),
        (Lang::Zh, false) => format!("只有 {consumer}（{kind}）读取它，梯度全部由此传回"),
    };
    match (current(), straight) {
        (Lang::En, false) => format!("{head}:"),
        (Lang::Zh, false) => format!("{head}："),
        (Lang::En, true) => format!("{head}, the residual's straight path:"),
        (Lang::Zh, true) => format!("{head}，也就是残差连接的直通路："),
    }
}

/// upstream gradient × local derivative.
pub fn grad_times(upstream: &str, at: &[usize], up: f64, factor: &str, value: f64) -> String {
    format!("  {upstream}[{}] {} × {factor} = {}", index_text(at), num(up), num(value))
}

pub fn grad_zero(why: &str) -> String {
    format!("  {why}: 0")
}

pub const GRAD_HEAD_REMOVED: Text =
    Text::new("this head is removed here, so nothing flows back", "这个头在这里被去掉了，梯度传不回来");
pub const GRAD_NO_PATH: Text = Text::new("no gradient flows back along this path", "这条路不传回梯度");
pub const GRAD_MASKED: Text = Text::new(
    "masked: the score was replaced by a constant, whose derivative is 0",
    "被掩码遮住：这个分数换成了常数，常数的导数为 0",
);
pub const GRAD_PAD_LABEL: Text =
    Text::new("the label here is <pad>, which the loss ignores", "这里的标签是 <pad>，损失不计它");
pub const GRAD_RELU_OPEN: Text = Text::new("ReLU′ 1 (input > 0)", "ReLU′ 1（输入 > 0）");

pub fn grad_relu_closed(x: f64) -> String {
    match current() {
        Lang::En => format!("input {} ≤ 0, where ReLU is flat", num(x)),
        Lang::Zh => format!("输入 {} ≤ 0，ReLU 在那里是平的", num(x)),
    }
}

pub fn grad_mask_factor(m: f64) -> String {
    match current() {
        Lang::En => format!("mask {}", num(m)),
        Lang::Zh => format!("掩码 {}", num(m)),
    }
}

/// The column of attention weights a value cell was multiplied by.
pub fn grad_weights_column(b: usize, h: usize, key: usize) -> String {
    match current() {
        Lang::En => format!("weights[{b}, {h}, :, {key}]"),
        Lang::Zh => format!("权重[{b}, {h}, :, {key}]"),
    }
}

/// A broadcast input (the positional table) gathers the gradient of every cell it was added to.
pub fn grad_broadcast_sum(upstream: &str, count: usize, sum: f64) -> String {
    match current() {
        Lang::En => format!("  Σ of {upstream} over the {count} cells this number was added to = {}", num(sum)),
        Lang::Zh => format!("  这个数被加到了 {count} 个格子上，把这些格子的 {upstream} 加起来 = {}", num(sum)),
    }
}

pub fn grad_softmax(upstream: &str, p: f64, g: f64, through: f64, value: f64) -> Vec<String> {
    let subtracted = if through < 0.0 { format!("({})", num(through)) } else { num(through) };
    let (p, g, through, value) = (num(p), num(g), num(through), num(value));
    vec![
        match current() {
            Lang::En => format!("  p = {p}, {upstream} here = {g}, Σₖ {upstream}ₖ·pₖ = {through}"),
            Lang::Zh => format!("  p = {p}，此处的 {upstream} = {g}，Σₖ {upstream}ₖ·pₖ = {through}"),
        },
        format!("  p × ({g} − {subtracted}) = {value}"),
    ]
}

pub fn grad_normalize(
    upstream: &str,
    g: f64,
    g_mean: f64,
    hat: f64,
    g_hat_mean: f64,
    sigma: f64,
    value: f64,
) -> Vec<String> {
    let (g, g_mean, hat, g_hat_mean, sigma) = (num(g), num(g_mean), num(hat), num(g_hat_mean), num(sigma));
    vec![
        match current() {
            Lang::En => {
                format!(
                    "  g = {upstream} here = {g}, mean(g) = {g_mean}, x̂ = {hat}, mean(g·x̂) = {g_hat_mean}, σ = {sigma}"
                )
            }
            Lang::Zh => {
                format!(
                    "  g = 此处的 {upstream} = {g}，mean(g) = {g_mean}，x̂ = {hat}，mean(g·x̂) = {g_hat_mean}，σ = {sigma}"
                )
            }
        },
        format!("  (g − mean(g) − x̂·mean(g·x̂)) / σ = {}", num(value)),
    ]
}

pub fn grad_cross_entropy(p: f64, target: f64, labels: usize, value: f64) -> String {
    let (p, target, value) = (num(p), num(target), num(value));
    match current() {
        Lang::En => format!("  (softmax(logits) {p} − target {target}) / {labels} labels = {value}"),
        Lang::Zh => format!("  (softmax(logits) {p} − 目标 {target}) / {labels} 个标签 = {value}"),
    }
}

pub fn grad_paths_sum(paths: usize, total: f64) -> String {
    match current() {
        Lang::En => format!("the {paths} paths meet here: sum = {}", num(total)),
        Lang::Zh => format!("{paths} 条路在这里汇合：总和 = {}", num(total)),
    }
}

/// `∂L/∂name[0, 2, :]`: a gradient along the last axis.
pub fn grad_row_name(name: &str, row: &[usize]) -> String {
    format!("∂L/∂{name}[{}, :]", index_text(row))
}

/// `∂L/∂name[0, 1, :, 3]`: a gradient down the second-to-last axis.
pub fn grad_column_name(name: &str, lead: &[usize], col: usize) -> String {
    format!("∂L/∂{name}[{}, :, {col}]", index_text(lead))
}

/// A path's sum of products on one line, when many paths meet.
pub fn grad_dot_sum(upstream: &str, other: &str, terms: usize, sum: f64) -> String {
    match current() {
        Lang::En => format!("  Σ over {terms} terms of {upstream} × {other} = {}", num(sum)),
        Lang::Zh => format!("  对 {terms} 项 {upstream} × {other} 求和 = {}", num(sum)),
    }
}

/// The weight a Linear multiplied by, as a gradient path through it reads it.
pub fn grad_linear_weight(consumer: &str, col: usize) -> String {
    match current() {
        Lang::En => format!("{consumer}'s W[:, {col}]"),
        Lang::Zh => format!("{consumer} 的 W[:, {col}]"),
    }
}

//! Where a gradient comes from (cell mode on the backward pass): the chain rule, path by path.

use super::derive::{index_text, num};
use crate::lang::Text;
use crate::lang::message_with;

/// A number as the derivations print it.
pub fn grad_num(v: f64) -> String {
    num(v)
}

pub fn grad_heading(name: &str, at: &[usize], value: f32) -> String {
    format!("∂L/∂{name}[{}] = {}", index_text(at), num(value as f64))
}

pub const GRAD_OF_LOSS: Text = Text::id("grad-of-loss");

/// The head of one path back: the operation that read this tensor (`straight`: the residual's
/// identity path, x in x + sublayer(x)).
pub fn grad_path(consumer: &str, kind: &str, shared: bool, straight: bool) -> String {
    let id = match (shared, straight) {
        (true, false) => "grad-path-shared",
        (true, true) => "grad-path-shared-straight",
        (false, false) => "grad-path-only",
        (false, true) => "grad-path-only-straight",
    };
    message_with(id, &[("consumer", &consumer), ("kind", &kind)])
}

/// upstream gradient × local derivative.
pub fn grad_times(upstream: &str, at: &[usize], up: f64, factor: &str, value: f64) -> String {
    format!("  {upstream}[{}] {} × {factor} = {}", index_text(at), num(up), num(value))
}

pub fn grad_zero(why: &str) -> String {
    format!("  {why}: 0")
}

pub const GRAD_HEAD_REMOVED: Text = Text::id("grad-head-removed");
pub const GRAD_NO_PATH: Text = Text::id("grad-no-path");
pub const GRAD_MASKED: Text = Text::id("grad-masked");
pub const GRAD_PAD_LABEL: Text = Text::id("grad-pad-label");
pub const GRAD_RELU_OPEN: Text = Text::id("grad-relu-open");

pub fn grad_relu_closed(x: f64) -> String {
    message_with("grad-relu-closed", &[("num_x", &num(x))])
}

pub fn grad_mask_factor(m: f64) -> String {
    message_with("grad-mask-factor", &[("num_m", &num(m))])
}

/// The column of attention weights a value cell was multiplied by.
pub fn grad_weights_column(b: usize, h: usize, key: usize) -> String {
    message_with("grad-weights-column", &[("b", &b), ("h", &h), ("key", &key)])
}

/// A broadcast input (the positional table) gathers the gradient of every cell it was added to.
pub fn grad_broadcast_sum(upstream: &str, count: usize, sum: f64) -> String {
    message_with("grad-broadcast-sum", &[("upstream", &upstream), ("count", &count), ("num_sum", &num(sum))])
}

pub fn grad_softmax(upstream: &str, p: f64, g: f64, through: f64, value: f64) -> Vec<String> {
    let subtracted = if through < 0.0 { format!("({})", num(through)) } else { num(through) };
    let (p, g, through, value) = (num(p), num(g), num(through), num(value));
    vec![
        message_with("grad-softmax", &[("p", &p), ("upstream", &upstream), ("g", &g), ("through", &through)]),
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
        message_with(
            "grad-normalize",
            &[
                ("upstream", &upstream),
                ("g", &g),
                ("g_mean", &g_mean),
                ("hat", &hat),
                ("g_hat_mean", &g_hat_mean),
                ("sigma", &sigma),
            ],
        ),
        format!("  (g − mean(g) − x̂·mean(g·x̂)) / σ = {}", num(value)),
    ]
}

pub fn grad_cross_entropy(p: f64, target: f64, labels: usize, value: f64) -> String {
    let (p, target, value) = (num(p), num(target), num(value));
    message_with("grad-cross-entropy", &[("p", &p), ("target", &target), ("labels", &labels), ("value", &value)])
}

pub fn grad_paths_sum(paths: usize, total: f64) -> String {
    message_with("grad-paths-sum", &[("paths", &paths), ("num_total", &num(total))])
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
    message_with(
        "grad-dot-sum",
        &[("terms", &terms), ("upstream", &upstream), ("other", &other), ("num_sum", &num(sum))],
    )
}

/// The weight a Linear multiplied by, as a gradient path through it reads it.
pub fn grad_linear_weight(consumer: &str, col: usize) -> String {
    message_with("grad-linear-weight", &[("consumer", &consumer), ("col", &col)])
}

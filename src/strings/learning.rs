//! The lesson on learning: the loss view, the gradient views (grad-flow, embed-grad), the
//! backward walk's messages and a gradient's caption.

use crate::lang::message_with;
use crate::lang::{Lang, Text, current};

pub const BACKWARD_AT_INPUTS: Text = Text::id("backward-at-inputs");
pub const NO_CELLS_IN_SUMMARY: Text = Text::id("no-cells-in-summary");
pub const WEIGHT_CURSOR_ON: Text = Text::id("weight-cursor-on");

pub const WHAT_IF_NO_GRADIENTS: Text = Text::id("what-if-no-gradients");
pub const BACKWARD_AT_LOSS: Text = Text::id("backward-at-loss");

/// The tensor pane's name for a gradient: `∂L/∂logits`.
pub fn gradient_of(name: &str) -> String {
    format!("∂L/∂{name}")
}

/// A gradient view's caption, before the usual batch · head · shape: its length and the power
/// of ten its numbers are printed in.
pub fn gradient_caption(norm: &str, exponent: i32) -> String {
    let scale = if exponent == 0 { String::new() } else { format!(" · {}", times_ten_to(exponent)) };
    format!("‖∂L/∂·‖ {norm}{scale}")
}

/// The power of ten a gradient's numbers are printed in: `×1e-2`.
pub fn times_ten_to(exponent: i32) -> String {
    format!("×1e{exponent}")
}

/// What a gradient view's numbers are, under the grid.
pub fn gradient_legend(exponent: i32) -> String {
    match (current(), exponent) {
        (Lang::En, 0) => "each number is ∂L/∂ that cell: how the loss moves per unit change of it".into(),
        (Lang::Zh, 0) => "每个数是 ∂L/∂（这一格）：这一格变化 1，损失变化多少".into(),
        (Lang::En, e) => format!("each number ×1e{e} is ∂L/∂ that cell: how the loss moves per unit change of it"),
        (Lang::Zh, e) => format!("每个数乘以 1e{e} 才是 ∂L/∂（这一格）：这一格变化 1，损失变化多少"),
    }
}

pub const LOSS_TITLE: Text = Text::id("loss-title");
/// The loss table's columns: position, the token read, its label, p(label), −log p.
pub fn loss_columns() -> [&'static str; 5] {
    match current() {
        Lang::En => ["pos", "reads", "label", "p(label)", "−log p"],
        Lang::Zh => ["位置", "输入", "标签", "p(标签)", "−log p"],
    }
}
pub const LOSS_IGNORED: Text = Text::id("loss-ignored");

/// `batch row 0: 5 labels, Σ −log p = 0.512`.
pub fn loss_row_sum(row: usize, labels: usize, sum: &str) -> String {
    message_with("loss-row-sum", &[("row", &row), ("labels", &labels), ("sum", &sum)])
}

/// `loss = (0.512 + 0.301) / 9 = 0.090`.
pub fn loss_mean(sums: &[String], count: usize, loss: &str) -> String {
    let sum = if sums.len() == 1 { sums[0].clone() } else { format!("({})", sums.join(" + ")) };
    message_with("loss-mean", &[("sum", &sum), ("count", &count), ("loss", &loss)])
}

/// The first gradient of the backward pass, under the loss table.
pub fn logits_gradient_rule(count: usize) -> String {
    message_with("logits-gradient-rule", &[("count", &count)])
}

/// Under ∂L/∂logits' heatmap, the selected row in numbers, each already formatted.
pub struct LogitsGradRow<'a> {
    pub row: &'a str,
    pub label: &'a str,
    /// The label's probability.
    pub p: &'a str,
    /// The labels counted in the mean.
    pub n: usize,
    /// The label's cell, (p − 1)/N.
    pub cell: &'a str,
    pub other: &'a str,
    pub other_cell: &'a str,
    pub sum: &'a str,
}

pub fn logits_grad_row(r: &LogitsGradRow) -> String {
    let LogitsGradRow { row, label, p, n, cell, other, other_cell, sum } = r;
    let cell = cell.replace('-', "−");
    message_with(
        "logits-grad-row",
        &[
            ("row", &row),
            ("label", &label),
            ("p", &p),
            ("n", &n),
            ("cell", &cell),
            ("other", &other),
            ("other_cell", &other_cell),
            ("sum", &sum),
        ],
    )
}

/// A row the model already gets right to three decimals: every cell within 0.0001 of 0.
pub fn logits_grad_settled_row(row: &str, label: &str, p: &str) -> String {
    message_with("logits-grad-settled-row", &[("row", &row), ("label", &label), ("p", &p)])
}

/// The same for a row whose label is `<pad>`: ignored by the loss, so no gradient.
pub fn logits_grad_pad_row(row: &str, all_zero: bool) -> String {
    let zero = match (current(), all_zero) {
        (Lang::En, true) => "every cell is 0",
        (Lang::En, false) => "yet some cell is not 0",
        (Lang::Zh, true) => "每个格子都是 0",
        (Lang::Zh, false) => "却有格子不是 0",
    };
    message_with("logits-grad-pad-row", &[("row", &row), ("zero", &zero)])
}

pub const GRAD_FLOW_TITLE: Text = Text::id("grad-flow-title");
/// The grad-flow table's columns.
pub fn grad_flow_columns() -> [&'static str; 4] {
    match current() {
        Lang::En => ["layer", "its input", "all paths", "sublayers only"],
        Lang::Zh => ["层", "它的输入", "全部路径", "只走子层"],
    }
}
pub const GRAD_FLOW_RULE: Text = Text::id("grad-flow-rule");

/// `∂L/∂ (tgt embedding table)`: the embed-grad view's title.
pub fn embed_grad_title(side: &str, rows: usize, d: usize) -> String {
    message_with("embed-grad-title", &[("side", &side), ("rows", &rows), ("d", &d)])
}

/// The embed-grad table's columns.
pub fn embed_grad_columns() -> [&'static str; 4] {
    match current() {
        Lang::En => ["id", "word", "positions", "‖∂L/∂E[id]‖"],
        Lang::Zh => ["id", "词", "出现次数", "‖∂L/∂E[id]‖"],
    }
}

/// `read by the batch, gradient exactly 0: <pad> ×2 (arriving 0), …`.
pub fn embed_grad_zero(words: &[String]) -> String {
    message_with("embed-grad-zero", &[("words_join", &words.join(", ")), ("words_join_2", &words.join("；"))])
}

/// One of those words: how many positions read it, and ‖∂L/∂x‖ arriving at them.
pub fn embed_grad_zero_word(word: &str, positions: usize, arriving: &str) -> String {
    message_with("embed-grad-zero-word", &[("word", &word), ("positions", &positions), ("arriving", &arriving)])
}

/// `9 of 47 rows get a gradient; the other 38 get exactly 0`.
pub fn embed_grad_count(with: usize, rows: usize) -> String {
    message_with("embed-grad-count", &[("with", &with), ("rows", &rows), ("rows_with", &(rows - with))])
}

/// The adam-step view's lines, in order (numbers already written out).
pub struct StepText<'a> {
    pub param: &'a str,
    pub at: &'a str,
    pub grad: &'a str,
    pub h: &'a str,
    pub plus: &'a str,
    pub minus: &'a str,
    pub estimate: &'a str,
    pub clip: &'a str,
    /// The whole gradient was longer than 1 and scaled down (`clip` below 1).
    pub clipped: bool,
    pub m: &'a str,
    pub v: &'a str,
    pub m_hat: &'a str,
    pub v_hat: &'a str,
    pub lr: &'a str,
    pub eps: &'a str,
    pub step: &'a str,
    pub before: &'a str,
    pub after: &'a str,
    pub loss_before: &'a str,
    pub loss_after: &'a str,
    /// The loss after the step against before, as printed (three decimals); None when either
    /// is not a finite number.
    pub loss_moved: Option<std::cmp::Ordering>,
    /// The weight was chosen with the cursor (else it is the one with the largest gradient).
    pub chosen: bool,
    /// The cursor is on (the arrows move it).
    pub cursor_on: bool,
}

/// The adam-step view, line by line: (text, whether it is a heading).
pub fn adam_step_lines(t: &StepText) -> Vec<(String, bool)> {
    let StepText {
        param,
        at,
        grad,
        h,
        plus,
        minus,
        estimate,
        clip,
        clipped,
        m,
        v,
        m_hat,
        v_hat,
        lr,
        eps,
        step,
        before,
        after,
        loss_before,
        loss_after,
        loss_moved,
        chosen,
        cursor_on,
    } = t;
    match current() {
        Lang::En => vec![
            (
                match (chosen, cursor_on) {
                    (_, true) => format!("One step for {param}{at}, the weight under the cursor (←↑↓→ move it)"),
                    (true, false) => format!("One step for {param}{at}, the weight you chose (c: choose another)"),
                    _ => format!("One step for {param}{at}, its weight with the largest |∂L/∂w| (c: choose another)"),
                },
                true,
            ),
            (String::new(), false),
            ("Where the gradient comes from".into(), true),
            (format!("  backward pass      ∂L/∂w = {grad}"), false),
            (format!("  finite difference  (L(w+h) − L(w−h)) / 2h, h = {h}, in float64"), false),
            (format!("                     ({plus} − {minus}) / (2·{h}) = {estimate}"), false),
            (String::new(), false),
            ("Adam's first step (β1 = 0.9, β2 = 0.98, m and v start at 0)".into(), true),
            (clip_line_en(clip, *clipped), false),
            (format!("  m = (1 − β1)·g  = {m}      m̂ = m / (1 − β1) = {m_hat}"), false),
            (format!("  v = (1 − β2)·g² = {v}      v̂ = v / (1 − β2) = {v_hat}"), false),
            (format!("  step = lr·m̂ / (√v̂ + ε) = {lr} × {m_hat} / (√{v_hat} + {eps}) = {step}"), false),
            (format!("  w: {before} → {after}"), false),
            (String::new(), false),
            (format!("Every weight takes its step; the loss on this batch: {loss_before} → {loss_after}"), true),
            (loss_change_en(*loss_moved), false),
        ],
        Lang::Zh => vec![
            (
                match (chosen, cursor_on) {
                    (_, true) => format!("{param}{at} 走一步：光标所在的权重（←↑↓→ 移动光标）"),
                    (true, false) => format!("{param}{at} 走一步：你选的权重（按 c 换一个）"),
                    _ => format!("{param}{at} 走一步：它是 {param} 里 |∂L/∂w| 最大的权重（按 c 换一个）"),
                },
                true,
            ),
            (String::new(), false),
            ("梯度从哪里来".into(), true),
            (format!("  反向传播   ∂L/∂w = {grad}"), false),
            (format!("  有限差分   (L(w+h) − L(w−h)) / 2h，h = {h}，前向传播用 float64 重算"), false),
            (format!("             ({plus} − {minus}) / (2·{h}) = {estimate}"), false),
            (String::new(), false),
            ("Adam 的第一步（β1 = 0.9，β2 = 0.98，m 和 v 从 0 开始）".into(), true),
            (clip_line_zh(clip, *clipped), false),
            (format!("  m = (1 − β1)·g  = {m}      m̂ = m / (1 − β1) = {m_hat}"), false),
            (format!("  v = (1 − β2)·g² = {v}      v̂ = v / (1 − β2) = {v_hat}"), false),
            (format!("  步长 = lr·m̂ / (√v̂ + ε) = {lr} × {m_hat} / (√{v_hat} + {eps}) = {step}"), false),
            (format!("  w：{before} → {after}"), false),
            (String::new(), false),
            (format!("所有权重各走一步；这个批次上的损失：{loss_before} → {loss_after}"), true),
            (loss_change_zh(*loss_moved), false),
        ],
    }
}

/// Why the loss moved as it did after the step.
fn loss_change_en(moved: Option<std::cmp::Ordering>) -> String {
    match moved {
        None => "A loss that is not a finite number cannot be compared: the weights have overflowed.".into(),
        Some(std::cmp::Ordering::Greater) => {
            "It rose: this first step moves every weight by about lr at once, whether the loss \
             cares about that weight or not, and all those moves together overshoot. Warm-up keeps the first steps \
             small for this reason."
                .into()
        }
        Some(std::cmp::Ordering::Less) => {
            "It fell: every weight moved a little against its own gradient, and the loss on this batch went down."
                .into()
        }
        Some(std::cmp::Ordering::Equal) => {
            "It is unchanged to three decimals: the steps were too small to show here.".into()
        }
    }
}

fn loss_change_zh(moved: Option<std::cmp::Ordering>) -> String {
    match moved {
        None => "损失不是有限的数，没法比较：权重已经溢出了。".into(),
        Some(std::cmp::Ordering::Greater) => "损失反而升高了：这第一步让每个权重都挪动约 lr，不管损失在不在乎它，\
             这么多挪动加在一起就走过了头。预热让最初几步走得很小，正是为了这个。"
            .into(),
        Some(std::cmp::Ordering::Less) => {
            "损失降低了：每个权重都逆着自己的梯度挪了一点，这个批次上的损失随之下降。".into()
        }
        Some(std::cmp::Ordering::Equal) => "保留三位小数看不出变化：这一步太小，在这里显示不出来。".into(),
    }
}

/// `g = ∂L/∂w × 0.046 (…clipped…)`, or no factor when the gradient was not clipped.
fn clip_line_en(clip: &str, clipped: bool) -> String {
    if !clipped {
        "  g = ∂L/∂w (the whole gradient is no longer than 1: not clipped)".into()
    } else {
        format!("  g = ∂L/∂w × {clip} (the whole gradient clipped to length 1)")
    }
}

fn clip_line_zh(clip: &str, clipped: bool) -> String {
    if !clipped {
        "  g = ∂L/∂w（整个梯度长度不超过 1：没有裁剪）".into()
    } else {
        format!("  g = ∂L/∂w × {clip}（整个梯度被裁剪到长度 1）")
    }
}

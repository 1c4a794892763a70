//! The lesson on learning: the loss view, the gradient views (grad-flow, embed-grad), the
//! backward walk's messages and a gradient's caption.

use std::cmp::Ordering;

use crate::lang::Text;
use crate::lang::{message, message_with};

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
    match exponent {
        0 => message("gradient-legend-plain").to_string(),
        e => message_with("gradient-legend-scaled", &[("e", &e)]),
    }
}

pub const LOSS_TITLE: Text = Text::id("loss-title");
/// The loss table's columns: position, the token read, its label, p(label), −log p.
pub fn loss_columns() -> [&'static str; 5] {
    [
        message("loss-column-position"),
        message("loss-column-reads"),
        message("loss-column-label"),
        message("loss-column-p-label"),
        "−log p",
    ]
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
    let zero = match all_zero {
        true => message("logits-grad-pad-all-zero"),
        false => message("logits-grad-pad-not-all-zero"),
    };
    message_with("logits-grad-pad-row", &[("row", &row), ("zero", &zero)])
}

pub const GRAD_FLOW_TITLE: Text = Text::id("grad-flow-title");
/// The grad-flow table's columns.
pub fn grad_flow_columns() -> [&'static str; 4] {
    [
        message("grad-flow-column-layer"),
        message("grad-flow-column-input"),
        message("grad-flow-column-all-paths"),
        message("grad-flow-column-sublayers"),
    ]
}
pub const GRAD_FLOW_RULE: Text = Text::id("grad-flow-rule");

/// One batch row's tokens above the embedding gradient's table: `row 0 reads 猫 吃 鱼 <pad>`.
pub fn embed_grad_reads(b: usize, words: &str) -> String {
    message_with("embed-grad-reads", &[("b", &b), ("words", &words)])
}

/// `∂L/∂ (tgt embedding table)`: the embed-grad view's title.
pub fn embed_grad_title(side: &str, rows: usize, d: usize) -> String {
    message_with("embed-grad-title", &[("side", &side), ("rows", &rows), ("d", &d)])
}

/// The embed-grad table's columns.
pub fn embed_grad_columns() -> [&'static str; 4] {
    [
        message("embed-grad-column-id"),
        message("embed-grad-column-word"),
        message("embed-grad-column-positions"),
        "‖∂L/∂E[id]‖",
    ]
}

/// `read by the batch, gradient exactly 0: <pad> ×2 (arriving 0), …`.
/// On a table the output Linear also reads (`tied`), the lookups' gradient only.
pub fn embed_grad_zero(words: &[String], tied: bool) -> String {
    let words = words.join(message("embed-grad-zero-separator"));
    let id = if tied { "embed-grad-zero-words-tied" } else { "embed-grad-zero-words" };
    message_with(id, &[("words", &words)])
}

/// One of those words: how many positions read it, and ‖∂L/∂x‖ arriving at them.
pub fn embed_grad_zero_word(word: &str, positions: usize, arriving: &str) -> String {
    message_with("embed-grad-zero-word", &[("word", &word), ("positions", &positions), ("arriving", &arriving)])
}

/// `9 of 47 rows get a gradient; the other 38 get exactly 0`.
/// On a table the output Linear also reads, `tied` is how many rows get one counting that path too.
pub fn embed_grad_count(with: usize, rows: usize, tied: Option<usize>) -> String {
    match tied {
        None => message_with("embed-grad-count", &[("with", &with), ("rows", &rows), ("rows_with", &(rows - with))]),
        Some(all) => message_with("embed-grad-count-tied", &[("with", &with), ("rows", &rows), ("all", &all)]),
    }
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
    /// The finite difference is the program's own float32 forward (a loaded translator).
    pub float32: bool,
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
        float32,
    } = t;
    let title = match (chosen, cursor_on) {
        (_, true) => "adam-step-title-cursor",
        (true, false) => "adam-step-title-chosen",
        _ => "adam-step-title-largest",
    };
    let clip = match clipped {
        true => message_with("adam-step-clipped", &[("clip", clip)]),
        false => message("adam-step-not-clipped").to_string(),
    };
    let step =
        message_with("adam-step-step", &[("lr", lr), ("m_hat", m_hat), ("v_hat", v_hat), ("eps", eps), ("step", step)]);
    vec![
        (message_with(title, &[("param", param), ("at", at)]), true),
        (String::new(), false),
        (message("adam-step-gradient-heading").into(), true),
        (message_with("adam-step-backward", &[("grad", grad)]), false),
        (
            message_with(
                if *float32 { "adam-step-finite-difference-f32" } else { "adam-step-finite-difference" },
                &[("h", h)],
            ),
            false,
        ),
        (
            message_with("adam-step-estimate", &[("plus", plus), ("minus", minus), ("h", h), ("estimate", estimate)]),
            false,
        ),
        (String::new(), false),
        (message("adam-step-adam-heading").into(), true),
        (clip, false),
        (format!("  m = (1 − β1)·g  = {m}      m̂ = m / (1 − β1) = {m_hat}"), false),
        (format!("  v = (1 − β2)·g² = {v}      v̂ = v / (1 − β2) = {v_hat}"), false),
        (step, false),
        (message_with("adam-step-weight", &[("before", before), ("after", after)]), false),
        (String::new(), false),
        (message_with("adam-step-loss-heading", &[("loss_before", loss_before), ("loss_after", loss_after)]), true),
        (loss_change(*loss_moved).into(), false),
    ]
}

/// A count of the batch's sentences with its noun (0: sentences, 1: sentence pairs, 2: rows),
/// as `{sentence-count …}` writes it: `1 sentence`, `2 rows`; in Chinese the number alone.
pub fn sentence_count(noun: usize, n: usize) -> String {
    let id = ["count-sentences", "count-sentence-pairs", "count-rows"][noun.min(2)];
    message_with(id, &[("n", &n)])
}

/// Which way the loss moved after the step, as a lesson's answer says it: `rises`, `falls`.
pub fn loss_direction(moved: Option<Ordering>) -> &'static str {
    match moved {
        None => message("loss-direction-not-finite"),
        Some(Ordering::Greater) => message("loss-direction-rises"),
        Some(Ordering::Less) => message("loss-direction-falls"),
        Some(Ordering::Equal) => message("loss-direction-unchanged"),
    }
}

/// Why the loss moved as it did after the step.
fn loss_change(moved: Option<Ordering>) -> &'static str {
    match moved {
        None => message("adam-step-loss-not-finite"),
        Some(Ordering::Greater) => message("adam-step-loss-rose"),
        Some(Ordering::Less) => message("adam-step-loss-fell"),
        Some(Ordering::Equal) => message("adam-step-loss-unchanged"),
    }
}

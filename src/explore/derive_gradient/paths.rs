//! The paths whose local derivative reads more than one cell: the two products of attention,
//! the mask, softmax, LayerNorm's normalization and the loss.

use super::Path;
use crate::model::arch::MaskFill;
use crate::strings;
use ndarray::{ArrayD, IxDyn};

/// The value of `t` at `at`, where `t` broadcasts to the shape `at` indexes (size-1 axes read 0).
fn broadcast_at(t: &ArrayD<f32>, at: &[usize]) -> f32 {
    let offset = at.len() - t.ndim();
    let index: Vec<usize> =
        t.shape().iter().enumerate().map(|(a, &n)| if n == 1 { 0 } else { at[a + offset] }).collect();
    t[IxDyn(&index)]
}

/// The last axis of `t` at the row `at` stands in, in f64.
fn row_of(t: &ArrayD<f32>, at: &[usize]) -> Vec<f64> {
    let mut index = at.to_vec();
    (0..t.shape()[t.ndim() - 1])
        .map(|k| {
            *index.last_mut().expect("an index") = k;
            t[IxDyn(&index)] as f64
        })
        .collect()
}

impl Path<'_> {
    /// scores = Q·Kᵀ: a query cell gathers ∂L/∂scores along its row times the keys, a key cell
    /// along its column times the queries. (batch, heads, t, d_k) in, (batch, heads, t_q, t_k) out.
    pub(super) fn query_key(&self, lines: &mut Vec<String>) -> f64 {
        let (b, h, t, c) = (self.at[0], self.at[1], self.at[2], self.at[3]);
        let up = self.upstream();
        if self.slot == 0 {
            let k = self.input(1);
            let products = (0..up.shape()[3]).map(|j| (up[[b, h, t, j]] as f64, k[[b, h, j, c]] as f64)).collect();
            self.dot(lines, &self.up_row(&[b, h, t]), &format!("K[{b}, {h}, :, {c}]"), products)
        } else {
            let q = self.input(0);
            let products = (0..up.shape()[2]).map(|i| (up[[b, h, i, t]] as f64, q[[b, h, i, c]] as f64)).collect();
            self.dot(
                lines,
                &strings::grad_column_name(&self.consumer.name, &[b, h], t),
                &format!("Q[{b}, {h}, :, {c}]"),
                products,
            )
        }
    }

    /// context = weights·V: a weight cell gathers ∂L/∂context along its row times V's row of
    /// that key; a V cell gathers it down the queries, each times its weight on that key.
    pub(super) fn context(&self, lines: &mut Vec<String>) -> f64 {
        let (b, h, i, j) = (self.at[0], self.at[1], self.at[2], self.at[3]);
        let up = self.upstream(); // (batch, heads, t_q, d_k)
        if self.slot == 0 {
            let v = self.input(1);
            let products = (0..up.shape()[3]).map(|c| (up[[b, h, i, c]] as f64, v[[b, h, j, c]] as f64)).collect();
            self.dot(lines, &self.up_row(&[b, h, i]), &format!("V[{b}, {h}, {j}, :]"), products)
        } else {
            let weights = self.input(0);
            let products =
                (0..up.shape()[2]).map(|q| (up[[b, h, q, j]] as f64, weights[[b, h, q, i]] as f64)).collect();
            self.dot(
                lines,
                &strings::grad_column_name(&self.consumer.name, &[b, h], j),
                &strings::grad_weights_column(b, h, i),
                products,
            )
        }
    }

    /// A masked score was replaced by a constant, so nothing flows back to it; a visible one
    /// passes its gradient on (the multiply what-if scales it by the mask).
    pub(super) fn mask_fill(&self, lines: &mut Vec<String>, fill: MaskFill) -> f64 {
        let m = broadcast_at(self.input(1), self.at) as f64;
        match fill {
            MaskFill::Multiply => self.times(lines, self.at, m, &strings::grad_mask_factor(m)),
            _ if m == 0.0 => self.zero(lines, strings::GRAD_MASKED.get()),
            _ => self.times(lines, self.at, 1.0, "1"),
        }
    }

    /// softmax: ∂L/∂xⱼ = pⱼ·(∂L/∂pⱼ − Σₖ ∂L/∂pₖ·pₖ), with p recomputed from the row of scores.
    pub(super) fn softmax(&self, lines: &mut Vec<String>) -> f64 {
        let j = self.at[self.at.len() - 1];
        let x = row_of(self.input(0), self.at);
        let max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = x.iter().map(|v| (v - max).exp()).sum();
        let p: Vec<f64> = x.iter().map(|v| (v - max).exp() / sum).collect();
        let g = row_of(self.upstream(), self.at);
        let through: f64 = g.iter().zip(&p).map(|(g, p)| g * p).sum();
        let value = p[j] * (g[j] - through);
        lines.extend(strings::grad_softmax(&self.up_name(), p[j], g[j], through, value));
        value
    }

    /// LayerNorm's (x − μ)/σ: ∂L/∂xⱼ = (gⱼ − mean(g) − x̂ⱼ·mean(g·x̂)) / σ over the token's row,
    /// every output of the row depending on every input through μ and σ.
    pub(super) fn normalize(&self, lines: &mut Vec<String>, eps: f64) -> f64 {
        let j = self.at[self.at.len() - 1];
        let x = row_of(self.input(0), self.at);
        let d = x.len() as f64;
        let mean = x.iter().sum::<f64>() / d;
        let sigma = (x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / d + eps).sqrt();
        let hat: Vec<f64> = x.iter().map(|v| (v - mean) / sigma).collect();
        let g = row_of(self.upstream(), self.at);
        let g_mean = g.iter().sum::<f64>() / d;
        let g_hat_mean = g.iter().zip(&hat).map(|(g, h)| g * h).sum::<f64>() / d;
        let value = (g[j] - g_mean - hat[j] * g_hat_mean) / sigma;
        lines.extend(strings::grad_normalize(&self.up_name(), g[j], g_mean, hat[j], g_hat_mean, sigma, value));
        value
    }

    /// The loss: (softmax(logits) − target) / N at a label's row, where the target is the
    /// (smoothed) one-hot of the label and N counts the labels that are not `<pad>`.
    pub(super) fn cross_entropy(&self, lines: &mut Vec<String>, smoothing_permille: u16) -> f64 {
        let (b, t, v) = (self.at[0], self.at[1], self.at[2]);
        let labels = self.run.inputs().labels.as_ref().expect("a training run has labels");
        let pad = self.run.weights().config.pad_idx;
        if labels[[b, t]] == pad {
            return self.zero(lines, strings::GRAD_PAD_LABEL.get());
        }
        let logits = row_of(self.input(0), self.at);
        let max = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = logits.iter().map(|l| (l - max).exp()).sum();
        let p = (logits[v] - max).exp() / sum;
        let eps = smoothing_permille as f64 / 1000.0;
        let target = eps / logits.len() as f64 + if v == labels[[b, t]] { 1.0 - eps } else { 0.0 };
        let n = labels.iter().filter(|&&l| l != pad).count().max(1);
        let d_loss = self.up_at(&[]);
        let value = d_loss * (p - target) / n as f64;
        lines.push(strings::grad_cross_entropy(p, target, n, value));
        value
    }
}

//! The training loss: cross-entropy of the next word, averaged over the labels that are not
//! `<pad>` (PyTorch's `CrossEntropyLoss(ignore_index=pad, label_smoothing=ε)`). It is the loss,
//! not the model, that ignores pad positions: their logits are computed like any other.

use super::{data, for_each_row};
use ndarray::{Array2, ArrayD, IxDyn, arr0};

/// loss = mean over non-pad labels of (1−ε)·(−log p[label]) + ε·mean_j(−log p[j]),
/// with p = softmax(logits). logits (B, T, V), labels (B, T) -> a scalar, shape ().
pub fn cross_entropy(logits: &ArrayD<f32>, labels: &Array2<usize>, pad: usize, smoothing: f32) -> ArrayD<f32> {
    let v = logits.shape()[2];
    let mut total = 0.0f64;
    let mut count = 0usize;
    for (row, &label) in data(logits).chunks_exact(v).zip(labels.iter()) {
        if label == pad {
            continue;
        }
        let log_z = log_sum_exp(row);
        let nll = log_z - row[label] as f64;
        let mean_nll = log_z - row.iter().map(|&x| x as f64).sum::<f64>() / v as f64;
        total += (1.0 - smoothing as f64) * nll + smoothing as f64 * mean_nll;
        count += 1;
    }
    arr0((total / count.max(1) as f64) as f32).into_dyn()
}

/// d_logits = d_loss · (softmax(logits) − q) / N, where q is the smoothed one-hot target
/// ((1−ε) on the label, ε/V everywhere) and N the number of non-pad labels; pad rows get 0.
pub fn cross_entropy_backward(
    logits: &ArrayD<f32>,
    labels: &Array2<usize>,
    pad: usize,
    smoothing: f32,
    d_loss: f32,
) -> ArrayD<f32> {
    let v = logits.shape()[2];
    let count = labels.iter().filter(|&&l| l != pad).count().max(1);
    let scale = d_loss / count as f32;
    let labels: Vec<usize> = labels.iter().copied().collect();
    let mut d_logits = logits.as_standard_layout().into_owned();
    for_each_row(d_logits.as_slice_mut().expect("standard layout"), v, |r, row| {
        if labels[r] == pad {
            row.fill(0.0);
            return;
        }
        crate::model::softmax::softmax_row(row);
        for p in row.iter_mut() {
            *p = (*p - smoothing / v as f32) * scale;
        }
        row[labels[r]] -= (1.0 - smoothing) * scale;
    });
    d_logits.into_shape_with_order(IxDyn(logits.shape())).expect("same shape")
}

/// log Σ exp(x), shifted by the maximum, accumulated in f64.
fn log_sum_exp(row: &[f32]) -> f64 {
    let max = row.iter().fold(f32::NEG_INFINITY, |m, &x| m.max(x)) as f64;
    max + row.iter().map(|&x| (x as f64 - max).exp()).sum::<f64>().ln()
}

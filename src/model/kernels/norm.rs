//! LayerNorm in two operations: x̂ = (x − mean) / √(var + eps) per token, then γ·x̂ + β.

use super::{data, for_each_row, transformed_rows};
use ndarray::{Array1, ArrayD, ArrayView1};

/// The first half of LayerNorm: (x - mean) / sqrt(var + eps) over the last (feature) axis,
/// with the biased variance (divide by d), as PyTorch's nn.LayerNorm.
pub fn normalize(x: &ArrayD<f32>, eps: f32) -> ArrayD<f32> {
    let d = x.shape()[x.ndim() - 1];
    transformed_rows(x, d, |_, rows| {
        for row in rows.chunks_exact_mut(d) {
            let (mean, var) = mean_and_variance(row);
            let inv_std = 1.0 / (var + eps).sqrt();
            for v in row.iter_mut() {
                *v = (*v - mean) * inv_std;
            }
        }
    })
}

/// d_x = (d_x̂ − mean(d_x̂) − x̂ · mean(d_x̂ ⊙ x̂)) / √(var + eps), per token.
pub fn normalize_backward(x: &ArrayD<f32>, eps: f32, d_hat: &ArrayD<f32>) -> ArrayD<f32> {
    let d = x.shape()[x.ndim() - 1];
    let xd = data(x);
    let mut d_x = d_hat.as_standard_layout().into_owned();
    for_each_row(d_x.as_slice_mut().expect("standard layout"), d, |r, g| {
        let x_row = &xd[r * d..(r + 1) * d];
        let (mean, var) = mean_and_variance(x_row);
        let inv_std = 1.0 / (var + eps).sqrt();
        let n = d as f32;
        let mut g_mean = 0.0f32;
        let mut g_hat_mean = 0.0f32;
        for (gi, xi) in g.iter().zip(x_row) {
            g_mean += gi;
            g_hat_mean += gi * (xi - mean) * inv_std;
        }
        g_mean /= n;
        g_hat_mean /= n;
        for (gi, xi) in g.iter_mut().zip(x_row) {
            let hat = (xi - mean) * inv_std;
            *gi = (*gi - g_mean - hat * g_hat_mean) * inv_std;
        }
    });
    d_x
}

/// The second half of LayerNorm: gamma * x_hat + beta, per feature.
pub fn scale_shift(x_hat: &ArrayD<f32>, gamma: ArrayView1<f32>, beta: ArrayView1<f32>) -> ArrayD<f32> {
    let d = gamma.len();
    let (gamma, beta) = (gamma.to_vec(), beta.to_vec());
    transformed_rows(x_hat, d, |_, rows| {
        for row in rows.chunks_exact_mut(d) {
            for ((v, g), b) in row.iter_mut().zip(&gamma).zip(&beta) {
                *v = *v * g + b;
            }
        }
    })
}

/// d_x̂ = d_out ⊙ γ;  d_γ = Σ_tokens d_out ⊙ x̂;  d_β = Σ_tokens d_out.
pub fn scale_shift_backward(
    x_hat: &ArrayD<f32>,
    gamma: ArrayView1<f32>,
    d_out: &ArrayD<f32>,
) -> (ArrayD<f32>, Array1<f32>, Array1<f32>) {
    let d = gamma.len();
    let gamma = gamma.to_vec();
    let mut d_gamma = Array1::<f32>::zeros(d);
    let mut d_beta = Array1::<f32>::zeros(d);
    for (g, h) in data(d_out).chunks_exact(d).zip(data(x_hat).chunks_exact(d)) {
        for j in 0..d {
            d_gamma[j] += g[j] * h[j];
            d_beta[j] += g[j];
        }
    }
    let mut d_hat = d_out.as_standard_layout().into_owned();
    for_each_row(d_hat.as_slice_mut().expect("standard layout"), d, |_, row| {
        for (v, g) in row.iter_mut().zip(&gamma) {
            *v *= g;
        }
    });
    (d_hat, d_gamma, d_beta)
}

/// Mean and biased variance of a contiguous vector, accumulated in f64.
pub fn mean_and_variance(row: &[f32]) -> (f32, f32) {
    let n = row.len() as f64;
    let mean = row.iter().map(|&v| v as f64).sum::<f64>() / n;
    let var = row.iter().map(|&v| (v as f64 - mean) * (v as f64 - mean)).sum::<f64>() / n;
    (mean as f32, var as f32)
}

//! LayerNorm, BatchNorm and InstanceNorm on the same tensor (note 000's comparison), without γ
//! and β: LayerNorm normalises each token over its d_model features; BatchNorm normalises each
//! feature over every (batch row, position) of the batch, `<pad>` positions included, as
//! nn.BatchNorm1d would see a padded batch; InstanceNorm normalises each feature of each sentence
//! over that sentence's positions, `<pad>` included, as nn.InstanceNorm1d sees (B, d, T).

use super::kernels::mean_and_variance;
use ndarray::{Array2, Array3, ArrayView2, ArrayView3, Axis};

/// The epsilon both norms use (PyTorch's default for both).
pub const EPS: f32 = 1e-5;

/// BatchNorm statistics of a (B, T, d) tensor: per feature, over the positions `keep` selects.
#[derive(Debug, Clone, PartialEq)]
pub struct FeatureStats {
    pub mean: Vec<f32>, // (d,)
    pub var: Vec<f32>,  // (d,) biased, as in training mode
}

/// Per-feature mean and biased variance over every position where `keep` (B, T) is true.
pub fn feature_stats(x: ArrayView3<f32>, keep: ArrayView2<bool>) -> FeatureStats {
    let d = x.shape()[2];
    let mut mean = Vec::with_capacity(d);
    let mut var = Vec::with_capacity(d);
    for f in 0..d {
        let column: Vec<f32> =
            x.index_axis(Axis(2), f).indexed_iter().filter(|(bt, _)| keep[*bt]).map(|(_, &v)| v).collect();
        let (m, v) = if column.is_empty() { (0.0, 0.0) } else { mean_and_variance(&column) };
        mean.push(m);
        var.push(v);
    }
    FeatureStats { mean, var }
}

/// BatchNorm's x̂: every feature shifted and scaled by its batch statistics.
pub fn batch_norm(x: ArrayView3<f32>, stats: &FeatureStats) -> Array3<f32> {
    let mut out = x.to_owned();
    for ((_, _, f), v) in out.indexed_iter_mut() {
        *v = (*v - stats.mean[f]) / (stats.var[f] + EPS).sqrt();
    }
    out
}

/// LayerNorm's x̂: every token shifted and scaled by its own statistics.
pub fn layer_norm(x: ArrayView3<f32>) -> Array3<f32> {
    let mut out = x.to_owned();
    for mut row in out.lanes_mut(Axis(2)) {
        let (m, v) = mean_and_variance(row.as_slice().expect("standard layout"));
        row.mapv_inplace(|x| (x - m) / (v + EPS).sqrt());
    }
    out
}

/// InstanceNorm's x̂: every (sentence, feature) shifted and scaled by its statistics over that
/// sentence's T positions.
pub fn instance_norm(x: ArrayView3<f32>) -> Array3<f32> {
    let mut out = x.to_owned();
    for mut sentence in out.outer_iter_mut() {
        for mut feature in sentence.lanes_mut(Axis(0)) {
            let column: Vec<f32> = feature.to_vec();
            let (m, v) = mean_and_variance(&column);
            feature.mapv_inplace(|x| (x - m) / (v + EPS).sqrt());
        }
    }
    out
}

/// Mean and standard deviation of each token's features: (B, T) of (mean, std).
pub fn token_stats(x: ArrayView3<f32>) -> Array2<(f32, f32)> {
    let (b, t) = (x.shape()[0], x.shape()[1]);
    Array2::from_shape_fn((b, t), |(i, j)| {
        let row: Vec<f32> = x.slice(ndarray::s![i, j, ..]).to_vec();
        let (m, v) = mean_and_variance(&row);
        (m, v.sqrt())
    })
}

/// The whole comparison for one tensor (B, T, d) and its padding (B, T), true at real tokens.
#[derive(Debug, Clone, PartialEq)]
pub struct NormComparison {
    pub layer: Array3<f32>,      // (B, T, d) LayerNorm x̂
    pub batch: Array3<f32>,      // (B, T, d) BatchNorm x̂ with <pad> positions in the statistics
    pub instance: Array3<f32>,   // (B, T, d) InstanceNorm x̂, <pad> positions in each sentence's statistics
    pub with_pad: FeatureStats,  // BatchNorm's statistics over every position
    pub real_only: FeatureStats, // the same over real tokens only
}

impl NormComparison {
    pub fn of(x: ArrayView3<f32>, real: ArrayView2<bool>) -> NormComparison {
        let everything = Array2::from_elem(real.raw_dim(), true);
        let with_pad = feature_stats(x, everything.view());
        let real_only = feature_stats(x, real);
        NormComparison {
            layer: layer_norm(x),
            batch: batch_norm(x, &with_pad),
            instance: instance_norm(x),
            with_pad,
            real_only,
        }
    }

    /// The largest change of a feature's BatchNorm mean when `<pad>` positions are left out.
    pub fn pad_shift(&self) -> f32 {
        self.with_pad.mean.iter().zip(&self.real_only.mean).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::Array3;

    fn x() -> Array3<f32> {
        Array3::from_shape_fn((2, 3, 4), |(b, t, f)| (b * 12 + t * 4 + f * f) as f32 * 0.3 - 1.0)
    }

    #[test]
    fn layer_norm_gives_every_token_mean_0_std_1_and_batch_norm_every_feature() {
        let x = x();
        let real = Array2::from_elem((2, 3), true);
        let c = NormComparison::of(x.view(), real.view());
        for (m, s) in token_stats(c.layer.view()) {
            assert!(m.abs() < 1e-5 && (s - 1.0).abs() < 1e-3, "token {m} {s}");
        }
        for f in 0..4 {
            let column: Vec<f32> = c.batch.index_axis(Axis(2), f).iter().copied().collect();
            let (m, v) = mean_and_variance(&column);
            assert!(m.abs() < 1e-5 && (v.sqrt() - 1.0).abs() < 1e-3, "feature {f}: {m} {v}");
        }
        // BatchNorm does not centre tokens
        assert!(token_stats(c.batch.view()).iter().any(|(m, _)| m.abs() > 0.1));
        // InstanceNorm centres each feature of each sentence over its positions, not tokens
        for b in 0..2 {
            for f in 0..4 {
                let column: Vec<f32> = (0..3).map(|t| c.instance[[b, t, f]]).collect();
                let (m, v) = mean_and_variance(&column);
                assert!(m.abs() < 1e-5 && (v.sqrt() - 1.0).abs() < 1e-3, "sentence {b} feature {f}: {m} {v}");
            }
        }
        assert_eq!(c.pad_shift(), 0.0);
    }

    #[test]
    fn leaving_pad_positions_out_moves_the_batch_statistics() {
        let x = x();
        let mut real = Array2::from_elem((2, 3), true);
        real[[1, 2]] = false;
        let c = NormComparison::of(x.view(), real.view());
        assert!(c.pad_shift() > 0.1, "{}", c.pad_shift());
    }
}

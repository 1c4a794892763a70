//! The feed-forward network's three nonlinearities side by side (ReLU, the notes'; GELU with the
//! exact erf, PyTorch's `F.gelu` default; SiLU, Marian's swish), applied to the same
//! pre-activation row by the kernels the model itself runs.

use super::config::Activation;
use super::kernels;
use ndarray::{ArrayD, IxDyn};

/// The three activations, in the order the view shows them.
pub const ALL: [Activation; 3] = [Activation::Relu, Activation::Gelu, Activation::Silu];

/// `activation` applied to each value of `pre`.
pub fn apply(activation: Activation, pre: &[f32]) -> Vec<f32> {
    let x = ArrayD::from_shape_vec(IxDyn(&[pre.len()]), pre.to_vec()).expect("a 1-D row");
    let y = match activation {
        Activation::Relu => kernels::relu(&x),
        Activation::Gelu => kernels::gelu(&x),
        Activation::Silu => kernels::silu(&x),
    };
    y.iter().copied().collect()
}

/// One row through all three activations: `outputs[k]` is `ALL[k]` applied to `pre`.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivationRow {
    pub pre: Vec<f32>,
    pub outputs: [Vec<f32>; 3],
}

impl ActivationRow {
    pub fn of(pre: &[f32]) -> ActivationRow {
        ActivationRow { pre: pre.to_vec(), outputs: ALL.map(|a| apply(a, pre)) }
    }

    /// How many inputs are below 0.
    pub fn negatives(&self) -> usize {
        self.pre.iter().filter(|&&v| v < 0.0).count()
    }

    /// The lowest output of activation `k` over this row.
    pub fn lowest(&self, k: usize) -> f32 {
        self.outputs[k].iter().copied().fold(f32::INFINITY, f32::min)
    }

    /// Up to `n` features, from the most negative input to the most positive, evenly spread
    /// over the sorted row (both ends always in).
    pub fn spread(&self, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.pre.len()).collect();
        order.sort_by(|&a, &b| self.pre[a].total_cmp(&self.pre[b]).then(a.cmp(&b)));
        let len = order.len();
        if len <= n || n < 2 {
            return order;
        }
        let mut picked: Vec<usize> = (0..n).map(|i| order[i * (len - 1) / (n - 1)]).collect();
        picked.dedup();
        picked
    }
}

/// Where a smooth activation is lowest and its value there, found by golden-section search on
/// [−4, 0] in f64 (ReLU's lowest is 0, everywhere below 0): GELU's is about −0.17, SiLU's −0.28.
pub fn minimum(activation: Activation) -> (f64, f64) {
    let f = |x: f64| apply(activation, &[x as f32])[0] as f64;
    if activation == Activation::Relu {
        return (0.0, 0.0);
    }
    let (mut a, mut b) = (-4.0f64, 0.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    let x = (a + b) / 2.0;
    (x, f(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relu_zeroes_negatives_and_the_smooth_ones_dip_below_zero() {
        let row = ActivationRow::of(&[-3.0, -1.0, -0.5, 0.0, 0.5, 2.0]);
        assert_eq!(row.negatives(), 3);
        assert_eq!(row.lowest(0), 0.0);
        assert!(row.lowest(1) < 0.0 && row.lowest(2) < 0.0);
        let (x, y) = minimum(Activation::Gelu);
        assert!((x + 0.7518).abs() < 1e-3 && (y + 0.16997).abs() < 1e-4, "GELU min {x} {y}");
        let (x, y) = minimum(Activation::Silu);
        assert!((x + 1.2785).abs() < 1e-3 && (y + 0.27846).abs() < 1e-4, "SiLU min {x} {y}");
        assert_eq!(row.spread(3), vec![0, 2, 5]);
    }
}

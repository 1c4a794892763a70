//! Note 003 §1–2's argument, computed: a small real RNN, h_t = tanh(W_x·x_t + W_h·h_{t−1}), run on
//! the same token vectors the Transformer reads, and how strongly h_T still depends on h_1.
//!
//! W_h is `gain` times a random orthogonal matrix, so every singular value of W_h is exactly
//! `gain`: the chain rule multiplies T−1 Jacobians J_t = diag(1 − h_t²)·W_h, and their product
//! shrinks (gain < 1) or can grow (gain > 1) with the distance. Attention reaches any earlier
//! position in one step: row T of the weights holds a direct weight for key 1.

use ndarray::{Array1, Array2, ArrayView2};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seed of the RNN's random matrices (fixed: the same sentence always gives the same chain).
pub const RNN_SEED: u64 = 3;

/// The recurrent gains the lesson compares.
pub const GAINS: [f32; 3] = [0.5, 1.0, 1.5];

/// One RNN's chain over a sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct RnnChain {
    pub gain: f32,
    /// ‖∂h_T/∂h_{T−k}‖ (largest singular value) for k = 0, 1, …, T−1; k = 0 is 1.
    pub grad_by_distance: Vec<f32>,
    /// Each step's hidden state's root mean square, h_1 … h_T.
    pub hidden_rms: Vec<f32>,
}

impl RnnChain {
    /// ‖∂h_T/∂h_1‖: how much h_1 can still move h_T.
    pub fn first_to_last(&self) -> f32 {
        *self.grad_by_distance.last().unwrap_or(&1.0)
    }
}

/// A (d, d) matrix with orthonormal columns: Gram–Schmidt on Gaussian columns, in f64.
fn random_orthogonal(d: usize, rng: &mut ChaCha8Rng) -> Array2<f64> {
    let mut q = Array2::<f64>::zeros((d, d));
    for j in 0..d {
        let mut v: Array1<f64> = (0..d).map(|_| gaussian(rng)).collect();
        for k in 0..j {
            let dot = q.column(k).dot(&v);
            v.scaled_add(-dot, &q.column(k));
        }
        let norm = v.dot(&v).sqrt();
        q.column_mut(j).assign(&(v / norm));
    }
    q
}

/// A standard normal sample (Box–Muller).
fn gaussian(rng: &mut ChaCha8Rng) -> f64 {
    let u1: f64 = rng.random::<f64>().max(1e-12);
    let u2: f64 = rng.random::<f64>();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

/// The largest singular value of `m` (power iteration on mᵀm).
pub fn spectral_norm(m: &Array2<f64>) -> f64 {
    let d = m.ncols();
    let mut v = Array1::from_elem(d, 1.0 / (d as f64).sqrt());
    let mut sigma = 0.0;
    for _ in 0..100 {
        let w = m.t().dot(&m.dot(&v));
        let norm = w.dot(&w).sqrt();
        if norm == 0.0 {
            return 0.0;
        }
        v = w / norm;
        sigma = m.dot(&v).dot(&m.dot(&v)).sqrt();
    }
    sigma
}

/// The weights of one RNN: W_x (d, d) scaled by 1/√d, W_h = gain·orthogonal.
pub struct Rnn {
    pub w_x: Array2<f64>, // (d, d)
    pub w_h: Array2<f64>, // (d, d)
}

impl Rnn {
    pub fn new(d: usize, gain: f32) -> Rnn {
        let mut rng = ChaCha8Rng::seed_from_u64(RNN_SEED);
        let scale = 1.0 / (d as f64).sqrt();
        let w_x = Array2::from_shape_fn((d, d), |_| gaussian(&mut rng) * scale);
        let w_h = random_orthogonal(d, &mut rng) * gain as f64;
        Rnn { w_x, w_h }
    }

    /// h_1 … h_T for inputs x (T, d), starting from h_0 = 0.
    pub fn hidden_states(&self, x: ArrayView2<f32>) -> Vec<Array1<f64>> {
        let d = self.w_h.nrows();
        let mut h = Array1::<f64>::zeros(d);
        let mut out = Vec::new();
        for row in x.rows() {
            let xt: Array1<f64> = row.iter().map(|&v| v as f64).collect();
            h = (self.w_x.dot(&xt) + self.w_h.dot(&h)).mapv(f64::tanh);
            out.push(h.clone());
        }
        out
    }

    /// h_T from h_s onwards (inputs x_{s+1} … x_T): for checking the Jacobians by finite differences.
    pub fn run_from(&self, h_s: &Array1<f64>, rest: ArrayView2<f32>) -> Array1<f64> {
        let mut h = h_s.clone();
        for row in rest.rows() {
            let xt: Array1<f64> = row.iter().map(|&v| v as f64).collect();
            h = (self.w_x.dot(&xt) + self.w_h.dot(&h)).mapv(f64::tanh);
        }
        h
    }

    /// ∂h_T/∂h_{T−k} for k = 0 … T−1, as matrices: the product J_T·…·J_{T−k+1}.
    pub fn jacobians(&self, hidden: &[Array1<f64>]) -> Vec<Array2<f64>> {
        let d = self.w_h.nrows();
        let mut product = Array2::<f64>::eye(d);
        let mut out = vec![product.clone()];
        for t in (1..hidden.len()).rev() {
            // J_t = ∂h_t/∂h_{t−1} = diag(1 − h_t²)·W_h
            let slope = hidden[t].mapv(|h| 1.0 - h * h);
            let j_t = &self.w_h * &slope.insert_axis(ndarray::Axis(1));
            product = product.dot(&j_t);
            out.push(product.clone());
        }
        out
    }
}

/// The RNN chain of gain `gain` over one sentence's token vectors x (T, d), real tokens only.
pub fn chain(x: ArrayView2<f32>, gain: f32) -> RnnChain {
    let rnn = Rnn::new(x.ncols(), gain);
    let hidden = rnn.hidden_states(x);
    let grad_by_distance = rnn.jacobians(&hidden).iter().map(|j| spectral_norm(j) as f32).collect();
    let hidden_rms = hidden.iter().map(|h| (h.dot(h) / h.len() as f64).sqrt() as f32).collect();
    RnnChain { gain, grad_by_distance, hidden_rms }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::Array2;

    fn sentence(t: usize, d: usize) -> Array2<f32> {
        Array2::from_shape_fn((t, d), |(i, j)| ((i * 7 + j * 3) % 11) as f32 / 11.0 - 0.5)
    }

    #[test]
    fn the_recurrent_matrix_has_every_singular_value_equal_to_its_gain() {
        let rnn = Rnn::new(16, 1.5);
        let gram = rnn.w_h.t().dot(&rnn.w_h); // gain² · I
        for ((i, j), v) in gram.indexed_iter() {
            let want = if i == j { 2.25 } else { 0.0 };
            assert!((v - want).abs() < 1e-9, "({i},{j}) = {v}");
        }
    }

    #[test]
    fn jacobian_products_match_finite_differences() {
        let x = sentence(6, 8);
        let rnn = Rnn::new(8, 1.2);
        let hidden = rnn.hidden_states(x.view());
        let jac = rnn.jacobians(&hidden);
        let k = 4; // ∂h_6/∂h_2: inputs x_3 … x_6 (rows 2..6)
        let s = hidden.len() - 1 - k;
        let rest = x.slice(ndarray::s![s + 1.., ..]);
        let eps = 1e-6;
        for col in 0..8 {
            let mut plus = hidden[s].clone();
            plus[col] += eps;
            let mut minus = hidden[s].clone();
            minus[col] -= eps;
            let fd = (rnn.run_from(&plus, rest) - rnn.run_from(&minus, rest)) / (2.0 * eps);
            for row in 0..8 {
                assert!(
                    (fd[row] - jac[k][[row, col]]).abs() < 1e-6,
                    "({row},{col}) fd {} vs {}",
                    fd[row],
                    jac[k][[row, col]]
                );
            }
        }
    }

    #[test]
    fn a_small_gain_shrinks_the_gradient_with_distance_and_a_large_one_does_not() {
        let x = sentence(8, 32);
        let small = chain(x.view(), 0.5);
        assert_eq!(small.grad_by_distance.len(), 8);
        assert!((small.grad_by_distance[0] - 1.0).abs() < 1e-5);
        assert!(small.first_to_last() < 0.5f32.powi(7) * 1.001, "{}", small.first_to_last());
        assert!(small.grad_by_distance.windows(2).all(|w| w[1] <= w[0] * 1.0001));
        let large = chain(x.view(), 1.5);
        assert!(large.first_to_last() > small.first_to_last() * 100.0);
    }

    #[test]
    fn spectral_norm_of_a_diagonal_matrix_is_its_largest_entry() {
        let m = Array2::from_diag(&ndarray::arr1(&[0.5, -3.0, 2.0]));
        assert!((spectral_norm(&m) - 3.0).abs() < 1e-9);
    }
}

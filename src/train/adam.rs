//! Adam (Kingma & Ba), with the gradient clipped to a global norm first.

use crate::model::Weights;

/// Adam's state: a first and second moment for every parameter, in the visitor's order.
#[derive(Debug, Clone)]
pub struct Adam {
    pub beta1: f32,
    pub beta2: f32,
    pub eps: f32,
    /// Gradients whose global L2 norm exceeds this are scaled down to it.
    pub clip_norm: f32,
    step: i32,
    m: Vec<Vec<f32>>,
    v: Vec<Vec<f32>>,
}

impl Adam {
    pub fn new(weights: &Weights) -> Adam {
        let mut m = Vec::new();
        weights.visit(|_, a| m.push(vec![0.0; a.len()]));
        let v = m.clone();
        Adam { beta1: 0.9, beta2: 0.98, eps: 1e-9, clip_norm: 1.0, step: 0, m, v }
    }

    /// One update of every parameter from its gradient (same names, same order). Returns the
    /// gradient's global norm before clipping.
    pub fn step(&mut self, weights: &mut Weights, grads: &Weights, lr: f32) -> f32 {
        let mut grad_slices: Vec<&[f32]> = Vec::new();
        grads.visit(|_, g| grad_slices.push(g.to_slice().expect("gradients are contiguous")));
        let norm =
            grad_slices.iter().flat_map(|g| g.iter()).map(|&g| (g as f64) * (g as f64)).sum::<f64>().sqrt() as f32;
        let clip = if norm > self.clip_norm { self.clip_norm / norm } else { 1.0 };
        self.step += 1;
        let constants = Constants {
            clip,
            lr,
            b1: self.beta1,
            b2: self.beta2,
            eps: self.eps,
            correction1: 1.0 - self.beta1.powi(self.step),
            correction2: 1.0 - self.beta2.powi(self.step),
        };
        let mut index = 0;
        weights.visit_mut(|_, mut param| {
            let p = param.as_slice_mut().expect("weights are contiguous");
            constants.update(p, grad_slices[index], &mut self.m[index], &mut self.v[index]);
            index += 1;
        });
        norm
    }
}

/// What one step's update of every parameter shares.
#[derive(Clone, Copy)]
struct Constants {
    clip: f32,
    lr: f32,
    b1: f32,
    b2: f32,
    eps: f32,
    correction1: f32,
    correction2: f32,
}

impl Constants {
    /// One parameter array's update from its gradient and moments.
    fn update(self, p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has just been checked for AVX2
            return unsafe { self.update_avx2(p, g, m, v) };
        }
        self.update_loop(p, g, m, v)
    }

    /// The same loop, eight parameters per instruction instead of four (division and square
    /// root are exact in vector registers too, and nothing is fused: the same bits).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn update_avx2(self, p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32]) {
        self.update_loop(p, g, m, v)
    }

    #[inline(always)]
    fn update_loop(self, p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32]) {
        let Constants { clip, lr, b1, b2, eps, correction1, correction2 } = self;
        for (((p, &g), m), v) in p.iter_mut().zip(g.iter()).zip(m.iter_mut()).zip(v.iter_mut()) {
            let g = g * clip;
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            let m_hat = *m / correction1;
            let v_hat = *v / correction2;
            *p -= lr * m_hat / (v_hat.sqrt() + eps);
        }
    }
}

//! Adam (Kingma & Ba), with the gradient clipped to a global norm first.

use crate::model::{Weights, fast};

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
        Adam { m, v, ..Adam::without_moments() }
    }

    /// The optimiser's constants, no step taken, no moments held.
    fn without_moments() -> Adam {
        Adam { beta1: 0.9, beta2: 0.98, eps: 1e-9, clip_norm: 1.0, step: 0, m: Vec::new(), v: Vec::new() }
    }

    /// The first and second moments of the `index`-th parameter in the visitor's order (after
    /// the steps taken so far).
    pub fn moments(&self, index: usize) -> (&[f32], &[f32]) {
        (&self.m[index], &self.v[index])
    }

    /// How many steps this optimiser has taken (its bias corrections use it).
    pub fn steps_taken(&self) -> i32 {
        self.step
    }

    /// One update of every parameter from its gradient (same names, same order). Returns the
    /// gradient's global norm before clipping.
    pub fn step(&mut self, weights: &mut Weights, grads: &Weights, lr: f32) -> f32 {
        let grad_slices = slices(grads);
        let (norm, constants) = self.constants(&grad_slices, lr);
        let mut index = 0;
        weights.visit_mut(|_, mut param| {
            let p = param.as_slice_mut().expect("weights are contiguous");
            constants.update(p, grad_slices[index], &mut self.m[index], &mut self.v[index]);
            index += 1;
        });
        norm
    }

    /// The first step of a fresh optimiser (`Adam::new(weights)` then `step`), with the same
    /// bits, but with no moments kept: they start at zero, so each piece of each parameter is
    /// updated with zeroed moments of its own, a few thousand at a time, where `new` would hold
    /// two more copies of the whole model (1.2 GB on opus-mt) for a step shown once. Returns the
    /// gradient's global norm before clipping and the optimiser after the step, its moments
    /// empty.
    pub fn first_step(weights: &mut Weights, grads: &Weights, lr: f32) -> (f32, Adam) {
        const PIECE: usize = 4096;
        let mut adam = Adam::without_moments();
        let grad_slices = slices(grads);
        let (norm, constants) = adam.constants(&grad_slices, lr);
        let (mut m, mut v) = (vec![0.0; PIECE], vec![0.0; PIECE]);
        let mut index = 0;
        weights.visit_mut(|_, mut param| {
            let p = param.as_slice_mut().expect("weights are contiguous");
            for (p, g) in p.chunks_mut(PIECE).zip(grad_slices[index].chunks(PIECE)) {
                let (m, v) = (&mut m[..p.len()], &mut v[..p.len()]);
                m.fill(0.0);
                v.fill(0.0);
                constants.update(p, g, m, v);
            }
            index += 1;
        });
        (norm, adam)
    }

    /// The global norm of the gradients and this step's constants (the step counted).
    fn constants(&mut self, grad_slices: &[&[f32]], lr: f32) -> (f32, Constants) {
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
        (norm, constants)
    }

    /// One weight's moments after the first step of a fresh optimiser, from its gradient: what
    /// `first_step` computed for it and did not keep.
    pub fn first_moments(&self, grad: f32, clip: f32) -> (f32, f32) {
        let g = grad * clip;
        ((1.0 - self.beta1) * g, (1.0 - self.beta2) * g * g)
    }
}

/// Each parameter's gradient, in the visitor's order.
fn slices(grads: &Weights) -> Vec<&[f32]> {
    let mut grad_slices: Vec<&[f32]> = Vec::new();
    grads.visit(|_, g| grad_slices.push(g.to_slice().expect("gradients are contiguous")));
    grad_slices
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
    /// One parameter array's update from its gradient and moments, compiled for AVX2 where the CPU
    /// has it: eight parameters per instruction instead of four (division and square root are
    /// exact in vector registers too, and nothing is fused: the same bits).
    fn update(self, p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32]) {
        fast::with_avx2_fma(
            #[inline(always)]
            || self.update_loop(p, g, m, v),
        )
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop compiled for this CPU (AVX2 here, unless `TRANSFORMER_TUTOR_PORTABLE` is set)
    /// gives the bits of the loop compiled for the target's baseline.
    #[test]
    fn the_fast_update_gives_the_bits_of_the_portable_one() {
        let mut seed = 5u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((seed >> 8) as f32 / (1 << 24) as f32 - 0.5) * 10f32.powi((seed % 9) as i32 - 6)
        };
        let constants =
            Constants { clip: 0.73, lr: 3e-3, b1: 0.9, b2: 0.98, eps: 1e-9, correction1: 0.19, correction2: 0.0396 };
        for len in [1, 7, 8, 9, 33, 1000] {
            let p: Vec<f32> = (0..len).map(|_| next()).collect();
            let g: Vec<f32> = (0..len).map(|_| next()).collect();
            let m: Vec<f32> = (0..len).map(|_| next()).collect();
            let v: Vec<f32> = (0..len).map(|_| next().abs()).collect();
            let (mut fast, mut portable) = ((p.clone(), m.clone(), v.clone()), (p, m, v));
            constants.update(&mut fast.0, &g, &mut fast.1, &mut fast.2);
            constants.update_loop(&mut portable.0, &g, &mut portable.1, &mut portable.2);
            let bits = |x: &[f32]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&fast.0), bits(&portable.0), "parameters, {len}");
            assert_eq!(bits(&fast.1), bits(&portable.1), "first moments, {len}");
            assert_eq!(bits(&fast.2), bits(&portable.2), "second moments, {len}");
        }
    }

    /// The first step without moments kept gives the weights, norm and moments of a fresh
    /// optimiser's `step`, bit for bit (with and without clipping).
    #[test]
    fn the_first_step_is_a_fresh_optimisers_step() {
        use crate::model::config::Preset;
        let weights = Weights::init(&Preset::Tutor.config(10, 12), 7);
        for scale in [1e-4f32, 1.0] {
            let mut grads = Weights::init(&Preset::Tutor.config(10, 12), 8);
            grads.visit_mut(|_, mut g| g.mapv_inplace(|x| x * scale));
            let (mut stepped, mut first) = (weights.clone(), weights.clone());
            let mut adam = Adam::new(&weights);
            let norm = adam.step(&mut stepped, &grads, 3e-3);
            let (first_norm, fresh) = Adam::first_step(&mut first, &grads, 3e-3);
            assert_eq!(norm.to_bits(), first_norm.to_bits());
            let bits = |w: &Weights| {
                let mut out = Vec::new();
                w.visit(|_, a| out.extend(a.iter().map(|x| x.to_bits())));
                out
            };
            assert_eq!(bits(&stepped), bits(&first), "scale {scale}");
            assert_ne!(bits(&stepped), bits(&weights), "the step moved the weights");
            let clip = if norm > adam.clip_norm { adam.clip_norm / norm } else { 1.0 };
            let mut k = 0;
            grads.visit(|_, g| {
                let (m, v) = adam.moments(k);
                for (i, &x) in g.iter().enumerate().step_by(97) {
                    let (fm, fv) = fresh.first_moments(x, clip);
                    assert_eq!((m[i].to_bits(), v[i].to_bits()), (fm.to_bits(), fv.to_bits()));
                }
                k += 1;
            });
            assert_eq!(fresh.steps_taken(), 1);
        }
    }
}

//! Sampling at a temperature: the distribution drawn from, and one draw from it.

/// softmax(logits / T) in f64, the distribution sampling at temperature T draws from.
pub fn tempered(logits: &[f32], temperature: f32) -> Vec<f32> {
    let t = temperature.max(1e-3) as f64;
    let max = logits.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v)) as f64;
    let exps: Vec<f64> = logits.iter().map(|&v| ((v as f64 - max) / t).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.iter().map(|e| (e / sum) as f32).collect()
}

/// Draw an index from a distribution with one uniform number u in [0, 1).
pub(super) fn draw(probs: &[f32], u: f64) -> usize {
    let mut acc = 0.0f64;
    for (i, &p) in probs.iter().enumerate() {
        acc += p as f64;
        if u < acc {
            return i;
        }
    }
    probs.len() - 1
}

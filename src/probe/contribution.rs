//! Attention weight against what moves the output (Kobayashi et al. 2020): key j's share of one
//! head's output for query i is α_ij · v_j · W_oʰᵀ, where W_oʰ is the columns of W_o that read
//! head h's slice. Its length, ‖α_ij · v_j · W_oʰᵀ‖, is how far that key moves the output; a key
//! can take a large weight and move it little when its transformed value is short.

use crate::model::Run;

/// One key of one query row: its weight and the length of what it adds to the output.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyContribution {
    pub weight: f32,
    /// ‖v_j · W_oʰᵀ‖: the transformed value's length.
    pub value_norm: f64,
    /// ‖α_ij · v_j · W_oʰᵀ‖ = α_ij · ‖v_j · W_oʰᵀ‖.
    pub norm: f64,
}

/// For attention block `prefix` (`dec.1.cross_attn`), batch row `b`, head `h`, query row `i`:
/// each key's weight and contribution. None before the block's weights and values are computed.
pub fn contributions(run: &Run, prefix: &str, b: usize, h: usize, i: usize) -> Option<Vec<KeyContribution>> {
    let weights = run.get(&format!("{prefix}.weights"))?; // (B, H, t_q, t_k)
    let v = run.get(&format!("{prefix}.v"))?; // (B, H, t_k, d_k)
    let w_o = &run.weights().linear(out_ref(run, prefix)?).weight; // (d, d): out × in
    let (dk, t_k) = (v.shape()[3], v.shape()[2]);
    if b >= weights.shape()[0] || h >= weights.shape()[1] || i >= weights.shape()[2] {
        return None;
    }
    Some(
        (0..t_k)
            .map(|j| {
                // v_j · W_oʰᵀ: (d,), from head h's d_k columns of W_o
                let value_norm = (0..w_o.nrows())
                    .map(|o| (0..dk).map(|c| v[[b, h, j, c]] as f64 * w_o[[o, h * dk + c]] as f64).sum::<f64>())
                    .map(|x| x * x)
                    .sum::<f64>()
                    .sqrt();
                let weight = weights[[b, h, i, j]];
                KeyContribution { weight, value_norm, norm: weight as f64 * value_norm }
            })
            .collect(),
    )
}

/// The W_o of the block an op prefix names.
fn out_ref(run: &Run, prefix: &str) -> Option<crate::model::program::LinearRef> {
    let program = run.program();
    match program.op(program.index_of(&format!("{prefix}.out"))?).kind {
        crate::model::OpKind::Linear(r) => Some(r),
        _ => None,
    }
}

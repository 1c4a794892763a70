//! Note 002's qk_dim ≠ v_dim on a model that has one width for all three: the what-if's W_q and
//! W_k are the model's own, cut to the first `d_qk` output rows of each head's block (rows
//! h·d_k .. h·d_k + d_qk, with their biases). Nothing is drawn at random: each head's query and
//! key keep their first d_qk features, as a trained model's would be if its qk_dim had been
//! H·d_qk and these had been the features it kept. W_v and W_o are untouched.

use super::arch::Arch;
use super::weights::{Attention, Linear, Weights};
use ndarray::{Array1, Array2, Axis};

/// `w` with every attention block's W_q and W_k narrowed to `d_qk` features per head.
pub fn narrowed_qk(w: &Weights, d_qk: usize) -> Weights {
    let (h, d_k) = (w.config.n_heads, w.config.d_k());
    let mut out = w.clone();
    let narrow = |a: &mut Attention| {
        a.w_q = first_rows_per_head(&a.w_q, h, d_k, d_qk);
        a.w_k = first_rows_per_head(&a.w_k, h, d_k, d_qk);
    };
    for layer in &mut out.encoder {
        narrow(&mut layer.self_attn);
    }
    for layer in &mut out.decoder {
        narrow(&mut layer.self_attn);
        narrow(&mut layer.cross_attn);
    }
    out
}

/// `arch` for weights `w`: with note 002's narrower queries and keys when `w`'s W_q is narrower
/// than d_model (a run of the what-if decoding, or ablating a head, builds the program its
/// weights fit).
pub fn arch_for(w: &Weights, arch: &Arch) -> Arch {
    let narrowed = w.encoder.first().is_some_and(|l| l.self_attn.w_q.weight.nrows() != w.config.d_model);
    Arch { half_qk: arch.half_qk || narrowed, ..*arch }
}

/// Rows h·d_k .. h·d_k + d_qk of `l` for each head h, in head order: (H·d_qk, in).
fn first_rows_per_head(l: &Linear, heads: usize, d_k: usize, d_qk: usize) -> Linear {
    let rows: Vec<usize> = (0..heads).flat_map(|h| h * d_k..h * d_k + d_qk).collect();
    let weight: Array2<f32> = l.weight.select(Axis(0), &rows);
    let bias: Array1<f32> = l.bias.select(Axis(0), &rows);
    Linear { weight: weight.into_shared(), bias }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Preset;

    #[test]
    fn each_heads_first_rows_are_kept_and_values_untouched() {
        let w = Weights::init(&Preset::Tutor.config(10, 12), 7);
        let n = narrowed_qk(&w, 3);
        let (a, b) = (&w.encoder[1].self_attn, &n.encoder[1].self_attn);
        assert_eq!(b.w_q.weight.dim(), (4 * 3, 32));
        assert_eq!(b.w_k.bias.len(), 12);
        // head 2's second kept row is row 2·8 + 1 of the original
        assert_eq!(b.w_q.weight.row(2 * 3 + 1), a.w_q.weight.row(2 * 8 + 1));
        assert_eq!(b.w_k.bias[3 * 3 + 2], a.w_k.bias[3 * 8 + 2]);
        assert_eq!((&b.w_v, &b.w_o), (&a.w_v, &a.w_o));
        assert_eq!(n.decoder[0].cross_attn.w_k.weight.dim(), (12, 32));
    }
}

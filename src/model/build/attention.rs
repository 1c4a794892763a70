//! Multi-head attention as named operations: project, split heads, q·kᵀ, scale, mask, softmax,
//! weight the values, merge, W_o.

use super::Spec;
use crate::model::arch::MaskFill;
use crate::model::program::Dim::{Batch, Features, Heads, Tokens};
use crate::model::program::{AttnBlock, Formula, LinearRef, OpKind, Place, Program, Proj, Shape, Side, Stack};

/// Where an attention block sits and whose weights it uses.
pub(super) struct AttnAt {
    pub(super) prefix: String, // "enc.0.self_attn"
    pub(super) stack: Stack,
    pub(super) layer: usize,
    pub(super) block: AttnBlock,
    pub(super) place: Place,
    pub(super) q_side: Side,  // whose tokens the queries are
    pub(super) kv_side: Side, // whose tokens the keys and values are (the source, in cross-attention)
}

/// Multi-head attention: project, split heads, q·kᵀ, scale, mask, softmax, weight the values,
/// merge, W_o. Queries come from `x_q` (B, t_q, d); keys and values from `x_kv` (B, t_k, d).
/// Returns `out`'s name.
#[allow(clippy::too_many_arguments)]
pub(super) fn attention(
    p: &mut Program,
    spec: &Spec,
    at: &AttnAt,
    x_q: &str,
    x_kv: &str,
    mask: &str,
    b: usize,
    t_q: usize,
    t_k: usize,
) -> String {
    let config = spec.config;
    let (d, h, dk) = (config.d_model, config.n_heads, config.d_k());
    let pre = &at.prefix;
    let lin = |proj| OpKind::Linear(LinearRef::Attn { stack: at.stack, layer: at.layer, block: at.block, proj });
    let q = project_and_split(p, spec, at, Proj::Q, x_q, b, t_q, at.q_side);
    let k = project_and_split(p, spec, at, Proj::K, x_kv, b, t_k, at.kv_side);
    let v = project_and_split(p, spec, at, Proj::V, x_kv, b, t_k, at.kv_side);
    let grid = || Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (t_k, Tokens(at.kv_side))]);
    let qk = p.push(format!("{pre}.qk"), OpKind::QueryKey, &[&q, &k], grid(), at.place, Formula::QueryKey);
    let masked = scaled_and_masked(p, spec, at, &qk, mask, grid());
    let weights = p.push(format!("{pre}.weights"), OpKind::Softmax, &[&masked], grid(), at.place, Formula::Weights);
    let per_head = || Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (dk, Features)]);
    let context =
        p.push(format!("{pre}.context"), OpKind::Context, &[&weights, &v], per_head(), at.place, Formula::Context);
    let context = ablated(p, spec, at, context, per_head());
    let merged = p.push(
        format!("{pre}.merged"),
        OpKind::MergeHeads,
        &[&context],
        Shape::of(&[(b, Batch), (t_q, Tokens(at.q_side)), (d, Features)]),
        at.place,
        Formula::Merge { b, h, t: t_q, dk, d },
    );
    p.push(
        format!("{pre}.out"),
        lin(Proj::O),
        &[&merged],
        Shape::of(&[(b, Batch), (t_q, Tokens(at.q_side)), (d, Features)]),
        at.place,
        Formula::AttentionOut,
    )
}

/// `{pre}.scores` (q·kᵀ / √d_k, or q·kᵀ as it is without the scale) and `{pre}.masked` (the
/// mask's fill, or nothing when the what-if turns masking off), both (B, H, t_q, t_k). Returns
/// the masked scores' name.
fn scaled_and_masked(p: &mut Program, spec: &Spec, at: &AttnAt, qk: &str, mask: &str, grid: Shape) -> String {
    // q·kᵀ sums over the queries' and keys' width: that width's √ is the scale
    let (arch, dk, pre) = (spec.arch, spec.arch.d_qk(spec.config), &at.prefix);
    let (kind, formula) = if arch.scale {
        (OpKind::Scale { d_k: dk }, Formula::Scores { dk, scaled: true })
    } else {
        (OpKind::Identity, Formula::Scores { dk, scaled: false })
    };
    let scores = p.push(format!("{pre}.scores"), kind, &[qk], grid.clone(), at.place, formula);
    let formula = Formula::Masked { fill: arch.mask_fill, mask: mask.into() };
    match arch.mask_fill {
        MaskFill::Off => p.push(format!("{pre}.masked"), OpKind::Identity, &[&scores], grid, at.place, formula),
        fill => p.push(format!("{pre}.masked"), OpKind::MaskFill(fill), &[&scores, mask], grid, at.place, formula),
    }
}

/// `{pre}.ablated`: the context (B, H, t_q, d_k) with one head zeroed (or all but one kept)
/// when the head-ablation what-if names this block; else the context as it is. Returns its name.
fn ablated(p: &mut Program, spec: &Spec, at: &AttnAt, context: String, shape: Shape) -> String {
    let Some(a) = spec.arch.heads.filter(|a| a.stack == at.stack && a.layer == at.layer && a.block == at.block) else {
        return context;
    };
    let formula = Formula::HeadMask { context: context.clone(), head: a.head, keep_only: a.keep_only };
    let kind = OpKind::HeadMask { head: a.head, keep_only: a.keep_only };
    let pre = &at.prefix;
    p.push(format!("{pre}.ablated"), kind, &[&context], shape, at.place, formula)
}

/// One projection of attention's input, then split into heads: `{pre}.q_proj` (B, t, d), then
/// `{pre}.q` (B, H, t, d_k); under note 002's qk_dim, q and k are (B, t, H·d_qk) and
/// (B, H, t, d_qk). Returns the split tensor's name.
#[allow(clippy::too_many_arguments)]
fn project_and_split(
    p: &mut Program,
    spec: &Spec,
    at: &AttnAt,
    proj: Proj,
    input: &str,
    b: usize,
    t: usize,
    side: Side,
) -> String {
    let config = spec.config;
    let (h, d_qk) = (config.n_heads, spec.arch.d_qk(config));
    // one head's width: q and k follow note 002's qk_dim, v keeps d_k
    let (name, dk) = match proj {
        Proj::Q => ("q", d_qk),
        Proj::K => ("k", d_qk),
        _ => ("v", config.d_k()),
    };
    // the projection's width: d_model, or H·d_qk (note 002's qk_dim)
    let d = if dk == config.d_k() { config.d_model } else { h * dk };
    let pre = &at.prefix;
    let lin = OpKind::Linear(LinearRef::Attn { stack: at.stack, layer: at.layer, block: at.block, proj });
    let projected = p.push(
        format!("{pre}.{name}_proj"),
        lin,
        &[input],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        at.place,
        Formula::Projection { proj, input: input.into() },
    );
    p.push(
        format!("{pre}.{name}"),
        OpKind::SplitHeads,
        &[&projected],
        Shape::of(&[(b, Batch), (h, Heads), (t, Tokens(side)), (dk, Features)]),
        at.place,
        Formula::SplitHeads { proj, b, t, d, h, dk },
    )
}

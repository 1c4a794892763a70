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
    let (config, arch) = (spec.config, spec.arch);
    let (d, h, dk) = (config.d_model, config.n_heads, config.d_k());
    let pre = &at.prefix;
    let lin = |proj| OpKind::Linear(LinearRef::Attn { stack: at.stack, layer: at.layer, block: at.block, proj });
    let q = project_and_split(p, spec, at, Proj::Q, x_q, b, t_q, at.q_side);
    let k = project_and_split(p, spec, at, Proj::K, x_kv, b, t_k, at.kv_side);
    let v = project_and_split(p, spec, at, Proj::V, x_kv, b, t_k, at.kv_side);
    let grid = || Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (t_k, Tokens(at.kv_side))]);
    let qk = p.push(format!("{pre}.qk"), OpKind::QueryKey, &[&q, &k], grid(), at.place, Formula::QueryKey);
    let scores = if arch.scale {
        p.push(format!("{pre}.scores"), OpKind::Scale, &[&qk], grid(), at.place, Formula::Scores { dk, scaled: true })
    } else {
        p.push(
            format!("{pre}.scores"),
            OpKind::Identity,
            &[&qk],
            grid(),
            at.place,
            Formula::Scores { dk, scaled: false },
        )
    };
    let masked_name = format!("{pre}.masked");
    let masked = match arch.mask_fill {
        MaskFill::Off => p.push(
            masked_name,
            OpKind::Identity,
            &[&scores],
            grid(),
            at.place,
            Formula::Masked { fill: MaskFill::Off, mask: mask.into() },
        ),
        fill => {
            let formula = Formula::Masked { fill, mask: mask.into() };
            p.push(masked_name, OpKind::MaskFill(fill), &[&scores, mask], grid(), at.place, formula)
        }
    };
    let weights = p.push(format!("{pre}.weights"), OpKind::Softmax, &[&masked], grid(), at.place, Formula::Weights);
    let context = p.push(
        format!("{pre}.context"),
        OpKind::Context,
        &[&weights, &v],
        Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (dk, Features)]),
        at.place,
        Formula::Context,
    );
    let context = match arch.heads {
        Some(a) if a.stack == at.stack && a.layer == at.layer && a.block == at.block => p.push(
            format!("{pre}.ablated"),
            OpKind::HeadMask { head: a.head, keep_only: a.keep_only },
            &[&context],
            Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (dk, Features)]),
            at.place,
            Formula::HeadMask { context: context.clone(), head: a.head, keep_only: a.keep_only },
        ),
        _ => context,
    };
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

/// One projection of attention's input, then split into heads: `{pre}.q_proj` (B, t, d), then
/// `{pre}.q` (B, H, t, d_k). Returns the split tensor's name.
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
    let (d, h, dk) = (config.d_model, config.n_heads, config.d_k());
    let pre = &at.prefix;
    let name = match proj {
        Proj::Q => "q",
        Proj::K => "k",
        _ => "v",
    };
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

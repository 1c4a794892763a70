//! A layer's residual blocks (the sublayer, its residual connection and its LayerNorm where the
//! `Arch` puts them), the feed-forward network, and the encoder and decoder layers built from them.

use super::{AttnAt, attention};
use super::{Masks, Spec, seq};
use crate::model::arch::{Arch, NormAt};
use crate::model::config::{Activation, Config};
use crate::model::program::Dim::{Batch, Features, Tokens};
use crate::model::program::{AttnBlock, Formula, LinearRef, NormRef, OpKind, Part, Place, Program, Shape, Side, Stack};

/// Where a sublayer's residual block sits: its LayerNorm's weights, its place, its tensor shape.
struct BlockAt<'a> {
    pre: &'a str, // "enc.0"
    norm: NormRef,
    place: Place,
    shape: Shape,
}

/// The names a residual block produced.
struct BlockOut {
    /// What the next block reads.
    out: String,
    /// The sublayer's own output.
    sub: String,
}

/// One sublayer with its residual connection and LayerNorm where `arch` puts them.
/// Post-LN: out = LayerNorm(skip + sublayer(x)); pre-LN: out = skip + sublayer(LayerNorm(x));
/// no norm: out = skip + sublayer(x). `skip` is x, except in note 004's mistake.
fn residual_block(
    p: &mut Program,
    arch: &Arch,
    at: &BlockAt,
    x: &str,
    skip: &str,
    sublayer: impl FnOnce(&mut Program, &str) -> String,
) -> BlockOut {
    let (pre, i, place) = (at.pre, at.norm.index, at.place);
    let normalize = OpKind::Normalize { eps_exponent: arch.eps_exponent };
    let sum = |p: &mut Program, sub: &str| {
        if arch.residual {
            p.push(
                format!("{pre}.norm{i}.sum"),
                OpKind::Add,
                &[skip, sub],
                at.shape.clone(),
                place,
                Formula::Sum { skip: skip.into(), sub: sub.into(), residual: true },
            )
        } else {
            p.push(
                format!("{pre}.norm{i}.sum"),
                OpKind::Identity,
                &[sub],
                at.shape.clone(),
                place,
                Formula::Sum { skip: skip.into(), sub: sub.into(), residual: false },
            )
        }
    };
    let norm = |p: &mut Program, input: &str| {
        let hat = p.push(
            format!("{pre}.norm{i}.hat"),
            normalize,
            &[input],
            at.shape.clone(),
            place,
            Formula::Normalize { input: input.into(), eps_exponent: arch.eps_exponent },
        );
        p.push(
            format!("{pre}.norm{i}.out"),
            OpKind::ScaleShift(at.norm),
            &[&hat],
            at.shape.clone(),
            place,
            Formula::ScaleShift,
        )
    };
    match arch.norm_at {
        NormAt::Post => {
            let sub = sublayer(p, x);
            let summed = sum(p, &sub);
            BlockOut { out: norm(p, &summed), sub }
        }
        NormAt::Pre => {
            let normed = norm(p, x);
            let sub = sublayer(p, &normed);
            BlockOut { out: sum(p, &sub), sub }
        }
        NormAt::Off => {
            let sub = sublayer(p, x);
            BlockOut { out: sum(p, &sub), sub }
        }
    }
}

/// Linear(d, d_ff) -> ReLU -> Linear(d_ff, d). Returns `ffn.out`'s name.
#[allow(clippy::too_many_arguments)]
fn feed_forward(
    p: &mut Program,
    config: &Config,
    pre: &str,
    stack: Stack,
    layer: usize,
    place: Place,
    x: &str,
    b: usize,
    t: usize,
) -> String {
    let (d, f) = (config.d_model, config.d_ff);
    let side = if stack == Stack::Encoder { Side::Src } else { Side::Tgt };
    let pre_act = p.push(
        format!("{pre}.ffn.pre"),
        OpKind::Linear(LinearRef::Ffn1 { stack, layer }),
        &[x],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (f, Features)]),
        place,
        Formula::FfnIn { x: x.into(), d, f },
    );
    let (activation, formula) = match config.conventions.activation {
        Activation::Relu => (OpKind::Relu, Formula::Relu),
        Activation::Silu => (OpKind::Silu, Formula::Silu),
        Activation::Gelu => (OpKind::Gelu, Formula::Gelu),
    };
    let hidden = p.push(
        format!("{pre}.ffn.hidden"),
        activation,
        &[&pre_act],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (f, Features)]),
        place,
        formula,
    );
    p.push(
        format!("{pre}.ffn.out"),
        OpKind::Linear(LinearRef::Ffn2 { stack, layer }),
        &[&hidden],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        place,
        Formula::FfnOut { f, d },
    )
}

pub(super) fn encoder_layer(
    p: &mut Program,
    spec: &Spec,
    layer: usize,
    x: &str,
    mask: &str,
    b: usize,
    t: usize,
) -> String {
    let (config, arch) = (spec.config, spec.arch);
    let pre = format!("enc.{layer}");
    let st = Stack::Encoder;
    let side = Side::Src;
    let place = |part| Place::Encoder { layer, part };
    let block = |index, part| BlockAt {
        pre: &pre,
        norm: NormRef { stack: st, layer, index },
        place: place(part),
        shape: seq(b, t, side, config.d_model),
    };
    let at = AttnAt {
        prefix: format!("{pre}.self_attn"),
        stack: st,
        layer,
        block: AttnBlock::SelfAttn,
        place: place(Part::SelfAttention),
        q_side: side,
        kv_side: side,
    };
    let first =
        residual_block(p, arch, &block(1, Part::AddNorm(1)), x, x, |p, x| attention(p, spec, &at, x, x, mask, b, t, t));
    // note 000: `self.norm1(x+_x)` is computed, not assigned: the layer goes on from attention's output
    let x1 = if arch.keep_first_norm { first.out } else { first.sub };
    let ffn = |p: &mut Program, x: &str| feed_forward(p, config, &pre, st, layer, place(Part::FeedForward), x, b, t);
    residual_block(p, arch, &block(2, Part::AddNorm(2)), &x1, &x1, ffn).out
}

#[allow(clippy::too_many_arguments)]
pub(super) fn decoder_layer(
    p: &mut Program,
    spec: &Spec,
    layer: usize,
    y: &str,
    memory: &str,
    masks: &Masks,
    b: usize,
    t: usize,
    t_src: usize,
) -> String {
    let (config, arch) = (spec.config, spec.arch);
    let pre = format!("dec.{layer}");
    let st = Stack::Decoder;
    let side = Side::Tgt;
    let place = |part| Place::Decoder { layer, part };
    let block = |index, part| BlockAt {
        pre: &pre,
        norm: NormRef { stack: st, layer, index },
        place: place(part),
        shape: seq(b, t, side, config.d_model),
    };
    let self_at = AttnAt {
        prefix: format!("{pre}.self_attn"),
        stack: st,
        layer,
        block: AttnBlock::SelfAttn,
        place: place(Part::SelfAttention),
        q_side: side,
        kv_side: side,
    };
    let y1 = residual_block(p, arch, &block(1, Part::AddNorm(1)), y, y, |p, y| {
        attention(p, spec, &self_at, y, y, &masks.tgt, b, t, t)
    })
    .out;
    let ffn = |p: &mut Program, x: &str| feed_forward(p, config, &pre, st, layer, place(Part::FeedForward), x, b, t);
    if !arch.decoder_cross_attention {
        // note 000's Decoder of EncoderLayers: self-attention and FFN only; the source is never read
        return residual_block(p, arch, &block(3, Part::AddNorm(3)), &y1, &y1, ffn).out;
    }
    let cross_at = AttnAt {
        prefix: format!("{pre}.cross_attn"),
        stack: st,
        layer,
        block: AttnBlock::CrossAttn,
        place: place(Part::CrossAttention),
        q_side: Side::Tgt,
        kv_side: Side::Src, // keys and values come from the encoder's memory
    };
    let y2 = residual_block(p, arch, &block(2, Part::AddNorm(2)), &y1, &y1, |p, y| {
        attention(p, spec, &cross_at, y, memory, &masks.cross, b, t, t_src)
    })
    .out;
    // note 004's mistake: the FFN's residual adds y1, from before cross-attention
    let skip = if arch.ffn_residual_after_cross { y2.clone() } else { y1 };
    residual_block(p, arch, &block(3, Part::AddNorm(3)), &y2, &skip, ffn).out
}

//! The forward pass of the notes' encoder-decoder, written out as a `Program`, top to bottom.

use super::arch::{Arch, ArchError, MaskFill, NormAt, PadMask};
use super::config::Config;
use super::program::Dim::{Batch, Broadcast, Features, Heads, Positions, Tokens, Vocab};
use super::program::{
    AttnBlock, Formula, LinearRef, NormRef, OpKind, Part, Place, Program, Proj, Shape, Side, Stack, shape_text,
};

/// (B, T, width) over one sentence's tokens.
fn seq(b: usize, t: usize, side: Side, width: usize) -> Shape {
    Shape::of(&[(b, Batch), (t, Tokens(side)), (width, Features)])
}

/// Sizes of one forward pass: batch rows and sentence lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RunShape {
    pub batch: usize,
    pub t_src: usize,
    pub t_tgt: usize,
}

/// The whole encoder-decoder: embeddings, masks, N encoder layers, N decoder layers, output
/// logits and their softmax, `probs`.
pub fn transformer(config: &Config, shape: RunShape) -> Program {
    variant(config, shape, &Arch::default()).expect("the default architecture builds for every shape")
}

/// The encoder-decoder as `arch` describes it (a what-if, or one of the notes' mistakes). Fails
/// where PyTorch would: note 000's len_k-repeated padding mask when T_src ≠ T_tgt.
pub fn variant(config: &Config, shape: RunShape, arch: &Arch) -> Result<Program, ArchError> {
    let mut p = Program::default();
    let logits = encoder_decoder(&mut p, &Spec { config, arch }, shape)?;
    let RunShape { batch: b, t_tgt, .. } = shape;
    p.push(
        "probs".into(),
        OpKind::Softmax,
        &[&logits],
        Shape::of(&[(b, Batch), (t_tgt, Tokens(Side::Tgt)), (config.tgt_vocab, Vocab)]),
        Place::Output,
        Formula::Probs,
    );
    Ok(p)
}

/// The training program: the same encoder-decoder up to `logits`, then the loss against the
/// labels (the target shifted by one: teacher forcing) instead of `probs`.
pub fn training(config: &Config, shape: RunShape, smoothing_permille: u16) -> Program {
    let mut p = Program::default();
    let spec = Spec { config, arch: &Arch::default() };
    let logits = encoder_decoder(&mut p, &spec, shape).expect("the default architecture builds for every shape");
    p.push(
        "loss".into(),
        OpKind::CrossEntropy { smoothing_permille },
        &[&logits],
        Shape::of(&[]),
        Place::Loss,
        Formula::Loss { smoothing_permille },
    );
    p
}

/// The sizes and the architecture a program is written from.
struct Spec<'a> {
    config: &'a Config,
    arch: &'a Arch,
}

/// The masks the decoder's attentions read (the encoder's reads `src.mask`).
struct Masks {
    cross: String, // decoder cross-attention (queries: target tokens, keys: source tokens)
    tgt: String,   // decoder self-attention
}

/// Embeddings, masks, encoder, decoder and the output Linear. Returns the name of `logits`.
fn encoder_decoder(p: &mut Program, spec: &Spec, shape: RunShape) -> Result<String, ArchError> {
    let RunShape { batch: b, t_src, t_tgt } = shape;
    let (config, arch) = (spec.config, spec.arch);
    let d = config.d_model;

    let src_x = embedding(p, config, Side::Src, b, t_src);
    let src_mask = padding_mask(p, arch, "src.mask", Side::Src, Side::Src, b, t_src, t_src)?;

    let mut x = src_x;
    for layer in 0..config.n_layers {
        x = encoder_layer(p, spec, layer, &x, &src_mask, b, t_src);
    }
    let memory = p.push(
        "enc.out".into(),
        OpKind::Identity,
        &[&x],
        Shape::of(&[(b, Batch), (t_src, Tokens(Side::Src)), (d, Features)]),
        Place::Encoder { layer: config.n_layers - 1, part: Part::AddNorm(2) },
        Formula::Memory { x: x.clone() },
    );

    let tgt_x = embedding(p, config, Side::Tgt, b, t_tgt);
    let tgt_pad = if arch.tgt_padding {
        padding_mask(p, arch, "tgt.pad_mask", Side::Tgt, Side::Tgt, b, t_tgt, t_tgt)?
    } else {
        p.push(
            "tgt.pad_mask".into(),
            OpKind::OnesMask,
            &[],
            Shape::of(&[(b, Batch), (1, Broadcast), (1, Broadcast), (t_tgt, Tokens(Side::Tgt))]),
            Place::Masks(Side::Tgt),
            Formula::PadOnes,
        )
    };
    let causal_shape =
        Shape::of(&[(1, Broadcast), (1, Broadcast), (t_tgt, Tokens(Side::Tgt)), (t_tgt, Tokens(Side::Tgt))]);
    let causal = if arch.causal {
        p.push(
            "tgt.causal".into(),
            OpKind::CausalMask,
            &[],
            causal_shape,
            Place::Masks(Side::Tgt),
            Formula::Causal { on: true },
        )
    } else {
        p.push(
            "tgt.causal".into(),
            OpKind::OnesMask,
            &[],
            causal_shape,
            Place::Masks(Side::Tgt),
            Formula::Causal { on: false },
        )
    };
    let tgt_mask = p.push(
        "tgt.mask".into(),
        OpKind::MaskAnd,
        &[&tgt_pad, &causal],
        Shape::of(&[(b, Batch), (1, Broadcast), (t_tgt, Tokens(Side::Tgt)), (t_tgt, Tokens(Side::Tgt))]),
        Place::Masks(Side::Tgt),
        Formula::TargetMask,
    );
    let cross_mask = match arch.pad_mask {
        PadMask::Keys => src_mask.clone(),
        _ => padding_mask(p, arch, "cross.mask", Side::Tgt, Side::Src, b, t_tgt, t_src)?,
    };
    let masks = Masks { cross: cross_mask, tgt: tgt_mask };

    let mut y = tgt_x;
    for layer in 0..config.n_layers {
        y = decoder_layer(p, spec, layer, &y, &memory, &masks, b, t_tgt, t_src);
    }

    Ok(p.push(
        "logits".into(),
        OpKind::Linear(LinearRef::Out),
        &[&y],
        Shape::of(&[(b, Batch), (t_tgt, Tokens(Side::Tgt)), (config.tgt_vocab, Vocab)]),
        Place::Output,
        Formula::Logits { y: y.clone(), d, vocab: config.tgt_vocab },
    ))
}

/// A padding mask as `arch` builds it: one flag per key (B, 1, 1, T_k), or note 000's
/// q_mask & k_mask (B, 1, T_q, T_k). Its len_k repeat fails as PyTorch fails when T_q ≠ T_k.
#[allow(clippy::too_many_arguments)]
fn padding_mask(
    p: &mut Program,
    arch: &Arch,
    name: &str,
    q: Side,
    k: Side,
    b: usize,
    t_q: usize,
    t_k: usize,
) -> Result<String, ArchError> {
    let place = Place::Masks(if q == k { k } else { Side::Src });
    match arch.pad_mask {
        PadMask::Keys => Ok(p.push(
            name.into(),
            OpKind::PaddingMask(k),
            &[],
            Shape::of(&[(b, Batch), (1, Broadcast), (1, Broadcast), (t_k, Tokens(k))]),
            place,
            Formula::PadKeys { name: name.into(), k },
        )),
        PadMask::QueryAndKeyRepeatLenK if t_q != t_k => Err(ArchError {
            op: name.into(),
            message: format!(
                "q_mask {} & k_mask {}: the size of tensor a ({t_q}) must match the size of tensor b ({t_k}) \
                 at non-singleton dimension 2 (k was repeated len_k = {t_k} times instead of len_q = {t_q})",
                shape_text(&[b, 1, t_q, t_k]),
                shape_text(&[b, 1, t_k, t_k])
            ),
        }),
        PadMask::QueryAndKey | PadMask::QueryAndKeyRepeatLenK => Ok(p.push(
            name.into(),
            OpKind::PaddingMaskQK { q, k },
            &[],
            Shape::of(&[(b, Batch), (1, Broadcast), (t_q, Tokens(q)), (t_k, Tokens(k))]),
            place,
            Formula::PadQueryKey { name: name.into(), q, k },
        )),
    }
}

/// Note 000's multi-head attention block on its own: X (B, T, d) -> causal self-attention -> (B, T, d),
/// using the weights of encoder layer 0's self-attention.
pub fn attention_block(config: &Config, batch: usize, t: usize) -> Program {
    let mut p = Program::default();
    let place = Place::Encoder { layer: 0, part: Part::SelfAttention };
    let tokens = Tokens(Side::Src);
    let x_shape = Shape::of(&[(batch, Batch), (t, tokens), (config.d_model, Features)]);
    let x = p.push("x".into(), OpKind::Input, &[], x_shape, place, Formula::Input);
    let mask_shape = Shape::of(&[(1, Broadcast), (1, Broadcast), (t, tokens), (t, tokens)]);
    let mask = p.push("mask".into(), OpKind::CausalMask, &[], mask_shape, place, Formula::CausalInput);
    let at = AttnAt {
        prefix: "attn".into(),
        stack: Stack::Encoder,
        layer: 0,
        block: AttnBlock::SelfAttn,
        place,
        q_side: Side::Src,
        kv_side: Side::Src,
    };
    attention(&mut p, &Spec { config, arch: &Arch::default() }, &at, &x, &x, &mask, batch, t, t);
    p
}

/// ids -> embed -> + PE, for one side. Returns the name of x.
fn embedding(p: &mut Program, config: &Config, side: Side, b: usize, t: usize) -> String {
    let s = side.prefix();
    let d = config.d_model;
    let place = Place::Embedding(side);
    let embed = p.push(
        format!("{s}.embed"),
        OpKind::Embed(side),
        &[],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        place,
        Formula::Embed { side, vocab: vocab(config, side), d },
    );
    let pe = p.push(
        format!("{s}.pe"),
        OpKind::PositionalEncoding,
        &[],
        Shape::of(&[(t, Positions), (d, Features)]),
        place,
        Formula::PositionalEncoding { d },
    );
    p.push(
        format!("{s}.x"),
        OpKind::AddPositional,
        &[&embed, &pe],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        place,
        Formula::AddPositional { side },
    )
}

fn vocab(config: &Config, side: Side) -> usize {
    if side == Side::Src { config.src_vocab } else { config.tgt_vocab }
}

/// Where an attention block sits and whose weights it uses.
struct AttnAt {
    prefix: String, // "enc.0.self_attn"
    stack: Stack,
    layer: usize,
    block: AttnBlock,
    place: Place,
    q_side: Side,  // whose tokens the queries are
    kv_side: Side, // whose tokens the keys and values are (the source, in cross-attention)
}

/// Multi-head attention: project, split heads, q·kᵀ, scale, mask, softmax, weight the values,
/// merge, W_o. Queries come from `x_q` (B, t_q, d); keys and values from `x_kv` (B, t_k, d).
/// Returns `out`'s name.
#[allow(clippy::too_many_arguments)]
fn attention(
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
    let split = |p: &mut Program, name: &str, proj: Proj, input: &str, t: usize, side: Side| {
        let projected = p.push(
            format!("{pre}.{name}_proj"),
            lin(proj),
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
    };
    let q = split(p, "q", Proj::Q, x_q, t_q, at.q_side);
    let k = split(p, "k", Proj::K, x_kv, t_k, at.kv_side);
    let v = split(p, "v", Proj::V, x_kv, t_k, at.kv_side);
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
    let hidden = p.push(
        format!("{pre}.ffn.hidden"),
        OpKind::Relu,
        &[&pre_act],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (f, Features)]),
        place,
        Formula::Relu,
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

fn encoder_layer(p: &mut Program, spec: &Spec, layer: usize, x: &str, mask: &str, b: usize, t: usize) -> String {
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
fn decoder_layer(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_axis_says_what_it_runs_over() {
        let config = crate::model::Preset::Tutor.config(40, 60);
        let p = transformer(&config, RunShape { batch: 2, t_src: 4, t_tgt: 6 });
        for op in p.ops() {
            assert_eq!(op.dims.len(), op.shape.len(), "{}", op.name);
        }
        let dims = |name: &str| p.op(p.index_of(name).unwrap()).dims.clone();
        // cross-attention: queries are target tokens, keys and values source tokens
        assert_eq!(dims("dec.0.cross_attn.weights")[2..], [Tokens(Side::Tgt), Tokens(Side::Src)]);
        assert_eq!(dims("dec.0.cross_attn.k")[2], Tokens(Side::Src));
        assert_eq!(dims("dec.0.cross_attn.q")[2], Tokens(Side::Tgt));
        assert_eq!(dims("src.mask"), [Batch, Broadcast, Broadcast, Tokens(Side::Src)]);
        assert_eq!(dims("logits")[1..], [Tokens(Side::Tgt), Vocab]);
        assert_eq!(dims("src.pe"), [Positions, Features]);
    }
}

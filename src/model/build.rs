//! The forward pass of the notes' encoder-decoder, written out as a `Program`, top to bottom.

use super::config::Config;
use super::program::Dim::{Batch, Broadcast, Features, Heads, Positions, Tokens, Vocab};
use super::program::{
    AttnBlock, LinearRef, NormRef, OpKind, Part, Place, Program, Proj, Shape, Side, Stack, shape_text,
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
    let mut p = Program::default();
    let logits = encoder_decoder(&mut p, config, shape);
    let RunShape { batch: b, t_tgt, .. } = shape;
    p.push(
        "probs".into(),
        OpKind::Softmax,
        &[&logits],
        Shape::of(&[(b, Batch), (t_tgt, Tokens(Side::Tgt)), (config.tgt_vocab, Vocab)]),
        Place::Output,
        "probs = softmax(logits) over the vocabulary".into(),
    );
    p
}

/// The training program: the same encoder-decoder up to `logits`, then the loss against the
/// labels (the target shifted by one: teacher forcing) instead of `probs`.
pub fn training(config: &Config, shape: RunShape, smoothing_permille: u16) -> Program {
    let mut p = Program::default();
    let logits = encoder_decoder(&mut p, config, shape);
    let eps = smoothing_permille as f32 / 1000.0;
    p.push(
        "loss".into(),
        OpKind::CrossEntropy { smoothing_permille },
        &[&logits],
        Shape::of(&[]),
        Place::Loss,
        format!("loss = mean over non-<pad> labels of cross-entropy(logits, labels), label smoothing {eps}"),
    );
    p
}

/// Embeddings, masks, encoder, decoder and the output Linear. Returns the name of `logits`.
fn encoder_decoder(p: &mut Program, config: &Config, shape: RunShape) -> String {
    let RunShape { batch: b, t_src, t_tgt } = shape;
    let d = config.d_model;

    let src_x = embedding(p, config, Side::Src, b, t_src);
    let src_mask = p.push(
        "src.mask".into(),
        OpKind::PaddingMask(Side::Src),
        &[],
        Shape::of(&[(b, Batch), (1, Broadcast), (1, Broadcast), (t_src, Tokens(Side::Src))]),
        Place::Masks(Side::Src),
        "src.mask = (src_ids != <pad>), as (B, 1, 1, T_src)".into(),
    );

    let mut x = src_x;
    for layer in 0..config.n_layers {
        x = encoder_layer(p, config, layer, &x, &src_mask, b, t_src);
    }
    let memory = p.push(
        "enc.out".into(),
        OpKind::Identity,
        &[&x],
        Shape::of(&[(b, Batch), (t_src, Tokens(Side::Src)), (d, Features)]),
        Place::Encoder { layer: config.n_layers - 1, part: Part::AddNorm(2) },
        format!("C = {x} (the encoder's output, the memory every decoder layer reads)"),
    );

    let tgt_x = embedding(p, config, Side::Tgt, b, t_tgt);
    let tgt_pad = p.push(
        "tgt.pad_mask".into(),
        OpKind::PaddingMask(Side::Tgt),
        &[],
        Shape::of(&[(b, Batch), (1, Broadcast), (1, Broadcast), (t_tgt, Tokens(Side::Tgt))]),
        Place::Masks(Side::Tgt),
        "tgt.pad_mask = (tgt_ids != <pad>), as (B, 1, 1, T_tgt)".into(),
    );
    let causal = p.push(
        "tgt.causal".into(),
        OpKind::CausalMask,
        &[],
        Shape::of(&[(1, Broadcast), (1, Broadcast), (t_tgt, Tokens(Side::Tgt)), (t_tgt, Tokens(Side::Tgt))]),
        Place::Masks(Side::Tgt),
        "tgt.causal = lower-triangular ones: query i sees keys 0..=i".into(),
    );
    let tgt_mask = p.push(
        "tgt.mask".into(),
        OpKind::MaskAnd,
        &[&tgt_pad, &causal],
        Shape::of(&[(b, Batch), (1, Broadcast), (t_tgt, Tokens(Side::Tgt)), (t_tgt, Tokens(Side::Tgt))]),
        Place::Masks(Side::Tgt),
        "tgt.mask = tgt.pad_mask AND tgt.causal, broadcast to (B, 1, T, T)".into(),
    );

    let mut y = tgt_x;
    for layer in 0..config.n_layers {
        y = decoder_layer(p, config, layer, &y, &memory, &src_mask, &tgt_mask, b, t_tgt, t_src);
    }

    p.push(
        "logits".into(),
        OpKind::Linear(LinearRef::Out),
        &[&y],
        Shape::of(&[(b, Batch), (t_tgt, Tokens(Side::Tgt)), (config.tgt_vocab, Vocab)]),
        Place::Output,
        format!("logits = {y}·W_outᵀ + b_out: d_model {d} → vocab {}", config.tgt_vocab),
    )
}

/// Note 000's multi-head attention block on its own: X (B, T, d) -> causal self-attention -> (B, T, d),
/// using the weights of encoder layer 0's self-attention.
pub fn attention_block(config: &Config, batch: usize, t: usize) -> Program {
    let mut p = Program::default();
    let place = Place::Encoder { layer: 0, part: Part::SelfAttention };
    let tokens = Tokens(Side::Src);
    let x_shape = Shape::of(&[(batch, Batch), (t, tokens), (config.d_model, Features)]);
    let x = p.push("x".into(), OpKind::Input, &[], x_shape, place, "x: the input".into());
    let mask_shape = Shape::of(&[(1, Broadcast), (1, Broadcast), (t, tokens), (t, tokens)]);
    let mask = p.push("mask".into(), OpKind::CausalMask, &[], mask_shape, place, "mask = lower-triangular ones".into());
    let at = AttnAt {
        prefix: "attn".into(),
        stack: Stack::Encoder,
        layer: 0,
        block: AttnBlock::SelfAttn,
        place,
        q_side: Side::Src,
        kv_side: Side::Src,
    };
    attention(&mut p, config, &at, &x, &x, &mask, batch, t, t);
    p
}

/// ids -> embed -> + PE, for one side. Returns the name of x.
fn embedding(p: &mut Program, config: &Config, side: Side, b: usize, t: usize) -> String {
    let s = if side == Side::Src { "src" } else { "tgt" };
    let d = config.d_model;
    let place = Place::Embedding(side);
    let embed = p.push(
        format!("{s}.embed"),
        OpKind::Embed(side),
        &[],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        place,
        format!("{s}.embed = {s}_embed[{s}_ids]: one row of the ({}, {d}) table per token", vocab(config, side)),
    );
    let pe = p.push(
        format!("{s}.pe"),
        OpKind::PositionalEncoding,
        &[],
        Shape::of(&[(t, Positions), (d, Features)]),
        place,
        format!("PE[pos, 2i] = sin(pos/10000^(2i/{d})), PE[pos, 2i+1] = cos(pos/10000^(2i/{d}))"),
    );
    p.push(
        format!("{s}.x"),
        OpKind::AddPositional,
        &[&embed, &pe],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        place,
        format!("x = {s}.embed + {s}.pe"),
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

/// Multi-head attention: project, split heads, scores, mask, softmax, weight the values, merge, W_o.
/// Queries come from `x_q` (B, t_q, d); keys and values from `x_kv` (B, t_k, d). Returns `out`'s name.
#[allow(clippy::too_many_arguments)]
fn attention(
    p: &mut Program,
    config: &Config,
    at: &AttnAt,
    x_q: &str,
    x_kv: &str,
    mask: &str,
    b: usize,
    t_q: usize,
    t_k: usize,
) -> String {
    let (d, h, dk) = (config.d_model, config.n_heads, config.d_k());
    let pre = &at.prefix;
    let lin = |proj| OpKind::Linear(LinearRef::Attn { stack: at.stack, layer: at.layer, block: at.block, proj });
    let split = |p: &mut Program, name: &str, proj: Proj, input: &str, t: usize, side: Side| {
        let upper = name.to_uppercase();
        let width = if proj == Proj::V { "d_v" } else { "d_k" }; // a value's width is d_v (here d_k too)
        let projected = p.push(
            format!("{pre}.{name}_proj"),
            lin(proj),
            &[input],
            Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
            at.place,
            format!("{name}_proj = {input}·W_{name}ᵀ + b_{name}"),
        );
        p.push(
            format!("{pre}.{name}"),
            OpKind::SplitHeads,
            &[&projected],
            Shape::of(&[(b, Batch), (h, Heads), (t, Tokens(side)), (dk, Features)]),
            at.place,
            format!(
                "{upper} = split {} → {}: {h} heads of {width} = {dk}",
                shape_text(&[b, t, d]),
                shape_text(&[b, h, t, dk])
            ),
        )
    };
    let q = split(p, "q", Proj::Q, x_q, t_q, at.q_side);
    let k = split(p, "k", Proj::K, x_kv, t_k, at.kv_side);
    let v = split(p, "v", Proj::V, x_kv, t_k, at.kv_side);
    let scores = p.push(
        format!("{pre}.scores"),
        OpKind::Scores,
        &[&q, &k],
        Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (t_k, Tokens(at.kv_side))]),
        at.place,
        format!("scores = q·kᵀ/√{dk}"),
    );
    let masked = p.push(
        format!("{pre}.masked"),
        OpKind::MaskFill,
        &[&scores, mask],
        Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (t_k, Tokens(at.kv_side))]),
        at.place,
        format!("masked = masked_fill(scores, {mask} == 0, -1e9)"),
    );
    let weights = p.push(
        format!("{pre}.weights"),
        OpKind::Softmax,
        &[&masked],
        Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (t_k, Tokens(at.kv_side))]),
        at.place,
        "weights = softmax(masked) over the keys; each row sums to 1".into(),
    );
    let context = p.push(
        format!("{pre}.context"),
        OpKind::Context,
        &[&weights, &v],
        Shape::of(&[(b, Batch), (h, Heads), (t_q, Tokens(at.q_side)), (dk, Features)]),
        at.place,
        "context = weights·v".into(),
    );
    let merged = p.push(
        format!("{pre}.merged"),
        OpKind::MergeHeads,
        &[&context],
        Shape::of(&[(b, Batch), (t_q, Tokens(at.q_side)), (d, Features)]),
        at.place,
        format!("merged = merge {} → {}", shape_text(&[b, h, t_q, dk]), shape_text(&[b, t_q, d])),
    );
    p.push(
        format!("{pre}.out"),
        lin(Proj::O),
        &[&merged],
        Shape::of(&[(b, Batch), (t_q, Tokens(at.q_side)), (d, Features)]),
        at.place,
        "out = merged·W_oᵀ + b_o".into(),
    )
}

/// x = LayerNorm(x + sublayer): the sum, the normalised x̂, then gamma·x̂ + beta. Returns `out`'s name.
fn add_norm(p: &mut Program, pre: &str, norm: NormRef, place: Place, x: &str, sub: &str, shape: Shape) -> String {
    let i = norm.index;
    let sum = p.push(
        format!("{pre}.norm{i}.sum"),
        OpKind::Add,
        &[x, sub],
        shape.clone(),
        place,
        format!("sum = {x} + {sub}"),
    );
    let hat = p.push(
        format!("{pre}.norm{i}.hat"),
        OpKind::Normalize,
        &[&sum],
        shape.clone(),
        place,
        "x̂ = (sum - mean) / √(var + 1e-5), per token over the features".into(),
    );
    p.push(format!("{pre}.norm{i}.out"), OpKind::ScaleShift(norm), &[&hat], shape, place, "out = γ·x̂ + β".into())
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
        format!("pre = {x}·W_1ᵀ + b_1: {d} → {f}"),
    );
    let hidden = p.push(
        format!("{pre}.ffn.hidden"),
        OpKind::Relu,
        &[&pre_act],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (f, Features)]),
        place,
        "hidden = max(0, pre)".into(),
    );
    p.push(
        format!("{pre}.ffn.out"),
        OpKind::Linear(LinearRef::Ffn2 { stack, layer }),
        &[&hidden],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        place,
        format!("out = hidden·W_2ᵀ + b_2: {f} → {d}"),
    )
}

fn encoder_layer(p: &mut Program, config: &Config, layer: usize, x: &str, mask: &str, b: usize, t: usize) -> String {
    let pre = format!("enc.{layer}");
    let d = config.d_model;
    let st = Stack::Encoder;
    let side = Side::Src;
    let place = |part| Place::Encoder { layer, part };
    let at = AttnAt {
        prefix: format!("{pre}.self_attn"),
        stack: st,
        layer,
        block: AttnBlock::SelfAttn,
        place: place(Part::SelfAttention),
        q_side: side,
        kv_side: side,
    };
    let attn = attention(p, config, &at, x, x, mask, b, t, t);
    let x1 = add_norm(
        p,
        &pre,
        NormRef { stack: st, layer, index: 1 },
        place(Part::AddNorm(1)),
        x,
        &attn,
        seq(b, t, side, d),
    );
    let ffn = feed_forward(p, config, &pre, st, layer, place(Part::FeedForward), &x1, b, t);
    add_norm(p, &pre, NormRef { stack: st, layer, index: 2 }, place(Part::AddNorm(2)), &x1, &ffn, seq(b, t, side, d))
}

#[allow(clippy::too_many_arguments)]
fn decoder_layer(
    p: &mut Program,
    config: &Config,
    layer: usize,
    y: &str,
    memory: &str,
    src_mask: &str,
    tgt_mask: &str,
    b: usize,
    t: usize,
    t_src: usize,
) -> String {
    let pre = format!("dec.{layer}");
    let d = config.d_model;
    let st = Stack::Decoder;
    let side = Side::Tgt;
    let place = |part| Place::Decoder { layer, part };
    let self_at = AttnAt {
        prefix: format!("{pre}.self_attn"),
        stack: st,
        layer,
        block: AttnBlock::SelfAttn,
        place: place(Part::SelfAttention),
        q_side: side,
        kv_side: side,
    };
    let attn = attention(p, config, &self_at, y, y, tgt_mask, b, t, t);
    let y1 = add_norm(
        p,
        &pre,
        NormRef { stack: st, layer, index: 1 },
        place(Part::AddNorm(1)),
        y,
        &attn,
        seq(b, t, side, d),
    );
    let cross_at = AttnAt {
        prefix: format!("{pre}.cross_attn"),
        stack: st,
        layer,
        block: AttnBlock::CrossAttn,
        place: place(Part::CrossAttention),
        q_side: Side::Tgt,
        kv_side: Side::Src, // keys and values come from the encoder's memory
    };
    let cross = attention(p, config, &cross_at, &y1, memory, src_mask, b, t, t_src);
    let y2 = add_norm(
        p,
        &pre,
        NormRef { stack: st, layer, index: 2 },
        place(Part::AddNorm(2)),
        &y1,
        &cross,
        seq(b, t, side, d),
    );
    let ffn = feed_forward(p, config, &pre, st, layer, place(Part::FeedForward), &y2, b, t);
    add_norm(p, &pre, NormRef { stack: st, layer, index: 3 }, place(Part::AddNorm(3)), &y2, &ffn, seq(b, t, side, d))
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

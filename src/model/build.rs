//! The forward pass of the notes' encoder-decoder, written out as a `Program`, top to bottom.

use super::config::Config;
use super::program::{AttnBlock, LinearRef, NormRef, OpKind, Part, Place, Program, Proj, Side, Stack, shape_text};

/// Sizes of one forward pass: batch rows and sentence lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunShape {
    pub batch: usize,
    pub t_src: usize,
    pub t_tgt: usize,
}

/// The whole encoder-decoder: embeddings, masks, N encoder layers, N decoder layers, output.
pub fn transformer(config: &Config, shape: RunShape) -> Program {
    let mut p = Program::default();
    let RunShape { batch: b, t_src, t_tgt } = shape;
    let d = config.d_model;

    let src_x = embedding(&mut p, config, Side::Src, b, t_src);
    let src_mask = p.push(
        "src.mask".into(),
        OpKind::PaddingMask(Side::Src),
        &[],
        vec![b, 1, 1, t_src],
        Place::Masks(Side::Src),
        "src.mask = (src_ids != <pad>), as (B, 1, 1, T_src)".into(),
    );

    let mut x = src_x;
    for layer in 0..config.n_layers {
        x = encoder_layer(&mut p, config, layer, &x, &src_mask, b, t_src);
    }
    let memory = p.push(
        "enc.out".into(),
        OpKind::Identity,
        &[&x],
        vec![b, t_src, d],
        Place::Encoder { layer: config.n_layers - 1, part: Part::AddNorm(2) },
        format!("C = {x} (the encoder's output, the memory every decoder layer reads)"),
    );

    let tgt_x = embedding(&mut p, config, Side::Tgt, b, t_tgt);
    let tgt_pad = p.push(
        "tgt.pad_mask".into(),
        OpKind::PaddingMask(Side::Tgt),
        &[],
        vec![b, 1, 1, t_tgt],
        Place::Masks(Side::Tgt),
        "tgt.pad_mask = (tgt_ids != <pad>), as (B, 1, 1, T_tgt)".into(),
    );
    let causal = p.push(
        "tgt.causal".into(),
        OpKind::CausalMask,
        &[],
        vec![1, 1, t_tgt, t_tgt],
        Place::Masks(Side::Tgt),
        "tgt.causal = lower-triangular ones: query i sees keys 0..=i".into(),
    );
    let tgt_mask = p.push(
        "tgt.mask".into(),
        OpKind::MaskAnd,
        &[&tgt_pad, &causal],
        vec![b, 1, t_tgt, t_tgt],
        Place::Masks(Side::Tgt),
        "tgt.mask = tgt.pad_mask AND tgt.causal, broadcast to (B, 1, T, T)".into(),
    );

    let mut y = tgt_x;
    for layer in 0..config.n_layers {
        y = decoder_layer(&mut p, config, layer, &y, &memory, &src_mask, &tgt_mask, b, t_tgt, t_src);
    }

    let logits = p.push(
        "logits".into(),
        OpKind::Linear(LinearRef::Out),
        &[&y],
        vec![b, t_tgt, config.tgt_vocab],
        Place::Output,
        format!("logits = {y}·W_outᵀ + b_out: d_model {d} → vocab {}", config.tgt_vocab),
    );
    p.push(
        "probs".into(),
        OpKind::Softmax,
        &[&logits],
        vec![b, t_tgt, config.tgt_vocab],
        Place::Output,
        "probs = softmax(logits) over the vocabulary".into(),
    );
    p
}

/// Note 000's multi-head attention block on its own: X (B, T, d) -> causal self-attention -> (B, T, d),
/// using the weights of encoder layer 0's self-attention.
pub fn attention_block(config: &Config, batch: usize, t: usize) -> Program {
    let mut p = Program::default();
    let place = Place::Encoder { layer: 0, part: Part::SelfAttention };
    let x = p.push("x".into(), OpKind::Input, &[], vec![batch, t, config.d_model], place, "x: the input".into());
    let mask =
        p.push("mask".into(), OpKind::CausalMask, &[], vec![1, 1, t, t], place, "mask = lower-triangular ones".into());
    let at = AttnAt { prefix: "attn".into(), stack: Stack::Encoder, layer: 0, block: AttnBlock::SelfAttn, place };
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
        vec![b, t, d],
        place,
        format!("{s}.embed = {s}_embed[{s}_ids]: one row of the ({}, {d}) table per token", vocab(config, side)),
    );
    let pe = p.push(
        format!("{s}.pe"),
        OpKind::PositionalEncoding,
        &[],
        vec![t, d],
        place,
        format!("PE[pos, 2i] = sin(pos/10000^(2i/{d})), PE[pos, 2i+1] = cos(pos/10000^(2i/{d}))"),
    );
    p.push(
        format!("{s}.x"),
        OpKind::AddPositional,
        &[&embed, &pe],
        vec![b, t, d],
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
    let split = |p: &mut Program, name: &str, proj: Proj, input: &str, t: usize| {
        let upper = name.to_uppercase();
        let projected = p.push(
            format!("{pre}.{name}_proj"),
            lin(proj),
            &[input],
            vec![b, t, d],
            at.place,
            format!("{name}_proj = {input}·W_{name}ᵀ + b_{name}"),
        );
        p.push(
            format!("{pre}.{name}"),
            OpKind::SplitHeads,
            &[&projected],
            vec![b, h, t, dk],
            at.place,
            format!(
                "{upper} = split {} → {}: {h} heads of d_k = {dk}",
                shape_text(&[b, t, d]),
                shape_text(&[b, h, t, dk])
            ),
        )
    };
    let q = split(p, "q", Proj::Q, x_q, t_q);
    let k = split(p, "k", Proj::K, x_kv, t_k);
    let v = split(p, "v", Proj::V, x_kv, t_k);
    let scores = p.push(
        format!("{pre}.scores"),
        OpKind::Scores,
        &[&q, &k],
        vec![b, h, t_q, t_k],
        at.place,
        format!("scores = q·kᵀ/√{dk}"),
    );
    let masked = p.push(
        format!("{pre}.masked"),
        OpKind::MaskFill,
        &[&scores, mask],
        vec![b, h, t_q, t_k],
        at.place,
        format!("masked = masked_fill(scores, {mask} == 0, -1e9)"),
    );
    let weights = p.push(
        format!("{pre}.weights"),
        OpKind::Softmax,
        &[&masked],
        vec![b, h, t_q, t_k],
        at.place,
        "weights = softmax(masked) over the keys; each row sums to 1".into(),
    );
    let context = p.push(
        format!("{pre}.context"),
        OpKind::Context,
        &[&weights, &v],
        vec![b, h, t_q, dk],
        at.place,
        "context = weights·v".into(),
    );
    let merged = p.push(
        format!("{pre}.merged"),
        OpKind::MergeHeads,
        &[&context],
        vec![b, t_q, d],
        at.place,
        format!("merged = merge {} → {}", shape_text(&[b, h, t_q, dk]), shape_text(&[b, t_q, d])),
    );
    p.push(format!("{pre}.out"), lin(Proj::O), &[&merged], vec![b, t_q, d], at.place, "out = merged·W_oᵀ + b_o".into())
}

/// x = LayerNorm(x + sublayer): the sum, the normalised x̂, then gamma·x̂ + beta. Returns `out`'s name.
fn add_norm(p: &mut Program, pre: &str, norm: NormRef, place: Place, x: &str, sub: &str, shape: Vec<usize>) -> String {
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
    let pre_act = p.push(
        format!("{pre}.ffn.pre"),
        OpKind::Linear(LinearRef::Ffn1 { stack, layer }),
        &[x],
        vec![b, t, f],
        place,
        format!("pre = {x}·W_1ᵀ + b_1: {d} → {f}"),
    );
    let hidden = p.push(
        format!("{pre}.ffn.hidden"),
        OpKind::Relu,
        &[&pre_act],
        vec![b, t, f],
        place,
        "hidden = max(0, pre)".into(),
    );
    p.push(
        format!("{pre}.ffn.out"),
        OpKind::Linear(LinearRef::Ffn2 { stack, layer }),
        &[&hidden],
        vec![b, t, d],
        place,
        format!("out = hidden·W_2ᵀ + b_2: {f} → {d}"),
    )
}

fn encoder_layer(p: &mut Program, config: &Config, layer: usize, x: &str, mask: &str, b: usize, t: usize) -> String {
    let pre = format!("enc.{layer}");
    let d = config.d_model;
    let st = Stack::Encoder;
    let place = |part| Place::Encoder { layer, part };
    let at = AttnAt {
        prefix: format!("{pre}.self_attn"),
        stack: st,
        layer,
        block: AttnBlock::SelfAttn,
        place: place(Part::SelfAttention),
    };
    let attn = attention(p, config, &at, x, x, mask, b, t, t);
    let x1 =
        add_norm(p, &pre, NormRef { stack: st, layer, index: 1 }, place(Part::AddNorm(1)), x, &attn, vec![b, t, d]);
    let ffn = feed_forward(p, config, &pre, st, layer, place(Part::FeedForward), &x1, b, t);
    add_norm(p, &pre, NormRef { stack: st, layer, index: 2 }, place(Part::AddNorm(2)), &x1, &ffn, vec![b, t, d])
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
    let place = |part| Place::Decoder { layer, part };
    let self_at = AttnAt {
        prefix: format!("{pre}.self_attn"),
        stack: st,
        layer,
        block: AttnBlock::SelfAttn,
        place: place(Part::SelfAttention),
    };
    let attn = attention(p, config, &self_at, y, y, tgt_mask, b, t, t);
    let y1 =
        add_norm(p, &pre, NormRef { stack: st, layer, index: 1 }, place(Part::AddNorm(1)), y, &attn, vec![b, t, d]);
    let cross_at = AttnAt {
        prefix: format!("{pre}.cross_attn"),
        stack: st,
        layer,
        block: AttnBlock::CrossAttn,
        place: place(Part::CrossAttention),
    };
    let cross = attention(p, config, &cross_at, &y1, memory, src_mask, b, t, t_src);
    let y2 =
        add_norm(p, &pre, NormRef { stack: st, layer, index: 2 }, place(Part::AddNorm(2)), &y1, &cross, vec![b, t, d]);
    let ffn = feed_forward(p, config, &pre, st, layer, place(Part::FeedForward), &y2, b, t);
    add_norm(p, &pre, NormRef { stack: st, layer, index: 3 }, place(Part::AddNorm(3)), &y2, &ffn, vec![b, t, d])
}

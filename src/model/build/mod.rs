//! The forward pass of the notes' encoder-decoder, written out as a `Program`, top to bottom:
//! here the whole (embeddings, masks, the stacks, the output), `attention` the multi-head block,
//! `layers` the residual blocks, the feed-forward network and the encoder and decoder layers.

use super::arch::{Arch, ArchError, PadMask};
use super::config::Config;
use super::program::Dim::{Batch, Broadcast, Features, Positions, Tokens, Vocab};
use super::program::{AttnBlock, Formula, LinearRef, OpKind, Part, Place, Program, Shape, Side, Stack};

mod attention;
mod layers;

use attention::{AttnAt, attention};
use layers::{decoder_layer, encoder_layer};

/// (B, T, width) over one sentence's tokens.
pub(super) fn seq(b: usize, t: usize, side: Side, width: usize) -> Shape {
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
pub(super) struct Spec<'a> {
    pub(super) config: &'a Config,
    pub(super) arch: &'a Arch,
}

/// The masks the decoder's attentions read (the encoder's reads `src.mask`).
pub(super) struct Masks {
    pub(super) cross: String, // decoder cross-attention (queries: target tokens, keys: source tokens)
    pub(super) tgt: String,   // decoder self-attention
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
    let tgt_mask = target_mask(p, config, arch, b, t_tgt)?;
    let cross_mask = match arch.pad_mask {
        PadMask::Keys => src_mask.clone(),
        _ => padding_mask(p, arch, "cross.mask", Side::Tgt, Side::Src, b, t_tgt, t_src)?,
    };
    let masks = Masks { cross: cross_mask, tgt: tgt_mask };

    let mut y = tgt_x;
    for layer in 0..config.dec_layers {
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

/// The decoder self-attention's mask: the target's padding mask (or ones, note 002's mistake)
/// AND the causal mask (or ones, the no-causal what-if), (B, 1, T, T). Returns `tgt.mask`.
fn target_mask(p: &mut Program, config: &Config, arch: &Arch, b: usize, t_tgt: usize) -> Result<String, ArchError> {
    // ones where there is no target padding mask: Marian's (its start token is <pad>), or note
    // 002's make_tgt_mask, which leaves it out
    let ones = match (config.conventions.target_pad_mask, arch.tgt_padding) {
        (false, _) => Some(Formula::PadNoneStartIsPad),
        (true, false) => Some(Formula::PadOnes),
        (true, true) => None,
    };
    let tgt_pad = match ones {
        None => padding_mask(p, arch, "tgt.pad_mask", Side::Tgt, Side::Tgt, b, t_tgt, t_tgt)?,
        Some(formula) => p.push(
            "tgt.pad_mask".into(),
            OpKind::OnesMask,
            &[],
            Shape::of(&[(b, Batch), (1, Broadcast), (1, Broadcast), (t_tgt, Tokens(Side::Tgt))]),
            Place::Masks(Side::Tgt),
            formula,
        ),
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
    Ok(p.push(
        "tgt.mask".into(),
        OpKind::MaskAnd,
        &[&tgt_pad, &causal],
        Shape::of(&[(b, Batch), (1, Broadcast), (t_tgt, Tokens(Side::Tgt)), (t_tgt, Tokens(Side::Tgt))]),
        Place::Masks(Side::Tgt),
        Formula::TargetMask,
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
        PadMask::QueryAndKeyRepeatLenK if t_q != t_k => Err(ArchError::RepeatLenK { op: name.into(), b, t_q, t_k }),
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
    // Marian multiplies the embedding rows by √d_model before the positions are added
    let embed = if config.conventions.embed_scale {
        p.push(
            format!("{s}.scaled"),
            OpKind::EmbedScale,
            &[&embed],
            Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
            place,
            Formula::EmbedScale { side, d },
        )
    } else {
        embed
    };
    let pe = p.push(
        format!("{s}.pe"),
        OpKind::PositionalEncoding,
        &[],
        Shape::of(&[(t, Positions), (d, Features)]),
        place,
        Formula::PositionalEncoding { d, layout: config.conventions.positions },
    );
    p.push(
        format!("{s}.x"),
        OpKind::AddPositional,
        &[&embed, &pe],
        Shape::of(&[(b, Batch), (t, Tokens(side)), (d, Features)]),
        place,
        Formula::AddPositional { side, scaled: config.conventions.embed_scale },
    )
}

fn vocab(config: &Config, side: Side) -> usize {
    if side == Side::Src { config.src_vocab } else { config.tgt_vocab }
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

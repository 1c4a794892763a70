//! The lines of each op kind, in numpy and in PyTorch (the twins use the same names; float64
//! throughout, so that the scripts check the tutor's float32 against a more precise computation).

use super::{Binding, Lib, Source};
use crate::model::Weights;
use crate::model::arch::MaskFill;
use crate::model::config::PositionLayout;
use crate::model::program::{AttnBlock, LinearRef, NormRef, Op, OpKind, Proj, Side, Stack};

/// What a kind's lines are written from.
pub(super) struct Cx<'a> {
    pub op: &'a Op,
    pub weights: &'a Weights,
    /// The local names of the op's inputs, in order.
    pub ins: &'a [String],
    pub out: &'a str,
    pub lib: Lib,
}

impl Cx<'_> {
    fn pick(&self, numpy: String, torch: String) -> String {
        match self.lib {
            Lib::Numpy => numpy,
            Lib::Torch => torch,
        }
    }

    /// The input `i`'s local name.
    fn x(&self, i: usize) -> &str {
        &self.ins[i]
    }

    /// A Python tuple of the op's shape: `(2, 1, 1, 8)`.
    fn shape_tuple(&self) -> String {
        crate::model::program::shape_text(&self.op.shape)
    }
}

type Code = (Vec<Binding>, Vec<String>);

fn weight(local: &str, name: String) -> Binding {
    Binding { local: local.to_string(), source: Source::Weight(name) }
}

fn ids(side: Side) -> Binding {
    Binding { local: format!("{}_ids", side.prefix()), source: Source::Ids(side) }
}

/// The bindings (beyond the op's input tensors) and the lines of the op's kind.
pub(super) fn code(cx: &Cx) -> Code {
    match cx.op.kind {
        OpKind::Input
        | OpKind::Embed(_)
        | OpKind::EmbedScale
        | OpKind::PositionalEncoding
        | OpKind::AddPositional
        | OpKind::PaddingMask(_)
        | OpKind::PaddingMaskQK { .. }
        | OpKind::CausalMask
        | OpKind::OnesMask
        | OpKind::MaskAnd => inputs_and_masks(cx),
        OpKind::Linear(r) => linear(cx, r),
        OpKind::SplitHeads
        | OpKind::QueryKey
        | OpKind::Scale { .. }
        | OpKind::MaskFill(_)
        | OpKind::Softmax
        | OpKind::Context
        | OpKind::MergeHeads
        | OpKind::HeadMask { .. } => attention(cx),
        _ => layers(cx),
    }
}

/// The embeddings, the positions and the masks.
fn inputs_and_masks(cx: &Cx) -> Code {
    let out = cx.out;
    let pad = cx.weights.config.pad_idx;
    let (np_float, th_float) = (".astype(np.float64)", ".double()");
    match cx.op.kind {
        OpKind::Input => (vec![], vec![format!("{out} = given(\"{}\")", cx.op.name)]),
        OpKind::Embed(side) => {
            let table = format!("{}_embed", side.prefix());
            let lines = vec![format!("{out} = {table}[{}_ids]", side.prefix())];
            (vec![weight(&table, format!("{table}.weight")), ids(side)], lines)
        }
        OpKind::EmbedScale => {
            let d = cx.weights.config.d_model;
            (vec![], vec![format!("d_model = {d}"), format!("{out} = {} * math.sqrt(d_model)", cx.x(0))])
        }
        OpKind::PositionalEncoding => (vec![], positions(cx)),
        OpKind::AddPositional => (vec![], vec![format!("{out} = {} + {}", cx.x(0), cx.x(1))]),
        OpKind::PaddingMask(side) => {
            let s = side.prefix();
            let flags = format!("({s}_ids != pad_idx)[:, None, None, :]");
            let line = cx.pick(format!("{out} = {flags}{np_float}"), format!("{out} = {flags}{th_float}"));
            (vec![ids(side)], vec![format!("pad_idx = {pad}"), line])
        }
        OpKind::PaddingMaskQK { q, k } => {
            let (qs, ks) = (q.prefix(), k.prefix());
            let both = format!("(({qs}_ids != pad_idx)[:, None, :, None] & ({ks}_ids != pad_idx)[:, None, None, :])");
            let line = cx.pick(format!("{out} = {both}{np_float}"), format!("{out} = {both}{th_float}"));
            let bindings = if q == k { vec![ids(q)] } else { vec![ids(q), ids(k)] };
            (bindings, vec![format!("pad_idx = {pad}"), line])
        }
        OpKind::CausalMask => {
            let t = cx.op.shape[2];
            let line = cx.pick(
                format!("{out} = np.tril(np.ones((T, T)))[None, None]"),
                format!("{out} = torch.tril(torch.ones(T, T, dtype=torch.float64))[None, None]"),
            );
            (vec![], vec![format!("T = {t}"), line])
        }
        OpKind::OnesMask => {
            let shape = cx.shape_tuple();
            let line = cx
                .pick(format!("{out} = np.ones({shape})"), format!("{out} = torch.ones({shape}, dtype=torch.float64)"));
            (vec![], vec![line])
        }
        _ => {
            let both = format!("(({} != 0) & ({} != 0))", cx.x(0), cx.x(1));
            (vec![], vec![cx.pick(format!("{out} = {both}{np_float}"), format!("{out} = {both}{th_float}"))])
        }
    }
}

/// The sinusoidal table, in the model's layout.
fn positions(cx: &Cx) -> Vec<String> {
    let out = cx.out;
    let (t, d) = (cx.op.shape[0], cx.op.shape[1]);
    let (lib, f64) = match cx.lib {
        Lib::Numpy => ("np", ""),
        Lib::Torch => ("torch", ", dtype=torch.float64"),
    };
    let mut lines = vec![format!("T, d = {t}, {d}"), format!("pos = {lib}.arange(T{f64})[:, None]")];
    match cx.weights.config.conventions.positions {
        PositionLayout::Interleaved => {
            lines.push(format!("two_i = {lib}.arange(0, d, 2{f64})"));
            lines.push("angle = pos / 10000 ** (two_i / d)".into());
            lines.push(cx.pick(format!("{out} = np.zeros((T, d))"), format!("{out} = torch.zeros(T, d{f64})")));
            lines.push(format!("{out}[:, 0::2] = {lib}.sin(angle)"));
            lines.push(format!("{out}[:, 1::2] = {lib}.cos(angle[:, : d // 2])"));
        }
        PositionLayout::Halves => {
            lines.push(format!("j = {lib}.arange(d{f64})"));
            lines.push(format!("angle = pos / 10000 ** (2 * {lib}.floor(j / 2) / d)"));
            let halves = format!("[{lib}.sin(angle[:, 0::2]), {lib}.cos(angle[:, 1::2])]");
            lines.push(cx.pick(
                format!("{out} = np.concatenate({halves}, axis=-1)"),
                format!("{out} = torch.cat({halves}, dim=-1)"),
            ));
        }
    }
    lines
}

/// The PyTorch name of a Linear's parameters, without `.weight` / `.bias`, and the short names
/// the snippet gives its weight and bias.
pub(super) fn linear_names(r: LinearRef) -> (String, &'static str, &'static str) {
    let stack = |s: Stack| if s == Stack::Encoder { "encoder" } else { "decoder" };
    match r {
        LinearRef::Attn { stack: s, layer, block, proj } => {
            let block = if block == AttnBlock::SelfAttn { "self_attn" } else { "cross_attn" };
            let (p, w, b) = match proj {
                Proj::Q => ("q", "w_q", "b_q"),
                Proj::K => ("k", "w_k", "b_k"),
                Proj::V => ("v", "w_v", "b_v"),
                Proj::O => ("o", "w_o", "b_o"),
            };
            (format!("{}.layers.{layer}.{block}.w_{p}", stack(s)), w, b)
        }
        LinearRef::Ffn1 { stack: s, layer } => (format!("{}.layers.{layer}.ffn.linear1", stack(s)), "w_1", "b_1"),
        LinearRef::Ffn2 { stack: s, layer } => (format!("{}.layers.{layer}.ffn.linear2", stack(s)), "w_2", "b_2"),
        LinearRef::Out => ("fc_out".into(), "w_out", "b_out"),
    }
}

/// Whether the output Linear is the target embedding itself (a Marian's tied output).
pub fn tied_output(weights: &Weights) -> bool {
    weights.fc_out.weight.as_ptr() == weights.tgt_embed.as_ptr()
}

/// x · Wᵀ + b; a tied output reads the target embedding and its bias `final_logits_bias`.
fn linear(cx: &Cx, r: LinearRef) -> Code {
    let (name, w, b) = linear_names(r);
    if r == LinearRef::Out && tied_output(cx.weights) {
        let bindings =
            vec![weight("tgt_embed", "tgt_embed.weight".into()), weight("final_logits_bias", format!("{name}.bias"))];
        return (bindings, vec![format!("{} = {} @ tgt_embed.T + final_logits_bias", cx.out, cx.x(0))]);
    }
    let bindings = vec![weight(w, format!("{name}.weight")), weight(b, format!("{name}.bias"))];
    (bindings, vec![format!("{} = {} @ {w}.T + {b}", cx.out, cx.x(0))])
}

/// Heads, scores, the mask, softmax, the weighted sum.
fn attention(cx: &Cx) -> Code {
    let (out, x) = (cx.out, cx.x(0));
    let lines = match cx.op.kind {
        OpKind::SplitHeads => {
            let s = &cx.op.shape;
            vec![
                format!("B, T, H, d_k = {}, {}, {}, {}", s[0], s[2], s[1], s[3]),
                cx.pick(
                    format!("{out} = {x}.reshape(B, T, H, d_k).transpose(0, 2, 1, 3)"),
                    format!("{out} = {x}.view(B, T, H, d_k).transpose(1, 2)"),
                ),
            ]
        }
        OpKind::QueryKey => {
            let k = cx.x(1);
            vec![cx.pick(format!("{out} = {x} @ {k}.swapaxes(-2, -1)"), format!("{out} = {x} @ {k}.transpose(-2, -1)"))]
        }
        OpKind::Scale { d_k } => vec![format!("d_k = {d_k}"), format!("{out} = {x} / math.sqrt(d_k)")],
        OpKind::MaskFill(fill) => {
            let mask = cx.x(1);
            let (np_fill, th_fill) = match fill {
                MaskFill::MinusBillion => ("-1e9", "-1e9"),
                MaskFill::MinusInfinity => ("-np.inf", "float(\"-inf\")"),
                MaskFill::Multiply => return (vec![], vec![format!("{out} = {x} * {mask}")]),
                MaskFill::Off => return (vec![], vec![format!("{out} = {x}")]),
            };
            vec![cx.pick(
                format!("{out} = np.where({mask} == 0, {np_fill}, {x})"),
                format!("{out} = {x}.masked_fill({mask} == 0, {th_fill})"),
            )]
        }
        OpKind::Softmax => match cx.lib {
            Lib::Numpy => vec![
                format!("e = np.exp({x} - {x}.max(axis=-1, keepdims=True))"),
                format!("{out} = e / e.sum(axis=-1, keepdims=True)"),
            ],
            Lib::Torch => vec![format!("{out} = torch.softmax({x}, dim=-1)")],
        },
        OpKind::Context => vec![format!("{out} = {x} @ {}", cx.x(1))],
        OpKind::MergeHeads => {
            let s = &cx.op.shape;
            let h = cx.weights.config.n_heads;
            vec![
                format!("B, T, H, d_k = {}, {}, {h}, {}", s[0], s[1], s[2] / h.max(1)),
                cx.pick(
                    format!("{out} = {x}.transpose(0, 2, 1, 3).reshape(B, T, H * d_k)"),
                    format!("{out} = {x}.transpose(1, 2).reshape(B, T, H * d_k)"),
                ),
            ]
        }
        OpKind::HeadMask { head, keep_only } => {
            let h = cx.op.shape[1];
            let (fill, keep) = if keep_only { ("zeros", "1.0") } else { ("ones", "0.0") };
            vec![
                format!("H, head = {h}, {head}"),
                cx.pick(format!("keep = np.{fill}(H)"), format!("keep = torch.{fill}(H, dtype=torch.float64)")),
                format!("keep[head] = {keep}"),
                format!("{out} = {x} * keep[None, :, None, None]"),
            ]
        }
        _ => unreachable!("attention() is called for attention kinds only"),
    };
    (vec![], lines)
}

/// The residual sum, the activations, LayerNorm, the memory, the loss.
fn layers(cx: &Cx) -> Code {
    let (out, x) = (cx.out, cx.x(0));
    let lines = match cx.op.kind {
        OpKind::Add => vec![format!("{out} = {x} + {}", cx.x(1))],
        // max(0, x); a NaN (a row -inf hid entirely) stays NaN in both, as in the tutor
        OpKind::Relu => vec![cx.pick(format!("{out} = np.maximum({x}, 0.0)"), format!("{out} = torch.relu({x})"))],
        OpKind::Silu => vec![cx.pick(format!("{out} = {x} / (1.0 + np.exp(-{x}))"), format!("{out} = F.silu({x})"))],
        OpKind::Gelu => {
            vec![
                cx.pick(
                    format!("{out} = 0.5 * {x} * (1.0 + erf({x} / math.sqrt(2.0)))"),
                    format!("{out} = F.gelu({x})"),
                ),
            ]
        }
        OpKind::Normalize { eps_exponent } => {
            let (mean, var) = match cx.lib {
                Lib::Numpy => (
                    format!("mean = {x}.mean(axis=-1, keepdims=True)"),
                    format!("var = (({x} - mean) ** 2).mean(axis=-1, keepdims=True)"),
                ),
                Lib::Torch => (
                    format!("mean = {x}.mean(dim=-1, keepdim=True)"),
                    format!("var = {x}.var(dim=-1, unbiased=False, keepdim=True)"),
                ),
            };
            let lib = if cx.lib == Lib::Numpy { "np" } else { "torch" };
            vec![format!("eps = 1e{eps_exponent}"), mean, var, format!("{out} = ({x} - mean) / {lib}.sqrt(var + eps)")]
        }
        OpKind::ScaleShift(r) => return scale_shift(cx, r),
        OpKind::Identity => vec![format!("{out} = {x}")],
        OpKind::CrossEntropy { smoothing_permille } => return cross_entropy(cx, smoothing_permille),
        _ => unreachable!("layers() is called for the remaining kinds only"),
    };
    (vec![], lines)
}

fn scale_shift(cx: &Cx, r: NormRef) -> Code {
    let stack = if r.stack == Stack::Encoder { "encoder" } else { "decoder" };
    let name = format!("{stack}.layers.{}.norm{}", r.layer, r.index);
    let bindings = vec![weight("gamma", format!("{name}.weight")), weight("beta", format!("{name}.bias"))];
    (bindings, vec![format!("{} = gamma * {} + beta", cx.out, cx.x(0))])
}

/// Cross-entropy against the labels, `<pad>` labels left out, with label smoothing ε.
fn cross_entropy(cx: &Cx, smoothing_permille: u16) -> Code {
    let (out, x) = (cx.out, cx.x(0));
    let pad = cx.weights.config.pad_idx;
    let eps = smoothing_permille as f64 / 1000.0;
    let labels = Binding { local: "labels".into(), source: Source::Labels };
    let mut lines = vec![format!("pad_idx, eps = {pad}, {eps:?}")];
    match cx.lib {
        Lib::Numpy => lines.extend([
            format!("m = {x}.max(axis=-1, keepdims=True)"),
            format!("log_p = {x} - m - np.log(np.exp({x} - m).sum(axis=-1, keepdims=True))"),
            "nll = -np.take_along_axis(log_p, labels[..., None], axis=-1)[..., 0]".to_string(),
            "keep = labels != pad_idx".to_string(),
            format!("{out} = (((1 - eps) * nll - eps * log_p.mean(axis=-1)) * keep).sum() / max(keep.sum(), 1)"),
        ]),
        Lib::Torch => lines.extend([
            format!("V = {x}.shape[-1]"),
            format!(
                "{out} = F.cross_entropy({x}.reshape(-1, V), labels.reshape(-1), ignore_index=pad_idx, label_smoothing=eps)"
            ),
        ]),
    }
    (vec![labels], lines)
}

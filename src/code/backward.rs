//! The backward of each op kind as code: from `d_<out>`, the gradient of the loss with respect to
//! the op's output, the gradients of its inputs (and of its parameters), the formula the tutor's
//! backward kernel applies (`loss.backward()` is not an explanation). The training run's script
//! runs them from the loss back to the embeddings and checks every gradient against the tutor's.

use super::{Binding, Lib, Source, names};
use crate::model::Weights;
use crate::model::arch::MaskFill;
use crate::model::program::{LinearRef, Op, OpKind, Program};

/// The code of one op's backward.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backward {
    /// The forward values and the weights the lines read.
    pub bindings: Vec<Binding>,
    /// The local name of the incoming gradient, `d_<out>`.
    pub d_out: String,
    pub lines: Vec<String>,
    /// The gradients the lines give: (the input op's index, the local holding it).
    pub inputs: Vec<(usize, String)>,
    /// The parameters' gradients: (the parameter's PyTorch name, the local holding it).
    pub params: Vec<(String, String)>,
}

/// numpy's spelling to PyTorch's, for the lines both libraries write alike but for names.
fn torch(line: &str) -> String {
    [
        (".max(axis=-1, keepdims=True)", ".amax(dim=-1, keepdim=True)"),
        ("np.where(", "torch.where("),
        ("np.exp(", "torch.exp("),
        ("np.sqrt(", "torch.sqrt("),
        ("np.zeros_like(", "torch.zeros_like("),
        (".swapaxes(", ".transpose("),
        ("keepdims=True", "keepdim=True"),
        ("axis=", "dim="),
        ("erf(", "torch.erf("),
    ]
    .iter()
    .fold(line.to_string(), |l, (np, th)| l.replace(np, th))
}

/// The backward of operation `index`; None for the kinds no gradient passes through (the masks,
/// the positional table, an input).
pub fn backward(program: &Program, weights: &Weights, index: usize, lib: Lib) -> Option<Backward> {
    let op = program.op(index);
    let (ins, out) = names::locals(program, op);
    let d_out = format!("d_{out}");
    let d = |i: usize| format!("d_{}", ins.get(i).map_or("x", String::as_str));
    let tensor =
        |local: &str, i: usize| Binding { local: local.into(), source: Source::Tensor(program.op(i).name.clone()) };
    let mut bindings: Vec<Binding> = op.inputs.iter().zip(&ins).map(|(&i, l)| tensor(l, i)).collect();
    bindings.push(Binding { local: out.clone(), source: Source::Tensor(op.name.clone()) });
    let mut params = Vec::new();
    let (x, g) = (ins.first().cloned().unwrap_or_default(), &d_out);
    let mut inputs = vec![(op.inputs.first().copied().unwrap_or(0), d(0))];
    let lines: Vec<String> = match op.kind {
        OpKind::Embed(_) => return embed(op, weights, lib, g),
        OpKind::Input
        | OpKind::PositionalEncoding
        | OpKind::PaddingMask(_)
        | OpKind::PaddingMaskQK { .. }
        | OpKind::CausalMask
        | OpKind::OnesMask
        | OpKind::MaskAnd => return None,
        OpKind::EmbedScale => vec![format!("{} = {g} * math.sqrt({})", d(0), weights.config.d_model)],
        OpKind::AddPositional | OpKind::Add => {
            inputs.push((op.inputs[1], d(1)));
            vec![
                format!("{} = unbroadcast({g}, {x}.shape)", d(0)),
                format!("{} = unbroadcast({g}, {}.shape)", d(1), ins[1]),
            ]
        }
        OpKind::Linear(r) => linear(program, op, weights, r, (&x, g, &d(0)), (&mut bindings, &mut params)),
        OpKind::SplitHeads => {
            let s = &op.shape;
            vec![format!("{} = {g}.swapaxes(1, 2).reshape({}, {}, {})", d(0), s[0], s[2], s[1] * s[3])]
        }
        OpKind::MergeHeads => {
            let s = &program.op(op.inputs[0]).shape;
            vec![format!("{} = {g}.reshape({}, {}, {}, {}).swapaxes(1, 2)", d(0), s[0], s[2], s[1], s[3])]
        }
        OpKind::HeadMask { head, keep_only } => {
            let (fill, keep) = if keep_only { ("0.0", "1.0") } else { ("1.0", "0.0") };
            let h = op.shape[1];
            vec![
                format!("keep = [{fill}] * {h}"),
                format!("keep[{head}] = {keep}"),
                format!(
                    "{} = {g} * {}(keep)[None, :, None, None]",
                    d(0),
                    if lib == Lib::Numpy { "np.array" } else { "torch.tensor" }
                ),
            ]
        }
        OpKind::QueryKey => {
            inputs.push((op.inputs[1], d(1)));
            let k = &ins[1];
            vec![format!("{} = {g} @ {k}", d(0)), format!("{} = {g}.swapaxes(-2, -1) @ {x}", d(1))]
        }
        OpKind::Scale { d_k } => vec![format!("{} = {g} / math.sqrt({d_k})", d(0))],
        OpKind::MaskFill(MaskFill::Multiply) => vec![format!("{} = {g} * {}", d(0), ins[1])],
        OpKind::MaskFill(_) => vec![format!("{} = np.where({} == 0, 0.0, {g})", d(0), ins[1])],
        OpKind::Softmax => vec![format!("{} = {out} * ({g} - ({g} * {out}).sum(axis=-1, keepdims=True))", d(0))],
        OpKind::Context => {
            inputs.push((op.inputs[1], d(1)));
            let v = &ins[1];
            vec![format!("{} = {g} @ {v}.swapaxes(-2, -1)", d(0)), format!("{} = {x}.swapaxes(-2, -1) @ {g}", d(1))]
        }
        OpKind::Relu | OpKind::Silu | OpKind::Gelu | OpKind::Normalize { .. } => pointwise(op.kind, &x, &out, g, &d(0)),
        OpKind::ScaleShift(r) => scale_shift(op, r, (&x, g, &d(0)), (&mut bindings, &mut params)),
        OpKind::Identity => vec![format!("{} = {g}", d(0))],
        OpKind::CrossEntropy { smoothing_permille } => {
            bindings.push(Binding { local: "labels".into(), source: Source::Labels });
            cross_entropy_backward(&x, g, &d(0), weights.config.pad_idx, smoothing_permille, lib)
        }
    };
    let lines = match lib {
        Lib::Numpy => lines,
        Lib::Torch => lines.iter().map(|l| torch(l)).collect(),
    };
    Some(Backward { bindings, d_out, lines, inputs, params })
}

/// An embedding's backward: each token's gradient row added into its table row, `<pad>`'s left
/// at zero (the other leaves have none).
fn embed(op: &Op, weights: &Weights, lib: Lib, g: &str) -> Option<Backward> {
    let OpKind::Embed(side) = op.kind else { return None };
    let s = side.prefix();
    let table = format!("{s}_embed");
    let add = match lib {
        Lib::Numpy => format!("np.add.at(d_{table}, {s}_ids, {g})"),
        Lib::Torch => format!("d_{table}.index_put_(({s}_ids,), {g}, accumulate=True)"),
    };
    let zeros = if lib == Lib::Numpy { "np.zeros_like" } else { "torch.zeros_like" };
    let lines =
        vec![format!("d_{table} = {zeros}({table})"), add, format!("d_{table}[{}] = 0.0", weights.config.pad_idx)];
    let bindings = vec![
        Binding { local: table.clone(), source: Source::Weight(format!("{table}.weight")) },
        Binding { local: format!("{s}_ids"), source: Source::Ids(side) },
    ];
    let params = vec![(format!("{table}.weight"), format!("d_{table}"))];
    Some(Backward { bindings, d_out: g.to_string(), lines, inputs: vec![], params })
}

/// d logits = d_loss · (softmax(logits) − q) / N: q the smoothed one-hot target, N the labels
/// that are not `<pad>`, whose rows get 0.
fn cross_entropy_backward(x: &str, g: &str, d_x: &str, pad: usize, permille: u16, lib: Lib) -> Vec<String> {
    let eps = permille as f64 / 1000.0;
    let one_hot = match lib {
        Lib::Numpy => format!(
            "q = np.full({x}.shape, eps / V); np.put_along_axis(q, labels[..., None], 1 - eps + eps / V, axis=-1)"
        ),
        Lib::Torch => format!(
            "q = torch.full({x}.shape, eps / V, dtype=torch.float64).scatter(-1, labels[..., None], 1 - eps + eps / V)"
        ),
    };
    vec![
        format!("pad_idx, eps, V = {pad}, {eps:?}, {x}.shape[-1]"),
        format!("e = np.exp({x} - {x}.max(axis=-1, keepdims=True))"),
        one_hot,
        "keep = (labels != pad_idx)[..., None]".to_string(),
        format!("{d_x} = {g} * (e / e.sum(axis=-1, keepdims=True) - q) * keep / max(int(keep.sum()), 1)"),
    ]
}

/// The names a backward's lines use: the input, the incoming gradient, the input's gradient.
type Names<'a> = (&'a str, &'a str, &'a str);
/// Where a backward adds the weights it reads and the parameters' gradients it gives.
type Out<'a> = (&'a mut Vec<Binding>, &'a mut Vec<(String, String)>);

/// d_x = g · W; d_W = gᵀ · x and d_b = Σ g over every row (batch and tokens).
fn linear(
    program: &Program,
    op: &Op,
    weights: &Weights,
    r: LinearRef,
    (x, g, dx): Names,
    (bindings, params): Out,
) -> Vec<String> {
    let (name, w, b) = super::forward::linear_names(r);
    bindings.push(Binding { local: w.to_string(), source: Source::Weight(format!("{name}.weight")) });
    let n = op.shape.last().copied().unwrap_or(1);
    let k = program.op(op.inputs[0]).shape.last().copied().unwrap_or(1);
    if r != LinearRef::Out || !super::forward::tied_output(weights) {
        params.extend([(format!("{name}.weight"), format!("d_{w}")), (format!("{name}.bias"), format!("d_{b}"))]);
    }
    vec![
        format!("{dx} = {g} @ {w}"),
        format!("d_{w} = {g}.reshape(-1, {n}).T @ {x}.reshape(-1, {k})"),
        format!("d_{b} = {g}.reshape(-1, {n}).sum(axis=0)"),
    ]
}

/// d_x̂ = g · γ; d_γ = Σ g · x̂ and d_β = Σ g over every token.
fn scale_shift(op: &Op, r: crate::model::program::NormRef, (x, g, dx): Names, (bindings, params): Out) -> Vec<String> {
    let stack = if r.stack == crate::model::program::Stack::Encoder { "encoder" } else { "decoder" };
    let name = format!("{stack}.layers.{}.norm{}", r.layer, r.index);
    bindings.push(Binding { local: "gamma".into(), source: Source::Weight(format!("{name}.weight")) });
    params.extend([(format!("{name}.weight"), "d_gamma".into()), (format!("{name}.bias"), "d_beta".into())]);
    let n = op.shape.last().copied().unwrap_or(1);
    vec![
        format!("{dx} = {g} * gamma"),
        format!("d_gamma = ({g} * {x}).reshape(-1, {n}).sum(axis=0)"),
        format!("d_beta = {g}.reshape(-1, {n}).sum(axis=0)"),
    ]
}

/// The activations' derivatives, and LayerNorm's x̂ (`out`) back to x.
fn pointwise(kind: OpKind, x: &str, out: &str, g: &str, dx: &str) -> Vec<String> {
    match kind {
        // zero where ReLU was flat (x ≤ 0); a NaN input passes its gradient, as in torch
        OpKind::Relu => vec![format!("{dx} = np.where({x} <= 0, 0.0, {g})")],
        OpKind::Silu => {
            vec![format!("s = 1.0 / (1.0 + np.exp(-{x}))"), format!("{dx} = {g} * s * (1.0 + {x} * (1.0 - s))")]
        }
        OpKind::Gelu => vec![
            format!("cdf = 0.5 * (1.0 + erf({x} / math.sqrt(2.0)))"),
            format!("pdf = np.exp(-0.5 * {x} ** 2) / math.sqrt(2.0 * math.pi)"),
            format!("{dx} = {g} * (cdf + {x} * pdf)"),
        ],
        OpKind::Normalize { eps_exponent } => vec![
            format!("var = (({x} - {x}.mean(axis=-1, keepdims=True)) ** 2).mean(axis=-1, keepdims=True)"),
            format!("mean_g = {g}.mean(axis=-1, keepdims=True)"),
            format!("mean_gy = ({g} * {out}).mean(axis=-1, keepdims=True)"),
            format!("{dx} = ({g} - mean_g - {out} * mean_gy) / np.sqrt(var + 1e{eps_exponent})"),
        ],
        _ => unreachable!("pointwise() is called for the activations and LayerNorm only"),
    }
}

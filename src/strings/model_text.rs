//! The model's typed keys written out: an operation's formula, its kind's label, where it sits.
//! The model carries the key (`Formula`, `OpKind`, `Place`); this is the one place its words come
//! from: their messages in `locales/*.ftl`, except what is only symbols (most formulas, the kinds'
//! labels), which reads the same in every language and is written here.

use std::fmt;

use crate::lang::{message, message_with};

use crate::model::arch::{ArchError, MaskFill};
use crate::model::conventions::PositionLayout;
use crate::model::program::{Op, Part, Proj, Side, Stack, shape_text};
use crate::model::{Formula, OpKind, Place};

/// `q`, `k`, `v` or `o`, as the formulas name a projection's weights.
fn proj_name(proj: Proj) -> &'static str {
    match proj {
        Proj::Q => "q",
        Proj::K => "k",
        Proj::V => "v",
        Proj::O => "o",
    }
}

impl fmt::Display for Formula {
    /// The formula as the trace and the screen print it: `scores = qk/√8`. A formula that is only
    /// symbols is written here; one with words reads its message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Formula::Input => message("formula-input").to_string(),
            Formula::Embed { side, vocab, d } => {
                message_with("formula-embed", &[("s", &side.prefix()), ("vocab", vocab), ("d", d)])
            }
            Formula::PositionalEncoding { d, layout: PositionLayout::Interleaved } => {
                return write!(f, "PE[pos, 2i] = sin(pos/10000^(2i/{d})), PE[pos, 2i+1] = cos(pos/10000^(2i/{d}))");
            }
            Formula::PositionalEncoding { d, layout: PositionLayout::Halves } => {
                message_with("formula-positional-halves", &[("d", d), ("h", &d.div_ceil(2))])
            }
            Formula::EmbedScale { side, d } => message_with("formula-embed-scale", &[("s", &side.prefix()), ("d", d)]),
            Formula::AddPositional { side, scaled } => {
                let embedded = if *scaled { "scaled" } else { "embed" };
                return write!(f, "x = {s}.{embedded} + {s}.pe", s = side.prefix());
            }
            Formula::PadKeys { name, k } => message_with("formula-pad-keys", &[("name", name), ("k", &k.prefix())]),
            Formula::PadQueryKey { name, q, k } => {
                message_with("formula-pad-query-key", &[("name", name), ("q", &q.prefix()), ("k", &k.prefix())])
            }
            Formula::PadOnes => message("formula-pad-ones").to_string(),
            Formula::PadNoneStartIsPad => message("formula-pad-none-start-is-pad").to_string(),
            Formula::Causal { on: true } => message("formula-causal").to_string(),
            Formula::Causal { on: false } => message("formula-causal-off").to_string(),
            Formula::CausalInput => message("formula-causal-input").to_string(),
            Formula::TargetMask => message("formula-target-mask").to_string(),
            Formula::Memory { x } => message_with("formula-memory", &[("x", x)]),
            Formula::Projection { proj, input } => {
                return write!(f, "{name}_proj = {input}·W_{name}ᵀ + b_{name}", name = proj_name(*proj));
            }
            Formula::SplitHeads { proj, b, t, d, h, dk } => split_heads(*proj, [*b, *t, *d, *h, *dk]),
            Formula::QueryKey => return f.write_str("qk = q·kᵀ"),
            Formula::Scores { dk, scaled: true } => return write!(f, "scores = qk/√{dk}"),
            Formula::Scores { dk, scaled: false } => message_with("formula-scores-unscaled", &[("dk", dk)]),
            Formula::Masked { fill, mask } => match fill {
                MaskFill::Off => message("formula-masked-off").to_string(),
                MaskFill::MinusInfinity => return write!(f, "masked = masked_fill(scores, {mask} == 0, -inf)"),
                MaskFill::Multiply => message_with("formula-masked-multiply", &[("mask", mask)]),
                MaskFill::MinusBillion => return write!(f, "masked = masked_fill(scores, {mask} == 0, -1e9)"),
            },
            Formula::Weights => message("formula-weights").to_string(),
            Formula::Context => return f.write_str("context = weights·v"),
            Formula::HeadMask { context, head, keep_only: false } => {
                message_with("formula-head-removed", &[("context", context), ("head", head)])
            }
            Formula::HeadMask { context, head, keep_only: true } => {
                message_with("formula-head-alone", &[("context", context), ("head", head)])
            }
            Formula::Merge { b, h, t, dk, d } => {
                return write!(f, "merged = merge {} → {}", shape_text(&[*b, *h, *t, *dk]), shape_text(&[*b, *t, *d]));
            }
            Formula::AttentionOut => return f.write_str("out = merged·W_oᵀ + b_o"),
            Formula::Sum { skip, sub, residual: true } => return write!(f, "sum = {skip} + {sub}"),
            Formula::Sum { sub, residual: false, .. } => message_with("formula-sum-no-residual", &[("sub", sub)]),
            Formula::Normalize { input, eps_exponent } => {
                message_with("formula-normalize", &[("input", input), ("eps_exponent", eps_exponent)])
            }
            Formula::ScaleShift => return f.write_str("out = γ·x̂ + β"),
            Formula::FfnIn { x, d, f: ff } => return write!(f, "pre = {x}·W_1ᵀ + b_1: {d} → {ff}"),
            Formula::Relu => return f.write_str("hidden = max(0, pre)"),
            Formula::Silu => message("formula-silu").to_string(),
            Formula::Gelu => message("formula-gelu").to_string(),
            Formula::FfnOut { f: ff, d } => return write!(f, "out = hidden·W_2ᵀ + b_2: {ff} → {d}"),
            Formula::Logits { y, d, vocab } => {
                return write!(f, "logits = {y}·W_outᵀ + b_out: d_model {d} → vocab {vocab}");
            }
            Formula::Probs => message("formula-probs").to_string(),
            Formula::Loss { smoothing_permille } => {
                let smoothing = *smoothing_permille as f32 / 1000.0;
                message_with("formula-loss", &[("smoothing", &smoothing)])
            }
        };
        f.write_str(&text)
    }
}

/// `Q = split (2, 6, 32) → (2, 4, 6, 8): 4 heads of d_k = 8`.
fn split_heads(proj: Proj, [b, t, d, h, dk]: [usize; 5]) -> String {
    let upper = proj_name(proj).to_uppercase();
    let width = if proj == Proj::V { "d_v" } else { "d_k" }; // a value's width is d_v (here d_k too)
    let (from, to) = (shape_text(&[b, t, d]), shape_text(&[b, h, t, dk]));
    message_with(
        "formula-split-heads",
        &[("upper", &upper), ("from", &from), ("to", &to), ("h", &h), ("width", &width), ("dk", &dk)],
    )
}

impl OpKind {
    /// A short name for the kind, as the trace and the screen print it.
    pub fn label(&self) -> &'static str {
        match self {
            OpKind::Input => "Input",
            OpKind::Embed(_) => "Embed",
            OpKind::EmbedScale => "EmbedScale",
            OpKind::PositionalEncoding => "PosEnc",
            OpKind::AddPositional => "AddPE",
            OpKind::PaddingMask(_) => "PadMask",
            OpKind::PaddingMaskQK { .. } => "PadMaskQK",
            OpKind::CausalMask => "CausalMask",
            OpKind::OnesMask => "OnesMask",
            OpKind::MaskAnd => "MaskAnd",
            OpKind::Linear(_) => "Linear",
            OpKind::SplitHeads => "SplitHeads",
            OpKind::QueryKey => "MatMulT",
            OpKind::Scale { .. } => "Scale",
            OpKind::MaskFill(_) => "MaskFill",
            OpKind::Softmax => "Softmax",
            OpKind::Context => "MatMul",
            OpKind::MergeHeads => "MergeHeads",
            OpKind::HeadMask { .. } => "HeadMask",
            OpKind::Add => "Add",
            OpKind::Relu => "ReLU",
            OpKind::Silu => "SiLU",
            OpKind::Gelu => "GELU",
            OpKind::Normalize { .. } => "Normalize",
            OpKind::ScaleShift(_) => "ScaleShift",
            OpKind::Identity => "Identity",
            OpKind::CrossEntropy { .. } => "CrossEntropy",
        }
    }
}

impl Place {
    /// "encoder layer 0 · self-attention", as the screen prints it.
    pub fn describe(&self) -> String {
        let layer = |id: &str, layer: &usize, part: &Part, stack: Stack| {
            message_with(id, &[("layer", layer), ("part", &part.describe(stack))])
        };
        match self {
            Place::Embedding(Side::Src) => message("place-source-embedding").into(),
            Place::Embedding(Side::Tgt) => message("place-target-embedding").into(),
            Place::Masks(Side::Src) => message("place-source-mask").into(),
            Place::Masks(Side::Tgt) => message("place-target-mask").into(),
            Place::Encoder { layer: i, part } => layer("place-encoder-layer", i, part, Stack::Encoder),
            Place::Decoder { layer: i, part } => layer("place-decoder-layer", i, part, Stack::Decoder),
            Place::Output => message("place-output").into(),
            Place::Loss => message("place-loss").into(),
        }
    }
}

impl Part {
    pub fn describe(&self, stack: Stack) -> &'static str {
        match (self, stack) {
            (Part::SelfAttention, Stack::Encoder) => message("part-self-attention"),
            (Part::SelfAttention, Stack::Decoder) => message("part-masked-self-attention"),
            (Part::CrossAttention, _) => message("part-cross-attention"),
            (Part::AddNorm(_), _) => "Add & Norm",
            (Part::FeedForward, _) => message("part-feed-forward"),
        }
    }
}

impl Op {
    /// Where the operation stands, as a heading says it: its place, except that the embedding and
    /// the positional encoding are named apart (PE is not in `src.embed` yet).
    pub fn where_text(&self) -> String {
        match (self.kind, self.place) {
            (OpKind::Embed(Side::Src), _) => message("where-source-embedding").into(),
            (OpKind::Embed(Side::Tgt), _) => message("where-target-embedding").into(),
            (OpKind::PositionalEncoding, Place::Embedding(Side::Src)) => {
                message("where-source-positional-encoding").into()
            }
            (OpKind::PositionalEncoding, Place::Embedding(Side::Tgt)) => {
                message("where-target-positional-encoding").into()
            }
            _ => self.place.describe(),
        }
    }
}

impl fmt::Display for ArchError {
    /// `op: message`, the error PyTorch raises, in its words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArchError::RepeatLenK { op, b, t_q, t_k } => write!(
                f,
                "{op}: q_mask {} & k_mask {}: the size of tensor a ({t_q}) must match the size of tensor b ({t_k}) \
                 at non-singleton dimension 2 (k was repeated len_k = {t_k} times instead of len_q = {t_q})",
                shape_text(&[*b, 1, *t_q, *t_k]),
                shape_text(&[*b, 1, *t_k, *t_k])
            ),
            ArchError::ForwardMissing => {
                write!(f, "enc.0: NotImplementedError: Module [Encoder] is missing the required \"forward\" function")
            }
        }
    }
}

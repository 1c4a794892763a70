//! The model's typed keys written out: an operation's formula, its kind's label, where it sits.
//! The model carries the key (`Formula`, `OpKind`, `Place`); this is the one place its words come
//! from (the Chinese screens add a second table here).

use std::fmt;

use crate::lang::{Lang, current};

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
    /// The formula as the trace and the screen print it: `scores = qk/√8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current() {
            Lang::En => formula_en(self, f),
            Lang::Zh => formula_zh(self, f),
        }
    }
}

/// A formula's words in Chinese; the formulas that are only symbols read as in English.
fn formula_zh(formula: &Formula, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match formula {
        Formula::Input => write!(f, "x：输入"),
        Formula::Embed { side, vocab, d } => {
            let s = side.prefix();
            write!(f, "{s}.embed = {s}_embed[{s}_ids]：每个词元取 ({vocab}, {d}) 表中的一行")
        }
        Formula::PadKeys { name, k } => {
            write!(f, "{name} = ({ks}_ids != <pad>)，排成 (B, 1, 1, T_{ks})", ks = k.prefix())
        }
        Formula::PadQueryKey { name, q, k } => write!(
            f,
            "{name} = ({qs}_ids != <pad>) & ({ks}_ids != <pad>)，排成 (B, 1, T_{qs}, T_{ks})",
            qs = q.prefix(),
            ks = k.prefix()
        ),
        Formula::PadOnes => write!(f, "tgt.pad_mask = 全 1：笔记 002 的 make_tgt_mask 没有填充部分"),
        Formula::PadNoneStartIsPad => {
            write!(
                f,
                "tgt.pad_mask = 全 1：起始词元就是 <pad>，Marian 的目标句没有填充掩码（因果掩码已挡住后面的填充）"
            )
        }
        Formula::EmbedScale { side, d } => {
            write!(f, "{s}.scaled = {s}.embed · √{d}：Marian 把嵌入放大 √d_model 倍", s = side.prefix())
        }
        Formula::PositionalEncoding { d, layout: PositionLayout::Halves } => write!(
            f,
            "PE[pos, i] = sin(pos/10000^(2i/{d}))（前 {h} 列），PE[pos, {h}+i] = cos(pos/10000^(2i/{d}))（后 {h} 列）：Marian 的排法",
            h = d.div_ceil(2)
        ),
        Formula::Silu => write!(f, "hidden = pre · σ(pre)：SiLU（swish），Marian 的激活函数"),
        Formula::Gelu => write!(f, "hidden = pre · Φ(pre)：GELU"),
        Formula::Causal { on: true } => write!(f, "tgt.causal = 下三角全 1：查询 i 看得到键 0..=i"),
        Formula::Causal { on: false } => write!(f, "tgt.causal = 全 1：没有因果掩码，每个查询都看得到每个键"),
        Formula::CausalInput => write!(f, "mask = 下三角全 1"),
        Formula::TargetMask => write!(f, "tgt.mask = tgt.pad_mask AND tgt.causal，广播成 (B, 1, T, T)"),
        Formula::Memory { x } => write!(f, "C = {x}（编码器的输出，即每个解码器层都读取的编码矩阵 C）"),
        Formula::SplitHeads { proj, b, t, d, h, dk } => {
            let upper = proj_name(*proj).to_uppercase();
            let width = if *proj == Proj::V { "d_v" } else { "d_k" };
            let (from, to) = (shape_text(&[*b, *t, *d]), shape_text(&[*b, *h, *t, *dk]));
            write!(f, "{upper} = split {from} → {to}：{h} 个头，每个头 {width} = {dk}")
        }
        Formula::Scores { dk, scaled: false } => write!(f, "scores = qk，没有除以 √{dk}（what-if）"),
        Formula::Masked { fill: MaskFill::Off, .. } => write!(f, "masked = scores：不应用掩码（what-if）"),
        Formula::Masked { fill: MaskFill::Multiply, mask } => {
            write!(f, "masked = scores · {mask}（笔记 001 §5.1 的乘法掩码）")
        }
        Formula::Weights => write!(f, "weights = softmax(masked)，沿键计算；每行之和为 1"),
        Formula::HeadMask { context, head, keep_only: false } => {
            write!(f, "ablated = {context}，但头 {head} 的那一片置 0（去掉这个头）")
        }
        Formula::HeadMask { context, head, keep_only: true } => {
            write!(f, "ablated = {context}，只留头 {head}，其余头的那一片置 0")
        }
        Formula::Sum { sub, residual: false, .. } => write!(f, "sum = {sub}：没有残差连接（what-if）"),
        Formula::Normalize { input, eps_exponent } => {
            write!(f, "x̂ = ({input} - mean) / √(var + 1e{eps_exponent})，每个词元在它的特征上计算")
        }
        Formula::Probs => write!(f, "probs = softmax(logits)，在整个词表上"),
        Formula::Loss { smoothing_permille } => write!(
            f,
            "loss = 对非 <pad> 标签求 cross-entropy(logits, labels) 的均值，标签平滑 {}",
            *smoothing_permille as f32 / 1000.0
        ),
        _ => formula_en(formula, f),
    }
}

/// A formula's words in English.
fn formula_en(formula: &Formula, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match formula {
        Formula::Input => write!(f, "x: the input"),
        Formula::Embed { side, vocab, d } => {
            let s = side.prefix();
            write!(f, "{s}.embed = {s}_embed[{s}_ids]: one row of the ({vocab}, {d}) table per token")
        }
        Formula::PositionalEncoding { d, layout: PositionLayout::Interleaved } => {
            write!(f, "PE[pos, 2i] = sin(pos/10000^(2i/{d})), PE[pos, 2i+1] = cos(pos/10000^(2i/{d}))")
        }
        Formula::PositionalEncoding { d, layout: PositionLayout::Halves } => write!(
            f,
            "PE[pos, i] = sin(pos/10000^(2i/{d})) in the first {h} columns, PE[pos, {h}+i] = cos(…) in the last {h}: Marian's layout",
            h = d.div_ceil(2)
        ),
        Formula::EmbedScale { side, d } => {
            write!(f, "{s}.scaled = {s}.embed · √{d}: Marian scales the embeddings by √d_model", s = side.prefix())
        }
        Formula::AddPositional { side, scaled } => {
            let embedded = if *scaled { "scaled" } else { "embed" };
            write!(f, "x = {s}.{embedded} + {s}.pe", s = side.prefix())
        }
        Formula::PadKeys { name, k } => {
            write!(f, "{name} = ({ks}_ids != <pad>), as (B, 1, 1, T_{ks})", ks = k.prefix())
        }
        Formula::PadQueryKey { name, q, k } => write!(
            f,
            "{name} = ({qs}_ids != <pad>) & ({ks}_ids != <pad>), as (B, 1, T_{qs}, T_{ks})",
            qs = q.prefix(),
            ks = k.prefix()
        ),
        Formula::PadOnes => write!(f, "tgt.pad_mask = ones: note 002's make_tgt_mask has no padding part"),
        Formula::PadNoneStartIsPad => write!(
            f,
            "tgt.pad_mask = ones: the start token is <pad>, so Marian's target has no padding mask (the causal mask hides later padding)"
        ),
        Formula::Causal { on: true } => write!(f, "tgt.causal = lower-triangular ones: query i sees keys 0..=i"),
        Formula::Causal { on: false } => write!(f, "tgt.causal = ones: no causal mask, every query sees every key"),
        Formula::CausalInput => write!(f, "mask = lower-triangular ones"),
        Formula::TargetMask => write!(f, "tgt.mask = tgt.pad_mask AND tgt.causal, broadcast to (B, 1, T, T)"),
        Formula::Memory { x } => write!(f, "C = {x} (the encoder's output, the memory every decoder layer reads)"),
        Formula::Projection { proj, input } => {
            write!(f, "{name}_proj = {input}·W_{name}ᵀ + b_{name}", name = proj_name(*proj))
        }
        Formula::SplitHeads { proj, b, t, d, h, dk } => {
            let upper = proj_name(*proj).to_uppercase();
            let width = if *proj == Proj::V { "d_v" } else { "d_k" }; // a value's width is d_v (here d_k too)
            let (from, to) = (shape_text(&[*b, *t, *d]), shape_text(&[*b, *h, *t, *dk]));
            write!(f, "{upper} = split {from} → {to}: {h} heads of {width} = {dk}")
        }
        Formula::QueryKey => write!(f, "qk = q·kᵀ"),
        Formula::Scores { dk, scaled: true } => write!(f, "scores = qk/√{dk}"),
        Formula::Scores { dk, scaled: false } => write!(f, "scores = qk, not divided by √{dk} (the what-if)"),
        Formula::Masked { fill, mask } => match fill {
            MaskFill::Off => write!(f, "masked = scores: the mask is not applied (the what-if)"),
            MaskFill::MinusInfinity => write!(f, "masked = masked_fill(scores, {mask} == 0, -inf)"),
            MaskFill::Multiply => write!(f, "masked = scores · {mask} (note 001 §5.1's multiplied mask)"),
            MaskFill::MinusBillion => write!(f, "masked = masked_fill(scores, {mask} == 0, -1e9)"),
        },
        Formula::Weights => write!(f, "weights = softmax(masked) over the keys; each row sums to 1"),
        Formula::Context => write!(f, "context = weights·v"),
        Formula::HeadMask { context, head, keep_only: false } => {
            write!(f, "ablated = {context} with head {head}'s slice set to 0 (the head removed)")
        }
        Formula::HeadMask { context, head, keep_only: true } => {
            write!(f, "ablated = {context} with every head but {head} set to 0 (head {head} alone)")
        }
        Formula::Merge { b, h, t, dk, d } => {
            write!(f, "merged = merge {} → {}", shape_text(&[*b, *h, *t, *dk]), shape_text(&[*b, *t, *d]))
        }
        Formula::AttentionOut => write!(f, "out = merged·W_oᵀ + b_o"),
        Formula::Sum { skip, sub, residual: true } => write!(f, "sum = {skip} + {sub}"),
        Formula::Sum { sub, residual: false, .. } => write!(f, "sum = {sub}: no residual connection (the what-if)"),
        Formula::Normalize { input, eps_exponent } => {
            write!(f, "x̂ = ({input} - mean) / √(var + 1e{eps_exponent}), per token over the features")
        }
        Formula::ScaleShift => write!(f, "out = γ·x̂ + β"),
        Formula::FfnIn { x, d, f: ff } => write!(f, "pre = {x}·W_1ᵀ + b_1: {d} → {ff}"),
        Formula::Relu => write!(f, "hidden = max(0, pre)"),
        Formula::Silu => write!(f, "hidden = pre · σ(pre): SiLU (swish), Marian's activation"),
        Formula::Gelu => write!(f, "hidden = pre · Φ(pre): GELU"),
        Formula::FfnOut { f: ff, d } => write!(f, "out = hidden·W_2ᵀ + b_2: {ff} → {d}"),
        Formula::Logits { y, d, vocab } => write!(f, "logits = {y}·W_outᵀ + b_out: d_model {d} → vocab {vocab}"),
        Formula::Probs => write!(f, "probs = softmax(logits) over the vocabulary"),
        Formula::Loss { smoothing_permille } => write!(
            f,
            "loss = mean over non-<pad> labels of cross-entropy(logits, labels), label smoothing {}",
            *smoothing_permille as f32 / 1000.0
        ),
    }
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
            OpKind::Scale => "Scale",
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
        if current() == Lang::Zh {
            return self.describe_zh();
        }
        match self {
            Place::Embedding(Side::Src) => "source embedding + positional encoding".into(),
            Place::Embedding(Side::Tgt) => "target embedding + positional encoding".into(),
            Place::Masks(Side::Src) => "source mask".into(),
            Place::Masks(Side::Tgt) => "target mask".into(),
            Place::Encoder { layer, part } => format!("encoder layer {layer} · {}", part.describe(Stack::Encoder)),
            Place::Decoder { layer, part } => format!("decoder layer {layer} · {}", part.describe(Stack::Decoder)),
            Place::Output => "output: Linear + softmax".into(),
            Place::Loss => "training loss: cross-entropy against the next words".into(),
        }
    }
}

impl Place {
    fn describe_zh(&self) -> String {
        match self {
            Place::Embedding(Side::Src) => "源句词嵌入 + 位置编码".into(),
            Place::Embedding(Side::Tgt) => "目标句词嵌入 + 位置编码".into(),
            Place::Masks(Side::Src) => "源句掩码".into(),
            Place::Masks(Side::Tgt) => "目标句掩码".into(),
            Place::Encoder { layer, part } => format!("编码器第 {layer} 层 · {}", part.describe(Stack::Encoder)),
            Place::Decoder { layer, part } => format!("解码器第 {layer} 层 · {}", part.describe(Stack::Decoder)),
            Place::Output => "输出：Linear + softmax".into(),
            Place::Loss => "训练损失：对下一个词的交叉熵".into(),
        }
    }
}

impl Part {
    pub fn describe(&self, stack: Stack) -> &'static str {
        if current() == Lang::Zh {
            return match (self, stack) {
                (Part::SelfAttention, Stack::Encoder) => "自注意力",
                (Part::SelfAttention, Stack::Decoder) => "掩码自注意力",
                (Part::CrossAttention, _) => "交叉注意力",
                (Part::AddNorm(_), _) => "Add & Norm",
                (Part::FeedForward, _) => "前馈网络",
            };
        }
        match (self, stack) {
            (Part::SelfAttention, Stack::Encoder) => "self-attention",
            (Part::SelfAttention, Stack::Decoder) => "masked self-attention",
            (Part::CrossAttention, _) => "cross-attention",
            (Part::AddNorm(_), _) => "Add & Norm",
            (Part::FeedForward, _) => "feed-forward",
        }
    }
}

impl Op {
    /// Where the operation stands, as a heading says it: its place, except that the embedding and
    /// the positional encoding are named apart (PE is not in `src.embed` yet).
    pub fn where_text(&self) -> String {
        if current() == Lang::Zh {
            return match (self.kind, self.place) {
                (OpKind::Embed(Side::Src), _) => "源句词嵌入（还没加 PE）".into(),
                (OpKind::Embed(Side::Tgt), _) => "目标句词嵌入（还没加 PE）".into(),
                (OpKind::PositionalEncoding, Place::Embedding(Side::Src)) => "源句位置编码".into(),
                (OpKind::PositionalEncoding, Place::Embedding(Side::Tgt)) => "目标句位置编码".into(),
                _ => self.place.describe(),
            };
        }
        match (self.kind, self.place) {
            (OpKind::Embed(Side::Src), _) => "source embedding (PE not added yet)".into(),
            (OpKind::Embed(Side::Tgt), _) => "target embedding (PE not added yet)".into(),
            (OpKind::PositionalEncoding, Place::Embedding(Side::Src)) => "source positional encoding".into(),
            (OpKind::PositionalEncoding, Place::Embedding(Side::Tgt)) => "target positional encoding".into(),
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

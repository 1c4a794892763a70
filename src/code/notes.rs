//! Where the study notes compute the same thing as an operation, as a fact: which note, which
//! section or class, and where that note's code is wrong (../shared/notes/README.md's list), its
//! line, the corrected line, and the what-if that runs the mistake (whose title says why).

use crate::model::Weights;
use crate::model::arch::{MaskFill, Variant};
use crate::model::config::PositionLayout;
use crate::model::program::{Formula, Op, OpKind, Place};

/// A note's line that is wrong, and the line that is right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistake {
    /// The what-if that runs the note's line (`strings::code_fix_why` says what goes wrong).
    pub variant: Variant,
    /// The note's line, as it writes it.
    pub wrong: &'static str,
    /// The corrected line, as the snippet computes it.
    pub right: &'static str,
}

/// Which note computes the same thing, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoteFact {
    /// The note and section, as the glossary writes them (`001 §3.4`).
    pub note: &'static str,
    /// The class, function or line of that note (`split_head`).
    pub code: &'static str,
    pub mistake: Option<Mistake>,
}

// the notes' known mistakes (../shared/notes/README.md), each with its corrected line
const REPEAT_LEN_K: Mistake = Mistake {
    variant: Variant::RepeatLenK,
    wrong: "k = k.repeat(1, 1, len_k, 1)",
    right: "k = k.repeat(1, 1, len_q, 1)",
};
const TGT_MASK_NO_PADDING: Mistake = Mistake {
    variant: Variant::TgtMaskNoPadding,
    wrong: "tgt_mask = torch.tril(torch.ones((tgt_len, tgt_len)))  # note 002 make_tgt_mask",
    right: "tgt_mask = (tgt != pad_idx)[:, None, None, :] & torch.tril(torch.ones(tgt_len, tgt_len)).bool()",
};
const MULTIPLIED_MASK: Mistake = Mistake {
    variant: Variant::MultipliedMask,
    wrong: "scores = scores * mask",
    right: "scores = scores.masked_fill(mask == 0, -1e9)",
};
const DROPPED_NORM: Mistake =
    Mistake { variant: Variant::DroppedNorm, wrong: "self.norm1(x + _x)", right: "x = self.norm1(x + _x)" };
const FFN_RESIDUAL_BEFORE_CROSS: Mistake = Mistake {
    variant: Variant::FfnResidualBeforeCross,
    wrong: "x = self.norm3(x + _x)  # _x from before cross-attention",
    right: "_x = x; x = self.ffn(x); x = self.norm3(x + _x)",
};
const EPS1E10: Mistake = Mistake {
    variant: Variant::Eps1e10,
    wrong: "def __init__(self, d_model, eps=1e-10)",
    right: "def __init__(self, d_model, eps=1e-5)",
};

const fn fact(note: &'static str, code: &'static str) -> Option<NoteFact> {
    Some(NoteFact { note, code, mistake: None })
}

const fn fixed(note: &'static str, code: &'static str, mistake: Mistake) -> Option<NoteFact> {
    Some(NoteFact { note, code, mistake: Some(mistake) })
}

/// The note that computes what `op` computes, if one does.
pub(super) fn note(op: &Op, weights: &Weights) -> Option<NoteFact> {
    let marian = weights.config.conventions.positions == PositionLayout::Halves;
    match op.kind {
        OpKind::Input => fact("000", "multi_head_attention: X = torch.randn(128, 64, 512)"),
        OpKind::Embed(_) => fact("004 §2", "TokenEmbedding(nn.Embedding)"),
        OpKind::PositionalEncoding if marian => None,
        OpKind::PositionalEncoding => fact("001 §2", "PositionalEncoding.__init__"),
        OpKind::AddPositional => fact("000", "TransformerEmbedding.forward"),
        OpKind::PaddingMask(_) => fact("001 §5.1", "generate_mask: (src != pad_idx).unsqueeze(1).unsqueeze(2)"),
        OpKind::PaddingMaskQK { .. } => fixed("000", "make_pad_mask", REPEAT_LEN_K),
        OpKind::CausalMask => fact("000", "make_casual_mask: torch.tril(torch.ones(len_q, len_k))"),
        // note 001's generate_mask is right; note 002's make_tgt_mask leaves out the padding
        OpKind::MaskAnd => fixed("002", "make_tgt_mask", TGT_MASK_NO_PADDING),
        OpKind::Linear(crate::model::program::LinearRef::Out) => {
            fact("001 §5.3", "self.fc = nn.Linear(d_model, tgt_vocab)")
        }
        OpKind::Linear(_) if matches!(op.formula, Formula::FfnIn { .. } | Formula::FfnOut { .. }) => {
            fact("001 §4.2", "FeedForward.forward")
        }
        OpKind::Linear(_) => fact("001 §3.2", "linear_transform"),
        OpKind::SplitHeads => fact("001 §3.4", "split_head"),
        OpKind::MergeHeads => fact("001 §3.4", "merge_head"),
        OpKind::QueryKey | OpKind::Scale { .. } | OpKind::Context => fact("001 §3.3", "scaled_dot_attn"),
        OpKind::MaskFill(MaskFill::Multiply) => fixed("001 §5.1", "scaled_dot_attn", MULTIPLIED_MASK),
        OpKind::MaskFill(MaskFill::MinusInfinity) => fact("000", "score.masked_fill(mask == 0, float('-inf'))"),
        OpKind::MaskFill(_) => fact("001 §5.1", "scaled_dot_attn: attention_score.masked_fill(mask == 0, -1e9)"),
        OpKind::Softmax if op.place == Place::Output => fact("001 §5.3", "torch.softmax(logits, dim=-1)"),
        OpKind::Softmax => fact("001 §3.3", "scaled_dot_attn: torch.softmax(scores, dim=-1)"),
        // the note's EncoderLayer is every encoder layer
        OpKind::Add if matches!(op.place, Place::Encoder { part: crate::model::program::Part::AddNorm(1), .. }) => {
            fixed("000", "EncoderLayer.forward", DROPPED_NORM)
        }
        OpKind::Add if matches!(op.place, Place::Decoder { part: crate::model::program::Part::AddNorm(3), .. }) => {
            fixed("004", "DecoderLayer.forward", FFN_RESIDUAL_BEFORE_CROSS)
        }
        OpKind::Add => fact("001 §4.1", "x + sublayer(x)"),
        OpKind::Normalize { .. } => fixed("000", "LayerNorm.forward", EPS1E10),
        OpKind::ScaleShift(_) => fact("000", "LayerNorm.forward: self.gamma * out + self.beta"),
        OpKind::Relu => fact("001 §4.2", "FeedForward.forward: F.relu"),
        OpKind::Identity if matches!(op.formula, Formula::Memory { .. }) => fact("001 §4.3", "Encoder.forward"),
        OpKind::Identity
        | OpKind::EmbedScale
        | OpKind::OnesMask
        | OpKind::HeadMask { .. }
        | OpKind::Silu
        | OpKind::Gelu
        | OpKind::CrossEntropy { .. } => None,
    }
}

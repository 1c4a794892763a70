//! The what-if switches and the notes' mistakes, each an architecture description.

use crate::model::arch::{Arch, ArchError, MaskFill, NormAt, PadMask};

/// One way the model can be built differently from the one the tutor teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// q·kᵀ not divided by √d_k.
    NoScale,
    /// The decoder's self-attention without its causal mask.
    NoCausalMask,
    /// Masked scores filled with -inf instead of -1e9, under note 000's q & k padding mask.
    MinusInfinity,
    /// No mask applied anywhere.
    MaskOff,
    /// Note 001 §5.1: the mask multiplied into the scores.
    MultipliedMask,
    /// Pre-LN on the same weights.
    PreLn,
    /// No LayerNorm.
    NoNorm,
    /// No residual connections.
    NoResidual,
    /// Note 000: the encoder's first Add & Norm computed and thrown away.
    DroppedNorm,
    /// Note 000: decoder layers built from EncoderLayer, without cross-attention.
    DecoderWithoutCross,
    /// Note 000: make_pad_mask repeats the key flags len_k times instead of len_q.
    RepeatLenK,
    /// Note 004: the decoder's FFN residual taken from before cross-attention.
    FfnResidualBeforeCross,
    /// Note 002: make_tgt_mask without its padding part.
    TgtMaskNoPadding,
    /// Note 000: LayerNorm's eps = 1e-10.
    Eps1e10,
    /// Note 000: `forward` indented inside `__init__`.
    ForwardInInit,
}

impl Variant {
    /// Every variant with the name a lesson file (`what_if = "..."`) and `--what-if` use.
    pub const ALL: [(&'static str, Variant); 15] = [
        ("no-scale", Variant::NoScale),
        ("no-causal", Variant::NoCausalMask),
        ("minus-inf", Variant::MinusInfinity),
        ("mask-off", Variant::MaskOff),
        ("multiply-mask", Variant::MultipliedMask),
        ("pre-ln", Variant::PreLn),
        ("no-norm", Variant::NoNorm),
        ("no-residual", Variant::NoResidual),
        ("dropped-norm", Variant::DroppedNorm),
        ("decoder-without-cross", Variant::DecoderWithoutCross),
        ("repeat-len-k", Variant::RepeatLenK),
        ("ffn-residual-before-cross", Variant::FfnResidualBeforeCross),
        ("tgt-mask-no-padding", Variant::TgtMaskNoPadding),
        ("eps-1e-10", Variant::Eps1e10),
        ("forward-in-init", Variant::ForwardInInit),
    ];

    /// The switches the `w` key cycles through (the mistakes live in the `pitfalls` lesson).
    pub const SWITCHES: [Variant; 8] = [
        Variant::NoScale,
        Variant::NoCausalMask,
        Variant::MinusInfinity,
        Variant::MaskOff,
        Variant::MultipliedMask,
        Variant::PreLn,
        Variant::NoNorm,
        Variant::NoResidual,
    ];

    pub fn name(self) -> &'static str {
        Variant::ALL.iter().find(|(_, v)| *v == self).map(|(n, _)| *n).unwrap_or("?")
    }

    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    /// The architecture this variant builds, or the error building it raises (as PyTorch would).
    pub fn arch(self) -> Result<Arch, ArchError> {
        let base = Arch::default();
        Ok(match self {
            Variant::NoScale => Arch { scale: false, ..base },
            Variant::NoCausalMask => Arch { causal: false, ..base },
            Variant::MinusInfinity => {
                Arch { mask_fill: MaskFill::MinusInfinity, pad_mask: PadMask::QueryAndKey, ..base }
            }
            Variant::MaskOff => Arch { mask_fill: MaskFill::Off, ..base },
            Variant::MultipliedMask => Arch { mask_fill: MaskFill::Multiply, ..base },
            Variant::PreLn => Arch { norm_at: NormAt::Pre, ..base },
            Variant::NoNorm => Arch { norm_at: NormAt::Off, ..base },
            Variant::NoResidual => Arch { residual: false, ..base },
            Variant::DroppedNorm => Arch { keep_first_norm: false, ..base },
            Variant::DecoderWithoutCross => Arch { decoder_cross_attention: false, ..base },
            Variant::RepeatLenK => Arch { pad_mask: PadMask::QueryAndKeyRepeatLenK, ..base },
            Variant::FfnResidualBeforeCross => Arch { ffn_residual_after_cross: false, ..base },
            Variant::TgtMaskNoPadding => Arch { tgt_padding: false, ..base },
            Variant::Eps1e10 => Arch { eps_exponent: -10, ..base },
            Variant::ForwardInInit => {
                // Transformer.forward is defined; the first module it calls, the Encoder, has none
                return Err(ArchError {
                    op: "enc.0".into(),
                    message: "NotImplementedError: Module [Encoder] is missing the required \"forward\" function"
                        .into(),
                });
            }
        })
    }
}

//! The what-if switches and the notes' mistakes, each an architecture description. Their names
//! live here, below lesson and strings, so both can name a variant; running one (forking the live
//! run) is `explore`'s.

use super::arch::{Arch, ArchError, MaskFill, NormAt, PadMask};
use strum::{EnumString, IntoStaticStr, VariantArray, VariantNames};

/// One way the model can be built differently from the one the tutor teaches. Its name (what a
/// lesson file's `what_if = "..."` and `--what-if` use) comes from the derive: kebab-case of the
/// variant, or the `serialize` given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumString, IntoStaticStr, VariantArray, VariantNames)]
#[strum(serialize_all = "kebab-case")]
pub enum Variant {
    /// q·kᵀ not divided by √d_k.
    NoScale,
    /// The decoder's self-attention without its causal mask.
    #[strum(serialize = "no-causal")]
    NoCausalMask,
    /// Masked scores filled with -inf instead of -1e9, under note 000's q & k padding mask.
    #[strum(serialize = "minus-inf")]
    MinusInfinity,
    /// No mask applied anywhere.
    MaskOff,
    /// Note 001 §5.1: the mask multiplied into the scores.
    #[strum(serialize = "multiply-mask")]
    MultipliedMask,
    /// Pre-LN on the same weights.
    #[strum(serialize = "pre-ln")]
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
    #[strum(serialize = "repeat-len-k")]
    RepeatLenK,
    /// Note 004: the decoder's FFN residual taken from before cross-attention.
    FfnResidualBeforeCross,
    /// Note 002: make_tgt_mask without its padding part.
    TgtMaskNoPadding,
    /// Note 000: LayerNorm's eps = 1e-10.
    #[strum(serialize = "eps-1e-10")]
    Eps1e10,
    /// Note 000: `forward` indented inside `__init__`.
    ForwardInInit,
}

impl Variant {
    /// Every variant with its name, in declaration order.
    pub const ALL: [(&'static str, Variant); <Variant as VariantArray>::VARIANTS.len()] = {
        let mut all = [("", Variant::NoScale); <Variant as VariantArray>::VARIANTS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = (<Variant as VariantNames>::VARIANTS[i], <Variant as VariantArray>::VARIANTS[i]);
            i += 1;
        }
        all
    };

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
        self.into()
    }

    pub fn from_name(name: &str) -> Option<Variant> {
        name.parse().ok()
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

#[cfg(test)]
mod tests {
    use super::Variant;

    /// The names are an interface (lesson files and `--what-if` use them): the derive must keep
    /// every one of them, in this order.
    #[test]
    fn names_from_the_derive_are_the_documented_ones() {
        let names: Vec<&str> = Variant::ALL.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            names,
            [
                "no-scale",
                "no-causal",
                "minus-inf",
                "mask-off",
                "multiply-mask",
                "pre-ln",
                "no-norm",
                "no-residual",
                "dropped-norm",
                "decoder-without-cross",
                "repeat-len-k",
                "ffn-residual-before-cross",
                "tgt-mask-no-padding",
                "eps-1e-10",
                "forward-in-init",
            ]
        );
        for (name, v) in Variant::ALL {
            assert_eq!(v.name(), name);
            assert_eq!(Variant::from_name(name), Some(v));
        }
        assert_eq!(Variant::from_name("NoScale"), None);
    }
}

//! An architecture description: the choices `build` makes when it writes the program. The
//! default is the model the tutor teaches; every other value is a what-if (scale off, another
//! mask fill, pre-LN, no residual, ...) or one of the notes' known mistakes. A variant is
//! another program; running it forks the live run at the first operation whose definition
//! differs (`Run::fork`), so everything before is kept, not recomputed.
//!
//! The `Variant`s live here too, by name, each with the `Arch` it builds: lesson and strings name
//! them without importing explore (which runs them). A new what-if switch is a field of `Arch`
//! and a `Variant` here, what `build` does with the field, and its title in `strings::what_if`.

use super::program::{AttnBlock, Stack};
use strum::{EnumString, IntoStaticStr, VariantArray, VariantNames};

/// One attention head taken out (its slice of the context set to zero before W_o), or kept alone
/// (every other head's slice zeroed), in one attention block: the probes' head ablation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HeadAblation {
    pub stack: Stack,
    pub layer: usize,
    pub block: AttnBlock,
    pub head: usize,
    pub keep_only: bool,
}

impl HeadAblation {
    /// The attention block's operation prefix: `dec.1.cross_attn`.
    pub fn block_prefix(&self) -> String {
        let (stack, block): (&str, &str) = (self.stack.into(), self.block.into());
        format!("{stack}.{}.{block}", self.layer)
    }

    /// Head `head` of the attention block an op of it names (`dec.0.cross_attn.weights`),
    /// taken out; None for an op outside attention.
    pub fn of_op(op: &str, head: usize) -> Option<HeadAblation> {
        let mut parts = op.split('.');
        let stack: Stack = parts.next()?.parse().ok()?;
        let layer = parts.next()?.parse().ok()?;
        let block: AttnBlock = parts.next()?.parse().ok()?;
        Some(HeadAblation { stack, layer, block, head, keep_only: false })
    }

    /// Every attention block of a model of `config`'s layers, in program order: (stack, layer, block).
    pub fn blocks(config: &super::Config) -> Vec<(Stack, usize, AttnBlock)> {
        let mut all: Vec<_> = (0..config.n_layers).map(|l| (Stack::Encoder, l, AttnBlock::SelfAttn)).collect();
        for l in 0..config.dec_layers {
            all.push((Stack::Decoder, l, AttnBlock::SelfAttn));
            all.push((Stack::Decoder, l, AttnBlock::CrossAttn));
        }
        all
    }
}

/// What masked attention scores become before softmax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MaskFill {
    /// masked_fill(mask == 0, -1e9), as the notes' code does.
    #[default]
    MinusBillion,
    /// masked_fill(mask == 0, -inf): a fully masked row becomes NaN.
    MinusInfinity,
    /// scores · mask: note 001 §5.1's description, a known mistake.
    Multiply,
    /// The mask is not applied at all.
    Off,
}

/// How the padding mask is built from the ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PadMask {
    /// One flag per key, (B, 1, 1, T_k): padding belongs to the key.
    #[default]
    Keys,
    /// Note 000's make_pad_mask: q_mask & k_mask, (B, 1, T_q, T_k), so a `<pad>` query row is
    /// fully masked.
    QueryAndKey,
    /// Note 000's code as written: the key flags repeated len_k times instead of len_q, which
    /// cannot broadcast when T_q ≠ T_k (its known mistake).
    QueryAndKeyRepeatLenK,
}

/// Where LayerNorm sits around each sublayer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum NormAt {
    /// x = LayerNorm(x + sublayer(x)): the notes' (and the original paper's) post-LN.
    #[default]
    Post,
    /// x = x + sublayer(LayerNorm(x)): pre-LN, as most current models (same γ and β).
    Pre,
    /// x = x + sublayer(x): no LayerNorm.
    Off,
}

/// Every choice the program builder makes. `Arch::default()` is the model the tutor teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arch {
    /// scores = q·kᵀ / √d_k (false: q·kᵀ unscaled).
    pub scale: bool,
    pub mask_fill: MaskFill,
    /// The decoder's self-attention hides future positions.
    pub causal: bool,
    pub pad_mask: PadMask,
    /// The target mask has its padding part (note 002's make_tgt_mask leaves it out).
    pub tgt_padding: bool,
    pub norm_at: NormAt,
    /// x + sublayer(x) (false: the sublayer's output alone).
    pub residual: bool,
    /// LayerNorm's eps as a power of ten (`run::eps`): -5 is PyTorch's 1e-5; note 000 uses -10.
    pub eps_exponent: i8,
    /// The encoder keeps its first Add & Norm (note 000 computes `self.norm1(x+_x)` and drops it).
    pub keep_first_norm: bool,
    /// Decoder layers have cross-attention (note 000 builds them from EncoderLayer).
    pub decoder_cross_attention: bool,
    /// The decoder's FFN residual adds the cross-attention block's output (note 004 adds the
    /// one from before cross-attention).
    pub ffn_residual_after_cross: bool,
    /// A head taken out or kept alone (the probes); None for all heads.
    pub heads: Option<HeadAblation>,
    /// Note 002's qk_dim = d_model / 2: W_q and W_k give each head d_k / 2 features (`d_qk`),
    /// W_v still d_k (false: queries, keys and values all d_k wide per head).
    pub half_qk: bool,
}

impl Arch {
    /// The width of one head's queries and keys: d_k, or half of it (at least 1) under note
    /// 002's qk_dim. The values keep d_k.
    pub fn d_qk(&self, config: &super::Config) -> usize {
        if self.half_qk { (config.d_k() / 2).max(1) } else { config.d_k() }
    }
}

impl Default for Arch {
    fn default() -> Arch {
        Arch {
            scale: true,
            mask_fill: MaskFill::MinusBillion,
            causal: true,
            pad_mask: PadMask::Keys,
            tgt_padding: true,
            norm_at: NormAt::Post,
            residual: true,
            eps_exponent: -5,
            keep_first_norm: true,
            decoder_cross_attention: true,
            ffn_residual_after_cross: true,
            heads: None,
            half_qk: false,
        }
    }
}

/// A program the description cannot make, as a key: `strings` writes the error PyTorch would
/// raise, in its words, with what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchError {
    /// Note 000's make_pad_mask with k repeated len_k times: the operation `op` cannot broadcast
    /// q_mask (b, 1, t_q, t_k) with k_mask (b, 1, t_k, t_k) when t_q ≠ t_k.
    RepeatLenK { op: String, b: usize, t_q: usize, t_k: usize },
    /// Note 000's `forward` indented inside `__init__`: the Encoder has no forward.
    ForwardMissing,
}

impl std::error::Error for ArchError {}

// the what-ifs: each a name (lesson files' `what_if = "..."`, `--what-if`) and an `Arch`
// ---------------------------------------------------------------------------------------------

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
    /// Note 002's qk_dim ≠ v_dim: queries and keys d_k / 2 wide per head (the trained W_q and
    /// W_k, each head's first d_k / 2 rows), scaled by 1/√(d_k / 2); values, W_o as taught.
    #[strum(serialize = "half-qk")]
    HalfQk,
    /// Note 000: LayerNorm's eps = 1e-10.
    #[strum(serialize = "eps-1e-10")]
    Eps1e10,
    /// Note 000: `forward` indented inside `__init__`.
    ForwardInInit,
    /// The same program with the weights training started from (the shipped run's step 0):
    /// the untrained model beside the trained one.
    Untrained,
    /// The same program with the session's trained weights, beside the checkpoint the training
    /// dial shows: any step of the shipped run beside the trained model.
    Trained,
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
    pub const SWITCHES: [Variant; 11] = [
        Variant::NoScale,
        Variant::HalfQk,
        Variant::NoCausalMask,
        Variant::MinusInfinity,
        Variant::MaskOff,
        Variant::MultipliedMask,
        Variant::PreLn,
        Variant::NoNorm,
        Variant::NoResidual,
        Variant::Untrained,
        Variant::Trained,
    ];

    /// Whether this what-if swaps the weights (the program stays the taught one).
    pub fn swaps_weights(self) -> bool {
        matches!(self, Variant::Untrained | Variant::Trained)
    }

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
            Variant::HalfQk => Arch { half_qk: true, ..base },
            Variant::Eps1e10 => Arch { eps_exponent: -10, ..base },
            Variant::Untrained | Variant::Trained => base,
            Variant::ForwardInInit => {
                // Transformer.forward is defined; the first module it calls, the Encoder, has none
                return Err(ArchError::ForwardMissing);
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
                "half-qk",
                "eps-1e-10",
                "forward-in-init",
                "untrained",
                "trained",
            ]
        );
        for (name, v) in Variant::ALL {
            assert_eq!(v.name(), name);
            assert_eq!(Variant::from_name(name), Some(v));
        }
        assert_eq!(Variant::from_name("NoScale"), None);
    }
}

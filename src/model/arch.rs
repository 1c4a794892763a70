//! An architecture description: the choices `build` makes when it writes the program. The
//! default is the model the tutor teaches; every other value is a what-if (scale off, another
//! mask fill, pre-LN, no residual, ...) or one of the notes' known mistakes. A variant is
//! another program; running it forks the live run at the first operation whose definition
//! differs (`Run::fork`), so everything before is kept, not recomputed.

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
        }
    }
}

/// A program the description cannot make: the error PyTorch would raise, in its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchError {
    /// The operation that could not be built, e.g. `cross.mask`.
    pub op: String,
    pub message: String,
}

impl std::fmt::Display for ArchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.op, self.message)
    }
}

impl std::error::Error for ArchError {}

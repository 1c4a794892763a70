//! The choices in which two encoder-decoders of the notes' architecture differ without being a
//! what-if: the tutor's own model follows the notes (ReLU, interleaved sin/cos, no embedding
//! scale, `<bos>` starts a target); a loaded MarianMT follows Hugging Face's Marian (SiLU, sin|cos
//! halves, embeddings × √d_model, `<pad>` starts a target and the target has no padding mask).
//! `build` writes each choice as a named operation, so the screen shows it like any other.

/// The feed-forward network's nonlinearity (`activation_function` in a Marian config.json).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Activation {
    /// max(0, x): the notes' and the tutor's.
    #[default]
    Relu,
    /// x · σ(x), "swish": Marian's.
    Silu,
    /// x · Φ(x) with the exact erf, PyTorch's `gelu`.
    Gelu,
}

/// How the sinusoidal table lays out its sin and cos columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PositionLayout {
    /// PE[pos, 2i] = sin, PE[pos, 2i+1] = cos: the notes' and the tutor's.
    #[default]
    Interleaved,
    /// The first ⌈d/2⌉ columns sin, the rest cos, at the same frequencies: Marian's.
    Halves,
}

/// Everything a model's conventions fix beyond its sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Conventions {
    pub activation: Activation,
    pub positions: PositionLayout,
    /// Token embeddings are multiplied by √d_model before the positions are added.
    pub embed_scale: bool,
    /// The decoder's self-attention masks `<pad>` keys of the target (Marian's has no target
    /// padding mask: its first token, the start token, *is* `<pad>`).
    pub target_pad_mask: bool,
    /// The token every target starts with (the tutor's `<bos>` = 2; Marian's `<pad>`).
    pub start_id: usize,
    /// The token that ends a sentence (the tutor's `<eos>` = 3; Marian's `</s>` = 0).
    pub eos_id: usize,
}

impl Conventions {
    /// The notes' conventions, which the tutor's own models follow.
    pub const TUTOR: Conventions = Conventions {
        activation: Activation::Relu,
        positions: PositionLayout::Interleaved,
        embed_scale: false,
        target_pad_mask: true,
        start_id: super::vocab::BOS_ID,
        eos_id: super::vocab::EOS_ID,
    };
}

impl Default for Conventions {
    fn default() -> Conventions {
        Conventions::TUTOR
    }
}

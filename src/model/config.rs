//! Model sizes, and the named presets the study notes run.

pub use super::conventions::{Activation, Conventions, PositionLayout};

/// The sizes that define a model. Everything else (weights, program) follows from these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub d_model: usize,           // width of every token vector
    pub n_heads: usize,           // attention heads; d_k = d_model / n_heads
    pub d_ff: usize,              // hidden width of the feed-forward network
    pub n_layers: usize,          // encoder layers
    pub dec_layers: usize,        // decoder layers (as many as the encoder's in the tutor's models)
    pub src_vocab: usize,         // rows of the source embedding table
    pub tgt_vocab: usize,         // rows of the target embedding table, columns of the output
    pub max_len: usize,           // longest sentence the positional encoding covers
    pub pad_idx: usize,           // token id of <pad>
    pub conventions: Conventions, // activation, position layout, embedding scale, start and end tokens
}

/// A named configuration from the notes; its name (`--preset`) comes from the derive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "lowercase")]
pub enum Preset {
    /// Note 002's runnable example: d_model 32, 4 heads, d_ff 64, 2 layers (the default).
    Tutor,
    /// Note 001's example: 2 layers, d_model 128, 4 heads, d_ff 512, vocab 1000.
    Note001,
    /// Note 000's attention block: d_model 512, 8 heads (one layer; d_ff 2048).
    Note000,
}

impl Preset {
    pub const ALL: &'static [Preset] = <Preset as strum::VariantArray>::VARIANTS;

    /// The preset called `name` (`tutor`, `note001`, `note000`).
    pub fn from_name(name: &str) -> Option<Preset> {
        name.parse().ok()
    }

    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The configuration, for vocabularies of `src_len` and `tgt_len` tokens where the preset
    /// does not fix them.
    pub fn config(self, src_len: usize, tgt_len: usize) -> Config {
        match self {
            Preset::Tutor => Config {
                d_model: 32,
                n_heads: 4,
                d_ff: 64,
                n_layers: 2,
                dec_layers: 2,
                src_vocab: src_len,
                tgt_vocab: tgt_len,
                max_len: 16,
                pad_idx: 0,
                conventions: Conventions::TUTOR,
            },
            Preset::Note001 => Config {
                d_model: 128,
                n_heads: 4,
                d_ff: 512,
                n_layers: 2,
                dec_layers: 2,
                src_vocab: 1000,
                tgt_vocab: 1000,
                max_len: 64,
                pad_idx: 0,
                conventions: Conventions::TUTOR,
            },
            Preset::Note000 => Config {
                d_model: 512,
                n_heads: 8,
                d_ff: 2048,
                n_layers: 1,
                dec_layers: 1,
                src_vocab: src_len,
                tgt_vocab: tgt_len,
                max_len: 64,
                pad_idx: 0,
                conventions: Conventions::TUTOR,
            },
        }
    }
}

impl Config {
    /// Layers of the encoder and of the decoder.
    pub fn layers(&self, stack: super::program::Stack) -> usize {
        match stack {
            super::program::Stack::Encoder => self.n_layers,
            super::program::Stack::Decoder => self.dec_layers,
        }
    }

    /// Width of one head's query, key and value vectors.
    pub fn d_k(&self) -> usize {
        self.d_model / self.n_heads
    }

    /// 1/√d_k, the factor scaled dot-product attention multiplies q·kᵀ by.
    pub fn score_scale(&self) -> f32 {
        super::op_kind::score_scale(self.d_k())
    }
}

#[cfg(test)]
mod tests {
    use super::Preset;

    #[test]
    fn preset_names_from_the_derive() {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["tutor", "note001", "note000"]);
        for &p in Preset::ALL {
            assert_eq!(Preset::from_name(p.name()), Some(p));
        }
        assert_eq!(Preset::from_name("Tutor"), None);
    }
}

//! A sentence as a model reads it, for scoring sentence pairs (`train::eval`, the probes'
//! alignment): the source as the encoder reads it and the target's tokens, on the tutor's
//! vocabularies and on a loaded Marian's pieces alike; and the ids a batch of such sentences is
//! started, ended and padded with.

use super::vocab::{BOS_ID, EOS_ID, PAD_ID, UNK_ID, Vocab};

impl Vocab {
    /// A source sentence as the encoder reads it: the tutor's tokens, or a loaded Marian's pieces
    /// and the `</s>` its tokenizer ends every source with. A token not in the vocabulary becomes
    /// `<unk>`.
    pub fn source_ids(&self, text: &str) -> Vec<usize> {
        match &self.segmenter {
            Some(segmenter) => segmenter.encode(text).ids,
            None => self.token_ids(text),
        }
    }

    /// A sentence's tokens as ids, without a start or an end token.
    pub fn token_ids(&self, text: &str) -> Vec<usize> {
        match &self.segmenter {
            Some(segmenter) => {
                let mut ids = segmenter.encode(text).ids;
                ids.pop(); // </s>, which every sentence ends with
                ids
            }
            None => self.tokenize(text).iter().map(|t| self.id(t).unwrap_or(UNK_ID)).collect(),
        }
    }
}

/// The ids a batch is made with: the token a target starts with, the one that ends it, and the
/// one rows are padded with (the tutor's `<bos>`, `<eos>` and `<pad>`; a Marian's `<pad>`,
/// `</s>` and `<pad>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Specials {
    pub start: usize,
    pub eos: usize,
    pub pad: usize,
}

impl Specials {
    /// The tutor's own models.
    pub const TUTOR: Specials = Specials { start: BOS_ID, eos: EOS_ID, pad: PAD_ID };

    /// A model's own.
    pub fn of(weights: &super::Weights) -> Specials {
        let c = &weights.config.conventions;
        Specials { start: c.start_id, eos: c.eos_id, pad: weights.vocabs.tgt.pad_id() }
    }
}

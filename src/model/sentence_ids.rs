//! A sentence as a model reads it, for scoring sentence pairs (`train::eval`, the probes'
//! alignment): the source as the encoder reads it and the target's tokens, on the tutor's
//! vocabularies and on a loaded Marian's pieces alike.

use super::vocab::{UNK_ID, Vocab};

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

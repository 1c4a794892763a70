//! A loaded model's SentencePiece segmenter as one side of a vocabulary (`vocab::Vocab`).

/// A loaded model's SentencePiece segmenter, for one side. Two are equal when they are the same
/// loaded tokenizer and side.
#[derive(Clone)]
pub struct Segmenter {
    pub tokenizer: std::sync::Arc<super::marian::tokenizer::MarianTokenizer>,
    /// The source side (source.spm) or the target side (target.spm).
    pub source: bool,
}

impl Segmenter {
    pub fn new(tokenizer: std::sync::Arc<super::marian::tokenizer::MarianTokenizer>, source: bool) -> Segmenter {
        Segmenter { tokenizer, source }
    }

    /// One batch row's ids: the source's pieces and `</s>`, or the target's start token, pieces and
    /// `</s>`; the tutor's `<bos>` and `<eos>` (as lessons write targets) are dropped, the model
    /// adds its own. Pieces that became `<unk>` are added to `unknown`.
    pub fn encode_row(&self, sentence: &str, row: usize, unknown: &mut Vec<super::vocab::UnknownWord>) -> Vec<usize> {
        use super::vocab::{BOS, EOS};
        let text = if self.source { sentence.to_string() } else { sentence.replace(BOS, " ").replace(EOS, " ") };
        let pieces = self.encode(text.trim());
        let start: Vec<usize> = if self.source { vec![] } else { vec![self.tokenizer.pad_id()] };
        let offset = start.len();
        for (&position, word) in pieces.unknown.iter().zip(&pieces.unknown_text) {
            unknown.push(super::vocab::UnknownWord { row, position: position + offset, word: word.clone() });
        }
        start.into_iter().chain(pieces.ids).collect()
    }

    /// A sentence as pieces, `</s>` last.
    pub fn encode(&self, sentence: &str) -> super::marian::tokenizer::Pieces {
        if self.source { self.tokenizer.encode_source(sentence) } else { self.tokenizer.encode_target(sentence) }
    }
}

impl PartialEq for Segmenter {
    fn eq(&self, other: &Segmenter) -> bool {
        std::sync::Arc::ptr_eq(&self.tokenizer, &other.tokenizer) && self.source == other.source
    }
}

impl std::fmt::Debug for Segmenter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Segmenter({})", if self.source { "source" } else { "target" })
    }
}

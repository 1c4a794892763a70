//! A held-out pair as a model reads it, with its gold alignment carried over to the model's
//! tokens. The corpus's gold links join a Chinese character to an English word. The tutor's
//! model reads exactly those characters and words. A loaded Marian reads SentencePiece pieces:
//! a source piece may hold several characters (他们 may be one piece), and an English word may
//! be several pieces (`▁ha` `ve`). So a link joins the piece that holds the character to the
//! word, and a word is scored at the row that predicts its first piece.

use crate::corpus::{Alignment, Pair};
use crate::model::Weights;

/// One pair, tokenised by the model, with its gold alignment on the model's source tokens.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadPair {
    /// The source as the encoder reads it (a Marian's ends with `</s>`).
    pub src: Vec<usize>,
    /// How many of `src` are the sentence's own tokens: the keys a word may be linked to.
    pub src_tokens: usize,
    /// The target's tokens, without a start or an end token.
    pub tgt: Vec<usize>,
    /// For each English word, the decoder row that predicts its first token (row r reads the
    /// start token or token r − 1 and predicts token r).
    pub word_rows: Vec<usize>,
    /// The gold links as (source token, English word).
    pub gold: Alignment,
}

/// `pair` as `weights` reads it; None when the model's tokens cannot be lined up with the
/// pair's characters and words (a normaliser that changed a character's count, a word the
/// target tokenizer did not start with a word-boundary piece).
pub fn read_pair(weights: &Weights, pair: &Pair) -> Option<ReadPair> {
    let (src_vocab, tgt_vocab) = (&weights.vocabs.src, &weights.vocabs.tgt);
    let (Some(src_cut), Some(tgt_cut)) = (&src_vocab.segmenter, &tgt_vocab.segmenter) else {
        let src = src_vocab.source_ids(&pair.zh);
        let tgt = tgt_vocab.token_ids(&pair.en);
        let word_rows = (0..tgt.len()).collect();
        return Some(ReadPair { src_tokens: src.len(), src, tgt, word_rows, gold: pair.align.clone() });
    };
    let source = src_cut.encode(&pair.zh);
    let piece_of_char = piece_of_each_char(&surfaces(&source), pair.zh.chars().filter(|c| !c.is_whitespace()).count())?;
    let target = tgt_cut.encode(&pair.en);
    let word_rows = first_piece_of_each_word(&surfaces(&target), pair.en.split_whitespace().count())?;
    let carry = |links: &[(usize, usize)]| -> Option<Vec<(usize, usize)>> {
        links.iter().map(|&(c, w)| Some((*piece_of_char.get(c)?, w))).collect()
    };
    let gold = Alignment::new(carry(&pair.align.sure)?, carry(&pair.align.possible)?);
    let mut tgt = target.ids;
    tgt.pop(); // </s>
    Some(ReadPair { src_tokens: source.ids.len() - 1, src: source.ids, tgt, word_rows, gold })
}

/// Each piece's text as the tokenizer cut it, `</s>` left out (a piece vocab.json lacks is
/// `<unk>` in `pieces`; its text is in `unknown_text`).
fn surfaces(p: &crate::model::marian::tokenizer::Pieces) -> Vec<String> {
    let mut out: Vec<String> = p.pieces[..p.pieces.len() - 1].to_vec();
    for (&at, text) in p.unknown.iter().zip(&p.unknown_text) {
        if let Some(slot) = out.get_mut(at) {
            *slot = text.clone();
        }
    }
    out
}

/// For each character of the sentence (spaces left out), the piece that holds it; None unless
/// the pieces hold exactly `chars` characters.
fn piece_of_each_char(pieces: &[String], chars: usize) -> Option<Vec<usize>> {
    let mut of = Vec::with_capacity(chars);
    for (i, piece) in pieces.iter().enumerate() {
        of.extend(std::iter::repeat_n(i, piece.chars().filter(|&c| c != '▁' && !c.is_whitespace()).count()));
    }
    (of.len() == chars).then_some(of)
}

/// For each word, the index of its first piece (one that starts with `▁`); None unless there
/// are exactly `words` of them and the first piece starts a word.
fn first_piece_of_each_word(pieces: &[String], words: usize) -> Option<Vec<usize>> {
    let starts: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].starts_with('▁')).collect();
    (starts.len() == words && starts.first() == Some(&0)).then_some(starts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_go_to_the_piece_that_holds_them() {
        let pieces: Vec<String> = ["▁他们", "有", "猫"].map(String::from).to_vec();
        assert_eq!(piece_of_each_char(&pieces, 4), Some(vec![0, 0, 1, 2]));
        assert_eq!(piece_of_each_char(&pieces, 5), None);
    }

    #[test]
    fn a_word_is_read_at_its_first_piece() {
        let pieces: Vec<String> = ["▁they", "▁ha", "ve", "▁a", "▁cat"].map(String::from).to_vec();
        assert_eq!(first_piece_of_each_word(&pieces, 4), Some(vec![0, 1, 3, 4]));
        assert_eq!(first_piece_of_each_word(&pieces, 5), None);
    }
}

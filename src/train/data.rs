//! Sentence pairs -> ids -> padded training batches.

use crate::corpus::Pair;
use crate::model::Vocabs;
use crate::model::vocab::pad_rows;
use ndarray::Array2;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// One pair as ids: the source as the encoder reads it (the tutor's characters; a loaded
/// Marian's pieces and the `</s>` its tokenizer ends every source with), and the target's words
/// or pieces without a start or an end token.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    pub src: Vec<usize>,
    pub tgt: Vec<usize>,
}

/// Encode pairs with the model's vocabularies. The corpus's own vocabularies hold every token;
/// another model's may not (`missing_tokens` says which), and a token it lacks becomes `<unk>`.
pub fn encode_pairs(pairs: &[Pair], vocabs: &Vocabs) -> Vec<Example> {
    pairs.iter().map(|p| Example { src: vocabs.src.source_ids(&p.zh), tgt: vocabs.tgt.token_ids(&p.en) }).collect()
}

pub use crate::model::sentence_ids::Specials;

/// The tokens of the pairs that the vocabularies lack, source side then target side, each once,
/// in the order they first occur.
pub fn missing_tokens(pairs: &[Pair], vocabs: &Vocabs) -> (Vec<String>, Vec<String>) {
    let missing = |vocab: &crate::model::Vocab, texts: &mut dyn Iterator<Item = &String>| {
        let mut out: Vec<String> = Vec::new();
        for token in texts.flat_map(|t| vocab.tokenize(t)) {
            if vocab.id(&token).is_none() && !out.contains(&token) {
                out.push(token);
            }
        }
        out
    };
    (missing(&vocabs.src, &mut pairs.iter().map(|p| &p.zh)), missing(&vocabs.tgt, &mut pairs.iter().map(|p| &p.en)))
}

/// A padded batch for teacher forcing: the decoder reads `<bos> w1 … wn` and must predict
/// `w1 … wn <eos>`; both are the full target `<bos> w1 … wn <eos>` shifted by one.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    pub src: Array2<usize>,    // (B, T_src)
    pub tgt_in: Array2<usize>, // (B, T_tgt): tgt[:, :-1]
    pub labels: Array2<usize>, // (B, T_tgt): tgt[:, 1:], <pad> where there is no word
    /// The id rows are padded with (a label the loss does not count).
    pub pad: usize,
}

impl Batch {
    /// Rows `..at` and `at..`, each trimmed of the padding columns it no longer needs (the
    /// decoder's input and its labels to one width, so each position keeps its label).
    pub fn split(&self, at: usize) -> (Batch, Batch) {
        let part = |rows: std::ops::Range<usize>| {
            let used = |a: &Array2<usize>| {
                let a = a.slice(ndarray::s![rows.clone(), ..]);
                let width = a.rows().into_iter().map(|r| r.iter().rposition(|&id| id != self.pad).map_or(0, |i| i + 1));
                width.max().unwrap_or(0).max(1)
            };
            let cut = |a: &Array2<usize>, width: usize| a.slice(ndarray::s![rows.clone(), ..width]).to_owned();
            let tgt_width = used(&self.tgt_in).max(used(&self.labels));
            Batch {
                src: cut(&self.src, used(&self.src)),
                tgt_in: cut(&self.tgt_in, tgt_width),
                labels: cut(&self.labels, tgt_width),
                pad: self.pad,
            }
        };
        let n = self.src.nrows();
        (part(0..at.min(n)), part(at.min(n)..n))
    }

    /// The labels the loss counts (not `<pad>`).
    pub fn label_count(&self) -> usize {
        self.labels.iter().filter(|&&l| l != self.pad).count()
    }
}

/// A batch of the tutor's own model.
pub fn make_batch(examples: &[&Example]) -> Batch {
    make_batch_with(examples, Specials::TUTOR)
}

/// A batch with a model's own start, end and padding ids.
pub fn make_batch_with(examples: &[&Example], ids: Specials) -> Batch {
    let src: Vec<Vec<usize>> = examples.iter().map(|e| e.src.clone()).collect();
    let full: Vec<Vec<usize>> = examples
        .iter()
        .map(|e| std::iter::once(ids.start).chain(e.tgt.iter().copied()).chain(std::iter::once(ids.eos)).collect())
        .collect();
    let tgt_in: Vec<Vec<usize>> = full.iter().map(|t| t[..t.len() - 1].to_vec()).collect();
    let labels: Vec<Vec<usize>> = full.iter().map(|t| t[1..].to_vec()).collect();
    let pad = ids.pad;
    Batch { src: pad_rows(&src, pad), tgt_in: pad_rows(&tgt_in, pad), labels: pad_rows(&labels, pad), pad }
}

/// Draws batches without replacement, reshuffling every epoch, from a seeded generator.
#[derive(Debug, Clone)]
pub struct Batcher {
    examples: Vec<Example>,
    order: Vec<usize>,
    next: usize,
    rng: ChaCha8Rng,
}

impl Batcher {
    pub fn new(examples: Vec<Example>, seed: u64) -> Batcher {
        let order = (0..examples.len()).collect();
        let mut b = Batcher { examples, order, next: 0, rng: ChaCha8Rng::seed_from_u64(seed) };
        b.order.shuffle(&mut b.rng);
        b
    }

    pub fn next_batch(&mut self, size: usize) -> Batch {
        let mut picked = Vec::with_capacity(size);
        while picked.len() < size {
            if self.next == self.order.len() {
                self.order.shuffle(&mut self.rng);
                self.next = 0;
            }
            picked.push(&self.examples[self.order[self.next]]);
            self.next += 1;
        }
        make_batch(&picked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teacher_forcing_shifts_the_target_by_one() {
        let a = Example { src: vec![4, 5], tgt: vec![7, 8, 9] };
        let b = Example { src: vec![6], tgt: vec![7] };
        let batch = make_batch(&[&a, &b]);
        assert_eq!(batch.src, ndarray::array![[4, 5], [6, 0]]);
        assert_eq!(batch.tgt_in, ndarray::array![[2, 7, 8, 9], [2, 7, 0, 0]]);
        assert_eq!(batch.labels, ndarray::array![[7, 8, 9, 3], [7, 3, 0, 0]]);
    }

    /// A batch whose decoder input runs one position past its last label (the lessons' batches
    /// read `<eos>` too, with a `<pad>` label) splits into halves whose inputs and labels agree.
    #[test]
    fn a_split_keeps_each_position_with_its_label() {
        let batch = Batch {
            src: ndarray::array![[4, 5], [6, 0]],
            tgt_in: ndarray::array![[2, 7, 3], [2, 3, 0]],
            labels: ndarray::array![[7, 3, 0], [3, 0, 0]],
            pad: crate::model::vocab::PAD_ID,
        };
        let (a, b) = batch.split(1);
        assert_eq!((a.tgt_in.dim(), a.labels.dim()), ((1, 3), (1, 3)));
        assert_eq!(
            (b.src, b.tgt_in, b.labels),
            (ndarray::array![[6]], ndarray::array![[2, 3]], ndarray::array![[3, 0]])
        );
    }
}

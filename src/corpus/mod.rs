//! The training corpus: Chinese→English sentence pairs generated from a small grammar
//! (`grammar`, over the words of `lexicon`), deterministic from a seed, with a fixed held-out
//! split of pairs never trained on. Held-out pairs are new combinations of known words: every
//! character and word in them also occurs in training. The source is tokenised by character,
//! the target by word (note 004's two tokenizer kinds).

mod aligned;
mod grammar;
mod lexicon;

pub use aligned::{Alignment, Link};

use crate::model::{Tokenizer, Vocab, Vocabs};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, OnceLock};

/// One sentence pair. `zh`: Chinese characters, no spaces. `en`: English words separated by
/// single spaces, lowercase except `I`; a question ends in ` ?`. `align`: the gold word
/// alignment, links from each character (counted from 0) to the words that translate it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pair {
    pub zh: String,
    pub en: String,
    pub align: Alignment,
}

#[derive(Debug, Clone)]
pub struct Corpus {
    pub seed: u64,
    pub train: Vec<Pair>,
    pub heldout: Vec<Pair>,
}

/// The seed of the corpus the shipped model was trained on.
pub const DEFAULT_SEED: u64 = 2017;
/// Longest source (characters) and target (words, without `<bos>`/`<eos>`) of any pair.
pub const MAX_SRC_CHARS: usize = 12;
pub const MAX_TGT_WORDS: usize = 12;
/// The share of pairs held out, in percent.
const HELDOUT_PERCENT: usize = 10;

/// Pairs that must be trained on: note 001's example and note 003's pair.
pub const MUST_TRAIN: [(&str, &str); 3] = [
    ("我有一只猫", "I have a cat"),
    ("猫追老鼠", "the cat chases the mouse"),
    ("老鼠追猫", "the mouse chases the cat"),
];

/// The corpus for `seed`: each pattern's sentences shuffled and capped, then about a tenth held out.
pub fn generate(seed: u64) -> Corpus {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut all = Vec::new();
    for (_, mut pairs, cap) in grammar::patterns() {
        pairs.shuffle(&mut rng);
        let must: Vec<Pair> = pairs.iter().filter(|p| is_must(p)).cloned().collect();
        for p in must.into_iter().chain(pairs.into_iter().take(cap)) {
            if seen.insert(p.zh.clone()) {
                all.push(p);
            }
        }
    }
    all.shuffle(&mut rng);
    let n_heldout = all.len() * HELDOUT_PERCENT / 100;
    let (mut heldout, mut train): (Vec<Pair>, Vec<Pair>) = (Vec::new(), Vec::new());
    for p in all {
        if heldout.len() < n_heldout && !is_must(&p) { heldout.push(p) } else { train.push(p) }
    }
    // a held-out pair with a character or word never trained on goes back to training
    let (chars, words) = tokens(&train);
    let (keep, back): (Vec<Pair>, Vec<Pair>) = heldout
        .into_iter()
        .partition(|p| p.zh.chars().all(|c| chars.contains(&c)) && p.en.split(' ').all(|w| words.contains(w)));
    train.extend(back);
    Corpus { seed, train, heldout: keep }
}

fn is_must(p: &Pair) -> bool {
    MUST_TRAIN.iter().any(|(zh, en)| p.zh == *zh && p.en == *en)
}

fn tokens(pairs: &[Pair]) -> (BTreeSet<char>, BTreeSet<String>) {
    let chars = pairs.iter().flat_map(|p| p.zh.chars()).collect();
    let words = pairs.iter().flat_map(|p| p.en.split(' ').map(str::to_string)).collect();
    (chars, words)
}

impl Corpus {
    /// Every distinct source character, sorted.
    pub fn source_chars(&self) -> Vec<char> {
        let all: Vec<Pair> = self.all().cloned().collect();
        tokens(&all).0.into_iter().collect()
    }

    /// Every distinct target word, sorted.
    pub fn target_words(&self) -> Vec<String> {
        let all: Vec<Pair> = self.all().cloned().collect();
        tokens(&all).1.into_iter().collect()
    }

    /// All pairs, training then held-out.
    pub fn all(&self) -> impl Iterator<Item = &Pair> {
        self.train.iter().chain(&self.heldout)
    }

    /// `zh\ten\tsplit\talign` lines after a header line; `align` in Pharaoh format with possible
    /// links marked (`0-0 1-1 3p2`: character-word, `-` sure, `p` possible).
    pub fn to_tsv(&self) -> String {
        let mut out = String::from("zh\ten\tsplit\talign\n");
        for (split, pairs) in [("train", &self.train), ("heldout", &self.heldout)] {
            for p in pairs.iter() {
                out.push_str(&format!("{}\t{}\t{split}\t{}\n", p.zh, p.en, p.align.to_pharaoh()));
            }
        }
        out
    }

    /// The model's vocabularies: the special tokens, then the source characters and the target
    /// words of this corpus, each sorted.
    pub fn vocabs(&self) -> Vocabs {
        Vocabs {
            src: Vocab::new(Tokenizer::Char, self.source_chars().into_iter().map(String::from)),
            tgt: Vocab::new(Tokenizer::Word, self.target_words()),
        }
    }
}

/// The vocabularies of the default corpus (what random weights are given).
pub fn vocabs() -> Arc<Vocabs> {
    static VOCABS: OnceLock<Arc<Vocabs>> = OnceLock::new();
    VOCABS.get_or_init(|| Arc::new(generate(DEFAULT_SEED).vocabs())).clone()
}

/// How many sentence patterns the grammar has (`transformer-tutor corpus` lists them).
pub fn pattern_count() -> usize {
    grammar::patterns().len()
}

/// The pattern whose sentences include `zh` (spaces ignored, as the tokenizer ignores them), if
/// any. Every pattern lists every sentence it can make, and the corpus is a sample of those, so a
/// sentence the grammar cannot make is outside what the model was trained to translate, while
/// one it can make but the sample left out is a new combination of known words (as the held-out
/// pairs are).
pub fn pattern_of(zh: &str) -> Option<&'static str> {
    let zh: String = zh.chars().filter(|c| !c.is_whitespace()).collect();
    grammar::patterns().into_iter().find(|(_, pairs, _)| pairs.iter().any(|p| p.zh == zh)).map(|(name, _, _)| name)
}

/// Pattern names with how many pairs each contributes to `generate(seed)` (for `corpus`).
pub fn pattern_counts(corpus: &Corpus) -> Vec<(&'static str, usize)> {
    let all: HashSet<&Pair> = corpus.all().collect();
    grammar::patterns()
        .into_iter()
        .map(|(name, pairs, _)| (name, pairs.iter().filter(|p| all.contains(p)).count()))
        .collect()
}

#[cfg(test)]
mod tests;

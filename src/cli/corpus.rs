//! `transformer-tutor corpus`: what the model is trained on.

use crate::corpus::Corpus;
use std::fmt::Write;

/// Size, vocabularies and a few sample pairs of each split.
pub fn corpus_text(corpus: &Corpus) -> String {
    let mut out = String::new();
    let total = corpus.train.len() + corpus.heldout.len();
    let _ = writeln!(
        out,
        "corpus (seed {}): {total} sentence pairs, {} for training, {} held out (never trained on)",
        corpus.seed,
        corpus.train.len(),
        corpus.heldout.len()
    );
    for (pattern, count) in crate::corpus::pattern_counts(corpus) {
        let _ = writeln!(out, "  {count:>5}  {pattern}");
    }
    let chars: String = corpus.source_chars().iter().collect();
    let words = corpus.target_words();
    let _ = writeln!(
        out,
        "\nsource vocabulary, by character ({} + 4 special tokens):\n  {chars}",
        corpus.source_chars().len()
    );
    let _ = writeln!(out, "\ntarget vocabulary, by word ({} + 4 special tokens):\n  {}", words.len(), words.join(" "));
    let _ = writeln!(out, "\nspecial tokens on both sides: <pad> = 0, <unk> = 1, <bos> = 2, <eos> = 3");
    for (name, pairs) in [("training", &corpus.train), ("held-out", &corpus.heldout)] {
        let _ = writeln!(out, "\n{name} samples:");
        let step = (pairs.len() / 8).max(1);
        for pair in pairs.iter().step_by(step).take(8) {
            let _ = writeln!(out, "  {}  →  {}", pair.zh, pair.en);
        }
    }
    out
}

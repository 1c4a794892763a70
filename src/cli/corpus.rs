//! `transformer-tutor corpus`: what the model is trained on.

use crate::corpus::Corpus;
use crate::strings;
use std::fmt::Write;

/// Size, vocabularies and a few sample pairs of each split.
pub fn corpus_text(corpus: &Corpus) -> String {
    let mut out = String::new();
    let total = corpus.train.len() + corpus.heldout.len();
    let _ = writeln!(out, "{}", strings::corpus_heading(corpus.seed, total, corpus.train.len(), corpus.heldout.len()));
    for (pattern, count) in crate::corpus::pattern_counts(corpus) {
        let _ = writeln!(out, "  {count:>5}  {}", strings::pattern_name(pattern));
    }
    let chars: String = corpus.source_chars().iter().collect();
    let words = corpus.target_words();
    let _ = writeln!(out, "{}", strings::source_vocabulary_line(corpus.source_chars().len(), &chars));
    let _ = writeln!(out, "{}", strings::target_vocabulary_line(words.len(), &words.join(" ")));
    let _ = writeln!(out, "{}", strings::SPECIAL_TOKENS_LINE);
    for (name, pairs) in [(strings::CORPUS_TRAINING, &corpus.train), (strings::CORPUS_HELD_OUT, &corpus.heldout)] {
        let _ = writeln!(out, "{}", strings::samples_heading(name.get()));
        let step = (pairs.len() / 8).max(1);
        for pair in pairs.iter().step_by(step).take(8) {
            let _ = writeln!(out, "  {}  →  {}", pair.zh, pair.en);
        }
    }
    out
}

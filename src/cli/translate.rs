//! `transformer-tutor translate "我有一只猫"`: greedy translation, word by word, each word with
//! the probability the model gave it, and a warning when the sentence is outside what the model
//! was trained on (characters it never saw, or none of the corpus's sentence patterns).

use crate::corpus;
use crate::model::decode::{Choice, decode_steps, greedy};
use crate::model::{Vocab, Weights};
use crate::setup::{Setup, TokenInput};
use crate::strings;
use std::fmt::Write;
use std::sync::Arc;

/// What `translate` prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Translation {
    /// For stdout: the translation on its first line (what a script reads), then each word with
    /// its probability, then the attention lines and the sampled translation when asked for.
    pub text: String,
    /// For stderr: which characters became `<unk>`, one line each.
    pub notes: Vec<String>,
    /// For stderr: the sentence is outside the training corpus, so the translation is a guess.
    pub warning: Option<String>,
}

/// The translation of `sentence`, each word with its probability, and with `attention` one line
/// per output word naming the source characters its cross-attention weighted most.
pub fn translate_text(
    weights: Arc<Weights>,
    sentence: &str,
    attention: bool,
    choice: Choice,
) -> Result<Translation, String> {
    one_sentence(sentence)?;
    let setup = Setup::with_weights(weights.clone(), &TokenInput::Sentences(sentence.into()), None)
        .map_err(|e| e.to_string())?;
    let decoded = greedy(&weights, &setup.src_ids);
    // each word (and the closing <eos>) with the probability it had when it was chosen
    let steps = decode_steps(&weights, &setup.src_ids, Choice::Greedy);
    // a NaN chooses no word: say where it came from instead of printing an empty translation
    let final_run = &decoded.run;
    let overflow = steps
        .iter()
        .find_map(|s| s.non_finite.clone())
        .or_else(|| final_run.first_non_finite().map(|i| final_run.program().op(i).name.clone()));
    if let Some(op) = overflow {
        return Err(strings::non_finite_at(&op));
    }
    let words = &decoded.words[0];
    let vocab = &weights.vocabs.tgt;
    let mut text = format!("{}\n", vocab.decode(words));
    let _ = writeln!(text, "{}{}", strings::TRANSLATE_GREEDY, with_probabilities(&steps, vocab));
    if attention {
        text.push_str(&attention_lines(&setup, &decoded.run, words.len()));
    }
    if let (Choice::Sample { seed, .. }, Some(t)) = (choice, choice.temperature()) {
        // each sampled word with the probability it was drawn at
        let steps = decode_steps(&weights, &setup.src_ids, choice);
        if let Some(op) = steps.iter().find_map(|s| s.non_finite.clone()) {
            return Err(strings::non_finite_at(&op));
        }
        let _ = writeln!(text, "{}{}", strings::translate_sampled(t, seed), with_probabilities(&steps, vocab));
    }
    // one line about the input: the warning names the unknown characters too, so it replaces the notes
    let warning = outside_corpus(&setup, sentence);
    let notes = if warning.is_some() { Vec::new() } else { setup.unknown_report() };
    Ok(Translation { text, notes, warning })
}

/// `I (0.99) have (0.98) … <eos> (1.00)`: each chosen word with its probability.
fn with_probabilities(steps: &[crate::model::decode::DecodeStep], vocab: &Vocab) -> String {
    let words: Vec<String> =
        steps.iter().map(|s| format!("{} ({})", vocab.word(s.chosen), probability(s.probs[s.chosen]))).collect();
    words.join(" ")
}

/// A probability in two decimals, except where two decimals would print `0.00` or `1.00` for
/// what is neither: then in three significant digits near 0 (`0.00123`), and near 1 with as many
/// decimals as it takes to differ from 1 (`0.9996`).
pub fn probability(p: f32) -> String {
    let two = format!("{p:.2}");
    if two == "0.00" && p > 0.0 {
        return crate::text::significant(p);
    }
    if two == "1.00"
        && p < 1.0
        && let Some(s) = (3..=9).map(|d| format!("{p:.d$}")).find(|s| s.starts_with("0."))
    {
        return s;
    }
    two
}

/// The warning when the sentence is outside the training corpus: characters the corpus does not
/// have (they became `<unk>`), or a sentence none of its patterns makes. Only for a model with
/// the corpus's own source vocabulary (the built-in weights, `train`'s, random ones): of another
/// model nothing is known about what it was trained on.
fn outside_corpus(setup: &Setup, sentence: &str) -> Option<String> {
    let corpus_vocab = &corpus::vocabs().src;
    if setup.src_vocab() != corpus_vocab {
        return None;
    }
    let characters = corpus_vocab.len() - crate::model::vocab::SPECIALS.len();
    // each character once, in the order it first comes (`hello`: h, e, l, o)
    let mut unknown: Vec<String> = Vec::new();
    for u in &setup.unknown_src {
        let word = crate::text::escape_controls(&u.word, false);
        if !unknown.contains(&word) {
            unknown.push(word);
        }
    }
    let reason = if !unknown.is_empty() {
        strings::translate_unknown(&unknown)
    } else if corpus::pattern_of(sentence).is_none() {
        strings::TRANSLATE_NO_PATTERN.to_string()
    } else {
        return None;
    };
    Some(strings::translate_outside_corpus(&reason, characters, corpus::pattern_count()))
}

/// For each output word: the last decoder layer's cross-attention, averaged over the heads, from
/// the position that produced the word (its query is the word before it) to every source character.
fn attention_lines(setup: &Setup, run: &crate::model::Run, n_words: usize) -> String {
    let cfg = &setup.weights.config;
    let name = format!("dec.{}.cross_attn.weights", cfg.dec_layers - 1);
    let weights = run.get(&name).expect("the final run is complete"); // (1, H, T_tgt, T_src)
    let src: Vec<String> = setup.src_ids.row(0).iter().map(|&i| setup.src_vocab().word(i)).collect();
    let tgt = setup.tgt_vocab();
    let target = run.inputs().tgt_ids.as_ref().expect("target ids").row(0).to_vec();
    let heads = weights.shape()[1];
    let mut out = strings::translate_attention_heading(&name, heads);
    for position in 0..=n_words {
        let chosen = if position < n_words { tgt.word(target[position + 1]) } else { "<eos>".to_string() };
        let mut row: Vec<(usize, f32)> = (0..src.len())
            .map(|j| (j, (0..heads).map(|h| weights[[0, h, position, j]]).sum::<f32>() / heads as f32))
            .collect();
        row.sort_by(|a, b| b.1.total_cmp(&a.1));
        let top: Vec<String> = row.iter().take(2).map(|(j, w)| format!("{} {:.2}", src[*j], w)).collect();
        let _ = writeln!(out, "  {:<8} ← {}", chosen, top.join(", "));
    }
    out
}

/// `translate` reads one sentence: not empty, no `;` (the separator of several).
pub(super) fn one_sentence(sentence: &str) -> Result<(), String> {
    if sentence.trim().is_empty() {
        return Err(strings::TRANSLATE_EMPTY.into());
    }
    if sentence.contains(';') {
        return Err(strings::TRANSLATE_ONE_SENTENCE.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::probability;

    #[test]
    fn probabilities_never_round_to_zero_or_one() {
        assert_eq!(probability(0.4567), "0.46");
        assert_eq!(probability(0.006), "0.01");
        assert_eq!(probability(0.005), "0.00500", "f32's 0.005 lies just below 0.005");
        assert_eq!(probability(0.00123), "0.00123");
        assert_eq!(probability(0.0000456), "0.0000456");
        assert_eq!(probability(0.9996), "0.9996");
        assert_eq!(probability(0.995), "0.995", "f32's 0.995 lies just above 0.995");
        assert_eq!(probability(0.994), "0.99");
        assert_eq!(probability(1.0), "1.00");
        assert_eq!(probability(0.0), "0.00");
        for p in [1e-9f32, 1e-6, 0.004_999, 0.995_01, 0.999_999_9] {
            let s = probability(p);
            assert!(s != "0.00" && s != "1.00" && !s.starts_with("1."), "{p}: {s}");
        }
    }
}

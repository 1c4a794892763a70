//! `transformer-tutor translate "我有一只猫"`: greedy translation, word by word.

use crate::model::Weights;
use crate::model::decode::{Choice, decode_steps, greedy};
use crate::model::setup::{Setup, TokenInput};
use std::fmt::Write;
use std::sync::Arc;

/// The translation of `sentence` (one line), and with `attention` one line per output word
/// naming the source characters its cross-attention weighted most. Notes about unknown
/// characters go to `notes`.
pub fn translate_text(
    weights: Arc<Weights>,
    sentence: &str,
    attention: bool,
    choice: Choice,
) -> Result<(String, Vec<String>), String> {
    if sentence.trim().is_empty() {
        return Err("the sentence is empty; give a Chinese sentence, e.g. 我有一只猫".into());
    }
    if sentence.contains(';') {
        return Err("translate takes one sentence; `;` separates batch rows elsewhere".into());
    }
    let setup = Setup::with_weights(weights.clone(), &TokenInput::Sentences(sentence.into()), None)
        .map_err(|e| e.to_string())?;
    let notes = setup.unknown_report();
    let decoded = greedy(&weights, &setup.src_ids);
    let words = &decoded.words[0];
    let vocab = &weights.vocabs.tgt;
    let mut out = format!("{}\n", vocab.decode(words));
    if attention {
        out.push_str(&attention_lines(&setup, &decoded.run, words.len()));
    }
    if let (Choice::Sample { seed, .. }, Some(t)) = (choice, choice.temperature()) {
        // the greedy line above, then each sampled word with the probability it was drawn at
        let steps = decode_steps(&weights, &setup.src_ids, choice);
        let drawn: Vec<String> =
            steps.iter().map(|s| format!("{} ({:.2})", vocab.word(s.chosen), s.probs[s.chosen])).collect();
        let _ = writeln!(out, "sampled at temperature {t}, seed {seed}: {}", drawn.join(" "));
    }
    Ok((out, notes))
}

/// For each output word: the last decoder layer's cross-attention, averaged over the heads, from
/// the position that produced the word (its query is the word before it) to every source character.
fn attention_lines(setup: &Setup, run: &crate::model::Run, n_words: usize) -> String {
    let cfg = &setup.weights.config;
    let name = format!("dec.{}.cross_attn.weights", cfg.n_layers - 1);
    let weights = run.get(&name).expect("the final run is complete"); // (1, H, T_tgt, T_src)
    let src: Vec<String> = setup.src_ids.row(0).iter().map(|&i| setup.src_vocab().word(i)).collect();
    let tgt = setup.tgt_vocab();
    let target = run.inputs().tgt_ids.as_ref().expect("target ids").row(0).to_vec();
    let heads = weights.shape()[1];
    let mut out = format!("cross-attention ({name}, mean of {heads} heads), from the position that chose each word:\n");
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

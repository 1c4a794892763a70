//! Weights files inside every stated file limit whose runs would not be (issue 40): a
//! 2,000,000-word target vocabulary, 256 heads under a 1,000-character sentence, a max_len of
//! 1024 on a model that never writes `<eos>`. Each is refused before running with the part that
//! is too large named, or (the long max_len) decodes in proportion to the sentence; run under
//! `ulimit -v`, so a missing budget fails the test instead of taking the machine's memory.

mod hostile_common;

use hostile_common::*;
use std::sync::Arc;
use transformer_tutor::model::vocab::{Tokenizer, Vocab, Vocabs};
use transformer_tutor::model::{Preset, Weights};

/// Seeded weights of the tutor's layout with these sizes, the corpus's source vocabulary (so
/// `我` is a word) and a numbered target vocabulary of `tgt_vocab` words (0: the corpus's and
/// the tutor's two layers, so that the lessons load), saved as `name` in a temporary folder removed when the path is dropped.
fn model(name: &str, d_model: usize, n_heads: usize, tgt_vocab: usize, max_len: usize) -> TempText {
    let corpus = transformer_tutor::corpus::vocabs();
    let tgt = if tgt_vocab == 0 { corpus.tgt.clone() } else { Vocab::numbered(Tokenizer::Word, tgt_vocab) };
    let mut config = Preset::Tutor.config(corpus.src.len(), tgt.len());
    (config.d_model, config.n_heads, config.d_ff, config.n_layers, config.dec_layers, config.max_len) =
        (d_model, n_heads, 4, 1, 1, max_len);
    if tgt_vocab == 0 {
        (config.n_layers, config.dec_layers) = (2, 2);
    }
    let vocabs = Vocabs { src: corpus.src.clone(), tgt };
    let weights = Weights::init(&config, 3).with_vocabs(Arc::new(vocabs));
    let path = temp(name);
    weights.save_npz(&path).unwrap();
    path.text()
}

#[test]
fn a_two_million_word_vocabulary_is_refused_naming_the_logits() {
    let path = model("two-million.npz", 4, 4, 2_000_000, 1024);
    let err = refused_within(
        1536,
        &["--weights", &path, "translate", "我"],
        // one run's 1 GB of logits fits the 3 GB budget; 64 of them, one per word decoded, do not
        &["the logits and probabilities", "1 × 64 × 2000000 numbers × 4 bytes", "more than the 16.0 GB"],
    );
    assert!(err.contains("refused before anything ran"), "{err}");
    refused_within(
        1536,
        &["--lang", "zh", "--weights", &path, "translate", "我"],
        &["logits 和概率", "1 × 64 × 2000000 个数 × 4 字节", "超过了本程序允许的 16.0 GB"],
    );
}

#[test]
fn many_heads_under_a_long_sentence_are_refused_naming_the_attention_maps() {
    let path = model("heads-256.npz", 256, 256, 100, 1024);
    let long = "我".repeat(1000);
    let out = temp("heads-256-export.npz");
    refused_within(
        1536,
        &["--weights", &path, "export", "--src", &long, "--tgt", "<bos> #4 <eos>", "--out", out.to_str().unwrap()],
        &["the attention maps", "1 × 256 × 1000 × 1000 numbers"],
    );
    assert!(!out.exists(), "nothing was written");
    // the same model on a short sentence runs
    let o = run_limited(1536, &["--weights", &path, "trace", "--src", "我", "--tgt", "<bos> #4 <eos>"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn decoding_on_a_long_max_len_stops_in_proportion_to_the_sentence() {
    // the trained model with max_len 1024 and an <eos> it never writes: translate decoded 1,024
    // words, the decoder run again for each
    let path = edited_weights("no-eos-1024.npz", |members| {
        replace(members, "config.max_len", Npy::I64(ndarray::arr0(1024i64).into_dyn()));
        let slot = members.iter_mut().find(|(n, _)| n == "fc_out.bias").unwrap();
        let Npy::F32(bias) = &mut slot.1 else { panic!("fc_out.bias is f32") };
        bias[[transformer_tutor::model::vocab::EOS_ID]] = -100.0;
    });
    let o = run_limited(1024, &["--weights", &path, "translate", "我"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let words = stdout(&o).lines().next().unwrap().split_whitespace().count();
    // at most 64 positions: <bos> and 63 words (the model cannot end on its own)
    assert_eq!(words, 63, "{}", stdout(&o));
    let o = run_limited(1024, &["--weights", &path, "--list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // a sentence ten times as long may decode ten times as far (2 x its tokens + 16), no further
    let o = run_limited(1024, &["--weights", &path, "trace", "--src", &"我".repeat(40)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed = stdout(&o);
    let embed = printed.lines().find(|l| l.contains("tgt.embed ")).unwrap_or_default();
    assert!(embed.contains("(1, 96, 32)"), "the target ran to 96 positions:\n{embed}");
}

/// A lesson beat that reorders the learner's first sentence runs it twice (batch row 1 is its
/// tokens reversed), translated by the model: a sentence whose own run fits may make that run
/// over the budget. It was refused in silence (the beat showed the lesson's sentences, saying
/// the learner's read the same reversed); now the sentences are refused when given, naming the
/// part, exit 1, as any run over the budget is.
#[test]
fn sentences_whose_reordered_run_is_over_the_budget_are_refused_when_given() {
    let path = model("heads-16-corpus.npz", 16, 16, 0, 1024);
    // 1,000 tokens, not a palindrome (one that is shows the lesson's sentences instead): one row
    // keeps 1 GB of attention maps, the two rows decoded 6 GB
    let long = "我有一只猫".repeat(200);
    let args = ["--weights", &path, "--lesson", "positional", "--print", "--src", &long, "--tgt", "<bos> i <eos>"];
    let err = refused_within(1536, &args, &["not run", "refused before anything ran", "the attention maps"]);
    assert!(!err.contains("panicked"), "{err}");
    // a short sentence, reordered within the budget, runs
    let o = run_limited(1536, &["--weights", &path, "--lesson", "positional", "--print", "--src", "我有一只猫"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

//! Scoring a model on sentence pairs (exact match, token accuracy, teacher-forced loss: the
//! probes' held-out lines, `probe heads`) reads each pair as that model reads it: on a loaded
//! Marian, the source with its `</s>`, the target started by `<pad>`, ended by `</s>` and padded
//! with `<pad>`. Checked against transformers: the teacher-forced loss of each golden sentence's
//! own greedy translation, computed here in f64 from the logits transformers wrote
//! (tests/fixtures/marian/goldens_logits.npz), and the exact match of those translations.

use ndarray::{ArrayD, Axis};
use ndarray_npy::NpzReader;
use serde_json::Value;
use std::sync::Arc;
use transformer_tutor::corpus::Pair;
use transformer_tutor::model::Arch;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::train::eval::{evaluate, loss_with};

fn ids(v: &Value) -> Vec<usize> {
    v.as_array().expect("a list").iter().map(|x| x.as_u64().expect("an id") as usize).collect()
}

/// −ln softmax(row)[label], in f64.
fn nll(row: ndarray::ArrayViewD<f32>, label: usize) -> f64 {
    let max = row.iter().fold(f64::NEG_INFINITY, |m, &v| m.max(v as f64));
    let sum: f64 = row.iter().map(|&v| (v as f64 - max).exp()).sum();
    -(row[label] as f64 - max - sum.ln())
}

#[test]
fn a_marian_is_scored_on_its_own_tokens() {
    let weights = Arc::new(WeightSource::Marian("weights/marian-tiny".into()).load().expect("the tiny Marian"));
    let text = std::fs::read_to_string("tests/fixtures/marian/goldens.json").expect("goldens.json");
    let goldens: Value = serde_json::from_str(&text).expect("json");
    let mut npz = NpzReader::new(std::fs::File::open("tests/fixtures/marian/goldens_logits.npz").unwrap()).unwrap();
    let mut checked = 0;
    for s in goldens["sentences"].as_array().unwrap() {
        let greedy = ids(&s["greedy_ids"]); // <pad>, pieces, </s>
        if s["tf_decoder_ids"] != Value::from(greedy[..greedy.len() - 1].to_vec()) || greedy.last() != Some(&0) {
            continue; // teacher forcing on anything but its own finished translation
        }
        let pair = Pair {
            zh: s["src"].as_str().unwrap().to_string(),
            en: s["greedy_text"].as_str().unwrap().to_string(),
            align: Default::default(),
        };
        let i = s["index"].as_u64().unwrap();
        let logits: ArrayD<f32> = npz.by_name(&format!("logits_{i}.npy")).unwrap(); // (T, V)
        let labels = &greedy[1..];
        let want: f64 = labels.iter().enumerate().map(|(t, &l)| nll(logits.index_axis(Axis(0), t), l)).sum::<f64>()
            / labels.len() as f64;
        let got = loss_with(&weights, std::slice::from_ref(&pair), &Arch::default());
        // the engine's probabilities are f32: −ln p of a p near 1 is good to about 1e-7 a label
        assert!((got - want).abs() <= 1e-4 * want + 1e-6, "{}: loss {got} against transformers' {want}", pair.zh);
        let e = evaluate(&weights, std::slice::from_ref(&pair));
        assert_eq!(
            (e.exact, e.tokens_right, e.tokens),
            (1, labels.len(), labels.len()),
            "{}: its own translation",
            pair.zh
        );
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} golden sentences checked");
}

//! A Marian keeps one embedding table, read by the source, the target and the output Linear
//! (tied): the params view and `{params}` count it once, as the weights file stores it, and its
//! gradient reaches every row through the output Linear, which the learning lesson's view counts.
//! Each is checked against a reference of its own: the file's header, and ∂L/∂W_out written out
//! from the run's probabilities, labels and the decoder's last output.

use ndarray::{Array2, Ix3};
use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::Weights;
use transformer_tutor::model::learning;
use transformer_tutor::model::program::Side;
use transformer_tutor::setup::{WeightSource, shipped_marian_dir};

fn marian() -> Arc<Weights> {
    Arc::new(WeightSource::Marian(shipped_marian_dir()).load().expect("the shipped tiny Marian loads"))
}

/// How many numbers model.safetensors stores, read from its header alone (8 bytes of length, then
/// JSON naming each tensor's shape).
fn numbers_in_the_file() -> usize {
    let bytes = std::fs::read(shipped_marian_dir().join("model.safetensors")).unwrap();
    let len = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
    let header: serde_json::Value = serde_json::from_slice(&bytes[8..8 + len]).unwrap();
    header
        .as_object()
        .unwrap()
        .iter()
        .filter(|(name, _)| *name != "__metadata__")
        .map(|(_, t)| t["shape"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap() as usize).product::<usize>())
        .sum()
}

#[test]
fn a_tied_table_is_counted_once_as_the_file_stores_it() {
    let weights = marian();
    let stored = numbers_in_the_file();
    assert_eq!(weights.stored_count(), stored);
    // every name visited, the table three times over: what the view counted before
    let d = weights.config.d_model;
    let table = weights.config.tgt_vocab * d;
    assert_eq!(weights.parameter_count(), stored + 2 * table);
    // the tutor's own model ties nothing
    let tutor = WeightSource::Trained.load().unwrap();
    assert_eq!(tutor.stored_count(), tutor.parameter_count());
}

#[test]
fn the_whole_model_lessons_params_add_up_to_the_file() {
    let weights = marian();
    let lesson = Catalog::built_in(&weights).unwrap().get("whole-model").unwrap().clone();
    let beat = lesson.beats.iter().position(|b| b.view.name() == "params").expect("a params beat");
    let mut app = App::new(lesson, weights).unwrap();
    app.go_to_beat(beat);
    let text = app.plain_text_of_beat(beat);
    let total = numbers_in_the_file();
    let written = format!("{},{:03}", total / 1000, total % 1000);
    assert!(text.contains(&format!("Total: {written}")), "{text}");
}

#[test]
fn through_the_output_linear_every_row_of_the_tied_table_gets_a_gradient() {
    let weights = marian();
    let lesson = Catalog::built_in(&weights).unwrap().get("learning").unwrap().clone();
    let app = App::new(lesson, weights.clone()).unwrap();
    let run = app.full();
    let grads = run.gradients().expect("a training run");
    // ∂L/∂W_out[r] = Σ over counted positions of (p[r] − [r = label]) · h / N, h the output's input
    // softmax of the run's logits, in f64 (the training program has no `probs`)
    let logits = run.get("logits").unwrap().view().into_dimensionality::<Ix3>().unwrap().to_owned();
    let mut probs = logits.mapv(|x| x as f64);
    for mut row in probs.lanes_mut(ndarray::Axis(2)) {
        let max = row.fold(f64::NEG_INFINITY, |m, &x| m.max(x));
        row.mapv_inplace(|x| (x - max).exp());
        let sum = row.sum();
        row.mapv_inplace(|x| x / sum);
    }
    let last = format!("dec.{}.norm3.out", weights.config.dec_layers - 1);
    let h = run.get(&last).unwrap().view().into_dimensionality::<Ix3>().unwrap().to_owned();
    let labels = run.inputs().labels.clone().unwrap();
    let (pad, n) = (weights.config.pad_idx, learning::label_count(run) as f64);
    let (v, d) = (probs.shape()[2], h.shape()[2]);
    let mut reference = Array2::<f64>::zeros((v, d));
    for ((b, t), &label) in labels.indexed_iter() {
        if label == pad {
            continue;
        }
        for r in 0..v {
            let dlogit = (probs[[b, t, r]] - if r == label { 1.0 } else { 0.0 }) / n;
            for j in 0..d {
                reference[[r, j]] += dlogit * h[[b, t, j]] as f64;
            }
        }
    }
    let backward = &grads.params.fc_out.weight;
    let scale = reference.iter().fold(0f64, |m, x| m.max(x.abs()));
    for (&a, &b) in backward.iter().zip(reference.iter()) {
        assert!((a as f64 - b).abs() <= 1e-4 * scale, "backward {a} vs written out {b}");
    }
    let reached = reference.rows().into_iter().filter(|r| r.iter().any(|&x| x != 0.0)).count();
    assert_eq!(reached, v, "every row's logit is scored, so every row gets a gradient");
    assert!(learning::output_reads_table(run, Side::Tgt));
    assert_eq!(learning::table_grad_rows(run, Side::Tgt), v);
    assert_eq!(learning::table_grad_rows(run, Side::Src), v, "one table: the source side's is the same");
    // the lookups alone reach only the rows the batch reads
    assert!(learning::embed_grad_rows(run, Side::Tgt).len() < v);
}

//! What a variant changes, measured on the two runs: how sharp the attention rows are, which
//! predictions change, where NaN appears and spreads, how per-token statistics drift across
//! the layers, and how far two tensors are apart.

use crate::model::kernels::mean_and_variance;
use crate::model::program::OpKind;
use crate::model::{Inputs, Run};
use ndarray::{ArrayD, Axis, Ix3};

/// Mean over the rows of an attention-weights tensor (B, H, T_q, T_k) of the row's largest
/// weight and of its entropy in nats. Rows holding NaN are left out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sharpness {
    pub max_weight: f32,
    pub entropy: f32,
}

pub fn sharpness(weights: &ArrayD<f32>) -> Sharpness {
    let t_k = weights.shape()[weights.ndim() - 1];
    let (mut max_sum, mut entropy_sum, mut rows) = (0.0f64, 0.0f64, 0usize);
    for row in weights.as_standard_layout().as_slice().expect("standard layout").chunks(t_k) {
        if row.iter().any(|w| !w.is_finite()) {
            continue;
        }
        max_sum += row.iter().copied().fold(0.0f32, f32::max) as f64;
        entropy_sum -= row.iter().filter(|&&w| w > 0.0).map(|&w| (w as f64) * (w as f64).ln()).sum::<f64>();
        rows += 1;
    }
    let n = rows.max(1) as f64;
    Sharpness { max_weight: (max_sum / n) as f32, entropy: (entropy_sum / n) as f32 }
}

/// The most probable next word at one target position of one sentence.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prediction {
    pub batch: usize,
    pub position: usize,
    pub word: usize,
    pub prob: f32,
}

/// The argmax of `probs` (B, T_tgt, vocab) at every position whose target token is not `<pad>`
/// (a start token that is `<pad>`, a Marian's, at position 0 is read like a word and predicts).
pub fn predictions(run: &Run) -> Vec<Prediction> {
    let (Some(probs), Some(ids)) = (run.get("probs"), run.inputs().tgt_ids.as_ref()) else { return Vec::new() };
    let config = &run.weights().config;
    let (pad, start_is_pad) = (config.pad_idx, config.conventions.start_id == config.pad_idx);
    let probs = probs.view().into_dimensionality::<Ix3>().expect("(B, T, vocab)");
    let mut out = Vec::new();
    for ((batch, position), &id) in ids.indexed_iter() {
        if id == pad && !(position == 0 && start_is_pad) {
            continue;
        }
        let row = probs.index_axis(Axis(0), batch);
        let row = row.index_axis(Axis(0), position);
        // NaN is never larger: a NaN row predicts word 0 with probability NaN
        let word = crate::model::decode::argmax(row.iter().copied());
        out.push(Prediction { batch, position, word, prob: row[word] });
    }
    out
}

/// The positions where two runs predict different words: (taught, variant). A row of NaN
/// predicts no word, so it differs from every row that does (its argmax falls back to word 0,
/// which must not count as the same prediction as a real word 0).
pub fn changed_predictions(base: &Run, variant: &Run) -> Vec<(Prediction, Prediction)> {
    predictions(base)
        .into_iter()
        .zip(predictions(variant))
        .filter(|(a, b)| a.word != b.word || a.prob.is_nan() != b.prob.is_nan())
        .collect()
}

/// How many values of each operation are NaN, in program order, for the operations that have any.
pub fn nan_counts(run: &Run) -> Vec<(String, usize, usize)> {
    run.named_values()
        .map(|(name, v)| (name.to_string(), v.iter().filter(|x| x.is_nan()).count(), v.len()))
        .filter(|(_, nan, _)| *nan > 0)
        .collect()
}

/// Per-token statistics of one layer's output: the mean over tokens of |mean over features| and
/// of the standard deviation over features.
#[derive(Debug, Clone, PartialEq)]
pub struct LayerStats {
    /// "src.x", "enc.0", ..., "tgt.x", "dec.0", ...
    pub layer: String,
    pub mean_abs_mean: f32,
    pub mean_std: f32,
}

/// The statistics of the embeddings and of each layer's output (the last operation of the
/// layer in program order, whichever the architecture puts there).
pub fn drift(run: &Run) -> Vec<LayerStats> {
    let program = run.program();
    let config = &run.weights().config;
    let mut names: Vec<(String, usize)> = Vec::new();
    let last_with = |prefix: &str| program.ops().iter().rposition(|op| op.name.starts_with(prefix));
    for (stack, x, n_layers) in [("enc", "src.x", config.n_layers), ("dec", "tgt.x", config.dec_layers)] {
        if let Some(i) = program.index_of(x) {
            names.push((x.to_string(), i));
        }
        for layer in 0..n_layers {
            if let Some(i) = last_with(&format!("{stack}.{layer}.")) {
                names.push((format!("{stack}.{layer}"), i));
            }
        }
    }
    names
        .into_iter()
        .filter_map(|(layer, i)| {
            let v = run.value(i)?;
            let d = *v.shape().last()?;
            let (mut mean_sum, mut std_sum, mut n) = (0.0f64, 0.0f64, 0usize);
            for token in v.as_standard_layout().as_slice()?.chunks(d) {
                let (mean, var) = mean_and_variance(token);
                mean_sum += mean.abs() as f64;
                std_sum += var.sqrt() as f64;
                n += 1;
            }
            let n = n.max(1) as f64;
            Some(LayerStats { layer, mean_abs_mean: (mean_sum / n) as f32, mean_std: (std_sum / n) as f32 })
        })
        .collect()
}

/// The largest |a − b| over two tensors of the same shape (NaN if either holds NaN).
pub fn max_difference(a: &ArrayD<f32>, b: &ArrayD<f32>) -> f32 {
    a.iter()
        .zip(b.iter())
        .map(|(x, y)| (x - y).abs())
        .fold(0.0f32, |m, d| if d.is_nan() || m.is_nan() { f32::NAN } else { m.max(d) })
}

/// The mean over the rows of `weights` (B, H, T_q, T_k) of the weight on keys that `mask`
/// (broadcastable to it) hides: what the taught model's mask keeps at exactly 0.
pub fn weight_on_hidden(weights: &ArrayD<f32>, mask: &ArrayD<f32>) -> f32 {
    let mask = mask.broadcast(weights.raw_dim()).expect("the mask broadcasts to the weights");
    let t_k = weights.shape()[3];
    let rows = weights.len() / t_k;
    let hidden: f64 = weights.iter().zip(mask.iter()).filter(|(_, m)| **m == 0.0).map(|(w, _)| *w as f64).sum();
    (hidden / rows.max(1) as f64) as f32
}

/// The first operation of `run` whose kind is a mask, read by the attention at `weights_name`
/// (the `.masked` operation's second input).
pub fn mask_of<'r>(run: &'r Run, weights_name: &str) -> Option<&'r ArrayD<f32>> {
    let program = run.program();
    let weights = program.op(program.index_of(weights_name)?);
    let masked = program.op(*weights.inputs.first()?);
    let &mask = masked.inputs.get(1)?;
    program.op(mask).kind.is_mask().then(|| run.value(mask)).flatten()
}

/// The ops of `run` after the first `kept` that are not the `Identity` of another (what the
/// variant computed anew).
pub fn recomputed(run: &Run, kept: usize) -> usize {
    run.program().ops()[kept.min(run.program().len())..].iter().filter(|op| op.kind != OpKind::Identity).count()
}

/// How far `probs` moves when every source token that is not `<pad>` becomes `<unk>`: 0 for a
/// decoder that never reads the source.
pub fn source_sensitivity(run: &Run) -> f32 {
    let config = &run.weights().config;
    let Some(src) = run.inputs().src_ids.as_ref() else { return 0.0 };
    let unk = crate::model::vocab::UNK_ID;
    let blanked = src.mapv(|id| if id == config.pad_idx { id } else { unk });
    let inputs = Inputs { src_ids: Some(blanked), ..run.inputs().clone() };
    let mut other = run.fork(run.program_arc(), inputs);
    other.run_all();
    match (run.get("probs"), other.get("probs")) {
        (Some(a), Some(b)) => max_difference(a, b),
        _ => 0.0,
    }
}

/// The largest difference between two runs' decoder-0 self-attention weights on real query rows
/// and on `<pad>` query rows.
pub fn pad_row_differences(a: &Run, b: &Run) -> (f32, f32) {
    let name = "dec.0.self_attn.weights";
    let (Some(wa), Some(wb), Some(ids)) = (a.get(name), b.get(name), a.inputs().tgt_ids.as_ref()) else {
        return (0.0, 0.0);
    };
    let pad = a.weights().config.pad_idx;
    let (mut real, mut padded) = (0.0f32, 0.0f32);
    for ((index, x), y) in wa.indexed_iter().zip(wb.iter()) {
        let d = (x - y).abs();
        let slot = if ids[[index[0], index[2]]] == pad { &mut padded } else { &mut real };
        *slot = slot.max(d);
    }
    (real, padded)
}

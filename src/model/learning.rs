//! What a training run's loss and gradients say, measured for the lesson on learning: each
//! target position's share of the loss, the gradient's size reaching each layer (with the
//! residuals' straight paths and without them), and which rows of an embedding table the batch
//! gives a gradient. Views and facts both read these, so the prose quotes what the screen shows.

use super::program::{Formula, OpKind, Program, Side};
use super::run::Run;
use ndarray::{ArrayD, Ix3};

/// One target position's part of the loss.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LossRow {
    /// The token read at this position (teacher forcing: the true previous word).
    pub input: usize,
    /// The word it should predict next; `<pad>` (ignored) past the sentence's end.
    pub label: usize,
    /// softmax(logits)[label], in f64 from the run's logits.
    pub prob: f64,
    /// −log prob, this position's loss.
    pub nll: f64,
    /// The model's `<pad>` id (0 on the tutor's models, the loaded translator's own otherwise).
    pub pad: usize,
}

impl LossRow {
    /// The loss ignores this position: its label is `<pad>`.
    pub fn ignored(&self) -> bool {
        self.label == self.pad
    }
}

/// Every position of batch row `batch`: what it read, its label, and its loss.
pub fn loss_rows(run: &Run, batch: usize) -> Vec<LossRow> {
    let logits = run.get("logits").expect("a training run computes logits");
    let logits = logits.view().into_dimensionality::<Ix3>().expect("(B, T, V)");
    let labels = run.inputs().labels.as_ref().expect("a training run has labels");
    let ids = run.inputs().tgt_ids.as_ref().expect("a training run reads target ids");
    let pad = run.weights().config.pad_idx;
    (0..labels.ncols())
        .map(|t| {
            let row = logits.slice(ndarray::s![batch, t, ..]);
            let max = row.iter().fold(f64::NEG_INFINITY, |m, &x| m.max(x as f64));
            let log_z = max + row.iter().map(|&x| (x as f64 - max).exp()).sum::<f64>().ln();
            let label = labels[[batch, t]];
            let nll = log_z - row[label] as f64;
            LossRow { input: ids[[batch, t]], label, prob: (-nll).exp(), nll, pad }
        })
        .collect()
}

/// How many labels the loss counts (not `<pad>`), over the whole batch: the mean's divisor.
pub fn label_count(run: &Run) -> usize {
    let pad = run.weights().config.pad_idx;
    run.inputs().labels.as_ref().map_or(0, |l| l.iter().filter(|&&id| id != pad).count())
}

/// The loss the run computed: its `loss` operation (no backward pass needed).
pub fn loss(run: &Run) -> Option<f32> {
    run.get("loss").and_then(|l| l.iter().next().copied())
}

/// Batch row `batch`'s share of the loss: how many labels it counts and their Σ −log p.
pub fn row_sum(run: &Run, batch: usize) -> (usize, f64) {
    let rows = loss_rows(run, batch);
    let counted: Vec<&LossRow> = rows.iter().filter(|r| !r.ignored()).collect();
    (counted.len(), counted.iter().map(|r| r.nll).sum())
}

/// The input of each layer, as the backward pass reaches them: the decoder's layers from the
/// last, then the encoder's (through the memory). `(layer name, the operation it reads)`, e.g.
/// `("dec.0", "tgt.x")`: a layer's input is the straight path of its first residual.
pub fn layer_inputs(program: &Program) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for stack in ["dec", "enc"] {
        let mut layers = Vec::new();
        for layer in 0.. {
            let Some(i) = program.index_of(&format!("{stack}.{layer}.norm1.sum")) else { break };
            let op = program.op(i);
            if !matches!(op.formula, Formula::Sum { residual: true, .. }) || op.kind != OpKind::Add {
                break;
            }
            layers.push((format!("{stack}.{layer}"), program.op(op.inputs[0]).name.clone()));
        }
        out.extend(layers.into_iter().rev());
    }
    out
}

/// ‖∂L/∂ op‖ over the whole tensor (every batch row), with every path or with the residuals'
/// straight paths cut; None where no gradient reaches it.
pub fn grad_norm(run: &Run, op: &str, straight_paths: bool) -> Option<f64> {
    if !straight_paths {
        let index = run.program().index_of(op)?;
        return run.grad_norms_without_straight_paths()?.get(index).copied().flatten();
    }
    run.gradients()?.tensor(op).map(norm)
}

/// The Euclidean length of a tensor, summed in f64.
pub fn norm(t: &ArrayD<f32>) -> f64 {
    t.iter().map(|&x| (x as f64) * (x as f64)).sum::<f64>().sqrt()
}

/// Each row of a side's embedding table that the batch gives a gradient: `(id, ‖∂L/∂E[id]‖)`,
/// by id. A row gets one only through positions that read it and reach the loss.
pub fn embed_grad_rows(run: &Run, side: Side) -> Vec<(usize, f64)> {
    let Some(grads) = run.gradients() else { return Vec::new() };
    let table = match side {
        Side::Src => &grads.params.src_embed,
        Side::Tgt => &grads.params.tgt_embed,
    };
    table
        .rows()
        .into_iter()
        .enumerate()
        .map(|(id, row)| (id, row.iter().map(|&x| (x as f64) * (x as f64)).sum::<f64>().sqrt()))
        .filter(|&(_, n)| n > 0.0)
        .collect()
}

/// How many rows of a side's embedding table get a gradient from every place the model reads
/// the table: its lookups, and where the model ties it (a Marian's one table), the other side's
/// lookups and the output Linear, whose weight it is. On an untied model, `embed_grad_rows`'s.
pub fn table_grad_rows(run: &Run, side: Side) -> usize {
    let Some(grads) = run.gradients() else { return 0 };
    let w = run.weights();
    let table = if side == Side::Src { &w.src_embed } else { &w.tgt_embed };
    let g = &grads.params;
    let mut total = if side == Side::Src { g.src_embed.to_owned() } else { g.tgt_embed.to_owned() };
    if w.src_embed.as_ptr() == w.tgt_embed.as_ptr() {
        total += if side == Side::Src { &g.tgt_embed } else { &g.src_embed };
    }
    if w.fc_out.weight.as_ptr() == table.as_ptr() {
        total += &g.fc_out.weight;
    }
    total.rows().into_iter().filter(|r| r.iter().any(|&x| x != 0.0)).count()
}

/// Whether the output Linear's weight is this side's embedding table itself (tied).
pub fn output_reads_table(run: &Run, side: Side) -> bool {
    let w = run.weights();
    let table = if side == Side::Src { &w.src_embed } else { &w.tgt_embed };
    w.fc_out.weight.as_ptr() == table.as_ptr()
}

/// The length of one row of a side's embedding-table gradient (0 when the batch gives it none).
pub fn embed_grad_norm(run: &Run, side: Side, id: usize) -> f64 {
    embed_grad_rows(run, side).into_iter().find(|&(i, _)| i == id).map_or(0.0, |(_, n)| n)
}

/// The length of the gradient arriving at every position of a side that reads `id`: what the
/// embedding's output receives there, before the table's `padding_idx` rule.
pub fn arriving_at(run: &Run, side: Side, id: usize) -> f64 {
    let Some(g) = run.gradients().and_then(|g| g.tensor(&format!("{}.embed", side.prefix()))) else { return 0.0 };
    let d = g.shape()[2];
    let flat = g.as_standard_layout();
    let values = flat.as_slice().expect("standard layout");
    run.ids(side)
        .iter()
        .enumerate()
        .filter(|&(_, &i)| i == id)
        .flat_map(|(p, _)| values[p * d..(p + 1) * d].iter())
        .map(|&x| (x as f64) * (x as f64))
        .sum::<f64>()
        .sqrt()
}

/// How many positions of the batch read `id` on a side.
pub fn positions_reading(run: &Run, side: Side, id: usize) -> usize {
    run.ids(side).iter().filter(|&&i| i == id).count()
}

//! The presenters of the table views: LayerNorm statistics, the top words, a vector's numbers.

use super::scene::Scene;
use super::view_data::*;
use crate::model::kernels::mean_and_variance;
use crate::model::program::OpKind;
use crate::strings;
use ndarray::{Array2, ArrayD, Axis, Ix2};

impl Scene<'_> {
    pub(super) fn layernorm_data(&self) -> LayerNormData {
        let program = self.run.program();
        let name = &program.op(self.op).name;
        let prefix = name.rsplit_once('.').map(|(p, _)| p).unwrap_or(name); // "enc.0.norm1"
        let get = |suffix: &str| program.index_of(&format!("{prefix}.{suffix}"));
        let sum_i = get("sum").expect("layernorm views focus an Add & Norm");
        let sum_op = program.op(sum_i);
        // without a residual (a what-if) the sum is the sublayer's output alone
        let (x_i, sub_i) = match sum_op.inputs.as_slice() {
            [x, sub] => (Some(*x), *sub),
            inputs => (None, inputs[0]),
        };
        let value = |i: Option<usize>| i.and_then(|i| self.run.value(i));
        let b = self.selection.batch;
        let token_rows = |t: Option<&ArrayD<f32>>| -> Option<Array2<f32>> {
            t.map(|t| t.index_axis(Axis(0), b).to_owned().into_dimensionality::<Ix2>().expect("(T, d)"))
        };
        let x = token_rows(value(x_i));
        let sub = token_rows(value(Some(sub_i)));
        let sum = token_rows(value(Some(sum_i)));
        let hat = token_rows(value(get("hat")));
        let out = token_rows(value(get("out")));
        let stats = |m: &Option<Array2<f32>>, r: usize| -> MeanStd {
            match m {
                Some(m) => {
                    let (mean, var) = mean_and_variance(m.row(r).as_slice().expect("standard layout"));
                    MeanStd { mean, std: var.sqrt() }
                }
                None => MeanStd { mean: f32::NAN, std: f32::NAN }, // not computed yet
            }
        };
        let (ra, _) = self.axes();
        let n = sum.as_ref().map(|s| s.nrows()).unwrap_or(0);
        let labels = self.labels(ra, n);
        let selected = self.row().min(n.saturating_sub(1));
        let row_vec = |m: &Option<Array2<f32>>| m.as_ref().map(|m| m.row(selected).to_vec()).unwrap_or_default();
        LayerNormData {
            tokens: (0..n)
                .map(|r| TokenNormStats {
                    label: labels.get(r).cloned().unwrap_or_default(),
                    x: stats(&x, r),
                    sublayer: stats(&sub, r),
                    sum: stats(&sum, r),
                    normed: stats(&hat, r),
                    out: stats(&out, r),
                })
                .collect(),
            selected,
            before: row_vec(&sum),
            after: row_vec(&hat),
            names: [
                sum_op.name.clone(),
                x_i.map_or_else(|| strings::NO_RESIDUAL.to_string(), |i| program.op(i).name.clone()),
                program.op(sub_i).name.clone(),
            ],
            caption: strings::layernorm_caption(b, sum_op.shape[2]),
        }
    }

    /// The five most probable words at each position of the selected sentence.
    pub(super) fn top_words_data(&self, t: &ArrayD<f32>) -> TopWordsData {
        const K: usize = 5;
        let values = self.slice2(t); // (T, vocab)
        let (ra, _) = self.axes();
        let labels = self.labels(ra, values.nrows());
        let mut rest = Vec::with_capacity(values.nrows());
        let rows = values
            .rows()
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let order = crate::model::top_k::top_k(&row.to_vec(), K);
                // what the words not shown add up to, summed from their own probabilities
                let shown = |w: usize| order.contains(&w);
                rest.push(row.iter().enumerate().filter(|&(w, _)| !shown(w)).map(|(_, &p)| p).sum::<f32>());
                let top = order.into_iter().map(|w| (self.setup.tgt_vocab().word(w), row[w])).collect();
                (labels.get(i).cloned().unwrap_or_default(), top)
            })
            .collect();
        TopWordsData { rows, rest, vocab: values.ncols(), selected_row: Some(self.row()), caption: self.caption(t) }
    }

    pub(super) fn vector_data(&self, t: &ArrayD<f32>) -> VectorData {
        let values = self.slice2(t);
        let (ra, ca) = self.axes();
        let labels = self.labels(ra, values.nrows());
        VectorData {
            rows: values.rows().into_iter().enumerate().map(|(i, r)| (labels[i].clone(), r.to_vec())).collect(),
            col_axis: strings::axis_name(ca, false).into(),
            selected_row: Some(self.row().min(values.nrows().saturating_sub(1))),
            caption: self.caption(t),
            footer: self.vector_footer(&values, &labels),
        }
    }

    /// Under an embedding: each row's length ‖row‖ (as `{embed-norm}` computes it); under an
    /// embedding, PE or their sum: the root mean square of the real positions of the operation
    /// and of what it reads (as `{rms}` computes it), and of the embedding itself where what it
    /// reads is the embedding scaled by √d_model (a Marian's `src.scaled`).
    fn vector_footer(&self, values: &Array2<f32>, labels: &[String]) -> Vec<String> {
        let program = self.run.program();
        let op = program.op(self.op);
        let mut footer = Vec::new();
        if matches!(op.kind, OpKind::Embed(_)) {
            let lengths: Vec<(String, String)> = values
                .rows()
                .into_iter()
                .zip(labels)
                .map(|(r, l)| (l.clone(), format!("{:.2}", r.iter().map(|&v| v * v).sum::<f32>().sqrt())))
                .collect();
            footer.push(strings::row_lengths(&lengths));
        }
        if matches!(op.kind, OpKind::Embed(_) | OpKind::PositionalEncoding | OpKind::AddPositional) {
            let mut names: Vec<String> = Vec::new();
            for &i in &op.inputs {
                let input = program.op(i);
                if matches!(input.kind, OpKind::EmbedScale) {
                    names.extend(input.inputs.iter().map(|&j| program.op(j).name.clone()));
                }
                names.push(input.name.clone());
            }
            names.push(op.name.clone());
            let rms: Vec<(String, String)> = names
                .into_iter()
                .filter(|n| self.run.get(n).is_some())
                .map(|n| {
                    let rows = crate::lesson::facts::real_rows(self.run, self.setup, &n, self.selection.batch);
                    let count = rows.len().max(1) as f64;
                    let value = (rows.iter().map(|&v| (v as f64).powi(2)).sum::<f64>() / count).sqrt();
                    (n, format!("{value:.2}"))
                })
                .collect();
            footer.push(strings::rms_line(self.selection.batch, &rms));
        }
        footer
    }
}

//! What the panes show, read off the run: token labels, slices, row sums, LayerNorm statistics,
//! the shape trace. Widgets draw these and compute nothing themselves.

use super::state::App;
use super::view_data::*;
use crate::lesson::ViewKind;
use crate::model::kernels::mean_and_variance;
use crate::model::program::{Dim, OpKind, Side, shape_text};
use crate::strings;
use ndarray::{Array2, ArrayD, Axis, Ix2, IxDyn};

impl App {
    /// Where the taught run first produced a NaN or an infinity, when that is at or before the
    /// operation shown: the tensor pane and `--print` say it above the numbers.
    pub fn non_finite_note(&self) -> Option<String> {
        let first = self.run.first_non_finite().filter(|&i| i <= self.op)?;
        Some(strings::non_finite_at(&self.run.program().op(first).name))
    }

    /// The words of one batch row of one side.
    pub(super) fn tokens(&self, src: bool, batch: usize) -> Vec<String> {
        let ids = if src { &self.setup.src_ids } else { &self.setup.tgt_ids };
        let vocab = if src { self.setup.src_vocab() } else { self.setup.tgt_vocab() };
        ids.row(batch).iter().map(|&id| vocab.word(id)).collect()
    }

    /// What the rows and columns of the focused tensor's displayed slice run over: its last two axes.
    fn axes(&self) -> (Dim, Dim) {
        let dims = &self.run.program().op(self.op).dims;
        match dims.as_slice() {
            [.., rows, cols] => (*rows, *cols),
            [cols] => (Dim::Broadcast, *cols),
            [] => (Dim::Broadcast, Dim::Broadcast),
        }
    }

    fn labels(&self, axis: Dim, n: usize) -> Vec<String> {
        let b = self.selection.batch;
        match axis {
            Dim::Tokens(Side::Src) => self.tokens(true, b),
            Dim::Tokens(Side::Tgt) => self.tokens(false, b),
            Dim::Vocab => (0..n).map(|i| self.setup.tgt_vocab().word(i)).collect(),
            Dim::Positions => (0..n).map(strings::position_label).collect(),
            Dim::Features | Dim::Batch | Dim::Heads | Dim::Broadcast => (0..n).map(|i| i.to_string()).collect(),
        }
    }

    /// The 2-D slice on screen: (batch, head) of a 4-D tensor, batch of a 3-D one, all of a 2-D one.
    fn slice2(&self, t: &ArrayD<f32>) -> Array2<f32> {
        let s = self.selection;
        let v = match t.ndim() {
            4 => {
                let b = if t.shape()[0] == 1 { 0 } else { s.batch.min(t.shape()[0] - 1) };
                let heads = t.index_axis(Axis(0), b); // (heads, rows, cols)
                if self.mean_of_heads_shown(t) {
                    heads.mean_axis(Axis(0)).expect("at least one head")
                } else {
                    let h = if t.shape()[1] == 1 { 0 } else { s.head.min(t.shape()[1] - 1) };
                    heads.index_axis(Axis(0), h).to_owned()
                }
            }
            3 => t.index_axis(Axis(0), s.batch.min(t.shape()[0] - 1)).to_owned(),
            _ => t.to_owned(),
        };
        if v.ndim() == 2 {
            v.into_dimensionality::<Ix2>().expect("2-D")
        } else {
            let n = v.len();
            v.into_shape_with_order((1, n)).expect("contiguous")
        }
    }

    /// Whether `t`'s displayed slice is the mean over its heads: the learner chose that stop and
    /// `t` has several heads (a mask's single head axis is never averaged).
    fn mean_of_heads_shown(&self, t: &ArrayD<f32>) -> bool {
        self.selection.mean_of_heads && self.shows_attention() && t.ndim() == 4 && t.shape()[1] > 1
    }

    /// "batch 0 · head 1 of 4", as far as the tensor has those axes.
    fn caption(&self, t: &ArrayD<f32>) -> String {
        let s = self.selection;
        let mut parts = Vec::new();
        if t.ndim() >= 3 && t.shape()[0] > 1 {
            parts.push(strings::batch_row_of(s.batch, t.shape()[0] - 1));
        }
        if self.mean_of_heads_shown(t) {
            parts.push(strings::mean_of_heads(t.shape()[1]));
        } else if t.ndim() == 4 && t.shape()[1] > 1 {
            parts.push(strings::head_of(s.head, t.shape()[1] - 1));
        }
        parts.push(shape_text(t.shape()));
        parts.join(" · ")
    }

    /// The data for the focused tensor's view.
    pub fn view_data(&self) -> ViewData {
        let (_, t) = self.focused();
        let op = self.run.program().op(self.op);
        let view = if self.view.fits(op.kind, op.shape.len()) {
            self.view
        } else {
            ViewKind::default_for(op.kind, op.shape.len())
        };
        match view {
            ViewKind::Mask => ViewData::Mask(self.mask_data(t)),
            ViewKind::Softmax => ViewData::Softmax(self.softmax_data(t)),
            ViewKind::LayerNorm => ViewData::LayerNorm(self.layernorm_data()),
            ViewKind::Vector => ViewData::Vector(self.vector_data(t)),
            ViewKind::TopWords => ViewData::TopWords(self.top_words_data(t)),
            ViewKind::Heatmap => ViewData::Heatmap(self.heatmap_data(t)),
            ViewKind::Tokens => ViewData::Lines(self.tokens_lines()),
            ViewKind::Pipeline => ViewData::Lines(self.pipeline_lines()),
            ViewKind::Params => ViewData::Lines(self.params_lines()),
            ViewKind::Rnn => ViewData::Lines(self.rnn_lines()),
            ViewKind::NormCompare => ViewData::Lines(self.norm_compare_lines()),
            ViewKind::FusedQkv => ViewData::Lines(self.fused_qkv_lines()),
            ViewKind::Decode => ViewData::Lines(self.decode_lines()),
        }
    }

    fn heatmap_data(&self, t: &ArrayD<f32>) -> HeatmapData {
        let op = self.run.program().op(self.op);
        if op.kind == OpKind::PositionalEncoding {
            return self.whole_pe_table(t);
        }
        let cols = self.slice2(t).ncols();
        let first = self.first_col();
        let mut d = self.heatmap_window(t, first, cols);
        if first > 0 {
            d.caption.push_str(&strings::from_column(first));
        }
        d
    }

    /// A positional encoding as a heatmap: the whole table the model can use, max_len rows,
    /// computed by the same kernel (its first T rows are the run's tensor, bit for bit), so the
    /// slow columns' change shows over more than one sentence's positions.
    fn whole_pe_table(&self, t: &ArrayD<f32>) -> HeatmapData {
        let max_len = self.setup.weights.config.max_len;
        let d = t.shape()[1];
        let table =
            crate::model::kernels::positional_encoding(max_len, d).into_dimensionality::<Ix2>().expect("(max_len, d)");
        let (ra, ca) = self.axes();
        HeatmapData {
            row_labels: self.labels(ra, max_len),
            col_labels: self.labels(ca, d),
            row_axis: strings::axis_name(ra, false).into(),
            col_axis: strings::axis_name(ca, false).into(),
            selected_row: Some(self.row().min(max_len - 1)),
            selected_col: None,
            caption: strings::whole_pe_caption(max_len, t.shape()[0]),
            values: table,
        }
    }

    /// Cell mode's grid: the numbers of eight columns around the cursor, the cursor's cell marked.
    pub fn cell_heatmap_data(&self) -> HeatmapData {
        const WINDOW: usize = 8;
        let t = self.run.value(self.op).expect("the focused op is computed");
        let cols = self.slice2(t).ncols();
        let col = self.cell_col.unwrap_or(0).min(cols.saturating_sub(1));
        let first = col - col % WINDOW;
        let last = (first + WINDOW).min(cols);
        let mut d = self.heatmap_window(t, first, last);
        if last - first < cols {
            d.caption.push_str(&strings::cell_columns(first, last - 1, cols));
        }
        d.selected_col = Some(col - first);
        d
    }

    /// The displayed slice of `t`, columns `first..last`, as a heatmap with the selected row.
    fn heatmap_window(&self, t: &ArrayD<f32>, first: usize, last: usize) -> HeatmapData {
        let all = self.slice2(t);
        let (ra, ca) = self.axes();
        let attention = matches!(ca, Dim::Tokens(_));
        let values = all.slice(ndarray::s![.., first..last]).to_owned();
        HeatmapData {
            row_labels: self.labels(ra, values.nrows()),
            col_labels: self.labels(ca, all.ncols())[first..last].to_vec(),
            row_axis: strings::axis_name(ra, attention).into(),
            col_axis: if attention { strings::AXIS_KEY.get() } else { strings::axis_name(ca, false) }.into(),
            selected_row: Some(self.row().min(values.nrows().saturating_sub(1))),
            selected_col: None,
            caption: self.caption(t),
            values,
        }
    }

    fn mask_data(&self, t: &ArrayD<f32>) -> MaskData {
        let op = self.run.program().op(self.op);
        let kind = match op.kind {
            OpKind::PaddingMask(_) => MaskKind::Padding,
            OpKind::CausalMask => MaskKind::Causal,
            // a what-if's mask of ones has the shape of the mask it replaces
            OpKind::OnesMask if t.shape()[2] == 1 => MaskKind::Padding,
            OpKind::OnesMask => MaskKind::Causal,
            _ => MaskKind::Combined, // (B, 1, T_q, T_k): AND of masks, or note 000's q & k
        };
        let shape = shape_text(t.shape());
        if kind == MaskKind::Padding {
            // (B, 1, 1, T): one row per batch entry
            let (b, tn) = (t.shape()[0], t.shape()[3]);
            let values = t.view().into_shape_with_order((b, tn)).expect("(B,1,1,T)").to_owned();
            let src = op.name.starts_with("src");
            return MaskData {
                values,
                row_labels: (0..b).map(strings::row_label).collect(),
                col_labels: (0..tn).map(|i| i.to_string()).collect(),
                row_axis: strings::AXIS_BATCH_ROW.into(),
                col_axis: strings::PADDING_MASK_KEYS.into(),
                row_notes: (0..b).map(|i| self.tokens(src, i).join(" ")).collect(),
                kind,
                shape_note: strings::padding_mask_note(&shape),
                selected_row: Some(self.selection.batch.min(b - 1)),
            };
        }
        let values = self.slice2(t);
        let (ra, ca) = self.axes();
        MaskData {
            row_labels: self.labels(ra, values.nrows()),
            col_labels: self.labels(ca, values.ncols()),
            row_axis: if kind == MaskKind::Causal {
                strings::AXIS_QUERY.into()
            } else {
                strings::query_of_batch_row(self.selection.batch)
            },
            col_axis: strings::AXIS_KEY.into(),
            kind,
            shape_note: if kind == MaskKind::Causal {
                strings::causal_mask_note(&shape)
            } else {
                strings::combined_mask_note(&shape)
            },
            selected_row: Some(self.row().min(values.nrows().saturating_sub(1))),
            row_notes: Vec::new(),
            values,
        }
    }

    /// Rows of attention weights of `run`'s tensor `name`, with the mask that hid each key.
    fn softmax_rows(&self, run: &crate::model::Run, index: usize, t: &ArrayD<f32>) -> Vec<SoftmaxRow> {
        let values = self.slice2(t);
        let (ra, _) = self.axes();
        let labels = self.labels(ra, values.nrows());
        // softmax reads `masked`, which reads the mask
        let program = run.program();
        let masked_op = program.op(program.op(index).inputs[0]);
        let mask = masked_op.inputs.get(1).and_then(|&m| run.value(m));
        let mask2 = mask.map(|m| {
            let full = m.broadcast(IxDyn(t.shape())).expect("mask broadcasts").to_owned();
            self.slice2(&full)
        });
        values
            .rows()
            .into_iter()
            .enumerate()
            .map(|(i, row)| SoftmaxRow {
                label: labels.get(i).cloned().unwrap_or_default(),
                weights: row.to_vec(),
                masked: (0..row.len()).map(|k| mask2.as_ref().is_some_and(|m| m[[i, k]] == 0.0)).collect(),
                sum: row.iter().map(|&w| w as f64).sum::<f64>() as f32,
            })
            .collect()
    }

    fn softmax_data(&self, t: &ArrayD<f32>) -> SoftmaxData {
        let values_cols = t.shape()[t.ndim() - 1];
        let (_, ca) = self.axes();
        // a what-if's rows beside the taught model's, when its run has this operation
        let what_if = self.variant_beside().map(|(w, other, index)| {
            let tw = other.value(index).expect("a variant runs whole");
            (strings::variant_label(w), self.softmax_rows(other, index, tw))
        });
        SoftmaxData {
            rows: self.softmax_rows(&self.run, self.op, t),
            col_labels: self.labels(ca, values_cols),
            selected_row: Some(self.row()),
            caption: self.caption(t),
            label: strings::MASKED_FILL_LABEL.into(),
            what_if,
        }
    }

    fn layernorm_data(&self) -> LayerNormData {
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
    fn top_words_data(&self, t: &ArrayD<f32>) -> TopWordsData {
        const K: usize = 5;
        let values = self.slice2(t); // (T, vocab)
        let (ra, _) = self.axes();
        let labels = self.labels(ra, values.nrows());
        let rows = values
            .rows()
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let mut order: Vec<usize> = (0..row.len()).collect();
                order.sort_by(|&a, &b| row[b].total_cmp(&row[a]).then(a.cmp(&b)));
                let top = order.into_iter().take(K).map(|w| (self.setup.tgt_vocab().word(w), row[w])).collect();
                (labels.get(i).cloned().unwrap_or_default(), top)
            })
            .collect();
        TopWordsData { rows, vocab: values.ncols(), selected_row: Some(self.row()), caption: self.caption(t) }
    }

    fn vector_data(&self, t: &ArrayD<f32>) -> VectorData {
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
    /// and of what it reads (as `{rms}` computes it).
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
            let mut names: Vec<String> = op.inputs.iter().map(|&i| program.op(i).name.clone()).collect();
            names.push(op.name.clone());
            let rms: Vec<(String, String)> = names
                .into_iter()
                .filter(|n| self.run.get(n).is_some())
                .map(|n| {
                    let rows = crate::lesson::facts::real_rows(&self.run, &self.setup, &n, self.selection.batch);
                    let count = rows.len().max(1) as f64;
                    let value = (rows.iter().map(|&v| (v as f64).powi(2)).sum::<f64>() / count).sqrt();
                    (n, format!("{value:.2}"))
                })
                .collect();
            footer.push(strings::rms_line(self.selection.batch, &rms));
        }
        footer
    }

    /// How the focused tensor got its shape: `(2, 6, 32) ─W_q→ (2, 6, 32) ─split→ (2, 4, 6, 8) ─q·kᵀ/√8→ (2, 4, 6, 6)`,
    /// following each operation's first input back to where the sublayer began.
    pub fn shape_trace(&self) -> String {
        self.shape_trace_segments().concat()
    }

    /// The shape trace in pieces: the first shape, then one ` ─label→ shape` per operation.
    pub fn shape_trace_segments(&self) -> Vec<String> {
        let program = self.run.program();
        let mut chain = vec![self.op];
        let mut i = self.op;
        while let Some(&first) = program.op(i).inputs.first() {
            chain.push(first);
            if program.op(first).place != program.op(self.op).place || chain.len() > 8 {
                break;
            }
            i = first;
        }
        chain.reverse();
        let mut segments = vec![shape_text(&program.op(chain[0]).shape)];
        for &j in &chain[1..] {
            let op = program.op(j);
            let label = strings::trace_edge(op.kind, self.setup.weights.config.d_k());
            segments.push(format!(" ─{label}→ {}", shape_text(&op.shape)));
        }
        segments
    }

    /// "reads dec.0.self_attn.q (2, 4, 6, 8), dec.0.self_attn.k (2, 4, 6, 8)"
    pub fn op_inputs_text(&self) -> String {
        let program = self.run.program();
        let op = program.op(self.op);
        if op.inputs.is_empty() {
            return match op.kind {
                OpKind::Embed(_) | OpKind::PaddingMask(_) | OpKind::PaddingMaskQK { .. } => {
                    strings::READS_TOKEN_IDS.into()
                }
                _ => strings::READS_NO_TENSOR.into(),
            };
        }
        let parts: Vec<String> =
            op.inputs.iter().map(|&i| format!("{} {}", program.op(i).name, shape_text(&program.op(i).shape))).collect();
        strings::reads(&parts.join(", "))
    }
}

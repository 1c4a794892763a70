//! The presenters of the grid views: heatmap (and the cell cursor's), mask, softmax rows.

use super::scene::Scene;
use super::view_data::*;
use crate::model::program::{Dim, OpKind, shape_text};
use crate::strings;
use ndarray::{ArrayD, Ix2, IxDyn};

impl Scene<'_> {
    pub(super) fn heatmap_data(&self, t: &ArrayD<f32>) -> HeatmapData {
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
        if self.shows_gradient() && op.name == "logits" {
            d.footer = self.logits_gradient_row().into_iter().collect();
        }
        d
    }

    /// ∂L/∂logits' selected row in numbers (its 81 cells are too many to print): the label's
    /// probability p and cell (p − 1)/N, the largest other cell, and the row's sum, unscaled.
    fn logits_gradient_row(&self) -> Option<String> {
        use crate::text::four_places;
        let labels = self.full.inputs().labels.as_ref()?; // (B, T_tgt)
        let grid = self.slice2(self.focused().1); // (T_tgt, vocab) of ∂L/∂logits
        let r = self.row().min(grid.nrows().checked_sub(1)?);
        let label = *labels.get([self.selection.batch, r])?;
        let row_word = self.labels(self.axes().0, grid.nrows()).swap_remove(r);
        let cells = grid.row(r);
        if label == self.setup.weights.config.pad_idx {
            return Some(strings::logits_grad_pad_row(&row_word, cells.iter().all(|&v| v == 0.0)));
        }
        let vocab = self.setup.tgt_vocab();
        let counted = crate::model::learning::label_count(self.full);
        let p = 1.0 + cells[label] as f64 * counted as f64;
        if cells.iter().all(|v| v.abs() < 5e-5) {
            return Some(strings::logits_grad_settled_row(&row_word, &vocab.word(label), &format!("{p:.3}")));
        }
        let (other, other_value) = cells
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != label)
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(j, &v)| (vocab.word(j), v))?;
        let sum: f64 = cells.iter().map(|&v| v as f64).sum();
        Some(strings::logits_grad_row(&strings::LogitsGradRow {
            row: &row_word,
            label: &vocab.word(label),
            p: &format!("{p:.4}"),
            n: counted,
            cell: &four_places(cells[label] as f64),
            other: &other,
            other_cell: &format!("{other_value:+.4}"),
            sum: &if sum.abs() < 5e-5 { "0.0000".to_string() } else { four_places(sum) },
        }))
    }

    /// A positional encoding as a heatmap: the whole table the model can use, max_len rows,
    /// computed by the same kernel (its first T rows are the run's tensor, bit for bit), so the
    /// slow columns' change shows over more than one sentence's positions.
    fn whole_pe_table(&self, t: &ArrayD<f32>) -> HeatmapData {
        let config = &self.setup.weights.config;
        let (max_len, d) = (config.max_len, t.shape()[1]);
        // the model's own layout (the notes' interleaved columns, or Marian's sin|cos halves)
        let table = crate::model::kernels::positional_table(max_len, d, config.conventions.positions);
        let table = table.into_dimensionality::<Ix2>().expect("(max_len, d)");
        let (ra, ca) = self.axes();
        HeatmapData {
            row_labels: self.labels(ra, max_len),
            col_labels: self.labels(ca, d),
            row_axis: strings::axis_name(ra, false).into(),
            col_axis: strings::axis_name(ca, false).into(),
            selected_row: Some(self.row().min(max_len - 1)),
            selected_col: None,
            caption: strings::whole_pe_caption(max_len, t.shape()[0]),
            footer: Vec::new(),
            shade_over: None,
            fit_whole: false,
            withheld_row: false,
            values: table,
        }
    }

    /// `pe-table`: the whole table the model can use, every position and feature, fitted to the
    /// pane (every k-th row or column when they do not fit, the note says which).
    pub(super) fn pe_table_data(&self, t: &ArrayD<f32>) -> HeatmapData {
        let mut d = self.whole_pe_table(t);
        let (max_len, dm) = d.values.dim();
        d.caption = strings::pe_table_caption(max_len, dm, t.shape()[0]);
        d.fit_whole = true;
        d.selected_row = None;
        d
    }

    /// Cell mode's grid: the numbers of eight columns around the cursor, the cursor's cell marked.
    pub(super) fn cell_heatmap_data(&self) -> HeatmapData {
        const WINDOW: usize = 8;
        let (_, focused) = self.focused(); // the output, or on a gradient ∂loss/∂output
        // a gradient prints in the power of ten its view uses, with its caption
        let scaled = self.shows_gradient().then(|| self.gradient_in_power_of_ten(focused));
        let t = scaled.as_ref().map_or(focused, |(_, s)| s);
        let cols = self.slice2(t).ncols();
        let col = self.cell_col.unwrap_or(0).min(cols.saturating_sub(1));
        // the window of eight the cursor is in; the last window ends at the last column, so
        // the pane stays full (col 8 of 9 shows columns 1–8, not column 8 alone)
        let first = (col - col % WINDOW).min(cols.saturating_sub(WINDOW));
        let last = (first + WINDOW).min(cols);
        let mut d = self.heatmap_window(t, first, last);
        if last - first < cols {
            // the columns shown take the shape's place (the pane's title has the shape), so the
            // caption fits its line
            let shape = shape_text(t.shape());
            if let Some(rest) = d.caption.strip_suffix(&shape) {
                d.caption = rest.trim_end_matches(" · ").to_string();
            }
            d.caption.push_str(&strings::cell_columns(first, last - 1, cols));
            if d.caption.starts_with(" · ") {
                d.caption = d.caption[" · ".len()..].to_string();
            }
        }
        if let Some(e) = scaled.as_ref().map(|(e, _)| *e).filter(|&e| e != 0) {
            d.caption = format!("{} · {}", strings::times_ten_to(e), d.caption);
        }
        d.selected_col = Some(col - first);
        d.shade_over = scaled.as_ref().and_then(|(_, s)| super::present_learning::finite_range(s));
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
            footer: Vec::new(),
            shade_over: None,
            fit_whole: false,
            withheld_row: false,
            values,
        }
    }

    pub(super) fn mask_data(&self, t: &ArrayD<f32>) -> MaskData {
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
                withheld: false,
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
            withheld: false,
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

    pub(super) fn softmax_data(&self, t: &ArrayD<f32>) -> SoftmaxData {
        let values_cols = t.shape()[t.ndim() - 1];
        let (_, ca) = self.axes();
        // a what-if's rows beside the taught model's, when its run has this operation
        let what_if = self.variant_beside().map(|(w, other, index)| {
            let tw = other.value(index).expect("a variant runs whole");
            (strings::variant_label(w), self.softmax_rows(other, index, tw))
        });
        let rows = self.softmax_rows(self.run, self.op, t);
        SoftmaxData {
            key_focus: key_focus(&rows, self.row()),
            rows,
            col_labels: self.labels(ca, values_cols),
            selected_row: Some(self.row()),
            caption: self.caption(t),
            label: match self.dial_step {
                Some(step) => format!("{} · {}", strings::at_dial_step(step), strings::MASKED_FILL_LABEL),
                None => strings::MASKED_FILL_LABEL.into(),
            },
            what_if,
        }
    }
}

/// The keys a softmax window opens on: the `selected` row's largest weight, then each other
/// row's largest in row order (what the prose quotes of a row is its largest weight), once each.
fn key_focus(rows: &[SoftmaxRow], selected: usize) -> Vec<usize> {
    let largest = |row: &SoftmaxRow| {
        row.weights.iter().enumerate().filter(|(_, w)| w.is_finite()).max_by(|a, b| a.1.total_cmp(b.1)).map(|(j, _)| j)
    };
    let order = std::iter::once(selected).chain((0..rows.len()).filter(|&i| i != selected));
    let mut out: Vec<usize> = Vec::new();
    for j in order.filter_map(|i| rows.get(i).and_then(largest)) {
        if !out.contains(&j) {
            out.push(j);
        }
    }
    out
}

//! What the panes show, read off the run: token labels, the 2-D slice on screen and its caption,
//! the shape trace. The views' own presenters are in `present_*.rs`; `view_data.rs` picks one per
//! view kind. Widgets draw what these compute and compute nothing themselves.

use super::scene::Scene;
use crate::model::program::{Dim, OpKind, Program, Side, shape_text};
use crate::strings;
use ndarray::{Array2, ArrayD, Axis, Ix2};

impl Scene<'_> {
    /// Where the taught run first produced a NaN or an infinity, when that is at or before the
    /// operation shown: the tensor pane and `--print` say it above the numbers.
    pub(super) fn non_finite_note(&self) -> Option<String> {
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
    pub(super) fn axes(&self) -> (Dim, Dim) {
        let dims = &self.run.program().op(self.op).dims;
        match dims.as_slice() {
            [.., rows, cols] => (*rows, *cols),
            [cols] => (Dim::Broadcast, *cols),
            [] => (Dim::Broadcast, Dim::Broadcast),
        }
    }

    pub(super) fn labels(&self, axis: Dim, n: usize) -> Vec<String> {
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
    pub(super) fn slice2(&self, t: &ArrayD<f32>) -> Array2<f32> {
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
    pub(super) fn mean_of_heads_shown(&self, t: &ArrayD<f32>) -> bool {
        self.selection.mean_of_heads
            && self.shows_attention()
            && !self.kind.one_head_at_a_time()
            && t.ndim() == 4
            && t.shape()[1] > 1
    }

    /// "batch 0 · head 1 of 4", as far as the tensor has those axes.
    pub(super) fn caption(&self, t: &ArrayD<f32>) -> String {
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

    /// How the focused tensor got its shape: `(2, 6, 32) ─W_q→ (2, 6, 32) ─split→ (2, 4, 6, 8) ─q·kᵀ/√8→ (2, 4, 6, 6)`,
    /// following each operation's first input back to where the sublayer began.
    pub(super) fn shape_trace(&self) -> String {
        self.shape_trace_segments().concat()
    }

    /// The shape trace in pieces: the first shape, then one ` ─label→ shape` per operation.
    pub(super) fn shape_trace_segments(&self) -> Vec<String> {
        trace_segments(self.run.program(), self.op)
    }

    /// The what-if's shape trace to the focused operation (by name), when an operation on it has
    /// another shape than the taught one of that name (note 002's qk_dim narrows q and k; a
    /// what-if that only reorders operations, pre-LN, has none).
    pub(super) fn variant_trace_segments(&self) -> Option<Vec<String>> {
        let program = self.what_if?.run.as_ref().ok()?.program();
        let index = program.index_of(&self.run.program().op(self.op).name)?;
        let taught = self.run.program();
        let reshaped = |j: usize| {
            let op = program.op(j);
            taught.index_of(&op.name).is_some_and(|i| taught.op(i).shape != op.shape)
        };
        trace_chain(program, index).into_iter().any(reshaped).then(|| trace_segments(program, index))
    }

    /// "reads dec.0.self_attn.q (2, 4, 6, 8), dec.0.self_attn.k (2, 4, 6, 8)"
    pub(super) fn op_inputs_text(&self) -> String {
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

/// The operations the shape trace of operation `op` walks, first to last: its first input's
/// first input and so on, within its place, at most nine.
fn trace_chain(program: &Program, op: usize) -> Vec<usize> {
    let mut chain = vec![op];
    let mut i = op;
    while let Some(&first) = program.op(i).inputs.first() {
        chain.push(first);
        if program.op(first).place != program.op(op).place || chain.len() > 8 {
            break;
        }
        i = first;
    }
    chain.reverse();
    chain
}

/// The shape trace of operation `op` in pieces: the first shape, then one ` ─label→ shape` per
/// operation.
fn trace_segments(program: &Program, op: usize) -> Vec<String> {
    let chain = trace_chain(program, op);
    let mut segments = vec![shape_text(&program.op(chain[0]).shape)];
    for &j in &chain[1..] {
        let op = program.op(j);
        let label = strings::trace_edge(op.kind);
        segments.push(format!(" ─{label}→ {}", shape_text(&op.shape)));
    }
    segments
}

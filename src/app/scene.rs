//! What one model's view is made from: a run, where the learner stands in it, and how it is
//! drawn. The presenters (`present*.rs`, `view_data.rs`) are methods of `Scene` and read nothing
//! else, so the taught model's view is the presenters on the session's scene (`App::scene`) and
//! a what-if's view is the same presenters on the variant's run (`cache.rs`): no copy of the app.

use super::state::App;
use super::view_state::Selection;
use crate::explore::{Variant, VariantRun};
use crate::lesson::ViewKind;
use crate::model::Run;
use crate::model::decode::Choice;
use crate::setup::Setup;
use ndarray::ArrayD;

/// One model's run and the learner's place in it, borrowed from the session: everything a view
/// presenter reads.
#[derive(Debug, Clone, Copy)]
pub(super) struct Scene<'a> {
    /// The sentences, encoded, and the weights.
    pub(super) setup: &'a Setup,
    /// The run, computed up to the focused operation.
    pub(super) run: &'a Run,
    /// The same program run to its end once.
    pub(super) full: &'a Run,
    /// The focused operation (an index into the run's program).
    pub(super) op: usize,
    /// The focused operation's gradient ∂loss/∂output is shown, not its output.
    pub(super) gradient: bool,
    /// How the focused tensor is drawn.
    pub(super) kind: ViewKind,
    /// Which slice of the focused tensor is shown.
    pub(super) selection: Selection,
    /// In cell mode, the column of the cell cursor.
    pub(super) cell_col: Option<usize>,
    /// How a decode view chooses each next word.
    pub(super) decoding: Choice,
    /// The training step of the checkpoint on the dial (None: the session's own model).
    pub(super) dial_step: Option<usize>,
    /// A what-if run beside this one (a softmax view shows its rows beside), if any.
    pub(super) what_if: Option<&'a VariantRun>,
}

impl App {
    /// The taught model's scene: the session's runs, seen as the learner sees them now.
    pub(super) fn scene(&self) -> Scene<'_> {
        Scene {
            setup: &self.session.setup,
            run: &self.session.run,
            full: &self.session.full,
            op: self.session.op,
            gradient: self.session.gradient,
            kind: self.view.kind,
            selection: self.view.selection,
            cell_col: self.view.cell_col,
            decoding: self.session.decoding,
            dial_step: self.dial_step(),
            what_if: self.session.what_if.as_ref(),
        }
    }
}

/// What the panes around the view show of the taught scene (the tensor pane's notes and cell
/// grid, the shape trace), for the ui and `--print`.
impl App {
    /// Where the taught run first produced a NaN or an infinity, when that is at or before the
    /// operation shown.
    pub fn non_finite_note(&self) -> Option<String> {
        self.scene().non_finite_note()
    }

    /// How the focused tensor got its shape: `(2, 6, 32) ─W_q→ (2, 6, 32) ─split→ …`.
    pub fn shape_trace(&self) -> String {
        self.shapes_withheld(self.scene().shape_trace())
    }

    /// The shape trace as computed, a shape a question asks for included.
    pub(super) fn shape_trace_unwithheld(&self) -> String {
        self.scene().shape_trace()
    }

    /// The shape trace in pieces: the first shape, then one ` ─label→ shape` per operation.
    pub fn shape_trace_segments(&self) -> Vec<String> {
        self.scene().shape_trace_segments().into_iter().map(|s| self.shapes_withheld(s)).collect()
    }

    /// The what-if's shape trace to the focused operation, in pieces, when its shapes differ.
    pub fn variant_trace_segments(&self) -> Option<Vec<String>> {
        self.scene().variant_trace_segments()
    }

    /// "reads dec.0.self_attn.q (2, 4, 6, 8), dec.0.self_attn.k (2, 4, 6, 8)"
    pub fn op_inputs_text(&self) -> String {
        self.shapes_withheld(self.scene().op_inputs_text())
    }

    /// Cell mode's grid: the numbers of eight columns around the cursor, the cursor's cell marked.
    pub fn cell_heatmap_data(&self) -> super::view_data::HeatmapData {
        self.scene().cell_heatmap_data()
    }
}

impl<'a> Scene<'a> {
    /// The focused operation's name and tensor: its output, or (on a gradient) ∂loss/∂output.
    pub(super) fn focused(&self) -> (&'a str, &'a ArrayD<f32>) {
        let run: &'a Run = self.run;
        let op = run.program().op(self.op);
        if let Some(g) = self.focused_gradient() {
            return (&op.name, g);
        }
        (&op.name, run.value(self.op).expect("the focused op is computed"))
    }

    /// ∂loss/∂(the focused operation's output), when the scene shows the gradient.
    pub(super) fn focused_gradient(&self) -> Option<&'a ArrayD<f32>> {
        if !self.gradient {
            return None;
        }
        let full: &'a Run = self.full;
        full.gradients()?.tensor(&self.run.program().op(self.op).name)
    }

    /// Whether the scene shows a gradient (the backward pass) rather than an output.
    pub(super) fn shows_gradient(&self) -> bool {
        self.focused_gradient().is_some()
    }

    /// Whether the focused tensor is attention-shaped (batch, heads, queries, keys): scores,
    /// masked scores or weights, which can be averaged over the heads.
    pub(super) fn shows_attention(&self) -> bool {
        use crate::model::program::Dim;
        let dims = &self.run.program().op(self.op).dims;
        dims.len() == 4 && dims[1] == Dim::Heads && matches!(dims[3], Dim::Tokens(_))
    }

    /// The number of rows of the focused tensor's displayed slice.
    pub(super) fn row_count(&self) -> usize {
        let shape = &self.run.program().op(self.op).shape;
        match shape.len() {
            _ if self.kind == ViewKind::Loss => self.setup.shape().t_tgt,
            0 | 1 => 1,
            n => shape[n - 2],
        }
    }

    /// The query row on screen: the one the learner chose, or the last row of a shorter tensor.
    pub(super) fn row(&self) -> usize {
        self.selection.row.min(self.row_count() - 1)
    }

    /// The first heatmap column on screen, within the focused tensor.
    pub(super) fn first_col(&self) -> usize {
        let cols = self.run.program().op(self.op).shape.last().copied().unwrap_or(1);
        self.selection.first_col.min(cols.saturating_sub(1))
    }

    /// In a softmax view, the what-if's run and its index of the focused operation when its
    /// tensor has the same shape: the view then shows both runs' rows side by side.
    pub(super) fn variant_beside(&self) -> Option<(Variant, &'a Run, usize)> {
        if self.kind != ViewKind::Softmax {
            return None;
        }
        let w = self.what_if?;
        let other = w.run.as_ref().ok()?;
        let op = self.run.program().op(self.op);
        let index = other.program().index_of(&op.name)?;
        (other.program().op(index).shape == op.shape).then_some((w.variant, other, index))
    }
}

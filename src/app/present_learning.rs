//! Presenters for the lesson on learning: a gradient drawn in the view its forward tensor uses
//! (heatmap or vector, its numbers in one power of ten), the loss table, the gradient reaching
//! each layer with and without the residuals' straight paths, and the rows of an embedding
//! table the batch gives a gradient. The numbers come from `model::learning`, as the facts do.

use super::scene::Scene;
use super::view_data::{LinesData, Role, ViewData};
use crate::lesson::ViewKind;
use crate::model::learning;
use crate::model::program::{OpKind, Side};
use crate::strings;
use crate::text::{grad_text, pad, pad_left};
use ndarray::ArrayD;

impl Scene<'_> {
    /// A gradient in a heatmap or vector view, its numbers ×10^-e so the largest has one digit
    /// before the point; the caption gives its length and the power of ten.
    pub(super) fn gradient_view_data(&self, g: &ArrayD<f32>, view: ViewKind) -> ViewData {
        let (exponent, scaled) = self.gradient_in_power_of_ten(g);
        let caption = strings::gradient_caption(&grad_text(learning::norm(g)), exponent);
        // the pane's title gives the shape; the caption keeps the batch row and head
        let usual = |c: &str| c.rsplit_once(" · ").map_or(String::new(), |(rest, _shape)| format!(" · {rest}"));
        if view == ViewKind::Vector {
            let mut d = self.vector_data(&scaled);
            d.caption = format!("{caption}{}", usual(&d.caption));
            d.footer = vec![strings::gradient_legend(exponent)];
            ViewData::Vector(d)
        } else {
            let mut d = self.heatmap_data(&scaled);
            d.caption = format!("{caption}{}", usual(&d.caption));
            d.shade_over = finite_range(&scaled);
            ViewData::Heatmap(d)
        }
    }

    /// `loss`: each target position of the selected batch row, what it reads and its label,
    /// p(label) and −log p; each row's sum; the mean; and the first gradient of the backward pass.
    pub(super) fn loss_lines(&self) -> LinesData {
        let full = self.full;
        let vocab = self.setup.tgt_vocab();
        let mut d = LinesData::default();
        d.push(strings::LOSS_TITLE.get(), Role::Title).gap();
        let b = self.selection.batch;
        let widths = [5, 10, 10, 10, 8];
        let columns = strings::loss_columns();
        d.line();
        for (c, w) in columns.iter().zip(widths) {
            d.put(pad(c, w), Role::Dim);
        }
        for (t, row) in learning::loss_rows(full, b).iter().enumerate() {
            let selected = t == self.row();
            d.line().put(pad(&t.to_string(), widths[0]), Role::Dim);
            d.put(pad(&vocab.word(row.input), widths[1]), if selected { Role::Strong } else { Role::Plain });
            if row.ignored() {
                d.put(pad(&vocab.word(row.label), widths[2]), Role::Dim);
                d.put(strings::LOSS_IGNORED.get(), Role::Dim);
                continue;
            }
            d.put(pad(&vocab.word(row.label), widths[2]), Role::Accent);
            d.put(pad(&format!("{:.3}", row.prob), widths[3]), Role::Plain);
            d.put(format!("{:.3}", row.nll), Role::Plain);
        }
        d.gap();
        let batch = self.setup.shape().batch;
        let sums: Vec<String> = (0..batch)
            .map(|r| {
                let (count, sum) = learning::row_sum(full, r);
                let role = if r == b { Role::Strong } else { Role::Plain };
                d.push(strings::loss_row_sum(r, count, &format!("{sum:.3}")), role);
                format!("{sum:.3}")
            })
            .collect();
        let count = learning::label_count(full);
        let loss = learning::loss(full).map_or_else(|| "?".into(), |l| format!("{l:.3}"));
        d.push(strings::loss_mean(&sums, count, &loss), Role::Title).gap();
        d.push(strings::logits_gradient_rule(count), Role::Accent);
        d
    }

    /// `grad-flow`: ‖∂L/∂x‖ at each layer's input, with every path and with the residuals'
    /// straight paths cut, in the order the backward pass reaches them.
    pub(super) fn grad_flow_lines(&self) -> LinesData {
        let full = self.full;
        let mut d = LinesData::default();
        d.push(strings::GRAD_FLOW_TITLE.get(), Role::Title).gap();
        let widths = [7, 20, 12, 14];
        d.line();
        for (c, w) in strings::grad_flow_columns().iter().zip(widths) {
            d.put(pad(c, w), Role::Dim);
        }
        for (layer, input) in learning::layer_inputs(full.program()) {
            let all = learning::grad_norm(full, &input, true).map_or_else(|| "0".into(), grad_text);
            let cut = learning::grad_norm(full, &input, false).map_or_else(|| "0".into(), grad_text);
            let role = if input == full.program().op(self.op).name { Role::Strong } else { Role::Plain };
            d.line().put(pad(&layer, widths[0]), Role::Accent);
            d.put(pad(&input, widths[1]), role);
            d.put(pad_left(&all, widths[2] - 2), Role::Plain).put("  ", Role::Plain);
            d.put(pad_left(&cut, widths[3] - 2), Role::Plain);
        }
        d.gap().push(strings::GRAD_FLOW_RULE.get(), Role::Dim);
        d
    }

    /// `embed-grad`: the rows of the focused side's embedding table with a gradient, how many
    /// positions read each, its length; the ids read with none; how many rows got one.
    pub(super) fn embed_grad_lines(&self) -> LinesData {
        let full = self.full;
        let side = match full.program().op(self.op).kind {
            OpKind::Embed(side) => side,
            _ => Side::Tgt,
        };
        let (vocab, table, side_name) = match side {
            Side::Src => (self.setup.src_vocab(), &self.setup.weights.src_embed, strings::SIDE_SOURCE),
            Side::Tgt => (self.setup.tgt_vocab(), &self.setup.weights.tgt_embed, strings::SIDE_TARGET),
        };
        let mut d = LinesData::default();
        d.push(strings::embed_grad_title(side_name.get(), table.nrows(), table.ncols()), Role::Title);
        // what the batch reads, row by row: the lookups that give the table its gradient
        let ids = full.ids(side); // (batch, t)
        for (b, row) in ids.rows().into_iter().enumerate() {
            let words: Vec<String> = row.iter().map(|&id| vocab.word(id)).collect();
            d.push(strings::embed_grad_reads(b, &words.join(" ")), Role::Dim);
        }
        d.gap();
        let widths = [6, 12, 11, 12];
        d.line();
        for (i, (c, w)) in strings::embed_grad_columns().iter().zip(widths).enumerate() {
            d.put(if i == 0 { pad_left(c, w - 2) + "  " } else { pad(c, w) }, Role::Dim);
        }
        let rows = learning::embed_grad_rows(full, side);
        for &(id, norm) in &rows {
            d.line().put(pad_left(&id.to_string(), widths[0] - 2) + "  ", Role::Dim);
            d.put(pad(&vocab.word(id), widths[1]), Role::Accent);
            d.put(
                pad_left(&learning::positions_reading(full, side, id).to_string(), widths[2] - 3) + "   ",
                Role::Plain,
            );
            d.put(grad_text(norm), Role::Plain);
            // how many rows get a gradient is what a question here asks: the rows are withheld
            // with the count under them (one placeholder for them all)
            d.answer_line();
        }
        let mut read: Vec<usize> = full.ids(side).iter().copied().collect();
        read.sort_unstable();
        read.dedup();
        // the ids read with no gradient, and what arrived at their positions before `padding_idx`
        let zero: Vec<String> = read
            .into_iter()
            .filter(|id| !rows.iter().any(|(r, _)| r == id))
            .map(|id| {
                let at = learning::arriving_at(full, side, id);
                strings::embed_grad_zero_word(
                    &vocab.word(id),
                    learning::positions_reading(full, side, id),
                    &grad_text(at),
                )
            })
            .collect();
        d.gap();
        // a table the output Linear also reads (tied) gets a gradient there too, in every row
        let tied = learning::output_reads_table(full, side).then(|| learning::table_grad_rows(full, side));
        if !zero.is_empty() {
            d.push(strings::embed_grad_zero(&zero, tied.is_some()), Role::Strong);
        }
        d.push(strings::embed_grad_count(rows.len(), table.nrows(), tied), Role::Plain).answer_line();
        d
    }
}

/// The smallest and largest finite value of `t`; None when it has none.
pub(super) fn finite_range(t: &ArrayD<f32>) -> Option<(f32, f32)> {
    let finite = t.iter().copied().filter(|v| v.is_finite());
    finite.fold(None, |r, v| Some(r.map_or((v, v), |(lo, hi): (f32, f32)| (lo.min(v), hi.max(v)))))
}

impl Scene<'_> {
    /// The focused gradient `g` as its views print it: ×10^-e with e the power of ten that puts its
    /// largest |value| in [1, 10), but
    /// the input of a scale by a constant (`qk` of `scores = qk/√d_k`) prints in the power of
    /// ten of that scale's gradient, so its cells beside the scale's are smaller by the constant
    /// rather than in another power of ten.
    pub(super) fn gradient_in_power_of_ten(&self, g: &ArrayD<f32>) -> (i32, ArrayD<f32>) {
        let program = self.full.program();
        let mut consumers = (0..program.len()).filter(|&i| program.op(i).inputs.contains(&self.op));
        let scale = match (consumers.next(), consumers.next()) {
            (Some(i), None) if matches!(program.op(i).kind, OpKind::Scale { .. }) => Some(i),
            _ => None,
        };
        let theirs = scale.and_then(|i| self.full.gradients()?.tensor(&program.op(i).name));
        let exponent = theirs.map_or_else(|| power_of_ten(g), power_of_ten);
        (exponent, g.mapv(|x| (x as f64 / 10f64.powi(exponent)) as f32))
    }
}

/// The power of ten that puts a tensor's largest |value| in [1, 10) (0 for an all-zero tensor).
fn power_of_ten(t: &ArrayD<f32>) -> i32 {
    let max = t.iter().fold(0f32, |m, &x| m.max(x.abs()));
    if max == 0.0 || !max.is_finite() { 0 } else { (max as f64).log10().floor() as i32 }
}

impl Scene<'_> {
    /// `adam-step`: a weight of the focused operation (the one with the largest gradient, or the
    /// one the cursor chose), its gradient checked by finite differences, and Adam's first step.
    pub(super) fn adam_step_lines(&self) -> LinesData {
        use crate::model::one_step;
        let full = self.full;
        let mut d = LinesData::default();
        let step = match (self.adam_param(), self.selection.weight_at) {
            (Some(param), Some((r, c))) => {
                let (_, cols) = self.adam_weight_shape();
                one_step::one_step(full, &param, Some(r * cols + c), one_step::PEAK_LR)
            }
            _ => one_step::for_op(full, &full.program().op(self.op).name),
        };
        let Some(s) = step else { return d };
        let at: Vec<String> = s.at.iter().map(|i| i.to_string()).collect();
        let sci = |x: f32| format!("{x:.3e}");
        let text = strings::StepText {
            param: &s.param,
            at: &format!("[{}]", at.join(", ")),
            grad: &crate::text::four_places(s.grad as f64),
            h: &crate::model::one_step::NUDGE.to_string(),
            // enough decimals that the two losses' difference shows the slope's three digits
            plus: &format!("{:.*}", loss_decimals(s.estimate), s.loss_plus),
            minus: &format!("{:.*}", loss_decimals(s.estimate), s.loss_minus),
            estimate: &crate::text::four_places(s.estimate),
            clip: &format!("{:.3}", s.clip),
            clipped: s.clip < 1.0,
            m: &sci(s.m),
            v: &sci(s.v),
            m_hat: &sci(s.m_hat),
            v_hat: &sci(s.v_hat),
            lr: &s.lr.to_string(),
            eps: &format!("{:e}", s.eps),
            step: &sci(s.step),
            before: &format!("{:.5}", s.before),
            after: &format!("{:.5}", s.after),
            loss_before: &format!("{:.3}", s.loss_before),
            loss_after: &format!("{:.3}", s.loss_after),
            loss_moved: s.loss_moved(),
            chosen: self.selection.weight_at.is_some(),
            cursor_on: self.cell_col.is_some(),
            float32: full.weights().generation.is_some(),
        };
        let lines = strings::adam_step_lines(&text);
        let last = lines.len() - 1;
        for (i, (line, heading)) in lines.into_iter().enumerate() {
            d.push(line, if heading { Role::Title } else { Role::Plain });
            // the loss after the step, and the line saying which way it moved (the last two)
            if i == last - 1 {
                d.answer_moved(text.loss_after);
            } else if i == last {
                d.answer_line();
            }
        }
        d
    }
}

impl Scene<'_> {
    /// The parameter the adam-step view steps: the focused operation's weight.
    fn adam_param(&self) -> Option<String> {
        crate::model::one_step::weight_of(self.full.program().op(self.op))
    }

    /// The adam-step weight's (rows, columns); a vector is one row.
    pub(super) fn adam_weight_shape(&self) -> (usize, usize) {
        let shape = self.adam_param().and_then(|p| crate::model::one_step::param_shape(self.full.weights(), &p));
        match shape.as_deref() {
            Some([n]) => (1, (*n).max(1)),
            Some([r, c]) => ((*r).max(1), (*c).max(1)),
            _ => (1, 1),
        }
    }

    /// Where the adam-step cursor is: the chosen weight, else the one with the largest gradient.
    pub(super) fn adam_weight_at(&self) -> (usize, usize) {
        if let Some(at) = self.selection.weight_at {
            return at;
        }
        let full = self.full;
        let largest = self
            .adam_param()
            .and_then(|p| full.gradients().and_then(|g| crate::model::one_step::largest_gradient(&g.params, &p)));
        let (_, cols) = self.adam_weight_shape();
        largest.map_or((0, 0), |i| (i / cols, i % cols))
    }
}

/// Decimals for the finite difference's two losses: their difference is 2h·slope, so a slope of
/// 1e-k needs about k + 4 + 3 decimals (h = 1e-4) for its first three digits to show.
fn loss_decimals(slope: f64) -> usize {
    let magnitude = if slope == 0.0 { 0 } else { (-slope.abs().log10().floor()) as i64 };
    (magnitude.max(0) as usize + 7).clamp(9, 15)
}

//! Presenters for the views issue 38 §5 added: `activations` (note 001 §4.2's ReLU beside GELU
//! and SiLU on the same pre-activation row) and `dropout` (where a layer drops values in
//! training). The arithmetic lives in `model`; this arranges it.

use super::scene::Scene;
use super::view_data::{LinesData, Role};
use crate::model::activations::{ALL, ActivationRow, minimum};
use crate::model::dropout::{NOTES_P, train_draw};
use crate::model::program::{OpKind, Place, Side};
use crate::strings;
use crate::text::{pad, pad_left, width};
use ndarray::Axis;

/// Features the activations table shows, spread over the row from its lowest input to its highest.
const SHOWN_FEATURES: usize = 12;

impl Scene<'_> {
    /// `activations`: the focused activation's input row (`*.ffn.pre`) through ReLU, GELU and
    /// SiLU, the model's own marked, and the run's output checked against its column.
    pub(super) fn activations_lines(&self) -> LinesData {
        let program = self.run.program();
        let op = program.op(self.op);
        let pre_name = program.op(op.inputs[0]).name.clone();
        let (Some(pre), Some(out)) = (self.full.get(&pre_name), self.full.get(&op.name)) else {
            return LinesData::default();
        };
        let b = self.selection.batch.min(pre.shape()[0] - 1);
        let r = self.row().min(pre.shape()[1] - 1);
        let row: Vec<f32> = pre.index_axis(Axis(0), b).index_axis(Axis(0), r).iter().copied().collect();
        let ran: Vec<f32> = out.index_axis(Axis(0), b).index_axis(Axis(0), r).iter().copied().collect();
        let own = self.setup.weights.config.conventions.activation;
        let own_k = ALL.iter().position(|&a| a == own).unwrap_or(0);
        let a = ActivationRow::of(&row);
        let d_ff = row.len();
        let token = self.labels(self.axes().0, pre.shape()[1]).get(r).cloned().unwrap_or_default();
        let mut d = LinesData::default();
        d.push(strings::activations_heading(&pre_name, &token, d_ff), Role::Title);
        d.push(strings::activations_own(&op.name, strings::activation_short(own)), Role::Dim);
        d.push(strings::activations_negatives(a.negatives(), d_ff), Role::Plain);
        d.push(strings::activations_lowest(&two(a.lowest(0)), &two(a.lowest(1)), &two(a.lowest(2))), Role::Plain);
        let (gelu, silu) = (minimum(ALL[1]), minimum(ALL[2]));
        d.push(
            strings::activations_floor(
                &two(gelu.1 as f32),
                &two(gelu.0 as f32),
                &two(silu.1 as f32),
                &two(silu.0 as f32),
            ),
            Role::Plain,
        );
        let diff = a.outputs[own_k].iter().zip(&ran).map(|(x, y)| (x - y).abs()).fold(0.0f32, f32::max);
        let role = if diff < 1e-5 { Role::Good } else { Role::Bad };
        d.push(strings::activations_check(&op.name, strings::activation_short(own), &format!("{diff:.1e}")), role);
        d.gap();
        d.push(strings::activations_spread(SHOWN_FEATURES.min(d_ff), d_ff), Role::Dim);
        let fw = width(strings::FEATURE.get()).max(4);
        d.line().put(pad(strings::FEATURE.get(), fw), Role::Dim).put(pad_left(strings::PRE.get(), 9), Role::Dim);
        for (k, &act) in ALL.iter().enumerate() {
            let mark = if k == own_k { " ◀" } else { "  " };
            let role = if k == own_k { Role::Strong } else { Role::Dim };
            d.put(pad_left(strings::activation_short(act), 9), role).put(mark, role);
        }
        for f in a.spread(SHOWN_FEATURES) {
            let role = if a.pre[f] < 0.0 { Role::Plain } else { Role::Dim };
            d.line().put(pad(&f.to_string(), fw), role).put(pad_left(&two(a.pre[f]), 9), role);
            for k in 0..ALL.len() {
                let cell = if k == own_k { Role::Strong } else { role };
                d.put(pad_left(&two(a.outputs[k][f]), 9), cell).put("  ", cell);
            }
        }
        d
    }
}

/// Draws the dropout view averages over, to show that dropout keeps each value's expectation.
const DRAWS: usize = 1000;

/// The encoder (true) or decoder layer an operation belongs to.
fn layer_of(place: Place) -> Option<(bool, usize)> {
    match place {
        Place::Encoder { layer, .. } => Some((true, layer)),
        Place::Decoder { layer, .. } => Some((false, layer)),
        _ => None,
    }
}

impl Scene<'_> {
    /// `dropout`: the focused Add & Norm's layer as its program runs, a ╳ at each place training
    /// would drop values; then this run's residual sum checked to be x + sublayer (dropout is the
    /// identity here), and one training draw on the selected row of the sublayer's output.
    pub(super) fn dropout_lines(&self) -> LinesData {
        let program = self.run.program();
        let focus = program.op(self.op);
        let mut d = LinesData::default();
        let Some((encoder, layer)) = layer_of(focus.place) else { return d };
        d.push(strings::dropout_heading(encoder, layer), Role::Title);
        d.push(strings::DROPOUT_TRAINING_ONLY, Role::Dim);
        let mark = |d: &mut LinesData, text: crate::lang::Text| {
            d.line().put("    ", Role::Plain).put(text.get(), Role::Accent);
        };
        if layer == 0 {
            let side = if encoder { Side::Src } else { Side::Tgt };
            let embedded =
                program.ops().iter().find(|o| o.kind == OpKind::AddPositional && o.place == Place::Embedding(side));
            if let Some(op) = embedded {
                d.line().put(format!("  {}", op.name), Role::Plain);
                mark(&mut d, strings::DROPOUT_ON_EMBEDDING);
            }
        }
        for op in program.ops().iter().filter(|o| layer_of(o.place) == Some((encoder, layer))) {
            match op.kind {
                OpKind::Softmax => {
                    d.line().put(format!("  {}", op.name), Role::Plain);
                    mark(&mut d, strings::DROPOUT_ON_WEIGHTS);
                }
                OpKind::Relu | OpKind::Gelu | OpKind::Silu => {
                    d.line().put(format!("  {}", op.name), Role::Plain);
                    mark(&mut d, strings::DROPOUT_AFTER_ACTIVATION);
                }
                OpKind::Add => {
                    let (x, sub) = (&program.op(op.inputs[0]).name, &program.op(op.inputs[1]).name);
                    d.line().put(format!("  {sub}"), Role::Plain);
                    mark(&mut d, strings::DROPOUT_ON_SUBLAYER);
                    let role = if op.name == focus.name { Role::Strong } else { Role::Plain };
                    d.line().put(format!("  {}", strings::dropout_residual(&op.name, x, sub)), role);
                }
                _ => {}
            }
        }
        self.dropout_measured(&mut d);
        d
    }

    /// The focused residual sum against x + sublayer, and one training draw on its sublayer row.
    fn dropout_measured(&self, d: &mut LinesData) {
        let program = self.run.program();
        let focus = program.op(self.op);
        let (x_name, sub_name) = (&program.op(focus.inputs[0]).name, &program.op(focus.inputs[1]).name);
        let (Some(sum), Some(x), Some(sub)) =
            (self.full.get(&focus.name), self.full.get(x_name), self.full.get(sub_name))
        else {
            return;
        };
        let diff =
            sum.iter().zip(x.iter().zip(sub.iter())).map(|(s, (a, b))| (s - (a + b)).abs()).fold(0.0f32, f32::max);
        d.gap();
        d.push(strings::DROPOUT_INFERENCE, Role::Title);
        d.push(
            strings::dropout_identity(&focus.name, &format!("{diff:.1e}")),
            if diff == 0.0 { Role::Good } else { Role::Bad },
        );
        let (b, r) = (self.selection.batch.min(sub.shape()[0] - 1), self.row().min(sub.shape()[1] - 1));
        let row: Vec<f32> = sub.index_axis(Axis(0), b).index_axis(Axis(0), r).iter().copied().collect();
        let token = self.labels(self.axes().0, sub.shape()[1]).get(r).cloned().unwrap_or_default();
        let draw = train_draw(&row, NOTES_P, 0);
        let kept = draw.kept.iter().filter(|k| **k).count();
        d.gap();
        d.push(strings::dropout_training(&format!("{NOTES_P}"), &token, sub_name), Role::Title);
        d.push(strings::dropout_counts(row.len() - kept, row.len(), kept, &two(1.0 / (1.0 - NOTES_P))), Role::Plain);
        let shown = row.len().min(8);
        let label_w = width(strings::DROPOUT_BEFORE.get()).max(width(strings::DROPOUT_AFTER.get()));
        for (label, values) in [(strings::DROPOUT_BEFORE, &row), (strings::DROPOUT_AFTER, &draw.out)] {
            d.line().put(format!("  {}", pad(label.get(), label_w)), Role::Dim);
            for v in &values[..shown] {
                d.put(pad_left(&two(*v), 7), if *v == 0.0 { Role::Dim } else { Role::Plain });
            }
            d.put(" …", Role::Dim);
        }
        let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len().max(1) as f32;
        let average =
            (0..DRAWS as u64).map(|seed| mean(&train_draw(&row, NOTES_P, seed).out)).sum::<f32>() / DRAWS as f32;
        d.push(strings::dropout_means(&two(mean(&row)), &two(mean(&draw.out)), DRAWS, &two(average)), Role::Plain);
    }
}

/// Two decimals with the minus sign the views print (U+2212), never `−0.00`.
pub(super) fn two(v: f32) -> String {
    let s = format!("{v:.2}");
    match s.strip_prefix('-') {
        Some("0.00") => "0.00".into(),
        Some(rest) => format!("−{rest}"),
        None => s,
    }
}

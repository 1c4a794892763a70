//! Presenters for the views issue 38 §5 added: `activations` (note 001 §4.2's ReLU beside GELU
//! and SiLU on the same pre-activation row) and `dropout` (where a layer drops values in
//! training). The arithmetic lives in `model`; this arranges it.

use super::scene::Scene;
use super::view_data::{LinesData, Role};
use crate::model::activations::{ALL, ActivationRow, minimum};
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

/// Two decimals with the minus sign the views print (U+2212), never `−0.00`.
pub(super) fn two(v: f32) -> String {
    let s = format!("{v:.2}");
    match s.strip_prefix('-') {
        Some("0.00") => "0.00".into(),
        Some(rest) => format!("−{rest}"),
        None => s,
    }
}

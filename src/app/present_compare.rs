//! Presenters for the views that compute something beside the run: `rnn` (note 003's RNN on the
//! same sentence), `norm-compare` (LayerNorm vs BatchNorm), `fused-qkv` (note 003's W_qkv) and
//! `decode` (greedy decoding step by step). The arithmetic lives in `model`; this arranges it.

use super::scene::Scene;
use super::view_data::{LinesData, Role};
use crate::lesson::facts::{decode_steps, real_positions, real_rows};
use crate::model::batch_norm::{NormComparison, token_stats};
use crate::model::fused_qkv::{self, fused, max_abs_diff, part};
use crate::model::program::{LinearRef, OpKind, Side, shape_text};
use crate::model::rnn::{GAINS, chain};
use crate::strings;
use crate::text::{pad, pad_left, significant, width};
use ndarray::Ix3;

impl Scene<'_> {
    /// The selected batch row's source tokens, real ones only.
    pub(super) fn real_source_tokens(&self) -> Vec<String> {
        let b = self.selection.batch;
        let vocab = self.setup.src_vocab();
        self.setup
            .src_ids
            .row(b)
            .iter()
            .filter(|&&id| id != self.setup.weights.config.pad_idx)
            .map(|&id| vocab.word(id))
            .collect()
    }

    /// `rnn`: the RNN's chain over the sentence next to attention's one step.
    pub(super) fn rnn_lines(&self) -> LinesData {
        let b = self.selection.batch;
        let x = real_rows(self.full, self.setup, "src.x", b); // (T, d)
        let words = self.real_source_tokens();
        let t = x.nrows();
        let mut d = LinesData::default();
        d.push(strings::RNN_FORMULA, Role::Title);
        d.push(strings::rnn_sentence(&words.concat(), t, x.ncols()), Role::Dim);
        d.gap();
        let (first, last) = (words.first().cloned().unwrap_or_default(), words.last().cloned().unwrap_or_default());
        // attention: the last token's weight on the first, mean over enc.0's heads
        let weights = self.full.get("enc.0.self_attn.weights").expect("full run"); // (B, H, T, T)
        let heads = weights.shape()[1];
        let direct = (0..heads).map(|h| weights[[b, h, t - 1, 0]]).sum::<f32>() / heads as f32;
        d.line().put(strings::rnn_path(&first, &last, t.saturating_sub(1)), Role::Plain);
        d.line().put(strings::attention_path(&first, &last, direct), Role::Plain);
        d.gap();
        d.push(strings::RNN_TABLE_HEADING, Role::Title);
        let chains: Vec<_> = GAINS.iter().map(|&g| chain(x.view(), g)).collect();
        // one row per distance k, one column per gain
        d.line().put(pad(strings::DISTANCE, 6), Role::Dim);
        for c in &chains {
            d.put(pad_left(&strings::gain_label(c.gain), 11), Role::Dim);
        }
        for k in 0..t {
            d.line().put(pad(&k.to_string(), 6), Role::Dim);
            for c in &chains {
                let g = c.grad_by_distance[k];
                d.put(pad_left(&significant(g), 11), if g < 0.01 { Role::Dim } else { Role::Plain });
            }
        }
        d.gap();
        d.push(strings::rnn_bars_heading(&first, &last), Role::Title);
        // log-scale bars of ‖∂h_T/∂h_1‖, from 1e-6 (empty) to 1e2 (full)
        for c in &chains {
            let v = c.first_to_last().max(1e-12);
            let frac = ((v.log10() + 6.0) / 8.0).clamp(0.0, 1.0);
            d.line().put(pad(&strings::gain_label(c.gain), 12), Role::Plain).bar(frac, 24).put(" ", Role::Plain);
            d.put(significant(c.first_to_last()), Role::Plain);
        }
        d.push(strings::RNN_LOG_SCALE, Role::Dim);
        d
    }

    /// `norm-compare`: the same `.sum` tensor under LayerNorm and under BatchNorm.
    pub(super) fn norm_compare_lines(&self) -> LinesData {
        let op = self.run.program().op(self.op);
        let x = self.run.value(self.op).expect("focused op computed");
        let x = x.view().into_dimensionality::<Ix3>().expect("(B, T, d)");
        let side = if op.name.starts_with("enc") { Side::Src } else { Side::Tgt };
        let real = real_positions(self.setup, side);
        let c = NormComparison::of(x, real.view());
        let (bn, tn, dm) = (x.shape()[0], x.shape()[1], x.shape()[2]);
        let b = self.selection.batch.min(bn - 1);
        let before = token_stats(x);
        let after_ln = token_stats(c.layer.view());
        let after_bn = token_stats(c.batch.view());
        let mut d = LinesData::default();
        d.push(strings::norm_compare_heading(&op.name, &shape_text(x.shape())), Role::Title);
        d.push(strings::norm_compare_axes(dm, bn, tn), Role::Dim);
        d.gap();
        let labels = self.tokens(side == Side::Src, b);
        let lw = labels.iter().map(|l| width(l)).max().unwrap_or(5).max(6);
        d.line().put(format!("  {}", pad(strings::TOKEN.get(), lw)), Role::Dim);
        for h in strings::NORM_COMPARE_COLUMNS {
            d.put(format!("  {}", pad(h.get(), 17)), Role::Dim);
        }
        for p in 0..tn {
            let selected = p == self.row().min(tn - 1);
            let role = if !real[[b, p]] {
                Role::Dim
            } else if selected {
                Role::Strong
            } else {
                Role::Plain
            };
            let ms = |(m, s): (f32, f32)| format!("{} / {}", pad_left(&fix(m), 6), pad(&fix(s), 5));
            d.line()
                .put(if selected { "▶ " } else { "  " }, role)
                .put(pad(&labels[p], lw), role)
                .put(format!("  {}", pad(&ms(before[[b, p]]), 17)), role)
                .put(format!("  {}", pad(&ms(after_ln[[b, p]]), 17)), role)
                .put(format!("  {}", pad(&ms(after_bn[[b, p]]), 17)), role);
            if selected {
                // the selected token's mean after BatchNorm is what a question may ask
                d.answer_pieces_if(&[4], fix(after_bn[[b, p]].0));
            }
        }
        d.gap();
        let (feature, shift) = c
            .with_pad
            .mean
            .iter()
            .zip(&c.real_only.mean)
            .map(|(a, r)| (a - r).abs())
            .enumerate()
            .fold((0, 0.0f32), |best, (f, s)| if s > best.1 { (f, s) } else { best });
        let pads = real.iter().filter(|r| !**r).count();
        d.push(strings::bn_pad_note(pads, bn * tn), Role::Plain);
        d.push(
            strings::bn_shift_note(feature, c.with_pad.mean[feature], c.real_only.mean[feature], shift),
            Role::Plain,
        );
        let row = self.row().min(tn - 1);
        let pads_here = (0..tn).filter(|&p| !real[[b, p]]).count();
        instance_lines(&mut d, &c, (b, row), &labels[row], pads_here);
        d
    }

    /// `fused-qkv`: one (3d, d) product instead of three (d, d) ones, and the widths d_k and d_v.
    pub(super) fn fused_qkv_lines(&self) -> LinesData {
        let program = self.run.program();
        let op = program.op(self.op);
        let OpKind::Linear(LinearRef::Attn { stack, layer, block, .. }) = op.kind else {
            return LinesData::default();
        };
        let prefix = op.name.rsplit_once('.').map(|(p, _)| p).unwrap_or(&op.name).to_string(); // enc.0.self_attn
        // the run's own weights: a what-if's (half-qk's q and k rows cut) where it has its own
        let attn = self.run.weights().attention(stack, layer, block);
        let x_name = program.op(op.inputs[0]).name.clone();
        let x = self.full.get(&x_name).expect("full run");
        let f = fused(x, attn); // (B, T, d_q + d_k + d_v)
        let (dm, columns) = (self.setup.weights.config.d_model, fused_qkv::columns(attn));
        let mut d = LinesData::default();
        d.push(strings::fused_heading(columns[2].end, dm), Role::Title);
        d.push(strings::fused_product(&x_name, &shape_text(x.shape()), &shape_text(f.shape())), Role::Plain);
        d.gap();
        let names = ["q_proj", "k_proj", "v_proj"].map(|proj| format!("{prefix}.{proj}"));
        // the names as wide as the widest of them, so the differences line up and fit at 120x40
        let name_w = names.iter().map(|n| crate::text::width(n)).max().unwrap_or(0);
        for (i, name) in names.into_iter().enumerate() {
            let separate = self.full.get(&name).expect("full run");
            let diff = max_abs_diff(&part(&f, attn, i), separate);
            let role = if name == op.name { Role::Strong } else { Role::Plain };
            let cols = &columns[i];
            d.line()
                .put(format!("  {}", pad(&strings::fused_columns(cols.start, cols.end - 1), 16)), role)
                .put(format!("= {}  ", pad(&name, name_w)), role)
                .put(strings::max_diff(diff), if diff < 1e-5 { Role::Good } else { Role::Bad });
        }
        d.gap();
        let shape_of =
            |n: &str| self.full.get(&format!("{prefix}.{n}")).map(|t| shape_text(t.shape())).unwrap_or_default();
        // each head's widths, read off this run's q and v (B, H, T, d_k): half-qk narrows q alone
        let width_of = |n: &str| self.full.get(&format!("{prefix}.{n}")).and_then(|t| t.shape().last().copied());
        let d_k = width_of("q").unwrap_or(self.setup.weights.config.d_k());
        let d_v = width_of("v").unwrap_or(self.setup.weights.config.d_k());
        d.push(strings::WIDTHS_HEADING, Role::Title);
        d.push(strings::scores_widths(&shape_of("q"), &shape_of("k"), &shape_of("scores"), d_k), Role::Plain);
        d.push(strings::context_widths(&shape_of("weights"), &shape_of("v"), &shape_of("context"), d_v), Role::Plain);
        d.push(strings::WIDTHS_NOTE, Role::Dim);
        d
    }

    /// `decode`: step `row` of greedy decoding of the selected source row.
    pub(super) fn decode_lines(&self) -> LinesData {
        let b = self.selection.batch;
        let steps = decode_steps(self.setup, b, self.decoding);
        let mut d = LinesData::default();
        let Some(last) = steps.len().checked_sub(1) else {
            return d;
        };
        if let Some(t) = self.decoding.temperature() {
            let vocab = self.setup.tgt_vocab();
            let sentence = |s: &[crate::model::decode::DecodeStep]| {
                s.iter().map(|s| vocab.word(s.chosen)).collect::<Vec<_>>().join(" ")
            };
            let greedy = decode_steps(self.setup, b, crate::model::decode::Choice::Greedy);
            d.push(strings::sampled_heading(t, &sentence(&steps), &sentence(&greedy)), Role::Accent);
            d.push(strings::TEMPERED_NOTE, Role::Dim);
        }
        let k = self.selection.row.min(last);
        let step = &steps[k];
        let vocab = self.setup.tgt_vocab();
        let words: Vec<String> = step.prefix.iter().map(|&id| vocab.word(id)).collect();
        let source = self.real_source_tokens();
        d.push(strings::decode_heading(&source.concat(), k, last, self.decoding.temperature().is_some()), Role::Title);
        d.line().put(strings::DECODER_READS, Role::Dim).put(words.join(" "), Role::Strong);
        d.gap();
        let reading = words.last().cloned().unwrap_or_default();
        d.push(strings::next_word_heading(words.len() - 1, &reading), Role::Title);
        let mut order: Vec<usize> = (0..step.probs.len()).collect();
        order.sort_by(|&a, &b| step.probs[b].total_cmp(&step.probs[a]).then(a.cmp(&b)));
        // the five most probable words, and a sampled word from further down the list below them
        let mut shown: Vec<usize> = order.iter().take(5).copied().collect();
        if !shown.contains(&step.chosen) {
            shown.push(step.chosen);
        }
        let ww = shown.iter().map(|&w| width(&vocab.word(w))).max().unwrap_or(4).max(6);
        for &w in &shown {
            let p = step.probs[w];
            let role = if w == step.chosen { Role::Strong } else { Role::Plain };
            // the top of the list is the word appended: its words, numbers and bars are withheld
            // while a question asks for it
            d.line()
                .put(if w == step.chosen { "▶ " } else { "  " }, role)
                .put(pad(&vocab.word(w), ww), role)
                // a drawn word from below the five keeps its digits (0.0045, not 0.00)
                .put(format!(" {} ", pad_left(&prob_text(p, w == step.chosen && p < 0.005), 4)), role)
                .bar(p, 30)
                .answer_pieces(&[1, 2, 3]);
        }
        let chosen = vocab.word(step.chosen);
        d.line().put(strings::CHOSEN, Role::Dim).put(chosen.clone(), Role::Strong);
        if step.chosen == crate::model::decode::eos_id(&self.setup.weights) {
            d.put(strings::DECODING_ENDS, Role::Dim);
        } else {
            d.put(format!("  →  {} {chosen}", words.join(" ")), Role::Plain);
        }
        // what this step appends is what a question about the step asks
        d.answer_line();
        d.gap();
        let n = self.setup.weights.config.dec_layers;
        d.push(strings::cross_heading(&reading, words.len() - 1, n - 1), Role::Title);
        let best = crate::model::decode::argmax(step.cross.iter().copied());
        let sw = source.iter().map(|s| width(s)).max().unwrap_or(2).max(2);
        for (i, (w, &a)) in source.iter().zip(&step.cross).enumerate() {
            let role = if i == best { Role::Strong } else { Role::Plain };
            d.line().put(format!("  {} ", pad(w, sw)), role).put(format!("{a:.2} "), role).bar(a, 30);
        }
        d.gap();
        d.line()
            .put(strings::GREEDY_TRANSLATION, Role::Dim)
            .put(crate::lesson::facts::translation(self.setup, b), Role::Strong)
            .answer_line();
        // a greedy translation that never wrote </s>, stopped by the screens before the model's
        // own limit
        let src = self.setup.src_ids.row(b).to_owned().insert_axis(ndarray::Axis(0)); // (1, T_src)
        if let Some((limit, max)) = crate::model::decode::stopped_short(&self.setup.weights, &src) {
            d.push(strings::decoding_stopped_short(limit, max), Role::Dim);
        }
        d
    }
}

/// Note 000's third row, InstanceNorm: the selected token after it, and its sentence's features,
/// each of which it brings to mean 0 and std 1 over the sentence's positions.
fn instance_lines(d: &mut LinesData, c: &NormComparison, (b, row): (usize, usize), token: &str, pads: usize) {
    let (bn, tn, dm) = c.instance.dim();
    let (m, s) = token_stats(c.instance.view())[[b, row]];
    let sentence = c.instance.index_axis(ndarray::Axis(0), b);
    let (mut largest, mut std_sum) = (0.0f32, 0.0f32);
    for feature in sentence.axis_iter(ndarray::Axis(1)) {
        let (fm, fv) = crate::model::kernels::mean_and_variance(&feature.to_vec());
        largest = largest.max(fm.abs());
        std_sum += fv.sqrt();
    }
    d.gap();
    d.push(strings::INSTANCE_HEADING, Role::Title);
    // how many values it averages is what add-norm's question about it asks: withheld till then
    d.push(strings::instance_axes(tn, bn, dm), Role::Dim).answer_line();
    d.push(strings::instance_row(token, b, &fix(m), &fix(s)), Role::Strong);
    d.push(strings::instance_features(b, &fix(largest), &fix(std_sum / dm as f32)), Role::Plain);
    d.push(strings::instance_pads(b, pads, tn), Role::Plain).answer_line();
}

/// A probability to two decimals, or to its significant digits when `small` (not `0.00`).
fn prob_text(p: f32, small: bool) -> String {
    if small { crate::text::significant(p) } else { format!("{p:.2}") }
}

/// Two decimals, never `-0.00`.
fn fix(v: f32) -> String {
    let s = format!("{v:.2}");
    if s == "-0.00" { "0.00".into() } else { s }
}

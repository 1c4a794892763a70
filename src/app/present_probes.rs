//! The probes' views: a head taken out (`ablation`), the logit lens (`logit-lens`), weight
//! against contribution (`contributions`) and activation patching (`patching`). Each reads the
//! live run and `probe`; every number is computed from it.

use super::scene::Scene;
use super::view_data::{LinesData, Role};
use crate::model::arch::HeadAblation;
use crate::model::program::{AttnBlock, Side, Stack};
use crate::probe::{ablation, contribution, lens, patch};
use crate::strings;

/// The attention block an op of it names (`dec.0.cross_attn.weights` → dec, 0, cross) and its
/// op prefix (`dec.0.cross_attn`).
fn block_of(op: &str) -> Option<(Stack, usize, AttnBlock, String)> {
    let h = HeadAblation::of_op(op, 0)?;
    Some((h.stack, h.layer, h.block, h.block_prefix()))
}

impl Scene<'_> {
    fn words(&self, ids: &[usize]) -> String {
        ids.iter().map(|&i| self.setup.tgt_vocab().word(i)).collect::<Vec<_>>().join(" ")
    }

    fn tgt_token(&self, b: usize, t: usize) -> String {
        self.token(Side::Tgt, b, t)
    }

    fn token(&self, side: Side, b: usize, p: usize) -> String {
        let setup = self.setup;
        match side {
            Side::Src => setup.src_vocab().word(setup.src_ids[[b, p]]),
            Side::Tgt => setup.tgt_vocab().word(setup.tgt_ids[[b, p]]),
        }
    }

    /// Batch row `b`'s source sentence without its padding.
    fn source_text(&self, b: usize) -> String {
        let setup = self.setup;
        let ids: Vec<usize> =
            setup.src_ids.row(b).iter().copied().filter(|&i| i != setup.weights.config.pad_idx).collect();
        setup.src_vocab().decode(&ids)
    }

    /// The focused head of the focused attention block taken out, and kept alone, with the
    /// three runs the ablation view and its grid read: the whole model, head out, head alone.
    pub(super) fn ablation_runs(&self) -> Option<(HeadAblation, [crate::model::Run; 3])> {
        let full = self.full;
        let out = HeadAblation::of_op(&full.program().op(self.op).name, self.selection.head)?;
        let alone = HeadAblation { keep_only: true, ..out };
        let shape = self.setup.shape();
        Some((out, [full.clone(), ablation::ablated(full, shape, out), ablation::ablated(full, shape, alone)]))
    }

    /// `ablation`: the focused head of this attention block taken out, and kept alone: each
    /// target position's next word with its probability, and the translation.
    pub(super) fn ablation_lines(&self) -> LinesData {
        let mut d = LinesData::default();
        let full = self.full;
        let Some((out, runs)) = self.ablation_runs() else { return d };
        let alone = HeadAblation { keep_only: true, ..out };
        let (b, head, prefix) = (self.selection.batch, out.head, out.block_prefix());
        let shape = self.setup.shape();
        let mut title = strings::ablation_title(head, &prefix);
        if shape.batch > 1 {
            // which sentence the table is about; b moves it
            title = format!("{title} · {}", strings::batch_row_of(b, shape.batch - 1));
        }
        d.push(title, Role::Title);
        d.push(strings::ablation_columns(head), Role::Dim);
        for t in 0..shape.t_tgt {
            d.line().put(strings::position_reads(t, &self.tgt_token(b, t)), Role::Plain);
            let whole = ablation::next_word(&runs[0], b, t).unwrap_or_default();
            let best = crate::model::decode::argmax(whole.iter().copied());
            for (i, run) in runs.iter().enumerate() {
                let probs = ablation::next_word(run, b, t).unwrap_or_default();
                let top = crate::model::decode::argmax(probs.iter().copied());
                let role = if i > 0 && top != best { Role::Bad } else { Role::Plain };
                let cell = format!("{} {:.3}", self.setup.tgt_vocab().word(top), probs.get(top).unwrap_or(&0.0));
                d.put(crate::text::pad(&cell, 16), role);
            }
        }
        d.gap();
        let translations = [None, Some(out), Some(alone)].map(|h| ablation::translation(full, b, h));
        for (i, words) in translations.iter().enumerate() {
            let role = if i > 0 && *words != translations[0] { Role::Bad } else { Role::Plain };
            d.line().put(strings::ablation_translation(i, head), Role::Dim).put(self.words(words), role);
        }
        self.push_heldout_scores(&mut d, out);
        d
    }

    /// The held-out set translated by the whole model, with the head out and with it alone:
    /// exact match and loss (what `probe heads` ranks by), kept per model and head.
    fn push_heldout_scores(&self, d: &mut LinesData, out: HeadAblation) {
        use crate::explore::heldout_score::heldout_score;
        // the run's own weights: a checkpoint of the dial, or the untrained model beside
        let weights = self.full.weights_arc();
        // the slow part of the view (on a worker: how far it has got is shown meanwhile)
        let heads = [None, Some(out), Some(HeadAblation { keep_only: true, ..out })];
        let scores = [0, 1, 2].map(|i| crate::work::part(i, 3, || heldout_score(&weights, heads[i])));
        d.gap().push(strings::ablation_heldout_heading(scores[0].pairs), Role::Dim);
        for (i, s) in scores.iter().enumerate() {
            let role = if i > 0 && s.exact < scores[0].exact { Role::Bad } else { Role::Plain };
            d.push(strings::ablation_heldout_line(i, out.head, s.exact_pct(), s.loss), role);
        }
    }

    /// `logit-lens`: the output Linear and softmax applied after each decoder sublayer, at the
    /// chosen target position.
    pub(super) fn logit_lens_lines(&self) -> LinesData {
        let mut d = LinesData::default();
        let (b, t) = (self.selection.batch, self.row());
        let rows = lens::lens(self.full, b, t);
        let vocab = self.setup.tgt_vocab();
        d.push(strings::lens_title(t, &self.tgt_token(b, t)), Role::Title);
        let forms = lens::forms_at(&rows);
        for (i, row) in rows.iter().enumerate() {
            let role = if Some(i) == forms { Role::Strong } else { Role::Plain };
            d.line().put(crate::text::pad(&strings::lens_after(&row.after), 28), role);
            for (id, p) in row.top(3) {
                d.put(format!("{:<7} {p:.2} ", vocab.word(id)), role);
            }
            if Some(i) == forms {
                d.answer_emphasis();
            }
        }
        d.gap();
        if let (Some(i), Some(last)) = (forms, rows.last()) {
            d.push(strings::lens_forms(&vocab.word(last.best()), &rows[i].after), Role::Accent).answer_line();
        }
        d
    }

    /// `contributions`: for the chosen head and query row, each key's weight beside the length
    /// of what it adds to the output, ‖α·v·W_oʰ‖.
    pub(super) fn contributions_lines(&self) -> LinesData {
        let mut d = LinesData::default();
        let full = self.full;
        let name = &full.program().op(self.op).name;
        let Some((_, _, block, prefix)) = block_of(name) else { return d };
        let (b, h, i) = (self.selection.batch, self.selection.head, self.row());
        let Some(keys) = contribution::contributions(full, &prefix, b, h, i) else { return d };
        let key_side = if block == AttnBlock::CrossAttn || prefix.starts_with("enc") { Side::Src } else { Side::Tgt };
        let query_side = if prefix.starts_with("enc") { Side::Src } else { Side::Tgt };
        let query = self.token(query_side, b, i);
        let mut title = strings::contributions_title(&prefix, h, i, &query);
        let batch = self.setup.shape().batch;
        if batch > 1 {
            // which sentence the bars are about; b moves it
            title = format!("{title} · {}", strings::batch_row_of(b, batch - 1));
        }
        d.push(title, Role::Title);
        d.push(strings::contributions_columns(), Role::Dim);
        let most = keys.iter().map(|k| k.norm).fold(0.0, f64::max).max(f64::MIN_POSITIVE);
        for (j, k) in keys.iter().enumerate() {
            let token = self.token(key_side, b, j);
            d.line()
                .put(crate::text::pad(&format!("{j} {token}"), 10), Role::Plain)
                .put(format!("{:.2} ", k.weight), Role::Plain)
                .bar(k.weight, 12)
                .put(format!("  {:>6.2} ", k.norm), Role::Plain)
                .bar((k.norm / most) as f32, 12)
                .put(format!("  {:>6.2}", k.value_norm), Role::Dim)
                // what each key adds is what the question asks: α times the last column, to work out
                .answer_pieces(&[3, 4]);
        }
        d.gap();
        let top_weight = crate::model::decode::argmax(keys.iter().map(|k| k.weight));
        let top_norm = crate::model::decode::argmax(keys.iter().map(|k| k.norm as f32));
        let tok = |j| self.token(key_side, b, j);
        d.push(strings::contributions_summary(&tok(top_weight), &tok(top_norm)), Role::Accent).answer_line();
        d
    }

    /// `patching`: one source position of batch row 1 copied into row 0 after each encoder
    /// layer, and row 0's translation each time.
    pub(super) fn patching_lines(&self) -> LinesData {
        let mut d = LinesData::default();
        let full = self.full;
        let setup = self.setup;
        if setup.shape().batch < 2 {
            d.push(strings::PATCHING_NEEDS_TWO.get(), Role::Dim);
            return d;
        }
        let src = |b| self.source_text(b);
        d.push(strings::patching_title(&src(1), &src(0)), Role::Title);
        // each translation is a part of the work (the background worker's progress and the
        // points where moving on calls it off): the two unpatched ones, then each layer's
        // the layers up to the operation the engine is on: a later layer's patches are a
        // question of a later beat (probes 7 asks about enc.1 after probes 6 showed enc.0)
        let focused = &full.program().op(self.op).name;
        let all = patch::layer_outputs(setup.weights.config.n_layers);
        let shown = all.iter().position(|op| op == focused).map_or(all.len(), |i| i + 1);
        let (layers, later) = all.split_at(shown);
        let parts = 1 + layers.len();
        let base =
            crate::work::part(0, parts, || [0, 1].map(|b| crate::work::part(b, 2, || patch::translation(full, b))));
        let base = base.map(|words| self.words(&words));
        d.push(strings::patching_base(&src(0), &base[0], &src(1), &base[1]), Role::Dim);
        // `  p to ← from`, padded to the widest of them (a piece may be two wide characters)
        let labels: Vec<String> = (0..setup.shape().t_src)
            .map(|p| strings::patching_position(p, &self.token(Side::Src, 0, p), &self.token(Side::Src, 1, p)))
            .collect();
        let width = labels.iter().map(|l| crate::text::width(l) + 2).max().unwrap_or(0).max(14);
        for (l, op) in layers.iter().enumerate() {
            d.gap();
            let focus = op == focused;
            d.push(strings::patching_after(op), if focus { Role::Strong } else { Role::Plain });
            let n = labels.len();
            let patched: Vec<Option<Vec<usize>>> = crate::work::part(1 + l, parts, || {
                (0..n).map(|p| crate::work::part(p, n, || patch::patched_translation(full, op, 1, 0, p))).collect()
            });
            for (label, words) in labels.iter().zip(patched) {
                let Some(words) = words else { continue };
                let words = self.words(&words);
                let changed = words != base[0];
                // which patches change the translation at the operation the engine is on is
                // what a question here asks: each of its patched translations (and its colour)
                // is withheld until it is answered, its position left in place
                d.line()
                    .put(crate::text::pad(label, width), Role::Plain)
                    .put(words, if changed { Role::Bad } else { Role::Dim });
                if focus {
                    d.answer_row(&[1]);
                }
            }
        }
        if let (Some(first), Some(last)) = (later.first(), later.last()) {
            d.gap();
            d.push(strings::patching_later(first, last, later.len()), Role::Dim);
        }
        d
    }

    /// `alignment`: every cross-attention head and each layer's mean scored against the gold
    /// alignments of the held-out pairs; the beat's layer in full, its best head marked.
    pub(super) fn alignment_lines(&self) -> LinesData {
        use crate::probe::alignment::cross_attention_layer;
        let mut d = LinesData::default();
        let scores = crate::probe::heldout_alignment(&self.setup.weights);
        let focused = cross_attention_layer(&self.full.program().op(self.op).name);
        let best = focused.and_then(|l| scores.best_head(Some(l))).copied();
        d.push(strings::alignment_title(scores.pairs), Role::Title);
        d.push(strings::ALIGNMENT_HOW.get(), Role::Dim);
        let mut rows: Vec<[String; 5]> = vec![strings::align_columns().map(String::from)];
        rows.extend(scores.heads.iter().map(strings::align_cells));
        let lines = crate::text::table_lines(&rows, 0);
        d.push(lines[0].clone(), Role::Dim);
        for (h, line) in scores.heads.iter().zip(&lines[1..]) {
            let role = match Some(h.layer) == focused {
                _ if best.as_ref() == Some(h) => Role::Good,
                true => Role::Plain,
                false => Role::Dim,
            };
            d.line().put(line.clone(), role);
            if best.as_ref() == Some(h) {
                d.put(format!("  {}", strings::BEST_IN_LAYER.get()), Role::Good);
            }
        }
        d.gap();
        if let Some(overall) = scores.best_head(None) {
            let aer = |c: &crate::probe::alignment::AerCounts| 100.0 * c.aer();
            let footer = strings::align_footer(
                &overall.block(),
                overall.head.unwrap_or(0),
                aer(&overall.counts),
                aer(&scores.one_link_best),
                scores.pieces,
            );
            for line in footer.lines() {
                d.push(line, Role::Accent);
            }
        }
        d
    }
}

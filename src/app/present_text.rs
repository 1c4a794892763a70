//! Presenters for the text views of the whole model: `tokens` (text → ids, padding, sizes),
//! `pipeline` (the forward pass as stages with their real shapes) and `params` (parameter counts
//! per block). They read the setup, the run and the weights; the `lines` widget draws them.

use super::scene::Scene;
use super::view_data::{LinesData, Role};
use crate::model::program::{Side, shape_text};
use crate::strings;
use crate::text::{pad, thousands, width};

/// The pipeline's two mask stages, source and target.
const MASK_STAGES: [&str; 2] = ["src.mask", "tgt.mask"];

impl Scene<'_> {
    /// `tokens`: both sides of every batch row as tokens over their ids, padded; then the sizes.
    pub(super) fn tokens_lines(&self) -> LinesData {
        let mut d = LinesData::default();
        let focused_side = if self.run.program().op(self.op).name.starts_with("src") { Side::Src } else { Side::Tgt };
        for side in [Side::Src, Side::Tgt] {
            let (ids, vocab) = match side {
                Side::Src => (&self.setup.src_ids, self.setup.src_vocab()),
                Side::Tgt => (&self.setup.tgt_ids, self.setup.tgt_vocab()),
            };
            let role = if side == focused_side { Role::Title } else { Role::Accent };
            d.push(strings::tokens_heading(side, vocab.tokenizer, vocab.pad_id()), role);
            for (b, row) in ids.rows().into_iter().enumerate() {
                let words: Vec<String> = row.iter().map(|&id| vocab.word(id)).collect();
                let cells: Vec<usize> =
                    words.iter().zip(row.iter()).map(|(w, id)| width(w).max(id.to_string().len())).collect();
                let selected = b == self.selection.batch;
                let mark = if selected { "▶ " } else { "  " };
                d.line().put(format!("{mark}{} ", pad(&strings::row_label(b), 7)), Role::Dim);
                d.put(pad(strings::TOKENS_LABEL.get(), 7), Role::Dim);
                // the model's `<pad>` (not the start token a loaded translator writes as `<pad>`)
                let padding = |p: usize| crate::lesson::facts::is_pad(self.setup, side, p, row[p]);
                for (p, (w, &cw)) in words.iter().zip(&cells).enumerate() {
                    let role = if padding(p) {
                        Role::Dim
                    } else if selected {
                        Role::Strong
                    } else {
                        Role::Plain
                    };
                    d.put(format!("{} ", pad(w, cw)), role);
                }
                d.line().put(format!("  {} ", pad("", 7)), Role::Dim).put(pad(strings::IDS_LABEL, 7), Role::Dim);
                for (p, (&id, &cw)) in row.iter().zip(&cells).enumerate() {
                    let role = if padding(p) { Role::Dim } else { Role::Plain };
                    d.put(format!("{} ", pad(&id.to_string(), cw)), role);
                }
            }
            d.gap();
        }
        let cfg = &self.setup.weights.config;
        let shape = self.setup.shape();
        d.push(strings::SIZES_HEADING, Role::Title);
        let cols = strings::SIZES_COLUMNS;
        d.line().put(format!("  {}", pad("", 8)), Role::Dim);
        for c in cols {
            d.put(format!("{}  ", pad(c, 12)), Role::Dim);
        }
        for (side, vocab, t) in [
            (Side::Src, self.setup.src_vocab().len(), shape.t_src),
            (Side::Tgt, self.setup.tgt_vocab().len(), shape.t_tgt),
        ] {
            d.line().put(format!("  {}", pad(strings::side_name(side), 8)), Role::Plain);
            for v in [vocab.to_string(), cfg.max_len.to_string(), format!("({}, {t})", shape.batch)] {
                d.put(format!("{}  ", pad(&v, 12)), Role::Plain);
            }
        }
        d
    }

    /// `pipeline`: the stages of the forward pass, as note 001 §1 draws them, with their shapes.
    pub(super) fn pipeline_lines(&self) -> LinesData {
        let program = self.run.program();
        let stages = self.pipeline_stages();
        // a stage is done when its last operation is computed; the current one holds the focused op
        let here = self.op;
        let end_of = |name: &str| -> usize {
            match name {
                "src ids" => 0,
                "tgt ids" => program.index_of("tgt.embed").unwrap_or(0),
                _ => program.index_of(name).unwrap_or(0),
            }
        };
        let name_w = stages.iter().map(|s| width(&s.0)).max().unwrap_or(0);
        let shape_w = stages.iter().map(|s| width(&s.1)).max().unwrap_or(0);
        let mut d = LinesData::default();
        d.push(strings::PIPELINE_HEADING, Role::Title);
        // the masks' shapes are withheld together: a question may ask which mask a step uses
        let is_mask = |name: &str| MASK_STAGES.contains(&name);
        let mask_shapes: Vec<String> = stages.iter().filter(|s| is_mask(&s.0)).map(|s| s.1.clone()).collect();
        let mut previous_end = 0;
        let mut current_marked = false;
        for (name, shape, what) in &stages {
            let end = end_of(name);
            let current = !current_marked && here <= end && (here >= previous_end || name == "src ids");
            let (mark, role) = if current {
                current_marked = true;
                ("▶ ", Role::Strong)
            } else if end < here {
                ("✓ ", Role::Plain)
            } else {
                ("· ", Role::Dim)
            };
            d.line()
                .put(mark, role)
                .put(format!("{}  ", pad(name, name_w)), role)
                .put(format!("{}  ", pad(shape, shape_w)), role)
                .put(what.clone(), Role::Dim);
            // a question may ask for a stage's shape
            match is_mask(name) {
                true => d.answer_value_among(shape.clone(), &mask_shapes),
                false => d.answer_value(shape.clone()),
            };
            // the ids themselves, one line per batch row, under their stage
            let ids = match name.as_str() {
                "src ids" => Some(&self.setup.src_ids),
                "tgt ids" => Some(&self.setup.tgt_ids),
                _ => None,
            };
            match ids {
                Some(ids) => {
                    for (b, row) in ids.rows().into_iter().enumerate() {
                        let row: Vec<String> = row.iter().map(usize::to_string).collect();
                        d.line().put(strings::ids_row(name, b, &row.join(" ")), Role::Dim);
                    }
                }
                None => previous_end = end + 1,
            }
        }
        d
    }

    /// The pipeline's stages, in order: (name, shape, what it is).
    fn pipeline_stages(&self) -> Vec<(String, String, String)> {
        let program = self.run.program();
        let (setup, config) = (self.setup, &self.setup.weights.config);
        let (n, n_dec, shape) = (config.n_layers, config.dec_layers, setup.shape());
        let src_ids = strings::stage_src_ids(setup.src_vocab().pad_id());
        let tgt_ids = strings::stage_tgt_ids(&setup.tgt_vocab().word(config.conventions.start_id));
        let mut stages: Vec<(String, String, String)> =
            vec![("src ids".into(), shape_text(&[shape.batch, shape.t_src]), src_ids)];
        let op_stage = |name: &str, what: String, stages: &mut Vec<(String, String, String)>| {
            if let Some(i) = program.index_of(name) {
                stages.push((name.to_string(), shape_text(&program.op(i).shape), what));
            }
        };
        op_stage("src.embed", strings::STAGE_EMBED.into(), &mut stages);
        // X is the embedding plus PE, or on a model that scales its embeddings, embedding·√d + PE
        let stage_x = if config.conventions.embed_scale { strings::STAGE_X_SCALED } else { strings::STAGE_X };
        op_stage("src.x", stage_x.into(), &mut stages);
        op_stage(MASK_STAGES[0], strings::STAGE_SRC_MASK.into(), &mut stages);
        for l in 0..n {
            op_stage(&format!("enc.{l}.norm2.out"), strings::stage_encoder(l, n), &mut stages);
        }
        op_stage("enc.out", strings::STAGE_MEMORY.into(), &mut stages);
        stages.push(("tgt ids".into(), shape_text(&[shape.batch, shape.t_tgt]), tgt_ids));
        op_stage("tgt.embed", strings::STAGE_EMBED.into(), &mut stages);
        op_stage("tgt.x", stage_x.into(), &mut stages);
        // a model with no target padding mask (its start token is `<pad>`) has a causal tgt.mask
        let tgt_mask =
            if config.conventions.target_pad_mask { strings::STAGE_TGT_MASK } else { strings::STAGE_TGT_MASK_CAUSAL };
        op_stage(MASK_STAGES[1], tgt_mask.into(), &mut stages);
        for l in 0..n_dec {
            op_stage(&format!("dec.{l}.norm3.out"), strings::stage_decoder(l, n_dec), &mut stages);
        }
        op_stage("logits", strings::STAGE_LOGITS.into(), &mut stages);
        op_stage("probs", strings::STAGE_PROBS.into(), &mut stages);
        stages
    }

    /// `params`: how many numbers each block holds, from the loaded weights.
    pub(super) fn params_lines(&self) -> LinesData {
        // (block, part, count) in visiting order: "encoder.layers.0", "self_attn", 4224; a table
        // the model ties is counted once, where it is first visited, and named where it recurs
        let mut parts: Vec<(String, String, usize)> = Vec::new();
        let mut same: Vec<(String, String)> = Vec::new(); // (block, "weight: src_embed.weight, …")
        self.setup.weights.visit_stored(|name, v, tied| {
            let pieces: Vec<&str> = name.split('.').collect();
            let (block, part) = match pieces.as_slice() {
                [stack, "layers", i, part, ..] => (format!("{stack}.layers.{i}"), part.to_string()),
                [block, ..] => (block.to_string(), String::new()),
                [] => (String::new(), String::new()),
            };
            let n = if let Some(first) = tied {
                same.push((block.clone(), strings::params_same_table(name, first)));
                0
            } else {
                v.len()
            };
            match parts.last_mut() {
                Some(last) if last.0 == block && last.1 == part => last.2 += n,
                _ => parts.push((block, part, n)),
            }
        });
        let focused = self.focused_block();
        let mut d = LinesData::default();
        d.push(strings::PARAMS_HEADING, Role::Title);
        let total: usize = parts.iter().map(|p| p.2).sum();
        let mut i = 0;
        while i < parts.len() {
            let block = parts[i].0.clone();
            let mut j = i;
            while j < parts.len() && parts[j].0 == block {
                j += 1;
            }
            let sum: usize = parts[i..j].iter().map(|p| p.2).sum();
            let role = if focused.as_deref() == Some(block.as_str()) { Role::Strong } else { Role::Plain };
            d.line().put(format!("{}  {}", pad(&block, 18), pad_num(sum)), role);
            let mut detail: Vec<String> =
                parts[i..j].iter().filter(|p| !p.1.is_empty()).map(|p| format!("{} {}", p.1, thousands(p.2))).collect();
            detail.extend(same.iter().filter(|(b, _)| *b == block).map(|(_, s)| s.clone()));
            if !detail.is_empty() {
                d.put(format!("   {}", detail.join(" · ")), Role::Dim);
            }
            i = j;
        }
        d.line().put(format!("{}  {}", pad(strings::TOTAL.get(), 18), pad_num(total)), Role::Title);
        d
    }

    /// The PyTorch block of the focused operation: `encoder.layers.0`, `src_embed`, `fc_out`.
    fn focused_block(&self) -> Option<String> {
        use crate::model::program::Place;
        Some(match self.run.program().op(self.op).place {
            Place::Embedding(Side::Src) => "src_embed".into(),
            Place::Embedding(Side::Tgt) => "tgt_embed".into(),
            Place::Encoder { layer, .. } => format!("encoder.layers.{layer}"),
            Place::Decoder { layer, .. } => format!("decoder.layers.{layer}"),
            Place::Output => "fc_out".into(),
            _ => return None,
        })
    }
}

/// A count right-aligned in 7 columns: ` 50,289`.
fn pad_num(n: usize) -> String {
    crate::text::pad_left(&thousands(n), 7)
}

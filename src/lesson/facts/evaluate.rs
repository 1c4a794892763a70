//! A fact's value, read from a run of the lesson's whole program: the words and numbers the
//! screen fills into the prose whenever the beat is shown.

use super::fact::{AttentionRow, DecodeAt, Fact, HeadChoice, Sentence, TargetRow};
use super::run_rows::{decode_steps, is_pad, real_positions, real_rows, token, translation};
use crate::model::Run;
use crate::model::decode::argmax;
use crate::model::learning;
use crate::model::program::{Dim, Side, shape_text};
use crate::setup::Setup;
use crate::text::{grad_text, significant, thousands};
use ndarray::{ArrayD, IxDyn};

/// The fact's text, or a note when this run's sentences have no such row.
pub fn evaluate(fact: &Fact, full: &Run, setup: &Setup) -> String {
    let mut fact = super::probes::best_aligned_resolved(fact, setup).with_batch_resolved(setup);
    if let Fact::TopKey(a) | Fact::TopWeight(a) = &mut fact
        && a.row == super::markers::LAST_ROW
    {
        a.row = full.get(&a.op).map_or(0, |t| t.shape()[2].saturating_sub(1));
    }
    let fact = &fact;
    if !fits(fact, full, setup) {
        return crate::strings::FACT_NOT_IN_SENTENCES.to_string();
    }
    match fact {
        Fact::TopKey(a) => {
            let best = argmax(attention_row(full, a).iter().copied());
            let op = full.program().op(full.program().index_of(&a.op).expect("validated"));
            let side = if op.dims[3] == Dim::Tokens(Side::Src) { Side::Src } else { Side::Tgt };
            token(setup, side, a.batch, best)
        }
        Fact::TopWeight(a) => {
            let row = attention_row(full, a);
            match row[argmax(row.iter().copied())] {
                // a weight that rounds to 1.00: as the bars write it, 1.000 (their sum's form)
                w if w >= 0.995 => format!("{w:.3}"),
                w => format!("{w:.2}"),
            }
        }
        // three decimals, as the top-words view shows them
        Fact::NextWord(at) => setup.tgt_vocab().word(argmax(probs_row(full, *at).iter().copied())),
        Fact::NextProb { at, word } => {
            let row = probs_row(full, *at);
            let id = match word {
                Some(w) => setup.tgt_vocab().id(w).expect("validated"),
                None => argmax(row.iter().copied()),
            };
            format!("{:.3}", row[id])
        }
        Fact::Translation { batch } => translation(setup, *batch),
        Fact::Shape { op } => shape_text(full.get(op).expect("validated op, full run").shape()),
        Fact::MaskedKeys { op, batch, row } => masked_keys(full.get(op).expect("validated op, full run"), *batch, *row),
        Fact::Ids(s) => ids_of(setup, *s).iter().map(|id| id.to_string()).collect::<Vec<_>>().join(" "),
        Fact::Tokens(s) => {
            (0..ids_of(setup, *s).len()).map(|p| token(setup, s.side, s.batch, p)).collect::<Vec<_>>().join(" ")
        }
        Fact::TokenAt { sentence, pos } if *pos == super::markers::LAST_ROW => {
            token(setup, sentence.side, sentence.batch, last_pos(setup, *sentence))
        }
        Fact::TokenAt { sentence, pos } if *pos == super::markers::MOVED_ROW => {
            token(setup, sentence.side, sentence.batch, super::markers::moved_pos(setup, sentence.side, sentence.batch))
        }
        Fact::TokenAt { sentence, pos } => token(setup, sentence.side, sentence.batch, *pos),
        Fact::Length(s) => length(setup, *s).to_string(),
        Fact::LastPos(s) => last_pos(setup, *s).to_string(),
        Fact::MovedPos(s) => super::markers::moved_pos(setup, s.side, s.batch).to_string(),
        Fact::PadPositions(s) => {
            let pads: Vec<String> = ids_of(setup, *s)
                .iter()
                .enumerate()
                .filter(|&(p, id)| is_pad(setup, s.side, p, *id))
                .map(|(p, _)| p.to_string())
                .collect();
            if pads.is_empty() { crate::strings::NO_KEYS_HIDDEN.to_string() } else { pads.join(", ") }
        }
        Fact::PaddedLen { side } => {
            let ids = if *side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
            ids.ncols().to_string()
        }
        Fact::Shortest { side } => {
            let ids = if *side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
            super::markers::shortest_row(ids, setup.weights.config.pad_idx).to_string()
        }
        Fact::Sentences => setup.shape().batch.to_string(),
        Fact::SentenceCount(noun) => crate::strings::sentence_count(*noun as usize, setup.shape().batch),
        Fact::VocabSize { side } => {
            let v = if *side == Side::Src { setup.src_vocab() } else { setup.tgt_vocab() };
            v.len().to_string()
        }
        Fact::TokenUnit { side } | Fact::TokenUnits { side } => {
            let v = if *side == Side::Src { setup.src_vocab() } else { setup.tgt_vocab() };
            crate::strings::token_unit(v.tokenizer, matches!(fact, Fact::TokenUnits { .. })).to_string()
        }
        Fact::MaxLen => setup.weights.config.max_len.to_string(),
        Fact::SqrtDModel => format!("{:.2}", (setup.weights.config.d_model as f32).sqrt()),
        Fact::Params { prefix } => {
            // as the weights file stores them: a tied table once, under its first name
            let mut n = 0;
            setup.weights.visit_stored(|name, v, tied| {
                if name.starts_with(prefix.as_str()) && tied.is_none() {
                    n += v.len()
                }
            });
            thousands(n)
        }
        Fact::Rms { op, batch } => {
            let rows = real_rows(full, setup, op, *batch);
            let n = rows.len().max(1) as f64;
            format!("{:.2}", (rows.iter().map(|&v| (v as f64).powi(2)).sum::<f64>() / n).sqrt())
        }
        Fact::EmbedNorm { side, word } => {
            let (table, vocab) = if *side == Side::Src {
                (&setup.weights.src_embed, setup.src_vocab())
            } else {
                (&setup.weights.tgt_embed, setup.tgt_vocab())
            };
            let id = vocab.id(word).expect("validated");
            format!("{:.2}", table.row(id).iter().map(|&v| v * v).sum::<f32>().sqrt())
        }
        Fact::RnnGain { scale, batch } => {
            let x = real_rows(full, setup, "src.x", *batch);
            significant(crate::model::rnn::chain(x.view(), *scale).first_to_last())
        }
        Fact::RnnSteps { batch } => real_rows(full, setup, "src.x", *batch).nrows().saturating_sub(1).to_string(),
        Fact::DecodeWord(at) => decoded(setup, *at, |step| setup.tgt_vocab().word(step.chosen)),
        Fact::DecodeProb(at) => decoded(setup, *at, |step| format!("{:.2}", step.probs[step.chosen])),
        // the step's position is appended to each layer's cache: t + 1 positions after step t
        Fact::CacheShape(at) => decoded(setup, *at, |_| {
            let c = &setup.weights.config;
            crate::model::program::shape_text(&[1, c.n_heads, at.step + 1, c.d_k()])
        }),
        Fact::BnTokenMean { op, batch, row } => {
            let c = norm_comparison(full, setup, op);
            let (mean, _) = crate::model::batch_norm::token_stats(c.batch.view())[[*batch, *row]];
            format!("{:.2}", if mean.abs() < 0.005 { 0.0 } else { mean })
        }
        Fact::BnPadShift { op } => format!("{:.2}", norm_comparison(full, setup, op).pad_shift()),
        Fact::Config { name, times, div, minus } => {
            (name.value(&setup.weights.config) * times / div).saturating_sub(*minus).to_string()
        }
        Fact::Loss => learning::loss(full).map_or_else(|| "?".into(), |l| format!("{l:.3}")),
        Fact::LabelProb(at) => match learning::loss_rows(full, at.batch)[at.row] {
            // the loss view shows an ignored position's label without a probability
            row if row.ignored() => crate::strings::FACT_NOT_IN_SENTENCES.to_string(),
            row => format!("{:.3}", row.prob),
        },
        Fact::GradNorm { op } => learning::grad_norm(full, op, true).map_or_else(|| "0".into(), grad_text),
        Fact::GradNormCut { op } => learning::grad_norm(full, op, false).map_or_else(|| "0".into(), grad_text),
        Fact::WeightGrad { op } => crate::model::one_step::for_op(full, op)
            .map_or_else(|| "?".into(), |s| crate::text::four_places(s.grad as f64)),
        Fact::WeightFd { op } => crate::model::one_step::for_op(full, op)
            .map_or_else(|| "?".into(), |s| crate::text::four_places(s.estimate)),
        Fact::StepLoss { op } => {
            crate::model::one_step::for_op(full, op).map_or_else(|| "?".into(), |s| format!("{:.3}", s.loss_after))
        }
        Fact::StepDirection { op } => crate::model::one_step::for_op(full, op)
            .map_or_else(|| "?".into(), |s| crate::strings::loss_direction(s.loss_moved()).into()),
        Fact::LensWord { at, after } => {
            let rows = crate::probe::lens::lens(full, at.batch, at.row);
            rows.iter().find(|r| r.after == *after).map_or_else(|| "?".into(), |r| setup.tgt_vocab().word(r.best()))
        }
        Fact::LensForms(at) => {
            let rows = crate::probe::lens::lens(full, at.batch, at.row);
            crate::probe::lens::forms_at(&rows).map_or_else(|| "?".into(), |i| rows[i].after.clone())
        }
        Fact::TopContribution(a) => {
            let prefix = a.op.rsplit_once('.').map_or("", |(p, _)| p);
            let h = match a.head {
                HeadChoice::One(h) => h,
                HeadChoice::Mean => unreachable!("refused by the parser: a contribution is one head's"),
                HeadChoice::BestAligned => unreachable!("resolved by best_aligned_resolved"),
            };
            let keys = crate::probe::contribution::contributions(full, prefix, a.batch, h, a.row);
            let best = keys.map(|k| argmax(k.iter().map(|c| c.norm as f32)));
            let op = full.program().op(full.program().index_of(&a.op).expect("validated"));
            let side = if op.dims[3] == Dim::Tokens(Side::Src) { Side::Src } else { Side::Tgt };
            best.map_or_else(|| "?".into(), |j| token(setup, side, a.batch, j))
        }
        Fact::AblatedWord { op, head, at } => super::probes::ablated_word(full, setup, op, *head, *at),
        Fact::PatchPositions { op } => super::probes::patch_positions(full, op),
        Fact::AlignAer { .. } | Fact::AlignBest { .. } | Fact::AlignFloor => super::probes::alignment(fact, setup),
        Fact::Activation => crate::strings::activation_name(setup.weights.config.conventions.activation).to_string(),
        Fact::Positions => {
            let d = setup.weights.config.d_model;
            crate::strings::position_layout(setup.weights.config.conventions.positions, d.div_ceil(2), d / 2)
        }
        Fact::StartToken => setup.tgt_vocab().word(setup.weights.config.conventions.start_id),
        Fact::EndToken => setup.tgt_vocab().word(setup.weights.config.conventions.eos_id),
        Fact::PadId => setup.weights.config.pad_idx.to_string(),
        Fact::EmbedScale => match setup.weights.config.conventions.embed_scale {
            true => crate::strings::embed_scaled(setup.weights.config.d_model),
            false => crate::strings::EMBED_UNSCALED.to_string(),
        },
        Fact::Vocabulary => {
            let w = &setup.weights;
            let shared = w.src_embed.as_ptr() == w.tgt_embed.as_ptr();
            let pieces = setup.tgt_vocab().tokenizer == crate::model::vocab::Tokenizer::Pieces;
            crate::strings::vocabulary_words(shared, pieces, setup.src_vocab().len(), setup.tgt_vocab().len())
        }
        Fact::OutputWeights => {
            let w = &setup.weights;
            let tied = w.fc_out.weight.as_ptr() == w.tgt_embed.as_ptr() || w.fc_out.weight == w.tgt_embed;
            crate::strings::output_weights(tied).to_string()
        }
        Fact::GreedyTranslation { batch } => super::run_rows::generated(setup, *batch, 1),
        Fact::BeamTranslation { beams, batch } => super::run_rows::generated(setup, *batch, *beams),
        Fact::GradRows { side } => learning::embed_grad_rows(full, *side).len().to_string(),
        Fact::EmbedGrad { side, word } => {
            let vocab = if *side == Side::Src { setup.src_vocab() } else { setup.tgt_vocab() };
            grad_text(learning::embed_grad_norm(full, *side, vocab.id(word).expect("validated")))
        }
    }
}

/// Whether the batch row and row a fact names exist in this run: a lesson's facts are checked
/// against its own sentences, and a learner's own sentences may be fewer or shorter.
fn fits(fact: &Fact, full: &Run, setup: &Setup) -> bool {
    let shape = setup.shape();
    if fact.batch() >= shape.batch {
        return false;
    }
    match fact {
        Fact::TopKey(a) | Fact::TopWeight(a) | Fact::TopContribution(a) => full.get(&a.op).is_some_and(|t| {
            let head_exists = match a.head {
                HeadChoice::Mean => true,
                HeadChoice::BestAligned => unreachable!("resolved by best_aligned_resolved"),
                HeadChoice::One(h) => h < t.shape()[1],
            };
            head_exists && a.row < t.shape()[2]
        }),
        Fact::NextWord(at)
        | Fact::NextProb { at, .. }
        | Fact::LabelProb(at)
        | Fact::LensWord { at, .. }
        | Fact::LensForms(at)
        | Fact::AblatedWord { at, .. } => at.row < shape.t_tgt,
        Fact::TokenAt { pos, .. } if *pos == super::markers::LAST_ROW || *pos == super::markers::MOVED_ROW => true,
        Fact::TokenAt { sentence, pos } if sentence.side == Side::Src => *pos < shape.t_src,
        Fact::TokenAt { pos, .. } => *pos < shape.t_tgt,
        Fact::BnTokenMean { op, row, .. } => full.get(op).is_some_and(|t| *row < t.shape()[1]),
        // patching copies from batch row 1: a learner's one sentence has none
        Fact::PatchPositions { .. } => shape.batch >= 2,
        _ => true,
    }
}

/// One query row of attention weights (B, H, T_q, T_k): one head's, or the mean over heads.
fn attention_row(full: &Run, a: &AttentionRow) -> Vec<f32> {
    let t = full.get(&a.op).expect("validated op, full run");
    let (heads, keys) = (t.shape()[1], t.shape()[3]);
    let at = |h: usize, k: usize| t[IxDyn(&[a.batch, h, a.row, k])];
    (0..keys)
        .map(|k| match a.head {
            HeadChoice::One(h) => at(h, k),
            HeadChoice::Mean => (0..heads).map(|h| at(h, k)).sum::<f32>() / heads as f32,
            HeadChoice::BestAligned => unreachable!("resolved by best_aligned_resolved"),
        })
        .collect()
}

/// The output's probabilities (B, T, V) at one target position.
fn probs_row(full: &Run, at: TargetRow) -> Vec<f32> {
    let probs = full.get("probs").expect("full run");
    (0..probs.shape()[2]).map(|j| probs[IxDyn(&[at.batch, at.row, j])]).collect()
}

/// The key positions a mask (B, 1, T_q or 1, T_k) hides from one query row.
fn masked_keys(t: &ArrayD<f32>, batch: usize, row: usize) -> String {
    let keys = t.shape()[3];
    let b = batch.min(t.shape()[0] - 1);
    let r = row.min(t.shape()[2] - 1);
    let hidden: Vec<String> = (0..keys).filter(|&k| t[IxDyn(&[b, 0, r, k])] == 0.0).map(|k| k.to_string()).collect();
    if hidden.is_empty() { crate::strings::NO_KEYS_HIDDEN.to_string() } else { hidden.join(", ") }
}

fn ids_of(setup: &Setup, s: Sentence) -> Vec<usize> {
    let ids = if s.side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
    ids.row(s.batch).to_vec()
}

/// A greedy decoding step, shown by `show`, or a note that decoding had ended before it.
fn decoded(setup: &Setup, at: DecodeAt, show: impl Fn(&crate::model::decode::DecodeStep) -> String) -> String {
    let steps = decode_steps(setup, at.batch, crate::model::decode::Choice::Greedy);
    match steps.get(at.step) {
        Some(step) => show(step),
        None => crate::strings::DECODING_HAD_ENDED.to_string(),
    }
}

/// LayerNorm against BatchNorm on an Add & Norm's sum (B, T, d).
fn norm_comparison(full: &Run, setup: &Setup, op: &str) -> crate::model::batch_norm::NormComparison {
    let x = full.get(op).expect("validated op, full run");
    let x = x.view().into_dimensionality::<ndarray::Ix3>().expect("(B, T, d)");
    let side = if op.starts_with("enc") { Side::Src } else { Side::Tgt };
    crate::model::batch_norm::NormComparison::of(x, real_positions(setup, side).view())
}

/// How many real (not `<pad>`) tokens the sentence has.
fn length(setup: &Setup, s: Sentence) -> usize {
    ids_of(setup, s).iter().enumerate().filter(|&(p, &id)| !is_pad(setup, s.side, p, id)).count()
}

/// The position of the sentence's last real token: its length − 1.
fn last_pos(setup: &Setup, s: Sentence) -> usize {
    length(setup, s).saturating_sub(1)
}

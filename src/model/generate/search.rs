//! Greedy and beam search, step for step as transformers 5's `GenerationMixin._sample` (without
//! sampling) and `_beam_search` compute them: log-softmax, the logits processors, the top 2·beams
//! continuations, the finished hypotheses scored by sum of log-probabilities / length^penalty,
//! and the same stopping rules. Scores are float32, as there.

use super::incremental::{DecoderState, encode};
use super::scores::{BeamRoom, BeamScores, Softmax, argmax, beam_scores, log_softmax};
use crate::model::top_k::top_k;
use crate::model::weights::Weights;
use ndarray::{Array2, Axis};
use std::sync::Arc;

/// transformers' `early_stopping`: False (its default) stops when no running beam can beat the
/// worst finished one at the current length; True when `beams` hypotheses are finished; Never
/// estimates with the longest possible length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EarlyStopping {
    #[default]
    Heuristic,
    WhenFull,
    Never,
}

/// What `generate()` reads from a model's generation_config.json (and config.json).
#[derive(Debug, Clone, PartialEq)]
pub struct GenerationConfig {
    pub num_beams: usize,
    /// The longest output, the start token included.
    pub max_length: usize,
    pub start_id: usize,
    pub eos_id: usize,
    pub pad_id: usize,
    /// Tokens never generated (`bad_words_ids` of length 1).
    pub bad_ids: Vec<usize>,
    /// Forced at the last position (`forced_eos_token_id`).
    pub forced_eos: Option<usize>,
    /// log-softmax again after the processors (`renormalize_logits`).
    pub renormalize: bool,
    pub length_penalty: f32,
    pub early_stopping: EarlyStopping,
}

/// One source row's translation.
#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    /// The start token, the pieces, and `</s>` unless max_length cut it.
    pub ids: Vec<usize>,
    /// For each generated piece, its probability under the processed scores (softmax of them).
    pub step_probs: Vec<f32>,
    /// Beam search: the hypothesis's score (sum of log-probabilities / length^penalty).
    pub score: Option<f32>,
}

/// Translate each row of `src_ids` (B, T_src).
pub fn generate(weights: &Arc<Weights>, src_ids: &Array2<usize>, config: &GenerationConfig) -> Vec<Generated> {
    let memory = encode(weights, src_ids);
    generate_from(weights, &memory, src_ids, config)
}

/// The same from the encoder's output `memory` (B, T_src, d), already computed.
pub fn generate_from(
    weights: &Arc<Weights>,
    memory: &ndarray::Array3<f32>,
    src_ids: &Array2<usize>,
    config: &GenerationConfig,
) -> Vec<Generated> {
    generate_timed(weights, memory, src_ids, config, &mut FirstToken::start())
}

/// When the first piece was chosen, counted from the start of decoding: that step also fills
/// the cross-attention's cache of the source's keys and values, so it takes longer than the rest
/// (`translate --timings`).
#[derive(Debug, Clone, Copy)]
pub struct FirstToken {
    started: std::time::Instant,
    pub after: Option<std::time::Duration>,
}

impl FirstToken {
    pub fn start() -> FirstToken {
        FirstToken { started: std::time::Instant::now(), after: None }
    }

    /// A piece was chosen: the first one sets the time.
    fn chosen(&mut self) {
        self.after.get_or_insert_with(|| self.started.elapsed());
    }
}

/// `generate_from`, noting in `first` when the first piece was chosen.
pub fn generate_timed(
    weights: &Arc<Weights>,
    memory: &ndarray::Array3<f32>,
    src_ids: &Array2<usize>,
    config: &GenerationConfig,
    first: &mut FirstToken,
) -> Vec<Generated> {
    if config.num_beams <= 1 {
        greedy(weights, memory, src_ids, config, first)
    } else {
        (0..src_ids.nrows())
            .map(|row| {
                let src = src_ids.slice(ndarray::s![row..row + 1, ..]).to_owned();
                let mem = memory.slice(ndarray::s![row..row + 1, .., ..]).to_owned();
                beam(weights, &mem, &src, config, first)
            })
            .collect()
    }
}

/// The logits processors of a Marian generation config, in transformers' order, on one row of
/// scores for a sequence `cur_len` long: bad words to −∞, `</s>` forced at max_length − 1, then
/// renormalised.
fn process(scores: &mut [f32], cur_len: usize, config: &GenerationConfig, terms: &mut Vec<f32>) {
    for &bad in &config.bad_ids {
        if bad != config.eos_id && bad < scores.len() {
            scores[bad] = f32::NEG_INFINITY;
        }
    }
    if let Some(eos) = config.forced_eos
        && cur_len + 1 == config.max_length
        && eos < scores.len()
    {
        scores.fill(f32::NEG_INFINITY);
        scores[eos] = 0.0;
    }
    if config.renormalize {
        log_softmax(scores, terms);
    }
}

/// Greedy search for a batch: each row appends its best token until it writes `</s>`; finished
/// rows append `<pad>` until every row is done or max_length is reached.
fn greedy(
    weights: &Arc<Weights>,
    memory: &ndarray::Array3<f32>,
    src_ids: &Array2<usize>,
    config: &GenerationConfig,
    first: &mut FirstToken,
) -> Vec<Generated> {
    let batch = src_ids.nrows();
    let mut state = DecoderState::new(weights, memory, src_ids, 1);
    let mut out: Vec<Generated> =
        (0..batch).map(|_| Generated { ids: vec![config.start_id], step_probs: vec![], score: None }).collect();
    let mut finished = vec![false; batch];
    let mut cur_len = 1;
    let mut terms = Vec::new(); // room for a row's exponentials
    while cur_len < config.max_length && !finished.iter().all(|&f| f) {
        let last: Vec<usize> = out.iter().map(|g| *g.ids.last().expect("a start token")).collect();
        let logits = state.step(&last); // (B, vocab)
        for (b, g) in out.iter_mut().enumerate() {
            if finished[b] {
                g.ids.push(config.pad_id);
                continue;
            }
            let mut scores: Vec<f32> = logits.index_axis(Axis(0), b).to_vec();
            process(&mut scores, cur_len, config, &mut terms);
            let token = argmax(&scores);
            g.step_probs.push(Softmax::of(&scores, &mut terms).at(&scores, token));
            g.ids.push(token);
            finished[b] = token == config.eos_id;
        }
        first.chosen();
        cur_len += 1;
    }
    // rows that finished early carry <pad> after their </s>, as the batch's padding
    for g in &mut out {
        while g.ids.len() > 1 && g.ids.last() == Some(&config.pad_id) {
            g.ids.pop();
        }
    }
    out
}

/// One running or finished hypothesis.
#[derive(Clone)]
struct Hypothesis {
    ids: Vec<usize>,
    probs: Vec<f32>,
    score: f32,
}

/// `_update_finished_beams`: the previous finished hypotheses and the candidates (in top-k
/// order) merged, the best `beams` kept. Only the first `beams` candidates that stopped count as
/// finished (score / length^penalty); the others, and all once no improvement is possible, sink
/// by 1e9.
fn update_finished(
    finished: Vec<(Hypothesis, bool)>,
    candidates: Vec<Hypothesis>,
    hits: &[bool],
    beams: usize,
    length_factor: f32,
    improvable: bool,
) -> Vec<(Hypothesis, bool)> {
    let mut merged = finished;
    for (i, mut h) in candidates.into_iter().enumerate() {
        let just_finished = hits[i] && i < beams;
        let mut score = h.score / length_factor;
        if !improvable {
            score += -1.0e9;
        }
        if !just_finished {
            score += -1.0e9;
        }
        h.score = score;
        merged.push((h, just_finished));
    }
    let scores: Vec<f32> = merged.iter().map(|m| m.0.score).collect();
    top_k(&scores, beams).into_iter().map(|i| merged[i].clone()).collect()
}

/// `_check_early_stop_heuristic` once every finished slot is filled: can the best running beam,
/// at the length the heuristic assumes, still beat the worst finished hypothesis?
fn can_improve(
    running: &[Hypothesis],
    finished: &[(Hypothesis, bool)],
    cur_len: usize,
    config: &GenerationConfig,
) -> bool {
    let penalty = config.length_penalty;
    let hypothetical = match config.early_stopping {
        EarlyStopping::Never if penalty > 0.0 => config.max_length - 1,
        _ => cur_len - 1,
    } as f32;
    let best_possible = running[0].score / hypothetical.powf(penalty);
    let worst = finished.iter().map(|f| f.0.score).fold(f32::INFINITY, f32::min);
    best_possible > worst
}

/// Beam search for one source row, as `_beam_search` does it with one sequence returned.
fn beam(
    weights: &Arc<Weights>,
    memory: &ndarray::Array3<f32>,
    src_ids: &Array2<usize>,
    config: &GenerationConfig,
    first: &mut FirstToken,
) -> Generated {
    let beams = config.num_beams;
    let keep = 2 * beams; // max(2, 1 + one eos) · beams
    let penalty = config.length_penalty;
    let mut state = DecoderState::new(weights, memory, src_ids, beams);
    let mut running: Vec<Hypothesis> = (0..beams)
        .map(|i| Hypothesis { ids: vec![config.start_id], probs: vec![], score: if i == 0 { 0.0 } else { -1e9 } })
        .collect();
    // the finished slots start empty, scored −1e9 (never chosen over a real hypothesis)
    let mut finished: Vec<(Hypothesis, bool)> =
        (0..beams).map(|_| (Hypothesis { ids: vec![], probs: vec![], score: -1e9 }, false)).collect();
    let mut improvable = true;
    let mut cur_len = 1;
    let room = BeamRoom::new(beams, weights.config.tgt_vocab);
    loop {
        let last: Vec<usize> = running.iter().map(|h| *h.ids.last().expect("a start token")).collect();
        let logits = state.step(&last); // (beams, vocab)
        let vocab = logits.ncols();
        let scores: Vec<f32> = running.iter().map(|h| h.score).collect();
        // each beam's row log-softmaxed and processed, the rows shared out between the cores
        let BeamScores { rows: processed, softmaxes, candidates } =
            beam_scores(&logits, &scores, keep, &room, |row, terms| {
                log_softmax(row, terms);
                process(row, cur_len, config, terms);
            });
        // a candidate hits a stopping criterion when it wrote </s> or reached max_length
        let hits: Vec<bool> = candidates
            .iter()
            .map(|&(_, token, _)| token == config.eos_id || cur_len + 1 >= config.max_length)
            .collect();
        let extend = |&(from, token, score): &(usize, usize, f32)| {
            let mut h = running[from].clone();
            h.ids.push(token);
            h.probs.push(softmaxes[from].at(&processed[from * vocab..(from + 1) * vocab], token));
            h.score = score;
            h
        };
        // the next running beams: the best candidates that did not stop
        let running_scores: Vec<f32> =
            candidates.iter().zip(&hits).map(|(c, &hit)| c.2 + if hit { -1.0e9 } else { 0.0 }).collect();
        let next = top_k(&running_scores, beams);
        let next_running: Vec<Hypothesis> = next
            .iter()
            .map(|&i| {
                let mut h = extend(&candidates[i]);
                h.score = running_scores[i];
                h
            })
            .collect();
        // the finished: the previous ones and the top `beams` candidates that just stopped
        let extended: Vec<Hypothesis> = candidates.iter().map(extend).collect();
        let length = (cur_len + 1 - 1) as f32;
        finished = update_finished(finished, extended, &hits, beams, length.powf(penalty), improvable);
        let order: Vec<usize> = next.iter().map(|&i| candidates[i].0).collect();
        state.reorder(&order);
        first.chosen();
        running = next_running;
        cur_len += 1;
        let all_done = finished.iter().all(|f| f.1);
        improvable = improvable && (!all_done || can_improve(&running, &finished, cur_len, config));
        let open_beam = !(all_done && config.early_stopping == EarlyStopping::WhenFull);
        if !(improvable && open_beam && !hits.iter().all(|&h| h)) {
            break;
        }
    }
    let best = finished.into_iter().next().expect("beams ≥ 1").0;
    Generated { ids: best.ids, step_probs: best.probs, score: Some(best.score) }
}

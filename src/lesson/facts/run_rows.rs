//! What facts and views read from a run of the lesson's sentences: a row's real (non-`<pad>`)
//! token vectors, its tokens, greedy decoding and the translation it gives.

use crate::model::Run;
use crate::model::decode::greedy;
use crate::model::program::{Dim, Side};
use crate::setup::Setup;
use std::sync::Arc;

/// Decoding of one source row, step by step, each word chosen as `choice` says.
pub fn decode_steps(
    setup: &Setup,
    batch: usize,
    choice: crate::model::decode::Choice,
) -> std::sync::Arc<Vec<crate::model::decode::DecodeStep>> {
    let src = setup.src_ids.row(batch).to_owned().insert_axis(ndarray::Axis(0));
    crate::model::decode::decode_steps(&setup.weights, &src, choice)
}

/// The model's greedy translation of source row `batch`, as `{translation}` and the decode view show it.
/// The last few are kept (a bounded `WeakCache`): the decode view and facts ask for it beat after beat.
pub fn translation(setup: &Setup, batch: usize) -> String {
    static KEPT: crate::weak_cache::WeakCache<crate::model::Weights, ndarray::Array2<usize>, Arc<Vec<usize>>> =
        crate::weak_cache::WeakCache::bounded(6);
    let src = setup.src_ids.row(batch).to_owned().insert_axis(ndarray::Axis(0));
    let words =
        KEPT.get_or_make(&setup.weights, src.clone(), || Arc::new(greedy(&setup.weights, &src).words.swap_remove(0)));
    setup.tgt_vocab().decode(&words)
}

/// Source row `batch` translated as transformers' `generate()` does it with `beams` beams (1:
/// greedy search): from the model's own start token, with a loaded translator's generation
/// settings, or for the tutor's models the settings its conventions give (`<pad>` never generated
/// when it is not the start token, at most max_len tokens).
pub fn generated(setup: &Setup, batch: usize, beams: usize) -> String {
    use crate::model::generate::{EarlyStopping, GenerationConfig, generate};
    let config = &setup.weights.config;
    let c = config.conventions;
    let base = setup.weights.generation.clone().unwrap_or_else(|| GenerationConfig {
        num_beams: 1,
        max_length: config.max_len,
        start_id: c.start_id,
        eos_id: c.eos_id,
        pad_id: config.pad_idx,
        bad_ids: if c.start_id != config.pad_idx { vec![config.pad_idx] } else { vec![] },
        forced_eos: None,
        renormalize: false,
        length_penalty: 1.0,
        early_stopping: EarlyStopping::Heuristic,
    });
    let generation = GenerationConfig { num_beams: beams, ..base };
    let src = setup.src_ids.row(batch).to_owned().insert_axis(ndarray::Axis(0));
    let out = generate(&setup.weights, &src, &generation).into_iter().next();
    let ids: Vec<usize> = out.map(|g| g.ids).unwrap_or_default();
    // the words between the start token and the end, as `{translation}` shows them
    let words: Vec<usize> =
        ids.iter().skip(1).copied().take_while(|&id| id != c.eos_id && id != config.pad_idx).collect();
    setup.tgt_vocab().decode(&words)
}

/// The (T, d) token vectors of one batch row of `op`, real positions only.
pub fn real_rows(full: &Run, setup: &Setup, op: &str, batch: usize) -> ndarray::Array2<f32> {
    let t = full.get(op).expect("validated op, full run");
    let index = full.program().index_of(op).expect("validated");
    let dims = &full.program().op(index).dims;
    let side = if op.starts_with("tgt") || dims.contains(&Dim::Tokens(Side::Tgt)) { Side::Tgt } else { Side::Src };
    let ids = if side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
    let row = if t.ndim() == 3 { t.index_axis(ndarray::Axis(0), batch) } else { t.view() };
    let keep: Vec<usize> =
        (0..row.shape()[0]).filter(|&p| ids.get([batch, p]).is_none_or(|&id| !is_pad(setup, side, p, id))).collect();
    let d = row.shape()[1];
    ndarray::Array2::from_shape_fn((keep.len(), d), |(i, j)| row[[keep[i], j]])
}

/// The real (non-`<pad>`) positions of each batch row of one side: (B, T) booleans.
pub fn real_positions(setup: &Setup, side: Side) -> ndarray::Array2<bool> {
    let ids = if side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
    ndarray::Array2::from_shape_fn(ids.dim(), |(b, p)| !is_pad(setup, side, p, ids[[b, p]]))
}

/// Whether `id` at position `pos` of a sentence of `side` is padding: the model's `<pad>`, except
/// where a loaded translator starts its targets with `<pad>` (its start token, a real position).
pub fn is_pad(setup: &Setup, side: Side, pos: usize, id: usize) -> bool {
    let c = &setup.weights.config;
    id == c.pad_idx && !(side == Side::Tgt && pos == 0 && c.conventions.start_id == c.pad_idx)
}

/// The token at `position` of one side's batch row.
pub fn token(setup: &Setup, side: Side, batch: usize, position: usize) -> String {
    match side {
        Side::Src => setup.src_vocab().word(setup.src_ids[[batch, position]]),
        Side::Tgt => setup.tgt_vocab().word(setup.tgt_ids[[batch, position]]),
    }
}

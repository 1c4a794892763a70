//! The scores of one search step over the 65,001-piece vocabulary, as transformers computes them
//! in float32: log-softmax (x − max − log Σ e^(x − max)), the softmax of a processed row, the
//! best piece. Each is the same arithmetic in the same order as the plain loops (kept in the
//! tests below as the reference), with the exponentials in vector code (`exp_shifted_exact`:
//! the bits of `f32::exp`) and the maximum in eight lanes (the same number in any order); each
//! sum is still one chain of additions in index order, as `Iterator::sum` adds. Beam search's
//! rows are shared out between the cores, each row's best candidates found beside it.

use crate::model::fast::parallel;
use crate::model::softmax::{exp_shifted_exact, row_max};
use crate::model::top_k::top_k;
use ndarray::Array2;
use std::sync::Mutex;

/// The index of the first largest value (NaN never; 0 when none is above −∞), as
/// `decode::argmax` finds it in one pass.
pub(super) fn argmax(row: &[f32]) -> usize {
    let max = row_max(row);
    if max == f32::NEG_INFINITY || max.is_nan() {
        return 0;
    }
    row.iter().position(|&v| v == max).unwrap_or(0)
}

/// Σ e^(row[i] − shift), the terms added in index order from −0.0 as `Iterator::sum` adds them.
fn exp_sum(row: &[f32], shift: f32, terms: &mut Vec<f32>) -> f32 {
    terms.resize(row.len(), 0.0);
    exp_shifted_exact(row, shift, terms);
    terms.iter().sum()
}

/// log_softmax over the row in place, in float32 as torch computes it: x − max − log Σ e^(x − max).
/// A row without a finite maximum is left as it is. `terms` is room for the exponentials.
pub(super) fn log_softmax(row: &mut [f32], terms: &mut Vec<f32>) {
    let max = row_max(row);
    if !max.is_finite() {
        return;
    }
    let log_sum = exp_sum(row, max, terms).ln();
    for v in row.iter_mut() {
        *v = *v - max - log_sum;
    }
}

/// A row's softmax, its maximum and sum computed once for any number of entries.
pub(super) struct Softmax {
    max: f32,
    sum: f32,
}

impl Softmax {
    pub(super) fn of(scores: &[f32], terms: &mut Vec<f32>) -> Softmax {
        let max = row_max(scores);
        Softmax { max, sum: exp_sum(scores, max, terms) }
    }

    pub(super) fn at(&self, scores: &[f32], index: usize) -> f32 {
        (scores[index] - self.max).exp() / self.sum
    }
}

/// One beam step's rows: each hypothesis's logits made its processed scores by `process` (on a
/// row and room for its exponentials), the row's softmax, and the `keep` best of
/// score-so-far + processed score over every row, best first, as (hypothesis, piece, score):
/// what `top_k` finds over the rows laid end to end (each row's own best `keep` hold the best
/// `keep` of all, and are merged in the same order: larger first, then the earlier index).
pub(super) struct BeamScores {
    pub rows: Vec<f32>,
    pub softmaxes: Vec<Softmax>,
    pub candidates: Vec<(usize, usize, f32)>,
}

/// Room for each row's exponentials, kept from step to step (allocated here, on the thread that
/// runs the search, not on the engine's helper: a second thread's heap would hold memory of its
/// own).
pub(super) struct BeamRoom(Vec<Mutex<Vec<f32>>>);

impl BeamRoom {
    pub(super) fn new(beams: usize, vocab: usize) -> BeamRoom {
        BeamRoom((0..beams).map(|_| Mutex::new(Vec::with_capacity(vocab))).collect())
    }
}

pub(super) fn beam_scores(
    logits: &Array2<f32>,
    running: &[f32],
    keep: usize,
    room: &BeamRoom,
    process: impl Fn(&mut [f32], &mut Vec<f32>) + Sync,
) -> BeamScores {
    let (beams, vocab) = logits.dim();
    type RowResult = (Softmax, Vec<(f32, usize)>);
    let results: Vec<Mutex<Option<RowResult>>> = (0..beams).map(|_| Mutex::new(None)).collect();
    let mut rows = vec![0f32; beams * vocab];
    parallel::for_each_chunk_mut(&mut rows, vocab.max(1), |i, row| {
        let mut terms = room.0[i].lock().expect("each row's room is locked by its row alone");
        let terms = &mut *terms;
        row.copy_from_slice(logits.row(i).as_slice().expect("logits are row-major"));
        process(row, terms);
        let softmax = Softmax::of(row, terms);
        // this row's part of the accumulated scores, and its best `keep`
        for (t, &v) in terms.iter_mut().zip(row.iter()) {
            *t = v + running[i];
        }
        let best = top_k(terms, keep).into_iter().map(|j| (terms[j], i * vocab + j)).collect();
        if let Ok(mut slot) = results[i].lock() {
            *slot = Some((softmax, best));
        }
    });
    let mut softmaxes = Vec::with_capacity(beams);
    let mut all = Vec::with_capacity(beams * keep);
    for slot in results {
        let (softmax, best) = slot.into_inner().ok().flatten().expect("every row was processed");
        softmaxes.push(softmax);
        all.extend(best);
    }
    let key = |v: f32| if v.is_nan() { f32::NEG_INFINITY } else { v };
    all.sort_by(|a, b| key(b.0).total_cmp(&key(a.0)).then(a.1.cmp(&b.1)));
    all.truncate(keep);
    let candidates = all.into_iter().map(|(score, ix)| (ix / vocab, ix % vocab, score)).collect();
    BeamScores { rows, softmaxes, candidates }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain loops the search used before: the reference for every bit.
    fn plain_log_softmax(row: &mut [f32]) {
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        if !max.is_finite() {
            return;
        }
        let sum: f32 = row.iter().map(|&v| (v - max).exp()).sum();
        let log_sum = sum.ln();
        for v in row.iter_mut() {
            *v = *v - max - log_sum;
        }
    }

    fn plain_softmax_at(scores: &[f32], index: usize) -> f32 {
        let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let sum: f32 = scores.iter().map(|&v| (v - max).exp()).sum();
        (scores[index] - max).exp() / sum
    }

    fn rows() -> Vec<Vec<f32>> {
        let mut state = 12345u32;
        let mut next = move || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 8) as f32 / (1 << 24) as f32
        };
        let mut rows: Vec<Vec<f32>> = vec![];
        for (len, spread) in [(65_001, 8.0), (1000, 40.0), (37, 1.0), (9, 200.0), (1, 1.0)] {
            rows.push((0..len).map(|_| (next() - 0.5) * spread).collect());
        }
        // ties at the top, −∞ entries (bad words), a row of only −∞, NaN, ±0 at the top
        let mut tied = rows[1].clone();
        tied[3] = 30.0;
        tied[700] = 30.0;
        tied[5] = f32::NEG_INFINITY;
        rows.push(tied);
        rows.push(vec![f32::NEG_INFINITY; 20]);
        let mut nan = rows[2].clone();
        nan[4] = f32::NAN;
        rows.push(nan);
        rows.push(vec![-0.0, 0.0, -1.0, 0.0, -0.0]);
        rows
    }

    #[test]
    fn the_plain_loops_bits() {
        let mut terms = Vec::new();
        for row in rows() {
            let (mut fast, mut plain) = (row.clone(), row.clone());
            log_softmax(&mut fast, &mut terms);
            plain_log_softmax(&mut plain);
            let bits = |r: &[f32]| r.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&fast), bits(&plain), "log-softmax of a row of {}", row.len());
            let best = argmax(&fast);
            assert_eq!(best, crate::model::decode::argmax(plain.iter().copied()), "argmax");
            assert_eq!(argmax(&row), crate::model::decode::argmax(row.iter().copied()), "argmax");
            let softmax = Softmax::of(&fast, &mut terms);
            for i in [0, best, row.len() / 2, row.len() - 1] {
                let (a, b) = (softmax.at(&fast, i), plain_softmax_at(&plain, i));
                assert!(a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()), "softmax at {i}: {a} {b}");
            }
        }
    }

    /// The merged best of each row are `top_k` over the rows end to end.
    #[test]
    fn beam_candidates_are_top_k_of_all_rows() {
        let base = &rows()[1];
        let beams = 4;
        let mut logits = Array2::from_shape_fn((beams, base.len()), |(i, j)| base[(j * 7 + i * 13) % base.len()]);
        logits[[1, 10]] = 25.0; // a tie within a row, at the top
        logits[[1, 11]] = 25.0;
        let running = [0.0, -0.5, -1.25, -1e9];
        let room = BeamRoom::new(beams, base.len());
        let scores = beam_scores(&logits, &running, 8, &room, log_softmax);
        let mut end_to_end = Vec::new();
        for (i, row) in scores.rows.chunks(base.len()).enumerate() {
            end_to_end.extend(row.iter().map(|&v| v + running[i]));
        }
        let expected: Vec<(usize, usize, f32)> =
            top_k(&end_to_end, 8).into_iter().map(|ix| (ix / base.len(), ix % base.len(), end_to_end[ix])).collect();
        assert_eq!(scores.candidates, expected);
        assert!(expected.iter().any(|c| c.0 == 1 && c.1 == 10), "the tie is among the best");
    }
}

//! The markers a lesson writes for a batch row or a query row that depends on the sentences run
//! (`batch=shortest-src`, `row=last`), and how a run's sentences resolve them.

use super::fact::Fact;

/// `batch=shortest-src` (in a fact) or `batch = "shortest-src"` (on a beat): the batch row with the
/// fewest real source tokens, the first of them when several tie; found when the run is, so prose
/// about padding follows a learner's own sentences. Kept in a `batch` field as this marker until
/// `resolve_batch` reads the run's sentences.
pub const SHORTEST_SRC: usize = usize::MAX;
/// The same on the target side, `shortest-tgt`.
pub const SHORTEST_TGT: usize = usize::MAX - 1;

/// `row=last` (in a fact) or `row = "last"` (on a beat): the tensor's last query row on the run's
/// sentences, which is a `<pad>` position in the shortest sentence whenever it is padded.
pub const LAST_ROW: usize = usize::MAX;

/// The written name of a batch marker, or None for a row number.
pub fn batch_marker(name: &str) -> Option<usize> {
    match name {
        "shortest-src" => Some(SHORTEST_SRC),
        "shortest-tgt" => Some(SHORTEST_TGT),
        _ => None,
    }
}

impl Fact {
    /// The fact with a `shortest-src`/`shortest-tgt` batch marker replaced by the row it names in
    /// these sentences.
    pub fn with_batch_resolved(&self, ids: (&ndarray::Array2<usize>, &ndarray::Array2<usize>)) -> Fact {
        let mut fact = self.clone();
        if let Some(b) = fact.batch_mut() {
            *b = resolve_batch(*b, ids);
        }
        fact
    }
}

/// A batch row: a row number as it is, a marker (`SHORTEST_SRC`, `SHORTEST_TGT`) the row with the
/// fewest real tokens on that side of these sentences (source ids, target ids).
pub fn resolve_batch(batch: usize, (src, tgt): (&ndarray::Array2<usize>, &ndarray::Array2<usize>)) -> usize {
    match batch {
        SHORTEST_SRC => shortest_row(src),
        SHORTEST_TGT => shortest_row(tgt),
        b => b,
    }
}

/// The first row of `ids` (B, T) with the fewest real (non-`<pad>`) tokens.
pub fn shortest_row(ids: &ndarray::Array2<usize>) -> usize {
    let real = |r: usize| ids.row(r).iter().filter(|&&id| id != crate::model::vocab::PAD_ID).count();
    (0..ids.nrows()).min_by_key(|&r| (real(r), r)).unwrap_or(0)
}

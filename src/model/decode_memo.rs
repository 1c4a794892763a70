//! The last few decodings, kept: a lesson's facts and views ask for the same row's decoding many
//! times over (each `{decode-word step=N}`, the decode view, the translation line, beat after
//! beat), and on a loaded translator each one costs the encoder, tens of decoder steps and a run
//! of the whole program over the result. An entry holds its weights (an `Arc`), so the address it
//! is matched by cannot be reused by other weights while the entry lives; weights are matched by
//! identity, never by value. A computation cancelled by the background worker unwinds through
//! `get_or` and stores nothing.

use super::weights::Weights;
use std::sync::{Arc, Mutex};

/// Values of `compute(key)` for given weights, the `KEEP` most recent.
pub struct Memo<K, V> {
    entries: Mutex<Vec<(Arc<Weights>, K, V)>>,
}

/// How many decodings each memo keeps: a lesson's two or three batch rows, a sampled one.
const KEEP: usize = 6;

impl<K: PartialEq, V: Clone> Memo<K, V> {
    pub const fn new() -> Memo<K, V> {
        Memo { entries: Mutex::new(Vec::new()) }
    }

    /// The kept value for (weights, key), else `compute()`'s, kept. The lock is not held while
    /// computing: two threads asking at once both compute, and the later one is kept.
    pub fn get_or(&self, weights: &Arc<Weights>, key: K, compute: impl FnOnce() -> V) -> V {
        let found = |entries: &Vec<(Arc<Weights>, K, V)>| {
            entries.iter().position(|(w, k, _)| Arc::ptr_eq(w, weights) && *k == key)
        };
        if let Ok(entries) = self.entries.lock()
            && let Some(i) = found(&entries)
        {
            return entries[i].2.clone();
        }
        let value = compute();
        if let Ok(mut entries) = self.entries.lock() {
            if let Some(i) = found(&entries) {
                entries.remove(i);
            }
            if entries.len() == KEEP {
                entries.remove(0);
            }
            entries.push((weights.clone(), key, value.clone()));
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Preset;

    #[test]
    fn kept_per_weights_and_key() {
        let a = Arc::new(Weights::init(&Preset::Tutor.config(10, 12), 7));
        let b = Arc::new((*a).clone()); // equal values, other weights
        let memo: Memo<usize, usize> = Memo::new();
        let calls = std::cell::Cell::new(0);
        let count = |v: usize| {
            calls.set(calls.get() + 1);
            v
        };
        assert_eq!(memo.get_or(&a, 1, || count(10)), 10);
        assert_eq!(memo.get_or(&a, 1, || count(99)), 10, "kept");
        assert_eq!(memo.get_or(&b, 1, || count(20)), 20, "other weights: computed");
        assert_eq!(memo.get_or(&a, 2, || count(30)), 30, "other key: computed");
        assert_eq!(calls.get(), 3);
        for k in 3..3 + KEEP {
            memo.get_or(&a, k, || count(k));
        }
        assert_eq!(memo.get_or(&a, 1, || count(40)), 40, "the oldest was dropped");
        // a cancelled computation unwinds and keeps nothing
        let unwound =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| memo.get_or(&a, 50, || panic!("cancelled"))));
        assert!(unwound.is_err());
        assert_eq!(memo.get_or(&a, 50, || count(50)), 50);
    }
}

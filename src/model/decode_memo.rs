//! The last few decodings, kept: a lesson's facts and views ask for the same row's decoding many
//! times over (each `{decode-word step=N}`, the decode view, the translation line, beat after
//! beat), and on a loaded translator each one costs the encoder, tens of decoder steps and a run
//! of the whole program over the result. Weights are matched by identity, never by value, through
//! a `Weak`: it keeps the allocation (so its address cannot be reused by other weights while the
//! entry lives) but not the weights, as `weak_cache::WeakCache` does. Values are handed out
//! shared, not copied (on opus-mt one decoding holds 65,001 probabilities a step). A computation
//! cancelled by the background worker unwinds through `get_or` and stores nothing.

use super::weights::Weights;
use std::sync::{Arc, Mutex, Weak};

/// One kept value: the weights it was computed on, its key, the value.
type Entry<K, V> = (Weak<Weights>, K, Arc<V>);

/// Values of `compute()` for given weights and key, the `KEEP` most recently used.
pub struct Memo<K, V> {
    entries: Mutex<Vec<Entry<K, V>>>,
}

/// How many decodings each memo keeps: a lesson's two or three batch rows, a sampled one.
const KEEP: usize = 6;

impl<K: PartialEq, V> Default for Memo<K, V> {
    fn default() -> Memo<K, V> {
        Memo::new()
    }
}

impl<K: PartialEq, V> Memo<K, V> {
    pub const fn new() -> Memo<K, V> {
        Memo { entries: Mutex::new(Vec::new()) }
    }

    /// The kept value for (weights, key), else `compute()`'s, kept. The lock is not held while
    /// computing: two threads asking at once both compute, and the later one is kept.
    pub fn get_or(&self, weights: &Arc<Weights>, key: K, compute: impl FnOnce() -> V) -> Arc<V> {
        let mine = Arc::downgrade(weights);
        let found =
            |entries: &Vec<Entry<K, V>>| entries.iter().position(|(w, k, _)| Weak::ptr_eq(w, &mine) && *k == key);
        if let Ok(mut entries) = self.entries.lock()
            && let Some(i) = found(&entries)
        {
            // the most recently used goes last, the last to be dropped
            let entry = entries.remove(i);
            let value = entry.2.clone();
            entries.push(entry);
            return value;
        }
        let value = Arc::new(compute());
        if let Ok(mut entries) = self.entries.lock() {
            // entries of weights no longer alive can never be asked for again
            entries.retain(|(w, _, _)| w.strong_count() > 0);
            if let Some(i) = found(&entries) {
                entries.remove(i);
            }
            if entries.len() == KEEP {
                entries.remove(0);
            }
            entries.push((mine, key, value.clone()));
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Preset;

    #[test]
    fn kept_per_weights_and_key_most_recently_used() {
        let a = Arc::new(Weights::init(&Preset::Tutor.config(10, 12), 7));
        let b = Arc::new((*a).clone()); // equal values, other weights
        let memo: Memo<usize, usize> = Memo::new();
        let calls = std::cell::Cell::new(0);
        let count = |v: usize| {
            calls.set(calls.get() + 1);
            v
        };
        assert_eq!(*memo.get_or(&a, 1, || count(10)), 10);
        assert_eq!(*memo.get_or(&a, 1, || count(99)), 10, "kept");
        assert_eq!(*memo.get_or(&b, 1, || count(20)), 20, "other weights: computed");
        assert_eq!(*memo.get_or(&a, 2, || count(30)), 30, "other key: computed");
        assert_eq!(calls.get(), 3);
        // used again, (a, 1) outlives the entries computed after it; (b, 1) is the oldest
        memo.get_or(&a, 1, || count(98));
        for k in 3..3 + KEEP - 2 {
            memo.get_or(&a, k, || count(k));
        }
        assert_eq!(*memo.get_or(&a, 1, || count(40)), 10, "the most recently used stays");
        assert_eq!(*memo.get_or(&b, 1, || count(41)), 41, "the least recently used was dropped");
        // weights dropped: their entries are not kept alive, nor the weights
        let weak = Arc::downgrade(&b);
        drop(b);
        assert_eq!(weak.strong_count(), 0, "the memo does not hold the weights");
        // a cancelled computation unwinds and keeps nothing
        let unwound =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| memo.get_or(&a, 50, || panic!("cancelled"))));
        assert!(unwound.is_err());
        assert_eq!(*memo.get_or(&a, 50, || count(50)), 50);
    }
}

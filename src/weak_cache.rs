//! Values computed from a shared object, kept while the object lives: one global cache type for
//! the results that are slow to make and asked for again and again, such as a model's held-out
//! scores (`probe::heldout_alignment`, `explore::heldout_score`), which a lesson's prose or a view
//! reads on every frame. A leaf: it imports nothing from the crate.

use std::sync::{Arc, Mutex, Weak};

/// Values kept per object (an `Arc<K>`: the trained model, a checkpoint of the dial, random
/// weights) and extra key `E` (`()` for none). The object is held weakly, so the cache does not
/// keep it alive, yet its memory is not reused while it is kept (a `Weak` keeps the allocation):
/// a new object cannot be taken for an old one at the same address. The entries of objects no
/// longer alive are dropped when a new one is kept.
///
/// A bounded cache (`bounded(n)`) keeps the `n` most recently used entries: for values that are
/// large and asked for with many extra keys (a decoding per source row and temperature).
pub struct WeakCache<K, E, V> {
    kept: Mutex<Vec<(Weak<K>, E, V)>>,
    limit: Option<usize>,
}

impl<K, E: PartialEq, V: Clone> WeakCache<K, E, V> {
    /// An empty cache (for a `static`).
    pub const fn new() -> WeakCache<K, E, V> {
        WeakCache { kept: Mutex::new(Vec::new()), limit: None }
    }

    /// An empty cache that keeps at most `limit` entries, the most recently used.
    pub const fn bounded(limit: usize) -> WeakCache<K, E, V> {
        WeakCache { kept: Mutex::new(Vec::new()), limit: Some(limit) }
    }

    /// The value kept for `object` and `extra`, or else `make()`'s, kept from now on. `make` runs
    /// without the cache locked, so two threads asking at once may both make it (the later one is
    /// kept); a `make` that unwinds keeps nothing.
    pub fn get_or_make(&self, object: &Arc<K>, extra: E, make: impl FnOnce() -> V) -> V {
        let key = Arc::downgrade(object);
        let position = |kept: &Vec<(Weak<K>, E, V)>| kept.iter().position(|(o, e, _)| o.ptr_eq(&key) && *e == extra);
        {
            let mut kept = self.lock();
            if let Some(i) = position(&kept) {
                // the most recently used goes last, the last a bounded cache drops
                let entry = kept.remove(i);
                let value = entry.2.clone();
                kept.push(entry);
                return value;
            }
        }
        let value = make();
        let mut kept = self.lock();
        kept.retain(|(o, _, _)| o.strong_count() > 0);
        if let Some(i) = position(&kept) {
            kept.remove(i);
        }
        if self.limit.is_some_and(|limit| kept.len() >= limit) {
            kept.remove(0);
        }
        kept.push((key, extra, value.clone()));
        value
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(Weak<K>, E, V)>> {
        self.kept.lock().expect("not poisoned")
    }
}

impl<K, E: PartialEq, V: Clone> Default for WeakCache<K, E, V> {
    fn default() -> WeakCache<K, E, V> {
        WeakCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_made_once_per_live_object_and_key() {
        let cache: WeakCache<String, u8, usize> = WeakCache::new();
        let made = std::cell::Cell::new(0);
        let make = || {
            made.set(made.get() + 1);
            made.get()
        };
        let a = Arc::new("a".to_string());
        assert_eq!(cache.get_or_make(&a, 0, make), 1);
        assert_eq!(cache.get_or_make(&a, 0, make), 1, "kept");
        assert_eq!(cache.get_or_make(&a, 1, make), 2, "another key");
        // an equal object is another object
        let b = Arc::new("a".to_string());
        assert_eq!(cache.get_or_make(&b, 0, make), 3);
        // once `a` is gone its entries go at the next keeping
        drop(a);
        let c = Arc::new("c".to_string());
        assert_eq!(cache.get_or_make(&c, 0, make), 4);
        assert_eq!(cache.lock().len(), 2);
    }

    #[test]
    fn a_bounded_cache_keeps_the_most_recently_used() {
        const KEEP: usize = 6;
        let a = Arc::new("a".to_string());
        let b = Arc::new("a".to_string()); // equal values, another object
        let memo: WeakCache<String, usize, usize> = WeakCache::bounded(KEEP);
        let calls = std::cell::Cell::new(0);
        let count = |v: usize| {
            calls.set(calls.get() + 1);
            v
        };
        assert_eq!(memo.get_or_make(&a, 1, || count(10)), 10);
        assert_eq!(memo.get_or_make(&a, 1, || count(99)), 10, "kept");
        assert_eq!(memo.get_or_make(&b, 1, || count(20)), 20, "other weights: computed");
        assert_eq!(memo.get_or_make(&a, 2, || count(30)), 30, "other key: computed");
        assert_eq!(calls.get(), 3);
        // used again, (a, 1) outlives the entries computed after it; (b, 1) is the oldest
        memo.get_or_make(&a, 1, || count(98));
        for k in 3..3 + KEEP - 2 {
            memo.get_or_make(&a, k, || count(k));
        }
        assert_eq!(memo.get_or_make(&a, 1, || count(40)), 10, "the most recently used stays");
        assert_eq!(memo.get_or_make(&b, 1, || count(41)), 41, "the least recently used was dropped");
        // objects dropped: the cache does not keep them alive
        let weak = Arc::downgrade(&b);
        drop(b);
        assert_eq!(weak.strong_count(), 0, "the cache does not hold the object");
        // a computation that unwinds (a cancelled one) keeps nothing
        let unwound =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| memo.get_or_make(&a, 50, || panic!("cancelled"))));
        assert!(unwound.is_err());
        assert_eq!(memo.get_or_make(&a, 50, || count(50)), 50);
    }
}

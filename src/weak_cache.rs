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
pub struct WeakCache<K, E, V> {
    kept: Mutex<Vec<(Weak<K>, E, V)>>,
}

impl<K, E: PartialEq, V: Clone> WeakCache<K, E, V> {
    /// An empty cache (for a `static`).
    pub const fn new() -> WeakCache<K, E, V> {
        WeakCache { kept: Mutex::new(Vec::new()) }
    }

    /// The value kept for `object` and `extra`, or else `make()`'s, kept from now on. `make` runs
    /// without the cache locked, so two threads asking at once may both make it.
    pub fn get_or_make(&self, object: &Arc<K>, extra: E, make: impl FnOnce() -> V) -> V {
        let key = Arc::downgrade(object);
        let found = self.lock().iter().find(|(o, e, _)| o.ptr_eq(&key) && *e == extra).map(|(_, _, v)| v.clone());
        if let Some(value) = found {
            return value;
        }
        let value = make();
        let mut kept = self.lock();
        kept.retain(|(o, _, _)| o.strong_count() > 0);
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
}

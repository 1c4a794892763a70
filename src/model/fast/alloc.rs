//! The allocator the program runs with: mimalloc, told to keep the memory it frees.
//!
//! A forward pass of note 000's block allocates a dozen tensors of 16 MB and frees them when the
//! run is dropped. By default mimalloc returns freed pages to the OS after 10 ms, and the next
//! pass gets fresh ones, which the kernel zeroes on first touch (2 MB at a time with transparent
//! huge pages): 12% of the block's time in `clear_page_erms`. Kept, the pages are reused.

/// mimalloc's `mi_option_purge_delay` (index 15 of `mi_option_t` in the bundled mimalloc 3;
/// the crate's bindings list it under no name): milliseconds before freed memory is purged, -1
/// for never.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Keep freed memory for reuse (call once at start, from a binary whose global allocator is
/// mimalloc). Peak memory is unchanged; memory is not given back while the program runs.
pub fn keep_freed_memory() {
    // SAFETY: sets one of mimalloc's global options; no memory is touched.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
}

/// The global allocator `A`, noting on each thread whether its last allocation failed: an abort
/// that follows a failure at once is then said to be for memory when it restores the terminal
/// (`tty`), and one after a failure the program recovered from (a `try_reserve` refused, then
/// anything allocated) is not. Nothing else changes.
pub struct Noting<A>(pub A);

// SAFETY: every call is forwarded to `A` unchanged, with its arguments and result; whether the
// result is null is noted, in a thread-local `Cell` (no allocation, no destructor)
unsafe impl<A: std::alloc::GlobalAlloc> std::alloc::GlobalAlloc for Noting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        noted(unsafe { self.0.alloc(layout) })
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: the caller's contract, passed on
        unsafe { self.0.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        noted(unsafe { self.0.alloc_zeroed(layout) })
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        noted(unsafe { self.0.realloc(ptr, layout, new_size) })
    }
}

#[inline]
fn noted(ptr: *mut u8) -> *mut u8 {
    super::tty::note_allocation(ptr.is_null());
    ptr
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::{GlobalAlloc, Layout, System};

    /// A failed allocation makes an abort on its thread one for memory only until the next
    /// allocation succeeds (the failure was recovered from): no false "out of memory".
    #[test]
    fn only_a_failure_not_recovered_from_counts_as_out_of_memory() {
        let noting = Noting(System);
        let huge = Layout::from_size_align(isize::MAX as usize - 4095, 4096).unwrap();
        let small = Layout::from_size_align(64, 8).unwrap();
        // SAFETY: layouts of non-zero size; a pointer returned is freed with its layout
        unsafe {
            assert!(noting.alloc(huge).is_null(), "no machine gives isize::MAX bytes");
            assert!(super::super::tty::aborting_for_memory());
            let other_thread = std::thread::spawn(super::super::tty::aborting_for_memory).join().unwrap();
            assert!(!other_thread, "only the thread whose allocation failed");
            let p = noting.alloc(small);
            assert!(!p.is_null());
            assert!(!super::super::tty::aborting_for_memory(), "recovered: the next allocation succeeded");
            noting.dealloc(p, small);
            // (aligned to a page, so that `System` makes it an allocation and a copy)
            let paged = Layout::from_size_align(64, 4096).unwrap();
            let p = noting.alloc(paged);
            assert!(noting.realloc(p, paged, huge.size()).is_null());
            assert!(super::super::tty::aborting_for_memory(), "a failed realloc counts too");
            noting.dealloc(p, paged);
        }
    }
}

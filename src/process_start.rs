//! What the process's descriptors were before Rust's runtime started.
//!
//! A stdout that was closed when the program started (`transformer-tutor --list >&-`) would
//! swallow every write: Rust's runtime opens /dev/null in its place before `main`. So the state
//! of descriptor 1 is recorded before the runtime starts, by an ELF constructor in
//! `model::fast::before_main` (it needs `unsafe`, which the crate keeps in `model::fast`; Linux
//! only: elsewhere nothing is recorded and `stdout_closed_at_start` is false). `cli::output` uses
//! it. A leaf: it imports nothing from the crate.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed when the process started.
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Record whether stdout was closed: called once, before the runtime starts
/// (`model::fast::before_main`).
pub fn record_stdout_closed(closed: bool) {
    STDOUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
}

/// Whether stdout was closed when the process started (always false off Linux: not recorded).
pub fn stdout_closed_at_start() -> bool {
    STDOUT_CLOSED_AT_START.load(Ordering::Relaxed)
}

//! What the process's descriptors were before Rust's runtime started.
//!
//! A stdout that was closed when the program started (`transformer-tutor --list >&-`) would
//! swallow every write: Rust's runtime opens /dev/null in its place before `main`. So the state
//! of descriptor 1 is recorded by an ELF constructor, which runs before the runtime (Linux only;
//! elsewhere nothing is recorded and `stdout_closed_at_start` is false). `cli::output` uses it.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed when the process started.
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Runs before Rust's runtime (which replaces a closed standard descriptor by /dev/null).
#[cfg(target_os = "linux")]
#[used]
// SAFETY: `.init_array` holds plain `extern "C" fn()` pointers, which this is; the function only
// reads a descriptor's flags and stores an atomic, so it is sound before the runtime is set up
#[unsafe(link_section = ".init_array")]
static RECORD_STDOUT: extern "C" fn() = {
    extern "C" fn record() {
        // SAFETY: F_GETFD reads descriptor 1's flags and touches nothing; -1 means it is not open
        let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
        STDOUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
    }
    record
};

/// Whether stdout was closed when the process started (always false off Linux: not recorded).
pub fn stdout_closed_at_start() -> bool {
    STDOUT_CLOSED_AT_START.load(Ordering::Relaxed)
}

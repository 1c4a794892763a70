//! Code that runs before Rust's runtime starts: an ELF constructor that records whether stdout
//! was closed when the process started, before the runtime opens /dev/null in its place. What it
//! records, and who asks, is `process_start`'s; only the constructor is here, because registering
//! it (`link_section`) and reading the descriptor (`fcntl`) are `unsafe`. Linux only.

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
        crate::process_start::record_stdout_closed(closed);
    }
    record
};

//! The terminal given back when the process aborts: an allocation that fails (memory runs out,
//! `ulimit -v`) ends in Rust's `handle_alloc_error`, which prints one line and calls `abort`, and
//! `abort` raises SIGABRT. Its default action would leave raw mode, the alternate screen, the
//! hidden cursor and mouse reporting on; while a screen is open (`arm`), a SIGABRT handler writes
//! the escapes that undo them and a line saying why, and puts back the terminal's modes as they
//! were before the screen opened; then `abort` goes on and the process ends with 134.
//!
//! The handler runs wherever the abort happened (inside the allocator, say), so it only calls
//! what is async-signal-safe: `write` and `tcsetattr` on what was prepared before (the saved
//! modes, the messages), read through atomics. Also here: `exit_now`, the `_exit` a watchdog ends
//! the process with while the main thread is blocked writing to a terminal nobody reads.

use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU8, Ordering};

/// What undoes a screen, in this order: mouse reporting off (crossterm's `DisableMouseCapture`,
/// its five modes), the alternate screen left, the cursor shown.
pub const RESTORE: &[u8] = b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1049l\x1b[?25h";

/// The terminal's modes before the first screen opened (standard input's: the descriptor
/// crossterm sets raw), written once and then only read.
struct SavedModes(UnsafeCell<MaybeUninit<libc::termios>>);

// SAFETY: written once, by the thread that wins `MODES_STATE` from 0 to 1, before it stores 2;
// read only after seeing 2 (Acquire), never written again
unsafe impl Sync for SavedModes {}

static MODES: SavedModes = SavedModes(UnsafeCell::new(MaybeUninit::uninit()));
/// 0: not saved; 1: being saved; 2: saved.
static MODES_STATE: AtomicU8 = AtomicU8::new(0);
/// Whether a screen owns the terminal now.
static ARMED: AtomicBool = AtomicBool::new(false);
/// The lines the handler writes after the escapes (out of memory, any other abort): leaked
/// once per `arm` in the language of the moment, so a pointer once stored stays valid.
static OUT_OF_MEMORY: AtomicPtr<&'static [u8]> = AtomicPtr::new(std::ptr::null_mut());
static OTHER_ABORT: AtomicPtr<&'static [u8]> = AtomicPtr::new(std::ptr::null_mut());
/// Set by the allocator (`alloc::Noting`) when an allocation returned null.
static ALLOCATION_FAILED: AtomicBool = AtomicBool::new(false);

/// An allocation failed: the abort that usually follows is said to be for memory.
pub(super) fn note_allocation_failure() {
    ALLOCATION_FAILED.store(true, Ordering::Relaxed);
}

/// Save the terminal's modes as they are now (the first call only: later screens, after a Ctrl-Z,
/// find them as the first left them).
fn save_modes() {
    if MODES_STATE.compare_exchange(0, 1, Ordering::AcqRel, Ordering::Relaxed).is_err() {
        return;
    }
    let mut modes = MaybeUninit::<libc::termios>::uninit();
    // SAFETY: tcgetattr writes a whole termios into the pointer it is given, a valid one here
    let ok = unsafe { libc::tcgetattr(libc::STDIN_FILENO, modes.as_mut_ptr()) } == 0;
    if ok {
        // SAFETY: this thread alone writes MODES (it won the 0 → 1 exchange), and nobody reads it
        // before the 2 stored below
        unsafe { *MODES.0.get() = modes };
        MODES_STATE.store(2, Ordering::Release);
    } else {
        MODES_STATE.store(0, Ordering::Release);
    }
}

/// From now until `disarm`, an abort restores the terminal first and writes `out_of_memory`
/// (when an allocation had failed) or `other` after it. Called just before a screen opens.
pub fn arm(out_of_memory: &str, other: &str) -> Result<(), String> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    save_modes();
    let keep = |slot: &AtomicPtr<&'static [u8]>, text: &str| {
        let bytes: &'static [u8] = Box::leak(format!("{text}\r\n").into_bytes().into_boxed_slice());
        slot.store(Box::into_raw(Box::new(bytes)), Ordering::Release);
    };
    keep(&OUT_OF_MEMORY, out_of_memory);
    keep(&OTHER_ABORT, other);
    let installed = INSTALLED.get_or_init(|| {
        // SAFETY: `on_abort` only loads atomics and calls write, tcsetattr, sigaction,
        // sigprocmask and raise, all async-signal-safe, on memory that stays valid for the
        // whole process
        unsafe { signal_hook::low_level::register(libc::SIGABRT, on_abort) }.map(|_| ()).map_err(|e| e.to_string())
    });
    ARMED.store(true, Ordering::Release);
    installed.clone()
}

/// The screen has given the terminal back: an abort from now on leaves it alone.
pub fn disarm() {
    ARMED.store(false, Ordering::Release);
}

/// SIGABRT's handler: while a screen is armed, give the terminal back and say why; then end the
/// process as SIGABRT's default action does (`abort` would after the handler returns, but a
/// SIGABRT sent by `kill` would otherwise be swallowed).
fn on_abort() {
    if ARMED.swap(false, Ordering::AcqRel) {
        restore_and_say();
    }
    // async-signal-safe: sigaction back to the default, unblock, raise
    let _ = signal_hook::low_level::emulate_default_handler(libc::SIGABRT);
}

fn restore_and_say() {
    write_all(libc::STDOUT_FILENO, RESTORE);
    restore_modes();
    let slot = if ALLOCATION_FAILED.load(Ordering::Relaxed) { &OUT_OF_MEMORY } else { &OTHER_ABORT };
    let message = slot.load(Ordering::Acquire);
    if !message.is_null() {
        // SAFETY: a non-null pointer here is one `arm` leaked (Box::into_raw, never freed)
        write_all(libc::STDERR_FILENO, unsafe { *message });
    }
}

/// Put the terminal's modes back as they were before the first screen opened (raw mode off), at
/// once: `TCSANOW` does not wait for output to drain. Async-signal-safe.
pub fn restore_modes() {
    if MODES_STATE.load(Ordering::Acquire) == 2 {
        // SAFETY: MODES was written before the 2 was stored and is never written again
        unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, (*MODES.0.get()).as_ptr()) };
    }
}

/// Write all of `bytes` to `fd` with `write` alone (async-signal-safe), giving up on an error.
fn write_all(fd: i32, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: the pointer and length describe `bytes`, which outlives the call
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n <= 0 {
            if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// End the process now with `code`, running nothing more: no destructor, no atexit handler, no
/// flush of standard output (which would block on a terminal nobody reads).
pub fn exit_now(code: i32) -> ! {
    // SAFETY: _exit takes any code and never returns
    unsafe { libc::_exit(code) }
}

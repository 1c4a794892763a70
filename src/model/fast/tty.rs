//! The terminal given back when the process aborts: an allocation that fails (memory runs out,
//! `ulimit -v`) ends in Rust's `handle_alloc_error`, which prints one line and calls `abort`, and
//! `abort` raises SIGABRT. Its default action would leave raw mode, the alternate screen, the
//! hidden cursor and mouse reporting on; while a screen is open (`arm`), a SIGABRT handler writes
//! the escapes that undo them and a line saying why, and puts back the terminal's modes as they
//! were before the screen opened; then `abort` goes on and the process ends with 134.
//!
//! The handler runs wherever the abort happened (inside the allocator, say), so it only calls
//! what is async-signal-safe: `write`, `poll` and `tcsetattr` on what was prepared before (the
//! terminal's descriptors, the saved modes, the messages), read through atomics. It never waits
//! on the terminal: the escapes go through a descriptor of the terminal's own, opened
//! non-blocking when the first screen is armed (a stalled terminal, its buffer full, takes what
//! fits and the rest is dropped). Also here: `give_back_now` and `exit_now`, what a watchdog
//! ends the process with while the main thread is blocked writing to a terminal nobody reads.

use std::cell::{Cell, UnsafeCell};
use std::mem::MaybeUninit;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicU8, Ordering};

/// What undoes a screen, in this order: mouse reporting off (crossterm's `DisableMouseCapture`,
/// its five modes), the alternate screen left, the cursor shown.
pub const RESTORE: &[u8] = b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1049l\x1b[?25h";

/// The terminal's modes before the first screen opened, written once and then only read.
struct SavedModes(UnsafeCell<MaybeUninit<libc::termios>>);

// SAFETY: written once, by the thread that wins `MODES_STATE` from 0 to 1, before it stores a
// descriptor in `MODES_FD`; read only after seeing that descriptor (Acquire), never written again
unsafe impl Sync for SavedModes {}

static MODES: SavedModes = SavedModes(UnsafeCell::new(MaybeUninit::uninit()));
/// 0: not saved; 1: being saved; 2: saved.
static MODES_STATE: AtomicU8 = AtomicU8::new(0);
/// The descriptor the modes were read from and are put back on: standard input when it is a
/// terminal (crossterm sets raw mode there), else the controlling terminal (`/dev/tty`, where
/// crossterm sets it then).
static MODES_FD: AtomicI32 = AtomicI32::new(-1);
/// The terminal the screen draws on (standard output's), opened again non-blocking: where the
/// escapes go. -1 when there is none.
static ESCAPES_FD: AtomicI32 = AtomicI32::new(-1);
/// Where the line saying why goes: `ESCAPES_FD` when standard error is that terminal too (a
/// write there never waits), else standard error (written only when it takes the line at once).
static MESSAGE_FD: AtomicI32 = AtomicI32::new(libc::STDERR_FILENO);
/// Whether a screen owns the terminal now.
static ARMED: AtomicBool = AtomicBool::new(false);
/// The lines the handler writes after the escapes (out of memory, any other abort): leaked
/// once per `arm` in the language of the moment, so a pointer once stored stays valid.
static OUT_OF_MEMORY: AtomicPtr<&'static [u8]> = AtomicPtr::new(std::ptr::null_mut());
static OTHER_ABORT: AtomicPtr<&'static [u8]> = AtomicPtr::new(std::ptr::null_mut());

thread_local! {
    /// Whether this thread's last allocation failed (set by `alloc::Noting`). An allocation
    /// failure that ends the process goes straight to `abort` on the same thread, allocating
    /// nothing on the way; one the program recovered from (a `try_reserve` refused) is followed by
    /// an allocation that succeeds, which clears it. A plain `Cell`: no destructor, so the
    /// allocator and the signal handler read it without ever registering or allocating anything.
    static LAST_ALLOCATION_FAILED: Cell<bool> = const { Cell::new(false) };
}

/// An allocation on this thread returned (`failed`: null) or a pointer.
#[inline]
pub(super) fn note_allocation(failed: bool) {
    LAST_ALLOCATION_FAILED.set(failed);
}

/// Whether an abort on this thread now is for memory: this thread's last allocation failed and
/// nothing was allocated since. Async-signal-safe (a thread-local read).
pub(super) fn aborting_for_memory() -> bool {
    LAST_ALLOCATION_FAILED.get()
}

/// Open the terminals the handler writes to and save the modes (the first call only: later
/// screens, after a Ctrl-Z, find them as the first left them).
fn prepare() {
    if MODES_STATE.compare_exchange(0, 1, Ordering::AcqRel, Ordering::Relaxed).is_err() {
        return;
    }
    let controlling = open_nonblocking(c"/dev/tty");
    // SAFETY: isatty only looks at the descriptor
    let modes_fd = if unsafe { libc::isatty(libc::STDIN_FILENO) } == 1 { libc::STDIN_FILENO } else { controlling };
    let escapes = escapes_fd(controlling);
    ESCAPES_FD.store(escapes, Ordering::Release);
    if escapes >= 0 && same_terminal(escapes, libc::STDERR_FILENO) {
        MESSAGE_FD.store(escapes, Ordering::Release);
    }
    let mut modes = MaybeUninit::<libc::termios>::uninit();
    // SAFETY: tcgetattr writes a whole termios into the pointer it is given, a valid one here
    let ok = modes_fd >= 0 && unsafe { libc::tcgetattr(modes_fd, modes.as_mut_ptr()) } == 0;
    if ok {
        // SAFETY: this thread alone writes MODES (it won the 0 → 1 exchange), and nobody reads it
        // before the 2 stored below
        unsafe { *MODES.0.get() = modes };
        MODES_FD.store(modes_fd, Ordering::Release);
    }
    // once only, saved or not: the descriptors stay open for the process's life
    MODES_STATE.store(2, Ordering::Release);
}

/// A descriptor of the terminal standard output is (the screen draws there): `controlling` when
/// it is the same terminal, else standard output's device opened again; `controlling` when
/// standard output is no terminal.
fn escapes_fd(controlling: i32) -> i32 {
    // SAFETY: isatty only looks at the descriptor
    if unsafe { libc::isatty(libc::STDOUT_FILENO) } != 1 || same_terminal(controlling, libc::STDOUT_FILENO) {
        return controlling;
    }
    match open_nonblocking(c"/proc/self/fd/1") {
        -1 => controlling,
        own => own,
    }
}

/// `path` opened for reading and writing, non-blocking, never becoming the controlling terminal,
/// closed in the programs this one runs; -1 when it cannot be.
fn open_nonblocking(path: &std::ffi::CStr) -> i32 {
    let flags = libc::O_RDWR | libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC;
    // SAFETY: a valid C string; open returns a descriptor or -1
    let fd = unsafe { libc::open(path.as_ptr(), flags) };
    // SAFETY: isatty only looks at the descriptor
    if fd >= 0 && unsafe { libc::isatty(fd) } != 1 {
        // SAFETY: this function opened fd and nobody else has it
        unsafe { libc::close(fd) };
        return -1;
    }
    fd
}

/// Whether descriptors `a` and `b` are both open on the same terminal device.
fn same_terminal(a: i32, b: i32) -> bool {
    let device = |fd: i32| {
        let mut stat = MaybeUninit::<libc::stat>::uninit();
        // SAFETY: fstat writes a whole stat into the pointer it is given, a valid one here
        let ok = fd >= 0 && unsafe { libc::isatty(fd) == 1 && libc::fstat(fd, stat.as_mut_ptr()) == 0 };
        // SAFETY: fstat succeeded, so the stat is written
        ok.then(|| unsafe { stat.assume_init() }.st_rdev)
    };
    matches!((device(a), device(b)), (Some(x), Some(y)) if x == y)
}

/// From now until `disarm`, an abort restores the terminal first and writes `out_of_memory`
/// (when an allocation had failed) or `other` after it. Called just before a screen opens.
pub fn arm(out_of_memory: &str, other: &str) -> Result<(), String> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    prepare();
    let keep = |slot: &AtomicPtr<&'static [u8]>, text: &str| {
        let bytes: &'static [u8] = Box::leak(format!("{text}\r\n").into_bytes().into_boxed_slice());
        slot.store(Box::into_raw(Box::new(bytes)), Ordering::Release);
    };
    keep(&OUT_OF_MEMORY, out_of_memory);
    keep(&OTHER_ABORT, other);
    let installed = INSTALLED.get_or_init(|| {
        // SAFETY: `on_abort` only loads atomics and a thread-local and calls write, poll,
        // tcsetattr, sigaction, sigprocmask and raise, all async-signal-safe, on memory that
        // stays valid for the whole process
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
        give_back_now();
        let slot = if aborting_for_memory() { &OUT_OF_MEMORY } else { &OTHER_ABORT };
        let message = slot.load(Ordering::Acquire);
        if !message.is_null() {
            // SAFETY: a non-null pointer here is one `arm` leaked (Box::into_raw, never freed)
            write_without_waiting(MESSAGE_FD.load(Ordering::Acquire), unsafe { *message });
        }
    }
    // async-signal-safe: sigaction back to the default, unblock, raise
    let _ = signal_hook::low_level::emulate_default_handler(libc::SIGABRT);
}

/// Undo the screen at once, waiting for nothing: the escapes as far as the terminal takes them
/// now, and its modes as they were before the first screen opened. Async-signal-safe.
pub fn give_back_now() {
    if MODES_STATE.load(Ordering::Acquire) != 2 {
        return;
    }
    write_without_waiting(ESCAPES_FD.load(Ordering::Acquire), RESTORE);
    restore_modes();
}

/// Put the terminal's modes back as they were before the first screen opened (raw mode off), at
/// once: `TCSANOW` does not wait for output to drain. Async-signal-safe.
fn restore_modes() {
    if MODES_STATE.load(Ordering::Acquire) != 2 {
        return;
    }
    let fd = MODES_FD.load(Ordering::Acquire);
    if fd >= 0 {
        // SAFETY: MODES was written before MODES_FD and the 2 were stored and is never written again
        unsafe { libc::tcsetattr(fd, libc::TCSANOW, (*MODES.0.get()).as_ptr()) };
    }
}

/// Write `bytes` to `fd` as far as it takes them without waiting (async-signal-safe): each
/// `write` only once `poll` says `fd` takes some now (a descriptor opened here is non-blocking
/// besides); what does not fit is dropped.
fn write_without_waiting(fd: i32, mut bytes: &[u8]) {
    while fd >= 0 && !bytes.is_empty() {
        let mut ready = libc::pollfd { fd, events: libc::POLLOUT, revents: 0 };
        // SAFETY: one valid pollfd; a zero timeout never waits
        if unsafe { libc::poll(&mut ready, 1, 0) } != 1 || ready.revents & libc::POLLOUT == 0 {
            return;
        }
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

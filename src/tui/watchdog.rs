//! A signal must end a screen even when its terminal is not read. A hung SSH session or a frozen
//! terminal emulator stops reading the pty, its buffer fills, and the screen's next write blocks
//! in `write()` for as long as nobody reads: the loop never comes back to see the signal's flag
//! (SIGTERM was ignored for more than 6 s, for ever in fact). So while a screen runs, a watchdog
//! thread looks at the flag too; when a signal has come and the screen has not ended `GRACE`
//! later (its own ending saves progress, waiting up to `progress::AT_THE_END` for the lock, and
//! restores the terminal), the watchdog saves what the screen has waiting, puts the terminal's
//! modes back, writes the escapes that undo the screen as far as the terminal takes them without
//! waiting, and ends the process at once with 128 + the signal's number.

use crate::model::fast::tty;
use crate::signals;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long after a signal the screen has to end on its own.
pub const GRACE: Duration = Duration::from_secs(3);
/// How often the watchdog looks at the flag.
const EVERY: Duration = Duration::from_millis(50);

/// Run `body` (the screen, from opening the terminal to restoring it) with the watchdog on
/// `signal`; `before_exit` saves what is waiting (the tutor's progress), from the watchdog's
/// thread.
pub(crate) fn watched<T>(
    signal: &AtomicUsize,
    before_exit: Option<Box<dyn Fn() + Send>>,
    body: impl FnOnce() -> T,
) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| watch(signal, &done, before_exit));
        let result = body();
        done.store(true, Ordering::Release);
        result
    })
}

fn watch(signal: &AtomicUsize, done: &AtomicBool, before_exit: Option<Box<dyn Fn() + Send>>) {
    let mut since = None;
    while !done.load(Ordering::Acquire) {
        std::thread::sleep(EVERY);
        let Some(n) = signals::caught(signal) else { continue };
        if since.get_or_insert_with(Instant::now).elapsed() < GRACE || done.load(Ordering::Acquire) {
            continue;
        }
        if let Some(save) = &before_exit {
            save();
        }
        tty::restore_modes();
        write_without_waiting(tty::RESTORE);
        tty::exit_now(128 + n);
    }
}

/// Write `bytes` to the controlling terminal through a descriptor of its own, non-blocking (the
/// screen's own descriptor would block as its writes do): what does not fit now is dropped.
fn write_without_waiting(bytes: &[u8]) {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK | libc::O_NOCTTY);
    if let Ok(mut tty) = options.open("/dev/tty") {
        let _ = tty.write(bytes);
    }
}

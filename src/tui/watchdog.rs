//! A signal must end a screen even when its terminal is not read. A hung SSH session or a frozen
//! terminal emulator stops reading the pty, its buffer fills, and the screen's next write blocks
//! in `write()` for as long as nobody reads: the loop never comes back to see the signal's flag
//! (SIGTERM was ignored for more than 6 s, for ever in fact). So while a screen runs, a watchdog
//! thread looks at the flag too; when a signal has come and the screen has not ended `GRACE`
//! later (its own ending saves progress, waiting up to `progress::AT_THE_END` for the lock, and
//! restores the terminal), the watchdog saves what the screen has waiting, puts the terminal's
//! modes back, writes the escapes that undo the screen as far as the terminal takes them without
//! waiting, and ends the process at once with 128 + the signal's number. It acts only while the
//! screen is writing to its terminal (`writing`): a screen busy computing (a training step, the
//! training screen writing its weights) comes back to the flag by itself, and is never cut off
//! in the middle of its work.

use crate::model::fast::tty;
use crate::signals;
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
        // set however `body` ends: a panic unwinding out of it must still stop the watch, or the
        // scope would wait for the watchdog for ever
        let _stop = Done(&done);
        body()
    })
}

/// Sets the flag when dropped.
struct Done<'a>(&'a AtomicBool);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

/// How many writes to the terminal are under way (the screen's frame, its restoring escapes).
static WRITING: AtomicUsize = AtomicUsize::new(0);

/// Run `write`, a write to the terminal that may block on a terminal nobody reads: the only
/// place the watchdog ends the process from.
pub(crate) fn writing<T>(write: impl FnOnce() -> T) -> T {
    struct Wrote;
    impl Drop for Wrote {
        fn drop(&mut self) {
            WRITING.fetch_sub(1, Ordering::AcqRel);
        }
    }
    WRITING.fetch_add(1, Ordering::AcqRel);
    let _wrote = Wrote;
    write()
}

fn watch(signal: &AtomicUsize, done: &AtomicBool, before_exit: Option<Box<dyn Fn() + Send>>) {
    let mut since = None;
    while !done.load(Ordering::Acquire) {
        std::thread::sleep(EVERY);
        let Some(n) = signals::caught(signal) else { continue };
        let stuck = WRITING.load(Ordering::Acquire) > 0;
        if since.get_or_insert_with(Instant::now).elapsed() < GRACE || done.load(Ordering::Acquire) || !stuck {
            continue;
        }
        if let Some(save) = &before_exit {
            save();
        }
        tty::give_back_now();
        tty::exit_now(128 + n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A screen that panics still ends: the watch stops and the panic goes on (it hung the
    /// process for ever, the scope waiting on the watchdog).
    #[test]
    fn a_panicking_screen_stops_the_watch() {
        let (sent, got) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let signal = AtomicUsize::new(0);
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                watched(&signal, None, || -> () { panic!("a screen's bug") })
            }));
            let _ = sent.send(caught.is_err());
        });
        assert_eq!(got.recv_timeout(Duration::from_secs(10)), Ok(true), "the panic came back out of `watched`");
    }

    /// Only a write to the terminal counts as stuck; the count comes back down however it ends.
    #[test]
    fn writing_is_counted_while_it_lasts() {
        let before = WRITING.load(Ordering::Acquire);
        let during = writing(|| WRITING.load(Ordering::Acquire));
        assert_eq!(during, before + 1);
        assert_eq!(WRITING.load(Ordering::Acquire), before);
    }
}

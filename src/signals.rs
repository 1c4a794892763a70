//! The signals that would end the process while a screen owns the terminal. Their default action
//! kills the program on the spot, leaving raw mode, the alternate screen, a hidden cursor and
//! mouse reporting on; while a screen runs, each of them only sets a flag to its number, the
//! screen's loop sees the flag within one poll, restores the terminal, and the program exits with
//! 128 + the number (the shell's convention for "killed by").

use signal_hook::consts::{SIGALRM, SIGHUP, SIGINT, SIGPIPE, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Every signal whose default action ends the process and that a program may catch (KILL and
/// STOP cannot be caught; SEGV, BUS, ILL, FPE and TRAP are faults of the program itself, not
/// requests to end it). A closed SSH session sends HUP; a closed pipe sends PIPE, which Rust
/// ignores unless asked (a screen writes to a terminal, never to a pipe, so only `kill -PIPE`
/// reaches it there).
pub const ENDING: [i32; 8] = [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM];

/// From now on every `ENDING` signal only stores its number in `flag` (0 while none has come),
/// for the rest of the process: a signal after the screen has ended is recorded, not fatal.
pub fn watch(flag: &Arc<AtomicUsize>) -> Result<(), String> {
    for s in ENDING {
        signal_hook::flag::register_usize(s, flag.clone(), s as usize).map_err(crate::strings::cannot_watch_signals)?;
    }
    signal_hook::flag::register(SIGTSTP, suspend_flag().clone()).map_err(crate::strings::cannot_watch_signals)?;
    Ok(())
}

/// Set by SIGTSTP (Ctrl-Z in a shell's job control, `kill -TSTP`) and by the Ctrl-Z key, which
/// raw mode delivers as a key: the screen leaves the terminal as it found it, stops, and on
/// SIGCONT takes it again and redraws.
fn suspend_flag() -> &'static Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
}

/// Ask the screen to suspend (the Ctrl-Z key).
pub fn request_suspend() {
    suspend_flag().store(true, Ordering::Relaxed);
}

/// Whether a suspension was asked for since the last call.
pub fn suspend_requested() -> bool {
    suspend_flag().swap(false, Ordering::Relaxed)
}

/// Stop the process as SIGTSTP's default action would, until a SIGCONT.
pub fn stop_until_continued() -> std::io::Result<()> {
    signal_hook::low_level::emulate_default_handler(SIGTSTP)
}

/// The signal stored in `flag`, if one came.
pub fn caught(flag: &AtomicUsize) -> Option<i32> {
    match flag.load(Ordering::Relaxed) {
        0 => None,
        n => Some(n as i32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_signal_is_recorded_instead_of_ending_the_process() {
        let flag = Arc::new(AtomicUsize::new(0));
        watch(&flag).unwrap();
        assert_eq!(caught(&flag), None);
        for s in ENDING {
            signal_hook::low_level::raise(s).unwrap();
            assert_eq!(caught(&flag), Some(s), "signal {s}");
        }
    }
}

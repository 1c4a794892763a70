//! Writing a command's text to stdout without panicking: a closed pipe (`… | head`) ends the
//! program quietly, as other Unix tools do; any other write error (a full disk, a closed stdout)
//! is a one-line message and a non-zero exit. `--help` and `--version` go through here too.
//!
//! A stdout that was closed when the program started (`transformer-tutor --list >&-`) would
//! swallow every write: Rust's runtime opens /dev/null in its place before `main`. So the state
//! of descriptor 1 is recorded before the runtime starts (`process_start`), and
//! writing to a stdout that was closed is the error `ls` and `cat` give.
//!
//! Everything the program prints goes through here, to stdout (`write_stdout`) or stderr
//! (`eprintln_escaped!`), and reaches the terminal with its control characters written out
//! (`\x1b`, newlines and tabs kept): a file name, a vocabulary token or an argument holding an
//! escape sequence cannot retitle or repaint the terminal. (`tests/escapes.rs` checks that no
//! other `print!`/`eprintln!` is used.)

use std::io::Write;

/// Whether stdout was closed when the program started (recorded before the runtime replaced it
/// by /dev/null; always false off Linux).
pub fn stdout_closed() -> bool {
    crate::process_start::stdout_closed_at_start()
}

/// The message for a stdout that was closed.
fn closed_message() -> String {
    crate::strings::cannot_write_stdout(std::io::Error::from_raw_os_error(libc::EBADF))
}

/// How writing to stdout went.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    All,
    /// The reader went away (EPIPE): stop quietly.
    PipeClosed,
}

/// Write `text` to stdout and flush it.
pub fn write_stdout(text: &str) -> Result<Written, String> {
    if stdout_closed() {
        return Err(closed_message());
    }
    write_to(&mut std::io::stdout().lock(), &crate::text::escape_controls(text, true))
}

/// One line (or several) on stderr, control characters written out; a failed write is ignored,
/// as `eprintln!` would panic on it (there is nowhere left to report it).
pub fn to_stderr(text: &str) {
    use std::io::Write as _;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{}", crate::text::escape_controls(text, true));
}

/// On a terminal's stderr, `line` written over the line the cursor is on (a progress line that
/// changes in place; an empty `line` clears it). Nothing when stderr is a file or a pipe, where
/// the rewrites would pile up.
pub fn progress_in_place(line: &str) {
    use std::io::{IsTerminal, Write as _};
    let mut err = std::io::stderr().lock();
    if !err.is_terminal() {
        return;
    }
    // one row whatever the width: a line that wrapped would leave its first row behind
    let columns = ratatui::crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w));
    let line = crate::text::cut(&crate::text::escape_controls(line, false), columns.saturating_sub(1));
    // \r back to the line's start, \x1b[K clears what a longer line left
    let _ = write!(err, "\r{line}\x1b[K");
    let _ = err.flush();
}

/// `eprintln!` for every message: the text is escaped by `to_stderr`.
#[macro_export]
macro_rules! eprintln_escaped {
    ($($arg:tt)*) => {
        $crate::cli::output::to_stderr(&format!($($arg)*))
    };
}

/// Print clap's help or version text (the `Err` of a parse that is not a usage error) to stdout,
/// as clap prints it (colours on a terminal), with write errors reported as `write_stdout` does;
/// clap's own `exit()` ignores them.
pub fn write_clap_output(e: &clap::Error) -> Result<Written, String> {
    if stdout_closed() {
        return Err(closed_message());
    }
    outcome(e.print().and_then(|()| std::io::stdout().flush()))
}

/// Write `text` to `out` and flush; a broken pipe is `PipeClosed`, other errors a message.
pub fn write_to(out: &mut impl Write, text: &str) -> Result<Written, String> {
    outcome(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}

fn outcome(written: std::io::Result<()>) -> Result<Written, String> {
    match written {
        Ok(()) => Ok(Written::All),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Written::PipeClosed),
        Err(e) => Err(crate::strings::cannot_write_stdout(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Failing(std::io::ErrorKind);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(self.0, "nope"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_is_quiet_and_a_full_disk_is_an_error() {
        assert_eq!(write_to(&mut Failing(std::io::ErrorKind::BrokenPipe), "x"), Ok(Written::PipeClosed));
        let e = write_to(&mut Failing(std::io::ErrorKind::StorageFull), "x").unwrap_err();
        assert!(e.starts_with("cannot write to standard output"), "{e}");
        assert_eq!(write_to(&mut Vec::new(), "x"), Ok(Written::All));
    }
}

//! Writing a command's text to stdout without panicking: a closed pipe (`… | head`) ends the
//! program quietly, as other Unix tools do; any other write error (a full disk) is a one-line
//! message and a non-zero exit.

use std::io::Write;

/// How writing to stdout went.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    All,
    /// The reader went away (EPIPE): stop quietly.
    PipeClosed,
}

/// Write `text` to stdout and flush it.
pub fn write_stdout(text: &str) -> Result<Written, String> {
    write_to(&mut std::io::stdout().lock(), text)
}

/// Write `text` to `out` and flush; a broken pipe is `PipeClosed`, other errors a message.
pub fn write_to(out: &mut impl Write, text: &str) -> Result<Written, String> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(Written::All),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Written::PipeClosed),
        Err(e) => Err(format!("cannot write to standard output: {e}")),
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

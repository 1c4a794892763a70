//! Why a file the learner named was not read (`user_file`), or a file was not written
//! (`atomic_file`): their keys written out. The system's own errors are said by `lang::io_reason`
//! (the common kinds in Chinese, the system's words otherwise).

use std::fmt;

use crate::atomic_file::{Subject, WriteFault};
use crate::file_kind::NotRegular;
use crate::lang::{Text, io_reason, message, message_with};
use crate::user_file::{ReadError, ReadFault};

/// What a weights file is called in a refusal to read it (`weights file /dev/zero: …`).
pub const WEIGHTS_FILE: Text = Text::id("weights-file");

/// `256 MB` (binary megabytes, as the limits are set).
pub fn megabytes(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 => format!("{} MB", b >> 20),
        b if b >= 1 << 10 => format!("{} KB", b >> 10),
        b => format!("{b} bytes"),
    }
}

impl fmt::Display for ReadError {
    /// The refusal naming the file: `weights file X: it is a device, …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        read_refusal(f, &self.what, &self.path, &self.reason)
    }
}

/// `what` at `path` was not read, for `reason`: `cannot open lesson file X: …` or `lesson file X: …`.
pub(crate) fn read_refusal(f: &mut fmt::Formatter<'_>, what: &str, path: &str, reason: &ReadFault) -> fmt::Result {
    let text = match reason {
        ReadFault::CannotOpen(e) => {
            message_with("file-cannot-open", &[("what", &what), ("path", &path), ("reason", &io_reason(e))])
        }
        _ => message_with("file-refused", &[("what", &what), ("path", &path), ("reason", reason)]),
    };
    f.write_str(&text)
}

impl fmt::Display for ReadFault {
    /// Why the file was not read, without naming it: `it is a device, not a regular file; …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ReadFault::NotRegular(kind) => message_with("read-not-regular", &[("kind", &read_kind(*kind))]),
            ReadFault::TooLarge { size, limit } => {
                message_with("read-too-large", &[("size", size), ("limit", &megabytes(*limit))])
            }
            ReadFault::CannotOpen(e) => message_with("read-cannot-open", &[("reason", &io_reason(e))]),
            ReadFault::CannotRead(e) => message_with("read-cannot-read", &[("reason", &io_reason(e))]),
            ReadFault::NotUtf8(e) => message_with("read-not-utf8", &[("reason", e)]),
        };
        f.write_str(&text)
    }
}

/// What a path that is not a regular file is, as a refusal to read it says.
fn read_kind(kind: NotRegular) -> Text {
    match kind {
        NotRegular::Fifo => Text::id("read-kind-a-fifo-named-pipe"),
        NotRegular::Device => Text::id("read-kind-a-device"),
        NotRegular::Socket => Text::id("read-kind-a-socket"),
        NotRegular::Directory => Text::id("read-kind-a-directory"),
        NotRegular::Other => Text::id("read-kind-not-a-file"),
    }
}

/// What a target that is not a regular file is, as a refusal to write it says.
fn write_kind(kind: NotRegular) -> Text {
    match kind {
        NotRegular::Directory => Text::id("write-kind-a-directory"),
        NotRegular::Fifo => Text::id("write-kind-a-pipe-fifo"),
        NotRegular::Device => Text::id("write-kind-a-device"),
        NotRegular::Socket => Text::id("write-kind-a-socket"),
        NotRegular::Other => Text::id("write-kind-a-special-file"),
    }
}

impl fmt::Display for Subject {
    /// `it`, or `its target X` when a symlink leads elsewhere.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::It => f.write_str(message("write-subject-it")),
            Subject::Target(target) => f.write_str(&message_with("write-subject-target", &[("target", target)])),
        }
    }
}

impl fmt::Display for WriteFault {
    /// Why the file was not written, and what was kept (a system error as `io_reason` says it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            WriteFault::System(e) => io_reason(e),
            WriteFault::NotRegular { subject, kind } => {
                message_with("write-not-regular", &[("subject", subject), ("kind", &write_kind(*kind))])
            }
            WriteFault::ReadOnly { subject } => message_with("write-read-only", &[("subject", subject)]),
            WriteFault::NoNewFiles { dir } => message_with("write-no-new-files", &[("dir", dir)]),
            WriteFault::NoFolder { dir } => message_with("write-no-folder", &[("dir", dir)]),
            WriteFault::CannotCreate { dir, reason } => {
                message_with("write-cannot-create", &[("dir", dir), ("reason", &io_reason(reason))])
            }
            WriteFault::Failed { reason, old_kept: true } => {
                message_with("write-failed-old-kept", &[("reason", &io_reason(reason))])
            }
            WriteFault::Failed { reason, old_kept: false } => {
                message_with("write-failed-none-created", &[("reason", &io_reason(reason))])
            }
            WriteFault::SymlinkLoop { path } => message_with("write-symlink-loop", &[("path", path)]),
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::user_file;

    #[test]
    fn sizes_read_as_megabytes() {
        assert_eq!(megabytes(user_file::WEIGHTS_LIMIT), "256 MB");
        assert_eq!(megabytes(user_file::LESSON_LIMIT), "1 MB");
        assert_eq!(megabytes(64 << 10), "64 KB");
        assert_eq!(megabytes(4), "4 bytes");
    }
}

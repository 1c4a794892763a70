//! Why a file the learner named was not read (`user_file`), or a file was not written
//! (`atomic_file`): their keys written out. The system's own errors are said by `lang::io_reason`
//! (the common kinds in Chinese, the system's words otherwise).

use std::fmt;

use crate::atomic_file::{Subject, WriteFault};
use crate::file_kind::NotRegular;
use crate::lang::{Lang, Text, current, io_reason};
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
    match (current(), reason) {
        (Lang::En, ReadFault::CannotOpen(e)) => write!(f, "cannot open {what} {path}: {}", io_reason(e)),
        (Lang::Zh, ReadFault::CannotOpen(e)) => write!(f, "无法打开{what} {path}：{}", io_reason(e)),
        (Lang::En, _) => write!(f, "{what} {path}: {reason}"),
        (Lang::Zh, _) => write!(f, "{what} {path}：{reason}"),
    }
}

impl fmt::Display for ReadFault {
    /// Why the file was not read, without naming it: `it is a device, not a regular file; …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (current(), self) {
            (Lang::En, ReadFault::NotRegular(kind)) => {
                write!(f, "it is {}, not a regular file; it was not read", read_kind(*kind).get_in(Lang::En))
            }
            (Lang::Zh, ReadFault::NotRegular(kind)) => {
                write!(f, "它是{}，不是普通文件；没有读取", read_kind(*kind).get_in(Lang::Zh))
            }
            (Lang::En, ReadFault::TooLarge { size, limit }) => {
                let limit = megabytes(*limit);
                write!(f, "it is {size} bytes, more than the {limit} this program reads; it was not read")
            }
            (Lang::Zh, ReadFault::TooLarge { size, limit }) => {
                write!(f, "它有 {size} 字节，超过本程序读取的上限 {}；没有读取", megabytes(*limit))
            }
            (Lang::En, ReadFault::CannotOpen(e)) => write!(f, "cannot open it: {}", io_reason(e)),
            (Lang::Zh, ReadFault::CannotOpen(e)) => write!(f, "无法打开：{}", io_reason(e)),
            (Lang::En, ReadFault::CannotRead(e)) => write!(f, "cannot read it: {}", io_reason(e)),
            (Lang::Zh, ReadFault::CannotRead(e)) => write!(f, "无法读取：{}", io_reason(e)),
            (Lang::En, ReadFault::NotUtf8(e)) => write!(f, "it is not UTF-8 text ({e})"),
            (Lang::Zh, ReadFault::NotUtf8(e)) => write!(f, "它不是 UTF-8 文本（{e}）"),
        }
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
        match (current(), self) {
            (Lang::En, Subject::It) => f.write_str("it"),
            (Lang::Zh, Subject::It) => f.write_str("它"),
            (Lang::En, Subject::Target(target)) => write!(f, "its target {target}"),
            (Lang::Zh, Subject::Target(target)) => write!(f, "它指向的 {target}"),
        }
    }
}

impl fmt::Display for WriteFault {
    /// Why the file was not written, and what was kept.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current() {
            Lang::En => write_fault_en(self, f),
            Lang::Zh => write_fault_zh(self, f),
        }
    }
}

fn write_fault_en(fault: &WriteFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match fault {
        WriteFault::System(e) => f.write_str(&io_reason(e)),
        WriteFault::NotRegular { subject, kind } => {
            write!(f, "{subject} is {}, not a regular file; nothing was written", write_kind(*kind).get_in(Lang::En))
        }
        WriteFault::ReadOnly { subject } => {
            write!(f, "{subject} is read-only; it was left as it is (make it writable to replace it)")
        }
        WriteFault::NoNewFiles { dir } => write!(f, "the folder {dir} takes no new files"),
        WriteFault::NoFolder { dir } => write!(f, "there is no folder {dir}"),
        WriteFault::CannotCreate { dir, reason } => write!(f, "cannot create a file in {dir}: {}", io_reason(reason)),
        WriteFault::Failed { reason, old_kept: true } => {
            write!(f, "{} (nothing written: the old file is as it was)", io_reason(reason))
        }
        WriteFault::Failed { reason, old_kept: false } => {
            write!(f, "{} (nothing written: no file was created)", io_reason(reason))
        }
        WriteFault::SymlinkLoop { path } => write!(f, "{path}: too many levels of symlinks"),
    }
}

/// The same in Chinese (a system error the common kinds of which `io_reason` says in Chinese).
fn write_fault_zh(fault: &WriteFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match fault {
        WriteFault::NotRegular { subject, kind } => {
            write!(f, "{subject}是{}，不是普通文件；什么也没写入", write_kind(*kind).get_in(Lang::Zh))
        }
        WriteFault::ReadOnly { subject } => write!(f, "{subject}是只读的，保持原样没有改动（改成可写才能替换它）"),
        WriteFault::NoNewFiles { dir } => write!(f, "文件夹 {dir} 不接受新建文件"),
        WriteFault::NoFolder { dir } => write!(f, "没有文件夹 {dir}"),
        WriteFault::CannotCreate { dir, reason } => write!(f, "无法在 {dir} 中创建文件：{}", io_reason(reason)),
        WriteFault::Failed { reason, old_kept: true } => {
            write!(f, "{}（什么也没写入：原来的文件保持原样）", io_reason(reason))
        }
        WriteFault::Failed { reason, old_kept: false } => {
            write!(f, "{}（什么也没写入：没有创建文件）", io_reason(reason))
        }
        WriteFault::SymlinkLoop { path } => write!(f, "{path}：符号链接的层数太多"),
        WriteFault::System(_) => write_fault_en(fault, f),
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

//! Every file the user names for reading (a weights file, a lesson) goes through `read`: only a
//! regular file, and only up to a stated size, both checked before a byte is read. `/dev/zero`
//! would otherwise be read until memory runs out, and a FIFO would block the program (and the
//! screen, with q ignored) until some other process wrote to it.
//!
//! The path is checked, then opened without blocking (a FIFO swapped in after the check cannot
//! hang the open), then the file actually opened is checked again, and at most `limit + 1` bytes
//! are read (a file growing while it is read is refused too).

use crate::lang::{io_reason, pick};
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// The largest weights file read (on disk), and the most its arrays may unpack to: note 000's
/// preset, the largest model here, is about 30 MB.
pub const WEIGHTS_LIMIT: u64 = 256 << 20;

/// The largest lesson file read: the built-in lessons are under 20 KB.
pub const LESSON_LIMIT: u64 = 1 << 20;

/// Why a file was not read: `message` names the file (for a command's error), `reason` does not
/// (for a message that names the file already, as a lesson error does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pub message: String,
    pub reason: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}

/// The bytes of the file at `path`, a regular file of at most `limit` bytes; `what` names it in
/// errors ("weights file").
pub fn read(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, ReadError> {
    let shown = crate::text::escape_controls(&path.display().to_string(), false);
    let refuse = |reason: String| ReadError {
        message: pick(format!("{what} {shown}: {reason}"), format!("{what} {shown}：{reason}")),
        reason,
    };
    let cannot_open = |e: std::io::Error| {
        let e = io_reason(&e);
        ReadError {
            message: pick(format!("cannot open {what} {shown}: {e}"), format!("无法打开{what} {shown}：{e}")),
            reason: pick(format!("cannot open it: {e}"), format!("无法打开：{e}")),
        }
    };
    check(&std::fs::metadata(path).map_err(cannot_open)?, limit).map_err(refuse)?;
    let file = open_without_blocking(path).map_err(cannot_open)?;
    let meta = file.metadata().map_err(cannot_open)?;
    check(&meta, limit).map_err(refuse)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| {
        let e = io_reason(&e);
        refuse(pick(format!("cannot read it: {e}"), format!("无法读取：{e}")))
    })?;
    if bytes.len() as u64 > limit {
        return Err(refuse(too_large(bytes.len() as u64, limit)));
    }
    Ok(bytes)
}

/// The same as text (UTF-8).
pub fn read_text(path: &Path, limit: u64, what: &str) -> Result<String, ReadError> {
    let bytes = read(path, limit, what)?;
    String::from_utf8(bytes).map_err(|e| {
        let shown = crate::text::escape_controls(&path.display().to_string(), false);
        let reason = pick(format!("it is not UTF-8 text ({e})"), format!("它不是 UTF-8 文本（{e}）"));
        ReadError { message: pick(format!("{what} {shown}: {reason}"), format!("{what} {shown}：{reason}")), reason }
    })
}

/// A regular file no larger than `limit`, or the reason it is refused.
fn check(meta: &Metadata, limit: u64) -> Result<(), String> {
    if !meta.is_file() {
        let (en, zh) = kind(meta);
        return Err(pick(
            format!("it is {en}, not a regular file; it was not read"),
            format!("它是{zh}，不是普通文件；没有读取"),
        ));
    }
    if meta.len() > limit {
        return Err(too_large(meta.len(), limit));
    }
    Ok(())
}

fn too_large(size: u64, limit: u64) -> String {
    let limit = megabytes(limit);
    pick(
        format!("it is {size} bytes, more than the {limit} this program reads; it was not read"),
        format!("它有 {size} 字节，超过本程序读取的上限 {limit}；没有读取"),
    )
}

/// `256 MB` (binary megabytes, as the limits are set).
pub fn megabytes(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 => format!("{} MB", b >> 20),
        b if b >= 1 << 10 => format!("{} KB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// What kind of thing a path that is not a regular file is, for the message (English, Chinese).
fn kind(meta: &Metadata) -> (&'static str, &'static str) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return ("a FIFO (named pipe)", "命名管道（FIFO）");
        }
        if t.is_char_device() || t.is_block_device() {
            return ("a device", "设备");
        }
        if t.is_socket() {
            return ("a socket", "套接字");
        }
    }
    if meta.is_dir() { ("a directory", "文件夹") } else { ("not a file", "特殊文件") }
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK changes nothing for a regular file; it only keeps the open of a FIFO from
    // waiting for a writer
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("tt-user-file-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_regular_file_within_the_limit_is_read_whole() {
        let p = dir().join("ok.txt");
        std::fs::write(&p, b"hello").unwrap();
        assert_eq!(read(&p, 5, "test file").unwrap(), b"hello");
        let e = read(&p, 4, "test file").unwrap_err();
        assert!(e.message.contains("ok.txt: it is 5 bytes") && e.message.contains("was not read"), "{e}");
        assert!(e.reason.starts_with("it is 5 bytes, more than the 4 bytes"), "{e:?}");
    }

    #[test]
    fn devices_and_directories_are_refused_before_reading() {
        let e = read(Path::new("/dev/zero"), 1 << 20, "weights file").unwrap_err();
        assert_eq!(e.message, "weights file /dev/zero: it is a device, not a regular file; it was not read");
        let e = read(&dir(), 1 << 20, "lesson file").unwrap_err();
        assert!(e.message.contains("it is a directory, not a regular file"), "{e}");
        let e = read(&dir().join("absent"), 1, "lesson file").unwrap_err();
        assert!(e.message.starts_with("cannot open lesson file"), "{e}");
        assert!(e.reason.starts_with("cannot open it: "), "{e:?}");
    }

    #[test]
    fn invalid_utf8_is_an_error_naming_the_file() {
        let p = dir().join("bad.toml");
        std::fs::write(&p, b"a\xffb").unwrap();
        let e = read_text(&p, 100, "lesson file").unwrap_err();
        assert!(e.message.contains("bad.toml: it is not UTF-8"), "{e}");
    }

    #[test]
    fn sizes_read_as_megabytes() {
        assert_eq!(megabytes(WEIGHTS_LIMIT), "256 MB");
        assert_eq!(megabytes(LESSON_LIMIT), "1 MB");
        assert_eq!(megabytes(64 << 10), "64 KB");
        assert_eq!(megabytes(4), "4 bytes");
    }
}

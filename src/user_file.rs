//! Every file the user names for reading (a weights file, a lesson) goes through `read`: only a
//! regular file, and only up to a stated size, both checked before a byte is read. `/dev/zero`
//! would otherwise be read until memory runs out, and a FIFO would block the program (and the
//! screen, with q ignored) until some other process wrote to it.
//!
//! The path is checked, then opened without blocking (a FIFO swapped in after the check cannot
//! hang the open), then the file actually opened is checked again, and at most `limit + 1` bytes
//! are read (a file growing while it is read is refused too).
//!
//! A refusal is a key (`ReadFault`, `ReadError`): `strings` says it in the learner's language.

use crate::file_kind::NotRegular;
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// The largest weights file read (on disk), and the most its arrays may unpack to: note 000's
/// preset, the largest model here, is about 30 MB.
pub const WEIGHTS_LIMIT: u64 = 256 << 20;

/// The largest lesson file read: the built-in lessons are under 20 KB.
pub const LESSON_LIMIT: u64 = 1 << 20;

/// Why a file was not read, without naming it (for a message that names the file already, as a
/// lesson error does).
#[derive(Debug)]
pub enum ReadFault {
    /// The path is not a regular file but this kind of thing; nothing was read.
    NotRegular(NotRegular),
    /// The file holds `size` bytes, more than the `limit` read; nothing was read.
    TooLarge { size: u64, limit: u64 },
    /// The file could not be opened (or its metadata read): the system's error.
    CannotOpen(std::io::Error),
    /// The file was opened but reading it failed: the system's error.
    CannotRead(std::io::Error),
    /// `read_text`: the bytes are not UTF-8, in the decoder's words.
    NotUtf8(String),
}

/// Why a file was not read, naming it (for a command's error): `what` it is, in the learner's
/// language ("weights file"), its `path` with control characters escaped, and the `reason`.
#[derive(Debug)]
pub struct ReadError {
    pub what: String,
    pub path: String,
    pub reason: ReadFault,
}

impl std::error::Error for ReadFault {}
impl std::error::Error for ReadError {}

/// The bytes of the file at `path`, a regular file of at most `limit` bytes; `what` names it in
/// errors ("weights file").
pub fn read(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, ReadError> {
    read_file(path, limit).map_err(|reason| named(path, what, reason))
}

/// The same as text (UTF-8).
pub fn read_text(path: &Path, limit: u64, what: &str) -> Result<String, ReadError> {
    let bytes = read(path, limit, what)?;
    String::from_utf8(bytes).map_err(|e| named(path, what, ReadFault::NotUtf8(e.to_string())))
}

fn named(path: &Path, what: &str, reason: ReadFault) -> ReadError {
    let path = crate::text::escape_controls(&path.display().to_string(), false);
    ReadError { what: what.to_string(), path, reason }
}

/// `read`, refusing without naming the file (the caller names it its own way).
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadFault> {
    let (file, meta) = open_regular(path, limit)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(ReadFault::CannotRead)?;
    if bytes.len() as u64 > limit {
        return Err(ReadFault::TooLarge { size: bytes.len() as u64, limit });
    }
    Ok(bytes)
}

/// The file at `path` opened for reading, with its metadata: a regular file of at most `limit`
/// bytes, checked before the open and again on the file opened; opened without blocking (a FIFO
/// in its place cannot hang the open). Also what `model::fast::mapped_file` maps.
pub fn open_regular(path: &Path, limit: u64) -> Result<(File, Metadata), ReadFault> {
    check(&std::fs::metadata(path).map_err(ReadFault::CannotOpen)?, limit)?;
    let file = open_without_blocking(path).map_err(ReadFault::CannotOpen)?;
    let meta = file.metadata().map_err(ReadFault::CannotOpen)?;
    check(&meta, limit)?;
    Ok((file, meta))
}

/// A regular file no larger than `limit`, or the reason it is refused.
fn check(meta: &Metadata, limit: u64) -> Result<(), ReadFault> {
    if !meta.is_file() {
        return Err(ReadFault::NotRegular(NotRegular::of(meta)));
    }
    if meta.len() > limit {
        return Err(ReadFault::TooLarge { size: meta.len(), limit });
    }
    Ok(())
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

    /// A test's own folder (the tests run at once), removed when dropped.
    fn dir(name: &str) -> crate::temp_folder::TempFolder {
        crate::temp_folder::TempFolder::made(&format!("user-file-{name}"))
    }

    #[test]
    fn a_regular_file_within_the_limit_is_read_whole() {
        let dir = dir("whole");
        let p = dir.join("ok.txt");
        std::fs::write(&p, b"hello").unwrap();
        assert_eq!(read(&p, 5, "test file").unwrap(), b"hello");
        let e = read(&p, 4, "test file").unwrap_err();
        let (message, reason) = (e.to_string(), e.reason.to_string());
        assert!(message.contains("ok.txt: it is 5 bytes") && message.contains("was not read"), "{e}");
        assert!(reason.starts_with("it is 5 bytes, more than the 4 bytes"), "{e:?}");
    }

    #[test]
    fn devices_and_directories_are_refused_before_reading() {
        let e = read(Path::new("/dev/zero"), 1 << 20, "weights file").unwrap_err();
        assert_eq!(e.to_string(), "weights file /dev/zero: it is a device, not a regular file; it was not read");
        let dir = dir("refused");
        let e = read(&dir, 1 << 20, "lesson file").unwrap_err();
        assert!(e.to_string().contains("it is a directory, not a regular file"), "{e}");
        let e = read(&dir.join("absent"), 1, "lesson file").unwrap_err();
        assert!(e.to_string().starts_with("cannot open lesson file"), "{e}");
        assert!(e.reason.to_string().starts_with("cannot open it: "), "{e:?}");
    }

    #[test]
    fn invalid_utf8_is_an_error_naming_the_file() {
        let dir = dir("utf8");
        let p = dir.join("bad.toml");
        std::fs::write(&p, b"a\xffb").unwrap();
        let e = read_text(&p, 100, "lesson file").unwrap_err();
        assert!(e.to_string().contains("bad.toml: it is not UTF-8"), "{e}");
    }
}

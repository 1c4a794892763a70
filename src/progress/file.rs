//! Reading the progress file without ever losing it. The file is checked before a byte is read
//! (a regular file of at most `MAX_BYTES`: a symlink to /dev/zero or a FIFO would otherwise grow
//! memory without end or block the screen), then read (at most `MAX_BYTES + 1` bytes, opened
//! without blocking) and parsed. A file that cannot be used is kept under a name of its own
//! beside it, never overwritten:
//!
//! - `progress.toml.corrupt-20261124-101500` (UTC) for one this program cannot read: not UTF-8,
//!   not TOML, not progress, too large, not a regular file, no permission to read it;
//! - `progress.toml.newer-20261124-101500` for one written by a newer version of the program;
//!
//! with `-2`, `-3`, … when that name is taken (a second bad file in the same second). The name is
//! claimed by a hard link, which fails instead of replacing a file already there; where hard
//! links are not possible (a directory, some filesystems) by a rename after checking the name is
//! free. A regular file reached through a symlink is kept beside its target, so the link stays
//! and the next save writes through it; anything else (a link to a device, a FIFO) is moved aside
//! itself, never the device it points to.
//!
//! Any other failure to read (an I/O error) leaves the file where it is, and a running tutor does
//! not save over it until it can be read again.

use super::{Progress, Unusable};
use crate::strings;
use std::fs::{self, File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The largest progress file read: one holds the beats seen and at most two answers of at most
/// 60 columns per question (a few KB for every built-in lesson done), so anything near this size
/// was not written by this program.
pub const MAX_BYTES: u64 = 1 << 20;

/// What is at the progress file's path.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    Missing,
    Read(Progress),
    /// It could not be used and is kept under another name; the note says why and where.
    SetAside(String),
    /// It could not be read and is left where it is; the note says why. Do not write over it.
    Blocked(String),
}

/// The progress at `path`, or what became of the file (see the module's comment).
pub fn read(path: &Path) -> Found {
    let shown = path.display().to_string();
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Found::Missing,
        Err(e) => return Found::Blocked(strings::progress_blocked(&shown, &e.to_string())),
    };
    if let Some(why) = refused(&meta) {
        return set_aside(path, Kind::Corrupt, &why);
    }
    let mut file = match open_without_blocking(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            return set_aside(path, Kind::Corrupt, &strings::progress_why_unreadable(&e.to_string()));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Found::Missing,
        Err(e) => return Found::Blocked(strings::progress_blocked(&shown, &e.to_string())),
    };
    // the file opened may not be the one checked (swapped meanwhile)
    match file.metadata() {
        Ok(m) => {
            if let Some(why) = refused(&m) {
                return set_aside(path, Kind::Corrupt, &why);
            }
        }
        Err(e) => return Found::Blocked(strings::progress_blocked(&shown, &e.to_string())),
    }
    let mut bytes = Vec::new();
    if let Err(e) = (&mut file).take(MAX_BYTES + 1).read_to_end(&mut bytes) {
        return Found::Blocked(strings::progress_blocked(&shown, &e.to_string()));
    }
    drop(file);
    if bytes.len() as u64 > MAX_BYTES {
        return set_aside(path, Kind::Corrupt, &strings::progress_why_too_large(bytes.len() as u64, MAX_BYTES));
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            return set_aside(path, Kind::Corrupt, &strings::progress_why_not_utf8(byte, at));
        }
    };
    match Progress::parse(&text) {
        Ok(p) => Found::Read(p),
        Err(Unusable::Newer(v)) => set_aside(path, Kind::Newer(v), ""),
        Err(Unusable::Bad(why)) => set_aside(path, Kind::Corrupt, &why),
    }
}

/// Why a file with this metadata is not read at all, if it is not.
fn refused(meta: &Metadata) -> Option<String> {
    if !meta.is_file() {
        return Some(strings::progress_why_not_regular(kind(meta)));
    }
    (meta.len() > MAX_BYTES).then(|| strings::progress_why_too_large(meta.len(), MAX_BYTES))
}

/// What a path that is not a regular file is, for the message.
fn kind(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return strings::FILE_KIND_FIFO.get();
        }
        if t.is_char_device() || t.is_block_device() {
            return strings::FILE_KIND_DEVICE.get();
        }
        if t.is_socket() {
            return strings::FILE_KIND_SOCKET.get();
        }
    }
    if meta.is_dir() { strings::FILE_KIND_DIRECTORY.get() } else { strings::FILE_KIND_OTHER.get() }
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK changes nothing for a regular file; it keeps the open of a FIFO swapped in
    // after the check from waiting for a writer
    fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// Why a file is kept.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Corrupt,
    Newer(i64),
}

/// Keep the file at `path` under a fresh name and say so; or, when it cannot be moved, leave it
/// and say that.
fn set_aside(path: &Path, kind: Kind, why: &str) -> Found {
    let shown = path.display().to_string();
    let label = match kind {
        Kind::Corrupt => "corrupt",
        Kind::Newer(_) => "newer",
    };
    match keep_aside(&what_to_keep(path), label) {
        Ok(kept) => {
            let kept = kept.display().to_string();
            Found::SetAside(match kind {
                Kind::Corrupt => strings::progress_kept_corrupt(&shown, why, &kept),
                Kind::Newer(v) => strings::progress_kept_newer(&shown, v, super::VERSION, &kept),
            })
        }
        Err(e) => Found::Blocked(strings::progress_not_kept(&shown, why, &e.to_string())),
    }
}

/// A regular file through a symlink: the target (so the link stays); anything else: the path.
fn what_to_keep(path: &Path) -> PathBuf {
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let to_regular = fs::metadata(path).is_ok_and(|m| m.is_file());
    match (is_link && to_regular).then(|| fs::canonicalize(path)) {
        Some(Ok(target)) => target,
        _ => path.to_path_buf(),
    }
}

/// Move `from` to `NAME.LABEL-STAMP[-N]` beside it, never over an existing file.
pub(super) fn keep_aside(from: &Path, label: &str) -> io::Result<PathBuf> {
    let name = from.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stamp = utc_stamp(std::time::SystemTime::now());
    for n in 1..1000 {
        let suffix = if n == 1 { String::new() } else { format!("-{n}") };
        let to = from.with_file_name(format!("{name}.{label}-{stamp}{suffix}"));
        match fs::hard_link(from, &to) {
            Ok(()) => {
                return match fs::remove_file(from) {
                    Ok(()) => Ok(to),
                    Err(e) => {
                        let _ = fs::remove_file(&to);
                        Err(e)
                    }
                };
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if fs::symlink_metadata(&to).is_ok() => continue,
            // no hard link possible here: a rename, to a name just seen free
            Err(_) => {
                fs::rename(from, &to)?;
                return Ok(to);
            }
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, strings::PROGRESS_NO_FREE_NAME.get()))
}

/// `YYYYMMDD-HHMMSS` in UTC.
pub(super) fn utc_stamp(t: std::time::SystemTime) -> String {
    let secs = t.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}{m:02}{d:02}-{:02}{:02}{:02}", rest / 3600, rest % 3600 / 60, rest % 60)
}

/// The Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn stamps_are_utc_dates_and_times() {
        assert_eq!(utc_stamp(UNIX_EPOCH), "19700101-000000");
        assert_eq!(utc_stamp(UNIX_EPOCH + Duration::from_secs(951_782_400)), "20000229-000000");
        assert_eq!(utc_stamp(UNIX_EPOCH + Duration::from_secs(1_795_523_019)), "20261124-122339");
    }

    #[test]
    fn a_kept_file_never_replaces_an_earlier_one() {
        let dir = crate::temp_folder::TempFolder::made("keep-aside");
        let path = dir.join("progress.toml");
        let mut kept = Vec::new();
        for i in 0..3 {
            fs::write(&path, format!("bad {i}")).unwrap();
            kept.push(keep_aside(&path, "corrupt").unwrap());
            assert!(!path.exists());
        }
        for (i, k) in kept.iter().enumerate() {
            assert_eq!(fs::read_to_string(k).unwrap(), format!("bad {i}"), "{}", k.display());
        }
        kept.dedup();
        assert_eq!(kept.len(), 3, "three names: {kept:?}");
    }
}

//! Every file the program writes goes through `write`: whole or not at all. The bytes go to a
//! temporary file beside the target, are synced to disk, and the temporary file is renamed over
//! the target; an existing file is never truncated in place, so a full disk, a signal or a
//! crash leaves the old file as it was.
//!
//! - a symlink is written through: its target is replaced, the link stays;
//! - a target that is not a regular file (a directory, a FIFO, a device) is refused: the message
//!   says which it is;
//! - a read-only target is refused (as `cp` would ask, we do not replace it silently);
//! - a new file gets the usual mode; a replaced file keeps its permissions;
//! - a failure while writing says what was kept ("the old file is as it was", "no file was created");
//! - `check` makes the same checks without writing, so a long job (training) fails before its
//!   work rather than after.
//!
//! Errors stay `io::Error`s (their kind kept) whose payload is a key, `WriteFault`: `strings`
//! says it in the learner's language when it is shown.

use crate::file_kind::NotRegular;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file was not written: the payload of the `io::Error`s this module returns.
#[derive(Debug)]
pub enum WriteFault {
    /// The system's own error (`Not a directory (os error 20)`), said in the learner's language.
    System(io::Error),
    /// The target is not a regular file but this kind of thing; nothing was written.
    NotRegular { subject: Subject, kind: NotRegular },
    /// The target is read-only; it was left as it is.
    ReadOnly { subject: Subject },
    /// The folder `dir` is there but takes no new file (`/proc`).
    NoNewFiles { dir: String },
    /// There is no folder `dir`.
    NoFolder { dir: String },
    /// The temporary file could not be created in `dir`: the system's error.
    CannotCreate { dir: String, reason: io::Error },
    /// Writing, syncing or renaming failed: the error, and whether an old file was there (and is
    /// kept as it was) or none was created.
    Failed { reason: io::Error, old_kept: bool },
    /// Following the symlinks of `path` went round more than 40 links.
    SymlinkLoop { path: String },
}

impl std::error::Error for WriteFault {}

/// Which file a refusal is about: the path as asked, or the file its symlink leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// The path itself.
    It,
    /// The target (shown) a symlink leads to.
    Target(String),
}

/// `fault` as an `io::Error` of `kind`.
fn fault(kind: io::ErrorKind, fault: WriteFault) -> io::Error {
    io::Error::new(kind, fault)
}

/// Write the file at `path` with what `body` writes, atomically.
pub fn write(path: &Path, body: impl FnOnce(&mut io::BufWriter<&File>) -> io::Result<()>) -> io::Result<()> {
    let target = resolve(path).map_err(worded)?;
    let existing = existing(path, &target).map_err(worded)?;
    let tmp = temporary_beside(&target);
    let file = create_temporary(&tmp, &target)?;
    let result: io::Result<()> = (|| {
        {
            let mut w = io::BufWriter::new(&file);
            body(&mut w)?;
            w.flush()?;
        }
        if let Some(m) = &existing {
            file.set_permissions(m.permissions())?;
        }
        file.sync_all()?;
        fs::rename(&tmp, &target)?;
        // the rename itself reaches the disk with the directory (best effort: not every
        // filesystem lets a directory be opened for syncing)
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = File::open(dir)
        {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        fault(e.kind(), WriteFault::Failed { reason: e, old_kept: existing.is_some() })
    })
}

/// Whether `write` could replace `path`: the same checks (a regular, writable file or none, a
/// folder that takes a new file), made before a long job so that it fails before its work rather
/// than after. Nothing is left behind.
pub fn check(path: &Path) -> io::Result<()> {
    let target = resolve(path).map_err(worded)?;
    existing(path, &target).map_err(worded)?;
    let tmp = temporary_beside(&target);
    drop(create_temporary(&tmp, &target)?);
    fs::remove_file(&tmp)
}

/// The system's own error in the learner's language (`Not a directory (os error 20)` becomes
/// 路径中有一段不是文件夹 on a Chinese screen); an error this module worded is kept.
fn worded(e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(_) => fault(e.kind(), WriteFault::System(e)),
        None => e,
    }
}

/// The file `write` would replace, if there is one; refused when it is not a regular file or is
/// read-only. `path` is what was asked for, `target` where its symlinks lead.
fn existing(path: &Path, target: &Path) -> io::Result<Option<fs::Metadata>> {
    // the kernel's own lookup of `path`: the same file as `target`, except for the links in /proc
    // (`/dev/stdout` leads to `pipe:[…]`, which no path names) where only the kernel knows
    let m = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let subject = match target == path || fs::symlink_metadata(target).is_err() {
        true => Subject::It,
        false => Subject::Target(target.display().to_string()),
    };
    if !m.is_file() {
        return Err(fault(io::ErrorKind::InvalidInput, WriteFault::NotRegular { subject, kind: NotRegular::of(&m) }));
    }
    if m.permissions().readonly() {
        return Err(fault(io::ErrorKind::PermissionDenied, WriteFault::ReadOnly { subject }));
    }
    Ok(Some(m))
}

/// Create the temporary file, saying which folder is missing or will not take a new file.
fn create_temporary(tmp: &Path, target: &Path) -> io::Result<File> {
    fs::OpenOptions::new().write(true).create_new(true).open(tmp).map_err(|e| {
        let dir = match target.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => d.display().to_string(),
            None => ".".to_string(),
        };
        // a folder that is there but takes no new file (/proc) also answers NotFound
        let folder = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let kind = e.kind();
        let why = match kind {
            io::ErrorKind::NotFound if folder.is_dir() => WriteFault::NoNewFiles { dir },
            io::ErrorKind::NotFound => WriteFault::NoFolder { dir },
            _ => WriteFault::CannotCreate { dir, reason: e },
        };
        fault(kind, why)
    })
}

/// Write `bytes` to `path` atomically.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write(path, |w| w.write_all(bytes))
}

/// The file a path names: a symlink's target (followed to the end), or the path itself.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = if link.is_absolute() { link } else { p.parent().unwrap_or(Path::new("")).join(link) };
            }
            _ => return Ok(p),
        }
    }
    Err(fault(io::ErrorKind::InvalidInput, WriteFault::SymlinkLoop { path: path.display().to_string() }))
}

/// A fresh name beside `target`: `.NAME.tmp-PID-N`, in the same directory so the rename stays on
/// one filesystem. NAME is cut to its first 100 bytes (at a character's edge), so that a legal
/// 255-byte name still has a legal temporary one.
fn temporary_beside(target: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let cut = (0..=name.len().min(100)).rev().find(|&i| name.is_char_boundary(i)).unwrap_or(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    target.with_file_name(format!(".{}.tmp-{}-{n}", &name[..cut], std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test's own folder, `tt-atomic-file-NAME-PID`, removed when dropped.
    fn scratch(name: &str) -> crate::temp_folder::TempFolder {
        crate::temp_folder::TempFolder::made(&format!("atomic-file-{name}"))
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp-"))
            .collect()
    }

    #[test]
    fn a_name_of_255_bytes_is_written() {
        let dir = scratch("long-name");
        // 84 three-byte characters and `.npz`: 256 bytes is one too many, so 83 and a letter
        let target = dir.join(format!("{}ab.npz", "猫".repeat(83)));
        assert_eq!(target.file_name().unwrap().len(), 255);
        write_bytes(&target, b"x").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"x");
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn a_file_is_written_whole_and_replaces_the_old_one() {
        let dir = scratch("whole");
        let path = dir.join("a.txt");
        write_bytes(&path, b"old").unwrap();
        write_bytes(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn a_failing_writer_leaves_the_old_file_and_no_temporary() {
        let dir = scratch("failing");
        let path = dir.join("a.txt");
        write_bytes(&path, b"keep me").unwrap();
        let e = write(&path, |w| {
            w.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(e.to_string().contains("disk full"));
        assert_eq!(fs::read(&path).unwrap(), b"keep me");
        assert!(leftovers(&dir).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let dir = scratch("symlink");
        let real = dir.join("real.txt");
        write_bytes(&real, b"old").unwrap();
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        write_bytes(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_a_directory_and_a_read_only_file_are_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("refused");
        let e = write_bytes(&dir, b"x").unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
        if made {
            let e = write_bytes(&fifo, b"x").unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        let ro = dir.join("ro.txt");
        write_bytes(&ro, b"mine").unwrap();
        fs::set_permissions(&ro, fs::Permissions::from_mode(0o444)).unwrap();
        let e = write_bytes(&ro, b"x").unwrap_err();
        assert!(e.to_string().contains("read-only"), "{e}");
        assert_eq!(fs::read(&ro).unwrap(), b"mine");
        assert!(leftovers(&dir).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("a.txt");
        write_bytes(&path, b"old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_bytes(&path, b"new").unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }
    #[test]
    fn a_failure_says_the_old_file_is_kept_or_none_was_made() {
        let dir = scratch("says");
        let path = dir.join("a.txt");
        let fail = |w: &mut io::BufWriter<&File>| -> io::Result<()> {
            w.write_all(b"half")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "No space left on device"))
        };
        let e = write(&path, fail).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        assert!(e.to_string().contains("no file was created"), "{e}");
        assert!(!path.exists());
        write_bytes(&path, b"mine").unwrap();
        let e = write(&path, fail).unwrap_err();
        assert!(e.to_string().contains("the old file is as it was"), "{e}");
        assert_eq!(fs::read(&path).unwrap(), b"mine");
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn a_missing_folder_is_named() {
        let dir = scratch("no-folder");
        let path = dir.join("not-there").join("a.txt");
        for e in [write_bytes(&path, b"x").unwrap_err(), check(&path).unwrap_err()] {
            assert!(e.to_string().contains("there is no folder") && e.to_string().contains("not-there"), "{e}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn check_refuses_what_write_refuses_and_leaves_nothing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("check");
        let path = dir.join("a.txt");
        check(&path).unwrap();
        assert!(!path.exists(), "checking creates nothing");
        write_bytes(&path, b"mine").unwrap();
        check(&path).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"mine");
        assert!(check(&dir).unwrap_err().to_string().contains("not a regular file"));
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink("a.txt", &link).unwrap();
        check(&link).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let e = check(&link).unwrap_err();
        assert!(e.to_string().contains("its target") && e.to_string().contains("read-only"), "{e}");
        assert!(leftovers(&dir).is_empty());
    }
}

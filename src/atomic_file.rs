//! Every file the program writes goes through `write`: whole or not at all. The bytes go to a
//! temporary file beside the target, are synced to disk, and the temporary file is renamed over
//! the target; an existing file is never truncated in place, so a full disk, a signal or a
//! crash leaves the old file as it was.
//!
//! - a symlink is written through: its target is replaced, the link stays;
//! - a target that is not a regular file (a directory, a FIFO, a device) is refused;
//! - a read-only target is refused (as `cp` would ask, we do not replace it silently);
//! - a new file gets the usual mode; a replaced file keeps its permissions.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Write the file at `path` with what `body` writes, atomically.
pub fn write(path: &Path, body: impl FnOnce(&mut io::BufWriter<&File>) -> io::Result<()>) -> io::Result<()> {
    let target = resolve(path)?;
    let existing = match fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if let Some(m) = &existing {
        if !m.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a regular file; not replaced", target.display()),
            ));
        }
        if m.permissions().readonly() {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!("{} is read-only; not replaced", target.display()),
            ));
        }
    }
    let tmp = temporary_beside(&target);
    let result = (|| {
        let file = fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
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
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
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
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{}: too many levels of symlinks", path.display())))
}

/// A fresh name beside `target`: `.NAME.tmp-PID-N`, in the same directory so the rename stays on
/// one filesystem.
fn temporary_beside(target: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    target.with_file_name(format!(".{name}.tmp-{}-{n}", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("atomic-file-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp-"))
            .collect()
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
}

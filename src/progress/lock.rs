//! The lock on the progress directory (sync.rs: reading, merging and renaming hold it), taken
//! within a bounded time. Another process can hold it for as long as it likes (`flock DIR sleep
//! 120`, a stuck tutor on a network file system); waiting for it without end froze the screen at
//! its first save, with `q` and SIGTERM doing nothing, and `--reset-progress` blocked silently.
//! So the lock is tried again and again for at most a given time, and then the save or the reset
//! is given up with a message naming the process that holds the lock (from /proc/locks, on
//! Linux), and the caller carries on: a running tutor keeps its change to try again at the next
//! one, and says in the status bar (and at quit, exit 1) that progress was not saved.

use crate::strings;
use std::fs::{File, TryLockError};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a save waits while the tutor runs: a moment, so the keys stay live; another tutor's
/// own save holds the lock for milliseconds.
pub const WHILE_RUNNING: Duration = Duration::from_millis(200);
/// How long the last save (quitting, a signal) and `--reset-progress` wait.
pub const AT_THE_END: Duration = Duration::from_secs(2);
/// How often the lock is tried while waiting.
const EVERY: Duration = Duration::from_millis(20);

/// An exclusive lock on `dir`, released when dropped, taken within `wait`; Ok(None) where a
/// directory cannot be locked (opening a directory as a file works on Unix, not on Windows), and
/// the caller goes on without. Err: another process held it all that time (who, when known).
pub fn lock_within(dir: &Path, wait: Duration) -> Result<Option<File>, String> {
    let Ok(file) = File::open(dir) else { return Ok(None) };
    let start = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(Some(file)),
            Err(TryLockError::Error(_)) => return Ok(None),
            Err(TryLockError::WouldBlock) if start.elapsed() >= wait => return Err(held(dir, wait)),
            Err(TryLockError::WouldBlock) => std::thread::sleep(EVERY),
        }
    }
}

/// Why the lock was not taken: who holds it, when /proc/locks says.
fn held(dir: &Path, wait: Duration) -> String {
    let shown = dir.display().to_string();
    let seconds = format!("{:.1}", wait.as_secs_f64());
    match holder(dir) {
        Some((pid, name)) => strings::progress_locked_by(&shown, &seconds, pid, &name),
        None => strings::progress_locked(&shown, &seconds),
    }
}

/// The process that holds the `flock` on `dir` and its name (its `comm`, control characters
/// escaped), from /proc/locks: Linux only, None elsewhere or when it does not say. It does not
/// say on every file system (btrfs's and overlayfs's device numbers in /proc/locks need not be
/// those `stat` gives), nor for a holder outside this process's pid namespace (pid 0 there); and
/// the pid it gives is the process that took the lock, which may have ended since, leaving the
/// lock to a child that inherited it: a pid whose process has gone is not named (it may be
/// another process's by now). Only ever a name in a message: the lock is never judged stale.
fn holder(dir: &Path) -> Option<(u32, String)> {
    holder_from(&std::fs::read_to_string("/proc/locks").ok()?, dir)
}

/// `holder`, from `locks` (the text of /proc/locks).
fn holder_from(locks: &str, dir: &Path) -> Option<(u32, String)> {
    let pid = holder_in(locks, dir).filter(|&pid| pid > 0)?;
    let name = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
    Some((pid, crate::text::escape_controls(name.trim_end_matches('\n'), false)))
}

/// In the text of /proc/locks, the pid holding a FLOCK on the file `dir` names (matched by its
/// device and inode: `MAJOR:MINOR:INODE`, the device numbers in hex). Lines of processes waiting
/// for a lock (`->`) hold nothing.
#[cfg(unix)]
fn holder_in(locks: &str, dir: &Path) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(dir).ok()?;
    let dev = meta.dev();
    // the kernel's split of a device number (glibc's `major`/`minor`, the same on every Linux)
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    let file = format!("{major:02x}:{minor:02x}:{}", meta.ino());
    locks.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // `N: FLOCK ADVISORY WRITE PID MAJOR:MINOR:INODE START END`
        let holds = fields.get(1) == Some(&"FLOCK") && fields.get(5).is_some_and(|f| *f == file);
        holds.then(|| fields.get(4)?.parse().ok()).flatten()
    })
}

#[cfg(not(unix))]
fn holder_in(_locks: &str, _dir: &Path) -> Option<u32> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_held_elsewhere_is_given_up_after_the_wait_naming_the_holder() {
        let dir = crate::temp_folder::TempFolder::made("lock");
        // another open file description of the directory holds it (as another process would)
        let other = File::open(&dir).unwrap();
        other.lock().unwrap();
        let start = Instant::now();
        let refused = lock_within(&dir, Duration::from_millis(300)).unwrap_err();
        let waited = start.elapsed();
        assert!(waited >= Duration::from_millis(300) && waited < Duration::from_secs(2), "{waited:?}");
        #[cfg(target_os = "linux")]
        assert!(refused.contains(&format!("pid {}", std::process::id())), "{refused}");
        drop(other);
        assert!(lock_within(&dir, Duration::ZERO).unwrap().is_some(), "taken once released");
    }

    #[cfg(unix)]
    #[test]
    fn the_holder_is_read_from_proc_locks_by_device_and_inode() {
        use std::os::unix::fs::MetadataExt;
        let dir = std::env::temp_dir();
        let meta = std::fs::metadata(&dir).unwrap();
        let (dev, ino) = (meta.dev(), meta.ino());
        let (major, minor) = (((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff), (dev & 0xff) | ((dev >> 12) & !0xff));
        let locks = format!(
            "1: POSIX  ADVISORY  WRITE 11 {major:02x}:{minor:02x}:{ino} 0 EOF\n\
             2: FLOCK  ADVISORY  WRITE 22 {major:02x}:{minor:02x}:{other} 0 EOF\n\
             3: FLOCK  ADVISORY  WRITE 33 {major:02x}:{minor:02x}:{ino} 0 EOF\n\
             3: -> FLOCK  ADVISORY  WRITE 44 {major:02x}:{minor:02x}:{ino} 0 EOF\n",
            other = ino + 1
        );
        assert_eq!(holder_in(&locks, &dir), Some(33));
        assert_eq!(holder_in("", &dir), None);
    }

    /// Where /proc/locks does not name a live holder (a file system whose device numbers there
    /// differ from `stat`'s, a holder in another pid namespace shown as pid 0, a holder that has
    /// ended), no process is named; the wait stays bounded all the same (the test above).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_holder_not_listed_or_gone_is_not_named() {
        use std::os::unix::fs::MetadataExt;
        let dir = std::env::temp_dir();
        let meta = std::fs::metadata(&dir).unwrap();
        let (dev, ino) = (meta.dev(), meta.ino());
        let (major, minor) = (((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff), (dev & 0xff) | ((dev >> 12) & !0xff));
        let line = |pid: i64| format!("1: FLOCK  ADVISORY  WRITE {pid} {major:02x}:{minor:02x}:{ino} 0 EOF\n");
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let gone = child.id();
        child.wait().unwrap();
        // the same inode on another device: what /proc/locks shows on btrfs, whose `stat` gives
        // each subvolume a device of its own
        let elsewhere =
            format!("1: FLOCK  ADVISORY  WRITE {} {major:02x}:{:02x}:{ino} 0 EOF\n", std::process::id(), minor + 1);
        for locks in [String::new(), elsewhere, line(0), line(-1), line(gone as i64)] {
            assert_eq!(holder_from(&locks, &dir), None, "{locks}");
        }
        let me = holder_from(&line(std::process::id() as i64), &dir);
        assert_eq!(me.map(|(pid, _)| pid), Some(std::process::id()));
    }
}

//! The progress directory's lock held by another process (as `flock DIR sleep 120` holds it):
//! the tutor's screen comes up and its keys work (each save waits a moment, then says in the
//! status bar who holds the lock), `q` ends it within seconds with exit 1 and the message that
//! progress was not saved (SIGTERM: 143 and the same message); `--reset-progress` says the lock is held, exits 1 and changes nothing.
//! Before, the screen froze at its first save and `q` and SIGTERM did nothing; the reset blocked
//! silently.

#![cfg(target_os = "linux")]

mod pty_driver;

use pty_driver::{BIN, cooked, data_dir, drive, drive_raw};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn with_the_lock_held_the_keys_work_and_q_ends_within_seconds_saying_progress_was_not_saved() {
    let data = data_dir("tutor");
    let report = drive("held_lock", &data, &["--lang", "en", "--lesson", "masks"]);
    assert_eq!(report["drawn"], "True", "{report:?}");
    assert_eq!(report["moved"], "True", "→ moved to beat 2 with the lock held: {report:?}");
    assert_eq!(report["told"], "True", "the status bar says the lock is held: {report:?}");
    assert_eq!(report["exit"], "1", "a failed last save is exit 1: {report:?}");
    let seconds: f64 = report["seconds"].parse().unwrap();
    assert!(seconds < 5.0, "q took {seconds} s: {report:?}");
    let said = &report["said"];
    assert!(said.contains(&format!("(python3, pid {})", report["driver"])), "the holder is named: {said}");
    assert!(said.contains("what this session added to the progress is lost"), "{said}");
    cooked(&report);
    assert!(!data.join("progress.toml").exists(), "nothing was written under the held lock");
    let _ = std::fs::remove_dir_all(&data);
}

/// SIGTERM with the lock held: 143 within seconds (the last save waits 2 s for the lock), and
/// the message that this session's progress is lost.
#[test]
fn with_the_lock_held_sigterm_ends_within_seconds_saying_progress_was_not_saved() {
    let data = data_dir("term");
    let said = drive_raw("held_lock", &data, &["--lang", "en", "--lesson", "masks"], &[("TT_END", "TERM")]);
    let report: std::collections::BTreeMap<&str, &str> = said.lines().filter_map(|l| l.split_once('=')).collect();
    assert_eq!(report["exit"], "143", "{said}");
    let seconds: f64 = report["seconds"].parse().unwrap();
    assert!(seconds < 5.0, "SIGTERM took {seconds} s: {said}");
    assert!(report["said"].contains("holds the lock") && report["said"].contains("progress is lost"), "{said}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn reset_progress_with_the_lock_held_says_so_and_changes_nothing() {
    let data = data_dir("reset");
    let path = data.join("progress.toml");
    let mut progress = transformer_tutor::progress::Progress::new();
    progress.see("masks", 0);
    transformer_tutor::progress::save(&progress, &path).unwrap();
    let before = std::fs::read(&path).unwrap();
    // this process holds the directory's lock, as `flock DIR sleep 120` would
    let lock = std::fs::File::open(&data).unwrap();
    lock.lock().unwrap();
    for (lang, needle) in [("en", "holds the lock on"), ("zh", "的锁")] {
        let start = Instant::now();
        let mut reset = Command::new(BIN)
            .args(["--lang", lang, "--reset-progress"])
            .env("TRANSFORMER_TUTOR_DATA_DIR", &data)
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // it waited for ever before: give it 10 s, then stop it
        while reset.try_wait().unwrap().is_none() && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = reset.kill();
        let out = reset.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(start.elapsed() < Duration::from_secs(5), "{lang}: took {:?}", start.elapsed());
        assert_eq!(out.status.code(), Some(1), "{lang}: {err}");
        assert!(err.contains(needle) && err.contains(&format!("pid {}", std::process::id())), "{lang}: {err}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{lang}: the file is as it was");
    }
    drop(lock);
    let out = Command::new(BIN)
        .args(["--lang", "en", "--reset-progress"])
        .env("TRANSFORMER_TUTOR_DATA_DIR", &data)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "released, the reset is done: {}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&data);
}

//! Any failure to write stdout, other than a closed pipe, is one line on stderr and exit 1:
//! `--help` and `--version` (which clap would end with 0 whatever happened), `--list`, `--print`,
//! `translate` and `trace`, into a full disk (`/dev/full`) and into a stdout that was closed
//! before the program started (`>&-`: Rust's runtime puts /dev/null there, which would swallow
//! everything). Stdout on /dev/null, opened either way, is not an error.

#![cfg(target_os = "linux")]

use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

const COMMANDS: &[&[&str]] = &[
    &["--help"],
    &["--version"],
    &["translate", "--help"],
    &["--list"],
    &["--lesson", "masks", "--print"],
    &["translate", "我有一只猫"],
    &["trace"],
];

#[track_caller]
fn one_line_and_exit_1(o: &Output, args: &[&str], why: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line expected:\n{err}");
    assert!(err.starts_with("error: cannot write to standard output: ") && err.contains(why), "{args:?}: {err}");
}

#[test]
fn a_full_disk_is_an_error_for_every_command() {
    for args in COMMANDS {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full on Linux");
        let o = tutor(args).stdout(full).output().unwrap();
        one_line_and_exit_1(&o, args, "No space left on device");
    }
}

#[test]
fn a_closed_stdout_is_an_error_for_every_command() {
    for args in COMMANDS {
        // the shell closes descriptor 1, then becomes the program
        let o = Command::new("sh")
            .env("TRANSFORMER_TUTOR_DATA_DIR", data_dir())
            .args(["-c", "exec \"$0\" \"$@\" >&-", BIN])
            .args(*args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .output()
            .unwrap();
        one_line_and_exit_1(&o, args, "Bad file descriptor");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn dev_null_is_not_an_error_however_it_was_opened() {
    for args in COMMANDS {
        // write-only, as a shell's `> /dev/null`; read-write, as Python's subprocess.DEVNULL and
        // systemd open it (and as Rust's runtime reopens a closed descriptor)
        for read in [false, true] {
            let null = std::fs::OpenOptions::new().read(read).write(true).open("/dev/null").unwrap();
            let o = tutor(args).stdout(null).output().unwrap();
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(0), "{args:?} (read-write: {read}): {err}");
            assert!(!err.contains("error"), "{args:?}: {err}");
        }
    }
}

#[test]
fn help_and_version_still_print_in_a_pipe() {
    for (args, expect) in [(&["--help"][..], "Usage: transformer-tutor"), (&["--version"], "transformer-tutor 0.1")] {
        let o = tutor(args).output().unwrap();
        assert_eq!(o.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&o.stdout).contains(expect), "{args:?}");
        assert!(o.stderr.is_empty());
    }
}

/// The binary's data (progress, the saved language) in this test process's own folder, not the
/// learner's: their saved choice of Chinese must not change the messages these tests read.
fn data_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tt-stdout-errors-data-{}", std::process::id()))
}

/// The binary with `args`, stdin null, its data in the test's own folder.
fn tutor(args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command.env("TRANSFORMER_TUTOR_DATA_DIR", data_dir()).args(args).stdin(Stdio::null());
    command
}

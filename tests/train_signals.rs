//! `train` stopped by a signal keeps the previous `--out` as it was: nothing half-trained is
//! written over a learner's good weights. The run says how far it got (step N of M) and exits
//! 128 + the signal's number, with progress lines (a pipe) and on the live screen (a
//! pseudo-terminal, where Ctrl-C is a key: it stops the same way; q stops and writes).

#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod temp_folder;
use temp_folder::TempFolder;

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

fn scratch(name: &str) -> TempFolder {
    TempFolder::made(&format!("train-signals-{name}"))
}

/// A learner's file: bytes that are not what training would write.
const GOOD: &[u8] = b"a learner's good weights, not to be replaced by a half-trained model";

fn kill(pid: u32, signal: &str) {
    let sent = Command::new("kill").args(["-s", signal, &pid.to_string()]).status().expect("kill runs");
    assert!(sent.success());
}

fn no_temporaries(dir: &Path) {
    let left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// `train` with progress lines on stderr, stopped by `signal` once it has started: the old file
/// (if `existing`) is untouched, the exit code 128 + `number`, and the message says how far.
fn stop_plain(signal: &str, number: i32, existing: bool) {
    let dir = scratch(&format!("plain-{signal}-{existing}"));
    let out = dir.join("good.npz");
    if existing {
        std::fs::write(&out, GOOD).unwrap();
    }
    let mut child = Command::new(BIN)
        // its data (the saved language, progress) in the test's own folder, not the learner's
        .env("TRANSFORMER_TUTOR_DATA_DIR", std::env::temp_dir().join(format!("tt-test-data-{}", std::process::id())))
        .args(["train", "--steps", "100000", "--out"])
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(first.starts_with("training the tutor model"), "{first}");
    std::thread::sleep(Duration::from_millis(300)); // a few steps
    kill(child.id(), signal);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + number), "{signal}: {rest}");
    let line = rest.lines().last().unwrap_or("");
    assert!(line.contains(&format!("SIG{signal}")) && line.contains("after step "), "{signal}: {rest}");
    assert!(line.contains("of 100000") && line.contains("nothing was written"), "{signal}: {rest}");
    if existing {
        assert!(line.contains("good.npz is as it was"), "{rest}");
        assert_eq!(std::fs::read(&out).unwrap(), GOOD, "{signal}: the old file is untouched");
    } else {
        assert!(line.contains("good.npz was not created"), "{rest}");
        assert!(!out.exists(), "{signal}: no file appears");
    }
    no_temporaries(&dir);
}

#[test]
fn sigint_keeps_the_old_weights_and_exits_130() {
    stop_plain("INT", 2, true);
}

#[test]
fn sigterm_keeps_the_old_weights_and_exits_143() {
    stop_plain("TERM", 15, true);
}

#[test]
fn sighup_keeps_the_old_weights_and_exits_129() {
    stop_plain("HUP", 1, true);
}

#[test]
fn a_signal_before_the_end_creates_no_file() {
    stop_plain("TERM", 15, false);
}

// ---- the live screen ----

/// The pid of the `train` started with `token` in its environment.
fn find_trainer(token: &str) -> Option<u32> {
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        let is_ours = cmdline.split(|&b| b == 0).next() == Some(BIN.as_bytes());
        if is_ours && environ.windows(token.len()).any(|w| w == token.as_bytes()) {
            return Some(pid);
        }
    }
    None
}

/// How the live screen is ended.
enum End {
    Signal(&'static str),
    Key(&'static str),
}

/// `train` on its live screen in a pseudo-terminal, ended by `end`: returns what the shell
/// printed after it (the exit code as `rc=N`, the summary or stop message, `stty -a`).
fn live(name: &str, end: End, out: &Path) -> String {
    let token = format!("TT_TRAIN_SIGNAL_TEST={name}-{}", std::process::id());
    let script = format!(
        "stty rows 40 cols 120; '{BIN}' train --steps 100000 --out '{}'; echo \"rc=$?\"; stty -a",
        out.display()
    );
    let mut command = Command::new("sh");
    command.args(["-c", &script]).env("TERM", "xterm-256color");
    command.env(token.split('=').next().unwrap(), token.split('=').nth(1).unwrap());
    let mut session = rexpect::session::spawn_command(command, Some(120_000)).expect("a pty");
    session.exp_string("Training loss").expect("the screen is drawn");
    session.exp_string("step").expect("training runs");
    std::thread::sleep(Duration::from_millis(300));
    match end {
        End::Signal(signal) => {
            let start = Instant::now();
            let pid = loop {
                if let Some(pid) = find_trainer(&token) {
                    break pid;
                }
                assert!(start.elapsed() < Duration::from_secs(10), "the trainer's process was not found");
                std::thread::sleep(Duration::from_millis(50));
            };
            kill(pid, signal);
        }
        End::Key(key) => {
            session.send(key).expect("the key is sent");
        }
    }
    let _ = session.flush();
    session.exp_eof().expect("the shell finishes")
}

#[track_caller]
fn assert_restored(rest: &str) {
    assert!(rest.contains("\x1b[?1049l"), "the alternate screen is left");
    assert!(rest.contains("\x1b[?25h"), "the cursor is shown again");
    let stty = &rest[rest.find("rc=").unwrap()..];
    let modes: Vec<&str> = stty.split(|c: char| c.is_whitespace() || c == ';').collect();
    for mode in ["icanon", "isig", "iexten"] {
        assert!(modes.contains(&mode), "raw mode still on, `{mode}` missing:\n{stty}");
    }
}

#[test]
fn the_live_screen_stopped_by_sigterm_keeps_the_old_weights() {
    let dir = scratch("live-term");
    let out = dir.join("good.npz");
    std::fs::write(&out, GOOD).unwrap();
    let rest = live("term", End::Signal("TERM"), &out);
    assert!(rest.contains("rc=143"), "{rest}");
    assert!(rest.contains("stopped by SIGTERM after step ") && rest.contains("of 100000"), "{rest}");
    assert!(rest.contains("good.npz is as it was"), "{rest}");
    assert_restored(&rest);
    assert_eq!(std::fs::read(&out).unwrap(), GOOD);
    no_temporaries(&dir);
}

#[test]
fn ctrl_c_on_the_live_screen_stops_as_sigint_does() {
    let dir = scratch("live-ctrl-c");
    let out = dir.join("good.npz");
    std::fs::write(&out, GOOD).unwrap();
    let rest = live("ctrl-c", End::Key("\x03"), &out);
    assert!(rest.contains("rc=130"), "{rest}");
    assert!(rest.contains("stopped by Ctrl-C (SIGINT) after step "), "{rest}");
    assert_restored(&rest);
    assert_eq!(std::fs::read(&out).unwrap(), GOOD);
    no_temporaries(&dir);
}

#[test]
fn q_on_the_live_screen_stops_and_writes_the_weights_so_far() {
    let dir = scratch("live-q");
    let out = dir.join("good.npz");
    std::fs::write(&out, GOOD).unwrap();
    let rest = live("q", End::Key("q"), &out);
    assert!(rest.contains("rc=0"), "{rest}");
    assert!(rest.contains("(stopped early)") && rest.contains("wrote"), "{rest}");
    assert_restored(&rest);
    assert!(transformer_tutor::model::Weights::load_npz(&out).is_ok(), "whole weights were written");
    no_temporaries(&dir);
}

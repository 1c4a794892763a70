//! The tutor in a pseudo-terminal, ended by a signal (kill -TERM, -INT, -HUP: a closed SSH
//! session sends HUP). The terminal must be restored: the alternate screen left, the cursor
//! shown, mouse reporting off, raw mode off (`stty` shows `icanon` and `isig` again), and the exit
//! code is 128 + the signal's number.

#![cfg(unix)]

use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

/// The pid of the tutor started with `token` in its environment.
fn find_tutor(token: &str) -> Option<u32> {
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        let is_tutor = cmdline.split(|&b| b == 0).next() == Some(BIN.as_bytes());
        if is_tutor && environ.windows(token.len()).any(|w| w == token.as_bytes()) {
            return Some(pid);
        }
    }
    None
}

fn end_with(signal: &str, number: i32) {
    let token = format!("TT_SIGNAL_TEST={signal}-{}", std::process::id());
    let data = std::env::temp_dir().join(format!("tt-signals-{signal}-{}", std::process::id()));
    // a shell in the pty runs the tutor in the foreground, then reports its exit code and the
    // terminal's modes as the tutor left them
    let script = format!("stty rows 40 cols 120; '{BIN}' --lesson masks; echo \"rc=$?\"; stty -a");
    let mut command = Command::new("sh");
    command
        .args(["-c", &script])
        .env("TERM", "xterm-256color")
        .env("TRANSFORMER_TUTOR_DATA_DIR", &data)
        .env(token.split('=').next().unwrap(), token.split('=').nth(1).unwrap());
    let mut session = rexpect::session::spawn_command(command, Some(20_000)).expect("a pty");
    session.exp_string("Masks: no peeking").expect("the screen is drawn"); // rexpect reads bytes as Latin-1: ASCII only
    let start = Instant::now();
    let pid = loop {
        if let Some(pid) = find_tutor(&token) {
            break pid;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the tutor's process was not found");
        std::thread::sleep(Duration::from_millis(50));
    };
    let killed = Command::new("kill").args(["-s", signal, &pid.to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let rest = session.exp_eof().expect("the shell finishes");
    assert!(rest.contains(&format!("rc={}", 128 + number)), "{signal}: exit code 128+{number} expected in:\n{rest}");
    assert!(rest.contains("\x1b[?1049l"), "{signal}: the alternate screen is left");
    assert!(rest.contains("\x1b[?25h"), "{signal}: the cursor is shown again");
    assert!(rest.contains("\x1b[?1000l"), "{signal}: mouse reporting is switched off");
    let stty = &rest[rest.find("rc=").unwrap()..];
    let modes: Vec<&str> = stty.split(|c: char| c.is_whitespace() || c == ';').collect();
    for mode in ["icanon", "isig", "iexten"] {
        assert!(modes.contains(&mode), "{signal}: raw mode still on, `{mode}` missing:\n{stty}");
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn sigterm_restores_the_terminal_and_exits_143() {
    end_with("TERM", 15);
}

#[test]
fn sigint_restores_the_terminal_and_exits_130() {
    end_with("INT", 2);
}

#[test]
fn sighup_restores_the_terminal_and_exits_129() {
    end_with("HUP", 1);
}

#[test]
fn with_input_redirected_the_message_names_standard_input() {
    // stdout is the pseudo-terminal, stdin is not: the message must not blame stdout
    let script = format!("stty rows 40 cols 120; '{BIN}' --lesson masks < /dev/null; echo \"rc=$?\"");
    let mut command = Command::new("sh");
    command.args(["-c", &script]).env("TERM", "xterm-256color");
    let mut session = rexpect::session::spawn_command(command, Some(20_000)).expect("a pty");
    let out = session.exp_eof().expect("it ends");
    assert!(out.contains("standard input is not a TTY"), "{out}");
    assert!(!out.contains("standard output is not a TTY"), "{out}");
    assert!(out.contains("rc=1"), "{out}");
}

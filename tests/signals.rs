//! The tutor and `train`'s live screen in a pseudo-terminal, ended by each signal whose default
//! action ends the process (HUP: a closed SSH session; INT, QUIT, USR1, USR2, PIPE, ALRM, TERM).
//! The terminal must be restored: the alternate screen left, the cursor shown, mouse reporting
//! off, raw mode off (`stty` shows `icanon`, `isig` and `iexten` again), and the exit code is 128 +
//! the signal's number.

#![cfg(target_os = "linux")]

use std::process::Command;
use std::time::{Duration, Instant};

mod temp_folder;
use temp_folder::TempFolder;

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

/// Which screen the signal ends.
#[derive(Clone, Copy, Debug)]
enum Screen {
    /// The tutor on a lesson (mouse reporting on).
    Tutor,
    /// `train`'s live screen, training for far longer than the test waits.
    Train,
}

/// A shell in a pty runs the program with `args` in the foreground, then reports its exit code
/// and the terminal's modes as the program left them; returns the session once `drawn` is on
/// screen (rexpect reads bytes as Latin-1: ASCII only) and the program's pid (`token` is in its
/// environment to find it).
fn start_in_pty(token: &str, data: &std::path::Path, args: &str, drawn: &str) -> (rexpect::session::PtySession, u32) {
    let script = format!("stty rows 40 cols 120; '{BIN}' {args}; echo \"rc=$?\"; stty -a");
    let mut command = Command::new("sh");
    command
        .args(["-c", &script])
        .env("TERM", "xterm-256color")
        .env("TRANSFORMER_TUTOR_DATA_DIR", data)
        .env(token.split('=').next().unwrap(), token.split('=').nth(1).unwrap());
    let mut session = rexpect::session::spawn_command(command, Some(60_000)).expect("a pty");
    session.exp_string(drawn).expect("the screen is drawn");
    let start = Instant::now();
    loop {
        if let Some(pid) = find_tutor(token) {
            return (session, pid);
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the program's process was not found");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn end_with(screen: Screen, signal: &str, number: i32) {
    let token = format!("TT_SIGNAL_TEST={screen:?}-{signal}-{}", std::process::id());
    let data = TempFolder::made(&format!("signals-{screen:?}-{signal}"));
    let (args, drawn) = match screen {
        Screen::Tutor => ("--lesson masks".to_string(), "Masks: no peeking"),
        Screen::Train => (format!("train --steps 100000 --out '{}'", data.join("w.npz").display()), "gradient norm"),
    };
    let (mut session, pid) = start_in_pty(&token, &data, &args, drawn);
    let killed = Command::new("kill").args(["-s", signal, &pid.to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let rest = session.exp_eof().expect("the shell finishes");
    let what = format!("{screen:?} {signal}");
    assert!(rest.contains(&format!("rc={}", 128 + number)), "{what}: exit code 128+{number} expected in:\n{rest}");
    assert!(rest.contains("\x1b[?1049l"), "{what}: the alternate screen is left");
    assert!(rest.contains("\x1b[?25h"), "{what}: the cursor is shown again");
    if let Screen::Tutor = screen {
        assert!(rest.contains("\x1b[?1000l"), "{what}: mouse reporting is switched off");
    }
    let stty = &rest[rest.find("rc=").unwrap()..];
    let modes: Vec<&str> = stty.split(|c: char| c.is_whitespace() || c == ';').collect();
    for mode in ["icanon", "isig", "iexten"] {
        assert!(modes.contains(&mode), "{what}: raw mode still on, `{mode}` missing:\n{stty}");
    }
}

/// One test per screen and signal: every signal whose default action ends the process.
macro_rules! ending_signals {
    ($($name:ident: $screen:ident $signal:literal $number:literal;)*) => {
        $(
            #[test]
            fn $name() {
                end_with(Screen::$screen, $signal, $number);
            }
        )*
    };
}

ending_signals! {
    tutor_sighup_restores_the_terminal_and_exits_129: Tutor "HUP" 1;
    tutor_sigint_restores_the_terminal_and_exits_130: Tutor "INT" 2;
    tutor_sigquit_restores_the_terminal_and_exits_131: Tutor "QUIT" 3;
    tutor_sigusr1_restores_the_terminal_and_exits_138: Tutor "USR1" 10;
    tutor_sigusr2_restores_the_terminal_and_exits_140: Tutor "USR2" 12;
    tutor_sigpipe_restores_the_terminal_and_exits_141: Tutor "PIPE" 13;
    tutor_sigalrm_restores_the_terminal_and_exits_142: Tutor "ALRM" 14;
    tutor_sigterm_restores_the_terminal_and_exits_143: Tutor "TERM" 15;
    train_sighup_restores_the_terminal_and_exits_129: Train "HUP" 1;
    train_sigint_restores_the_terminal_and_exits_130: Train "INT" 2;
    train_sigquit_restores_the_terminal_and_exits_131: Train "QUIT" 3;
    train_sigusr1_restores_the_terminal_and_exits_138: Train "USR1" 10;
    train_sigusr2_restores_the_terminal_and_exits_140: Train "USR2" 12;
    train_sigpipe_restores_the_terminal_and_exits_141: Train "PIPE" 13;
    train_sigalrm_restores_the_terminal_and_exits_142: Train "ALRM" 14;
    train_sigterm_restores_the_terminal_and_exits_143: Train "TERM" 15;
}

#[test]
fn with_input_redirected_the_message_names_standard_input() {
    // stdout is the pseudo-terminal, stdin is not: the message must not blame stdout
    let script = format!("stty rows 40 cols 120; '{BIN}' --lesson masks < /dev/null; echo \"rc=$?\"");
    let mut command = Command::new("sh");
    let data = std::env::temp_dir().join(format!("tt-test-data-{}", std::process::id()));
    command.args(["-c", &script]).env("TERM", "xterm-256color").env("TRANSFORMER_TUTOR_DATA_DIR", &data);
    let mut session = rexpect::session::spawn_command(command, Some(20_000)).expect("a pty");
    let out = session.exp_eof().expect("it ends");
    assert!(out.contains("standard input is not a TTY"), "{out}");
    assert!(!out.contains("standard output is not a TTY"), "{out}");
    assert!(out.contains("rc=1"), "{out}");
}

/// A process started without a controlling terminal (`setsid`, its output still on the pty)
/// is told so before any screen is drawn, rather than drawn and then ended by the lost-terminal
/// watch with the terminal left raw; `train` falls back to plain lines.
#[test]
fn without_a_controlling_terminal_the_message_says_so_and_the_terminal_is_untouched() {
    let data = TempFolder::made("setsid");
    let script = format!(
        "stty rows 40 cols 120; setsid -w '{BIN}' --lesson masks; echo \"rc=$?\"; \
         setsid -w '{BIN}' train --steps 2 --out '{}'; echo \"train rc=$?\"",
        data.join("w.npz").display()
    );
    let mut command = Command::new("sh");
    command.args(["-c", &script]).env("TERM", "xterm-256color").env("TRANSFORMER_TUTOR_DATA_DIR", &data);
    let mut session = rexpect::session::spawn_command(command, Some(30_000)).expect("a pty");
    let out = session.exp_eof().expect("it ends");
    assert!(out.contains("no controlling terminal"), "{out}");
    assert!(out.contains("rc=1"), "{out}");
    assert!(!out.contains("\x1b[?1049h"), "no alternate screen was entered: {out}");
    assert!(out.contains("train rc=0") && data.join("w.npz").exists(), "train runs with plain lines: {out}");
}

/// A terminal smaller than 80x24 shows "please enlarge"; quitting from there before any lesson
/// was shown is an error (exit 1, the sizes named after the screen closes).
#[test]
fn quitting_a_terminal_that_stayed_too_small_is_an_error() {
    let data = TempFolder::made("small");
    let script = format!("stty rows 20 cols 60; '{BIN}' --lesson masks; echo \"rc=$?\"");
    let mut command = Command::new("sh");
    command.args(["-c", &script]).env("TERM", "xterm-256color").env("TRANSFORMER_TUTOR_DATA_DIR", &data);
    let mut session = rexpect::session::spawn_command(command, Some(30_000)).expect("a pty");
    session.exp_string("enlarge").expect("the please-enlarge screen");
    // keys other than q do nothing on it: no beat is turned unseen
    session.send("\x1b[C\x1b[C").expect("→ →");
    session.send("q").expect("q");
    session.flush().expect("sent");
    let out = session.exp_eof().expect("it ends");
    assert!(out.contains("the terminal was 60x20, smaller than the 80x24"), "{out}");
    assert!(out.contains("rc=1"), "{out}");
    assert!(!data.join("progress.toml").exists(), "no progress is saved for a lesson never shown");
}

/// Run the program with `args` in a pty driven from python3's `pty` module (which can close the
/// master side and still wait for the child's exit code), wait for `drawn`, press → , then close
/// the master side: the terminal itself goes away (a multiplexer killed, an SSH connection
/// dropped). Returns the exit code and the seconds it took to end.
fn close_the_terminal_under(data: &std::path::Path, args: &[&str], drawn: &str) -> (i32, f64) {
    let script = r#"
import os, pty, sys, time, select, fcntl, termios, struct
binary, data, drawn, args = sys.argv[1], sys.argv[2], sys.argv[3].encode(), sys.argv[4:]
pid, fd = pty.fork()
if pid == 0:
    os.environ.update(TERM="xterm-256color", TRANSFORMER_TUTOR_DATA_DIR=data)
    os.execv(binary, [binary] + args)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
def read_until(pattern, seconds):
    seen, end = b"", time.time() + seconds
    while time.time() < end:
        if select.select([fd], [], [], 0.1)[0]:
            seen += os.read(fd, 65536)
            if pattern in seen:
                return True
    return False
assert read_until(drawn, 30), "the screen is drawn"
os.write(fd, b"\x1b[C")
read_until(b"no such text", 1.0)  # the key's effect is drawn (only the cells that changed)
start = time.time()
os.close(fd)
while True:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    if time.time() - start > 5:
        os.kill(pid, 9)
        print("still running 5 s after the terminal went")
        sys.exit(1)
    time.sleep(0.02)
print("exit", os.waitstatus_to_exitcode(status), "after", round(time.time() - start, 2))
"#;
    let out = Command::new("python3")
        .args(["-c", script, BIN])
        .arg(data)
        .arg(drawn)
        .args(args)
        .output()
        .expect("python3 runs");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{said}");
    let code = said.split("exit ").nth(1).and_then(|s| s.split(' ').next()?.parse().ok()).expect("an exit code");
    let seconds = said.split("after ").nth(1).and_then(|s| s.trim().parse().ok()).expect("a time");
    (code, seconds)
}

/// The pty closed under a running tutor (repeated, as the hangup and a failing draw race): it
/// ends within a second with 129 = 128 + SIGHUP, never a panic or an abort, its progress saved
/// first (the beat moved to just before).
#[test]
fn a_terminal_that_disappears_ends_the_tutor_with_129_and_its_progress_saved() {
    for round in 0..8 {
        let data = TempFolder::made(&format!("gone-{round}"));
        let (code, seconds) = close_the_terminal_under(&data, &["--lang", "en", "--lesson", "masks"], "beat 1/");
        assert_eq!(code, 129, "round {round}: 128 + SIGHUP expected");
        assert!(seconds < 1.0, "round {round}: ended {seconds} s after the terminal went");
        let progress = std::fs::read_to_string(data.join("progress.toml")).expect("progress was saved");
        assert!(progress.contains("[lessons.masks]") && progress.contains("seen = [0, 1]"), "beat 2 seen:\n{progress}");
    }
}

/// `train`'s live screen under a closed pty: 129 within a second, and nothing written.
#[test]
fn a_terminal_that_disappears_ends_trains_screen_with_129_and_writes_nothing() {
    let data = TempFolder::made("gone-train");
    let out = data.join("w.npz");
    let args = ["--lang", "en", "train", "--steps", "100000", "--out", out.to_str().unwrap()];
    let (code, seconds) = close_the_terminal_under(&data, &args, "gradient norm");
    assert_eq!(code, 129, "128 + SIGHUP expected");
    assert!(seconds < 1.0, "ended {seconds} s after the terminal went");
    assert!(!out.exists(), "a stopped run writes nothing");
}

/// Ctrl-Z (`kill -TSTP`, what job control sends): the tutor gives the terminal back as it found
/// it and stops; on SIGCONT (`fg`) it takes the terminal again, redraws, and its keys work.
#[test]
fn sigtstp_suspends_the_tutor_with_the_terminal_restored_and_sigcont_resumes_it() {
    let token = format!("TT_SIGNAL_TEST=tstp-{}", std::process::id());
    let data = TempFolder::made("signals-tstp");
    let (mut session, pid) = start_in_pty(&token, &data, "--lesson masks", "Masks: no peeking");
    let kill =
        |signal: &str| assert!(Command::new("kill").args(["-s", signal, &pid.to_string()]).status().unwrap().success());
    let state = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        stat.rsplit(')').next().and_then(|rest| rest.split_whitespace().next()).unwrap_or("").to_string()
    };
    kill("TSTP");
    // the screen is left (the alternate screen, the cursor, mouse reporting) and the process stops
    session.exp_string("\x1b[?1049l").expect("the alternate screen is left");
    let start = Instant::now();
    while state() != "T" {
        assert!(start.elapsed() < Duration::from_secs(10), "the tutor did not stop: state {}", state());
        std::thread::sleep(Duration::from_millis(50));
    }
    kill("CONT");
    session.exp_string("\x1b[?1049h").expect("the alternate screen is taken again");
    session.exp_string("Masks: no peeking").expect("the screen is redrawn");
    // its keys work: raw mode is back (a cooked tty would hold `q` until Enter)
    session.send("q").unwrap();
    session.flush().unwrap();
    let rest = session.exp_eof().expect("the shell finishes");
    assert!(rest.contains("rc=0"), "quit after resuming:\n{rest}");
    let stty = &rest[rest.find("rc=").unwrap()..];
    assert!(stty.split(|c: char| c.is_whitespace() || c == ';').any(|m| m == "icanon"), "{stty}");
}

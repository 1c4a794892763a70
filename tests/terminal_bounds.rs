//! The terminal at its limits, in a pseudo-terminal (tests/pty_driver/driver.py): a 10000x10000
//! terminal draws into a bounded area (under a 4 GB address space: unbounded, it took 9.4 GB);
//! an abort (SIGABRT, and memory running out under `ulimit -v`, which Rust ends with an abort)
//! gives the terminal back before the process ends with 134; and a terminal nobody reads (the pty's buffer full, the tutor blocked writing) does
//! not keep SIGTERM from ending the tutor within seconds, its progress saved, nor an abort from
//! ending it and giving back the terminal's modes (the handler's writes never wait on it).

#![cfg(target_os = "linux")]

mod pty_driver;

use pty_driver::{cooked, data_dir, drive, drive_raw, drive_with};
use transformer_tutor::tui::{MAX_COLUMNS, MAX_ROWS, drawn_area};

#[test]
fn the_area_drawn_is_the_terminal_up_to_the_caps() {
    use ratatui::layout::{Rect, Size};
    assert_eq!(drawn_area(Size::new(80, 24)), Rect::new(0, 0, 80, 24));
    assert_eq!(drawn_area(Size::new(10_000, 10_000)), Rect::new(0, 0, MAX_COLUMNS, MAX_ROWS));
    assert_eq!(drawn_area(Size::new(u16::MAX, 30)), Rect::new(0, 0, MAX_COLUMNS, 30));
    // ratatui's two buffers of cells at the caps stay far below the budget
    let cells = MAX_COLUMNS as usize * MAX_ROWS as usize;
    let bytes = 2 * cells * std::mem::size_of::<ratatui::buffer::Cell>();
    assert!(bytes < 100 << 20, "{bytes} bytes for the two buffers");
}

#[test]
fn a_10000x10000_terminal_draws_the_lesson_in_bounded_memory() {
    let data = data_dir("huge");
    let report = drive("huge_terminal", &data, &["--lang", "en", "--lesson", "masks"]);
    assert_eq!(report["drawn"], "True", "{report:?}");
    assert_eq!(report["exit"], "0", "{report:?}");
    let peak_mb = report["peak_kb"].parse::<u64>().unwrap() / 1024;
    assert!(peak_mb < 1024, "the tutor peaked at {peak_mb} MB on a 10000x10000 terminal");
    cooked(&report);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn an_abort_restores_the_terminal_and_says_why() {
    let data = data_dir("abort");
    let report = drive("abort", &data, &["--lang", "en", "--lesson", "masks"]);
    assert_eq!(report["drawn"], "True", "{report:?}");
    assert_eq!(report["exit"], "-6", "ended by SIGABRT (the shell's 134): {report:?}");
    for done in ["left_alternate", "cursor_shown", "mouse_off"] {
        assert_eq!(report[done], "True", "{done}: {report:?}");
    }
    assert!(report["said"].contains("stopped on an internal error"), "{report:?}");
    cooked(&report);
    let _ = std::fs::remove_dir_all(&data);
}

/// Memory running out after the screen opened: the tutor on a 1000x500 terminal under `ulimit -v`
/// of 40, 80 and 120 MB (the smaller too little for the first frame's buffers: the allocation fails,
/// Rust aborts). Every run that opened the screen gave it back, and at least one ran out of memory
/// with the screen open and said so.
#[test]
fn memory_running_out_under_ulimit_restores_the_terminal() {
    let data = data_dir("ulimit");
    let said =
        drive_raw("memory_limits", &data, &["--lang", "en", "--lesson", "masks"], &[("TT_LIMITS_MB", "40,120,40")]);
    let mut ran_out = 0;
    for run in said.lines() {
        if run.contains("opened=True") {
            assert!(run.contains("restored=True") && run.contains("modes=ICANON,ECHO,ISIG,IEXTEN"), "{run}");
        }
        if run.contains("exit=-6") && run.contains("opened=True") {
            assert!(run.contains("ran out of memory and stopped (the terminal is restored)"), "{run}");
            ran_out += 1;
        }
    }
    assert!(ran_out > 0, "no limit made the open screen run out of memory:\n{said}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn sigterm_ends_a_tutor_blocked_on_a_terminal_nobody_reads_with_its_progress_saved() {
    let data = data_dir("stalled");
    let report = drive("stalled", &data, &["--lang", "en", "--lesson", "masks"]);
    assert_eq!(report["drawn"], "True", "{report:?}");
    // the tutor was blocked writing to the pty (the kernel's name for where it waited, when it
    // says: n_tty_write's wait)
    let blocked = &report["blocked_in"];
    assert!(["wait_woken", "n_tty_write", "0", "-"].contains(&blocked.as_str()), "not blocked writing: {report:?}");
    assert_eq!(report["exit"], "143", "128 + SIGTERM within 10 s: {report:?}");
    let seconds: f64 = report["seconds"].parse().unwrap();
    assert!(seconds < 5.0, "ended {seconds} s after SIGTERM: {report:?}");
    cooked(&report);
    let progress = std::fs::read_to_string(data.join("progress.toml")).expect("progress was saved");
    assert!(progress.contains("[lessons.masks]") && progress.contains("seen = [0, 1]"), "beat 2 seen:\n{progress}");
    let _ = std::fs::remove_dir_all(&data);
}

/// An abort while the tutor is blocked writing to a terminal nobody reads: the handler's escapes
/// and message go through a non-blocking descriptor (a blocking write there hung the process for
/// ever, inside the handler), the modes are given back, and the process ends with SIGABRT.
#[test]
fn an_abort_on_a_terminal_nobody_reads_ends_at_once_with_the_modes_restored() {
    let data = data_dir("stalled-abort");
    let report = drive_with("stalled", &data, &["--lang", "en", "--lesson", "masks"], &[("TT_SIGNAL", "SIGABRT")]);
    assert_eq!(report["drawn"], "True", "{report:?}");
    assert_eq!(report["exit"], "-6", "ended by SIGABRT within 10 s: {report:?}");
    cooked(&report);
    let _ = std::fs::remove_dir_all(&data);
}

//! The terminal a screen owns: raw mode and the alternate screen, opened and restored, and the
//! watch for a terminal that vanishes without a signal.

use super::has_controlling_terminal;
use crate::strings;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::DisableMouseCapture;
use ratatui::crossterm::execute;
use std::io::stdout;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Raw mode and the alternate screen, with a panic hook that undoes them (and mouse reporting)
/// before the panic's message. Unlike `ratatui::init`'s hook, it never writes to stderr itself:
/// a terminal that has gone makes every write fail, and a failed `eprintln!` inside a panic hook
/// aborts the process (seen when the pty closed under the tutor).
pub(crate) fn open_screen() -> Result<DefaultTerminal, String> {
    let report_panic = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        close_screen();
        report_panic(info);
    }));
    let open = || -> std::io::Result<DefaultTerminal> {
        ratatui::crossterm::terminal::enable_raw_mode()?;
        execute!(stdout(), ratatui::crossterm::terminal::EnterAlternateScreen)?;
        ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(stdout()))
    };
    open().map_err(strings::cannot_open_terminal)
}

/// Drop the terminal, showing the cursor. When the terminal has gone that fails, and ratatui's
/// `Drop` would try again and `eprintln!` the failure, which panics with stderr gone too: the
/// terminal is then forgotten (the process is ending; `close_screen` still runs).
pub(crate) fn let_go(mut terminal: DefaultTerminal) {
    if terminal.show_cursor().is_err() {
        std::mem::forget(terminal);
    }
}

/// Undo `open_screen` (and mouse reporting), ignoring a terminal that is no longer there.
pub(crate) fn close_screen() {
    let _ = execute!(stdout(), DisableMouseCapture);
    let _ = ratatui::try_restore();
}

/// A terminal can vanish without a SIGHUP reaching the screen (its multiplexer killed). Its reads
/// then return end-of-file forever and crossterm's poll spins on them, so the loop never sees a
/// flag. This thread checks twice a second that the process still has a controlling terminal and,
/// when it has not, runs `before_exit` (the tutor saves its progress) and exits with the hangup
/// code (there is no terminal left to restore). Returns the switch that stops the watch.
pub(crate) fn watch_for_lost_terminal_then(before_exit: Option<Box<dyn Fn() + Send>>) -> Arc<AtomicBool> {
    let watching = Arc::new(AtomicBool::new(true));
    let flag = watching.clone();
    std::thread::spawn(move || {
        while flag.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(500));
            if flag.load(Ordering::Relaxed) && !has_controlling_terminal() {
                if let Some(save) = &before_exit {
                    save();
                }
                // the screen may still be there (only the controlling terminal went): undo what
                // the screen set, on whatever standard output reaches
                let _ = execute!(
                    stdout(),
                    DisableMouseCapture,
                    ratatui::crossterm::terminal::LeaveAlternateScreen,
                    ratatui::crossterm::cursor::Show
                );
                let _ = ratatui::crossterm::terminal::disable_raw_mode();
                std::process::exit(128 + signal_hook::consts::SIGHUP);
            }
        }
    });
    watching
}

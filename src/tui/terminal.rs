//! The terminal a screen owns: raw mode and the alternate screen, opened and restored (on an
//! abort too: `model::fast::tty`), the area drawn into (at most `MAX_COLUMNS` x `MAX_ROWS`,
//! whatever the terminal's size), and the watch for a terminal that vanishes without a signal.

use super::has_controlling_terminal;
use crate::strings;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::DisableMouseCapture;
use ratatui::crossterm::execute;
use ratatui::layout::{Rect, Size};
use ratatui::{DefaultTerminal, Terminal, TerminalOptions, Viewport};
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
    restore_on_abort()?;
    let open = || -> std::io::Result<DefaultTerminal> {
        ratatui::crossterm::terminal::enable_raw_mode()?;
        execute!(stdout(), ratatui::crossterm::terminal::EnterAlternateScreen)?;
        new_terminal()
    };
    open().map_err(|e| {
        crate::model::fast::tty::disarm();
        strings::cannot_open_terminal(e)
    })
}

/// From now until `close_screen`, an abort (memory ran out: an allocation failure ends in one)
/// gives the terminal back first and says why, in the language of the moment.
pub(crate) fn restore_on_abort() -> Result<(), String> {
    crate::model::fast::tty::arm(strings::ABORTED_OUT_OF_MEMORY.get(), strings::ABORTED.get())
        .map_err(strings::cannot_watch_signals)
}

/// The widest and the tallest area a screen lays out and draws, whatever the terminal's size:
/// what the frame costs (ratatui's two buffers of cells, each view's rows and columns, the prose
/// wrapped to the width) grows with the area, and a 10000x10000 terminal took 9.4 GB. Beyond
/// these the terminal stays blank; a screen this size is more than any lesson fills.
pub const MAX_COLUMNS: u16 = 1000;
pub const MAX_ROWS: u16 = 500;

/// The area drawn into on a terminal of `size`: its top-left corner, at most
/// `MAX_COLUMNS` x `MAX_ROWS`.
pub fn drawn_area(size: Size) -> Rect {
    Rect::new(0, 0, size.width.min(MAX_COLUMNS), size.height.min(MAX_ROWS))
}

/// A terminal on standard output drawing into `drawn_area` of its size (a fixed viewport, which
/// ratatui never grows on its own: `follow_size` moves it).
pub(crate) fn new_terminal() -> std::io::Result<DefaultTerminal> {
    let backend = CrosstermBackend::new(stdout());
    let viewport = Viewport::Fixed(drawn_area(backend.size()?));
    Terminal::with_options(backend, TerminalOptions { viewport })
}

/// When the terminal's size differs from `last` (a resize), draw into `drawn_area` of the new
/// one, the whole of it afresh. Returns the area drawn into.
pub(crate) fn follow_size<B: Backend>(terminal: &mut Terminal<B>, last: &mut Option<Size>) -> Result<Rect, B::Error> {
    let size = terminal.size()?;
    if *last != Some(size) {
        *last = Some(size);
        terminal.resize(drawn_area(size))?;
    }
    Ok(terminal.get_frame().area())
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
    super::watchdog::writing(|| {
        let _ = execute!(stdout(), DisableMouseCapture);
        let _ = ratatui::try_restore();
    });
    crate::model::fast::tty::disarm();
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

//! The terminal loop: draw, read a key, update, repeat. The terminal is restored on quit, on
//! error, and on panic (`open_screen` installs a panic hook that restores it first).

use crate::app::keymap::{Action, action_for_event};
use crate::app::{App, Effect};
use crate::progress::{Pacer, ProgressFile};
use crate::signals;
use crate::strings;
use crate::ui::{self, buffer_text, theme::Theme};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use std::io::{IsTerminal, stdout};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Why the screen could not be shown.
pub fn no_terminal_message() -> String {
    match (stdout().is_terminal(), std::io::stdin().is_terminal()) {
        (false, _) => strings::NO_TERMINAL.into(),
        (true, false) => strings::NO_TERMINAL_INPUT.into(),
        (true, true) => strings::NO_CONTROLLING_TERMINAL.into(),
    }
}

/// Whether the process has a controlling terminal: the lost-terminal watch asks this twice a
/// second, so a process started without one (`setsid`) would be ended at once.
pub(crate) fn has_controlling_terminal() -> bool {
    std::fs::File::open("/dev/tty").is_ok()
}

/// How the screen ended: the learner quit, or a signal arrived (exit with 128 + its number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Quit,
    Signal(i32),
}

/// Whether both ends of the terminal are there (the screen needs to draw and to read keys).
pub fn has_terminal() -> bool {
    stdout().is_terminal() && std::io::stdin().is_terminal() && has_controlling_terminal()
}

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

/// Run the interactive tutor until the learner quits, saving progress to `progress` as it goes.
pub fn run(mut app: App, progress: Option<ProgressFile>) -> Result<Ended, String> {
    if !has_terminal() {
        return Err(no_terminal_message());
    }
    // a signal only sets this; the loop sees it within one poll and ends as if the learner quit
    let signal = Arc::new(AtomicUsize::new(0));
    signals::watch(&signal)?;
    let theme = Theme::from_env();
    let mut terminal = open_screen()?;
    let _ = execute!(stdout(), EnableMouseCapture);
    let mut pacer = progress.map(Pacer::new);
    // a vanished terminal ends the process from the watch: it saves what is waiting first
    let flush = pacer.as_ref().map(|p| Box::new(p.flush_from_elsewhere()) as Box<dyn Fn() + Send>);
    let watching = watch_for_lost_terminal_then(flush);
    let mut unsaved = None;
    let mut never_fit = None;
    let result = event_loop(&mut terminal, &mut app, theme, pacer.as_mut(), &signal, (&mut unsaved, &mut never_fit));
    let result = match result {
        // the terminal went (a draw or a read failed before its hangup was seen): end as the
        // hangup does, progress saved
        Err(_) if signals::caught(&signal).is_some() || !has_controlling_terminal() => {
            unsaved = save_progress(&mut app, pacer.as_mut(), true);
            Ok(Ended::Signal(signals::caught(&signal).unwrap_or(signal_hook::consts::SIGHUP)))
        }
        other => other,
    };
    watching.store(false, Ordering::Relaxed);
    let_go(terminal);
    close_screen();
    // the last save failed: the status bar that said so is gone, so say it here, and not with exit 0
    match (result, unsaved) {
        (Ok(Ended::Quit), Some(why)) => Err(strings::progress_not_saved_at_exit(&why)),
        (Ok(Ended::Signal(n)), Some(why)) => {
            crate::eprintln_escaped!("{}", strings::progress_not_saved_at_exit(&why));
            Ok(Ended::Signal(n))
        }
        // quit from "please enlarge" before any lesson was shown: the terminal is too small, an error
        (Ok(Ended::Quit), None) if let Some(area) = never_fit => Err(strings::terminal_too_small(
            area.width,
            area.height,
            ui::too_small::MIN_WIDTH,
            ui::too_small::MIN_HEIGHT,
        )),
        (result, _) => result,
    }
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    theme: Theme,
    mut progress: Option<&mut Pacer>,
    signal: &AtomicUsize,
    // the last save's failure; and, until a frame fits, the too-small size last drawn
    (unsaved, never_fit): (&mut Option<String>, &mut Option<Rect>),
) -> Result<Ended, String> {
    let io = strings::terminal_error;
    let mut fit_once = false;
    while !app.quit_requested() {
        // progress is the learner's reading: nothing is saved before a lesson could be seen
        if let Some(n) = signals::caught(signal) {
            *unsaved = if fit_once { save_progress(app, progress.as_deref_mut(), true) } else { None };
            return Ok(Ended::Signal(n));
        }
        if fit_once {
            save_progress(app, progress.as_deref_mut(), false);
        }
        app.tick(); // training checkpoints being made: how far, and the dial's move once done
        // the size the frame is drawn at, and what it has room for: an input to the update, so
        // Tab skips the map when this size does not show it and the text scrolls no further
        // than its end; the draw only reads the app
        terminal.autoresize().map_err(io)?;
        let area = terminal.get_frame().area();
        app.update(Action::Fit(ui::measure(app, area)));
        let completed = terminal.draw(|f| ui::draw(f, app, theme)).map_err(io)?;
        let too_small = ui::too_small::is_too_small(completed.area);
        fit_once |= !too_small;
        *never_fit = (!fit_once).then_some(completed.area);
        // the file write a key asked for (`w` writes this frame), then its outcome in the status bar
        if let Some(effect) = app.take_effect() {
            let message = perform(effect, app, &buffer_text(completed.buffer));
            app.set_status(message);
            continue; // redraw with the status message
        }
        if !event::poll(Duration::from_millis(100)).map_err(io)? {
            continue;
        }
        // a resize is no action: the next frame measures the new size
        let action = action_for_event(&event::read().map_err(io)?, app.key_mode());
        // "please enlarge" hides the lesson: only q acts on it, no key moves what cannot be seen
        if let Some(action) = action.filter(|a| !too_small || *a == Action::Quit) {
            app.clear_status();
            app.update(action);
        }
    }
    *unsaved = if fit_once { save_progress(app, progress, true) } else { None };
    Ok(Ended::Quit)
}

/// A terminal can vanish without a SIGHUP reaching the tutor (its multiplexer killed). Its reads
/// then return end-of-file forever and crossterm's poll spins on them, so the loop never sees a
/// flag. This thread checks twice a second that the process still has a controlling terminal and
/// exits with the hangup code when it has not (there is no terminal left to restore). Returns the
/// switch that stops the watch. The training screen (`cli::train_live`) runs the same watch.
pub(crate) fn watch_for_lost_terminal() -> Arc<std::sync::atomic::AtomicBool> {
    watch_for_lost_terminal_then(None)
}

/// `watch_for_lost_terminal`, running `before_exit` (the tutor saves its progress) before the
/// process exits.
fn watch_for_lost_terminal_then(before_exit: Option<Box<dyn Fn() + Send>>) -> Arc<std::sync::atomic::AtomicBool> {
    let watching = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let flag = watching.clone();
    std::thread::spawn(move || {
        while flag.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(500));
            if flag.load(Ordering::Relaxed) && !has_controlling_terminal() {
                if let Some(save) = &before_exit {
                    save();
                }
                // the screen may still be there (only the controlling terminal went): undo what
                // the tutor set, on whatever standard output reaches
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

/// Save the progress when it changed (at most once every `progress::SAVE_EVERY`, or now at the
/// `end`), merged with what other processes wrote meanwhile (the tutor goes on from the merge); a
/// failure is shown in the status bar, never fatal, and the change is tried again; returns the
/// failure (at the `end` it is said again once the screen is gone).
fn save_progress(app: &mut App, pacer: Option<&mut Pacer>, end: bool) -> Option<String> {
    let pacer = pacer?;
    if app.take_progress_changed() {
        pacer.changed(app.progress());
    }
    let saved = if end { pacer.save_now() } else { pacer.save_if_due(std::time::Instant::now()) };
    match saved {
        Some(Ok((merged, note))) => {
            app.set_progress(merged);
            if let Some(note) = note {
                app.set_status(note);
            }
        }
        Some(Err(e)) => {
            app.set_status(e.clone());
            return Some(e);
        }
        None => {}
    }
    None
}

/// Write the focused tensor or the current frame (through `atomic_file`: whole or not at all,
/// never over a FIFO, a device or a read-only file); returns the status line to show.
pub fn perform(effect: Effect, app: &App, frame_text: &str) -> String {
    perform_in(Path::new(""), effect, app, frame_text)
}

/// `perform`, writing into `dir` instead of the working directory.
pub fn perform_in(dir: &Path, effect: Effect, app: &App, frame_text: &str) -> String {
    match effect {
        Effect::SaveTensor => {
            let (name, tensor) = app.focused();
            let path = dir.join(format!("{name}.npy"));
            let npy = |w: &mut std::io::BufWriter<&std::fs::File>| {
                ndarray_npy::WriteNpyExt::write_npy(tensor, w).map_err(std::io::Error::other)
            };
            match crate::atomic_file::write(&path, npy) {
                Ok(()) => strings::wrote(&path.display().to_string(), &format!(" {:?}", tensor.shape())),
                Err(e) => strings::could_not_write(&path.display().to_string(), &crate::lang::io_reason(&e)),
            }
        }
        Effect::SaveGrid => save_grid(dir, app),
        Effect::SaveFrame => {
            let path = dir.join(format!("frame-{}-beat{}.txt", app.lesson().id, app.beat() + 1));
            match crate::atomic_file::write_bytes(&path, frame_text.as_bytes()) {
                Ok(()) => strings::wrote(&path.display().to_string(), ""),
                Err(e) => strings::could_not_write(&path.display().to_string(), &crate::lang::io_reason(&e)),
            }
        }
    }
}

/// The `X` key: the focused view's grid as `OP-VIEW-bB-hH.csv` and `.svg` (the alignment table,
/// over every head, as `OP-alignment`), each whole or not at all.
fn save_grid(dir: &Path, app: &App) -> String {
    use crate::app::grid_formats::{to_csv, to_svg};
    let Some(grid) = app.grid() else { return strings::NO_GRID.get().to_string() };
    let (name, _) = app.focused();
    let selection = app.selection();
    let head = if selection.mean_of_heads { "mean".to_string() } else { selection.head.to_string() };
    let stem = match app.view_kind() {
        // one table over every head and the held-out pairs: no batch row, no head
        crate::lesson::ViewKind::Alignment => format!("{name}-alignment"),
        kind => format!("{name}-{}-b{}-h{head}", kind.name(), selection.batch),
    };
    let (csv, svg) = (dir.join(format!("{stem}.csv")), dir.join(format!("{stem}.svg")));
    for (path, text) in [(&csv, to_csv(&grid)), (&svg, to_svg(&grid))] {
        if let Err(e) = crate::atomic_file::write_bytes(path, text.as_bytes()) {
            return strings::could_not_write(&path.display().to_string(), &crate::lang::io_reason(&e));
        }
    }
    strings::wrote(&csv.display().to_string(), &strings::and_svg(&svg.display().to_string()))
}

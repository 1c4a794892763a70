//! The terminal screens: the one loop (`screen`: a `Screen` is read, updated and drawn there,
//! with the terminal opened and restored on quit, on error, on a signal and on panic), the
//! terminal it owns (`terminal`: the area drawn into, at most `MAX_COLUMNS` x `MAX_ROWS`), the
//! watchdog that ends a screen blocked on a terminal nobody reads (`watchdog`), the tutor on that
//! loop (`tutor`; the training screen is `cli::train_live`), whether there is a terminal at all,
//! and the files the tutor's keys write.

mod screen;
mod terminal;
mod tutor;
mod watchdog;

pub use screen::{Input, Screen, run_screen};
pub use terminal::{MAX_COLUMNS, MAX_ROWS, drawn_area};
pub use tutor::run;

use crate::app::{App, Effect};
use crate::strings;
use std::io::{IsTerminal, stdout};
use std::path::Path;

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

/// Write the focused tensor or the current frame (through `atomic_file`: whole or not at all,
/// never over a FIFO, a device or a read-only file); returns the status line to show.
pub fn perform(effect: Effect, app: &App, frame_text: &str) -> String {
    perform_in(Path::new(""), effect, app, frame_text)
}

/// `perform`, writing into `dir` instead of the working directory.
pub fn perform_in(dir: &Path, effect: Effect, app: &App, frame_text: &str) -> String {
    crate::lang::with(app.lang(), || perform_in_language(dir, effect, app, frame_text))
}

fn perform_in_language(dir: &Path, effect: Effect, app: &App, frame_text: &str) -> String {
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

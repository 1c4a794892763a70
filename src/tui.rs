//! The terminal loop: draw, read a key, update, repeat. The terminal is restored on quit, on
//! error, and on panic (ratatui::init installs a panic hook that restores it first).

use crate::app::keymap::{Action, action_for};
use crate::app::{App, Effect};
use crate::ui::{self, buffer_text, theme::Theme};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseEventKind};
use ratatui::crossterm::execute;
use std::io::{IsTerminal, stdout};
use std::path::PathBuf;

/// Why the screen could not be shown.
pub fn no_terminal_message() -> String {
    "no terminal: standard output is not a TTY, so the tutor screen cannot be shown. \
Run it in a terminal, or add --print to read the lesson as plain text"
        .into()
}

/// Run the interactive tutor until the learner quits.
pub fn run(mut app: App) -> Result<(), String> {
    if !stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(no_terminal_message());
    }
    let theme = Theme::from_env();
    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot open the terminal: {e}"))?;
    // ratatui's hook leaves the alternate screen and raw mode on panic; mouse capture is ours to undo
    let restore_terminal = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        restore_terminal(info);
    }));
    let _ = execute!(stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app, theme);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App, theme: Theme) -> Result<(), String> {
    let io = |e: std::io::Error| format!("terminal error: {e}");
    while !app.quit {
        let completed = terminal.draw(|f| ui::draw(f, app, theme)).map_err(io)?;
        if let Some(effect) = app.effect.take() {
            app.status = perform(effect, app, &buffer_text(completed.buffer));
            continue; // redraw with the status message
        }
        let action = match event::read().map_err(io)? {
            Event::Key(key) if key.kind == KeyEventKind::Press => action_for(key),
            Event::Mouse(m) => match m.kind {
                MouseEventKind::ScrollUp => Some(Action::ScrollUp),
                MouseEventKind::ScrollDown => Some(Action::ScrollDown),
                _ => None,
            },
            _ => None, // resize: the next draw fits the new size
        };
        if let Some(action) = action {
            app.status.clear();
            app.update(action);
        }
    }
    Ok(())
}

/// Write the focused tensor or the current frame; returns the status line to show.
pub fn perform(effect: Effect, app: &App, frame_text: &str) -> String {
    match effect {
        Effect::SaveTensor => {
            let (name, tensor) = app.focused();
            let path = PathBuf::from(format!("{name}.npy"));
            match ndarray_npy::write_npy(&path, tensor) {
                Ok(()) => format!("wrote ./{} {:?}", path.display(), tensor.shape()),
                Err(e) => format!("could not write {}: {e}", path.display()),
            }
        }
        Effect::SaveFrame => {
            let path = PathBuf::from(format!("frame-{}-beat{}.txt", app.lesson.id, app.beat + 1));
            match std::fs::write(&path, frame_text) {
                Ok(()) => format!("wrote ./{}", path.display()),
                Err(e) => format!("could not write {}: {e}", path.display()),
            }
        }
    }
}

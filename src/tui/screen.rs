//! The one terminal loop. A screen (the tutor, the training run) says what it does at each point
//! of the round; the loop opens the terminal, reads the events, measures and draws the frames,
//! passes on the signals, and restores the terminal on every way out (an error too; a panic
//! through `open_screen`'s hook).
//!
//! One round: read input (if the screen wants it now), `before_frame` (end here, or do the work
//! that comes before a frame), the frame (if one is due: the size, `fit`, `draw`, `drawn`), then
//! `between_frames` (work after the frame: a training step).

use super::terminal::{
    close_screen, follow_size, let_go, new_terminal, open_screen, restore_on_abort, watch_for_lost_terminal_then,
};
use super::watchdog::watched;
use crate::signals;
use crate::strings;
use ratatui::crossterm::event::{self, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use ratatui::{CompletedFrame, DefaultTerminal, Frame};
use std::io::stdout;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How a screen reads input at the start of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// Wait up to this long for one event, and take it alone.
    One(Duration),
    /// Take every event already waiting, without waiting for one.
    AllWaiting,
}

/// What the one loop drives: the tutor (`tui::run`) and the training screen (`cli::train_live`).
pub trait Screen {
    /// What the screen ends with.
    type End;

    /// How to read input this round; None: not this round (before a first frame, say).
    fn input(&self) -> Option<Input>;

    /// One event read from the terminal: a key, the mouse, a resize.
    fn update(&mut self, event: &Event);

    /// Before the frame, with the signal caught if one came: end here (the learner quit, a signal,
    /// training done) or go on, doing the work that comes before a frame.
    fn before_frame(&mut self, signal: Option<i32>) -> Result<ControlFlow<Self::End>, String>;

    /// Whether a frame is drawn this round.
    fn frame_due(&self) -> bool {
        true
    }

    /// The size the frame is about to be drawn at: what the screen measures or refreshes first.
    fn fit(&mut self, _area: Rect) {}

    /// Draw the frame (reading the state only).
    fn draw(&self, frame: &mut Frame);

    /// The language the screen speaks now (the tutor's changes with `z`): a failing terminal is
    /// said in it.
    fn lang(&self) -> crate::lang::Lang {
        crate::lang::current()
    }

    /// The frame just drawn (the tutor writes it to a file when a key asked).
    fn drawn(&mut self, _frame: &CompletedFrame) {}

    /// After the frame, with the signal caught if one came: the work between frames, or the end.
    fn between_frames(&mut self, _signal: Option<i32>) -> Result<ControlFlow<Self::End>, String> {
        Ok(ControlFlow::Continue(()))
    }

    /// The loop failed with `error` (a draw or a read, or the screen's own work), the signal
    /// caught if one came: what the screen ends with, the terminal still open.
    fn failed(&mut self, error: String, _signal: Option<i32>) -> Result<Self::End, String> {
        Err(error)
    }

    /// Whether the screen reads the mouse.
    fn mouse(&self) -> bool {
        false
    }

    /// What to do before the process exits on a vanished terminal (the tutor saves its progress).
    fn before_lost_terminal_exit(&self) -> Option<Box<dyn Fn() + Send>> {
        None
    }
}

/// Run `screen` on the terminal until it ends; `signal` is the flag `signals::watch` sets. The
/// terminal is restored whatever happens (a panic through `open_screen`'s hook, an abort through
/// `model::fast::tty`, a signal while the terminal is not read through `watchdog`).
pub fn run_screen<S: Screen>(screen: &mut S, signal: &AtomicUsize) -> Result<S::End, String> {
    // a signal ends the screen even when its terminal is not read (see `watchdog`)
    watched(signal, screen.before_lost_terminal_exit(), || {
        let mut terminal = open_screen()?;
        if screen.mouse() {
            let _ = execute!(stdout(), EnableMouseCapture);
        }
        // a terminal can vanish without a signal (see `watch_for_lost_terminal_then`)
        let watching = watch_for_lost_terminal_then(screen.before_lost_terminal_exit());
        let result = match rounds(&mut terminal, screen, signal) {
            Err(error) => screen.failed(error, signals::caught(signal)),
            ended => ended,
        };
        watching.store(false, Ordering::Relaxed);
        let_go(terminal);
        close_screen();
        result
    })
}

/// The rounds, until the screen ends or the terminal fails.
fn rounds<S: Screen>(terminal: &mut DefaultTerminal, screen: &mut S, signal: &AtomicUsize) -> Result<S::End, String> {
    // the terminal's size at the last frame: a new one redraws the whole screen
    let mut size = None;
    loop {
        read_input(screen).map_err(|e| terminal_error(screen, e))?;
        if let ControlFlow::Break(end) = screen.before_frame(signals::caught(signal))? {
            return Ok(end);
        }
        let resumed = signals::suspend_requested();
        if resumed {
            suspend(terminal, screen.mouse()).map_err(|e| terminal_error(screen, e))?;
            size = None;
        }
        if resumed || screen.frame_due() {
            // the area the frame is drawn at (after a resize, the new one): an input to `fit`
            let area = follow_size(terminal, &mut size).map_err(|e| terminal_error(screen, e))?;
            screen.fit(area);
            let completed = super::watchdog::writing(|| terminal.draw(|f| screen.draw(f)))
                .map_err(|e| terminal_error(screen, e))?;
            screen.drawn(&completed);
        }
        if let ControlFlow::Break(end) = screen.between_frames(signals::caught(signal))? {
            return Ok(end);
        }
    }
}

/// Ctrl-Z: give the terminal back as it was found (raw mode off, the alternate screen left, the
/// cursor shown, mouse reporting off), stop until SIGCONT (`fg`), then take it again; the caller
/// redraws the whole screen.
fn suspend(terminal: &mut DefaultTerminal, mouse: bool) -> std::io::Result<()> {
    let _ = terminal.show_cursor();
    close_screen();
    signals::stop_until_continued()?;
    restore_on_abort().map_err(std::io::Error::other)?;
    ratatui::crossterm::terminal::enable_raw_mode()?;
    execute!(stdout(), ratatui::crossterm::terminal::EnterAlternateScreen)?;
    if mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    // a fresh terminal has drawn nothing, so the next frame is drawn whole (`clear` would ask
    // the terminal where its cursor is, a question not every terminal answers)
    *terminal = new_terminal()?;
    Ok(())
}

/// A failure of the terminal, in the screen's language.
fn terminal_error<S: Screen>(screen: &S, why: std::io::Error) -> String {
    crate::lang::with(screen.lang(), || strings::terminal_error(why))
}

/// Read the input `screen` wants this round: one event (waiting for it up to the screen's time),
/// every event already waiting, or none.
fn read_input<S: Screen>(screen: &mut S) -> std::io::Result<()> {
    let Some(input) = screen.input() else { return Ok(()) };
    let wait = match input {
        Input::One(wait) => wait,
        Input::AllWaiting => Duration::ZERO,
    };
    if !event::poll(wait)? {
        return Ok(());
    }
    pass_on(screen, event::read()?);
    while input == Input::AllWaiting && event::poll(Duration::ZERO)? {
        pass_on(screen, event::read()?);
    }
    Ok(())
}

/// An event to the screen; Ctrl-Z, which raw mode delivers as a key, suspends instead.
fn pass_on<S: Screen>(screen: &mut S, event: Event) {
    let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
    match event {
        Event::Key(key) if key.code == ctrl_z.code && key.modifiers == ctrl_z.modifiers => signals::request_suspend(),
        event => screen.update(&event),
    }
}

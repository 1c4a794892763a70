//! The tutor on the one loop (`tui::screen`): each round saves the progress when due, ticks the
//! checkpoints being trained, measures what the frame has room for (`Action::Fit`), draws, does
//! the file write a key asked for, then waits up to 100 ms for one key.

use super::screen::{Input, Screen, run_screen};
use super::{Ended, has_controlling_terminal, has_terminal, no_terminal_message, perform};
use crate::app::App;
use crate::app::keymap::{Action, action_for_event};
use crate::app::screenful::{Screenful, present};
use crate::progress::{Pacer, ProgressFile};
use crate::signals;
use crate::strings;
use crate::ui::{self, buffer_text, theme::Theme};
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use ratatui::{CompletedFrame, Frame};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;

/// Run the interactive tutor until the learner quits, saving progress to `progress` as it goes.
pub fn run(mut app: App, progress: Option<ProgressFile>) -> Result<Ended, String> {
    if !has_terminal() {
        return Err(no_terminal_message());
    }
    // a probe view that takes seconds is computed on a worker: the keys stay live meanwhile
    app.compute_slow_views_in_background();
    // a signal only sets this; the loop sees it within one poll and ends as if the learner quit
    let signal = Arc::new(AtomicUsize::new(0));
    signals::watch(&signal)?;
    let theme = Theme::from_env();
    let mut tutor = Tutor {
        app,
        theme,
        pacer: progress.map(Pacer::new),
        fit_once: false,
        too_small: false,
        never_fit: None,
        unsaved: None,
        read_keys: false,
        screen: None,
        deferred: None,
    };
    let result = run_screen(&mut tutor, &signal);
    // what is said after the screen is in its language (`z` may have changed it): here, and in
    // what `main` adds to an error (its `error: ` prefix), so the command's language becomes it
    crate::lang::set_current(tutor.app.lang());
    ended(result, &tutor)
}

/// What the run comes to once the screen is gone.
fn ended(result: Result<Ended, String>, tutor: &Tutor) -> Result<Ended, String> {
    // the last save failed: the status bar that said so is gone, so say it here, and not with exit 0
    match (result, tutor.unsaved.clone()) {
        (Ok(Ended::Quit), Some(why)) => Err(strings::progress_not_saved_at_exit(&why)),
        (Ok(Ended::Signal(n)), Some(why)) => {
            crate::eprintln_escaped!("{}", strings::progress_not_saved_at_exit(&why));
            Ok(Ended::Signal(n))
        }
        // quit from "please enlarge" before any lesson was shown: the terminal is too small, an error
        (Ok(Ended::Quit), None) if let Some(area) = tutor.never_fit => Err(strings::terminal_too_small(
            area.width,
            area.height,
            ui::too_small::MIN_WIDTH,
            ui::too_small::MIN_HEIGHT,
        )),
        (result, _) => result,
    }
}

/// The tutor's state on the loop: the app, and what the loop learnt about it.
struct Tutor {
    app: App,
    theme: Theme,
    pacer: Option<Pacer>,
    /// Whether a frame has fit (progress is the learner's reading: nothing is saved before a
    /// lesson could be seen).
    fit_once: bool,
    /// Whether the last frame was "please enlarge".
    too_small: bool,
    /// Until a frame fits, the too-small size last drawn.
    never_fit: Option<Rect>,
    /// The last save's failure.
    unsaved: Option<String>,
    /// Whether the next round reads a key: after a frame, unless a file write has a status
    /// message to show first.
    read_keys: bool,
    /// This round's frame, presented once in `fit` and drawn by `draw`.
    screen: Option<Screenful>,
    /// A slow action (`App::computing_before`), run after the frame that says what it computes.
    deferred: Option<Action>,
}

impl Tutor {
    /// The last save, at the end (only once a frame has fit).
    fn save_at_end(&mut self) {
        self.unsaved = if self.fit_once { save_progress(&mut self.app, self.pacer.as_mut(), true) } else { None };
    }
}

impl Screen for Tutor {
    type End = Ended;

    fn input(&self) -> Option<Input> {
        self.read_keys.then_some(Input::One(Duration::from_millis(100)))
    }

    fn update(&mut self, event: &Event) {
        // a resize is no action: the next frame measures the new size
        let action = action_for_event(event, self.app.key_mode());
        // "please enlarge" hides the lesson: only q acts on it, no key moves what cannot be seen
        if let Some(action) = action.filter(|a| !self.too_small || *a == Action::Quit) {
            self.app.clear_status();
            // a slow one runs after a frame that says what it computes (`between_frames`)
            if self.deferred.is_none()
                && let Some(note) = self.app.computing_before(action)
            {
                self.app.set_status(note);
                self.deferred = Some(action);
                return;
            }
            self.app.update(action);
        }
    }

    /// The slow action whose note was just drawn; the next round draws its result at once.
    fn between_frames(&mut self, _signal: Option<i32>) -> Result<ControlFlow<Ended>, String> {
        if let Some(action) = self.deferred.take() {
            self.app.clear_status();
            self.app.update(action);
            self.read_keys = false;
        }
        Ok(ControlFlow::Continue(()))
    }

    fn before_frame(&mut self, signal: Option<i32>) -> Result<ControlFlow<Ended>, String> {
        if self.app.quit_requested() {
            self.save_at_end();
            return Ok(ControlFlow::Break(Ended::Quit));
        }
        if let Some(n) = signal {
            self.save_at_end();
            return Ok(ControlFlow::Break(Ended::Signal(n)));
        }
        if self.fit_once {
            save_progress(&mut self.app, self.pacer.as_mut(), false);
        }
        self.app.tick(); // training checkpoints being made: how far, and the dial's move once done
        Ok(ControlFlow::Continue(()))
    }

    /// The size the frame is drawn at, and what it has room for: an input to the update, so Tab
    /// skips the map when this size does not show it and the text scrolls no further than its
    /// end; the draw only reads the app.
    ///
    /// The frame is presented once here (its prose wrapped once), measured, and kept for the
    /// draw; only when the fit moved a scroll position is it presented again.
    fn fit(&mut self, area: Rect) {
        let lang = self.app.lang();
        let screen = present(&self.app, lang, self.theme, area);
        let scrolls = |app: &App| (app.prose_scroll(), app.help_scroll(), app.glossary_scroll());
        let before = scrolls(&self.app);
        self.app.update(Action::Fit(ui::fit(&screen)));
        let moved = scrolls(&self.app) != before;
        self.screen = Some(if moved { present(&self.app, lang, self.theme, area) } else { screen });
    }

    fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        match &self.screen {
            Some(screen) if screen.area == area => ui::render(screen, self.theme, area, frame.buffer_mut()),
            _ => ui::draw(frame, &self.app, self.theme),
        }
    }

    fn drawn(&mut self, frame: &CompletedFrame) {
        self.too_small = ui::too_small::is_too_small(frame.area);
        self.fit_once |= !self.too_small;
        self.never_fit = (!self.fit_once).then_some(frame.area);
        // the file write a key asked for (`w` writes this frame), then its outcome in the status
        // bar: redrawn with the message before the next key
        self.read_keys = true;
        if let Some(effect) = self.app.take_effect() {
            let message = perform(effect, &self.app, &buffer_text(frame.buffer));
            self.app.set_status(message);
            self.read_keys = false;
        }
    }

    /// The terminal went (a draw or a read failed before its hangup was seen): end as the hangup
    /// does, progress saved.
    fn failed(&mut self, error: String, signal: Option<i32>) -> Result<Ended, String> {
        if signal.is_none() && has_controlling_terminal() {
            return Err(error);
        }
        self.unsaved = save_progress(&mut self.app, self.pacer.as_mut(), true);
        Ok(Ended::Signal(signal.unwrap_or(signal_hook::consts::SIGHUP)))
    }

    fn mouse(&self) -> bool {
        true
    }

    fn lang(&self) -> crate::lang::Lang {
        self.app.lang()
    }

    /// A vanished terminal ends the process from the watch: it saves what is waiting first.
    fn before_lost_terminal_exit(&self) -> Option<Box<dyn Fn() + Send>> {
        self.pacer.as_ref().map(|p| Box::new(p.flush_from_elsewhere()) as Box<dyn Fn() + Send>)
    }
}

/// Save the progress when it changed (at most once every `progress::SAVE_EVERY`, or now at the
/// `end`), merged with what other processes wrote meanwhile (the tutor goes on from the merge); a
/// failure is shown in the status bar, never fatal, and the change is tried again; returns the
/// failure (at the `end` it is said again once the screen is gone).
fn save_progress(app: &mut App, pacer: Option<&mut Pacer>, end: bool) -> Option<String> {
    crate::lang::with(app.lang(), || save_progress_in_language(app, pacer?, end))
}

fn save_progress_in_language(app: &mut App, pacer: &mut Pacer, end: bool) -> Option<String> {
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

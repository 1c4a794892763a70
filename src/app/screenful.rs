//! One frame as plain data, built from the state and the screen's size by `present`: what the
//! ui draws, so that drawing decides nothing. It holds the status bar so far; the panes and
//! overlays are still drawn from the app, and move here one at a time.

use super::state::App;
use super::status_line::StatusLine;

/// What one frame shows (so far: its status bar).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screenful {
    /// The bottom rows: where the learner is, and a message or the key hints.
    pub status: StatusLine,
}

/// The frame `app` shows on a screen `width` columns wide.
pub fn present(app: &App, width: u16) -> Screenful {
    Screenful { status: StatusLine::of(app, width) }
}

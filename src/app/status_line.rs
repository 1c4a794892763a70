//! The status bar as plain data: where the learner is, and a message or the key hints that
//! apply now, fitted to the screen's width. `ui/status_bar.rs` draws it and decides nothing.

use super::keymap::status_hint;
use super::state::App;
use crate::strings;
use crate::text;

/// What the status bar shows, already fitted to its width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusLine {
    /// One line: where the learner is at the left, a message or the key hints at the right.
    Line {
        left: String,
        right: String,
        /// The right side is a message (drawn highlighted), not the key hints (drawn dim).
        message: bool,
    },
    /// A message too long for one line (a write error with its path, say): where the learner
    /// is, then the whole message on up to three lines under it, wrapped by width.
    Overflow { place: String, lines: Vec<String> },
}

impl StatusLine {
    /// The rows it takes at the bottom of the screen.
    pub fn height(&self) -> u16 {
        match self {
            StatusLine::Line { .. } => 1,
            StatusLine::Overflow { lines, .. } => 1 + lines.len() as u16,
        }
    }

    /// The status bar of `app` on a screen `width` columns wide.
    pub fn of(app: &App, width: u16) -> StatusLine {
        let overflow = overflow(app, width);
        if !overflow.is_empty() {
            return StatusLine::Overflow { place: place(app), lines: overflow };
        }
        let (left, right) = if app.status().is_empty() { hints(app, width) } else { message(app, width) };
        StatusLine::Line { left, right, message: !app.status().is_empty() }
    }
}

/// The lesson, beat and op at the left of the status bar.
fn place(app: &App) -> String {
    if let super::view_state::Screen::List { cursor } = app.screen() {
        // no lesson is open yet: no beat, no op to number
        return strings::status_place_list(cursor + 1, app.lessons().len());
    }
    // op numbers as `trace` prints them: 0 .. len-1
    strings::status_place(&app.lesson().id, app.beat() + 1, app.beat_count(), app.op(), app.run().program().len() - 1)
}

/// The place, and the op's name after it.
fn place_and_op(app: &App) -> String {
    if matches!(app.screen(), super::view_state::Screen::List { .. }) {
        return place(app); // the list shows no op
    }
    format!("{}{} ", place(app), app.run().program().op(app.op()).name)
}

/// Whether `left` and `right` fit on a line `width` wide with a space between.
fn fits(width: u16, left: &str, right: &str) -> bool {
    text::width(left) + text::width(right) < width as usize
}

/// A status message too long for the status line, whole on up to three lines; empty when it
/// fits on the line.
fn overflow(app: &App, width: u16) -> Vec<String> {
    let room = (width as usize).saturating_sub(text::width(&place(app)) + 1);
    if app.status().is_empty() || text::width(app.status()) <= room {
        return Vec::new();
    }
    let mut lines = text::wrap(app.status(), (width as usize).saturating_sub(2).max(1));
    if lines.len() > 3 {
        lines.truncate(3);
        let last = &lines[2];
        lines[2] = format!("{}…", text::cut(last, (width as usize).saturating_sub(3)));
    }
    lines
}

/// A message takes the right side: the place with the op's name when both fit, else the place.
fn message(app: &App, width: u16) -> (String, String) {
    let (long, short) = (place_and_op(app), place(app));
    let left = if fits(width, &long, app.status()) { long } else { short };
    let room = (width as usize).saturating_sub(text::width(&left) + 1);
    let right = text::cut(app.status(), room);
    (left, right)
}

/// The fullest key hint that fits, the op's name giving way first (the keys that move on must
/// show at 80 columns).
fn hints(app: &App, width: u16) -> (String, String) {
    let (long, short) = (place_and_op(app), place(app));
    let context = app.hint_context();
    let (hint, hint_short) =
        (status_hint(app.key_mode(), &context, false), status_hint(app.key_mode(), &context, true));
    let (hint, hint_short) = (hint.as_str(), hint_short.as_str());
    let fits = |l: &str, r: &str| fits(width, l, r);
    [(&long, hint), (&short, hint), (&long, hint_short), (&short, hint_short)]
        .into_iter()
        .find(|(l, r)| fits(l, r))
        .map(|(l, r)| (l.clone(), r.to_string()))
        .unwrap_or_else(|| {
            // the keys matter more than where we are: the place gives way, then whole hints
            // from the end, never half a word
            if let Some(hint) = [hint, hint_short].into_iter().find(|h| fits("", h)) {
                return (String::new(), hint.to_string());
            }
            let mut kept = hint_short.to_string();
            while !fits("", &kept) {
                match kept.rfind(" · ").or_else(|| kept.rfind("  ")) {
                    Some(at) => kept.truncate(at),
                    None => return (String::new(), text::cut(hint_short, (width as usize).saturating_sub(1))),
                }
            }
            (String::new(), kept.trim_end().to_string())
        })
}

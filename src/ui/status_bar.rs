//! The status bar: where the learner is, and a message or the key hints that apply now.

use super::text;
use super::theme::Theme;
use crate::app::App;
use crate::app::keymap::status_hint;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The lesson, beat and op at the left of the status bar.
fn status_place(app: &App) -> String {
    // op numbers as `trace` prints them: 0 .. len-1
    strings::status_place(&app.lesson().id, app.beat() + 1, app.beat_count(), app.op(), app.run().program().len() - 1)
}

/// A status message too long for the status line (a write error with its path, say) is shown
/// whole on up to three lines under it, wrapped by width; empty when it fits on the line.
pub(super) fn status_overflow(app: &App, width: u16) -> Vec<String> {
    let room = (width as usize).saturating_sub(text::width(&status_place(app)) + 1);
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

pub(super) fn render_status(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let overflow = status_overflow(app, area.width);
    if !overflow.is_empty() {
        let mut lines = vec![Line::styled(status_place(app), theme.accent())];
        lines.extend(overflow.into_iter().map(|l| Line::styled(format!(" {l}"), theme.highlight())));
        Paragraph::new(lines).render(area, buf);
        return;
    }
    let op = app.run().program().op(app.op());
    let short = status_place(app);
    let long = format!("{short}{} ", op.name);
    let width = area.width as usize;
    let fits = |s: &str, right: &str| text::width(s) + text::width(right) < width;
    let context = app.hint_context();
    let (hint, hint_short) =
        (status_hint(app.key_mode(), &context, false), status_hint(app.key_mode(), &context, true));
    let (hint, hint_short) = (hint.as_str(), hint_short.as_str());
    // a message takes the right side; else the fullest hint that fits, the op's name giving way
    // first (the keys that move on must show at 80 columns)
    let (left, right) = if !app.status().is_empty() {
        let left = if fits(&long, app.status()) { long } else { short };
        let room = width.saturating_sub(text::width(&left) + 1);
        let right = text::cut(app.status(), room);
        (left, right)
    } else {
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
                        None => return (String::new(), text::cut(hint_short, width.saturating_sub(1))),
                    }
                }
                (String::new(), kept.trim_end().to_string())
            })
    };
    let pad = (area.width as usize).saturating_sub(text::width(&left) + text::width(&right) + 1);
    let line = Line::from(vec![
        Span::styled(left, theme.accent()),
        Span::raw(" ".repeat(pad)),
        Span::styled(right, if app.status().is_empty() { theme.dim() } else { theme.highlight() }),
    ]);
    Paragraph::new(line).render(area, buf);
}

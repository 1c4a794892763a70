//! The `?` overlay: every key, from the one table of bindings, and what the status bar's op count
//! means. A description wider than the screen wraps under itself; a screen too short for every
//! line shows a window of them with a line counting the rest (↑/↓ and PgUp/PgDn move it), and
//! the footer that says how to close it always shows.

use super::text::{pad, width};
use super::theme::Theme;
use crate::app::keymap::help_rows;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub struct HelpOverlay {
    pub theme: Theme,
    /// The first line shown (the app's scroll, kept within `scroll_limit` by `Action::Fit`).
    pub first: usize,
}

/// Each key and its description, the op count last (after a blank line).
fn rows() -> Vec<(&'static str, &'static str)> {
    let mut rows: Vec<(&str, &str)> = help_rows().collect();
    rows.push(("", ""));
    rows.push((strings::HELP_OP_KEY.get(), strings::HELP_OP.get()));
    rows
}

/// The overlay's width on `area` and the width of its key column.
fn widths(area: Rect) -> (u16, usize) {
    let rows = rows();
    let key_width = rows.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
    let widest = rows.iter().map(|(_, d)| width(d)).chain([width(&strings::HELP_FOOTER)]).max().unwrap_or(0);
    ((widest + key_width + 7).min(area.width as usize) as u16, key_width)
}

/// Every body line as drawn in an overlay `popup_width` wide: (key cell, one line of description).
fn body(popup_width: u16, key_width: usize) -> Vec<(String, String)> {
    let room = (popup_width as usize).saturating_sub(key_width + 5).max(8);
    let mut lines = Vec::new();
    for (key, description) in rows() {
        for (i, part) in crate::text::wrap(description, room).into_iter().enumerate() {
            let key = if i == 0 { key } else { "" };
            lines.push((format!(" {}  ", pad(key, key_width)), part));
        }
        if description.is_empty() {
            lines.push((String::new(), String::new()));
        }
    }
    lines
}

/// How many body lines fit on `area`: between the borders and the footer, and when some do not
/// fit, a line counting them.
fn lines_shown(area: Rect, lines: usize) -> usize {
    super::popup::window(usize::from(area.height.saturating_sub(3)), lines)
}

/// The furthest the overlay scrolls on a screen of this size: the last line at the bottom.
pub fn scroll_limit(area: Rect) -> usize {
    let (popup_width, key_width) = widths(area);
    let lines = body(popup_width, key_width).len();
    lines - lines_shown(area, lines).min(lines)
}

impl Widget for HelpOverlay {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (popup_width, key_width) = widths(area);
        let body = body(popup_width, key_width);
        let shown = lines_shown(area, body.len());
        let first = self.first.min(body.len() - shown);
        let cut = shown < body.len();
        let height = (shown + usize::from(cut) + 3) as u16;
        let [popup] = Layout::horizontal([Constraint::Length(popup_width)]).flex(Flex::Center).areas(area);
        let [popup] = Layout::vertical([Constraint::Length(height)]).flex(Flex::Center).areas(popup);
        super::popup::clear(popup, buf);
        let mut lines: Vec<Line> = body[first..first + shown]
            .iter()
            .map(|(key, part)| {
                Line::from(vec![Span::styled(key.clone(), self.theme.highlight()), Span::raw(part.clone())])
            })
            .collect();
        if cut {
            lines.push(Line::styled(strings::help_more(first, body.len() - first - shown), self.theme.dim()));
        }
        lines.push(Line::styled(strings::HELP_FOOTER, self.theme.dim()));
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(Span::styled(strings::HELP_TITLE, self.theme.title())))
            .render(popup, buf);
    }
}

//! The `?` overlay: every key, from the one table of bindings, and what the status bar's op count means.

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
}

impl Widget for HelpOverlay {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let key_width = help_rows().map(|(k, _)| k).chain([strings::HELP_OP_KEY.get()]).map(width).max().unwrap_or(0);
        let descriptions = help_rows().map(|(_, d)| d).chain([strings::HELP_OP.get()]);
        let popup_width = descriptions.map(width).max().unwrap_or(0) + key_width + 7;
        let height = help_rows().count() as u16 + 5;
        let [popup] = Layout::horizontal([Constraint::Length(popup_width as u16)]).flex(Flex::Center).areas(area);
        let [popup] = Layout::vertical([Constraint::Length(height)]).flex(Flex::Center).areas(popup);
        super::popup::clear(popup, buf);
        let row = |k: &str, d: &'static str| {
            Line::from(vec![Span::styled(format!(" {}  ", pad(k, key_width)), self.theme.highlight()), Span::raw(d)])
        };
        let mut lines: Vec<Line> = help_rows().map(|(k, d)| row(k, d)).collect();
        lines.push(Line::from(""));
        // what the status bar's `engine op N/M` counts
        lines.push(row(strings::HELP_OP_KEY.get(), strings::HELP_OP.get()));
        lines.push(Line::styled(strings::HELP_FOOTER, self.theme.dim()));
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(Span::styled(strings::HELP_TITLE, self.theme.title())))
            .render(popup, buf);
    }
}

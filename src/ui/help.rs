//! The `?` overlay: every key, from the one keymap table.

use super::text::{pad, width};
use super::theme::Theme;
use crate::app::keymap::KEYS;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

pub struct HelpOverlay {
    pub theme: Theme,
}

impl Widget for HelpOverlay {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let key_width = KEYS.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
        let popup_width = KEYS.iter().map(|(_, d)| width(d)).max().unwrap_or(0) + key_width + 7;
        let height = KEYS.len() as u16 + 4;
        let [popup] = Layout::horizontal([Constraint::Length(popup_width as u16)]).flex(Flex::Center).areas(area);
        let [popup] = Layout::vertical([Constraint::Length(height)]).flex(Flex::Center).areas(popup);
        Clear.render(popup, buf);
        let mut lines: Vec<Line> = KEYS
            .iter()
            .map(|(k, d)| {
                Line::from(vec![
                    Span::styled(format!(" {}  ", pad(k, key_width)), self.theme.highlight()),
                    Span::raw(*d),
                ])
            })
            .collect();
        lines.push(Line::from(""));
        lines.push(Line::styled(strings::HELP_FOOTER, self.theme.dim()));
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(Span::styled(strings::HELP_TITLE, self.theme.title())))
            .render(popup, buf);
    }
}

//! The lesson list (`L`, and at start), drawn from the `ListPane` `present` built.

use super::theme::Theme;
use crate::app::screenful::ListPane;
use ratatui::buffer::Buffer;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub(super) fn render_list(list: &ListPane, theme: Theme, buf: &mut Buffer) {
    let block = Block::default().borders(Borders::ALL).title(Span::styled(list.title.clone(), theme.title()));
    Paragraph::new(list.lines.clone()).block(block).render(list.area, buf);
}

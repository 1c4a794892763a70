//! The pane beside the prose in the wide layout, drawn from the `SidePane` `present` built: the
//! architecture map with the current place lit, or the training dial's pane.

use super::frame::{note_cut_lines, pane};
use super::theme::Theme;
use crate::app::screenful::SidePane;
use ratatui::buffer::Buffer;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub(super) fn render_side(side: &SidePane, theme: Theme, buf: &mut Buffer) {
    match side {
        SidePane::Map { area, title, focused, lines } => {
            let block = pane(*focused, theme, title.clone(), *area);
            Paragraph::new(lines.clone()).render(block.inner(*area), buf);
            block.render(*area, buf);
        }
        SidePane::Dial { area, title, lines } => {
            note_cut_lines(lines, area.width.saturating_sub(2) as usize);
            let title = Span::styled(title.clone(), theme.title());
            let block = Block::default().borders(Borders::ALL).border_style(theme.border()).title(title);
            Paragraph::new(lines.clone()).block(block).render(*area, buf);
        }
    }
}

//! The lesson text pane, drawn from the `ProsePane` `present` built (wrapped, ordered, scrolled).

use super::frame::{note_cut_lines, pane};
use super::theme::Theme;
use crate::app::screenful::ProsePane;
use ratatui::buffer::Buffer;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

pub(super) fn render_prose(prose: &ProsePane, theme: Theme, buf: &mut Buffer) {
    let area = prose.area;
    note_cut_lines(&prose.lines, area.width.saturating_sub(2) as usize);
    let mut block = pane(prose.focused, theme, prose.title.clone(), area);
    if let Some(more) = &prose.more {
        block = block.title_bottom(Line::styled(more.clone(), theme.dim()).right_aligned());
    }
    Paragraph::new(prose.lines.clone()).scroll((prose.scroll, 0)).block(block).render(area, buf);
}

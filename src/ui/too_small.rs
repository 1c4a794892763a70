//! What a terminal too small for the tutor sees instead of a garbled screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Whether `area` is below the size the tutor's panes need.
pub fn is_too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

pub struct TooSmall;

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let text = crate::strings::too_small(area.width, area.height, MIN_WIDTH, MIN_HEIGHT);
        let top = area.height.saturating_sub(3) / 2;
        let area = Rect { y: area.y + top, height: area.height - top, ..area };
        // wrapped by the one wrapper every pane uses (CJK-aware, measured with unicode-width)
        let width = usize::from(area.width).max(1);
        let lines: Vec<Line> = text.lines().flat_map(|l| crate::text::wrap(l, width)).map(Line::from).collect();
        Paragraph::new(lines).alignment(Alignment::Center).render(area, buf);
    }
}

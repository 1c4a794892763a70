//! What a terminal too small for the tutor sees instead of a garbled screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

pub use crate::app::screenful::{MIN_HEIGHT, MIN_WIDTH, is_too_small};

/// The words `present` gave a screen too small for the panes.
pub struct TooSmall<'a> {
    pub text: &'a str,
}

impl Widget for TooSmall<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let text = self.text;
        let top = area.height.saturating_sub(3) / 2;
        let area = Rect { y: area.y + top, height: area.height - top, ..area };
        // wrapped by the one wrapper every pane uses (CJK-aware, measured with unicode-width)
        let width = usize::from(area.width).max(1);
        let lines: Vec<Line> = text.lines().flat_map(|l| crate::text::wrap(l, width)).map(Line::from).collect();
        Paragraph::new(lines).alignment(Alignment::Center).render(area, buf);
    }
}

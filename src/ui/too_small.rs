//! What a terminal too small for the tutor sees instead of a garbled screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

pub struct TooSmall;

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let text = crate::strings::too_small(area.width, area.height, MIN_WIDTH, MIN_HEIGHT);
        let top = area.height.saturating_sub(3) / 2;
        let area = Rect { y: area.y + top, height: area.height - top, ..area };
        Paragraph::new(text).alignment(Alignment::Center).wrap(Wrap { trim: true }).render(area, buf);
    }
}

//! Clearing the room for an overlay (help, glossary) drawn over a screen that may hold Chinese.
//!
//! A wide character just left of the overlay has its right half under the overlay's border. In
//! ratatui's buffer the border simply takes that cell, but a real terminal, told to write the
//! border there, erases the whole wide character and the border lands beside a blank: the
//! learner sees the popup's left edge broken. So the character that straddles the edge is
//! replaced by a space first, in the buffer, which is what the terminal would show anyway.

use crate::text::width;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

/// Blank `area` for an overlay, and any wide character cut in half by its left edge.
pub fn clear(area: Rect, buf: &mut Buffer) {
    if area.x > buf.area.x {
        let left = area.x - 1;
        for y in area.top()..area.bottom().min(buf.area.bottom()) {
            let cell = &mut buf[(left, y)];
            if width(cell.symbol()) > 1 {
                cell.set_symbol(" ");
            }
        }
    }
    Clear.render(area, buf);
}

/// How many of `total` lines an overlay shows in `room` lines: all when they fit, else one fewer,
/// leaving a line to count the rest (the help and the glossary scroll that window).
pub fn window(room: usize, total: usize) -> usize {
    if total <= room { total } else { room.saturating_sub(1) }
}

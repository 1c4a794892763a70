//! The shape-trace pane, drawn from the `TracePane` `present` built.

use super::frame::{note_cut_lines, pane};
use super::theme::Theme;
use crate::app::screenful::TracePane;
use ratatui::buffer::Buffer;
use ratatui::widgets::{Paragraph, Widget};

pub(super) fn render_trace(trace: &TracePane, theme: Theme, buf: &mut Buffer) {
    let area = trace.area;
    note_cut_lines(&trace.lines, area.width.saturating_sub(2) as usize);
    let block = pane(trace.focused, theme, trace.title.clone(), area);
    Paragraph::new(trace.lines.clone()).block(block).render(area, buf);
}

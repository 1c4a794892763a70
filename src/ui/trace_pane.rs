//! The shape-trace pane: the focused operation's formula and the shapes that led to it.

use super::frame::{note_cut_lines, pane};
use super::text;
use super::theme::Theme;
use super::wrap::wrap_lines;
use crate::app::{App, Pane};
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub(super) fn render_trace(app: &App, theme: Theme, area: Rect, buf: &mut Buffer, wide: bool) {
    let op = app.run().program().op(app.op());
    let inner_width = area.width.saturating_sub(2) as usize;
    let mut lines = vec![Line::from(vec![Span::styled(op.formula.to_string(), theme.highlight())])];
    if wide {
        // room for two lines: the whole trace, broken between steps
        lines.extend(pack_trace(app.shape_trace_segments(), inner_width).into_iter().map(Line::from));
        lines.push(Line::styled(app.op_inputs_text(), theme.dim()));
    } else {
        lines.push(Line::from(fit_trace(app.shape_trace_segments(), inner_width)));
    }
    let mut title = if wide { strings::TRACE_TITLE.to_string() } else { strings::trace_title_at(&op.where_text()) };
    if let (false, Some(dial)) = (wide, app.dial_view()) {
        title = format!("{} · {} ", title.trim_end(), strings::dial_step(dial.step, dial.last_step));
    }
    let lines = wrap_lines(&lines, inner_width.max(1));
    note_cut_lines(&lines, inner_width);
    Paragraph::new(lines).block(pane(app, theme, Pane::Trace, title, area)).render(area, buf);
}

/// Break the shape trace into lines between steps, never inside a shape.
fn pack_trace(segments: Vec<String>, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = vec![String::new()];
    for seg in segments {
        let current = lines.last_mut().expect("one line");
        if !current.is_empty() && text::width(current) + text::width(&seg) > width {
            lines.push(seg.trim_start().to_string());
        } else {
            current.push_str(&seg);
        }
    }
    lines
}

/// Keep the end of the shape trace (the focused tensor) and drop steps from the front until it fits.
fn fit_trace(segments: Vec<String>, width: usize) -> String {
    let width_of = |s: &[String]| s.iter().map(|x| text::width(x)).sum::<usize>();
    let mut start = 0;
    while start + 1 < segments.len() && width_of(&segments[start..]) > width {
        start += 1;
    }
    let tail = segments[start..].concat();
    if start == 0 { tail } else { format!("…{tail}") }
}

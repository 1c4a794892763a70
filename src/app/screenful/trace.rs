//! The shape-trace pane as data: the focused operation's formula and the shapes that led to it.

use super::wrap::wrap_lines;
use crate::app::state::{App, Pane};
use crate::app::theme::Theme;
use crate::strings;
use crate::text;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The shape-trace pane, ready to draw.
#[derive(Debug, Clone)]
pub struct TracePane {
    pub area: Rect,
    pub title: String,
    pub focused: bool,
    /// Wrapped to the pane's inner width (a word wider than it is noted as cut when drawn).
    pub lines: Vec<Line<'static>>,
}

impl TracePane {
    /// The trace in the pane `area`; `wide`: the wide layout's pane, with room for the whole trace.
    pub(super) fn of(app: &App, theme: Theme, area: Rect, wide: bool) -> TracePane {
        let op = app.run().program().op(app.op());
        let inner_width = area.width.saturating_sub(2) as usize;
        let formula = op.formula.to_string();
        let mut lines = vec![Line::from(vec![Span::styled(formula.clone(), theme.highlight())])];
        // the compact pane has two rows: the operands' shapes (which the prose may quote) go
        // after the formula when both fit on its row
        let inputs = app.op_inputs_text();
        if !wide && !inputs.is_empty() && text::width(&formula) + 3 + text::width(&inputs) <= inner_width {
            lines[0].spans.push(Span::styled(" · ", theme.dim()));
            lines[0].spans.push(Span::styled(inputs, theme.dim()));
        }
        if wide {
            // room for two lines: the whole trace, broken between steps
            let taught = app.shape_trace_segments();
            match app.variant_trace_segments() {
                // a what-if that changes shapes on the way (note 002's qk_dim): its trace instead
                // of the operands' line, from the same first shape (not repeated)
                Some(mut other) => {
                    lines.extend(pack_trace(taught.clone(), inner_width).into_iter().map(Line::from));
                    other[0] = match other[0] == taught[0] {
                        true => strings::WHAT_IF_TRACE.to_string(),
                        false => format!("{} {}", strings::WHAT_IF_TRACE, other[0]),
                    };
                    let packed = pack_trace(other, inner_width);
                    lines.extend(packed.into_iter().map(|l| Line::styled(l, theme.accent())));
                }
                None => {
                    lines.extend(pack_trace(taught, inner_width).into_iter().map(Line::from));
                    lines.push(Line::styled(app.op_inputs_text(), theme.dim()));
                }
            }
        } else {
            lines.push(Line::from(fit_trace(app.shape_trace_segments(), inner_width)));
        }
        let mut title = if wide { strings::TRACE_TITLE.to_string() } else { strings::trace_title_at(&op.where_text()) };
        if let (false, Some(dial)) = (wide, app.dial_view()) {
            title = format!("{} · {} ", title.trim_end(), strings::dial_step(dial.step, dial.last_step));
        }
        let lines = wrap_lines(&lines, inner_width.max(1));
        TracePane { area, title, focused: app.focus() == Pane::Trace, lines }
    }
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

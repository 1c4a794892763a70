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
        let formula = app.formula_withheld(op.formula.to_string());
        let mut lines = vec![Line::from(vec![Span::styled(formula.clone(), theme.highlight())])];
        // the compact pane has two rows: the operands' shapes (which the prose may quote) go
        // after the formula when both fit on its row
        let inputs = app.op_inputs_text();
        if !wide && !inputs.is_empty() && text::width(&formula) + 3 + text::width(&inputs) <= inner_width {
            lines[0].spans.push(Span::styled(" · ", theme.dim()));
            lines[0].spans.push(Span::styled(inputs.clone(), theme.dim()));
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
            let quoted: Vec<String> =
                super::reveal::shapes(&super::reveal::quoted(app)).into_iter().map(|(_, s)| s).collect();
            let trace = fit_trace(app.shape_trace_segments(), inner_width, &quoted);
            // an operand's shape the beat quotes that neither row shows (the chain follows the
            // first operand): the operands and the result instead of the chain
            let first_row: String = lines[0].spans.iter().map(|s| s.content.as_ref()).collect();
            let unshown = |q: &String| !trace.contains(q.as_str()) && !first_row.contains(q.as_str());
            if quoted.iter().any(|q| unshown(q) && inputs.contains(q.as_str())) {
                let result = format!("{inputs} → {}", app.shape_shown(&op.shape));
                let row = if text::width(&result) <= inner_width { result } else { inputs };
                lines.push(Line::styled(row, theme.dim()));
            } else {
                lines.push(Line::from(trace));
            }
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

/// Keep the end of the shape trace (the focused tensor) and drop steps from the front until it
/// fits; when a step dropped shows a shape the beat quotes (`quoted`), keep that step and drop
/// those after it instead (`…(2, 4, 5, 8) ─·Kᵀ→ … ─softmax→ (2, 4, 5, 5)`).
fn fit_trace(segments: Vec<String>, width: usize, quoted: &[String]) -> String {
    let width_of = |s: &[String]| s.iter().map(|x| text::width(x)).sum::<usize>();
    let mut start = 0;
    while start + 1 < segments.len() && width_of(&segments[start..]) > width {
        start += 1;
    }
    let tail = segments[start..].concat();
    let shows = |s: &String| quoted.iter().any(|q| s.contains(q.as_str()));
    let kept = (!segments[start..].iter().any(shows)).then(|| (0..start).rev().find(|&i| shows(&segments[i])));
    if let Some(Some(i)) = kept {
        let head = if i == 0 { segments[0].clone() } else { format!("…{}", segments[i]) };
        let fits = (i + 1..segments.len())
            .map(|from| {
                let gap = if from == i + 1 { "" } else { " …" };
                format!("{head}{gap}{}", segments[from..].concat())
            })
            .find(|s| text::width(s) <= width);
        if let Some(s) = fits {
            return s;
        }
    }
    if start == 0 { tail } else { format!("…{tail}") }
}

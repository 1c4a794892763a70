//! A what-if in the tensor pane: what it changed (measured), then the variant beside the taught
//! model: in one softmax view when it can hold both runs' rows, else the taught view above the
//! variant's (side by side, two grids on a short pane).

use super::tensor::{Piece, Shown, taught_view, view};
use crate::app::state::App;
use crate::app::theme::Theme;
use crate::app::view_data::{Role, ViewData};
use crate::lesson::ViewKind;
use crate::strings;
use crate::text;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;

/// A what-if pane lower than this (the 80x24 layout's) gives its rows to the two views first.
const SHORT_PANE: u16 = 16;

/// The rows a what-if's summary leaves to the views below it, at the least.
const VIEWS_KEEP: u16 = 6;

/// The what-if's pieces in `area` (the pane inside its border, below any non-finite note).
pub(super) fn pieces(app: &App, theme: Theme, area: Rect, pieces: &mut Vec<Piece>) {
    let Some(w) = app.what_if_view_shared() else { return };
    let width = area.width.max(1) as usize;
    let short = area.height < SHORT_PANE; // 80x24
    let rest = summary(&w.lines, theme, area, short, pieces);
    let op = app.run().program().op(app.op());
    let taught_title = strings::tensor_title(&op.name, &app.shape_shown(&op.shape), app.view_kind().name());
    if w.beside {
        // one softmax view holds both runs' rows; on a short pane its caption line, which states
        // the shape too, stands for the title (the pane's border names the what-if)
        let shape = app.shape_shown(&op.shape);
        let body = if short && caption_states(&app.view_data_shared(), &shape) {
            rest
        } else {
            title_line(taught_title.trim().to_string(), rest, theme, pieces)
        };
        return pieces.push(taught_view(app, body));
    }
    let taught = app.dial_step().map_or_else(|| strings::AS_TAUGHT.to_string(), strings::at_dial_step);
    let taught_title = format!("{taught} · {}", taught_title.trim());
    match &w.other {
        Ok(other) => {
            // two grids on a short pane go side by side (a grid's rows matter more than its width)
            let grid = |k: ViewKind| matches!(k, ViewKind::Heatmap | ViewKind::Mask);
            let halves = [Constraint::Fill(1), Constraint::Fill(1)];
            let [top, bottom] = if short && grid(app.view_kind()) && grid(other.kind) {
                Layout::horizontal(halves).spacing(2).areas(rest)
            } else {
                Layout::vertical(halves).areas(rest)
            };
            let body = title_line(taught_title, top, theme, pieces);
            pieces.push(taught_view(app, body));
            let title = format!("{} · {}", strings::WHAT_IF, other.title.trim());
            let body = title_line(title, bottom, theme, pieces);
            pieces.push(view(app, Shown::Variant(w.clone()), other.kind, body));
        }
        Err(message) => {
            // the variant kept this tensor, or cannot show it: one note, then the taught view
            // (a variant that cannot run said so in the lines above)
            let note: Vec<Line> = if w.runs {
                text::wrap(message, width).into_iter().map(|l| Line::styled(l, theme.dim())).collect()
            } else {
                Vec::new()
            };
            let note_h = (note.len() as u16).min(rest.height / 2);
            let [note_area, view_area] =
                Layout::vertical([Constraint::Length(note_h), Constraint::Fill(1)]).areas(rest);
            pieces.push(Piece::Lines { area: note_area, lines: note, room: None });
            let body = title_line(taught_title, view_area, theme, pieces);
            pieces.push(taught_view(app, body));
        }
    }
}

/// What the what-if changed, measured, at the top of `area`; returns the area below it.
fn summary(said: &[(String, Role)], theme: Theme, area: Rect, short: bool, pieces: &mut Vec<Piece>) -> Rect {
    let width = area.width.max(1) as usize;
    let said = if short { measured_first(said) } else { said.to_vec() };
    let mut lines: Vec<Line> = Vec::new();
    // the rows up to the last measured line's (the lines the prose points at)
    let mut measured = 0;
    for (text, role) in &said {
        let style = match role {
            Role::Bad => theme.bad(),
            Role::Accent => theme.accent(),
            _ => theme.dim(),
        };
        // a line that fits is kept as it is (the per-token std table's columns line up by spaces)
        let rows = if text::width(text) <= width { vec![text.clone()] } else { text::wrap(text, width) };
        lines.extend(rows.into_iter().map(|l| Line::styled(l, style)));
        if *role == Role::Accent {
            measured = lines.len();
        }
    }
    // at most half the pane, a third when it is short, so that both views keep rows; but every
    // measured line, and a row to count what follows them, while the views keep a few rows
    // (their grids fold)
    let share = if short { 3 } else { 2 };
    let needed = measured + usize::from(lines.len() > measured);
    let most = area.height.saturating_sub(VIEWS_KEEP).max(2);
    let room = (area.height / share).max(2).max((needed as u16).min(most));
    let summary_h = (lines.len() as u16).min(room);
    pieces.push(Piece::Fitted { lines: lines.clone(), room: width });
    if lines.len() > summary_h as usize && summary_h > 0 {
        // what does not fit is counted, not dropped without a word
        let hidden = lines.len() + 1 - summary_h as usize;
        lines.truncate(summary_h as usize - 1);
        lines.push(Line::styled(strings::more(0, hidden, strings::LINES.get()), theme.dim()));
    }
    let [summary, rest] = Layout::vertical([Constraint::Length(summary_h), Constraint::Fill(1)]).areas(area);
    pieces.push(Piece::Lines { area: summary, lines, room: None });
    rest
}

/// A short pane's order: the predictions line (the last measured one) first, the other measured
/// lines after it, where the run was forked last.
fn measured_first(said: &[(String, Role)]) -> Vec<(String, Role)> {
    let (mut measured, rest): (Vec<_>, Vec<_>) = said.iter().cloned().partition(|(_, role)| *role == Role::Accent);
    if let Some(last) = measured.pop() {
        measured.insert(0, last);
    }
    measured.extend(rest);
    measured
}

/// Whether the softmax view's caption states `shape`, as the view's title would.
fn caption_states(data: &ViewData, shape: &str) -> bool {
    matches!(data, ViewData::Softmax(d) if d.caption.contains(shape))
}

/// A view's title on the first row of `area`; returns the rows below it.
fn title_line(text: String, area: Rect, theme: Theme, pieces: &mut Vec<Piece>) -> Rect {
    let [head, body] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    pieces.push(Piece::Lines {
        area: head,
        lines: vec![Line::styled(text, theme.title())],
        room: Some(area.width as usize),
    });
    body
}

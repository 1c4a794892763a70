//! The tensor pane as data: its title and the pieces inside its border, each with its rect: the
//! focused tensor's view (the view data the app computed, shared), cell mode with its
//! derivation, or a what-if beside the taught model (`whatif.rs`); above any of them, when the
//! run has overflowed at or before this operation, where it first did.

use crate::app::cache::WhatIfView;
use crate::app::state::{App, Pane};
use crate::app::theme::Theme;
use crate::app::view_data::{HeatmapData, ViewData};
use crate::lesson::ViewKind;
use crate::strings;
use crate::text;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Block;
use std::sync::Arc;

/// The tensor pane, ready to draw: a bordered pane and its pieces, drawn in order.
#[derive(Debug, Clone)]
pub struct TensorPane {
    pub area: Rect,
    pub title: String,
    pub focused: bool,
    pub pieces: Vec<Piece>,
}

/// One thing drawn inside the tensor pane.
#[derive(Debug, Clone)]
pub enum Piece {
    /// Lines at `area`, unwrapped; with `room`, a line wider than it is noted as cut.
    Lines { area: Rect, lines: Vec<Line<'static>>, room: Option<usize> },
    /// Lines fitted into `room` columns before they became the pieces shown (some may be left
    /// out and counted): a line wider than it is noted as cut; nothing is drawn.
    Fitted { lines: Vec<Line<'static>>, room: usize },
    /// View data at `area`; a text view's rows as `lines` plans them: from the first line the
    /// learner scrolled to, or from where the lines the beat names (each with its weight:
    /// `reveal.rs`) weigh most inside the pane, or a fold of those lines (`lines_plan.rs`).
    View { area: Rect, shown: Shown, lines: Option<super::LinesPlan> },
    /// Cell mode's grid of the focused tensor around the cursor.
    Heatmap { area: Rect, data: Box<HeatmapData> },
}

/// View data the app's cache holds, shared with the frame rather than copied.
#[derive(Debug, Clone)]
pub enum Shown {
    /// The taught model's view of the focused tensor.
    Taught(Arc<ViewData>),
    /// The what-if variant's own view of it (the what-if has one: `other` is `Ok`).
    Variant(Arc<WhatIfView>),
}

impl Shown {
    pub fn data(&self) -> &ViewData {
        match self {
            Shown::Taught(data) => data,
            Shown::Variant(w) => &w.other.as_ref().expect("a variant view").data,
        }
    }
}

impl TensorPane {
    /// The tensor pane of `app` at `area`.
    pub(super) fn of(app: &App, theme: Theme, area: Rect) -> TensorPane {
        let op = app.run().program().op(app.op());
        let focused = app.focus() == Pane::Tensor;
        let inner = Block::bordered().inner(area);
        let mut pieces = Vec::new();
        if app.cell_col().is_some() {
            let name = if app.shows_gradient() { strings::gradient_of(&op.name) } else { op.name.clone() };
            // the question and the tensor's name; a long name drops the shape (the caption has
            // it), then the question, before the name itself is cut
            let shape = app.shape_shown(&op.shape);
            let title =
                [strings::cell_title(&name, &shape), strings::cell_title(&name, ""), format!(" {name} {shape} ")]
                    .into_iter()
                    .find(|t| text::width(t) + 4 <= area.width as usize)
                    .unwrap_or_else(|| format!(" {name} "));
            let inner = non_finite(app, theme, inner, &mut pieces);
            cell(app, theme, inner, &mut pieces);
            return TensorPane { area, title, focused, pieces };
        }
        let title = match &app.what_if() {
            Some(w) => strings::what_if_pane_title(w.variant),
            None if app.shows_gradient() => strings::tensor_title(
                &strings::gradient_of(&op.name),
                &app.shape_shown(&op.shape),
                app.view_kind().name(),
            ),
            None => strings::tensor_title(&op.name, &app.shape_shown(&op.shape), app.view_kind().name()),
        };
        let inner = non_finite(app, theme, inner, &mut pieces);
        if app.what_if().is_some() {
            super::whatif::pieces(app, theme, inner, &mut pieces);
        } else {
            pieces.push(taught_view(app, inner));
        }
        TensorPane { area, title, focused, pieces }
    }
}

/// The taught model's view of the focused tensor at `area`.
pub(super) fn taught_view(app: &App, area: Rect) -> Piece {
    view(app, Shown::Taught(app.view_data_shared()), app.view_kind(), area)
}

/// View data at `area`; its text views scroll with `app`, or open on what the beat names.
pub(super) fn view(app: &App, shown: Shown, kind: ViewKind, area: Rect) -> Piece {
    let reveal = match shown.data() {
        ViewData::Lines(lines) if app.lines_follow() => super::reveal::lines(app, lines),
        _ => Vec::new(),
    };
    let scroll = super::LinesScroll { first: app.lines_scroll(), scrollable: kind.scrolls_lines(), reveal: &reveal };
    let lines = super::lines_plan(shown.data(), area, scroll);
    Piece::View { area, shown, lines }
}

/// Above the numbers, when the run has overflowed at or before this operation: where it first
/// did. Returns the area left for the view.
fn non_finite(app: &App, theme: Theme, area: Rect, pieces: &mut Vec<Piece>) -> Rect {
    let Some(note) = app.non_finite_note() else { return area };
    let lines: Vec<Line> =
        text::wrap(&note, area.width.max(1) as usize).into_iter().map(|l| Line::styled(l, theme.bad())).collect();
    let height = (lines.len() as u16 + 1).min(area.height / 2);
    let [top, rest] = Layout::vertical([Constraint::Length(height), Constraint::Fill(1)]).areas(area);
    pieces.push(Piece::Lines { area: top, lines, room: None });
    rest
}

/// Cell mode: the focused tensor's numbers around the cursor, and below them the derivation of
/// the number under it from the operands of the operation that produced it.
fn cell(app: &App, theme: Theme, area: Rect, pieces: &mut Vec<Piece>) {
    let width = area.width.max(1) as usize;
    let lines: Vec<Line> = app
        .cell_derivation()
        .map(|d| d.lines)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            let style = if i == 0 { theme.title() } else { Style::default() };
            text::wrap(l, width).into_iter().map(move |w| Line::styled(w, style))
        })
        .collect();
    // the grid as tall as its rows need (labels, caption, legend), leaving the derivation at
    // least a third of the pane, and up to half when its lines need it (a short pane scrolls
    // the grid around the cursor's row instead)
    let derivation_h = (area.height / 3).max((lines.len() as u16).min(area.height / 2));
    // never less than the caption, the column labels, the cursor's row, a "more" line and the scale
    let grid_h = (app.row_count() as u16 + 4).min(area.height - derivation_h).max(6.min(area.height));
    let [grid, derivation] = Layout::vertical([Constraint::Length(grid_h), Constraint::Fill(1)]).areas(area);
    pieces.push(Piece::Heatmap { area: grid, data: Box::new(app.cell_heatmap_data()) });
    pieces.push(Piece::Fitted { lines: lines.clone(), room: width });
    let shown = scrolled(lines, derivation.height as usize, app.derivation_scroll(), theme);
    pieces.push(Piece::Lines { area: derivation, lines: shown, room: None });
}

/// The derivation's lines from `first` on, when they do not all fit in `height`: the last line
/// says how many are above and below and which keys scroll.
fn scrolled(mut lines: Vec<Line<'static>>, height: usize, first: usize, theme: Theme) -> Vec<Line<'static>> {
    if lines.len() <= height || height < 2 {
        return lines;
    }
    let shown = height - 1;
    let first = first.min(lines.len() - shown);
    let below = lines.len() - first - shown;
    let mut out: Vec<Line> = lines.drain(first..first + shown).collect();
    out.push(Line::styled(strings::derivation_more(first, below), theme.dim()));
    out
}

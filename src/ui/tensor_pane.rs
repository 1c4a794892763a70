//! The tensor pane: the focused tensor's view (drawn from the view data the app computed), cell
//! mode with its derivation, or a what-if beside the taught model.

use super::cuts;
use super::frame::{note_cut_lines, pane};
use super::text;
use super::theme::Theme;
use super::views::heatmap::HeatmapView;
use super::views::{LinesScroll, render_view_data};
use crate::app::cache::VariantView;
use crate::app::view_data::{Role, ViewData};
use crate::app::{App, Pane};
use crate::lesson::ViewKind;
use crate::model::program::shape_text;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

pub(super) fn render_tensor(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let op = app.run().program().op(app.op());
    if app.cell_col().is_some() {
        let name = if app.shows_gradient() { strings::gradient_of(&op.name) } else { op.name.clone() };
        // the question and the tensor's name; a long name drops the shape (the caption has it),
        // then the question, before the name itself is cut
        let shape = shape_text(&op.shape);
        let title = [strings::cell_title(&name, &shape), strings::cell_title(&name, ""), format!(" {name} {shape} ")]
            .into_iter()
            .find(|t| text::width(t) + 4 <= area.width as usize)
            .unwrap_or_else(|| format!(" {name} "));
        let block = pane(app, theme, Pane::Tensor, title, area);
        let inner = block.inner(area);
        block.render(area, buf);
        let inner = render_non_finite(app, theme, inner, buf);
        return render_cell(app, theme, inner, buf);
    }
    let title = match &app.what_if() {
        Some(w) => strings::what_if_pane_title(w.variant),
        None if app.shows_gradient() => {
            strings::tensor_title(&strings::gradient_of(&op.name), &shape_text(&op.shape), app.view_kind().name())
        }
        None => strings::tensor_title(&op.name, &shape_text(&op.shape), app.view_kind().name()),
    };
    let block = pane(app, theme, Pane::Tensor, title, area);
    let inner = block.inner(area);
    block.render(area, buf);
    let inner = render_non_finite(app, theme, inner, buf);
    if app.what_if().is_some() {
        render_what_if(app, theme, inner, buf);
    } else {
        render_view(app, theme, inner, buf);
    }
}

/// Above the numbers, when the run has overflowed at or before this operation: where it first
/// did. Returns the area left for the view.
fn render_non_finite(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) -> Rect {
    let Some(note) = app.non_finite_note() else { return area };
    let lines: Vec<Line> =
        text::wrap(&note, area.width.max(1) as usize).into_iter().map(|l| Line::styled(l, theme.bad())).collect();
    let height = (lines.len() as u16 + 1).min(area.height / 2);
    let [top, rest] = Layout::vertical([Constraint::Length(height), Constraint::Fill(1)]).areas(area);
    Paragraph::new(lines).render(top, buf);
    rest
}

/// Cell mode: the focused tensor's numbers around the cursor, and below them the derivation of
/// the number under it from the operands of the operation that produced it.
fn render_cell(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
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
    HeatmapView { data: &app.cell_heatmap_data(), theme }.render(grid, buf);
    note_cut_lines(&lines, width);
    Paragraph::new(scrolled(lines, derivation.height as usize, app.derivation_scroll(), theme)).render(derivation, buf);
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

/// A what-if pane lower than this (the 80x24 layout's) gives its rows to the two views first.
const SHORT_PANE: u16 = 16;

/// A what-if: what it changed (measured), then the variant beside the taught model: in one
/// softmax view when it can hold both runs' rows, else the taught view above the variant's.
fn render_what_if(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let Some(w) = app.what_if_view() else { return };
    let width = area.width.max(1) as usize;
    let short = area.height < SHORT_PANE; // 80x24
    let mut said = w.lines.clone();
    if short && said.len() > 1 {
        // the measured effects first, where they fit; where the run was forked last
        said.rotate_left(1);
    }
    let mut lines: Vec<Line> = Vec::new();
    for (text, role) in &said {
        let style = match role {
            Role::Bad => theme.bad(),
            Role::Accent => theme.accent(),
            _ => theme.dim(),
        };
        lines.extend(text::wrap(text, width).into_iter().map(|l| Line::styled(l, style)));
    }
    // at most half the pane, a third when it is short, so that both views keep rows
    let share = if short { 3 } else { 2 };
    let summary_h = (lines.len() as u16).min((area.height / share).max(2));
    note_cut_lines(&lines, width);
    if lines.len() > summary_h as usize && summary_h > 0 {
        // what does not fit is counted, not dropped without a word
        let hidden = lines.len() + 1 - summary_h as usize;
        lines.truncate(summary_h as usize - 1);
        lines.push(Line::styled(strings::more(0, hidden, strings::LINES.get()), theme.dim()));
    }
    let [summary, rest] = Layout::vertical([Constraint::Length(summary_h), Constraint::Fill(1)]).areas(area);
    Paragraph::new(lines).render(summary, buf);
    let op = app.run().program().op(app.op());
    let title_line = |text: String, area: Rect, buf: &mut Buffer| {
        let [head, body] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        cuts::note(&text, text::width(&text), area.width as usize);
        Paragraph::new(Line::styled(text, theme.title())).render(head, buf);
        body
    };
    let taught_title = strings::tensor_title(&op.name, &shape_text(&op.shape), app.view_kind().name());
    if w.beside {
        // one softmax view holds both runs' rows
        let body = title_line(taught_title.trim().to_string(), rest, buf);
        return render_view(app, theme, body, buf);
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
            let body = title_line(taught_title, top, buf);
            render_view(app, theme, body, buf);
            let body = title_line(format!("{} · {}", strings::WHAT_IF, other.title.trim()), bottom, buf);
            render_variant_view(app, other, theme, body, buf);
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
            Paragraph::new(note).render(note_area, buf);
            let body = title_line(taught_title, view_area, buf);
            render_view(app, theme, body, buf);
        }
    }
}

/// The focused tensor's view alone, without a border.
pub fn render_view(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    render_data(app, app.view_data(), app.view_kind(), theme, area, buf);
}

/// The what-if variant's view of the focused operation, without a border.
pub fn render_variant_view(app: &App, other: &VariantView, theme: Theme, area: Rect, buf: &mut Buffer) {
    render_data(app, &other.data, other.kind, theme, area, buf);
}

/// Draw view data already computed by the app (its text views scroll with `app`).
fn render_data(app: &App, data: &ViewData, kind: ViewKind, theme: Theme, area: Rect, buf: &mut Buffer) {
    let scroll = LinesScroll { first: app.lines_scroll(), scrollable: kind.scrolls_lines() };
    render_view_data(data, scroll, theme, area, buf);
}

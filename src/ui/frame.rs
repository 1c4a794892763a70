//! The whole screen: lesson prose, the focused tensor's view, the shape trace, the architecture
//! map and the status bar; the help overlay on top; or the too-small screen.

use super::cuts;
use super::help::HelpOverlay;
use super::map::ArchitectureMap;
use super::prose::render_prose;
use super::text;
use super::theme::Theme;
use super::title::fit_title;
use super::too_small::{MIN_HEIGHT, MIN_WIDTH, TooSmall};
use super::views::{
    heatmap::HeatmapView, layernorm::LayerNormView, lines::LinesView, mask_grid::MaskGridView,
    softmax_rows::SoftmaxRowsView, top_words::TopWordsView, vector_table::VectorTableView,
};
use super::wrap::wrap_lines;
use crate::app::state::{InputFor, Screen};
use crate::app::view_data::{Role, ViewData};
use crate::app::{App, Pane};
use crate::model::program::shape_text;
use crate::strings;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

/// Draw the app into the frame.
pub fn draw(frame: &mut Frame, app: &App, theme: Theme) {
    render(app, theme, frame.area(), frame.buffer_mut());
}

/// Draw the app into any buffer area (the terminal, a test backend, or `--print`).
pub fn render(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        TooSmall.render(area, buf);
        return;
    }
    let status_height = 1 + status_overflow(app, area.width).len() as u16;
    let [main, status] = Layout::vertical([Constraint::Fill(1), Constraint::Length(status_height)]).areas(area);
    if let Screen::List { cursor } = app.screen {
        super::lesson_list::LessonList { app, cursor, theme }.render(main, buf);
        render_status(app, theme, status, buf);
        if app.help {
            HelpOverlay { theme }.render(area, buf);
        }
        return;
    }
    let map = ArchitectureMap {
        place: app.run.program().op(app.op).place,
        n_layers: app.setup.weights.config.n_layers,
        theme,
    };
    let panes = lesson_panes(main, wide_layout(area), map.height());
    render_prose(app, theme, panes.prose, buf);
    if let Some(map_area) = panes.map {
        let block = pane(app, theme, Pane::Map, strings::MAP_TITLE.into(), map_area);
        map.render(block.inner(map_area), buf);
        block.render(map_area, buf);
    }
    render_tensor(app, theme, panes.tensor, buf);
    render_trace(app, theme, panes.trace, buf, panes.map.is_some());
    render_status(app, theme, status, buf);
    if app.help {
        HelpOverlay { theme }.render(area, buf);
    }
}

/// Whether a screen of this size gets the wide layout (prose and the architecture map on the
/// left, the tensor on the right); else the compact one, without the map.
pub fn wide_layout(area: Rect) -> bool {
    area.width >= 110 && area.height >= 32
}

/// Where a lesson's panes go.
struct LessonPanes {
    prose: Rect,
    /// Only in the wide layout.
    map: Option<Rect>,
    tensor: Rect,
    trace: Rect,
}

/// The panes of a lesson in `main` (the screen above the status bar).
fn lesson_panes(main: Rect, wide: bool, map_height: u16) -> LessonPanes {
    if wide {
        // wide: prose and map on the left, the tensor and its shape trace on the right
        let [left, right] =
            Layout::horizontal([Constraint::Length(main.width * 2 / 5), Constraint::Fill(1)]).areas(main);
        let [prose, map] = Layout::vertical([Constraint::Fill(1), Constraint::Length(map_height + 2)]).areas(left);
        let [tensor, trace] = Layout::vertical([Constraint::Fill(1), Constraint::Length(6)]).areas(right);
        LessonPanes { prose, map: Some(map), tensor, trace }
    } else {
        // compact: prose on top, the tensor in the middle, trace (with the place) at the bottom
        let [prose, tensor, trace] =
            Layout::vertical([Constraint::Length(8), Constraint::Fill(1), Constraint::Length(4)]).areas(main);
        LessonPanes { prose, map: None, tensor, trace }
    }
}

/// How far the lesson text can scroll on a screen of this size (the terminal loop keeps
/// `prose_scroll` within it, so ↑ after scrolling past the end moves at once).
pub fn prose_scroll_limit(app: &App, area: Rect) -> u16 {
    let status_height = 1 + status_overflow(app, area.width).len() as u16;
    let [main, _] = Layout::vertical([Constraint::Fill(1), Constraint::Length(status_height)]).areas(area);
    let map_height = ArchitectureMap {
        place: app.run.program().op(app.op).place,
        n_layers: app.setup.weights.config.n_layers,
        theme: Theme::plain(),
    }
    .height();
    super::prose::scroll_limit(app, lesson_panes(main, wide_layout(area), map_height).prose)
}

/// A bordered pane, its border lit when it has focus.
pub(super) fn pane(app: &App, theme: Theme, which: Pane, title: String, area: Rect) -> Block<'static> {
    let focused = app.focus == which;
    // the title runs between the corners
    let title = fit_title(&title, area.width.saturating_sub(2) as usize);
    Block::default()
        .borders(Borders::ALL)
        .border_style(if focused { theme.focus_border() } else { theme.border() })
        .title(Span::styled(title, theme.title()))
}

/// Note the lines wider than `width` (an English word longer than the pane) as cut.
pub(super) fn note_cut_lines(lines: &[Line], width: usize) {
    for line in lines {
        let text = line.to_string();
        cuts::note(&text, text::width(&text), width);
    }
}

fn render_tensor(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let op = app.run.program().op(app.op);
    if app.cell_col.is_some() {
        let block = pane(app, theme, Pane::Tensor, strings::cell_title(&op.name, &shape_text(&op.shape)), area);
        let inner = block.inner(area);
        block.render(area, buf);
        let inner = render_non_finite(app, theme, inner, buf);
        return render_cell(app, theme, inner, buf);
    }
    let title = match &app.what_if {
        Some(w) => strings::what_if_pane_title(w.variant),
        None => strings::tensor_title(&op.name, &shape_text(&op.shape), app.view.name()),
    };
    let block = pane(app, theme, Pane::Tensor, title, area);
    let inner = block.inner(area);
    block.render(area, buf);
    let inner = render_non_finite(app, theme, inner, buf);
    if app.what_if.is_some() {
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
    // least a third of the pane
    let grid_h = (app.row_count() as u16 + 4).min(area.height - area.height / 3);
    let [grid, derivation] = Layout::vertical([Constraint::Length(grid_h), Constraint::Fill(1)]).areas(area);
    HeatmapView { data: &app.cell_heatmap_data(), theme }.render(grid, buf);
    note_cut_lines(&lines, width);
    Paragraph::new(lines).render(derivation, buf);
}

/// A what-if: what it changed (measured), then the variant beside the taught model: in one
/// softmax view when it can hold both runs' rows, else the taught view above the variant's.
fn render_what_if(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.max(1) as usize;
    let mut lines: Vec<Line> = Vec::new();
    for (text, role) in app.what_if_lines() {
        let style = match role {
            Role::Bad => theme.bad(),
            Role::Accent => theme.accent(),
            _ => theme.dim(),
        };
        lines.extend(text::wrap(&text, width).into_iter().map(|l| Line::styled(l, style)));
    }
    let summary_h = (lines.len() as u16).min(area.height / 2);
    let [summary, rest] = Layout::vertical([Constraint::Length(summary_h), Constraint::Fill(1)]).areas(area);
    note_cut_lines(&lines, width);
    Paragraph::new(lines).render(summary, buf);
    let op = app.run.program().op(app.op);
    let title_line = |text: String, area: Rect, buf: &mut Buffer| {
        let [head, body] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        cuts::note(&text, text::width(&text), area.width as usize);
        Paragraph::new(Line::styled(text, theme.title())).render(head, buf);
        body
    };
    let taught_title = strings::tensor_title(&op.name, &shape_text(&op.shape), app.view.name());
    let taught = app.view_data();
    if app.variant_beside().is_some() {
        // one softmax view holds both runs' rows
        let body = title_line(taught_title.trim().to_string(), rest, buf);
        return render_data(app, taught, theme, body, buf);
    }
    let taught_title = format!("{} · {}", strings::AS_TAUGHT, taught_title.trim());
    match app.variant_app() {
        Some(Ok(other)) => {
            let [top, bottom] = Layout::vertical([Constraint::Fill(1), Constraint::Fill(1)]).areas(rest);
            let body = title_line(taught_title, top, buf);
            render_data(app, taught, theme, body, buf);
            let vop = other.run.program().op(other.op);
            let variant_title = strings::tensor_title(&vop.name, &shape_text(&vop.shape), other.view.name());
            let body = title_line(format!("{} · {}", strings::WHAT_IF, variant_title.trim()), bottom, buf);
            render_view(&other, theme, body, buf);
        }
        Some(Err(message)) => {
            // the variant kept this tensor, or cannot show it: one note, then the taught view
            // (a variant that cannot run said so in the lines above)
            let runs = app.what_if.as_ref().is_some_and(|w| w.run.is_ok());
            let note: Vec<Line> = if runs {
                text::wrap(&message, width).into_iter().map(|l| Line::styled(l, theme.dim())).collect()
            } else {
                Vec::new()
            };
            let note_h = (note.len() as u16).min(rest.height / 2);
            let [note_area, view_area] =
                Layout::vertical([Constraint::Length(note_h), Constraint::Fill(1)]).areas(rest);
            Paragraph::new(note).render(note_area, buf);
            let body = title_line(taught_title, view_area, buf);
            render_data(app, taught, theme, body, buf);
        }
        None => {}
    }
}

/// The focused tensor's view alone, without a border.
pub fn render_view(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    render_data(app, app.view_data(), theme, area, buf);
}

/// Draw view data already computed from `app` (its text views scroll with `app`).
fn render_data(app: &App, data: ViewData, theme: Theme, area: Rect, buf: &mut Buffer) {
    let inner = area;
    match data {
        ViewData::Heatmap(d) => HeatmapView { data: &d, theme }.render(inner, buf),
        ViewData::Mask(d) => MaskGridView { data: &d, theme }.render(inner, buf),
        ViewData::Softmax(d) => SoftmaxRowsView { data: &d, theme }.render(inner, buf),
        ViewData::LayerNorm(d) => LayerNormView { data: &d, theme }.render(inner, buf),
        ViewData::Vector(d) => VectorTableView { data: &d, theme }.render(inner, buf),
        ViewData::TopWords(d) => TopWordsView { data: &d, theme }.render(inner, buf),
        ViewData::Lines(d) => {
            LinesView { data: &d, theme, scroll: app.lines_scroll, scrollable: app.view.scrolls_lines() }
                .render(inner, buf)
        }
    }
}

fn render_trace(app: &App, theme: Theme, area: Rect, buf: &mut Buffer, wide: bool) {
    let op = app.run.program().op(app.op);
    let inner_width = area.width.saturating_sub(2) as usize;
    let mut lines = vec![Line::from(vec![Span::styled(op.formula.to_string(), theme.highlight())])];
    if wide {
        // room for two lines: the whole trace, broken between steps
        lines.extend(pack_trace(app.shape_trace_segments(), inner_width).into_iter().map(Line::from));
        lines.push(Line::styled(app.op_inputs_text(), theme.dim()));
    } else {
        lines.push(Line::from(fit_trace(app.shape_trace_segments(), inner_width)));
    }
    let title = if wide { strings::TRACE_TITLE.to_string() } else { strings::trace_title_at(&op.where_text()) };
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

/// The lesson, beat and op at the left of the status bar.
fn status_place(app: &App) -> String {
    // op numbers as `trace` prints them: 0 .. len-1
    strings::status_place(&app.lesson.id, app.beat + 1, app.beat_count(), app.op, app.run.program().len() - 1)
}

/// A status message too long for the status line (a write error with its path, say) is shown
/// whole on up to three lines under it, wrapped by width; empty when it fits on the line.
fn status_overflow(app: &App, width: u16) -> Vec<String> {
    let room = (width as usize).saturating_sub(text::width(&status_place(app)) + 1);
    if app.status.is_empty() || text::width(&app.status) <= room {
        return Vec::new();
    }
    let mut lines = text::wrap(&app.status, (width as usize).saturating_sub(2).max(1));
    if lines.len() > 3 {
        lines.truncate(3);
        let last = &lines[2];
        lines[2] = format!("{}…", text::cut(last, (width as usize).saturating_sub(3)));
    }
    lines
}

fn render_status(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let overflow = status_overflow(app, area.width);
    if !overflow.is_empty() {
        let mut lines = vec![Line::styled(status_place(app), theme.accent())];
        lines.extend(overflow.into_iter().map(|l| Line::styled(format!(" {l}"), theme.highlight())));
        Paragraph::new(lines).render(area, buf);
        return;
    }
    let op = app.run.program().op(app.op);
    let short = status_place(app);
    let long = format!("{short}{} ", op.name);
    let width = area.width as usize;
    let fits = |s: &str, right: &str| text::width(s) + text::width(right) < width;
    let (hint, hint_short) = match app.key_mode() {
        crate::app::keymap::Mode::List => (strings::STATUS_HINT_LIST, strings::STATUS_HINT_LIST),
        crate::app::keymap::Mode::Input if app.input_for == InputFor::Sentence => {
            (strings::STATUS_HINT_SENTENCE, strings::STATUS_HINT_SENTENCE)
        }
        crate::app::keymap::Mode::Input => (strings::STATUS_HINT_INPUT, strings::STATUS_HINT_INPUT),
        crate::app::keymap::Mode::Lesson if app.question().is_some() && !app.attempt().is_done() => {
            (strings::STATUS_HINT_QUESTION, strings::STATUS_HINT_QUESTION_SHORT)
        }
        crate::app::keymap::Mode::Lesson => (strings::STATUS_HINT, strings::STATUS_HINT_SHORT),
        crate::app::keymap::Mode::Cell => (strings::STATUS_HINT_CELL.get(), strings::STATUS_HINT_CELL.get()),
    };
    // a message takes the right side; else the fullest hint that fits, the op's name giving way
    // first (the keys that move on must show at 80 columns)
    let (left, right) = if !app.status.is_empty() {
        let left = if fits(&long, &app.status) { long } else { short };
        let room = width.saturating_sub(text::width(&left) + 1);
        let right = text::cut(&app.status, room);
        (left, right)
    } else {
        [(&long, hint), (&short, hint), (&long, hint_short), (&short, hint_short)]
            .into_iter()
            .find(|(l, r)| fits(l, r))
            .map(|(l, r)| (l.clone(), r.to_string()))
            .unwrap_or_else(|| {
                let room = width.saturating_sub(text::width(&short) + 1);
                (short.clone(), text::cut(hint_short, room))
            })
    };
    let pad = (area.width as usize).saturating_sub(text::width(&left) + text::width(&right) + 1);
    let line = Line::from(vec![
        Span::styled(left, theme.accent()),
        Span::raw(" ".repeat(pad)),
        Span::styled(right, if app.status.is_empty() { theme.dim() } else { theme.highlight() }),
    ]);
    Paragraph::new(line).render(area, buf);
}

/// The buffer as plain text, one line per row, trailing spaces trimmed (for `w` and `--print`).
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        let mut skip = 0;
        for x in area.left()..area.right() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let sym = buf[(x, y)].symbol();
            line.push_str(sym);
            skip = text::width(sym).saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

//! The whole screen: lesson prose, the focused tensor's view, the shape trace, the architecture
//! map and the status bar; the help overlay on top; or the too-small screen.

use super::cuts;
use super::help::HelpOverlay;
use super::map::ArchitectureMap;
use super::prose::render_prose;
use super::status_bar::render_status;
use super::tensor_pane::render_tensor;
use super::text;
use super::theme::Theme;
use super::title::fit_title;
use super::too_small::TooSmall;
use super::trace_pane::render_trace;
use crate::app::screenful::present;
use crate::app::{App, Pane, Screen};
use crate::strings;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

pub use super::tensor_pane::{render_variant_view, render_view};
use ratatui::widgets::{Block, Borders, Widget};

/// Draw the app into the frame.
pub fn draw(frame: &mut Frame, app: &App, theme: Theme) {
    render(app, theme, frame.area(), frame.buffer_mut());
}

/// Draw the app into any buffer area (the terminal, a test backend, or `--print`).
pub fn render(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    crate::lang::with(app.lang(), || render_in_language(app, theme, area, buf))
}

fn render_in_language(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    if super::too_small::is_too_small(area) {
        TooSmall.render(area, buf);
        return;
    }
    let screen = present(app, area.width);
    let [main, status] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(screen.status.height())]).areas(area);
    if let Screen::List { cursor } = app.screen() {
        super::lesson_list::LessonList { app, cursor, theme }.render(main, buf);
        render_status(&screen.status, theme, status, buf);
        render_overlays(app, theme, area, buf);
        return;
    }
    let map = ArchitectureMap {
        place: app.run().program().op(app.op()).place,
        n_layers: app.setup().weights.config.n_layers,
        dec_layers: app.setup().weights.config.dec_layers,
        theme,
    };
    let trace_steps_aside = app.cell_col().is_some() || app.what_if().is_some();
    let panes = lesson_panes(main, wide_layout(area), map.height(), trace_steps_aside);
    render_prose(app, theme, panes.prose, buf);
    let dial = app.dial_view();
    if let (Some(dial), Some(map_area)) = (&dial, panes.map) {
        super::dial_pane::render_dial(dial, theme, map_area, buf);
    } else if let Some(map_area) = panes.map {
        let block = pane(app, theme, Pane::Map, strings::MAP_TITLE.into(), map_area);
        map.render(block.inner(map_area), buf);
        block.render(map_area, buf);
    }
    render_tensor(app, theme, panes.tensor, buf);
    // at 80x24 the trace stays (the prose quotes its shapes) except in cell mode and beside a
    // what-if; its title says the training step
    if panes.trace.height > 0 {
        render_trace(app, theme, panes.trace, buf, panes.map.is_some());
    }
    render_status(&screen.status, theme, status, buf);
    render_overlays(app, theme, area, buf);
}

/// The glossary, then the help on top of everything.
fn render_overlays(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    if app.glossary_shown() {
        super::glossary::GlossaryOverlay { theme, first: app.glossary_scroll() }.render(area, buf);
    }
    if app.help_shown() {
        HelpOverlay { theme, first: app.help_scroll() }.render(area, buf);
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

/// The panes of a lesson in `main` (the screen above the status bar). In the compact layout,
/// cell mode gives the shape trace's rows to the cell's derivation, and a what-if to the second
/// model's view (`trace_steps_aside`).
fn lesson_panes(main: Rect, wide: bool, map_height: u16, trace_steps_aside: bool) -> LessonPanes {
    if wide {
        // wide: prose and map on the left, the tensor and its shape trace on the right
        let [left, right] =
            Layout::horizontal([Constraint::Length(main.width * 2 / 5), Constraint::Fill(1)]).areas(main);
        let [prose, map] = Layout::vertical([Constraint::Fill(1), Constraint::Length(map_height + 2)]).areas(left);
        let [tensor, trace] = Layout::vertical([Constraint::Fill(1), Constraint::Length(6)]).areas(right);
        LessonPanes { prose, map: Some(map), tensor, trace }
    } else {
        // compact: prose on top, the tensor in the middle, trace (with the place) at the bottom
        let trace_height = if trace_steps_aside { 0 } else { 4 };
        let [prose, tensor, trace] =
            Layout::vertical([Constraint::Length(8), Constraint::Fill(1), Constraint::Length(trace_height)])
                .areas(main);
        LessonPanes { prose, map: None, tensor, trace }
    }
}

/// How far the lesson text can scroll on a screen of this size (`Action::Fit` keeps
/// `prose_scroll` within it, so ↑ after scrolling past the end moves at once).
pub fn prose_scroll_limit(app: &App, area: Rect) -> u16 {
    let status_height = present(app, area.width).status.height();
    let [main, _] = Layout::vertical([Constraint::Fill(1), Constraint::Length(status_height)]).areas(area);
    let map_height = ArchitectureMap {
        place: app.run().program().op(app.op()).place,
        n_layers: app.setup().weights.config.n_layers,
        dec_layers: app.setup().weights.config.dec_layers,
        theme: Theme::plain(),
    }
    .height();
    super::prose::scroll_limit(app, lesson_panes(main, wide_layout(area), map_height, false).prose)
}

/// A bordered pane, its border lit when it has focus.
pub(super) fn pane(app: &App, theme: Theme, which: Pane, title: String, area: Rect) -> Block<'static> {
    let focused = app.focus() == which;
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

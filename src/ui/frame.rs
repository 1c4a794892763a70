//! The whole screen, drawn from a `Screenful` (`app::screenful::present`): lesson prose, the
//! focused tensor's view, the shape trace, the architecture map or the dial, and the status bar;
//! or the lesson list; the glossary and the help overlay on top; or the too-small screen. The
//! drawing decides nothing: every pane's rect and words are in the `Screenful`.

use super::cuts;
use super::help::HelpOverlay;
use super::lesson_list::render_list;
use super::map::render_side;
use super::prose::render_prose;
use super::status_bar::render_status;
use super::tensor_pane::render_tensor;
use super::text;
use super::theme::Theme;
use super::title::fit_title;
use super::too_small::TooSmall;
use super::trace_pane::render_trace;
use crate::app::App;
use crate::app::screenful::{Body, Screenful, present};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

pub use crate::app::screenful::wide_layout;

/// Present the app and draw it into the frame, in the app's language.
pub fn draw(frame: &mut Frame, app: &App, theme: Theme) {
    draw_app(app, theme, frame.area(), frame.buffer_mut());
}

/// Present the app and draw it into any buffer area (a test backend, or `--print`), in the
/// app's language.
pub fn draw_app(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    render(&present(app, app.lang(), theme, area), theme, area, buf);
}

/// Draw a frame's plain data into `area` of `buf` (the area it was presented for). The views'
/// and overlays' own words are in the screen's language.
pub fn render(screen: &Screenful, theme: Theme, area: Rect, buf: &mut Buffer) {
    crate::lang::with(screen.lang, || render_in(screen, theme, area, buf));
}

fn render_in(screen: &Screenful, theme: Theme, area: Rect, buf: &mut Buffer) {
    match &screen.body {
        Body::TooSmall(text) => return TooSmall { text }.render(area, buf),
        Body::List(list) => render_list(list, theme, buf),
        Body::Lesson(lesson) => {
            render_prose(&lesson.prose, theme, buf);
            if let Some(side) = &lesson.side {
                render_side(side, theme, buf);
            }
            render_tensor(&lesson.tensor, theme, buf);
            if let Some(trace) = &lesson.trace {
                render_trace(trace, theme, buf);
            }
        }
    }
    render_status(&screen.status, theme, screen.status_area, buf);
    // the glossary, then the help on top of everything
    if let Some(shown) = &screen.glossary {
        super::glossary::GlossaryOverlay { theme, shown }.render(area, buf);
    }
    if let Some(first) = screen.help {
        HelpOverlay { theme, first }.render(area, buf);
    }
}

/// How far the lesson text can scroll on a screen of this size (`Action::Fit` keeps
/// `prose_scroll` within it, so ↑ after scrolling past the end moves at once).
pub fn prose_scroll_limit(app: &App, area: Rect) -> u16 {
    present(app, app.lang(), Theme::plain(), area).prose_scroll_limit
}

/// A bordered pane, its border lit when it has focus.
pub(super) fn pane(focused: bool, theme: Theme, title: String, area: Rect) -> Block<'static> {
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

//! One frame as plain data, built from the state, a language, a theme and the screen's area by
//! `present`: the layout's rects, every pane's words and styled lines already wrapped and
//! ordered, the view data the tensor pane draws (shared with the app's cache, not copied), the
//! overlays' visibility and scroll, and the status bar. The ui draws a `Screenful` and decides
//! nothing; holding lines and styles is data, drawing them (`Widget::render`) is the ui's.

mod code;
mod glossary;
mod layout;
mod lines_fold;
mod lines_plan;
mod lines_wrap;
mod list;
mod prose;
mod reveal;
mod side;
mod tensor;
mod title;
mod trace;
mod whatif;
pub mod wrap;

pub use glossary::{GlossaryShown, glossary_first};
pub use layout::{MIN_HEIGHT, MIN_WIDTH, is_too_small, wide_layout};
pub use lines_plan::{LinesPlan, LinesScroll, lines_plan};
pub use list::ListPane;
pub use prose::ProsePane;
pub use reveal::Reveal;
pub use side::SidePane;
pub use tensor::{Piece, Shown, TensorPane};
pub use title::{cut_at_word, prose_title, short_lesson_title};
pub use trace::TracePane;

use super::state::App;
use super::status_line::StatusLine;
use super::theme::Theme;
use super::view_state::Screen;
use crate::lang::Lang;
use ratatui::layout::{Constraint, Layout, Rect};

/// What one frame shows.
#[derive(Debug, Clone)]
pub struct Screenful {
    /// The whole screen it was built for.
    pub area: Rect,
    /// The language its words are in (the ui draws the views' and overlays' words in it too).
    pub lang: Lang,
    /// Above the status bar: the lesson's panes, the lesson list, or "please enlarge".
    pub body: Body,
    /// The bottom rows: where the learner is, and a message or the key hints.
    pub status: StatusLine,
    pub status_area: Rect,
    /// The glossary overlay, when it is shown: its terms' window, the selected term and its code.
    pub glossary: Option<GlossaryShown>,
    /// The help overlay's first line, when it is shown (drawn over the glossary).
    pub help: Option<usize>,
    /// The wide layout, with the architecture map (or the dial) beside the prose.
    pub wide: bool,
    /// The furthest the lesson text scrolls on this screen: its last line at the bottom of its
    /// pane (measured from the same wrapped lines the prose pane holds).
    pub prose_scroll_limit: u16,
}

/// What is drawn above the status bar.
#[derive(Debug, Clone)]
pub enum Body {
    /// A screen below `MIN_WIDTH` x `MIN_HEIGHT`: only this text, centred (no status bar).
    TooSmall(String),
    List(ListPane),
    Lesson(Box<LessonScreen>),
}

/// A lesson's panes.
#[derive(Debug, Clone)]
pub struct LessonScreen {
    pub prose: ProsePane,
    /// The architecture map or the training dial (only in the wide layout).
    pub side: Option<SidePane>,
    pub tensor: TensorPane,
    /// None when the compact layout gives its rows to cell mode or a what-if; the code pane
    /// (`p`) in its place when that is shown.
    pub trace: Option<TracePane>,
}

/// The frame `app` shows on `area` in `lang`, styled with `theme`. Each call wraps the prose
/// once; the tutor builds one per frame (`tui/tutor.rs`: built for `Action::Fit`, built again
/// only when the fit moved a scroll position).
pub fn present(app: &App, lang: Lang, theme: Theme, area: Rect) -> Screenful {
    crate::lang::with(lang, || build(app, lang, theme, area))
}

fn build(app: &App, lang: Lang, theme: Theme, area: Rect) -> Screenful {
    let status = StatusLine::of(app, area.width);
    let [main, status_area] = Layout::vertical([Constraint::Fill(1), Constraint::Length(status.height())]).areas(area);
    let wide = wide_layout(area);
    let config = &app.setup().weights.config;
    let map_height = side::map_height(config.n_layers, config.dec_layers);
    let trace_steps_aside = app.cell_col().is_some() || app.what_if().is_some();
    let second_trace = wide && app.variant_trace_segments().is_some();
    // the code pane (`p`) takes the trace's place, as many rows as its lines need, within limits
    let code = app.code_shown().then(|| code::CodeLines::of(app, theme, wide));
    let code_rows = code.as_ref().map(|c| c.height(layout::trace_inner_width(main, wide)));
    let panes = layout::lesson_panes(main, wide, map_height, trace_steps_aside, second_trace, code_rows);
    // the text is wrapped once: the pane drawn and the scroll limit the fit keeps
    let prose = ProsePane::of(app, theme, panes.prose);
    let prose_scroll_limit = prose.scroll_limit;
    let body = if is_too_small(area) {
        Body::TooSmall(crate::strings::too_small(area.width, area.height, MIN_WIDTH, MIN_HEIGHT))
    } else if let Screen::List { cursor } = app.screen() {
        Body::List(ListPane::of(app, cursor, theme, main))
    } else {
        Body::Lesson(Box::new(LessonScreen {
            prose,
            side: panes.map.map(|area| SidePane::of(app, theme, area)),
            tensor: TensorPane::of(app, theme, panes.tensor),
            // at 80x24 the trace stays (the prose quotes its shapes) except in cell mode and
            // beside a what-if; its title says the training step
            trace: match code {
                Some(code) => Some(code.pane(app, panes.trace)),
                None => (panes.trace.height > 0).then(|| TracePane::of(app, theme, panes.trace, wide)),
            },
        }))
    };
    Screenful {
        area,
        lang,
        body,
        status,
        status_area,
        glossary: app.glossary_shown().then(|| GlossaryShown::of(app, theme, area)),
        help: app.help_shown().then(|| app.help_scroll()),
        wide,
        prose_scroll_limit,
    }
}

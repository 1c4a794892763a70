//! The glossary overlay as data (`T`): the window of terms, the selected one, and its code as this
//! run computes it: the lines of the op kind glossary.toml names for the term, at the op of that
//! kind nearest the focused one (the lines the code pane, `p`, shows there). The ui draws the
//! table of terms and these lines.

use super::code::wrap_code;
use crate::app::state::App;
use crate::app::theme::Theme;
use crate::code::{self, Lib};
use crate::lesson::glossary::{Glossary, Term};
use crate::model::config::PositionLayout;
use crate::strings;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// The glossary overlay of one frame.
#[derive(Debug, Clone)]
pub struct GlossaryShown {
    /// The first term shown (the ui keeps `selected` in view: `glossary_first`).
    pub first: usize,
    /// The selected term, marked ▶, whose code follows the table.
    pub selected: usize,
    /// The selected term's code, wrapped to the screen: which op and what it computes, then the
    /// lines and the shape; empty for a term no one op computes (an encoder is many).
    pub code: Vec<Line<'static>>,
    /// The rows kept for the code whichever term is selected (the most any term's code takes
    /// here), so that the window of terms keeps its size while the selection moves.
    pub code_rows: usize,
}

impl GlossaryShown {
    pub(super) fn of(app: &App, theme: Theme, area: Rect) -> GlossaryShown {
        let terms = &Glossary::built_in().terms;
        let selected = app.glossary_term().min(terms.len().saturating_sub(1));
        let width = usize::from(area.width.saturating_sub(4)).max(20);
        // at most a third of the room, at least the op, a line of code and the shape
        let most = (usize::from(area.height.saturating_sub(5)) / 3).max(3);
        let rows = |t: &Term| code_rows(app, t, width, most);
        let code_rows = terms.iter().map(|t| rows(t).len()).max().unwrap_or(0);
        let code = rows(&terms[selected])
            .into_iter()
            .map(|(text, is_code)| Line::styled(text, if is_code { theme.highlight() } else { theme.dim() }))
            .collect();
        GlossaryShown { first: app.glossary_scroll(), selected, code, code_rows }
    }
}

/// The first term shown: `first` moved as little as keeps `selected` among the `rows` shown, and
/// no further than `limit` (the last term at the bottom).
pub fn glossary_first(first: usize, selected: usize, rows: usize, limit: usize) -> usize {
    let rows = rows.max(1);
    let first = if selected < first {
        selected
    } else if selected >= first + rows {
        selected + 1 - rows
    } else {
        first
    };
    first.min(limit)
}

/// The rows of `term`'s code (each with whether it is code or a comment), wrapped to `width`, at
/// most `most`: when the lines do not fit, their first ones give way to `…`, as in the code pane.
fn code_rows(app: &App, term: &Term, width: usize, most: usize) -> Vec<(String, bool)> {
    let Some(kind) = term.op else { return Vec::new() };
    let run = app.run();
    let (program, weights) = (run.program(), run.weights());
    let wrapped = |text: String, is_code: bool| wrap_code(&text, width).into_iter().map(move |l| (l, is_code));
    let Some(index) = code::op_of_kind(program, weights, kind, app.op()) else {
        return wrapped(format!("# {}", strings::glossary_code_elsewhere(kind)), false).collect();
    };
    let op = program.op(index);
    let snippet = code::snippet(program, weights, index, Lib::Torch);
    let halves = weights.config.conventions.positions == PositionLayout::Halves;
    let comment = strings::code_comment(op, halves, code::tied_output(weights));
    let head: Vec<(String, bool)> = wrapped(format!("# {}: {comment}", op.name), false).collect();
    let mut lines: Vec<(String, bool)> =
        snippet.lines.iter().flat_map(|l| wrapped(app.code_withheld(l), true)).collect();
    lines.extend(wrapped(app.code_withheld(&format!("# {}", snippet.shape)), false));
    let room = most.saturating_sub(head.len()).max(2);
    if lines.len() > room {
        lines.drain(..lines.len() + 1 - room);
        lines.insert(0, ("…".to_string(), true));
    }
    head.into_iter().chain(lines).collect()
}

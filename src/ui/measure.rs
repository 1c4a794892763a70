//! The room a screen of a given size gives the state on it: the input `update` keeps the scroll
//! positions within (`Action::Fit`). The lesson text's limit and the layout come from the
//! `Screenful` `present` built (the prose wrapped once, for the fit and the draw); the overlays'
//! limits depend on the size alone. Measuring reads and changes nothing.

use super::theme::Theme;
use super::views::softmax_rows;
use super::{glossary, help};
use crate::app::screenful::{Body, Piece, Screenful, present};
use crate::app::view_data::ViewData;
use crate::app::{App, Fit};
use crate::lesson::facts::PaneLayout;
use ratatui::layout::Rect;

/// What a screen of `area` has room for, with the app as it is now (presented in the app's
/// language).
pub fn measure(app: &App, area: Rect) -> Fit {
    fit(&present(app, app.lang(), Theme::plain(), area))
}

/// What the screen `screen` was presented for has room for.
pub fn fit(screen: &Screenful) -> Fit {
    // the rows the glossary overlay keeps for its selected term's code
    let code_rows = screen.glossary.as_ref().map_or(0, |g| g.code_rows);
    crate::lang::with(screen.lang, || Fit {
        map_shown: screen.wide,
        prose_scroll: screen.prose_scroll_limit,
        glossary_scroll: glossary::scroll_limit(screen.area, code_rows),
        glossary_rows: glossary::terms_shown(
            screen.area,
            crate::lesson::glossary::Glossary::built_in().terms.len(),
            code_rows,
        ),
        help_scroll: help::scroll_limit(screen.area),
        lines_first: lines_first(screen),
        layout: layout(screen),
    })
}

/// Where the frame draws the view (beside the prose or below it) and a what-if's taught model
/// (beside its variant or above it).
fn layout(screen: &Screenful) -> PaneLayout {
    let Body::Lesson(lesson) = &screen.body else { return PaneLayout::WIDE };
    let view_right = lesson.tensor.area.x >= lesson.prose.area.right();
    let views: Vec<(Rect, &ViewData)> = lesson
        .tensor
        .pieces
        .iter()
        .filter_map(|p| if let Piece::View { area, shown, .. } = p { Some((*area, shown.data())) } else { None })
        .collect();
    let taught_left = match views.as_slice() {
        // one softmax view holding both runs' rows draws the taught model's on the left
        [(area, ViewData::Softmax(d))] => softmax_rows::taught_left(d, *area),
        [(taught, _), (variant, _), ..] => variant.x >= taught.right(),
        _ => false,
    };
    PaneLayout { view_right, taught_left }
}

/// The first row the tensor pane's text view draws, when it has one (as the frame planned it).
fn lines_first(screen: &Screenful) -> Option<usize> {
    let Body::Lesson(lesson) = &screen.body else { return None };
    lesson.tensor.pieces.iter().find_map(|piece| match piece {
        Piece::View { lines: Some(plan), .. } => Some(plan.first),
        _ => None,
    })
}

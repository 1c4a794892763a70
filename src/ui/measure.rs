//! The room a screen of a given size gives the state on it, measured as the widgets lay it out:
//! the input `update` keeps the scroll positions within (`Action::Fit`). Measuring reads the
//! app and changes nothing.

use super::{frame, glossary, help};
use crate::app::{App, Fit};
use ratatui::layout::Rect;

/// What a screen of `area` has room for, with the app as it is now.
pub fn measure(app: &App, area: Rect) -> Fit {
    crate::lang::with(app.lang(), || Fit {
        map_shown: frame::wide_layout(area),
        prose_scroll: frame::prose_scroll_limit(app, area),
        glossary_scroll: glossary::scroll_limit(area),
        help_scroll: help::scroll_limit(area),
    })
}

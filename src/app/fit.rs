//! What the screen about to be drawn has room for: whether it shows the architecture map, and
//! how far each text that scrolls can go. The ui reads it from the frame `present` built for the
//! terminal's size (`ui::fit`; `ui::measure` presents and reads); the terminal loop hands it to `update` as `Action::Fit` before every
//! frame, so the scroll positions drawn are already within it and drawing changes nothing.

use super::state::App;

/// The room a screen of some size gives the state now on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fit {
    /// The wide layout, with the architecture map (Tab skips the map when it is not shown).
    pub map_shown: bool,
    /// The furthest the lesson text scrolls: its last line at the bottom of its pane.
    pub prose_scroll: u16,
    /// The furthest the glossary overlay scrolls.
    pub glossary_scroll: usize,
    /// How many terms the glossary overlay shows at once (its selected term is kept among them).
    pub glossary_rows: usize,
    /// The furthest the help overlay scrolls.
    pub help_scroll: usize,
    /// The first line the text view draws while it follows the beat (its `reveal`), so that ↑/↓
    /// move on from what the learner sees; None when no text view is drawn.
    pub lines_first: Option<usize>,
    /// Where the view and a what-if's taught model are drawn (`{where …}` in the prose).
    pub layout: crate::lesson::facts::PaneLayout,
}

impl App {
    /// Word `{where …}` as `--print` lays a beat out: the view below its text.
    pub fn lay_out_as_printed(&mut self) {
        self.view.layout =
            crate::lesson::facts::PaneLayout { view_right: false, ..crate::lesson::facts::PaneLayout::WIDE };
        self.refresh_beat_text();
    }

    /// Keep the scroll positions within what the screen shows (so ↑ after scrolling past the
    /// end moves at once), and remember whether the map is on it.
    pub(super) fn fit(&mut self, fit: Fit) {
        self.view.map_shown = fit.map_shown;
        // the prose's words follow the layout (the beat's words are filled in again on a change)
        if self.view.layout != fit.layout {
            self.view.layout = fit.layout;
            self.refresh_beat_text();
        }
        self.view.prose_scroll = self.view.prose_scroll.min(fit.prose_scroll);
        self.view.glossary_scroll = super::screenful::glossary_first(
            self.view.glossary_scroll,
            self.view.glossary_term,
            fit.glossary_rows,
            fit.glossary_scroll,
        );
        self.view.help_scroll = self.view.help_scroll.min(fit.help_scroll);
        if self.view.lines_follow
            && let Some(first) = fit.lines_first
        {
            self.view.lines_scroll = first;
        }
    }
}

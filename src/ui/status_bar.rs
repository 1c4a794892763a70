//! The status bar: draws the `StatusLine` the app presents (where the learner is, and a message
//! or the key hints that apply now), in the theme's styles; what it says is decided there.

use super::text;
use super::theme::Theme;
use crate::app::status_line::StatusLine;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub(super) fn render_status(status: &StatusLine, theme: Theme, area: Rect, buf: &mut Buffer) {
    match status {
        StatusLine::Overflow { place, lines } => {
            let mut shown = vec![Line::styled(place.clone(), theme.accent())];
            shown.extend(lines.iter().map(|l| Line::styled(format!(" {l}"), theme.highlight())));
            Paragraph::new(shown).render(area, buf);
        }
        StatusLine::Line { left, right, message } => {
            let pad = (area.width as usize).saturating_sub(text::width(left) + text::width(right) + 1);
            let line = Line::from(vec![
                Span::styled(left.clone(), theme.accent()),
                Span::raw(" ".repeat(pad)),
                Span::styled(right.clone(), if *message { theme.highlight() } else { theme.dim() }),
            ]);
            Paragraph::new(line).render(area, buf);
        }
    }
}

//! The lesson list (`L`, and at start): every lesson in the notes' order with where the learner
//! stands in it, like rustlings' list. j/k move the cursor; Enter opens.

use super::text::{pad, width};
use super::theme::Theme;
use crate::app::App;
use crate::progress::Status;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub struct LessonList<'a> {
    pub app: &'a App,
    pub cursor: usize,
    pub theme: Theme,
}

impl Widget for LessonList<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let lessons = &self.app.lessons;
        let id_w = lessons.iter().map(|l| width(&l.id)).max().unwrap_or(0);
        let mut lines: Vec<Line> = Vec::new();
        for (i, l) in lessons.iter().enumerate() {
            let (status, style) = match self.app.lesson_status(i) {
                Status::Done => (strings::LIST_DONE.to_string(), t.good()),
                Status::InProgress { seen } => (strings::list_in_progress(seen, l.beats.len()), t.accent()),
                Status::NotStarted => (strings::LIST_NOT_STARTED.to_string(), t.dim()),
            };
            let selected = i == self.cursor;
            let mark = if selected { "▶ " } else { "  " };
            let name_style = if selected { t.highlight() } else { ratatui::style::Style::new() };
            lines.push(Line::from(vec![
                Span::styled(mark, t.highlight()),
                Span::styled(format!("{:>2}. ", l.order), t.dim()),
                Span::styled(pad(&l.id, id_w + 2), name_style),
                Span::styled(pad(&status, 12), style),
                Span::styled(pad(&strings::list_beats(l.beats.len()), 10), t.dim()),
                Span::styled(l.title.clone(), name_style),
            ]));
        }
        lines.push(Line::from(""));
        if let Some(l) = lessons.get(self.cursor) {
            lines.push(Line::styled(l.summary.clone(), t.dim()));
        }
        lines.push(Line::styled(strings::LIST_FOOTER, t.dim()));
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(Span::styled(strings::LIST_TITLE, t.title())))
            .render(area, buf);
    }
}

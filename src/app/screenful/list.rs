//! The lesson list (`L`, and at start) as data: every lesson in the notes' order with where the
//! learner stands in it, like rustlings' list. j/k move the cursor; Enter opens.

use crate::app::state::App;
use crate::app::theme::Theme;
use crate::progress::{Status, question_beats};
use crate::strings;
use crate::text::{fit, pad, width};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The lesson list, ready to draw in a bordered pane.
#[derive(Debug, Clone)]
pub struct ListPane {
    pub area: Rect,
    pub title: String,
    /// A row per lesson, then the cursor's lesson whole, and the keys.
    pub lines: Vec<Line<'static>>,
}

impl ListPane {
    /// The list in `area` (the screen above the status bar), the cursor on lesson `cursor`.
    pub(super) fn of(app: &App, cursor: usize, theme: Theme, area: Rect) -> ListPane {
        ListPane { area, title: strings::LIST_TITLE.to_string(), lines: lines(app, cursor, theme, area) }
    }
}

fn lines(app: &App, cursor: usize, theme: Theme, area: Rect) -> Vec<Line<'static>> {
    let t = theme;
    let lessons = &app.lessons();
    let id_w = lessons.iter().map(|l| width(&l.id)).max().unwrap_or(0);
    let questions: Vec<usize> = lessons.iter().map(|l| question_beats(l).len()).collect();
    // the questions column, as wide as its widest entry (0 when no lesson asks any)
    let q_w =
        questions.iter().filter(|&&n| n > 0).map(|&n| width(&strings::list_questions(n, n)) + 2).max().unwrap_or(0);
    // the beats column only where it leaves a title room (80 columns: "3/8 seen" says enough)
    let fixed = 2 + 4 + id_w + 2 + 12 + q_w;
    let beats_w = if fixed + 10 + 40 <= area.width.saturating_sub(2) as usize { 10 } else { 0 };
    let title_w = (area.width.saturating_sub(2) as usize).saturating_sub(fixed + beats_w);
    let mut lines: Vec<Line> = Vec::new();
    for (i, l) in lessons.iter().enumerate() {
        let (status, style, answered) = match app.lesson_status(i) {
            Status::Done => (strings::LIST_DONE.to_string(), t.good(), questions[i]),
            Status::InProgress { seen, answered } => {
                (strings::list_in_progress(seen, l.beats.len()), t.accent(), answered)
            }
            Status::NotStarted => (strings::LIST_NOT_STARTED.to_string(), t.dim(), 0),
        };
        let asked = match questions[i] {
            0 => String::new(),
            n => strings::list_questions(answered, n),
        };
        let selected = i == cursor;
        let mark = if selected { "▶ " } else { "  " };
        let name_style = if selected { t.highlight() } else { ratatui::style::Style::new() };
        lines.push(Line::from(vec![
            Span::styled(mark, t.highlight()),
            // lessons numbered 1..N in list order (`order` sorts them; one may teach two ideas)
            Span::styled(format!("{:>2}. ", i + 1), t.dim()),
            Span::styled(pad(&l.id, id_w + 2), name_style),
            Span::styled(pad(&status, 12), style),
            Span::styled(
                if beats_w > 0 { pad(&strings::list_beats(l.beats.len()), beats_w) } else { String::new() },
                t.dim(),
            ),
            Span::styled(pad(&asked, q_w), if answered == questions[i] { style } else { t.dim() }),
            // a title longer than its room ends in … (the cursor's is written whole under the list)
            Span::styled(fit(l.title_in(crate::lang::current()), title_w), name_style),
        ]));
    }
    lines.push(Line::from(""));
    if let Some(l) = lessons.get(cursor) {
        let title = l.title_in(crate::lang::current());
        if width(title) > title_w {
            lines.push(Line::styled(title.to_string(), t.highlight()));
        }
        lines.push(Line::styled(l.summary_in(crate::lang::current()).to_string(), t.dim()));
        if let Some(ideas) = strings::lesson_ideas(&l.ideas) {
            lines.push(Line::styled(ideas, t.dim()));
        }
    }
    lines.push(Line::styled(strings::LIST_FOOTER, t.dim()));
    lines
}

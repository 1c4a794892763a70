//! The `T` overlay: every term the lessons teach, in this language and the other, with the note
//! that explains it and the lesson that teaches it (the glossary; `--glossary` prints it whole),
//! and below them the selected term's code as this run computes it. A screen too short for every
//! term shows a window of them; ↑/↓ and PgUp/PgDn move the selection, and the window follows.

use super::text::{pad, width};
use super::theme::{SELECTED_MARK, Theme};
use crate::app::screenful::{GlossaryShown, glossary_first};
use crate::lang::current;
use crate::lesson::glossary::Glossary;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub struct GlossaryOverlay<'a> {
    pub theme: Theme,
    /// The window, the selected term and its code (`present`'s).
    pub shown: &'a GlossaryShown,
}

/// How many terms fit on a screen of `area`'s height: between the borders, the two footer lines,
/// the rows kept for the selected term's code and, when some do not fit, a line counting them.
pub fn terms_shown(area: Rect, terms: usize, code_rows: usize) -> usize {
    let room = usize::from(area.height.saturating_sub(5)).saturating_sub(code_rows).max(1);
    super::popup::window(room, terms)
}

/// The furthest the overlay scrolls on a screen of this size: the last term at the bottom.
pub fn scroll_limit(area: Rect, code_rows: usize) -> usize {
    let terms = Glossary::built_in().terms.len();
    terms - terms_shown(area, terms, code_rows).min(terms)
}

impl Widget for GlossaryOverlay<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let glossary = Glossary::built_in();
        let lang = current();
        let rows: Vec<[String; 4]> = glossary
            .terms
            .iter()
            .map(|t| {
                let (this, other) = (t.name(lang).to_string(), t.name(lang.gloss()).to_string());
                [this, other, strings::note_ref(&t.note, t.named), t.lesson.clone()]
            })
            .collect();
        let w: Vec<usize> = (0..4).map(|c| rows.iter().map(|r| width(&r[c])).max().unwrap_or(0)).collect();
        let footers = [width(&strings::GLOSSARY_FOOTER), width(&strings::GLOSSARY_UNNAMED)];
        let code_width = self.shown.code.iter().map(Line::width).max().unwrap_or(0);
        let popup_width = (w.iter().sum::<usize>() + 10)
            .max(footers[0].max(footers[1]) + 2)
            .max(code_width + 3)
            .min(area.width.into());
        let code_rows = self.shown.code_rows;
        let shown = terms_shown(area, rows.len(), code_rows);
        let limit = rows.len() - shown;
        let first = glossary_first(self.shown.first, self.shown.selected, shown, limit);
        let cut = shown < rows.len();
        let height = (shown + usize::from(cut) + 4 + code_rows) as u16;
        let [popup] = Layout::horizontal([Constraint::Length(popup_width as u16)]).flex(Flex::Center).areas(area);
        let [popup] = Layout::vertical([Constraint::Length(height)]).flex(Flex::Center).areas(popup);
        super::popup::clear(popup, buf);
        let mut lines: Vec<Line> = rows[first..first + shown]
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mark = if first + i == self.shown.selected { SELECTED_MARK } else { " " };
                Line::from(vec![
                    Span::styled(format!("{mark}{}  ", pad(&r[0], w[0])), self.theme.highlight()),
                    Span::raw(format!("{}  ", pad(&r[1], w[1]))),
                    Span::styled(format!("{}  ", pad(&r[2], w[2])), self.theme.dim()),
                    Span::styled(r[3].clone(), self.theme.dim()),
                ])
            })
            .collect();
        if cut {
            let below = rows.len() - first - shown;
            lines.push(Line::styled(strings::glossary_more(first, below), self.theme.dim()));
        }
        lines.extend(self.shown.code.iter().map(|l| {
            let mut l = l.clone();
            l.spans.insert(0, Span::raw(" "));
            l
        }));
        lines.extend((self.shown.code.len()..code_rows).map(|_| Line::raw("")));
        lines.push(Line::styled(strings::GLOSSARY_UNNAMED, self.theme.dim()));
        lines.push(Line::styled(strings::GLOSSARY_FOOTER, self.theme.dim()));
        Paragraph::new(lines)
            .block(
                Block::default().borders(Borders::ALL).title(Span::styled(strings::GLOSSARY_TITLE, self.theme.title())),
            )
            .render(popup, buf);
    }
}

//! The `T` overlay: every term the lessons teach, in this language and the other, with the note
//! that explains it (the glossary; `--glossary` prints it whole).

use super::text::{pad, width};
use super::theme::Theme;
use crate::lang::current;
use crate::lesson::glossary::Glossary;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub struct GlossaryOverlay {
    pub theme: Theme,
}

impl Widget for GlossaryOverlay {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let glossary = Glossary::built_in();
        let lang = current();
        let rows: Vec<[String; 3]> = glossary
            .terms
            .iter()
            .map(|t| [t.name(lang).to_string(), t.name(lang.other()).to_string(), strings::note_ref(&t.note)])
            .collect();
        let w: Vec<usize> = (0..3).map(|c| rows.iter().map(|r| width(&r[c])).max().unwrap_or(0)).collect();
        let popup_width = (w[0] + w[1] + w[2] + 8).max(width(&strings::GLOSSARY_FOOTER) + 2) as u16;
        // the terms that fit between the borders, the footer and a line for "… N more"
        let room = usize::from(area.height.saturating_sub(4));
        let shown = if rows.len() <= room { rows.len() } else { room.saturating_sub(1) };
        let height = (shown + usize::from(shown < rows.len()) + 3) as u16;
        let [popup] = Layout::horizontal([Constraint::Length(popup_width)]).flex(Flex::Center).areas(area);
        let [popup] = Layout::vertical([Constraint::Length(height)]).flex(Flex::Center).areas(popup);
        super::popup::clear(popup, buf);
        let mut lines: Vec<Line> = rows[..shown]
            .iter()
            .map(|r| {
                Line::from(vec![
                    Span::styled(format!(" {}  ", pad(&r[0], w[0])), self.theme.highlight()),
                    Span::raw(format!("{}  ", pad(&r[1], w[1]))),
                    Span::styled(r[2].clone(), self.theme.dim()),
                ])
            })
            .collect();
        if shown < rows.len() {
            lines.push(Line::styled(strings::glossary_more(rows.len() - shown), self.theme.dim()));
        }
        lines.push(Line::styled(strings::GLOSSARY_FOOTER, self.theme.dim()));
        Paragraph::new(lines)
            .block(
                Block::default().borders(Borders::ALL).title(Span::styled(strings::GLOSSARY_TITLE, self.theme.title())),
            )
            .render(popup, buf);
    }
}

//! Views made of text lines (tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode): each
//! piece drawn in its role's style, clipped at the right edge; lines that do not fit are counted.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::common::{Pen, more};
use crate::app::view_data::{LinesData, Role};
use crate::ui::theme::Theme;

pub struct LinesView<'a> {
    pub data: &'a LinesData,
    pub theme: Theme,
}

impl LinesView<'_> {
    fn style(&self, role: Role) -> Style {
        let t = self.theme;
        match role {
            Role::Plain => Style::new(),
            Role::Dim => t.dim(),
            Role::Title => t.title(),
            Role::Strong => t.highlight(),
            Role::Accent | Role::Bar => t.accent(),
            Role::Good => t.good(),
            Role::Bad => t.bad(),
        }
    }
}

impl Widget for LinesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut pen = Pen::new(buf, area);
        let height = area.height as usize;
        let lines = &self.data.lines;
        // the last visible line says how many more there are, when they do not all fit
        let shown = if lines.len() <= height { lines.len() } else { height.saturating_sub(1) };
        for (y, line) in lines.iter().take(shown).enumerate() {
            let mut x = 0;
            for piece in line {
                x = pen.put(x, y, &piece.text, self.style(piece.role));
            }
        }
        if shown < lines.len() {
            pen.put(0, shown, &more(0, lines.len() - shown, "lines"), self.theme.dim());
        }
    }
}

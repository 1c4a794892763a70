//! Views made of text lines (tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode): the
//! rows the frame planned (`app::screenful::LinesPlan`: the lines broken to the pane's width,
//! scrolled or folded to what the beat names, with the notes of the rows not shown), each piece
//! drawn in its role's style.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::common::{Pen, bar};
use crate::app::screenful::LinesPlan;
use crate::app::view_data::{Piece, Role};
use crate::ui::theme::Theme;

pub struct LinesView<'a> {
    pub plan: &'a LinesPlan,
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
            Role::Accent | Role::Bar { .. } => t.accent(),
            Role::Good => t.good(),
            Role::Bad => t.bad(),
        }
    }

    fn draw_row(&self, pen: &mut Pen, y: usize, row: &[Piece]) {
        let mut x = 0;
        for piece in row {
            x = match piece.role {
                Role::Bar { fraction, cells } => {
                    pen.put(x, y, &bar(fraction, cells, false), self.style(piece.role));
                    x + cells
                }
                role => pen.put(x, y, &piece.text, self.style(role)),
            };
        }
    }
}

impl Widget for LinesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut pen = Pen::new(buf, area);
        for (y, row) in self.plan.rows.iter().enumerate() {
            self.draw_row(&mut pen, y, row);
        }
    }
}

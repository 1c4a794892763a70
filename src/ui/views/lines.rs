//! Views made of text lines (tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode): each
//! piece drawn in its role's style; a line wider than the pane is broken into rows (`lines_wrap`);
//! rows that do not fit are counted, and ↑/↓ scroll them (`scroll`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::common::{Pen, bar};
use super::lines_wrap::wrap_pieces;
use crate::app::view_data::{LinesData, Piece, Role};
use crate::strings::{self, more};
use crate::ui::theme::Theme;

pub struct LinesView<'a> {
    pub data: &'a LinesData,
    pub theme: Theme,
    /// The first line to show (↑/↓ scroll); kept within the lines.
    pub scroll: usize,
    /// Whether ↑/↓ scroll this view (else they choose its row, and the hint does not offer them).
    pub scrollable: bool,
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
}

impl Widget for LinesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut pen = Pen::new(buf, area);
        let height = area.height as usize;
        if height == 0 {
            return;
        }
        // a line wider than the pane takes more rows (scrolling counts rows)
        let lines: Vec<Vec<Piece>> = self.data.lines.iter().flat_map(|line| wrap_pieces(line, pen.width())).collect();
        // scroll no further than where the last line shows; say what is hidden above and below
        let first = if lines.len() <= height { 0 } else { self.scroll.min(lines.len() - height + 1) };
        let mut y = 0;
        if first > 0 {
            pen.put(0, 0, &more(first, 0, strings::LINES.get()), self.theme.dim());
            y = 1;
        }
        let room = height - y;
        let rest = lines.len() - first;
        let shown = if rest <= room { rest } else { room.saturating_sub(1) };
        for line in &lines[first..first + shown] {
            let mut x = 0;
            for piece in line {
                x = match piece.role {
                    Role::Bar { fraction, cells } => {
                        pen.put(x, y, &bar(fraction, cells, false), self.style(piece.role));
                        x + cells
                    }
                    role => pen.put(x, y, &piece.text, self.style(role)),
                };
            }
            y += 1;
        }
        if shown < rest {
            let below = more(0, rest - shown, strings::LINES.get());
            let note = if self.scrollable { strings::more_below_scroll(&below) } else { below };
            pen.put(0, y, &note, self.theme.dim());
        }
    }
}

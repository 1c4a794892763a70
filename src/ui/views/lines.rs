//! Views made of text lines (tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode): each
//! piece drawn in its role's style; a line wider than the pane is broken into rows (`lines_wrap`);
//! rows that do not fit are counted, and ↑/↓ scroll them (`scroll`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::LinesScroll;
use super::common::{Pen, bar};
use super::lines_fold::{Folded, Lines, fold};
use super::lines_wrap::wrap_pieces;
use crate::app::view_data::{LinesData, Piece, Role};
use crate::strings::{self, more};
use crate::ui::theme::Theme;

pub struct LinesView<'a> {
    pub data: &'a LinesData,
    pub theme: Theme,
    /// The first line to show (↑/↓ scroll; kept within the lines), or the lines to reveal;
    /// whether ↑/↓ scroll this view (else they choose its row, and the hint does not offer them).
    pub scroll: LinesScroll<'a>,
}

/// The rows the lines of `data` take in a pane `width` columns wide, each line's first row.
fn rows(data: &LinesData, width: usize) -> (Vec<Vec<Piece>>, Vec<usize>) {
    let mut rows = Vec::new();
    let mut starts = Vec::new();
    for line in &data.lines {
        starts.push(rows.len());
        rows.extend(wrap_pieces(line, width));
    }
    (rows, starts)
}

/// The first row a text view draws in a pane of `area`: `scroll.first`, kept within the rows; or,
/// when it reveals lines, the first row from which the weights of the lines wholly inside the pane
/// (below the note of the rows above, above the note of the rows below) add up most, the
/// topmost of equals; a section a line heads counts double when all of it is inside. When it
/// opens folded (`lines_fold`), the first row of its heaviest line: ↑/↓ scroll on from there.
pub fn first_row(data: &LinesData, area: Rect, scroll: LinesScroll) -> usize {
    let (rows, starts) = rows(data, area.width as usize);
    match plan(data, &rows, &starts, area.height as usize, scroll) {
        Drawn::Window(first) => first,
        Drawn::Fold(_) => {
            let heaviest = scroll.reveal.iter().max_by_key(|r| (r.weight, std::cmp::Reverse(r.line)));
            let line = heaviest.map_or(0, |r| r.line.min(starts.len() - 1));
            starts[line].min(rows.len().saturating_sub(area.height as usize) + 1)
        }
    }
}

/// What a text view draws: its rows from one on, or a fold of its lines.
enum Drawn {
    Window(usize),
    Fold(Vec<Folded>),
}

/// The window a text view draws, unless the lines it reveals do not all fit in one and a fold of
/// them keeps more of their weight.
fn plan(data: &LinesData, rows: &[Vec<Piece>], starts: &[usize], height: usize, scroll: LinesScroll) -> Drawn {
    let first = first_of(rows, starts, height, scroll);
    if scroll.reveal.is_empty() || rows.len() <= height || height == 0 {
        return Drawn::Window(first);
    }
    let (top, end) = shown_rows(rows.len(), first, height);
    let line_end = |i: usize| starts.get(i + 1).map_or(rows.len(), |&s| s.max(starts[i] + 1));
    let inside = |i: usize| i < starts.len() && top <= starts[i] && line_end(i) <= end;
    let in_window: usize = scroll.reveal.iter().filter(|r| inside(r.line)).map(|r| r.weight).sum();
    let all: usize = scroll.reveal.iter().filter(|r| r.line < starts.len()).map(|r| r.weight).sum();
    if in_window >= all {
        return Drawn::Window(first);
    }
    let line_rows: Vec<usize> = (0..starts.len()).map(|i| line_end(i) - starts[i]).collect();
    let blank: Vec<bool> = (0..starts.len()).map(|i| data.line_text(i).trim().is_empty()).collect();
    let (folded, weight) = fold(&Lines { rows: &line_rows, blank: &blank }, scroll.reveal, height);
    if weight > in_window { Drawn::Fold(folded) } else { Drawn::Window(first) }
}

fn first_of(rows: &[Vec<Piece>], starts: &[usize], height: usize, scroll: LinesScroll) -> usize {
    if rows.len() <= height || height == 0 {
        return 0;
    }
    let last = rows.len() - height + 1;
    if scroll.reveal.is_empty() {
        return scroll.first.min(last);
    }
    // the rows a line takes: from its start to the next line's
    let span = |i: usize| {
        let i = i.min(starts.len() - 1);
        (starts[i], starts.get(i + 1).map_or(rows.len(), |&s| s.max(starts[i] + 1)))
    };
    // a line named counts when it is inside the pane; a section it heads, half when only its
    // head is
    let weight = |first: usize| -> usize {
        let (top, end) = shown_rows(rows.len(), first, height);
        let inside = |from: usize, through: usize| top <= span(from).0 && span(through).1 <= end;
        scroll
            .reveal
            .iter()
            .map(|r| match (inside(r.line, r.line), inside(r.line, r.through)) {
                (_, true) => 2 * r.weight,
                (true, false) => r.weight,
                _ => 0,
            })
            .sum()
    };
    // the topmost of the best (max_by_key keeps the last of equals: walk from the bottom)
    (0..=last).rev().max_by_key(|&f| weight(f)).unwrap_or(0)
}

/// The rows a pane of `height` shows from `first` on, of `len`: [top, end).
fn shown_rows(len: usize, first: usize, height: usize) -> (usize, usize) {
    let room = height - usize::from(first > 0);
    let rest = len - first;
    let shown = if rest <= room { rest } else { room.saturating_sub(1) };
    (first, first + shown)
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
        let (lines, starts) = rows(self.data, pen.width());
        let first = match plan(self.data, &lines, &starts, height, self.scroll) {
            Drawn::Window(first) => first,
            Drawn::Fold(folded) => return self.draw_fold(&mut pen, &lines, &starts, &folded),
        };
        // scroll no further than where the last line shows; say what is hidden above and below
        let mut y = 0;
        if first > 0 {
            pen.put(0, 0, &more(first, 0, strings::LINES.get()), self.theme.dim());
            y = 1;
        }
        let rest = lines.len() - first;
        let shown = shown_rows(lines.len(), first, height).1 - first;
        for line in &lines[first..first + shown] {
            self.draw_row(&mut pen, y, line);
            y += 1;
        }
        if shown < rest {
            let below = more(0, rest - shown, strings::LINES.get());
            let note = if self.scroll.scrollable { strings::more_below_scroll(&below) } else { below };
            pen.put(0, y, &note, self.theme.dim());
        }
    }
}

impl LinesView<'_> {
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

    /// The lines a fold keeps, each run between them as one dim marker line.
    fn draw_fold(&self, pen: &mut Pen, rows: &[Vec<Piece>], starts: &[usize], folded: &[Folded]) {
        let mut y = 0;
        for f in folded {
            match *f {
                Folded::Line(i) => {
                    let end = starts.get(i + 1).copied().unwrap_or(rows.len());
                    for row in &rows[starts[i]..end] {
                        self.draw_row(pen, y, row);
                        y += 1;
                    }
                }
                Folded::Skipped(n) => {
                    pen.put(0, y, &strings::folded_lines(n), self.theme.dim());
                    y += 1;
                }
            }
        }
    }
}

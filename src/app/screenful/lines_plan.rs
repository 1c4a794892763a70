//! What a text view draws in its pane, decided when the frame is presented: its lines broken
//! into rows that fit the pane's width (`lines_wrap`), then either the window of rows from its
//! first row on, with a note of the rows above and below, or, when the lines the beat names
//! (`reveal`) lie further apart than the pane is tall, a fold of them (`lines_fold`). The ui draws
//! the rows as given.

use super::Reveal;
use super::lines_fold::{Folded, Lines, fold};
use super::lines_wrap::wrap_pieces;
use crate::app::view_data::{LinesData, Piece, Role, ViewData};
use crate::strings::{self, more};
use ratatui::layout::Rect;

/// The rows a text view draws, top to bottom, and the first row of its lines it opens on.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinesPlan {
    /// Each row's pieces: a row of one of its lines, or a dim note of the rows not shown.
    pub rows: Vec<Vec<Piece>>,
    /// The first of its lines' rows shown (a fold: its heaviest line's): ↑/↓ scroll on from
    /// here (`Fit::lines_first`).
    pub first: usize,
}

/// How a text view scrolls: its first row shown, and whether ↑/↓ scroll it (the note of the rows
/// below then says so); or, when `reveal` is not empty, the lines to bring inside the pane instead.
#[derive(Debug, Clone, Copy)]
pub struct LinesScroll<'a> {
    pub first: usize,
    pub scrollable: bool,
    pub reveal: &'a [Reveal],
}

/// The plan of `data` in `area` when it is a text view.
pub fn lines_plan(data: &ViewData, area: Rect, scroll: LinesScroll) -> Option<LinesPlan> {
    match data {
        ViewData::Lines(lines) => Some(LinesPlan::of(lines, area, scroll)),
        _ => None,
    }
}

/// What a text view shows: its rows from one on, or a fold of its lines.
enum Drawn {
    Window(usize),
    Fold(Vec<Folded>),
}

impl LinesPlan {
    /// The rows `data` draws in a pane of `area`, scrolled as `scroll` says: from `scroll.first`,
    /// kept within the rows; or, when it reveals lines, from the first row from which the weights
    /// of the lines wholly inside the pane (below the note of the rows above, above the note of
    /// the rows below) add up most, the topmost of equals, a section a line heads counting double
    /// when all of it is inside; or folded, when a fold keeps more of their weight.
    pub fn of(data: &LinesData, area: Rect, scroll: LinesScroll) -> LinesPlan {
        let height = area.height as usize;
        if height == 0 {
            return LinesPlan::default();
        }
        // a line wider than the pane takes more rows (scrolling counts rows)
        let (rows, starts) = rows(data, area.width as usize);
        match plan(data, &rows, &starts, height, scroll) {
            Drawn::Window(first) => LinesPlan { rows: window(&rows, first, height, scroll.scrollable), first },
            Drawn::Fold(folded) => {
                let heaviest = scroll.reveal.iter().max_by_key(|r| (r.weight, std::cmp::Reverse(r.line)));
                let line = heaviest.map_or(0, |r| r.line.min(starts.len() - 1));
                let first = starts[line].min(rows.len().saturating_sub(height) + 1);
                LinesPlan { rows: folded_rows(&rows, &starts, &folded), first }
            }
        }
    }
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

/// A dim note on a row of its own.
fn note(text: String) -> Vec<Piece> {
    vec![Piece { text, role: Role::Dim }]
}

/// The rows from `first` on that fit in `height`, with a note of the rows above and below (and,
/// when ↑/↓ scroll the view, which keys do).
fn window(rows: &[Vec<Piece>], first: usize, height: usize, scrollable: bool) -> Vec<Vec<Piece>> {
    let mut out = Vec::new();
    if first > 0 {
        out.push(note(more(first, 0, strings::LINES.get())));
    }
    let (_, end) = shown_rows(rows.len(), first, height);
    out.extend(rows[first..end].iter().cloned());
    if end < rows.len() {
        let below = more(0, rows.len() - end, strings::LINES.get());
        out.push(note(if scrollable { strings::more_below_scroll(&below) } else { below }));
    }
    out
}

/// The lines a fold keeps, each run between them as one dim note.
fn folded_rows(rows: &[Vec<Piece>], starts: &[usize], folded: &[Folded]) -> Vec<Vec<Piece>> {
    let mut out = Vec::new();
    for f in folded {
        match *f {
            Folded::Line(i) => {
                let end = starts.get(i + 1).copied().unwrap_or(rows.len());
                out.extend(rows[starts[i]..end].iter().cloned());
            }
            Folded::Skipped(n) => out.push(note(strings::folded_lines(n))),
        }
    }
    out
}

/// The window a text view shows, unless the lines it reveals do not all fit in one and a fold of
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

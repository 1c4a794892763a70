//! Softmax rows: each query's attention weights over the keys, the row sums, and optionally a
//! what-if run beside them. The widget only lays out and formats what `SoftmaxData` holds.
//!
//! Layout, richest first, whichever fits the area:
//! - a grid per run (one line per query: a level glyph and `.21` per key, then the row sum),
//!   side by side when two fit across, else stacked;
//! - under it, the selected query in full: one line per key with a long bar and `0.213`,
//!   the real and the what-if run side by side;
//! - when both do not fit, the grid alone, or the selected query alone with a one-line list of
//!   the query rows; when even that does not fit, whatever fits is drawn and the rest clipped.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::common::{
    LEVELS, Pen, TOKEN_LABEL_MAX, bar, cut, decimals, fit, pad_left, shown_rows, visible, widest, width, window_around,
};
use crate::app::view_data::{SoftmaxData, SoftmaxRow};
use crate::strings::{self, more};
use crate::ui::theme::{SELECTED_MARK, Theme};

/// Partial blocks for the detail bars, one to eight eighths of a cell.
/// A key the mask hid and whose weight is exactly zero.
const MASK_MARK: &str = "✕";
/// A key the mask should have hidden that still has weight > 0.
const LEAK_MARK: &str = "!";
/// Longest detail bar (weight 1.0).
const BAR_MAX: usize = 30;
/// Width of the sum column in a grid: a space and `1.000` (cells end in a space already).
const SUM_W: usize = 6;

/// The attention weights of each query row, as bars with the row sums.
pub struct SoftmaxRowsView<'a> {
    pub data: &'a SoftmaxData,
    pub theme: Theme,
}

/// One run of the softmax: the real one, or the what-if one.
struct Side<'a> {
    label: &'a str,
    rows: &'a [SoftmaxRow],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GridMode {
    /// Per key a cell `▅.21` (`!` after it when the mask should have hidden it), and the sum.
    Full,
    /// Per key a cell `▅.21`.
    NoSum,
    /// Per key a glyph `▅`, and the row sum.
    Compact,
}

impl GridMode {
    fn cell_w(self) -> usize {
        match self {
            GridMode::Full | GridMode::NoSum => 6,
            GridMode::Compact => 2,
        }
    }

    fn numbers(self) -> bool {
        self != GridMode::Compact
    }

    fn sum(self) -> bool {
        self != GridMode::NoSum
    }
}

/// How two runs share the area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arrange {
    Beside,
    Stacked,
}

#[derive(Debug, Clone, Copy)]
struct Plan {
    grid: Option<(GridMode, Arrange)>,
    detail: Option<Arrange>,
    /// A one-line list of the query rows, when no grid shows them.
    row_list: bool,
}

/// What every part draws from.
struct Ctx<'a> {
    d: &'a SoftmaxData,
    g: &'a Geometry,
    t: Theme,
    /// The query row drawn in full.
    detail_row: usize,
    /// Whether the full row's title names the query (`▶ have · label`).
    query_in_title: bool,
}

/// Sizes shared by every part.
struct Geometry {
    keys: usize,
    rows: usize,
    label_w: usize,
    key_w: usize,
}

impl Geometry {
    fn grid_w(&self, mode: GridMode) -> usize {
        3 + self.label_w + self.keys * mode.cell_w() + if mode.sum() { SUM_W } else { 0 }
    }

    fn grid_h(&self) -> usize {
        2 + self.rows
    }

    /// The narrowest detail that still shows `masked` in the bar column.
    fn detail_min_w(&self) -> usize {
        self.key_w + 3 + width(strings::MASKED.get()) + 1 + 5
    }

    fn detail_h(&self) -> usize {
        2 + self.keys
    }
}

impl Widget for SoftmaxRowsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(area) = visible(area, buf) else { return };
        let d = self.data;
        let t = self.theme;
        let mut sides = vec![Side { label: &d.label, rows: &d.rows }];
        if let Some((label, rows)) = &d.what_if {
            sides.push(Side { label, rows });
        }
        let g = Geometry {
            keys: d.col_labels.len(),
            rows: sides.iter().map(|s| s.rows.len()).max().unwrap_or(0),
            label_w: widest(sides.iter().flat_map(|s| s.rows.iter()).map(|r| &r.label), TOKEN_LABEL_MAX),
            key_w: widest(&d.col_labels, TOKEN_LABEL_MAX),
        };
        let (w, h) = (area.width as usize, area.height as usize);

        // The caption, unless the area is too short to spare it.
        let mut y = 0;
        if h >= 4 {
            Pen::new(buf, area).put(0, 0, &fit(&d.caption, w), t.dim());
            y = 1;
        }
        if g.rows == 0 {
            Pen::new(buf, area).put(0, y, &fit(&strings::no_query_rows(&d.label), w), t.dim());
            return;
        }
        let detail_row = d.selected_row.unwrap_or(0).min(g.rows - 1);
        let plan = choose(&g, sides.len(), w, h - y);
        // Without a grid, the row list above names the selected query; the detail titles keep
        // their room for the runs' labels.
        let cx = Ctx { d, g: &g, t, detail_row, query_in_title: !plan.row_list };
        let (with_legend, mut spare) = {
            let used = plan_h(&plan, &g, sides.len());
            let spare = (h - y).saturating_sub(used);
            (spare >= 1, spare.saturating_sub(1))
        };
        let mut gap = |y: &mut usize| {
            if spare > 0 {
                spare -= 1;
                *y += 1;
            }
        };

        if plan.row_list {
            draw_row_list(buf, band(area, y, 1), &sides[0], d.selected_row, t);
            y += 1;
        }
        if let Some((mode, arrange)) = plan.grid {
            let gh = g.grid_h().min(h.saturating_sub(y));
            match (sides.len(), arrange) {
                (1, _) => draw_grid(buf, band(area, y, gh), &sides[0], &cx, mode),
                (_, Arrange::Beside) => {
                    let (l, r) = split(buf, band(area, y, gh), t);
                    draw_grid(buf, l, &sides[0], &cx, mode);
                    draw_grid(buf, r, &sides[1], &cx, mode);
                }
                (_, Arrange::Stacked) => {
                    draw_grid(buf, band(area, y, gh), &sides[0], &cx, mode);
                    y += gh;
                    gap(&mut y);
                    let gh = g.grid_h().min(h.saturating_sub(y));
                    draw_grid(buf, band(area, y, gh), &sides[1], &cx, mode);
                }
            }
            y += gh;
            gap(&mut y);
        }
        if let Some(arrange) = plan.detail {
            let dh = g.detail_h().min(h.saturating_sub(y));
            match (sides.len(), arrange) {
                (1, _) => draw_detail(buf, band(area, y, dh), &sides[0], &cx),
                (_, Arrange::Beside) => {
                    let (l, r) = split(buf, band(area, y, dh), t);
                    draw_detail(buf, l, &sides[0], &cx);
                    draw_detail(buf, r, &sides[1], &cx);
                }
                (_, Arrange::Stacked) => {
                    draw_detail(buf, band(area, y, dh), &sides[0], &cx);
                    y += dh;
                    let dh = g.detail_h().min(h.saturating_sub(y));
                    draw_detail(buf, band(area, y, dh), &sides[1], &cx);
                }
            }
            y += dh;
            gap(&mut y);
        }
        if with_legend && y < h {
            draw_legend(buf, band(area, y, 1), &sides, plan.grid.is_some(), t);
        }
    }
}

/// Lines a plan needs below the caption.
fn plan_h(plan: &Plan, g: &Geometry, n_sides: usize) -> usize {
    let twice = |a: Arrange| if n_sides > 1 && a == Arrange::Stacked { 2 } else { 1 };
    plan.row_list as usize
        + plan.grid.map_or(0, |(_, a)| g.grid_h() * twice(a))
        + plan.detail.map_or(0, |a| g.detail_h() * twice(a))
}

/// Width a plan needs.
fn plan_w(plan: &Plan, g: &Geometry, n_sides: usize) -> usize {
    let across = |one: usize, a: Arrange| if n_sides > 1 && a == Arrange::Beside { 2 * one + 3 } else { one };
    let grid = plan.grid.map_or(0, |(m, a)| across(g.grid_w(m), a));
    let detail = plan.detail.map_or(0, |a| across(g.detail_min_w(), a));
    grid.max(detail)
}

/// The richest plan that fits `w` x `h`; when none does, one that draws the most useful part
/// and clips the rest.
fn choose(g: &Geometry, n_sides: usize, w: usize, h: usize) -> Plan {
    use Arrange::{Beside, Stacked};
    use GridMode::{Compact, Full, NoSum};
    let p = |grid, detail, row_list| Plan { grid, detail, row_list };
    let candidates: Vec<Plan> = if n_sides == 1 {
        vec![
            p(Some((Full, Beside)), Some(Beside), false),
            p(Some((NoSum, Beside)), Some(Beside), false),
            p(Some((Compact, Beside)), Some(Beside), false),
            p(Some((Full, Beside)), None, false),
            p(Some((NoSum, Beside)), None, false),
            p(None, Some(Beside), true),
            p(Some((Compact, Beside)), None, false),
        ]
    } else {
        vec![
            p(Some((Full, Beside)), Some(Beside), false),
            p(Some((Full, Stacked)), Some(Beside), false),
            p(Some((NoSum, Beside)), Some(Beside), false),
            p(Some((Compact, Beside)), Some(Beside), false),
            p(Some((Full, Beside)), None, false),
            p(Some((Full, Stacked)), None, false),
            p(Some((NoSum, Beside)), None, false),
            p(Some((NoSum, Stacked)), None, false),
            p(None, Some(Beside), true),
            p(None, Some(Stacked), true),
            p(Some((Compact, Beside)), None, false),
            p(Some((Compact, Stacked)), None, false),
        ]
    };
    if let Some(plan) = candidates.iter().find(|c| plan_w(c, g, n_sides) <= w && plan_h(c, g, n_sides) <= h) {
        return *plan;
    }
    // Nothing fits whole: one run's grid with its rows windowed around the selection, or the
    // selected query of both runs, clipped.
    if n_sides == 1 {
        let mode = [Full, NoSum].into_iter().find(|&m| g.grid_w(m) <= w).unwrap_or(Compact);
        p(Some((mode, Beside)), None, false)
    } else if g.detail_min_w() * 2 + 3 <= w {
        p(None, Some(Beside), h > g.detail_h() + 1)
    } else {
        p(None, Some(Stacked), false)
    }
}

/// Rows `y..y + h` of `area`, clipped to it.
fn band(area: Rect, y: usize, h: usize) -> Rect {
    let y = (y.min(area.height as usize)) as u16;
    let h = (h.min((area.height - y) as usize)) as u16;
    Rect { x: area.x, y: area.y + y, width: area.width, height: h }
}

/// Splits a band into a left and a right half with a `│` between them.
fn split(buf: &mut Buffer, r: Rect, t: Theme) -> (Rect, Rect) {
    let w = r.width as usize;
    let left = w.saturating_sub(3) / 2;
    let mut pen = Pen::new(buf, r);
    for y in 0..r.height as usize {
        pen.put(left + 1, y, "│", t.dim());
    }
    let right_x = (left + 3).min(w) as u16;
    (Rect { width: left as u16, ..r }, Rect { x: r.x + right_x, width: r.width - right_x, ..r })
}

/// The grid: a title, the keys across, one line per query row (windowed around the selected
/// row when the area is too short).
fn draw_grid(buf: &mut Buffer, r: Rect, side: &Side, cx: &Ctx, mode: GridMode) {
    let (d, g, t) = (cx.d, cx.g, cx.t);
    let mut pen = Pen::new(buf, r);
    let w = r.width as usize;
    pen.put(0, 0, &fit(side.label, w), t.title());
    let cw = mode.cell_w();
    let x0 = 3 + g.label_w;
    for (j, key) in d.col_labels.iter().enumerate() {
        let x = x0 + j * cw;
        // a wide character does not fit a one-column label; it takes the cell's gap too
        let text = match abbrev(key, cw - 1) {
            a if a.is_empty() => cut(key, cw),
            a => a,
        };
        pen.put(x, 1, &text, t.dim());
    }
    if mode.sum() {
        pen.put(x0 + g.keys * cw, 1, &pad_left(strings::ROW_SUM.get(), SUM_W), t.dim());
    }
    let n = side.rows.len();
    let avail = (r.height as usize).saturating_sub(2);
    let (start, end) = window_around(n, shown_rows(n, avail), d.selected_row.unwrap_or(0));
    for (line, i) in (start..end).enumerate() {
        let y = 2 + line;
        let row = &side.rows[i];
        pen.row_label(y, &fit(&row.label, g.label_w), d.selected_row == Some(i), t);
        let top = row.weights.iter().copied().filter(|v| v.is_finite()).fold(0.0f32, f32::max);
        for j in 0..g.keys {
            let x = x0 + j * cw;
            match Cell::of(row, j) {
                Cell::Missing => {}
                Cell::Masked => {
                    pen.put(x, y, MASK_MARK, t.masked());
                    if mode.numbers() {
                        pen.put(x + 1, y, "  0", t.masked());
                    }
                }
                Cell::Weight { w, leak } => {
                    let style = t.sequential(w);
                    let mut end = pen.put(x, y, &level(w, top).to_string(), style);
                    if mode.numbers() {
                        end = pen.put(end, y, &w3(w), style);
                    }
                    if leak {
                        pen.put(end, y, LEAK_MARK, t.bad());
                    }
                }
            }
        }
        if mode.sum() {
            pen.put(x0 + g.keys * cw, y, &pad_left(&decimals(row.sum, 3, false), SUM_W), Style::new());
        }
    }
    let below = n - end;
    if start > 0 || below > 0 {
        pen.put(2, 2 + end - start, &more(start, below, strings::ROWS.get()), t.dim());
    }
}

/// The selected query of one run in full: one line per key with a bar scaled to the weight
/// (1.0 = the whole bar) and the weight, then the row sum.
fn draw_detail(buf: &mut Buffer, r: Rect, side: &Side, cx: &Ctx) {
    let (d, g, t, i) = (cx.d, cx.g, cx.t, cx.detail_row);
    let mut pen = Pen::new(buf, r);
    let w = r.width as usize;
    let Some(row) = side.rows.get(i) else {
        pen.put(0, 0, &fit(&strings::no_row(side.label, i), w), t.dim());
        return;
    };
    let mut x = 0;
    if cx.query_in_title {
        if d.selected_row.is_some() {
            x = pen.put(0, 0, SELECTED_MARK, t.highlight()) + 1;
        }
        x = pen.put(x, 0, &fit(&row.label, TOKEN_LABEL_MAX), t.highlight());
        x = pen.put(x, 0, " · ", t.dim());
    }
    pen.put(x, 0, &fit(side.label, w.saturating_sub(x)), t.title());

    let bar_x = g.key_w + 2;
    let bar_w = w.saturating_sub(bar_x + 1 + 5).min(BAR_MAX);
    let num_x = bar_x + bar_w + 1;
    for j in 0..g.keys {
        let y = 1 + j;
        pen.put(0, y, &fit(&d.col_labels[j], g.key_w), t.dim());
        match Cell::of(row, j) {
            Cell::Missing => {}
            Cell::Masked => {
                pen.put(bar_x - 1, y, MASK_MARK, t.masked());
                pen.put(bar_x + 1, y, &fit(strings::MASKED.get(), bar_w.saturating_sub(1)), t.masked());
                pen.put(num_x, y, &decimals(0.0, 3, false), t.masked());
            }
            Cell::Weight { w, leak } => {
                let style = if leak {
                    pen.put(bar_x - 1, y, LEAK_MARK, t.bad());
                    t.bad()
                } else {
                    Style::new()
                };
                pen.put(bar_x, y, &bar(w, bar_w, true), style);
                pen.put(num_x, y, &pad_left(&decimals(w, 3, false), 5), style);
            }
        }
    }
    let y = 1 + g.keys;
    let sum = decimals(row.sum, 3, false);
    let label = format!("{} ", strings::ROW_SUM);
    pen.put((num_x + 5).saturating_sub(width(&label) + width(&sum)), y, &label, t.dim());
    pen.put((num_x + 5).saturating_sub(width(&sum)), y, &sum, Style::new());
}

/// `queries: <bos> I have ▶a cat <eos>`, when no grid lists the rows; when they do not all fit,
/// the ones around the selected row between `…`.
fn draw_row_list(buf: &mut Buffer, r: Rect, side: &Side, selected: Option<usize>, t: Theme) {
    let mut pen = Pen::new(buf, r);
    let w = r.width as usize;
    let sel = selected.unwrap_or(0).min(side.rows.len().saturating_sub(1));
    let item_w = |i: usize| 1 + width(&side.rows[i].label) + usize::from(selected == Some(i));
    let prefix = strings::QUERIES;
    // Grow a window of rows around the selected one while it fits with its `…` marks.
    let (mut start, mut end) = (sel, (sel + 1).min(side.rows.len()));
    let used = |start: usize, end: usize| {
        width(prefix.get())
            + (start..end).map(item_w).sum::<usize>()
            + 2 * usize::from(start > 0)
            + 2 * usize::from(end < side.rows.len())
    };
    loop {
        let grown = if end < side.rows.len() && used(start, end + 1) <= w {
            end += 1;
            true
        } else {
            false
        };
        if start > 0 && used(start - 1, end) <= w {
            start -= 1;
        } else if !grown {
            break;
        }
    }
    let mut x = pen.put(0, 0, prefix.get(), t.dim());
    if start > 0 {
        x = pen.put(x + 1, 0, "…", t.dim());
    }
    for i in start..end {
        x += 1;
        let label = &side.rows[i].label;
        if selected == Some(i) {
            x = pen.put(x, 0, SELECTED_MARK, t.highlight());
            x = pen.put(x, 0, label, t.highlight());
        } else {
            x = pen.put(x, 0, label, Style::new());
        }
    }
    if end < side.rows.len() {
        pen.put(x + 1, 0, "…", t.dim());
    }
}

/// What the marks mean, as many entries as fit whole.
fn draw_legend(buf: &mut Buffer, r: Rect, sides: &[Side], grid: bool, t: Theme) {
    let rows = || sides.iter().flat_map(|s| s.rows.iter());
    let any_masked = rows().any(|row| (0..row.weights.len()).any(|j| Cell::of(row, j) == Cell::Masked));
    let any_leak =
        rows().any(|row| (0..row.weights.len()).any(|j| matches!(Cell::of(row, j), Cell::Weight { leak: true, .. })));
    let any_nan = rows().any(|row| row.weights.iter().any(|w| w.is_nan()));
    let mut entries: Vec<(&str, &str, Style)> = Vec::new();
    if any_nan {
        entries.push((strings::NAN, strings::LEGEND_NAN.get(), t.bad()));
    }
    if any_masked {
        entries.push((MASK_MARK, strings::LEGEND_MASKED.get(), t.masked()));
    }
    if any_leak {
        entries.push((LEAK_MARK, strings::LEGEND_LEAK.get(), t.bad()));
    }
    if grid {
        entries.push(("▁…█", strings::LEGEND_RELATIVE.get(), Style::new()));
    }
    let mut pen = Pen::new(buf, r);
    let mut x = 0;
    for (mark, text, style) in entries {
        let need = width(mark) + width(text);
        if x + need > r.width as usize {
            break;
        }
        x = pen.put(x, 0, mark, style);
        x = pen.put(x, 0, text, t.dim()) + 3;
    }
}

/// What one key of one row shows.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cell {
    /// No weight for this key in the data.
    Missing,
    /// The mask hid the key and its weight is exactly zero.
    Masked,
    /// A weight; `leak` when the mask hid the key yet the weight is not zero.
    Weight { w: f32, leak: bool },
}

impl Cell {
    fn of(row: &SoftmaxRow, j: usize) -> Cell {
        let Some(&w) = row.weights.get(j) else { return Cell::Missing };
        let masked = row.masked.get(j).copied().unwrap_or(false);
        // a NaN is no weight at all: it is shown as NaN, never as a masked key that kept weight
        if masked && w == 0.0 { Cell::Masked } else { Cell::Weight { w, leak: masked && !w.is_nan() } }
    }
}

/// The level glyph of `w` relative to the row's top weight; blank for zero.
fn level(w: f32, top: f32) -> char {
    if w.is_nan() || top.is_nan() || w <= 0.0 || top <= 0.0 {
        return ' ';
    }
    let i = ((w / top).min(1.0) * LEVELS.len() as f32).ceil() as usize;
    LEVELS[i.clamp(1, LEVELS.len()) - 1]
}

/// A weight in three characters: `.21`, `1.0`.
fn w3(w: f32) -> String {
    if !w.is_finite() {
        " ? ".to_string()
    } else if w >= 0.995 {
        "1.0".to_string()
    } else if w <= 0.0 {
        ".00".to_string()
    } else {
        format!("{w:.2}").trim_start_matches('0').to_string()
    }
}

/// A key label in `n` cells for a grid header: `<bos>` becomes `<bos` or `bo`.
fn abbrev(s: &str, n: usize) -> String {
    if width(s) <= n {
        return s.to_string();
    }
    let inner = s.strip_prefix('<').and_then(|s| s.strip_suffix('>'));
    match inner {
        Some(inner) if n >= 4 => format!("<{}", cut(inner, n - 1)),
        Some(inner) => cut(inner, n),
        None => cut(s, n),
    }
}

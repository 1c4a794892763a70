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
use ratatui::widgets::Widget;

use super::common::{Pen, TOKEN_LABEL_MAX, fit, fitted_label_width, visible, widest, width};
use super::softmax_draw::{draw_detail, draw_grid, draw_legend, draw_row_list, key_window};
use crate::app::view_data::{SoftmaxData, SoftmaxRow};
use crate::strings;
use crate::ui::theme::Theme;

/// Partial blocks for the detail bars, one to eight eighths of a cell.
/// A key the mask hid and whose weight is exactly zero.
pub(super) const MASK_MARK: &str = "✕";
/// A key the mask should have hidden that still has weight > 0.
pub(super) const LEAK_MARK: &str = "!";
/// Longest detail bar (weight 1.0).
pub(super) const BAR_MAX: usize = 30;
/// Width of the sum column in a grid: a space and `1.000` (cells end in a space already).
pub(super) const SUM_W: usize = 6;

/// The attention weights of each query row, as bars with the row sums.
pub struct SoftmaxRowsView<'a> {
    pub data: &'a SoftmaxData,
    pub theme: Theme,
}

/// One run of the softmax: the real one, or the what-if one.
pub(super) struct Side<'a> {
    pub(super) label: &'a str,
    pub(super) rows: &'a [SoftmaxRow],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GridMode {
    /// Per key a cell `▅.21` (`!` after it when the mask should have hidden it), and the sum.
    Full,
    /// Per key a cell `▅.21`.
    NoSum,
    /// Per key a glyph `▅`, and the row sum.
    Compact,
}

impl GridMode {
    pub(super) fn cell_w(self) -> usize {
        match self {
            GridMode::Full | GridMode::NoSum => 6,
            GridMode::Compact => 2,
        }
    }

    pub(super) fn numbers(self) -> bool {
        self != GridMode::Compact
    }

    pub(super) fn sum(self) -> bool {
        self != GridMode::NoSum
    }
}

/// How two runs share the area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arrange {
    Beside,
    Stacked,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    grid: Option<(GridMode, Arrange)>,
    detail: Option<Arrange>,
    /// A one-line list of the query rows, when no grid shows them.
    row_list: bool,
    /// How many keys the grid shows: all, or a window of them with a `← 2 more keys · 5 more →`
    /// line under the grid (`key_window` chooses which).
    keys: usize,
}

/// The fewest keys a window of keys shows; fewer draw the glyphs of every key instead.
const MIN_KEYS: usize = 4;

/// What every part draws from.
pub(super) struct Ctx<'a> {
    pub(super) d: &'a SoftmaxData,
    pub(super) g: &'a Geometry,
    pub(super) t: Theme,
    /// The query row drawn in full.
    pub(super) detail_row: usize,
    /// Whether the full row's title names the query (`▶ have · label`).
    pub(super) query_in_title: bool,
    /// The keys the grid shows, `start..end`: all of them, or a window (`Plan::keys`).
    pub(super) keys: (usize, usize),
}

/// Sizes shared by every part.
pub(super) struct Geometry {
    pub(super) keys: usize,
    pub(super) rows: usize,
    pub(super) label_w: usize,
    pub(super) key_w: usize,
}

impl Geometry {
    /// The sizes of the view's grid in `w` x `h` (below the caption): its keys, its longest
    /// side's rows, and the label widths, whole when the plan that fits stays the one that fits
    /// with them cut to `TOKEN_LABEL_MAX`.
    fn of(d: &SoftmaxData, sides: &[Side], w: usize, h: usize) -> Geometry {
        let rows = || sides.iter().flat_map(|s| s.rows.iter()).map(|r| r.label.as_str());
        let with = |label_w, key_w| Geometry {
            keys: d.col_labels.len(),
            rows: sides.iter().map(|s| s.rows.len()).max().unwrap_or(0),
            label_w,
            key_w,
        };
        let plan = |g: Geometry| choose(&g, sides.len(), w, h);
        let cut_label = widest(rows(), TOKEN_LABEL_MAX);
        let key_w = fitted_label_width(&d.col_labels, TOKEN_LABEL_MAX, |k| plan(with(cut_label, k)));
        let label_w = fitted_label_width(rows(), TOKEN_LABEL_MAX, |l| plan(with(l, key_w)));
        with(label_w, key_w)
    }

    pub(super) fn grid_w(&self, mode: GridMode) -> usize {
        self.grid_w_of(mode, self.keys)
    }

    /// The width of a grid of `keys` keys.
    fn grid_w_of(&self, mode: GridMode, keys: usize) -> usize {
        3 + self.label_w + keys * mode.cell_w() + if mode.sum() { SUM_W } else { 0 }
    }

    /// How many keys a grid in `mode` shows in `w` cells, at most all.
    fn keys_in(&self, mode: GridMode, w: usize) -> usize {
        let fixed = self.grid_w_of(mode, 0);
        (w.saturating_sub(fixed) / mode.cell_w()).min(self.keys)
    }

    /// The height of a grid showing `keys` keys: a window of them takes a line for its marker.
    fn grid_h(&self, keys: usize) -> usize {
        2 + self.rows + usize::from(keys < self.keys)
    }

    /// The narrowest detail that still shows `masked` in the bar column.
    pub(super) fn detail_min_w(&self) -> usize {
        self.key_w + 3 + width(strings::MASKED.get()) + 1 + 5
    }

    pub(super) fn detail_h(&self) -> usize {
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
        let (w, h) = (area.width as usize, area.height as usize);
        let g = Geometry::of(d, &sides, w, h.saturating_sub(usize::from(h >= 4)));

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
        let keys = key_window(g.keys, plan.keys, &d.key_focus);
        let cx = Ctx { d, g: &g, t, detail_row, query_in_title: !plan.row_list, keys };
        let (with_legend, mut spare) = {
            let used = plan_h(&plan, &g, sides.len());
            let spare = (h - y).saturating_sub(used);
            (spare >= 1, spare.saturating_sub(1))
        };
        // glyph grids label only the keys that fit (`glyph_labels`): a spare line under the grid spells them all out
        let compact = plan.grid.is_some_and(|(mode, _)| mode == GridMode::Compact);
        let keys_line = compact && d.col_labels.iter().any(|k| width(k) > 1) && spare > 0;
        spare -= usize::from(keys_line);
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
        let runs = Runs { sides: &sides, area, t };
        if let Some((mode, arrange)) = plan.grid {
            let draw = |buf: &mut Buffer, r: Rect, side: &Side| draw_grid(buf, r, side, &cx, mode);
            runs.draw(buf, &mut y, g.grid_h(plan.keys), arrange, &mut gap, &draw);
            if keys_line && y < h {
                let keys = strings::keys_across(&d.col_labels.join(" "));
                Pen::new(buf, band(area, y, 1)).put(0, 0, &fit(&keys, w), t.dim());
                y += 1;
            }
            gap(&mut y);
        }
        if let Some(arrange) = plan.detail {
            let draw = |buf: &mut Buffer, r: Rect, side: &Side| draw_detail(buf, r, side, &cx);
            runs.draw(buf, &mut y, g.detail_h(), arrange, &mut |_| {}, &draw);
            gap(&mut y);
        }
        if with_legend && y < h {
            draw_legend(buf, band(area, y, 1), &sides, plan.grid.is_some(), t);
        }
    }
}

/// The runs to draw, and where.
struct Runs<'a> {
    sides: &'a [Side<'a>],
    area: Rect,
    t: Theme,
}

impl Runs<'_> {
    /// One part (a grid, or the selected query in full) for each run from line `y`: beside, or
    /// stacked with `between` run between them; `y` moves on by the part's height.
    fn draw(
        &self,
        buf: &mut Buffer,
        y: &mut usize,
        part_h: usize,
        arrange: Arrange,
        between: &mut dyn FnMut(&mut usize),
        draw: &dyn Fn(&mut Buffer, Rect, &Side),
    ) {
        let (area, sides) = (self.area, self.sides);
        let h = area.height as usize;
        let ph = part_h.min(h.saturating_sub(*y));
        match (sides.len(), arrange) {
            (1, _) => draw(buf, band(area, *y, ph), &sides[0]),
            (_, Arrange::Beside) => {
                let (l, r) = split(buf, band(area, *y, ph), self.t);
                draw(buf, l, &sides[0]);
                draw(buf, r, &sides[1]);
            }
            (_, Arrange::Stacked) => {
                draw(buf, band(area, *y, ph), &sides[0]);
                *y += ph;
                between(y);
                let second = part_h.min(h.saturating_sub(*y));
                draw(buf, band(area, *y, second), &sides[1]);
            }
        }
        *y += ph;
    }
}

/// Lines a plan needs below the caption.
fn plan_h(plan: &Plan, g: &Geometry, n_sides: usize) -> usize {
    let twice = |a: Arrange| if n_sides > 1 && a == Arrange::Stacked { 2 } else { 1 };
    plan.row_list as usize
        + plan.grid.map_or(0, |(_, a)| g.grid_h(plan.keys) * twice(a))
        + plan.detail.map_or(0, |a| g.detail_h() * twice(a))
}

/// Width a plan needs.
fn plan_w(plan: &Plan, g: &Geometry, n_sides: usize) -> usize {
    let across = |one: usize, a: Arrange| if n_sides > 1 && a == Arrange::Beside { 2 * one + 3 } else { one };
    let grid = plan.grid.map_or(0, |(m, a)| across(g.grid_w_of(m, plan.keys), a));
    let detail = plan.detail.map_or(0, |a| across(g.detail_min_w(), a));
    grid.max(detail)
}

/// Whether a view holding a what-if's rows beside the taught ones draws the taught model to the
/// left of the variant in `area` (else above it): the arrangement the view's plan chooses.
pub fn taught_left(d: &SoftmaxData, area: Rect) -> bool {
    let Some((label, rows)) = &d.what_if else { return false };
    // below the caption, as `render` draws
    let (w, h) = (area.width as usize, area.height as usize);
    let g = Geometry::of(
        d,
        &[Side { label: &d.label, rows: &d.rows }, Side { label, rows }],
        w,
        h.saturating_sub(usize::from(h >= 4)),
    );
    let plan = choose(&g, 2, w, h.saturating_sub(usize::from(h >= 4)));
    match plan.grid {
        Some((_, arrange)) => arrange == Arrange::Beside,
        None => plan.detail != Some(Arrange::Stacked),
    }
}

/// The richest plan that fits `w` x `h`; when none does, one that draws the most useful part
/// and clips the rest.
fn choose(g: &Geometry, n_sides: usize, w: usize, h: usize) -> Plan {
    use Arrange::{Beside, Stacked};
    use GridMode::{Compact, Full, NoSum};
    let keys = g.keys;
    let p = |grid, detail, row_list| Plan { grid, detail, row_list, keys };
    // a grid with numbers on a window of its keys, when that is all that fits across (`None`
    // when every key fits, or too few do). Not beside a what-if's run: a comparison's point is
    // often at its last keys (a leak into `<pad>`), and its glyph grids show every key.
    let window = |plan: Plan| {
        let (mode, arrange) = plan.grid?;
        if n_sides > 1 {
            return None;
        }
        let one = if n_sides > 1 && arrange == Beside { w.saturating_sub(3) / 2 } else { w };
        let k = g.keys_in(mode, one);
        (MIN_KEYS..g.keys).contains(&k).then_some(Plan { keys: k, ..plan })
    };
    let whole: Vec<Plan> = if n_sides == 1 {
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
    // before each glyph-only grid, the grids with numbers before it on a window of keys
    let mut candidates: Vec<Plan> = Vec::new();
    for (i, plan) in whole.iter().enumerate() {
        if plan.grid.is_some_and(|(m, _)| m == Compact) {
            let numbered = whole[..i].iter().filter(|c| c.grid.is_some_and(|(m, _)| m != Compact));
            candidates.extend(numbered.filter(|c| c.detail == plan.detail).filter_map(|&c| window(c)));
        }
        candidates.push(*plan);
    }
    if let Some(plan) = candidates.iter().find(|c| plan_w(c, g, n_sides) <= w && plan_h(c, g, n_sides) <= h) {
        return *plan;
    }
    // Nothing fits whole: one run's grid with its rows windowed around the selection (and its
    // keys, when they do not all fit with numbers), or the selected query of both runs, clipped.
    if n_sides == 1 {
        let mode = [Full, NoSum].into_iter().find(|&m| g.grid_w(m) <= w);
        let windowed = [Full, NoSum].into_iter().find_map(|m| window(p(Some((m, Beside)), None, false)));
        match (mode, windowed) {
            (Some(mode), _) => p(Some((mode, Beside)), None, false),
            (None, Some(plan)) => plan,
            (None, None) => p(Some((Compact, Beside)), None, false),
        }
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

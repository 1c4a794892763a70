//! Residual and LayerNorm: one line per token with the mean and std of `x`, `sublayer(x)`,
//! `x + sublayer(x)`, the normalised `x̂` and `γ·x̂+β`; under it, the selected token's features
//! before and after the norm as two strips on one scale. The widget only lays out and formats
//! what `LayerNormData` holds.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::common::{
    LEVELS, Pen, TOKEN_LABEL_MAX, decimals, fit, fit_end, pad_left, sci, shown_rows, visible, widest, width,
    window_around,
};
use crate::app::view_data::{LayerNormData, MeanStd, TokenNormStats};
use crate::strings::{self, more};
use crate::ui::theme::{SELECTED_MARK, Theme};

/// The Add & Norm table with the selected token's features before and after.
pub struct LayerNormView<'a> {
    pub data: &'a LayerNormData,
    pub theme: Theme,
}

/// One statistics column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Col {
    X,
    Sublayer,
    Sum,
    Normed,
    Out,
}

impl Col {
    /// Left to right, in the order the data flows.
    const ALL: [Col; 5] = [Col::X, Col::Sublayer, Col::Sum, Col::Normed, Col::Out];
    /// Which columns stay when the area is narrow, most important first.
    const KEEP: [Col; 5] = [Col::Sum, Col::Normed, Col::Out, Col::X, Col::Sublayer];

    fn stats(self, t: &TokenNormStats) -> MeanStd {
        match self {
            Col::X => t.x,
            Col::Sublayer => t.sublayer,
            Col::Sum => t.sum,
            Col::Normed => t.normed,
            Col::Out => t.out,
        }
    }

    /// The column heading, longest first.
    fn roles(self) -> &'static [&'static str] {
        match self {
            Col::X => strings::LN_COL_X,
            Col::Sublayer => strings::ln_col_sublayer(),
            Col::Sum => strings::ln_col_sum(),
            Col::Normed => strings::LN_COL_NORMED,
            Col::Out => strings::LN_COL_OUT,
        }
    }

    /// The line under the heading: the tensor's name, or what the normed column should read.
    fn note(self, names: &[String; 3]) -> String {
        match self {
            Col::X => short_name(&names[1]),
            Col::Sublayer => short_name(&names[2]),
            Col::Sum => short_name(&names[0]),
            Col::Normed => "≈0/≈1".to_string(),
            Col::Out => String::new(),
        }
    }

    /// Whether a cell of this column is highlighted when it reads mean ≈ 0, std ≈ 1.
    fn checks_norm(self) -> bool {
        matches!(self, Col::Normed | Col::Out)
    }
}

/// How the table's statistics columns are laid out.
struct Table {
    cols: Vec<Col>,
    /// Characters of the mean (with its sign) and of the std in `+0.01/1.23`.
    mean_w: usize,
    std_w: usize,
    gap: usize,
    label_w: usize,
}

impl Table {
    fn cell_w(&self) -> usize {
        self.mean_w + 1 + self.std_w
    }

    fn col_x(&self, k: usize) -> usize {
        2 + self.label_w + k * (self.gap + self.cell_w()) + self.gap
    }

    fn width(&self) -> usize {
        self.col_x(self.cols.len())
    }

    /// The widest layout that fits `w`: all five columns as `+0.01/1.23` if they fit, then
    /// tighter gaps, then `+.01/1.23`, then fewer columns.
    fn fit(w: usize, label_w: usize) -> Table {
        let mut last = None;
        for n in (1..=Col::ALL.len()).rev() {
            let keep = &Col::KEEP[..n];
            let cols: Vec<Col> = Col::ALL.iter().copied().filter(|c| keep.contains(c)).collect();
            for (mean_w, gap) in [(5, 2), (5, 1), (4, 1)] {
                let table = Table { cols: cols.clone(), mean_w, std_w: 4, gap, label_w };
                if table.width() <= w {
                    return table;
                }
                last = Some(table);
            }
        }
        last.expect("at least one layout")
    }
}

/// The token labels' column and the table: the labels whole (up to `LABEL_LONG`) when that
/// keeps every column and its numbers as wide (a gap may narrow), else cut to `TOKEN_LABEL_MAX`
/// (`tomorrow` reads whole at 120x40, not `tomor…`). At least six columns, so the heading
/// "mean/std" always fits over the labels.
fn label_and_table(d: &LayerNormData, w: usize) -> (usize, Table) {
    const LABEL_LONG: usize = 16;
    let labels = || d.tokens.iter().map(|tok| &tok.label);
    let short_w = widest(labels(), TOKEN_LABEL_MAX).max(6);
    let short = Table::fit(w, short_w);
    let long_w = widest(labels(), LABEL_LONG).max(6);
    let long = Table::fit(w, long_w);
    if long_w > short_w && long.cols.len() == short.cols.len() && long.mean_w == short.mean_w && long.width() <= w {
        (long_w, long)
    } else {
        (short_w, short)
    }
}

/// The token labels' column of `d` drawn `w` columns wide (see `label_and_table`).
pub fn label_width(d: &LayerNormData, w: usize) -> usize {
    label_and_table(d, w).0
}

/// Which optional lines the area has room for.
struct Lines {
    caption: bool,
    names: bool,
    gap: bool,
    strip_caption: bool,
    strips: bool,
    /// Token rows shown, and whether a `… N more` line follows them.
    rows: usize,
    more: bool,
}

impl Lines {
    fn fit(h: usize, tokens: usize) -> Lines {
        let mut l = Lines {
            caption: true,
            names: true,
            gap: true,
            strip_caption: true,
            strips: true,
            rows: tokens,
            more: false,
        };
        let fixed = |l: &Lines| {
            1 + l.caption as usize
                + l.names as usize
                + l.gap as usize
                + l.strip_caption as usize
                + 2 * l.strips as usize
        };
        // Give up, in order, what says least: the blank line, the tensor names, the strips'
        // caption, hidden tokens, the caption, the strips.
        let drops: [fn(&mut Lines); 5] = [
            |l| l.gap = false,
            |l| l.names = false,
            |l| l.strip_caption = false,
            |l| l.caption = false,
            |l| l.strips = false,
        ];
        for (i, drop) in drops.iter().enumerate() {
            let avail = h.saturating_sub(fixed(&l));
            if avail >= tokens {
                break;
            }
            // Windowing the tokens comes before dropping the caption.
            if i >= 3 && avail >= 2 {
                break;
            }
            drop(&mut l);
        }
        let avail = h.saturating_sub(fixed(&l));
        l.rows = shown_rows(tokens, avail);
        l.more = avail < tokens;
        l
    }
}

impl Widget for LayerNormView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(area) = visible(area, buf) else { return };
        let d = self.data;
        let t = self.theme;
        let (w, h) = (area.width as usize, area.height as usize);
        let mut pen = Pen::new(buf, area);
        // at least six columns, so the heading "mean/std" always fits over the labels
        let (label_w, table) = label_and_table(d, w);
        let lines = Lines::fit(h, d.tokens.len());
        let mut y = 0;

        if lines.caption {
            pen.put(0, y, &fit_text(&d.caption, w), t.dim());
            y += 1;
        }

        // Headings (and what a cell holds), then the tensors' names.
        pen.put(0, y, strings::MEAN_STD.get(), t.dim());
        for (k, col) in table.cols.iter().enumerate() {
            let role = col.roles().iter().find(|r| width(r) <= table.cell_w()).unwrap_or(&col.roles()[0]);
            pen.put(table.col_x(k), y, &fit_text(role, table.cell_w()), t.title());
        }
        y += 1;
        if lines.names {
            for (k, col) in table.cols.iter().enumerate() {
                pen.put(table.col_x(k), y, &fit_text(&col.note(&d.names), table.cell_w()), t.dim());
            }
            y += 1;
        }

        let (start, end) = window_around(d.tokens.len(), lines.rows, d.selected);
        for (i, tok) in d.tokens.iter().enumerate().take(end).skip(start) {
            pen.row_label(y, &fit_text(&tok.label, label_w), i == d.selected, t);
            for (k, col) in table.cols.iter().enumerate() {
                let s = col.stats(tok);
                let normed = (s.mean.abs() < 1e-3) && ((s.std - 1.0).abs() < 1e-2);
                let style = if col.checks_norm() && normed { t.good() } else { Style::new() };
                let cell = format!("{}/{}", fixed(s.mean, table.mean_w, true), fixed(s.std, table.std_w, false));
                pen.put(table.col_x(k), y, &cell, style);
            }
            y += 1;
        }
        if lines.more {
            pen.put(2, y, &more(start, d.tokens.len() - end, strings::TOKENS.get()), t.dim());
            y += 1;
        }
        if lines.gap {
            y += 1;
        }
        if lines.strips {
            draw_strips(&mut pen, y, d, lines.strip_caption, label_w, t);
        }
    }
}

/// The selected token's features before (x + sublayer(x)) and after (x̂) the norm, one glyph
/// per feature on one symmetric scale, each with its min and max.
fn draw_strips(pen: &mut Pen, mut y: usize, d: &LayerNormData, caption: bool, label_w: usize, t: Theme) {
    let w = pen.width();
    let label = d.tokens.get(d.selected).map_or("?", |tok| tok.label.as_str());
    let range = d.before.iter().chain(d.after.iter()).filter(|v| v.is_finite()).fold(0.0f32, |m, v| m.max(v.abs()));
    if caption {
        let mut x = pen.put(0, y, SELECTED_MARK, t.highlight()) + 1;
        x = pen.put(x, y, &fit_text(label, label_w), t.highlight());
        let text = strings::strips_caption(d.before.len().max(d.after.len()));
        x = pen.put(x, y, &fit_text(&text, w.saturating_sub(x)), t.dim());
        let scale = strings::one_scale(fixed(range, 4, false).trim_start());
        if x + width(&scale) <= w {
            pen.put(x, y, &scale, t.dim());
        }
        y += 1;
    }
    for (name, values) in [(strings::LN_BEFORE, &d.before), (strings::LN_AFTER, &d.after)] {
        let x = pen.put(0, y, name.get(), t.dim());
        let x = x.max(width(strings::LN_BEFORE.get()).max(width(strings::LN_AFTER.get()))) + 1;
        let (lo, hi) = values
            .iter()
            .filter(|v| v.is_finite())
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let span = if lo <= hi {
            strings::strip_min_max(&fixed(lo, 5, true), &fixed(hi, 5, true))
        } else {
            strings::NOT_COMPUTED.to_string()
        };
        // One glyph per feature; when they do not all fit, the first ones and `…`.
        let room = w.saturating_sub(x + width(&span));
        let strip: String = if values.len() <= room {
            values.iter().map(|&v| glyph(v, range)).collect()
        } else if room >= 2 {
            values.iter().take(room - 1).map(|&v| glyph(v, range)).chain(['…']).collect()
        } else {
            String::new()
        };
        let x = pen.put(x, y, &strip, Style::new());
        pen.put(x, y, &span, t.dim());
        y += 1;
    }
}

/// The glyph of `v` on the scale `-range..=range`: `▁` at the low end, `█` at the high end.
fn glyph(v: f32, range: f32) -> char {
    if !v.is_finite() {
        return '?';
    }
    if range.is_nan() || range <= 0.0 {
        return LEVELS[LEVELS.len() / 2];
    }
    let t = ((v / range).clamp(-1.0, 1.0) + 1.0) / 2.0;
    LEVELS[((t * LEVELS.len() as f32) as usize).min(LEVELS.len() - 1)]
}

/// `v` right-aligned in `w` columns with as many decimals as fit (two at most), with a sign
/// when `signed`: `+0.01`, then `+.01`, `+12.3`, `+123`, `+1e4`.
fn fixed(v: f32, w: usize, signed: bool) -> String {
    if !v.is_finite() {
        // NaN marks a statistic whose operation the run has not computed yet
        return pad_left(if v.is_nan() { "—" } else { "inf" }, w);
    }
    for dec in (0..=2).rev() {
        let s = decimals(v, dec, signed);
        if width(&s) <= w {
            return pad_left(&s, w);
        }
        // Only a leading zero may go: `+0.01` -> `+.01`.
        let (sign, digits) = s.split_at(s.len() - s.trim_start_matches(['+', '-']).len());
        if let Some(frac) = digits.strip_prefix("0.") {
            let short = format!("{sign}.{frac}");
            if width(&short) <= w {
                return pad_left(&short, w);
            }
        }
    }
    let s = sci(v, signed);
    if width(&s) <= w { pad_left(&s, w) } else { "#".repeat(w) }
}

/// A tensor name in a column's width: its last two dotted parts (`enc.0.norm1.sum` ->
/// `norm1.sum`); the caller cuts it further if needed.
fn short_name(name: &str) -> String {
    let parts: Vec<&str> = name.rsplitn(3, '.').collect();
    if parts.len() >= 2 { format!("{}.{}", parts[1], parts[0]) } else { name.to_string() }
}

/// `s` in at most `n` cells: a dotted name (no spaces) keeps its end (`…attn.out`), other text
/// its start (`enc.0 · x + sel…`).
fn fit_text(s: &str, n: usize) -> String {
    if s.contains('.') && !s.contains(' ') { fit_end(s, n) } else { fit(s, n) }
}

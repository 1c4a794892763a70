//! The training screen's attention pane: the cross-attention of note 001's example as a grid of
//! weights, its best cell per row marked, as the weights change.

use super::screen::{AttentionView, TrainView, pane, theme_of};
use crate::strings;
use crate::ui::theme::{Theme, shade};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

pub(super) fn render_attention(view: &TrainView, area: Rect, buf: &mut Buffer, wide: bool) {
    let theme = theme_of(view);
    let Some(att) = &view.attention else {
        let block = pane(theme, strings::TRAIN_ATTENTION_TITLE.get());
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(strings::TRAIN_ATTENTION_PENDING.get()).style(theme.dim()).render(inner, buf);
        return;
    };
    let title = if wide {
        strings::train_attention_title_wide(&att.src.concat(), &att.reference, att.layer, att.heads)
    } else {
        strings::train_attention_title(&att.src.concat(), &att.reference)
    };
    let block = pane(theme, title);
    let inner = block.inner(area);
    block.render(area, buf);
    let grid = AttentionGrid { att, theme, spaced: wide };
    let [grid_area, text_area] =
        Layout::horizontal([Constraint::Length(grid.width(inner.width)), Constraint::Fill(1)]).areas(inner);
    grid.render(grid_area, buf);
    let text_area = Rect { x: text_area.x + 2, width: text_area.width.saturating_sub(2), ..text_area };
    let translation =
        if att.translation.is_empty() { strings::TRAIN_NOTHING_YET.to_string() } else { att.translation.clone() };
    let said =
        Span::styled(translation, if att.translation == att.reference { theme.good() } else { theme.highlight() });
    let reference = Span::raw(att.reference.clone());
    let lines = if wide {
        vec![
            Line::from(vec![Span::styled(strings::TRAIN_MODEL_SAYS_WIDE, theme.dim()), said]),
            Line::from(vec![Span::styled(strings::TRAIN_REFERENCE_SAYS_WIDE, theme.dim()), reference]),
            Line::default(),
            Line::styled(strings::train_attention_how_to_read(att.tgt.last().map_or("", |t| t.as_str())), theme.dim()),
            Line::default(),
            Line::styled(strings::TRAIN_ATTENTION_LEARNS, theme.dim()),
        ]
    } else {
        vec![
            Line::styled(strings::TRAIN_MODEL_SAYS, theme.dim()),
            Line::from(vec![Span::raw("  "), said]),
            Line::styled(strings::TRAIN_REFERENCE, theme.dim()),
            Line::from(vec![Span::raw("  "), reference]),
            Line::default(),
            Line::styled(strings::TRAIN_KEY_ROWS, theme.dim()),
            Line::styled(strings::TRAIN_KEY_COLUMNS, theme.dim()),
            Line::styled(strings::TRAIN_KEY_HIGHLIGHT, theme.dim()),
        ]
    };
    // wrapped by the one wrapper that measures Chinese by columns (ratatui's can overrun a column)
    // a line that fits keeps its spacing (the two labels are padded to one width)
    let width = usize::from(text_area.width).max(1);
    let wrapped: Vec<Line> = lines
        .iter()
        .flat_map(|l| {
            if crate::text::width(&l.to_string()) <= width {
                vec![l.clone()]
            } else {
                crate::ui::wrap::wrap_lines(std::slice::from_ref(l), width)
            }
        })
        .collect();
    Paragraph::new(wrapped).render(text_area, buf);
}

/// The attention weights as rows of shade glyphs and numbers under the source characters.
struct AttentionGrid<'a> {
    att: &'a AttentionView,
    theme: Theme,
    /// A blank line between the column labels and the grid.
    spaced: bool,
}

/// The widest cell: a space, two shade glyphs, a space, `0.83`.
const CELL_W: usize = 8;

impl AttentionGrid<'_> {
    /// Row labels: `<bos> → I`, the input token and the word it writes next.
    fn labels(&self) -> Vec<String> {
        let t = &self.att.tgt;
        (0..t.len())
            .map(|i| match t.get(i + 1) {
                Some(next) => format!("{} → {next}", t[i]),
                None => t[i].clone(),
            })
            .collect()
    }

    fn label_w(&self) -> usize {
        self.labels().iter().map(|l| l.width()).max().unwrap_or(0)
    }

    /// Columns the grid takes within `avail`, with cells as wide as fit up to `CELL_W`.
    fn width(&self, avail: u16) -> u16 {
        let (label_w, cell) = self.layout(usize::from(avail));
        u16::try_from(label_w + cell * self.att.src.len()).unwrap_or(avail).min(avail)
    }

    fn layout(&self, avail: usize) -> (usize, usize) {
        let label_w = self.label_w() + 1;
        let n = self.att.src.len().max(1);
        let cell = (avail.saturating_sub(label_w) / n).clamp(2, CELL_W);
        (label_w, cell)
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let (label_w, cell) = self.layout(usize::from(area.width));
        let x_of = |j: usize| area.x + (label_w + j * cell) as u16;
        let put = |buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style| {
            if y < area.bottom() && x < area.right() {
                buf.set_stringn(x, y, s, usize::from(area.right() - x), style);
            }
        };
        // column labels, each centred over its cell's number or glyphs (a Chinese character is
        // two columns wide)
        let (offset, span) = label_span(cell);
        for (j, token) in self.att.src.iter().enumerate() {
            let pad = span.saturating_sub(token.width()) / 2;
            put(buf, x_of(j) + (offset + pad) as u16, area.y, token, theme.title());
        }
        let first_row = area.y + 1 + u16::from(self.spaced);
        for (i, (label, row)) in self.labels().iter().zip(&self.att.weights).enumerate() {
            let y = first_row + i as u16;
            let label_style = if i + 1 == self.att.tgt.len() { theme.dim() } else { Style::new() };
            put(buf, area.x, y, &format!("{label:>w$}", w = label_w - 1), label_style);
            let best = row.iter().enumerate().fold(0, |b, (j, &v)| if v > row[b] { j } else { b });
            for (j, &v) in row.iter().enumerate() {
                let text = cell_text(cell, v);
                let style = if j == best { best_cell(theme, v) } else { theme.sequential(v) };
                // the leading space stays unstyled so neighbouring cells stay apart
                put(buf, x_of(j), y, " ", Style::new());
                put(buf, x_of(j) + 1, y, &text[1..], style);
            }
        }
        let key_y = first_row + self.att.weights.len() as u16;
        let key: Vec<Span> = [0.25f32, 0.5, 0.75, 1.0]
            .iter()
            .flat_map(|&t| [Span::raw(shade(t).to_string()), Span::styled(format!(" {t:.2}  "), theme.dim())])
            .collect();
        if key_y < area.bottom() {
            let key_area =
                Rect { x: x_of(0) + 1, y: key_y, width: area.right().saturating_sub(x_of(0) + 1), height: 1 };
            Line::from(key).render(key_area, buf);
        }
    }
}

/// A cell of `cell` columns: a space, then `▓▓ 0.83`, `▓0.83`, `▓▓` or `▓` as room allows.
fn cell_text(cell: usize, v: f32) -> String {
    let g = shade(v);
    match cell {
        8.. => format!(" {g}{g} {v:.2}"),
        6..=7 => format!(" {g}{v:.2}"),
        3..=5 => format!(" {g}{g}"),
        _ => format!(" {g}"),
    }
}

/// Where a column label is centred within its cell: (offset, width) of the number, or of the
/// glyphs when there is no number.
fn label_span(cell: usize) -> (usize, usize) {
    match cell {
        8.. => (4, 4),
        6..=7 => (2, 4),
        3..=5 => (1, 2),
        _ => (1, 1),
    }
}

/// The row's largest weight: reversed without colour, bold and underlined on its colour with.
fn best_cell(theme: Theme, v: f32) -> Style {
    if theme.color { theme.sequential(v).add_modifier(Modifier::BOLD | Modifier::UNDERLINED) } else { theme.accent() }
}

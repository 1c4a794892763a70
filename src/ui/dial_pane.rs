//! The training-time pane, shown while the dial (`-`/`+`) is on a checkpoint: the loss of every
//! training step as a curve with the checkpoint's step marked, the step and its loss, and what
//! the model at that step translates the sentences into. It takes the map's place in the wide
//! layout; the compact one has no room for it and names the step in the shape trace's title.

use super::frame::note_cut_lines;
use super::theme::Theme;
use super::views::common::fit;
use crate::app::dial::DialView;
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

const LEVELS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

pub(super) fn render_dial(view: &DialView, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(2) as usize;
    let (curve, marked) = curve(view.losses, view.step, view.last_step, width);
    let summary = format!("{} · {}", strings::dial_step(view.step, view.last_step), strings::dial_loss(view.loss));
    let curve_line = |curve: &[char], marked: Option<usize>| {
        let mut spans = Vec::new();
        for (i, c) in curve.iter().enumerate() {
            let style = if Some(i) == marked { theme.highlight() } else { theme.dim() };
            spans.push(Span::styled(c.to_string(), style));
        }
        Line::from(spans)
    };
    let mut lines = vec![Line::styled(summary, theme.highlight()), curve_line(&curve, marked)];
    let marker = marked.map(|m| format!("{}▲", " ".repeat(m))).unwrap_or_default();
    lines.push(Line::styled(marker, theme.highlight()));
    lines.extend(view.translations.iter().map(|t| Line::from(fit(t, width))));
    note_cut_lines(&lines, width);
    let title = Span::styled(format!(" {} ", strings::DIAL_TITLE.get()), theme.title());
    let block = Block::default().borders(Borders::ALL).border_style(theme.border()).title(title);
    Paragraph::new(lines).block(block).render(area, buf);
}

/// The loss of every step in `width` columns (each the mean of its steps, on a log scale from
/// the lowest to the highest), and the column of `step`.
fn curve(losses: &[f32], step: usize, last: usize, width: usize) -> (Vec<char>, Option<usize>) {
    if losses.is_empty() || width == 0 {
        return (Vec::new(), None);
    }
    let columns = width.min(losses.len());
    let means: Vec<f32> = (0..columns)
        .map(|c| {
            let (from, to) =
                (c * losses.len() / columns, ((c + 1) * losses.len() / columns).max(c * losses.len() / columns + 1));
            losses[from..to].iter().sum::<f32>() / (to - from) as f32
        })
        .collect();
    let log = |l: f32| l.max(1e-6).ln();
    let (lo, hi) =
        means.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &m| (lo.min(log(m)), hi.max(log(m))));
    let span = (hi - lo).max(1e-6);
    let chars =
        means.iter().map(|&m| LEVELS[(((log(m) - lo) / span) * 7.0).round().clamp(0.0, 7.0) as usize]).collect();
    let marked = (step * columns.saturating_sub(1)).checked_div(last.max(1)).map(|c| c.min(columns - 1));
    (chars, marked)
}

//! What `train` shows in a terminal: the loss curve, the numbers of the run, held-out accuracy,
//! and the cross-attention of note 001's example 我有一只猫 → I have a cat, redrawn as training
//! goes so the alignment can be watched as it appears. `TrainView` holds what is drawn; the
//! widget only draws it (train_live.rs fills it in).

use crate::ui::theme::{Theme, shade};
use crate::ui::too_small::{MIN_HEIGHT, MIN_WIDTH, TooSmall};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Borders, Chart, Dataset, GraphType, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

/// Everything the training screen shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TrainView {
    pub step: usize,
    pub steps: usize,
    /// (step, mean loss of the steps since the previous point)
    pub loss_curve: Vec<(f64, f64)>,
    pub loss: f32,
    pub lr: f32,
    pub grad_norm: f32,
    pub steps_per_second: f64,
    pub elapsed_s: f64,
    pub left_s: f64,
    /// Held-out exact match and token accuracy at `eval_step`, once evaluated.
    pub eval: Option<(f64, f64)>,
    pub eval_step: usize,
    /// The source characters (columns) and the target tokens the decoder reads (rows).
    pub src_tokens: Vec<String>,
    pub tgt_tokens: Vec<String>,
    /// Cross-attention of the last decoder layer, mean over heads: (T_tgt, T_src).
    pub attention: Vec<Vec<f32>>,
    /// The current model's greedy translation of the source.
    pub translation: String,
    pub theme_color: bool,
}

impl Widget for &TrainView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            TooSmall.render(area, buf);
            return;
        }
        let theme = Theme { color: self.theme_color };
        let [top, bottom, footer] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(11), Constraint::Length(1)]).areas(area);
        let [numbers, attention] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(bottom);
        self.render_curve(top, buf, theme);
        self.render_numbers(numbers, buf, theme);
        self.render_attention(attention, buf, theme);
        Line::styled(" q / Esc / Ctrl-C: stop and save the weights trained so far", theme.dim()).render(footer, buf);
    }
}

impl TrainView {
    fn render_curve(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let max_loss = self.loss_curve.iter().map(|p| p.1).fold(0.0, f64::max).max(0.1);
        let steps = self.steps.max(1) as f64;
        let data = Dataset::default()
            .name("training loss (mean of each 10 steps)")
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(theme.highlight())
            .data(&self.loss_curve);
        let axis_style = theme.dim();
        Chart::new(vec![data])
            .block(block(" Loss: cross-entropy of the next word, teacher forcing ", theme))
            .x_axis(Axis::default().title("step").style(axis_style).bounds([0.0, steps]).labels([
                Span::raw("0"),
                Span::raw(format!("{}", self.steps / 2)),
                Span::raw(format!("{}", self.steps)),
            ]))
            .y_axis(Axis::default().title("loss").style(axis_style).bounds([0.0, max_loss]).labels([
                Span::raw("0"),
                Span::raw(format!("{:.1}", max_loss / 2.0)),
                Span::raw(format!("{max_loss:.1}")),
            ]))
            .render(area, buf);
    }

    fn render_numbers(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let line = |label: &str, value: String| {
            Line::from(vec![Span::styled(format!("{label:<10}"), theme.dim()), Span::raw(value)])
        };
        let (eval1, eval2) = match self.eval {
            Some((exact, tokens)) => (
                format!("{:.1}% exact match", 100.0 * exact),
                format!("{:.1}% of words, at step {}", 100.0 * tokens, self.eval_step),
            ),
            None => ("— (first check at step 250)".to_string(), String::new()),
        };
        let lines = vec![
            line("step", format!("{} of {}", self.step, self.steps)),
            line("loss", format!("{:.4}", self.loss)),
            line("rate", format!("{:.2e} (learning rate)", self.lr)),
            line("gradient", format!("norm {:.3}, clipped at 1", self.grad_norm)),
            line("speed", format!("{:.0} steps/s", self.steps_per_second)),
            line("time", format!("{:.1} s, {:.0} s left", self.elapsed_s, self.left_s)),
            line("held-out", eval1),
            line("", eval2),
        ];
        Paragraph::new(lines).block(block(" Training ", theme)).render(area, buf);
    }

    fn render_attention(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let inner = block(" Cross-attention, last decoder layer ", theme);
        let content = inner.inner(area);
        inner.render(area, buf);
        let label_w = self.tgt_tokens.iter().map(|t| t.width()).max().unwrap_or(0) as u16 + 1;
        let cell_w: u16 = 5;
        let (x0, y0) = (content.x, content.y);
        let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
            if x < content.right() && y < content.bottom() {
                buf.set_stringn(x, y, text, (content.right() - x) as usize, style);
            }
        };
        // column labels: each source character centred over its cell
        for (j, c) in self.src_tokens.iter().enumerate() {
            let x = x0 + label_w + j as u16 * cell_w + 1;
            if x + c.width() as u16 <= content.right() {
                put(buf, x, y0, c, theme.title());
            }
        }
        for (i, row) in self.attention.iter().enumerate().take(content.height.saturating_sub(3) as usize) {
            let y = y0 + 1 + i as u16;
            put(buf, x0, y, self.tgt_tokens.get(i).map(String::as_str).unwrap_or(""), theme.dim());
            let best = crate::model::decode::argmax(row.iter().copied());
            for (j, &w) in row.iter().enumerate() {
                let x = x0 + label_w + j as u16 * cell_w;
                if x + cell_w > content.right() {
                    break;
                }
                let text = format!("{}{:>3}", shade(w), format!("{:.2}", w).trim_start_matches('0'));
                let style = if j == best { theme.highlight() } else { Style::new() };
                put(buf, x, y, &text, style);
            }
        }
        let note_y = y0 + 1 + self.attention.len() as u16;
        put(buf, x0, note_y, "row: word read → chose the next word", theme.dim());
        put(buf, x0, note_y + 1, &format!("translation now: {}", self.translation), theme.highlight());
    }
}

fn block(title: &str, theme: Theme) -> Block<'_> {
    Block::default().borders(Borders::ALL).border_style(theme.border()).title(Span::styled(title, theme.title()))
}

//! The live training screen, drawn from plain numbers (`TrainView`, in `app::training_screen`)
//! so it can be tested without a terminal: the loss curve, the run's numbers, and the
//! cross-attention of note 001's example 我有一只猫 → I have a cat as the weights change.
//! `train_live` fills the view and draws it.

use super::attention::render_attention;
use crate::app::keymap::training_stop_hint;
use crate::strings;
use crate::text::thousands;
use crate::ui::theme::Theme;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, LineGauge, Paragraph, Widget};
use std::time::Duration;

pub use crate::app::training_screen::{AttentionView, EvalView, LossCurve, SMOOTHING, TrainView};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Draw the training screen into the frame.
pub fn draw(frame: &mut Frame, view: &TrainView) {
    frame.render_widget(view, frame.area());
}

impl Widget for &TrainView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            render_too_small(self, area, buf);
            return;
        }
        let wide = area.width >= 110 && area.height >= 32;
        let attention_h = if wide { 11 } else { 10 };
        let [top, bottom, footer] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(attention_h), Constraint::Length(1)]).areas(area);
        let numbers_w = if wide { 38 } else { 30 };
        let [chart, numbers] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(numbers_w)]).areas(top);
        render_chart(self, chart, buf);
        render_numbers(self, numbers, buf);
        render_attention(self, bottom, buf, wide);
        render_footer(self, footer, buf);
    }
}

/// The theme the view asks for (colour, or plain).
pub(super) fn theme_of(view: &TrainView) -> Theme {
    Theme { color: view.color }
}

pub(super) fn pane<'a>(theme: Theme, title: impl Into<Line<'a>>) -> Block<'a> {
    Block::bordered().border_style(theme.border()).title(title.into().style(theme.title()))
}

fn render_chart(view: &TrainView, area: Rect, buf: &mut Buffer) {
    let theme = theme_of(view);
    let y_max = view.curve.iter().map(|p| p.1).fold(0.0, f64::max);
    let y_max = if y_max > 0.0 { y_max } else { 1.0 };
    let x_max = view.total.max(1) as f64;
    let dataset = Dataset::default()
        .marker(Marker::Braille)
        .graph_type(GraphType::Line)
        .style(theme.highlight())
        .data(&view.curve);
    let y_labels = [0.0, y_max / 2.0, y_max].map(|v| Span::styled(format!("{v:.2}"), theme.dim()));
    let x_labels = [strings::TRAIN_STEP_ZERO.to_string(), (view.total / 2).to_string(), view.total.to_string()];
    let block = pane(theme, strings::train_loss_title(SMOOTHING));
    let inner = block.inner(area);
    block.render(area, buf);
    // the y axis's name on its own line above the plot (a chart's axis titles overlap the curve)
    let [name, plot] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(inner);
    Line::styled(strings::TRAIN_LOSS, theme.dim()).render(name, buf);
    Chart::new(vec![dataset])
        .x_axis(
            Axis::default()
                .bounds([0.0, x_max])
                .labels(x_labels.map(|l| Span::styled(l, theme.dim())))
                .style(theme.dim()),
        )
        .y_axis(Axis::default().bounds([0.0, y_max]).labels(y_labels).style(theme.dim()))
        .render(plot, buf);
}

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn render_numbers(view: &TrainView, area: Rect, buf: &mut Buffer) {
    let theme = theme_of(view);
    let block = pane(theme, strings::TRAIN_RUN_TITLE.get());
    let inner = block.inner(area);
    block.render(area, buf);
    let label_w = 15;
    let row = |label: &str, value: String| -> Line {
        Line::from(vec![Span::styled(format!("{label:<label_w$}"), theme.dim()), Span::raw(value)])
    };
    let dash = || "—".to_string();
    let mut top = vec![row(strings::TRAIN_STEP.get(), format!("{} / {}", view.step, view.total))];
    let gauge_line = top.len();
    top.push(Line::default()); // the progress gauge goes here
    top.extend([
        row(strings::TRAIN_LOSS.get(), view.loss.map_or_else(dash, |l| format!("{l:.4}"))),
        row(strings::TRAIN_LR.get(), if view.step == 0 { dash() } else { format!("{:.2e}", view.lr) }),
        row(&strings::TRAIN_SPEED, if view.step == 0 { dash() } else { strings::steps_per_sec(view.steps_per_sec) }),
        row(strings::TRAIN_ELAPSED.get(), clock(view.elapsed)),
        row(strings::TRAIN_TIME_LEFT.get(), view.left.map_or_else(dash, clock)),
        row(strings::TRAIN_GRAD_NORM.get(), if view.step == 0 { dash() } else { format!("{:.3}", view.grad_norm) }),
    ]);
    let heading = match &view.eval {
        Some(e) => strings::heldout_at(e.step),
        None => strings::heldout_every(view.eval_every),
    };
    let mut eval = vec![Line::styled(heading, theme.title())];
    let percent = |f: Option<f64>| f.map_or_else(dash, |v| format!("{:.1}%", 100.0 * v));
    eval.push(row(strings::TRAIN_EXACT_MATCH.get(), percent(view.eval.map(|e| e.exact_match))));
    eval.push(row(strings::TRAIN_TOKEN_ACCURACY.get(), percent(view.eval.map(|e| e.token_accuracy))));
    let about = [
        Line::styled(strings::train_parameters(&thousands(view.parameters)), theme.dim()),
        Line::styled(strings::train_batch_seed(view.batch, view.seed), theme.dim()),
    ];
    let height = usize::from(inner.height);
    let mut lines = top;
    // room to spare: a blank line before the evaluation, and what is being trained
    if height > lines.len() + eval.len() + 1 + about.len() {
        lines.push(Line::default());
        lines.extend(eval);
        lines.push(Line::default());
        lines.extend(about);
    } else if height > lines.len() + eval.len() {
        lines.push(Line::default());
        lines.extend(eval);
    } else {
        lines.extend(eval);
    }
    Paragraph::new(lines).render(inner, buf);
    if usize::from(inner.height) > gauge_line {
        let ratio = if view.total == 0 { 0.0 } else { (view.step as f64 / view.total as f64).clamp(0.0, 1.0) };
        let gauge_area = Rect { y: inner.y + gauge_line as u16, height: 1, ..inner };
        LineGauge::default()
            .ratio(ratio)
            .label(format!("{:>3.0}% ", 100.0 * ratio))
            .filled_symbol(ratatui::symbols::line::THICK_HORIZONTAL)
            .unfilled_symbol(ratatui::symbols::line::HORIZONTAL)
            .filled_style(if theme.color { theme.highlight() } else { Style::new() })
            .unfilled_style(theme.dim())
            .render(gauge_area, buf);
    }
}

fn render_footer(view: &TrainView, area: Rect, buf: &mut Buffer) {
    let theme = theme_of(view);
    let stop = training_stop_hint();
    let text = view.status.as_deref().unwrap_or(&stop);
    let style = if view.status.is_some() { theme.highlight() } else { theme.accent() };
    Paragraph::new(Line::styled(format!(" {text} "), style)).render(area, buf);
}

fn render_too_small(view: &TrainView, area: Rect, buf: &mut Buffer) {
    let progress = strings::training_continues(view.step, view.total, view.loss);
    let stop = training_stop_hint();
    let footer = view.status.as_deref().unwrap_or(&stop);
    let text = strings::train_too_small(area.width, area.height, MIN_WIDTH, MIN_HEIGHT, &progress, footer);
    let top = area.height.saturating_sub(4) / 2;
    let area = Rect { y: area.y + top, height: area.height - top, ..area };
    // wrapped by the one wrapper that measures Chinese by columns (ratatui's can overrun a column)
    let lines: Vec<Line> = text.lines().map(|l| Line::from(l.to_string())).collect();
    let wrapped = crate::ui::wrap::wrap_lines(&lines, usize::from(area.width).max(1));
    Paragraph::new(wrapped).alignment(Alignment::Center).render(area, buf);
}

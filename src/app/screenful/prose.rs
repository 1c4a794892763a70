//! The lesson text pane as data: the beat's prose, a question with its answer line, the hint or
//! the result and its explanation, wrapped by columns (`wrap`) and ordered. When it is taller
//! than the pane, its bottom border says that more follows and how to scroll (PgDn, or Tab to the
//! pane and ↓). In a short pane (80x24 gives six lines) an answer being typed or already checked
//! would sit below the fold: at the top of the text it then comes first, so the learner sees
//! what was typed and the ✓ or the answer without scrolling.

use super::title::prose_title;
use super::wrap::wrap_lines;
use crate::app::state::{App, InputFor, Pane};
use crate::app::theme::Theme;
use crate::lesson::question::Attempt;
use crate::strings;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The lesson text pane, ready to draw.
#[derive(Debug, Clone)]
pub struct ProsePane {
    pub area: Rect,
    pub title: String,
    /// Every line, wrapped to the pane's inner width and in the order shown.
    pub lines: Vec<Line<'static>>,
    /// The first line shown.
    pub scroll: u16,
    /// The bottom border's note that more lies above or below, and how to scroll.
    pub more: Option<String>,
    pub focused: bool,
    /// The furthest the text scrolls in this pane: its last line at the pane's last row.
    pub scroll_limit: u16,
}

impl ProsePane {
    /// The prose of `app` in the pane `area`.
    pub(super) fn of(app: &App, theme: Theme, area: Rect) -> ProsePane {
        let title = prose_title(
            app.beat() + 1,
            app.beat_count(),
            app.lesson().title_in(crate::lang::current()),
            area.width.saturating_sub(2) as usize,
        );
        let height = area.height.saturating_sub(2) as usize;
        let (parts, key_row) = rows(app, theme, area);
        let total = line_count(&parts);
        let scroll_limit = total.saturating_sub(height).try_into().unwrap_or(u16::MAX);
        let [text, question, tail] = parts;
        // scroll no further than the last line
        let scroll = usize::from(app.prose_scroll()).min(total.saturating_sub(height));
        let answering = app.input().is_some() && app.input_for() == InputFor::Answer;
        let checked = app.question().is_some() && app.attempt() != Attempt::Unanswered;
        let below_fold = text.len() + key_row >= height;
        let mut lines: Vec<Line> = if (answering || checked) && below_fold && scroll == 0 {
            question.into_iter().chain(text).chain(tail).collect()
        } else {
            text.into_iter().chain(question).chain(tail).collect()
        };
        // the blank line after the last paragraph is no more text: it must not earn a "more" marker
        while lines.last().is_some_and(|l| l.to_string().trim().is_empty()) {
            lines.pop();
        }
        let focused = app.focus() == Pane::Prose;
        let more = strings::prose_more(scroll > 0, scroll + height < lines.len(), focused).map(str::to_string);
        ProsePane { area, title, lines, scroll: scroll as u16, more, focused, scroll_limit }
    }
}

/// The prose in rows of the pane `area`: text, question, tail; and the row of the question's
/// lines that must be seen (what is being typed, or the result).
fn rows(app: &App, theme: Theme, area: Rect) -> ([Vec<Line<'static>>; 3], usize) {
    let width = area.width.saturating_sub(2).max(1) as usize;
    let mut question = Vec::new();
    let key = question_lines(app, theme, &mut question);
    let key_row = wrap_lines(&question[..key.min(question.len())], width).len();
    let rows = [
        wrap_lines(&text_lines(app, theme), width),
        wrap_lines(&question, width),
        wrap_lines(&tail_lines(app, theme), width),
    ];
    (rows, key_row)
}

/// The lines of the text, question and tail together, without the blank lines at the end (the
/// gap after the last paragraph is no more text).
fn line_count(parts: &[Vec<Line<'static>>; 3]) -> usize {
    let all: Vec<&Line> = parts.iter().flatten().collect();
    let blank_tail = all.iter().rev().take_while(|l| l.to_string().trim().is_empty()).count();
    all.len() - blank_tail
}

/// What is typed for a new sentence, the own-sentences note, the question's label and the
/// beat's paragraphs.
fn text_lines(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = Vec::new();
    if let (Some(typed), InputFor::Sentence) = (app.input(), app.input_for()) {
        lines.push(Line::from(vec![
            Span::styled(strings::YOUR_SENTENCE, theme.highlight()),
            Span::raw(typed.to_string()),
            Span::styled("▏", theme.accent()),
        ]));
        lines.push(Line::styled(strings::SENTENCE_HINT, theme.dim()));
        lines.push(Line::from(""));
    }
    if let Some(note) = app.sentences_note() {
        lines.push(Line::styled(note, theme.dim()));
        lines.push(Line::from(""));
    } else if app.own_sentences() {
        lines.push(Line::styled(strings::OWN_SENTENCES_NOTE, theme.dim()));
        lines.push(Line::from(""));
    }
    let text = app.beat_text();
    // a question's label, unless its prose already begins with it
    if app.question().is_some() && !text.trim_start().starts_with(strings::QUESTION.get()) {
        lines.push(Line::styled(strings::QUESTION, theme.title()));
    }
    for para in text.split("\n\n") {
        lines.push(Line::from(para.split_whitespace().collect::<Vec<_>>().join(" ")));
        lines.push(Line::from(""));
    }
    lines
}

/// After everything: that the learner stepped away from the beat's operation, and the words of
/// a typed sentence that are not in the vocabulary.
fn tail_lines(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if !app.on_beat_op() {
        lines.push(Line::styled(strings::stepped_away(&app.lesson().beats[app.beat()].op), theme.dim()));
    }
    for u in app.setup().unknown_report() {
        lines.push(Line::styled(u, theme.bad()));
    }
    lines
}

/// Below a question: the answer line, the hint after a wrong try, the explanation at the end.
/// Returns the index in `lines` of the line the learner must see: the answer being typed, the
/// hint, or the result.
fn question_lines(app: &App, theme: Theme, lines: &mut Vec<Line<'static>>) -> usize {
    if app.question().is_none() {
        return 0;
    }
    let first = lines.len();
    let given = app.progress().given(&app.lesson().id, app.beat());
    let attempt = app.attempt();
    let paragraph = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !given.is_empty() {
        lines.push(Line::styled(strings::tried(given), theme.dim()));
    }
    // the hint, the answer line or the result comes next
    let key = lines.len() - first;
    match attempt {
        Attempt::Unanswered | Attempt::WrongOnce => {
            if attempt == Attempt::WrongOnce {
                lines.push(Line::from(vec![
                    Span::styled(strings::HINT, theme.highlight()),
                    Span::raw(paragraph(app.hint_text().unwrap_or_default())),
                ]));
            }
            match app.input().filter(|_| app.input_for() == InputFor::Answer) {
                Some(text) => lines.push(Line::from(vec![
                    Span::styled(strings::YOUR_ANSWER, theme.highlight()),
                    Span::raw(text.to_string()),
                    Span::styled("▏", theme.accent()),
                ])),
                None => lines.push(Line::styled(strings::PRESS_ENTER, theme.accent())),
            }
        }
        Attempt::Right { .. } | Attempt::GaveUp => {
            let expected = app.expected_answer().unwrap_or_default();
            let (mark, style) = if attempt == Attempt::GaveUp {
                (strings::ANSWER_WAS, theme.bad())
            } else if !app.last_answer_still_right() {
                // answered right on other sentences or at another training step: the answer here
                (strings::RIGHT_BEFORE, theme.good())
            } else {
                (strings::RIGHT_MARK, theme.good())
            };
            lines.push(Line::from(vec![Span::styled(mark, style), Span::styled(expected, theme.highlight())]));
            lines.push(Line::from(paragraph(app.explain_text().unwrap_or_default())));
        }
    }
    lines.push(Line::from(""));
    key
}

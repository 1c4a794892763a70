//! The code pane as data (`p`): the PyTorch lines that compute the focused operation, with this
//! run's shapes and a comment in the screen's language, the note that computes the same thing,
//! and beside a what-if, the lines the what-if changes. It takes the shape trace's place, so it
//! is drawn as a `TracePane` (a titled pane of lines).

use super::trace::TracePane;
use crate::app::state::{App, Pane};
use crate::app::theme::Theme;
use crate::code::{self, Lib, Snippet};
use crate::model::config::PositionLayout;
use crate::strings;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

/// The pane's lines before wrapping, each with its style and whether it is code (the lines a
/// short pane keeps last: the comment first, then the code's last lines, which make the result).
pub(super) struct CodeLines {
    lines: Vec<(String, Style, Role)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Comment,
    Code,
    Aside,
}

impl CodeLines {
    /// The lines of the focused operation's code, for a pane `wide` or not.
    pub(super) fn of(app: &App, theme: Theme, wide: bool) -> CodeLines {
        let run = app.run();
        let (program, weights) = (run.program(), run.weights());
        let op = program.op(app.op());
        let snippet = code::snippet(program, weights, app.op(), Lib::Torch);
        let halves = weights.config.conventions.positions == PositionLayout::Halves;
        let tied = code::tied_output(weights);
        let comment = format!("# {}", strings::code_comment(op, halves, tied));
        let mut lines = vec![(comment, theme.dim(), Role::Comment)];
        // on a gradient, the backward's lines: from the gradient shown, those of what it read
        let back = app.on_gradient().then(|| code::backward(program, weights, app.op(), Lib::Torch)).flatten();
        if let Some(b) = back {
            lines.push((format!("# {}", strings::code_backward(&b.d_out)), theme.dim(), Role::Comment));
            lines.extend(b.lines.iter().map(|l| (app.code_withheld(l), theme.highlight(), Role::Code)));
            return CodeLines { lines };
        }
        let code = snippet.lines_with_shape();
        lines.extend(code.iter().map(|l| (app.code_withheld(l), theme.highlight(), Role::Code)));
        if let Some(changed) = what_if_lines(app, &snippet) {
            let heading = strings::CODE_WHAT_IF.to_string();
            for (i, line) in changed.into_iter().enumerate() {
                let head = if i == 0 { heading.clone() } else { " ".repeat(crate::text::width(&heading)) };
                lines.push((format!("{head} {}", app.code_withheld(&line)), theme.accent(), Role::Code));
            }
        }
        if let Some(note) = snippet.note {
            lines.push((format!("# {}", strings::code_note(note.note, note.code)), theme.dim(), Role::Aside));
            if let (true, Some(m)) = (wide, note.mistake) {
                lines.push((format!("#   {}", strings::code_fix_why(m.variant)), theme.dim(), Role::Aside));
                lines.push((format!("#   {} {}", strings::CODE_NOTE_WRITES, m.wrong), theme.dim(), Role::Aside));
                lines.push((format!("#   {} {}", strings::CODE_CORRECTED, m.right), theme.dim(), Role::Aside));
            }
        }
        if wide {
            let reads: Vec<String> = snippet
                .bindings
                .iter()
                .filter_map(|b| match &b.source {
                    code::Source::Tensor(name) if *name != b.local => Some(format!("{} = {name}", b.local)),
                    _ => None,
                })
                .collect();
            if !reads.is_empty() {
                lines.insert(1, (format!("# {}", reads.join(" · ")), theme.dim(), Role::Aside));
            }
        }
        CodeLines { lines }
    }

    /// The rows the pane needs to show every line, cut to `width` (its border included).
    pub(super) fn height(&self, width: usize) -> u16 {
        let rows: usize = self.lines.iter().map(|(text, ..)| wrap_code(text, width.max(8)).len()).sum();
        rows.min(u16::MAX as usize - 2) as u16 + 2
    }

    /// The pane in `area`. When its lines do not fit, the asides (the note, the names read) go
    /// first, then the code's first lines (`…` says so): the line that makes the result stays.
    pub(super) fn pane(self, app: &App, area: Rect) -> TracePane {
        let op = app.run().program().op(app.op());
        let inner_width = area.width.saturating_sub(2) as usize;
        let room = area.height.saturating_sub(2) as usize;
        let title = format!(" {} · {} ", strings::CODE_PANE, op.name);
        let mut rows: Vec<(String, Style, Role)> = Vec::new();
        for (text, style, role) in &self.lines {
            rows.extend(wrap_code(text, inner_width.max(8)).into_iter().map(|l| (l, *style, *role)));
        }
        while rows.len() > room {
            match rows.iter().rposition(|r| r.2 == Role::Aside) {
                Some(i) => drop(rows.remove(i)),
                None => break,
            }
        }
        if rows.len() > room && room >= 3 {
            let first_code = rows.iter().position(|r| r.2 == Role::Code).unwrap_or(0);
            let cut = rows.len() - room + 1;
            let style = rows[first_code].1;
            rows.splice(first_code..first_code + cut, [("…".to_string(), style, Role::Code)]);
        }
        let lines = rows.into_iter().map(|(text, style, _)| Line::styled(text, style)).collect();
        TracePane { area, title, focused: app.focus() == Pane::Trace, lines }
    }
}

/// Beside a what-if whose program computes this operation differently: the what-if's lines that
/// the taught program's snippet does not have.
fn what_if_lines(app: &App, taught: &Snippet) -> Option<Vec<String>> {
    let variant = app.what_if()?.run.as_ref().ok()?;
    let index = variant.program().index_of(&taught.op)?;
    let other = code::snippet(variant.program(), variant.weights(), index, Lib::Torch);
    let taught_lines = taught.lines_with_shape();
    let changed: Vec<String> = other.lines_with_shape().into_iter().filter(|l| !taught_lines.contains(l)).collect();
    (!changed.is_empty()).then_some(changed)
}

/// A line of code cut to `width` columns, its spaces kept (a prose wrap would fold `x  # ...`):
/// at the last space that fits, else at the width; each further piece indented four columns.
pub(super) fn wrap_code(line: &str, width: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = line.to_string();
    loop {
        let indent = if pieces.is_empty() { "" } else { "    " };
        let room = width.saturating_sub(indent.len()).max(1);
        if crate::text::width(&rest) <= room {
            pieces.push(format!("{indent}{rest}"));
            return pieces;
        }
        let mut cut = 0; // the byte where `room` columns end
        let mut used = 0;
        for (i, c) in rest.char_indices() {
            let w = crate::text::width(c.encode_utf8(&mut [0; 4]));
            if used + w > room {
                break;
            }
            used += w;
            cut = i + c.len_utf8();
        }
        let at = rest[..cut].rfind(' ').filter(|&i| i > 0).unwrap_or(cut.max(1));
        pieces.push(format!("{indent}{}", &rest[..at]));
        rest = rest[at..].trim_start().to_string();
    }
}

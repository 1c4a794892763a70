//! `--print`: the lesson as plain text, each beat with its live view, for reading in a pipe.

use crate::app::App;
use crate::app::screenful::{LinesScroll, lines_plan};
use crate::ui::frame::buffer_text;
use crate::ui::text::wrap;
use crate::ui::theme::Theme;
use crate::ui::views::render_view_data;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::fmt::Write;

/// Width of the printed text.
pub const PRINT_WIDTH: u16 = 100;

/// Every beat of the app's lesson: heading, prose, formula, shape trace, and the view drawn as text.
pub fn lesson_text(app: &mut App) -> String {
    let mut out = String::new();
    print_lesson(app, &mut |part| {
        out.push_str(part);
        true
    });
    out
}

/// The same, handed to `emit` a part at a time as it is made (the heading, then each beat), so
/// the first beat is out before the last is worked out; `emit` returns false to stop (the reader
/// went away).
pub fn print_lesson(app: &mut App, emit: &mut dyn FnMut(&str) -> bool) {
    crate::lang::with(app.lang(), || print_in_language(app, emit))
}

fn print_in_language(app: &mut App, emit: &mut dyn FnMut(&str) -> bool) {
    app.lay_out_as_printed(); // the view is printed below each beat's text
    let mut out = String::new();
    let _ = writeln!(out, "{} — {}", app.lesson().id, app.lesson().title_in(app.lang()));
    if let Some(ideas) = crate::strings::lesson_ideas(&app.lesson().ideas) {
        let _ = writeln!(out, "{ideas}");
    }
    let _ = writeln!(
        out,
        "{}",
        crate::strings::print_sentences(&app.sentences_as_read(true), &app.sentences_as_read(false))
    );
    if app.own_sentences() {
        let _ = writeln!(out, "{}\n", crate::strings::OWN_SENTENCES_NOTE);
    }
    if let Some(dial) = app.dial_view() {
        let (title, step) = (crate::strings::DIAL_TITLE.get(), crate::strings::dial_step(dial.step, dial.last_step));
        let _ = writeln!(out, "{title}: {step} · {}", crate::strings::dial_loss(dial.loss));
    }
    for i in 0..app.beat_count() {
        if !emit(&std::mem::take(&mut out)) {
            return;
        }
        app.go_to_beat(i);
        let op = app.run().program().op(app.op()).clone();
        let heading = crate::strings::print_beat_heading(
            i + 1,
            app.beat_count(),
            &op.name,
            &app.shape_shown(&op.shape),
            &op.where_text(),
        );
        let _ = writeln!(out, "{heading}");
        if let Some(note) = app.sentences_note() {
            let _ = writeln!(out, "{note}");
        }
        for line in wrap(&app.text_of_beat(i), PRINT_WIDTH as usize) {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(out, "\n  {}\n  {}\n", app.formula_withheld(op.formula.to_string()), app.shape_trace());
        if let Some(note) = app.non_finite_note() {
            for line in wrap(&note, PRINT_WIDTH as usize) {
                let _ = writeln!(out, "{line}");
            }
            let _ = writeln!(out);
        }
        let area = Rect::new(0, 0, PRINT_WIDTH, 32);
        let mut buf = Buffer::empty(area);
        let scroll =
            LinesScroll { first: app.lines_scroll(), scrollable: app.view_kind().scrolls_lines(), reveal: &[] };
        let lines = lines_plan(app.view_data(), area, scroll);
        render_view_data(app.view_data(), lines.as_ref(), Theme::plain(), area, &mut buf);
        let text = buffer_text(&buf);
        let _ = writeln!(out, "{}\n", text.trim_end());
        what_if_text(app, &mut out);
    }
    emit(&out);
}

/// A beat's what-if: its measured lines, then the variant's view (or why there is none).
fn what_if_text(app: &App, out: &mut String) {
    let Some(w) = app.what_if_view() else { return };
    let _ = writeln!(out, "  {}", crate::strings::variant_label(w.variant));
    for (line, _) in &w.lines {
        for part in wrap(line, PRINT_WIDTH as usize - 2) {
            let _ = writeln!(out, "  {part}");
        }
    }
    match &w.other {
        // a softmax view already holds the variant's rows beside the taught ones
        Ok(_) if w.beside => {}
        Ok(other) => {
            let area = Rect::new(0, 0, PRINT_WIDTH, 32);
            let mut buf = Buffer::empty(area);
            let scroll = LinesScroll { first: app.lines_scroll(), scrollable: other.kind.scrolls_lines(), reveal: &[] };
            let lines = lines_plan(&other.data, area, scroll);
            render_view_data(&other.data, lines.as_ref(), Theme::plain(), area, &mut buf);
            let _ = writeln!(out, "\n{}\n", buffer_text(&buf).trim_end());
        }
        // a variant that cannot run said why in its lines above
        Err(message) if w.runs => {
            for part in wrap(message, PRINT_WIDTH as usize - 2) {
                let _ = writeln!(out, "  {part}");
            }
            let _ = writeln!(out);
        }
        Err(_) => {
            let _ = writeln!(out);
        }
    }
}

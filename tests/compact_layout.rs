//! The compact layout (80x24), as a learner driving it with keys sees it: the six-line prose
//! pane says when more text follows and how to reach it, the status bar names the keys that move
//! on, Tab never lands on a pane that is not drawn, and a checked answer shows without
//! scrolling. Frames are drawn as the terminal loop draws them (after telling the app what the
//! screen has room for: whether the map is on it, how far the text scrolls).

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::sync::Arc;
use transformer_tutor::app::keymap::action_for;
use transformer_tutor::app::{Action, App, Pane};
use transformer_tutor::lang::Lang;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::strings;
use transformer_tutor::ui::{self, theme::Theme};

fn lesson(id: &str) -> App {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    App::new(catalog.get(id).expect("a built-in lesson").clone(), weights).expect("the lesson opens")
}

/// Draw as the terminal loop does: tell the app what this size has room for (whether it shows
/// the map, how far the text can scroll), then draw the frame.
fn draw(app: &mut App, width: u16, height: u16, theme: Theme) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    app.update(Action::Fit(ui::measure(app, terminal.get_frame().area())));
    let completed = terminal.draw(|f| ui::draw(f, app, theme)).unwrap();
    completed.buffer.clone()
}

fn text(app: &mut App, width: u16, height: u16) -> String {
    ui::buffer_text(&draw(app, width, height, Theme::plain()))
}

fn press(app: &mut App, key: KeyCode) {
    if let Some(action) = action_for(KeyEvent::new(key, KeyModifiers::NONE), app.key_mode()) {
        app.clear_status();
        app.update(action);
    }
}

/// The prose pane's bottom border at 80x24: the first line that starts with `└` (the prose pane
/// is the top one).
fn prose_bottom(frame: &str) -> &str {
    frame.lines().find(|l| l.starts_with('└')).expect("the prose pane's bottom border")
}

#[test]
fn the_prose_pane_says_more_text_follows_and_how_to_reach_it() {
    let mut app = lesson("masks");
    // the first beat whose text is longer than the pane
    let screen = ratatui::layout::Rect::new(0, 0, 80, 24);
    let long = (0..app.beat_count())
        .find(|&b| {
            app.go_to_beat(b);
            ui::frame::prose_scroll_limit(&app, screen) >= 1
        })
        .expect("a beat whose text does not fit");
    app.go_to_beat(long);
    let first = text(&mut app, 80, 24);
    assert!(prose_bottom(&first).contains("↓ more: PgDn (or Tab here, ↓)"), "{first}");
    assert_snapshot!("compact_prose_more_below", first);
    // scrolled to its end (and past it: the loop keeps the scroll at the end): more above only
    for _ in 0..20 {
        press(&mut app, KeyCode::PageDown);
        text(&mut app, 80, 24);
    }
    let end = text(&mut app, 80, 24);
    assert!(prose_bottom(&end).contains("↑ more above: PgUp"), "{end}");
    // in between, with the pane focused: both ways, and the arrows named (a beat with text two
    // lines and more below the pane)
    let screen = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut app = ["attention", "masks", "decoder", "output", "why-attention"]
        .into_iter()
        .map(lesson)
        .find_map(|mut app| {
            let long = (0..app.beat_count()).find(|&b| {
                app.go_to_beat(b);
                ui::frame::prose_scroll_limit(&app, screen) >= 2
            })?;
            app.go_to_beat(long);
            Some(app)
        })
        .expect("a beat whose text is two lines longer than the pane");
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.focus(), Pane::Prose);
    press(&mut app, KeyCode::Down);
    let middle = text(&mut app, 80, 24);
    assert!(prose_bottom(&middle).contains("↑↓ more: ↑/↓ or PgUp/PgDn"), "{middle}");
    // a pane that holds all its text says nothing
    let mut wide = lesson("masks");
    let whole = text(&mut wide, 120, 40);
    let border = whole.lines().find(|l| l.starts_with('└')).unwrap();
    assert!(!border.contains("more"), "{whole}");
}

#[test]
fn the_status_bar_names_the_beat_keys_at_80_columns() {
    for id in ["masks", "attention", "output"] {
        let mut app = lesson(id);
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            let frame = text(&mut app, 80, 24);
            let status = frame.lines().last().unwrap();
            assert!(status.contains("←/→ beat"), "{id} beat {}: {status}", beat + 1);
            if app.question().is_some() {
                assert!(status.contains("Enter answer"), "{id} beat {}: {status}", beat + 1);
            }
        }
    }
}

#[test]
fn tab_skips_the_map_when_it_is_not_drawn() {
    let mut app = lesson("attention");
    draw(&mut app, 80, 24, Theme::plain());
    let mut seen = vec![app.focus()];
    for _ in 0..6 {
        press(&mut app, KeyCode::Tab);
        // the focused pane is on screen: its border is lit somewhere in the frame
        let buf = draw(&mut app, 80, 24, Theme { color: true });
        let lit = Theme { color: true }.focus_border();
        assert!(buf.content.iter().any(|c| c.style().fg == lit.fg), "focus on {:?}, not drawn", app.focus());
        seen.push(app.focus());
    }
    assert!(!seen.contains(&Pane::Map), "Tab landed on the hidden map: {seen:?}");
    assert_eq!(seen[..4], [Pane::Tensor, Pane::Trace, Pane::Prose, Pane::Tensor]);
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.focus(), Pane::Prose, "Shift-Tab skips it too");
    // where the map is drawn, Tab reaches it
    let mut wide = lesson("attention");
    draw(&mut wide, 120, 40, Theme::plain());
    press(&mut wide, KeyCode::Tab);
    press(&mut wide, KeyCode::Tab);
    assert_eq!(wide.focus(), Pane::Map);
}

/// The first beat of `id` with a question.
fn question_beat(app: &mut App) {
    let beat = (0..app.beat_count()).find(|&b| app.lesson().beats[b].question.is_some()).expect("a question");
    app.go_to_beat(beat);
}

fn type_answer(app: &mut App, answer: &str) {
    press(app, KeyCode::Enter);
    for c in answer.chars() {
        press(app, KeyCode::Char(c));
    }
}

#[test]
fn a_checked_answer_shows_in_the_six_line_prose() {
    let mut app = lesson("masks");
    question_beat(&mut app);
    let asked = text(&mut app, 80, 24);
    assert!(!asked.contains(strings::RIGHT_MARK.get()), "{asked}");
    // the answer line shows while typing
    let expected = app.expected_answer().expect("the question's answer");
    type_answer(&mut app, &expected);
    let typing = text(&mut app, 80, 24);
    assert!(typing.contains(&format!("{}{expected}", strings::YOUR_ANSWER)), "{typing}");
    assert_snapshot!("compact_question_typing", typing);
    press(&mut app, KeyCode::Enter);
    let right = text(&mut app, 80, 24);
    assert!(prose(&right).contains(&format!("{}{expected}", strings::RIGHT_MARK)), "{right}");
    assert_snapshot!("compact_question_right", right);
}

/// The prose pane's lines at 80x24 (its border, six lines, its border).
fn prose(frame: &str) -> String {
    frame.lines().take(8).collect::<Vec<_>>().join("\n")
}

/// Every question of every lesson, answered right and given up at 80x24: what was typed shows
/// while typing, and the result after Enter, however long the question's text.
#[test]
fn every_checked_answer_shows_without_scrolling() {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut questions = 0;
    let mut longest: Option<(usize, String)> = None;
    for lesson in &catalog.lessons {
        for beat in 0..lesson.beats.len() {
            if lesson.beats[beat].question.is_none() {
                continue;
            }
            questions += 1;
            let mut right = App::new(lesson.clone(), weights.clone()).unwrap();
            right.go_to_beat(beat);
            let place = format!("{} beat {}", lesson.id, beat + 1);
            let expected = right.expected_answer().expect("an answer");
            type_answer(&mut right, &expected);
            let typing = text(&mut right, 80, 24);
            assert!(prose(&typing).contains(strings::YOUR_ANSWER.get()), "{place}, typing:\n{typing}");
            press(&mut right, KeyCode::Enter);
            let frame = text(&mut right, 80, 24);
            assert!(prose(&frame).contains(strings::RIGHT_MARK.get()), "{place}, right:\n{frame}");
            let rows = right.text_of_beat(beat).len();
            if longest.as_ref().is_none_or(|(n, _)| rows > *n) {
                longest = Some((rows, frame));
            }
            let mut gave_up = App::new(lesson.clone(), weights.clone()).unwrap();
            gave_up.go_to_beat(beat);
            for _ in 0..2 {
                type_answer(&mut gave_up, "not it");
                press(&mut gave_up, KeyCode::Enter);
            }
            let frame = text(&mut gave_up, 80, 24);
            assert!(prose(&frame).contains(strings::ANSWER_WAS.get()), "{place}, gave up:\n{frame}");
        }
    }
    assert!(questions >= 10, "the lessons ask questions ({questions})");
    // the longest question's text: its result comes first, above the question
    assert_snapshot!("compact_longest_question_right", longest.unwrap().1);
}

#[test]
fn a_given_up_answer_shows_in_the_six_line_prose() {
    let mut app = lesson("masks");
    question_beat(&mut app);
    for _ in 0..2 {
        type_answer(&mut app, "not it");
        press(&mut app, KeyCode::Enter);
    }
    let frame = text(&mut app, 80, 24);
    assert!(prose(&frame).contains(strings::ANSWER_WAS.get()), "{frame}");
    assert_snapshot!("compact_question_gave_up", frame);
}

/// Cell mode at 80x24: the shape trace gives its rows to the derivation, so a softmax cell's
/// derivation shows whole (down to the recomputed value); a longer one (a Linear cell's 32 terms)
/// ends in a line that counts what is below, and PgDn/PgUp scroll it.
#[test]
fn a_cells_derivation_shows_whole_or_says_how_to_scroll_at_80x24() {
    let mut app = lesson("attention");
    let beat = (0..app.beat_count()).find(|&b| app.lesson().beats[b].op == "enc.0.self_attn.weights").unwrap();
    app.go_to_beat(beat);
    draw(&mut app, 80, 24, Theme::plain());
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.focus(), Pane::Trace);
    press(&mut app, KeyCode::Char('c'));
    assert_eq!(app.focus(), Pane::Tensor, "the cursor's pane takes the focus from the trace it hides");
    let frame = text(&mut app, 80, 24);
    let recomputed = strings::derive_result(0.0, 0.0).split(' ').next().unwrap().to_string();
    assert!(frame.lines().any(|l| l.contains(&recomputed)), "{frame}");
    assert!(!frame.contains(strings::TRACE_TITLE.get().trim()), "no shape trace in cell mode:\n{frame}");
    // a Linear cell: Σ over 32 terms does not fit
    press(&mut app, KeyCode::Char('c'));
    while !app.run().program().op(app.op()).name.ends_with("self_attn.q_proj") {
        press(&mut app, KeyCode::Char(','));
    }
    press(&mut app, KeyCode::Char('c'));
    let top = text(&mut app, 80, 24);
    let more = |frame: &str| frame.lines().find(|l| l.contains("(PgUp/PgDn)")).map(str::to_string);
    let marker = more(&top).unwrap_or_else(|| panic!("a marker under the cut derivation:\n{top}"));
    assert!(marker.contains("below") && !marker.contains("above"), "{marker}");
    press(&mut app, KeyCode::PageDown);
    let scrolled = text(&mut app, 80, 24);
    let marker = more(&scrolled).expect("still cut");
    assert!(marker.contains("3 more lines above"), "{marker}");
    assert_ne!(top, scrolled);
    // the cursor moving starts the derivation from its top again
    press(&mut app, KeyCode::Right);
    assert!(!more(&text(&mut app, 80, 24)).unwrap().contains("above"));
    // and leaving cell mode brings the trace back
    press(&mut app, KeyCode::Char('c'));
    assert!(text(&mut app, 80, 24).contains(strings::TRACE_TITLE.get().trim()));
}

/// The glossary overlay at 80x24: a window of the terms with the note and the lesson that teach
/// each, a line counting those above and below, and ↑/↓ (PgUp/PgDn) to move the selected term
/// (▶), the window following it, no further than the last term; `T` opens it at the top again.
#[test]
fn the_glossary_overlay_scrolls_to_every_term_at_80x24() {
    use transformer_tutor::lesson::glossary::Glossary;
    let terms = &Glossary::built_in().terms;
    let mut app = lesson("masks");
    draw(&mut app, 80, 24, Theme::plain());
    press(&mut app, KeyCode::Char('T'));
    let top = text(&mut app, 80, 24);
    let first = &terms[0];
    assert!(
        top.lines()
            .any(|l| l.contains(first.name(Lang::En)) && l.contains(first.name(Lang::Zh)) && l.contains(&first.lesson)),
        "{top}"
    );
    assert!(top.contains("more terms below (↑/↓ PgUp/PgDn)"), "{top}");
    for _ in 0..terms.len() + 5 {
        press(&mut app, KeyCode::Down);
        draw(&mut app, 80, 24, Theme::plain());
    }
    let bottom = text(&mut app, 80, 24);
    let last = terms.last().unwrap();
    assert!(bottom.lines().any(|l| l.contains(last.name(Lang::En)) && l.contains(&last.lesson)), "{bottom}");
    assert!(bottom.contains("more terms above (↑/↓"), "{bottom}");
    assert!(bottom.contains(&format!("▶{}", last.name(Lang::En))), "the last term is selected:\n{bottom}");
    // selected no further than the last term: one ↑ selects the one before it, in the same window
    press(&mut app, KeyCode::Up);
    let before_last = &terms[terms.len() - 2];
    let up = text(&mut app, 80, 24);
    assert!(up.contains(&format!("▶{}", before_last.name(Lang::En))), "{up}");
    assert!(up.contains(last.name(Lang::En)) && !up.contains(" below"), "{up}");
    // the beat did not move under the overlay, and T again closes it and reopens at the top
    assert_eq!(app.beat(), 0);
    press(&mut app, KeyCode::Char('T'));
    press(&mut app, KeyCode::Char('T'));
    assert!(text(&mut app, 80, 24).contains(first.name(Lang::En)));
}

/// The help overlay at 80x24, in both languages: every description wraps inside the overlay
/// (none is cut at its edge), the footer that says how to close it always shows, and ↑/↓ reach
/// every key down to the op count; `?` closes it and opens it at the top.
#[test]
fn the_help_overlay_wraps_and_scrolls_to_every_key_at_80x24() {
    use transformer_tutor::lang::{Lang, set_current};
    for lang in Lang::ALL {
        set_current(lang);
        let mut app = lesson("masks");
        draw(&mut app, 80, 24, Theme::plain());
        press(&mut app, KeyCode::Char('?'));
        let top = text(&mut app, 80, 24);
        assert!(top.contains(strings::HELP_FOOTER.get().trim()), "{top}");
        assert!(top.contains("(↑/↓ PgUp/PgDn)"), "{top}");
        let mut seen = top.clone();
        for _ in 0..40 {
            press(&mut app, KeyCode::Down);
            seen.push_str(&text(&mut app, 80, 24));
        }
        let bottom = text(&mut app, 80, 24);
        assert!(bottom.contains(strings::HELP_OP_KEY.get()) && bottom.contains(strings::HELP_FOOTER.get().trim()));
        // every description's last word is on screen at some scroll: nothing is cut at the edge
        for (key, description) in transformer_tutor::app::keymap::help_rows() {
            let last = description.split_whitespace().last().unwrap();
            let tail: String = last.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
            assert!(seen.contains(&tail), "{lang:?} `{key}`: {description:?} is cut");
        }
        assert_eq!(app.beat(), 0, "the keys scrolled the help, not the lesson");
        press(&mut app, KeyCode::Char('?'));
        press(&mut app, KeyCode::Char('?'));
        assert_eq!(text(&mut app, 80, 24), top, "it opens at the top again");
    }
    set_current(Lang::En);
}

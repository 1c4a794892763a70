//! What the terminal shows is what the app drew. The app is driven by key events through a real
//! ratatui `Terminal` over a `CrosstermBackend` writing into memory; those exact bytes go into a
//! terminal emulator (`vt100`) of the same size, and after every key its screen is compared cell
//! by cell with the buffer ratatui drew. The frame `w` writes and the snapshot tests read that
//! buffer; a learner reads the emulator's screen. They differ when a wide character (Chinese)
//! leaves the buffer in a state ratatui's diff cannot send faithfully.

use ratatui::backend::CrosstermBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::cell::RefCell;
use std::io::Write;
use std::num::NonZeroU16;
use std::rc::Rc;
use std::sync::Arc;
use transformer_tutor::app::keymap::action_for;
use transformer_tutor::app::state::Screen;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::progress::Progress;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::text::width;
use transformer_tutor::ui::{self, theme::Theme};

/// Bytes written by the terminal, kept where the test can take them.
#[derive(Clone, Default)]
struct Wire(Rc<RefCell<Vec<u8>>>);

impl Write for Wire {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The app, a terminal that writes its bytes into memory, and an emulator reading those bytes.
struct Session {
    app: App,
    terminal: Terminal<CrosstermBackend<Wire>>,
    wire: Wire,
    emulator: vt100::Parser,
    theme: Theme,
    /// Every difference found so far, one line each (the test reports them all at the end).
    problems: Vec<String>,
    /// Frames compared.
    frames: usize,
}

impl Session {
    /// The whole curriculum on the trained model, on its first lesson, in a `width` x `height` terminal.
    fn new(width: u16, height: u16, theme: Theme) -> Session {
        let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
        let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
        let app = App::with_lessons(Arc::new(catalog.lessons), 0, 0, weights, Progress::new(), Screen::Lesson)
            .expect("the first lesson opens");
        // a fixed viewport: ratatui asks the backend for no size (there is no real terminal)
        let area = Rect::new(0, 0, width, height);
        let wire = Wire::default();
        let terminal = Terminal::with_options(
            CrosstermBackend::new(wire.clone()),
            TerminalOptions { viewport: Viewport::Fixed(area) },
        )
        .expect("a terminal over memory");
        let size = |n: u16| NonZeroU16::new(n).expect("a size above 0");
        let emulator = vt100::Parser::new(size(height), size(width), 0);
        let mut session = Session { app, terminal, wire, emulator, theme, problems: Vec::new(), frames: 0 };
        session.draw("start");
        session
    }

    /// Draw the app as the terminal loop does, feed the bytes written to the emulator, and compare.
    fn draw(&mut self, after: &str) {
        // as the terminal loop does before each frame: what this size has room for
        let area = self.terminal.get_frame().area();
        self.app.update(Action::Fit(ui::measure(&self.app, area)));
        let (app, theme) = (&self.app, self.theme);
        let completed = self.terminal.draw(|f| ui::draw(f, app, theme)).expect("drawing into memory");
        let drawn = completed.buffer.clone();
        let bytes = std::mem::take(&mut *self.wire.0.borrow_mut());
        self.emulator.process(&bytes);
        self.frames += 1;
        let place = format!("{} beat {} (after {after})", self.app.lesson().id, self.app.beat() + 1);
        self.problems.extend(compare(&drawn, self.emulator.screen(), &place));
    }

    /// Press `key` (as the terminal loop turns it into an action), then draw.
    fn press(&mut self, key: KeyCode) {
        let event = KeyEvent::new(key, KeyModifiers::NONE);
        if let Some(action) = action_for(event, self.app.key_mode()) {
            self.app.clear_status();
            self.app.update(action);
        }
        self.draw(&format!("{key}"));
    }

    /// Press `key` `n` times.
    fn press_n(&mut self, key: KeyCode, n: usize) {
        for _ in 0..n {
            self.press(key);
        }
    }

    /// Fail with every difference found, at most a screenful of them.
    fn assert_faithful(&self) {
        assert!(self.frames > 1, "no frames were compared");
        assert!(
            self.problems.is_empty(),
            "{} of {} frames differ between the buffer drawn and the emulated terminal:\n{}",
            self.problems.len(),
            self.frames,
            self.problems.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
        );
    }
}

/// What one emulated cell shows: its text, a space when empty.
fn shown(cell: &vt100::Cell) -> &str {
    if cell.has_contents() { cell.contents() } else { " " }
}

/// Compare the buffer with the emulator's screen, cell by cell: a wide character in the buffer
/// must be that wide character on the screen (and the column after it its other half); a narrow
/// one must be that character. Returns one line describing the frame's differences, if any.
fn compare(buf: &Buffer, screen: &vt100::Screen, place: &str) -> Option<String> {
    let mut diffs = Vec::new();
    for y in 0..buf.area.height {
        let mut x = 0;
        while x < buf.area.width {
            let want = buf[(x, y)].symbol();
            let w = width(want).max(1) as u16;
            let Some(cell) = screen.cell(y, x) else {
                diffs.push(format!("({x},{y}) drawn {want:?}, not on the screen"));
                break;
            };
            // ratatui's diff assumes the column after a wide character is blank and skips it
            if w == 2 && (x + 1 >= buf.area.width || buf[(x + 1, y)].symbol() != " ") {
                let next = if x + 1 < buf.area.width { buf[(x + 1, y)].symbol() } else { "the edge" };
                diffs.push(format!("({x},{y}) drawn {want:?} over {next:?}"));
            }
            let got = shown(cell);
            let same_shape = if w == 2 { cell.is_wide() } else { !cell.is_wide() && !cell.is_wide_continuation() };
            if got != want || !same_shape {
                let half = if cell.is_wide_continuation() { " (half of a wide character)" } else { "" };
                diffs.push(format!("({x},{y}) drawn {want:?}, shown {got:?}{half}"));
            }
            x += w;
        }
    }
    (!diffs.is_empty()).then(|| {
        let row = diffs.len().min(4);
        format!("{place}: {} cells differ, first {}", diffs.len(), diffs[..row].join("; "))
    })
}

/// Every beat of every lesson forwards at 120x40 (→ on a lesson's last beat opens the next),
/// then back through some, and lessons switched through the list.
#[test]
fn every_beat_at_120x40_shows_on_the_terminal_as_drawn() {
    for theme in [Theme { color: true }, Theme::plain()] {
        let mut s = Session::new(120, 40, theme);
        let total: usize = s.app.lessons().iter().map(|l| l.beats.len()).sum();
        s.press_n(KeyCode::Right, total - 1);
        assert_eq!(
            (s.app.lesson_index(), s.app.beat() + 1),
            (s.app.lessons().len() - 1, s.app.beat_count()),
            "the walk reached the last beat of the last lesson"
        );
        // backwards through the last lesson and the one before it
        s.press_n(KeyCode::Left, 12);
        // lesson switches through the list: every third lesson, a few beats into each, backwards
        for _ in 0..s.app.lessons().len() / 3 {
            s.press(KeyCode::Char('L'));
            s.press_n(KeyCode::Up, 3);
            s.press(KeyCode::Enter);
            s.press_n(KeyCode::Right, 9);
            s.press_n(KeyCode::Left, 4);
        }
        // what-ifs beside the taught model, the help, cell mode and the panes, on this beat
        s.press_n(KeyCode::Char('v'), 3);
        s.press_n(KeyCode::Char('?'), 2);
        s.press(KeyCode::Char('c'));
        s.press_n(KeyCode::Right, 3);
        s.press(KeyCode::Down);
        s.press(KeyCode::Char('c'));
        s.press_n(KeyCode::Tab, 4);
        s.assert_faithful();
    }
}

/// A shorter walk in the compact layout: the first beats of every lesson, and back.
#[test]
fn a_walk_at_80x24_shows_on_the_terminal_as_drawn() {
    let mut s = Session::new(80, 24, Theme { color: true });
    for _ in 0..s.app.lessons().len() {
        s.press_n(KeyCode::Right, 6);
        s.press_n(KeyCode::Left, 2);
        // the next lesson from the list
        s.press(KeyCode::Char('L'));
        s.press(KeyCode::Down);
        s.press(KeyCode::Enter);
    }
    s.press(KeyCode::Char('G'));
    s.press_n(KeyCode::Left, 5);
    s.assert_faithful();
}

/// The same walk in Chinese (switched with `z`, as a learner does): every beat at 120x40, the
/// overlays (help, glossary) drawn over Chinese prose, and cell mode; then the compact layout.
#[test]
fn every_beat_in_chinese_shows_on_the_terminal_as_drawn() {
    for (w, h) in [(120, 40), (80, 24)] {
        transformer_tutor::lang::set_current(transformer_tutor::lang::Lang::En);
        let mut s = Session::new(w, h, Theme { color: true });
        s.press(KeyCode::Char('z'));
        assert_eq!(s.app.lang(), transformer_tutor::lang::Lang::Zh, "z switched to Chinese");
        let total: usize = s.app.lessons().iter().map(|l| l.beats.len()).sum();
        for _ in 0..total - 1 {
            s.press(KeyCode::Right);
            // every beat's overlays, over whatever prose and view it shows
            if s.app.beat() % 4 == 1 {
                s.press_n(KeyCode::Char('?'), 2);
                s.press_n(KeyCode::Char('T'), 2);
            }
        }
        s.press(KeyCode::Char('c'));
        s.press_n(KeyCode::Right, 3);
        s.press(KeyCode::Char('c'));
        s.press_n(KeyCode::Char('v'), 2);
        s.press(KeyCode::Char('L'));
        s.press(KeyCode::Enter);
        s.assert_faithful();
    }
}

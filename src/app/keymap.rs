//! Keys become actions here, and only here, by mode (a lesson, the lesson list, an answer being
//! typed, a cell cursor). One table of bindings (`BINDINGS`, in `bindings.rs`) feeds the dispatch
//! (`action_for`), the help overlay (`help_rows`) and the status bar's hints (`status_hint`); its
//! words live in `strings/keys.rs`.

pub use super::bindings::{BINDINGS, Binding, Hint, HintContext, Key, When};
use super::view_state::InputFor;
use crate::strings;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEventKind};

/// Everything a learner can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    NextBeat,
    PrevBeat,
    FirstBeat,
    LastBeat,
    StepOp,
    BackOp,
    NextPane,
    PrevPane,
    NextHead,
    PrevHead,
    RowUp,
    RowDown,
    NextBatch,
    ColumnsLeft,
    ColumnsRight,
    ScrollUp,
    ScrollDown,
    ToggleHelp,
    /// The next language of `Lang::ALL` (round to the first) for every screen and the lesson's prose.
    NextLanguage,
    /// The glossary overlay: every term in both languages.
    ToggleGlossary,
    /// The code pane: the lines that compute the focused operation, in the trace's place.
    ToggleCode,
    SaveTensor,
    SaveFrame,
    /// The focused view's grid as CSV and SVG.
    SaveGrid,
    /// Cell mode on or off: a cursor on one number of the focused tensor, and its derivation.
    ToggleCell,
    /// Move the cell cursor a column left or right.
    CellLeft,
    CellRight,
    /// In a decode view: greedy, or sampling at the next temperature.
    Temperature,
    /// In a decode view: the next or previous decoding step.
    NextStep,
    PrevStep,
    /// Training time: the model as it was one checkpoint earlier, or later (`-`, `+`).
    EarlierTraining,
    LaterTraining,
    /// On attention weights: each key's contribution, then the head taken out, then the weights.
    ProbeView,
    /// Run the next what-if switch beside the taught model (or the previous one).
    NextWhatIf,
    PrevWhatIf,
    /// Open the answer line of a question (Enter), or check what was typed; on the list, open a lesson.
    Answer,
    /// The lesson list, or back from it.
    ToggleList,
    /// Type a sentence of one's own to run the lesson on.
    EditSentence,
    /// A character of an answer.
    Type(char),
    /// Delete the last character of an answer.
    Erase,
    /// Empty the input line (Ctrl-U).
    ClearInput,
    /// Close the answer line (or the list) without doing anything.
    Cancel,
    Quit,
    /// Ctrl-C on the training screen: stop and write nothing, as SIGINT does.
    Interrupt,
    /// No key: what the screen about to be drawn has room for (`ui::fit` of the frame's
    /// `Screenful`), sent by the terminal loop before every frame.
    Fit(super::fit::Fit),
}

/// Which keys mean what.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Lesson,
    List,
    Input,
    /// A cell cursor on the focused tensor.
    Cell,
    /// The training screen (`train` in a terminal): q stops and saves, Ctrl-C stops.
    Train,
}

/// The bindings of `mode`, in table order.
fn bindings(mode: Mode) -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().filter(move |b| b.modes.contains(&mode))
}

/// The action for a key press in `mode`, if any. A chord (Ctrl or Alt held) is looked up as a
/// chord first; any other row's key matches whatever modifiers are held.
pub fn action_for(key: KeyEvent, mode: Mode) -> Option<Action> {
    let chord = key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let as_chord = || {
        bindings(mode).flat_map(|b| b.keys).find_map(|&(k, action)| match (k, key.code) {
            (Key::Chord(c), KeyCode::Char(typed)) => (c == typed).then_some(action),
            (Key::Ctrl(c), KeyCode::Char(typed)) => (ctrl && c == typed).then_some(action),
            _ => None,
        })
    };
    if chord && let Some(action) = as_chord() {
        return Some(action);
    }
    bindings(mode).flat_map(|b| b.keys).find_map(|&(k, action)| match k {
        Key::Code(code) => (code == key.code).then_some(action),
        // a chord is no character
        Key::AnyChar => match key.code {
            KeyCode::Char(c) if !chord => Some(Action::Type(c)),
            _ => None,
        },
        Key::Chord(_) | Key::Ctrl(_) | Key::WheelUp | Key::WheelDown => None,
    })
}

/// The action for a terminal event in `mode`: a key pressed (not released) or the mouse wheel.
pub fn action_for_event(event: &Event, mode: Mode) -> Option<Action> {
    let wheel = |want: Key| bindings(mode).flat_map(|b| b.keys).find_map(|&(k, action)| (k == want).then_some(action));
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => action_for(*key, mode),
        Event::Mouse(m) if m.kind == MouseEventKind::ScrollUp => wheel(Key::WheelUp),
        Event::Mouse(m) if m.kind == MouseEventKind::ScrollDown => wheel(Key::WheelDown),
        _ => None,
    }
}

/// The help overlay's rows: (keys as shown, what they do), the lesson's keys in table order.
pub fn help_rows() -> impl Iterator<Item = (&'static str, &'static str)> {
    bindings(Mode::Lesson).filter_map(|b| b.help).map(|(keys, what)| (keys, what.get()))
}

/// The status bar's key hint in `mode`: the hints of the bindings that apply now, in their
/// order; `short` keeps only those that must show on a narrow screen.
pub fn status_hint(mode: Mode, context: &HintContext, short: bool) -> String {
    let mut hints: Vec<&Hint> = bindings(mode)
        .flat_map(|b| b.hints)
        .filter(|h| (h.short || !short) && h.when.iter().all(|w| context.holds(*w)))
        .collect();
    hints.sort_by_key(|h| h.order);
    let words: Vec<String> = hints
        .iter()
        .map(|h| if h.keys.is_empty() { h.label.to_string() } else { format!("{} {}", h.keys, h.label) })
        .collect();
    let gap = match mode {
        Mode::Lesson | Mode::Cell => strings::HINT_GAP,
        Mode::List | Mode::Input | Mode::Train => strings::HINT_SEPARATOR,
    };
    words.join(gap)
}

/// The training screen's stop line: its hints, "q stop and save … · Ctrl-C stop, write nothing".
pub fn training_stop_hint() -> String {
    status_hint(Mode::Train, &HintContext::default(), false)
}

impl HintContext {
    fn holds(&self, when: When) -> bool {
        match when {
            When::Question => self.question_open,
            When::NoQuestion => !self.question_open,
            When::Heads => self.heads,
            When::Decode => self.decode,
            When::AnswerLine => self.input_for == InputFor::Answer,
            When::SentenceLine => self.input_for == InputFor::Sentence,
        }
    }
}

//! Keys become actions here, and only here, by mode (a lesson, the lesson list, an answer being
//! typed). One table feeds the help overlay and the status bar; its words live in `strings`.

use crate::strings;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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
    SaveTensor,
    SaveFrame,
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
}

/// Which keys mean what.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Lesson,
    List,
    Input,
    /// A cell cursor on the focused tensor.
    Cell,
}

/// (keys as shown, what they do) — the help overlay lists these in this order.
pub const KEYS: &[(&str, &str)] = &[
    ("→ l space n", strings::KEY_NEXT),
    ("← h p", strings::KEY_PREV),
    ("g / G", strings::KEY_FIRST_LAST),
    (". / ,", strings::KEY_STEP),
    ("[ / ]", strings::KEY_HEAD),
    ("↑ k / ↓ j", strings::KEY_ROW),
    ("b", strings::KEY_BATCH),
    ("< / >", strings::KEY_COLUMNS),
    ("Enter a", strings::KEY_ANSWER),
    ("L", strings::KEY_LIST),
    ("e", strings::KEY_SENTENCE),
    ("v / V", strings::KEY_WHAT_IF),
    ("c", strings::KEY_CELL),
    ("t", strings::KEY_TEMPERATURE),
    ("s / S", strings::KEY_STEP_DECODE),
    ("Tab / S-Tab", strings::KEY_PANE),
    ("x", strings::KEY_SAVE_TENSOR),
    ("w", strings::KEY_SAVE_FRAME),
    ("?", strings::KEY_HELP),
    ("q Esc", strings::KEY_QUIT),
];

/// The action for a key press in `mode`, if any.
pub fn action_for(key: KeyEvent, mode: Mode) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Action::Quit);
    }
    match mode {
        Mode::Input => {
            let control = key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
            return Some(match key.code {
                KeyCode::Enter => Action::Answer,
                KeyCode::Esc => Action::Cancel,
                KeyCode::Backspace => Action::Erase,
                KeyCode::Char('u') if control => Action::ClearInput,
                KeyCode::Char(_) if control => return None, // a chord is no character
                KeyCode::Char(c) => Action::Type(c),
                _ => return None,
            });
        }
        Mode::List => {
            return Some(match key.code {
                KeyCode::Up | KeyCode::Char('k') => Action::RowUp,
                KeyCode::Down | KeyCode::Char('j') => Action::RowDown,
                KeyCode::Char('g') | KeyCode::Home => Action::FirstBeat,
                KeyCode::Char('G') | KeyCode::End => Action::LastBeat,
                KeyCode::Enter | KeyCode::Right | KeyCode::Char('l') => Action::Answer,
                KeyCode::Char('L') | KeyCode::Esc => Action::ToggleList,
                KeyCode::Char('?') => Action::ToggleHelp,
                KeyCode::Char('q') => Action::Quit,
                _ => return None,
            });
        }
        Mode::Cell => {
            return Some(match key.code {
                KeyCode::Up | KeyCode::Char('k') => Action::RowUp,
                KeyCode::Down | KeyCode::Char('j') => Action::RowDown,
                KeyCode::Left | KeyCode::Char('h') => Action::CellLeft,
                KeyCode::Right | KeyCode::Char('l') => Action::CellRight,
                KeyCode::Char(']') => Action::NextHead,
                KeyCode::Char('[') => Action::PrevHead,
                KeyCode::Char('b') => Action::NextBatch,
                KeyCode::Char('c') | KeyCode::Esc | KeyCode::Enter => Action::ToggleCell,
                KeyCode::Char('?') => Action::ToggleHelp,
                KeyCode::Char('q') => Action::Quit,
                _ => return None,
            });
        }
        Mode::Lesson => {}
    }
    Some(match key.code {
        KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') | KeyCode::Char('n') => Action::NextBeat,
        KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('p') => Action::PrevBeat,
        KeyCode::Char('g') | KeyCode::Home => Action::FirstBeat,
        KeyCode::Char('G') | KeyCode::End => Action::LastBeat,
        KeyCode::Char('.') => Action::StepOp,
        KeyCode::Char(',') => Action::BackOp,
        KeyCode::Tab => Action::NextPane,
        KeyCode::BackTab => Action::PrevPane,
        KeyCode::Char(']') => Action::NextHead,
        KeyCode::Char('[') => Action::PrevHead,
        KeyCode::Up | KeyCode::Char('k') => Action::RowUp,
        KeyCode::Down | KeyCode::Char('j') => Action::RowDown,
        KeyCode::Char('b') => Action::NextBatch,
        KeyCode::Char('<') => Action::ColumnsLeft,
        KeyCode::Char('>') => Action::ColumnsRight,
        KeyCode::PageUp => Action::ScrollUp,
        KeyCode::PageDown => Action::ScrollDown,
        KeyCode::Enter | KeyCode::Char('a') => Action::Answer,
        KeyCode::Char('L') => Action::ToggleList,
        KeyCode::Char('e') => Action::EditSentence,
        KeyCode::Char('c') => Action::ToggleCell,
        KeyCode::Char('t') => Action::Temperature,
        KeyCode::Char('s') => Action::NextStep,
        KeyCode::Char('S') => Action::PrevStep,
        KeyCode::Char('v') => Action::NextWhatIf,
        KeyCode::Char('V') => Action::PrevWhatIf,
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Char('x') => Action::SaveTensor,
        KeyCode::Char('w') => Action::SaveFrame,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

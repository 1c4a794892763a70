//! Keys become actions here, and only here. One table feeds the help overlay and the status bar.

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
    Quit,
}

/// (keys as shown, what they do) — the help overlay lists these in this order.
pub const KEYS: &[(&str, &str)] = &[
    ("→ l space n", "next beat (runs the engine forward to its operation)"),
    ("← h p", "previous beat"),
    ("g / G", "first / last beat"),
    (". / ,", "step one operation forward / back"),
    ("[ / ]", "previous / next attention head"),
    ("↑ k / ↓ j", "choose the query row (or scroll the focused text)"),
    ("b", "next batch row (sentence pair)"),
    ("< / >", "scroll a wide heatmap's columns left / right"),
    ("Tab / S-Tab", "move focus between panes"),
    ("x", "write the focused tensor to an .npy file"),
    ("w", "write the current frame as plain text"),
    ("?", "show / hide this help"),
    ("q Esc", "quit (with the help open: close it)"),
];

/// The short key hint for the status bar.
pub const STATUS_HINT: &str = "←/→ beat  [/] head  ↑/↓ row  ? help  q quit";

/// The action for a key press, if any.
pub fn action_for(key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Action::Quit);
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
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Char('x') => Action::SaveTensor,
        KeyCode::Char('w') => Action::SaveFrame,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

//! The one table of key bindings: in which mode, which keys, which action, the line of the help
//! overlay and the status bar's hints. `keymap` reads it for dispatch, help and hints; the words
//! are in `strings/keys.rs` (the key names stay here). A new key is one row here (and its words).

use super::keymap::{Action, Mode};
use super::view_state::InputFor;
use crate::lang::Text;
use crate::strings;
use ratatui::crossterm::event::KeyCode;

/// A key as the table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// This key, whatever modifiers are held.
    Code(KeyCode),
    /// This letter with Ctrl (or Alt) held.
    Chord(char),
    /// This letter with Ctrl held (Alt alone is not enough: Alt+c, or Esc then c typed quickly,
    /// is the letter, not Ctrl-C).
    Ctrl(char),
    /// Any character typed without Ctrl or Alt: it becomes `Action::Type`.
    AnyChar,
    /// The mouse wheel turned up (towards the top of the text).
    WheelUp,
    WheelDown,
}

/// What must hold, besides the mode, for a hint to show in the status bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// The beat asks a question not yet finished.
    Question,
    NoQuestion,
    /// The view shows one head of several.
    Heads,
    /// The decode view.
    Decode,
    /// The input line takes an answer.
    AnswerLine,
    /// The input line takes a sentence.
    SentenceLine,
}

/// What the status bar knows to choose its hints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HintContext {
    pub question_open: bool,
    pub heads: bool,
    pub decode: bool,
    pub input_for: InputFor,
}

/// The words of a help line or a hint: a message, or words made from the languages themselves
/// (`z` names the language it goes to).
#[derive(Debug, Clone, Copy)]
pub enum Words {
    Text(Text),
    Made(fn() -> &'static str),
}

impl Words {
    /// The words in this thread's language.
    pub fn get(self) -> &'static str {
        match self {
            Words::Text(t) => t.get(),
            Words::Made(make) => make(),
        }
    }
}

impl std::fmt::Display for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.get())
    }
}

/// One hint in the status bar: "keys label".
#[derive(Debug, Clone, Copy)]
pub struct Hint {
    /// The keys as the hint shows them (empty: the label alone).
    pub keys: &'static str,
    pub label: Words,
    /// Every one of these must hold.
    pub when: &'static [When],
    /// Shown in the short hint too (a narrow screen).
    pub short: bool,
    /// Place in the hint line (the table's order is the help overlay's).
    pub order: u8,
}

/// A row of the table: keys and what they do in some modes, a help line, status hints.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub modes: &'static [Mode],
    pub keys: &'static [(Key, Action)],
    /// (keys as shown, what they do): a line of the help overlay (lesson keys only).
    pub help: Option<(&'static str, Words)>,
    pub hints: &'static [Hint],
}

use Action as A;
use Key::{AnyChar, Chord, Code, Ctrl, WheelDown, WheelUp};
use KeyCode::{BackTab, Backspace, Char, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up};
use When::*;

const LESSON: &[Mode] = &[Mode::Lesson];
const LIST: &[Mode] = &[Mode::List];
const INPUT: &[Mode] = &[Mode::Input];
const CELL: &[Mode] = &[Mode::Cell];
const TRAIN: &[Mode] = &[Mode::Train];
/// Every mode of the tutor's screen (not the training screen's).
const TUTOR: &[Mode] = &[Mode::Lesson, Mode::List, Mode::Input, Mode::Cell];

const fn hint(keys: &'static str, label: Text, when: &'static [When], short: bool, order: u8) -> Hint {
    Hint { keys, label: Words::Text(label), when, short, order }
}

/// A hint whose words are made from the languages, shown only in the long hint, always.
const fn made_hint(keys: &'static str, make: fn() -> &'static str, order: u8) -> Hint {
    Hint { keys, label: Words::Made(make), when: &[], short: false, order }
}

const fn row(
    modes: &'static [Mode],
    keys: &'static [(Key, Action)],
    help: Option<(&'static str, Text)>,
    hints: &'static [Hint],
) -> Binding {
    let help = match help {
        Some((shown, text)) => Some((shown, Words::Text(text))),
        None => None,
    };
    Binding { modes, keys, help, hints }
}

/// Every binding. In a lesson, the rows with help are the help overlay's lines, in this order.
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    // a lesson
    row(LESSON, &[(Code(Right), A::NextBeat), (Code(Char('l')), A::NextBeat), (Code(Char(' ')), A::NextBeat), (Code(Char('n')), A::NextBeat)],
        Some(("→ l space n", strings::KEY_NEXT)), &[hint("←/→", strings::HINT_BEAT, &[], true, 1)]),
    row(LESSON, &[(Code(Left), A::PrevBeat), (Code(Char('h')), A::PrevBeat)],
        Some(("← h", strings::KEY_PREV)), &[]),
    row(LESSON, &[(Code(Char('g')), A::FirstBeat), (Code(Home), A::FirstBeat), (Code(Char('G')), A::LastBeat), (Code(End), A::LastBeat)],
        Some(("g / G", strings::KEY_FIRST_LAST)), &[]),
    row(LESSON, &[(Code(Char('.')), A::StepOp), (Code(Char(',')), A::BackOp)], Some((". / ,", strings::KEY_STEP)), &[]),
    row(LESSON, &[(Code(Char(']')), A::NextHead), (Code(Char('[')), A::PrevHead)],
        Some(("[ / ]", strings::KEY_HEAD)), &[hint("[/]", strings::HINT_HEAD, &[Heads, NoQuestion], false, 2)]),
    row(LESSON, &[(Code(Up), A::RowUp), (Code(Char('k')), A::RowUp), (Code(Down), A::RowDown), (Code(Char('j')), A::RowDown)],
        Some(("↑ k / ↓ j", strings::KEY_ROW)), &[hint("↑/↓", strings::HINT_ROW, &[NoQuestion], false, 4)]),
    row(LESSON, &[(Code(Char('b')), A::NextBatch)], Some(("b", strings::KEY_BATCH)), &[]),
    row(LESSON, &[(Code(Char('<')), A::ColumnsLeft), (Code(Char('>')), A::ColumnsRight)], Some(("< / >", strings::KEY_COLUMNS)), &[]),
    row(LESSON, &[(Code(PageUp), A::ScrollUp), (Code(PageDown), A::ScrollDown)], None, &[]),
    row(LESSON, &[(Code(Enter), A::Answer), (Code(Char('a')), A::Answer)],
        Some(("Enter a", strings::KEY_ANSWER)), &[hint("Enter", strings::HINT_ANSWER, &[Question], true, 0)]),
    row(LESSON, &[(Code(Char('L')), A::ToggleList)], Some(("L", strings::KEY_LIST)), &[hint("L", strings::HINT_LESSONS, &[], false, 5)]),
    row(LESSON, &[(Code(Char('e')), A::EditSentence)], Some(("e", strings::KEY_SENTENCE)), &[]),
    row(LESSON, &[(Code(Char('v')), A::NextWhatIf), (Code(Char('V')), A::PrevWhatIf)], Some(("v / V", strings::KEY_WHAT_IF)), &[]),
    row(LESSON, &[(Code(Char('-')), A::EarlierTraining), (Code(Char('+')), A::LaterTraining), (Code(Char('=')), A::LaterTraining)],
        Some(("- / +", strings::KEY_DIAL)), &[]),
    row(LESSON, &[(Code(Char('c')), A::ToggleCell)], Some(("c", strings::KEY_CELL)), &[]),
    row(LESSON, &[(Code(Char('p')), A::ToggleCode)], Some(("p", strings::KEY_CODE)), &[]),
    row(LESSON, &[(Code(Char('C')), A::ProbeView)], Some(("C", strings::KEY_PROBE_VIEW)), &[]),
    row(LESSON, &[(Code(Char('t')), A::Temperature)], Some(("t", strings::KEY_TEMPERATURE)), &[]),
    row(LESSON, &[(Code(Char('s')), A::NextStep), (Code(Char('S')), A::PrevStep)],
        Some(("s / S", strings::KEY_STEP_DECODE)), &[hint("s/S", strings::HINT_STEP, &[Decode, NoQuestion], false, 3)]),
    row(LESSON, &[(Code(Tab), A::NextPane), (Code(BackTab), A::PrevPane)], Some(("Tab / S-Tab", strings::KEY_PANE)), &[]),
    row(LESSON, &[(Code(Char('x')), A::SaveTensor)], Some(("x", strings::KEY_SAVE_TENSOR)), &[]),
    row(LESSON, &[(Code(Char('w')), A::SaveFrame)], Some(("w", strings::KEY_SAVE_FRAME)), &[]),
    row(LESSON, &[(Code(Char('X')), A::SaveGrid)], Some(("X", strings::KEY_SAVE_GRID)), &[]),
    Binding { modes: LESSON, keys: &[(Code(Char('z')), A::NextLanguage)], help: Some(("z", Words::Made(strings::key_language))),
        hints: &[made_hint("z", strings::hint_language, 8)] },
    Binding { modes: LESSON, keys: &[(Code(Char('T')), A::ToggleGlossary)], help: Some(("T", Words::Made(strings::key_glossary))), hints: &[] },
    row(LESSON, &[(Code(Char('?')), A::ToggleHelp)], Some(("?", strings::KEY_HELP)), &[hint("?", strings::HINT_HELP, &[], true, 6)]),
    row(LESSON, &[(Code(Char('q')), A::Quit), (Code(Esc), A::Quit)],
        Some(("q Esc", strings::KEY_QUIT)), &[hint("q", strings::HINT_QUIT, &[NoQuestion], true, 7)]),
    // the lesson list
    row(LIST, &[(Code(Up), A::RowUp), (Code(Char('k')), A::RowUp), (Code(Down), A::RowDown), (Code(Char('j')), A::RowDown)],
        None, &[hint("j/k", strings::HINT_MOVE, &[], true, 0)]),
    row(LIST, &[(Code(Char('g')), A::FirstBeat), (Code(Home), A::FirstBeat), (Code(Char('G')), A::LastBeat), (Code(End), A::LastBeat)], None, &[]),
    row(LIST, &[(Code(Enter), A::Answer), (Code(Right), A::Answer), (Code(Char('l')), A::Answer)],
        None, &[hint("Enter", strings::HINT_OPEN, &[], true, 1)]),
    row(LIST, &[(Code(Char('L')), A::ToggleList), (Code(Esc), A::ToggleList)], None, &[hint("L/Esc", strings::HINT_BACK, &[], true, 2)]),
    row(LIST, &[(Code(Char('?')), A::ToggleHelp)], None, &[]),
    row(LIST, &[(Code(Char('z')), A::NextLanguage)], None, &[made_hint("z", strings::hint_language, 4)]),
    row(LIST, &[(Code(Char('T')), A::ToggleGlossary)], None, &[]),
    row(LIST, &[(Code(Char('q')), A::Quit)], None, &[hint("q", strings::HINT_QUIT, &[], true, 3)]),
    // an input line (an answer or a sentence)
    row(INPUT, &[(Code(Enter), A::Answer)], None,
        &[hint("Enter", strings::HINT_CHECK, &[AnswerLine], true, 1), hint("Enter", strings::HINT_RUN, &[SentenceLine], true, 1)]),
    row(INPUT, &[(Code(Esc), A::Cancel)], None, &[hint("Esc", strings::HINT_CLOSE, &[], true, 2)]),
    row(INPUT, &[(Code(Backspace), A::Erase)], None, &[]),
    row(INPUT, &[(Chord('u'), A::ClearInput)], None, &[]),
    row(INPUT, &[(AnyChar, A::Type('\0'))], None,
        &[hint("", strings::HINT_TYPE_ANSWER, &[AnswerLine], true, 0), hint("", strings::HINT_TYPE_SENTENCE, &[SentenceLine], true, 0)]),
    // a cell cursor
    row(CELL, &[(Code(Up), A::RowUp), (Code(Char('k')), A::RowUp), (Code(Down), A::RowDown), (Code(Char('j')), A::RowDown),
                (Code(Left), A::CellLeft), (Code(Char('h')), A::CellLeft), (Code(Right), A::CellRight), (Code(Char('l')), A::CellRight)],
        None, &[hint("←↑↓→", strings::HINT_CELL, &[], true, 0)]),
    row(CELL, &[(Code(Char(']')), A::NextHead), (Code(Char('[')), A::PrevHead)], None, &[hint("[/]", strings::HINT_HEAD, &[Heads], true, 1)]),
    row(CELL, &[(Code(Char('b')), A::NextBatch)], None, &[hint("b", strings::HINT_BATCH, &[], true, 2)]),
    row(CELL, &[(Code(PageUp), A::ScrollUp), (Code(PageDown), A::ScrollDown)], None, &[]),
    row(CELL, &[(Code(Char('c')), A::ToggleCell), (Code(Esc), A::ToggleCell), (Code(Enter), A::ToggleCell)],
        None, &[hint("c/Esc", strings::HINT_LEAVE, &[], true, 3)]),
    row(CELL, &[(Code(Char('?')), A::ToggleHelp)], None, &[]),
    row(CELL, &[(Code(Char('z')), A::NextLanguage)], None, &[]),
    row(CELL, &[(Code(Char('q')), A::Quit)], None, &[]),
    // every mode of the tutor: Ctrl-C quits as q does (progress saved), the wheel scrolls
    row(TUTOR, &[(Ctrl('c'), A::Quit)], None, &[]),
    row(TUTOR, &[(WheelUp, A::ScrollUp), (WheelDown, A::ScrollDown)], None, &[]),
    // the training screen (`train` in a terminal): its hints are the screen's stop line
    row(TRAIN, &[(Code(Char('q')), A::Quit), (Code(Char('Q')), A::Quit), (Code(Esc), A::Quit)],
        None, &[hint("q", strings::HINT_TRAIN_SAVE, &[], true, 0)]),
    row(TRAIN, &[(Ctrl('c'), A::Interrupt)], None, &[hint("Ctrl-C", strings::HINT_TRAIN_INTERRUPT, &[], true, 1)]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_is_bound_twice_in_a_mode() {
        for mode in [Mode::Lesson, Mode::List, Mode::Input, Mode::Cell, Mode::Train] {
            let keys: Vec<Key> =
                BINDINGS.iter().filter(|b| b.modes.contains(&mode)).flat_map(|b| b.keys.iter().map(|k| k.0)).collect();
            for (i, k) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(k), "{k:?} twice in {mode:?}");
            }
        }
    }

    #[test]
    fn ctrl_c_quits_the_tutor_and_interrupts_training_and_the_wheel_scrolls() {
        use crate::app::keymap::{action_for, action_for_event};
        use ratatui::crossterm::event::{Event, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
        let ctrl = |c| KeyEvent::new(Char(c), KeyModifiers::CONTROL);
        for mode in [Mode::Lesson, Mode::List, Mode::Input, Mode::Cell] {
            assert_eq!(action_for(ctrl('c'), mode), Some(A::Quit), "{mode:?}");
        }
        assert_eq!(action_for(ctrl('c'), Mode::Train), Some(A::Interrupt));
        assert_eq!(action_for(ctrl('u'), Mode::Input), Some(A::ClearInput));
        // Alt+c is not Ctrl-C: the cell cursor's key in a lesson, nothing on the training screen
        let alt = |c| KeyEvent::new(Char(c), KeyModifiers::ALT);
        assert_eq!(action_for(alt('c'), Mode::Lesson), Some(A::ToggleCell));
        assert_eq!(action_for(alt('c'), Mode::List), None);
        assert_eq!(action_for(alt('c'), Mode::Train), None);
        assert_eq!(action_for(alt('u'), Mode::Input), Some(A::ClearInput));
        // without Ctrl, c is the cell cursor's key; Ctrl-U in a lesson is no key of it
        assert_eq!(action_for(KeyEvent::from(Char('c')), Mode::Lesson), Some(A::ToggleCell));
        assert_eq!(action_for(KeyEvent::from(Char('Q')), Mode::Train), Some(A::Quit));
        assert_eq!(action_for(KeyEvent::from(Char('x')), Mode::Train), None);
        let wheel = |kind| Event::Mouse(MouseEvent { kind, column: 0, row: 0, modifiers: KeyModifiers::NONE });
        assert_eq!(action_for_event(&wheel(MouseEventKind::ScrollUp), Mode::List), Some(A::ScrollUp));
        assert_eq!(action_for_event(&wheel(MouseEventKind::ScrollDown), Mode::Lesson), Some(A::ScrollDown));
        assert_eq!(action_for_event(&wheel(MouseEventKind::ScrollDown), Mode::Train), None);
    }

    #[test]
    fn the_training_screens_stop_line_is_its_rows_hints() {
        use crate::lang::{Lang, with};
        let hint = crate::app::keymap::training_stop_hint;
        assert_eq!(with(Lang::En, hint), "q stop and save the weights trained so far · Ctrl-C stop, write nothing");
        assert_eq!(with(Lang::Zh, hint), "q 停止并保存目前训练的权重 · Ctrl-C 停止，什么也不写");
    }

    #[test]
    fn help_lines_are_lesson_keys_only() {
        for b in BINDINGS.iter().filter(|b| b.help.is_some()) {
            assert_eq!(b.modes, LESSON, "{:?}", b.help);
        }
    }
}

//! What each action does in the other modes: cell mode, the lesson list, an input line.

use super::keymap::Action;
use super::state::App;
use super::view_state::{InputFor, Screen};
use crate::strings;

impl App {
    /// Keys in cell mode: the arrows move the cursor over the focused tensor's numbers.
    pub(super) fn update_cell(&mut self, action: Action) {
        let Some(col) = self.view.cell_col else { return };
        if self.view.kind == crate::lesson::ViewKind::AdamStep {
            return self.update_weight_cursor(action);
        }
        let shape = self.session.run.program().op(self.session.op).shape.clone();
        let cols = shape.last().copied().unwrap_or(1);
        let heads = if shape.len() == 4 { shape[1] } else { 1 };
        let batch = self.session.setup.shape().batch;
        match action {
            Action::ScrollUp => return self.view.derivation_scroll = self.view.derivation_scroll.saturating_sub(3),
            Action::ScrollDown => return self.view.derivation_scroll = self.view.derivation_scroll.saturating_add(3),
            _ => self.view.derivation_scroll = 0,
        }
        match action {
            Action::RowUp => self.view.selection.row = self.row().saturating_sub(1),
            Action::RowDown => self.view.selection.row = (self.row() + 1).min(self.row_count() - 1),
            Action::CellLeft => self.view.cell_col = Some(col.saturating_sub(1)),
            Action::CellRight => self.view.cell_col = Some((col + 1).min(cols.saturating_sub(1))),
            Action::NextHead => self.view.selection.head = (self.view.selection.head + 1) % heads,
            Action::PrevHead => self.view.selection.head = (self.view.selection.head + heads - 1) % heads,
            Action::NextBatch => self.view.selection.batch = (self.view.selection.batch + 1) % batch,
            Action::ToggleCell | Action::Cancel => {
                self.view.cell_col = None;
                self.view.status = strings::CELL_MODE_OFF.into();
            }
            Action::ToggleHelp => self.view.help = !self.view.help,
            Action::Quit => self.view.quit = true,
            _ => {}
        }
    }

    /// Keys with the adam-step view's cursor: the arrows choose the weight whose step is shown.
    fn update_weight_cursor(&mut self, action: Action) {
        let (rows, cols) = self.scene().adam_weight_shape();
        let (r, c) = self.scene().adam_weight_at();
        let at = match action {
            Action::RowUp => (r.saturating_sub(1), c),
            Action::RowDown => ((r + 1).min(rows - 1), c),
            Action::CellLeft => (r, c.saturating_sub(1)),
            Action::CellRight => (r, (c + 1).min(cols - 1)),
            Action::ToggleCell | Action::Cancel => {
                self.view.cell_col = None;
                self.view.status = strings::CELL_MODE_OFF.into();
                return;
            }
            Action::ToggleHelp => return self.view.help = !self.view.help,
            Action::Quit => return self.view.quit = true,
            _ => return,
        };
        self.view.selection.weight_at = Some(at);
    }

    /// Keys on the lesson list: move, open, back, quit.
    pub(super) fn update_list(&mut self, action: Action) {
        let Screen::List { cursor } = self.view.screen else { return };
        let last = self.session.lessons.len().saturating_sub(1);
        match action {
            Action::RowUp => self.view.screen = Screen::List { cursor: cursor.saturating_sub(1) },
            Action::RowDown => self.view.screen = Screen::List { cursor: (cursor + 1).min(last) },
            Action::FirstBeat => self.view.screen = Screen::List { cursor: 0 },
            Action::LastBeat => self.view.screen = Screen::List { cursor: last },
            Action::Answer | Action::NextBeat => {
                let l = &self.session.lessons[cursor];
                let beat = self.session.progress.lesson_resume_beat(l);
                self.view.screen = Screen::Lesson;
                if cursor == self.session.lesson_index {
                    self.enter_beat(beat);
                } else {
                    self.open(cursor, beat);
                }
            }
            Action::ToggleList | Action::Cancel => {
                self.view.screen = Screen::Lesson;
                self.enter_beat(self.session.beat); // the beat on screen now counts as seen
            }
            Action::ToggleHelp => self.view.help = !self.view.help,
            Action::Quit if self.view.help => self.view.help = false,
            Action::Quit => self.view.quit = true,
            _ => {}
        }
    }

    /// Keys while an answer is typed: letters go into it; Enter checks it; Esc closes the line.
    pub(super) fn update_input(&mut self, action: Action) {
        let Some(mut text) = self.view.input.take() else { return };
        match action {
            Action::Type(c) => {
                let limit = match self.view.input_for {
                    InputFor::Answer => strings::ANSWER_MAX_WIDTH,
                    InputFor::Sentence => strings::SENTENCE_MAX_WIDTH,
                };
                // the cap counts columns and characters: zero-width ones take no column
                if crate::text::width(&text) < limit && text.chars().count() < limit && !c.is_control() {
                    text.push(c);
                }
                self.view.input = Some(text);
            }
            Action::Erase => {
                text.pop();
                self.view.input = Some(text);
            }
            Action::ClearInput => self.view.input = Some(String::new()),
            Action::Answer if self.view.input_for == InputFor::Sentence => {
                let ran = match text.trim().is_empty() {
                    true => Err(strings::EMPTY_SENTENCE.into()),
                    false => self.run_sentences(&text, None),
                };
                if let Err(e) = ran {
                    self.view.status = e;
                    self.view.input = Some(text); // keep it, to fix
                }
            }
            Action::Answer => self.submit(text),
            Action::Cancel => {}
            Action::Quit => self.view.quit = true,
            _ => self.view.input = Some(text),
        }
    }
}

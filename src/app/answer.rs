//! A typed answer to a beat's question: checked against the run, by word or by position.

use super::state::App;
use crate::lesson::question::{Attempt, is_right};
use crate::strings;

impl App {
    /// When the answer is one token of the sentence on screen and the learner typed its position
    /// (0-based as the views count, or 1-based as people count), alone or with the token beside
    /// it (`2 (天)`, `3 (天)`): that position, counted from 0 as the views count, and its token.
    fn position_answer(&self, given: &str, expected: &str) -> Option<(usize, String)> {
        use crate::lesson::question::{normalize, position_typed, position_with_token};
        let (n, named) = match position_typed(given) {
            Some(n) => (n, None),
            None => position_with_token(given).map(|(n, token)| (n, Some(token)))?,
        };
        let [word] = normalize(expected).try_into().ok()?;
        if named.as_ref().is_some_and(|t| *t != word) {
            return None;
        }
        let batch = self.view.selection.batch.min(self.session.setup.shape().batch - 1);
        [true, false].into_iter().find_map(|src| {
            // the real tokens, without the `<pad>` a mask hides: a padded position is never the answer
            let ids = if src { &self.session.setup.src_ids } else { &self.session.setup.tgt_ids };
            let real = ids.row(batch).iter().take_while(|&&id| id != crate::model::vocab::PAD_ID).count();
            let tokens = &self.scene().tokens(src, batch)[..real];
            let holds_word = |p: usize| normalize(&tokens[p]) == std::slice::from_ref(&word);
            let p = if named.is_some() {
                // the token says which it is: counted from 0 or from 1
                [Some(n), n.checked_sub(1)].into_iter().flatten().find(|&p| p < real && holds_word(p))?
            } else if n < real {
                // counted from 0, as every view counts; from 1 only where that reading is no position
                n
            } else if n == real && n > 0 {
                n - 1
            } else {
                return None;
            };
            holds_word(p).then(|| (p, tokens[p].clone()))
        })
    }

    /// `given` without the characters or words written in brackets after the positions they
    /// stand at: `0 (我)` → `0`. Unchanged when a bracket holds anything else.
    fn without_quoted_tokens(&self, given: &str) -> String {
        use crate::lesson::question::normalize;
        let batch = self.view.selection.batch.min(self.session.setup.shape().batch - 1);
        let sides = [self.scene().tokens(true, batch), self.scene().tokens(false, batch)];
        let mut out = given.to_string();
        for (open, close) in [('(', ')'), ('（', '）')] {
            while let Some(a) = out.find(open) {
                let Some(b) = out[a..].find(close).map(|b| a + b) else { return given.to_string() };
                // the position written just before the bracket
                let before = normalize(&out[..a]);
                let Some(position) = before.last().and_then(|n| n.parse::<usize>().ok()) else {
                    return given.to_string();
                };
                let inside = normalize(&out[a + open.len_utf8()..b]);
                let stands_there = sides.iter().any(|t| t.get(position).is_some_and(|t| normalize(t) == inside));
                if !stands_there {
                    return given.to_string();
                }
                out.replace_range(a..b + close.len_utf8(), " ");
            }
        }
        out
    }

    /// Whether `given` answers `expected`: as written, by position, with the tokens in brackets
    /// left out, or naming the sublayer.
    pub(super) fn checks_right(&self, given: &str, expected: &str) -> bool {
        is_right(given, expected)
            || self.position_answer(given, expected).is_some()
            || is_right(&self.without_quoted_tokens(given), expected)
            || crate::lesson::question::names_the_sublayer(given, expected)
    }

    /// Check a typed answer and record it.
    pub(super) fn submit(&mut self, given: String) {
        let Some(expected) = self.expected_answer() else { return };
        if given.trim().is_empty() {
            self.view.status = strings::EMPTY_ANSWER.into();
            self.view.input = Some(given);
            return;
        }
        let by_position = self.position_answer(&given, &expected);
        let right = self.checks_right(&given, &expected);
        let attempt = self.attempt().after(right);
        self.session.progress.answer(&self.session.lesson.id, self.session.beat, given.trim(), attempt);
        self.session.progress_changed = true;
        self.view.status = match attempt {
            Attempt::Right { .. } => match by_position {
                Some((n, token)) => strings::right_by_position(n, &token),
                None => strings::RIGHT.into(),
            },
            Attempt::WrongOnce => strings::WRONG_ONCE.into(),
            Attempt::GaveUp => strings::GAVE_UP.into(),
            Attempt::Unanswered => String::new(),
        };
    }
}

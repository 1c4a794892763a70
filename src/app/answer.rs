//! A typed answer to a beat's question: checked against the run, by word or by position.

use super::state::App;
use crate::lesson::facts::is_pad;
use crate::lesson::question::{Attempt, is_right};
use crate::model::program::Side;
use crate::strings;

/// What a position typed for a token answer says.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ByPosition {
    /// The answer's token, at this position counted from 0 as the views count.
    Right(usize, String),
    /// A bare position that names one token counted from 0 and another counted from 1: the
    /// learner is asked which they mean, and the answer counts neither right nor wrong.
    Ambiguous { n: usize, from_0: String, from_1: String },
}

impl App {
    /// When the answer is one token of the sentence on screen and the learner typed a position,
    /// alone or with the token beside it (`2 (天)`, `3 (天)`): that position, counted from 0 as
    /// the views count, and its token. A bare position is read both ways, counted from 0 and from
    /// 1; where both name a token of the row shown (a `<pad>` included) and they differ, it is
    /// [`ByPosition::Ambiguous`], whichever of them is the answer: only 0 (nothing before it)
    /// and the row's length (nothing at it) are read one way.
    fn position_answer(&self, given: &str, expected: &str) -> Option<ByPosition> {
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
        let readings: Vec<ByPosition> = [true, false]
            .into_iter()
            .filter_map(|src| {
                // the real tokens, without the model's `<pad>` a mask hides (a loaded translator's
                // start token is its `<pad>`, and real): a padded position is never the answer
                let setup = &self.session.setup;
                let (ids, side) = if src { (&setup.src_ids, Side::Src) } else { (&setup.tgt_ids, Side::Tgt) };
                let real = |p: usize| ids.get([batch, p]).is_some_and(|&id| !is_pad(setup, side, p, id));
                let row = self.scene().tokens(src, batch);
                let holds_word =
                    |p: usize| p < row.len() && real(p) && normalize(&row[p]) == std::slice::from_ref(&word);
                if !(0..row.len()).any(holds_word) {
                    return None;
                }
                let right = |p: usize| holds_word(p).then(|| ByPosition::Right(p, row[p].clone()));
                if named.is_some() {
                    // the token says which it is: counted from 0 or from 1
                    return [Some(n), n.checked_sub(1)].into_iter().flatten().find_map(right);
                }
                let from_0 = (n < row.len()).then_some(n);
                let from_1 = n.checked_sub(1).filter(|&p| p < row.len());
                match (from_0, from_1) {
                    (Some(a), Some(b)) if normalize(&row[a]) != normalize(&row[b]) => {
                        Some(ByPosition::Ambiguous { n, from_0: row[a].clone(), from_1: row[b].clone() })
                    }
                    (Some(a), Some(b)) => right(a).or_else(|| right(b)),
                    (Some(p), None) | (None, Some(p)) => right(p),
                    (None, None) => None,
                }
            })
            .collect();
        let right = readings.iter().find(|r| matches!(r, ByPosition::Right(..)));
        right.or(readings.first()).cloned()
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
    /// left out, naming the sublayer, or saying the direction in other words.
    pub(super) fn checks_right(&self, given: &str, expected: &str) -> bool {
        is_right(given, expected)
            || matches!(self.position_answer(given, expected), Some(ByPosition::Right(..)))
            || is_right(&self.without_quoted_tokens(given), expected)
            || crate::lesson::question::names_the_sublayer(given, expected)
            || (self.asks_a_direction() && crate::lesson::direction::same(given, expected))
    }

    /// The beat's question asks which way something moved (its answer is a `step-direction`):
    /// only then does any word for the direction answer it.
    fn asks_a_direction(&self) -> bool {
        use crate::lesson::facts::{Fact, Piece};
        self.question().is_some_and(|q| q.answer.iter().any(|p| matches!(p, Piece::Fact(Fact::StepDirection { .. }))))
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
        if let (false, Some(ByPosition::Ambiguous { n, from_0, from_1 })) = (right, &by_position) {
            // neither right nor wrong: ask which count was meant, and keep the line to say it
            self.view.status = strings::position_ambiguous(*n, from_0, from_1);
            self.view.input = Some(given);
            return;
        }
        let attempt = self.attempt().after(right);
        self.session.progress.answer(&self.session.lesson.id, self.session.beat, given.trim(), attempt);
        self.session.progress_changed = true;
        self.view.status = match attempt {
            Attempt::Right { .. } => match by_position {
                Some(ByPosition::Right(n, token)) => strings::right_by_position(n, &token),
                _ => strings::RIGHT.into(),
            },
            Attempt::WrongOnce => strings::WRONG_ONCE.into(),
            Attempt::GaveUp => strings::GAVE_UP.into(),
            Attempt::Unanswered => String::new(),
        };
    }
}

//! How a text view withholds what answers a beat's question until it is answered: which lines
//! (or pieces of a line) state an answer, and the lines as drawn while it is withheld.

use super::view_data::{LinesData, Piece, Role};

/// How a line of a text view may state a question's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerLine {
    /// The whole line is the view's conclusion (`appended: have`, `cat tops the list from …`):
    /// withheld whenever the beat's question about this view is unanswered.
    Whole,
    /// The line shows this value (a shape, a loss): withheld, that value only, when it is the
    /// answer to the beat's question.
    Value(String),
    /// The line shows `value`, one of a group that a question may have to choose among (the
    /// two masks' shapes): withheld, that value only, when any of the group is the answer, so
    /// that the placeholder does not name which line holds it.
    Among { value: String, group: Vec<String> },
    /// The line shows this value, where a change ends (the loss after a step): withheld, that
    /// value only, when it is the answer or when the answer is which way the change went.
    Moved(String),
    /// The line is drawn stronger because it is the conclusion (the logit lens's row where the
    /// answer forms): drawn plain while withheld.
    Emphasis,
    /// These pieces of the line (a column of a table and its bar: what each key adds) state the
    /// answer: blanked while a question about this view is unanswered (with `when`, only when
    /// that value is its answer), the rest of the line drawn.
    Pieces { pieces: Vec<usize>, when: Option<String> },
    /// The line is one row of the answer (a patched translation): these pieces withheld as
    /// `Pieces` are, the row kept in its place; once answered, the view opens on it.
    Row { pieces: Vec<usize> },
}

impl LinesData {
    /// Pieces `pieces` of the current line state the answer to a question about this view (one
    /// column of a table): blanked while it is unanswered.
    pub fn answer_pieces(&mut self, pieces: &[usize]) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            self.answer_lines.push((last, AnswerLine::Pieces { pieces: pieces.to_vec(), when: None }));
        }
        self
    }

    /// The current line is one row of the answer: pieces `pieces` withheld while a question
    /// about this view is unanswered, and read (the view opened on the line) once it is.
    pub fn answer_row(&mut self, pieces: &[usize]) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            self.answer_lines.push((last, AnswerLine::Row { pieces: pieces.to_vec() }));
        }
        self
    }

    /// Pieces `pieces` of the current line show `value` (a table's cell): blanked while a
    /// question whose answer it is stays unanswered.
    pub fn answer_pieces_if(&mut self, pieces: &[usize], value: impl Into<String>) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            let when = Some(value.into());
            self.answer_lines.push((last, AnswerLine::Pieces { pieces: pieces.to_vec(), when }));
        }
        self
    }

    /// The rows of the answer (`answer_row`): once it is answered, where it is read.
    pub fn answer_rows(&self) -> Vec<usize> {
        self.answer_lines.iter().filter_map(|(i, how)| matches!(how, AnswerLine::Row { .. }).then_some(*i)).collect()
    }

    /// The lines that would answer a question whose expected answer is `expected`, as they read
    /// (a value line: the value alone; an emphasis is no text and is not listed).
    pub fn answering(&self, expected: &str) -> Vec<(usize, Option<String>)> {
        self.answer_lines
            .iter()
            .filter_map(|(i, how)| match how {
                AnswerLine::Whole => Some((*i, None)),
                AnswerLine::Value(v) => crate::lesson::question::is_right(v, expected).then(|| (*i, Some(v.clone()))),
                AnswerLine::Among { value, group } => group
                    .iter()
                    .any(|g| crate::lesson::question::is_right(g, expected))
                    .then(|| (*i, Some(value.clone()))),
                AnswerLine::Moved(v) => (crate::lesson::question::is_right(v, expected)
                    || crate::lesson::direction::of(expected).is_some())
                .then(|| (*i, Some(v.clone()))),
                AnswerLine::Emphasis | AnswerLine::Pieces { .. } | AnswerLine::Row { .. } => None,
            })
            .collect()
    }

    /// These lines with what answers `expected` replaced by `placeholder`: a whole answer line
    /// by one dim piece, a value by the placeholder where it stands.
    pub fn withholding(mut self, expected: &str, placeholder: &str) -> LinesData {
        for (i, how) in &self.answer_lines {
            let Some(line) = self.lines.get_mut(*i) else { continue };
            match how {
                AnswerLine::Emphasis => {
                    line.iter_mut().filter(|p| p.role == Role::Strong).for_each(|p| p.role = Role::Plain)
                }
                AnswerLine::Pieces { pieces, when: None } | AnswerLine::Row { pieces } => blank_pieces(line, pieces),
                AnswerLine::Pieces { pieces, when: Some(v) } if crate::lesson::question::is_right(v, expected) => {
                    blank_pieces(line, pieces)
                }
                _ => {}
            }
        }
        // the view's first whole withheld line becomes one placeholder, and its other whole
        // withheld lines (a list's rows, the count under them) are left out: neither their text
        // nor how many lines they took may tell the answer
        let (mut placed, mut left_out) = (false, Vec::new());
        for (i, value) in self.answering(expected) {
            let Some(line) = self.lines.get_mut(i) else { continue };
            match value {
                None if !placed => {
                    *line = vec![Piece { text: placeholder.to_string(), role: Role::Dim }];
                    placed = true;
                }
                None => left_out.push(i),
                Some(v) => {
                    for piece in line.iter_mut().filter(|p| p.text.contains(&v)) {
                        piece.text = same_width(&piece.text, piece.text.replace(&v, placeholder));
                    }
                }
            }
        }
        self.leaving_out(&left_out)
    }

    /// These lines without lines `out`, the answer lines' indices moved up to match.
    fn leaving_out(mut self, out: &[usize]) -> LinesData {
        if out.is_empty() {
            return self;
        }
        let before = |i: usize| out.iter().filter(|&&o| o < i).count();
        self.answer_lines = std::mem::take(&mut self.answer_lines)
            .into_iter()
            .filter(|(i, _)| !out.contains(i))
            .map(|(i, how)| (i - before(i), how))
            .collect();
        let mut i = 0;
        self.lines.retain(|_| {
            i += 1;
            !out.contains(&(i - 1))
        });
        self
    }
}

/// `text` as wide as `was`, where its padding allows: a narrower one padded with spaces, a wider
/// one losing trailing spaces (but for the two that part it from the next column), so that a
/// table's columns after a withheld value stay in line.
fn same_width(was: &str, mut text: String) -> String {
    let (want, have) = (crate::text::width(was), crate::text::width(&text));
    if have < want {
        text.push_str(&" ".repeat(want - have));
    }
    let gap = (was.len() - was.trim_end_matches(' ').len()).min(2);
    let mut over = crate::text::width(&text).saturating_sub(want);
    while over > 0 && text.len() - text.trim_end_matches(' ').len() > gap {
        text.pop();
        over -= 1;
    }
    text
}

/// A number becomes `?` where it ends, a word `?` where it starts (so that every row's `?`
/// stands in one column), a bar an empty one; drawn dim, since a colour could tell the answer too
/// (a changed translation is red).
fn blank_pieces(line: &mut [Piece], pieces: &[usize]) {
    for &k in pieces {
        let Some(piece) = line.get_mut(k) else { continue };
        match &mut piece.role {
            Role::Bar { fraction, .. } => *fraction = 0.0,
            _ => {
                piece.text = question_mark_in(&piece.text);
                piece.role = Role::Dim;
            }
        }
    }
}

/// `?` in the place of `text`, as wide: at a number's end (numbers line up on the right), at a
/// word's start (words line up on the left).
fn question_mark_in(text: &str) -> String {
    let shown = text.trim();
    let numeric = shown.starts_with(|c: char| c.is_ascii_digit() || "+-−.".contains(c));
    let width = crate::text::width(text);
    match numeric {
        true => {
            let end = crate::text::width(text.trim_end());
            crate::text::pad(&crate::text::pad_left("?", end), width)
        }
        false => {
            let start = width - crate::text::width(text.trim_start());
            crate::text::pad(&format!("{}?", " ".repeat(start)), width)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A withheld value in a padded table cell keeps the columns after it in line, whether the
    /// placeholder is narrower than the value (Chinese) or wider (English).
    #[test]
    fn a_withheld_cell_keeps_its_width() {
        for placeholder in ["…（先回答）", "… (answer first)"] {
            let mut d = LinesData::default();
            d.line()
                .put("3    ", Role::Plain)
                .put("(1, 3, 4, 12)            ", Role::Plain)
                .put("0.219 ms", Role::Plain);
            d.answer_value("(1, 3, 4, 12)");
            let was: Vec<usize> = d.lines[0].iter().map(|p| crate::text::width(&p.text)).collect();
            let held = d.withholding("(1, 3, 4, 12)", placeholder);
            let now: Vec<usize> = held.lines[0].iter().map(|p| crate::text::width(&p.text)).collect();
            assert_eq!(now, was, "{placeholder}: {:?}", held.lines[0]);
            assert!(held.lines[0][1].text.starts_with(placeholder));
        }
        // wider than its column: two spaces still part it from the next
        let mut d = LinesData::default();
        d.line().put("(3, 8, 81)    ", Role::Plain).put("Linear", Role::Plain);
        d.answer_value("(3, 8, 81)");
        let held = d.withholding("(3, 8, 81)", "… (answer first)");
        assert_eq!(held.lines[0][0].text, "… (answer first)  ");
    }

    /// A view's whole withheld lines (a table's rows, the count under it) show one placeholder
    /// and take no other line, so that neither their text nor their number tells the answer; the
    /// lines between them and the answer lines' places follow.
    #[test]
    fn whole_withheld_lines_leave_one_placeholder() {
        let mut d = LinesData::default();
        d.push("header", Role::Title);
        for row in ["  16  你", "  21  吃", "  22  吗"] {
            d.push(row, Role::Plain).answer_line();
        }
        d.push("read by the batch, gradient exactly 0: <pad>", Role::Strong);
        d.push("3 of 71 rows get a gradient", Role::Plain).answer_line();
        d.push("(2, 4, 32)", Role::Plain).answer_value("(2, 4, 32)");
        let held = d.withholding("3", "… (answer first)");
        let texts: Vec<String> = held.lines.iter().map(|l| l.iter().map(|p| p.text.as_str()).collect()).collect();
        assert_eq!(texts, ["header", "… (answer first)", "read by the batch, gradient exactly 0: <pad>", "(2, 4, 32)"],);
        // the answer lines left point at the lines they were on
        let places: Vec<usize> = held.answer_lines.iter().map(|(i, _)| *i).collect();
        assert_eq!(places, [1, 3]);
    }
}

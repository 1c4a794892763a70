//! The view data on screen, computed when what it shows changes and never while drawing: the
//! focused tensor's view and, with a what-if on, the comparison (its measured lines and the
//! variant's own view, which runs the variant forward). `App::refresh` brings it up to date
//! after every change; `generation` counts the times it was computed.

use super::state::App;
use super::view_data::{Role, ViewData};
use crate::explore::Variant;
use crate::lesson::ViewKind;
use crate::model::decode::Choice;
use std::sync::Arc;

/// Everything the view data depends on: when none of it changed, the cache is kept.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Key {
    lesson_index: usize,
    sentences_generation: u64,
    beat: usize,
    op: usize,
    gradient: bool,
    kind: ViewKind,
    selection: super::Selection,
    decoding: Choice,
    what_if: Option<Variant>,
    /// The view data holds words: another language draws it again.
    lang: crate::lang::Lang,
    /// The answer whose lines the view withholds (the beat's question is unanswered).
    withheld: Option<String>,
}

/// The view data of the focused operation, as of the last change.
#[derive(Debug, Clone, Default)]
pub struct ViewCache {
    pub(super) key: Option<Key>,
    generation: u64,
    /// Shared with the frames drawn from it (`screenful::Shown`), never copied.
    taught: Option<Arc<ViewData>>,
    what_if: Option<Arc<WhatIfView>>,
}

/// A what-if beside the taught model, ready to draw.
#[derive(Debug, Clone)]
pub struct WhatIfView {
    pub variant: Variant,
    /// The variant ran (else its lines say why not).
    pub runs: bool,
    /// What it changed, measured.
    pub lines: Vec<(String, Role)>,
    /// The taught softmax view holds the variant's rows beside its own.
    pub beside: bool,
    /// The variant's own view of the focused operation, or why there is none.
    pub other: Result<VariantView, String>,
}

/// The variant's view of the operation the taught model shows.
#[derive(Debug, Clone)]
pub struct VariantView {
    /// "name · shape · view", as the tensor pane titles it.
    pub title: String,
    pub kind: ViewKind,
    pub data: ViewData,
}

impl App {
    /// Compute the view data again if what it depends on changed since the last time (its
    /// words in the screen's language).
    pub(super) fn refresh(&mut self) {
        crate::lang::with(self.view.lang, || self.refresh_in_language())
    }

    fn refresh_in_language(&mut self) {
        self.refresh_beat_text();
        let key = Key {
            lesson_index: self.session.lesson_index,
            sentences_generation: self.session.sentences_generation,
            beat: self.session.beat,
            op: self.session.op,
            gradient: self.session.gradient,
            kind: self.view.kind,
            selection: self.view.selection,
            decoding: self.session.decoding,
            what_if: self.session.what_if.as_ref().map(|w| w.variant),
            lang: self.view.lang,
            withheld: self.withheld_answer(),
        };
        if self.cache.key.as_ref() == Some(&key) {
            return;
        }
        let data = self.slow_view_data(&key).unwrap_or_else(|| self.scene().compute_view_data());
        self.cache.taught = Some(Arc::new(withholding(data, key.withheld.as_deref())));
        self.cache.what_if = self.compute_what_if(key.withheld.as_deref()).map(Arc::new);
        self.cache.key = Some(key);
        self.cache.generation += 1;
    }

    /// The what-if's side: the variant's view withholds what would answer the beat's question
    /// too (the variant's `appended:` line is the taught model's answer whenever the two agree).
    fn compute_what_if(&self, withheld: Option<&str>) -> Option<WhatIfView> {
        let w = self.session.what_if.as_ref()?;
        // the variant's view: the same presenters as the taught model's, on the variant's run
        let other = self.variant_stage()?.map(|stage| VariantView {
            title: self.shapes_withheld(stage.title()),
            kind: stage.kind,
            data: withholding(stage.scene(self.scene()).compute_view_data(), withheld),
        });
        Some(WhatIfView {
            variant: w.variant,
            runs: w.run.is_ok(),
            lines: withholding_said(self.what_if_lines(), withheld),
            beside: self.scene().variant_beside().is_some(),
            other,
        })
    }

    /// The expected answer of the beat's question while it is unanswered and the view shown is
    /// the beat's own kind: the view's lines that state it are withheld until it is answered or
    /// given up (a question asks for a prediction; the line that proves it comes after).
    pub(crate) fn withheld_answer(&self) -> Option<String> {
        let beat = self.session.lesson.beats.get(self.session.beat)?;
        beat.question.as_ref()?;
        (!self.attempt().is_done() && self.view.kind == beat.view).then(|| self.expected_answer()).flatten()
    }

    /// The lines of the view withheld now, as they read when drawn (a value: the value alone);
    /// empty when nothing is withheld.
    pub fn withheld_lines(&self) -> Vec<String> {
        let Some(expected) = self.withheld_answer() else { return Vec::new() };
        let mut withheld = crate::lang::with(self.view.lang, || match self.scene().compute_view_data() {
            ViewData::Lines(lines) => lines
                .answering(&expected)
                .into_iter()
                .map(|(i, value)| value.unwrap_or_else(|| lines.line_text(i)))
                .collect(),
            _ => Vec::new(),
        });
        // a what-if's measured line that states it (note 002's qk_dim: the scores' shape), or
        // the pane's title and the shape trace
        let said = crate::lang::with(self.view.lang, || self.what_if_lines());
        let op = &self.run().program().op(self.op()).shape;
        let titled =
            crate::strings::shape_in_title(op) == expected || self.shape_trace_unwithheld().contains(&expected);
        if is_shape(&expected) && (titled || said.iter().any(|(text, _)| text.contains(&expected))) {
            withheld.push(expected);
        }
        withheld
    }

    /// The data for the focused tensor's view (computed when the state changed, not here).
    pub fn view_data(&self) -> &ViewData {
        self.cache.taught.as_deref().expect("an app refreshes its view data when it is made")
    }

    /// The focused tensor's view data, shared (a frame holds it without copying it).
    pub fn view_data_shared(&self) -> Arc<ViewData> {
        self.cache.taught.clone().expect("an app refreshes its view data when it is made")
    }

    /// The what-if beside the taught model, shared, when one is on.
    pub fn what_if_view_shared(&self) -> Option<Arc<WhatIfView>> {
        self.cache.what_if.clone()
    }

    /// The what-if beside the taught model, when one is on.
    pub fn what_if_view(&self) -> Option<&WhatIfView> {
        self.cache.what_if.as_deref()
    }

    /// How many times the view data was computed: drawing never changes it, a change of what is
    /// shown adds one.
    pub fn view_generation(&self) -> u64 {
        self.cache.generation
    }
}

/// A what-if's measured lines with `expected`, when it is a shape, written as `… (answer first)`
/// wherever one states it (a shorter answer, a number, would match inside other numbers).
fn withholding_said(said: Vec<(String, Role)>, expected: Option<&str>) -> Vec<(String, Role)> {
    let Some(expected) = expected.filter(|e| is_shape(e)) else { return said };
    let placeholder = crate::strings::ANSWER_FIRST.to_string();
    said.into_iter().map(|(text, role)| (text.replace(expected, &placeholder), role)).collect()
}

/// The positions where `hidden` holds, as `{masked-keys}` writes them (`7, 8, 9`, `none`).
fn keys_named(hidden: &[bool]) -> String {
    let keys: Vec<String> = hidden.iter().enumerate().filter(|(_, h)| **h).map(|(i, _)| i.to_string()).collect();
    if keys.is_empty() { crate::strings::NO_KEYS_HIDDEN.to_string() } else { keys.join(", ") }
}

/// Whether an answer is a shape, `(2, 4, 6, 6)`.
fn is_shape(answer: &str) -> bool {
    answer.starts_with('(') && answer.ends_with(')') && answer.contains(", ")
}

/// `data` with the lines that state `expected` replaced by `… (answer first)`, and a shape
/// that is the answer left out of the view's caption.
fn withholding(data: ViewData, expected: Option<&str>) -> ViewData {
    let placeholder = crate::strings::ANSWER_FIRST.to_string();
    let Some(expected) = expected else { return data };
    let caption = |c: String| if is_shape(expected) { c.replace(expected, &placeholder) } else { c };
    match data {
        ViewData::Lines(lines) => ViewData::Lines(lines.withholding(expected, &placeholder)),
        ViewData::Heatmap(mut d) => {
            d.caption = caption(d.caption);
            // the selected query's cells, when the key it weights most is the answer
            let keys = d.col_axis == crate::strings::AXIS_KEY.get();
            if let Some(row) = d.selected_row.filter(|&r| keys && r < d.values.nrows()) {
                let top = crate::model::decode::argmax(d.values.row(row).iter().copied());
                d.withheld_row = d.col_labels.get(top).is_some_and(|k| crate::lesson::question::is_right(k, expected));
            }
            ViewData::Heatmap(d)
        }
        ViewData::Softmax(mut d) => {
            d.caption = caption(d.caption);
            // the selected query's weights, when the key it weights most is the answer: the row
            // is drawn without them (`… (answer first)`) until the question is answered
            if let Some(row) = d.selected_row.and_then(|i| d.rows.get_mut(i)) {
                let top = crate::model::decode::argmax(row.weights.iter().copied());
                if d.col_labels.get(top).is_some_and(|k| crate::lesson::question::is_right(k, expected)) {
                    row.weights.clear();
                    row.masked.clear();
                }
            }
            // the keys the mask hides from the selected query, when they are the answer: every
            // row is drawn without its weights (another row's exact zeros, or its ✕, would show
            // the same keys: a padding mask hides them from every row)
            if d.selected_row.and_then(|i| d.rows.get(i)).is_some_and(|row| keys_named(&row.masked) == expected) {
                for row in d.rows.iter_mut() {
                    row.masked.clear();
                    row.weights.clear();
                }
            }
            ViewData::Softmax(d)
        }
        ViewData::LayerNorm(mut d) => {
            d.caption = caption(d.caption);
            ViewData::LayerNorm(d)
        }
        ViewData::Mask(mut d) => {
            // the keys the mask hides from the selected row, when they are the answer: every
            // cell is drawn `?` (another row's zeros would show the same keys), the tokens kept
            if let Some(row) = d.selected_row.filter(|&r| r < d.values.nrows()) {
                let hidden = d.values.row(row).iter().map(|&v| v < 0.5).collect::<Vec<_>>();
                d.withheld = keys_named(&hidden) == expected;
            }
            ViewData::Mask(d)
        }
        ViewData::TopWords(mut d) => {
            d.caption = caption(d.caption);
            // the selected position's words, when the one ranked first is the answer
            if let Some((_, words)) = d.selected_row.and_then(|i| d.rows.get_mut(i))
                && words.first().is_some_and(|(w, _)| crate::lesson::question::is_right(w, expected))
            {
                words.clear();
            }
            ViewData::TopWords(d)
        }
        ViewData::Vector(mut d) => {
            d.caption = caption(d.caption);
            ViewData::Vector(d)
        }
    }
}

impl App {
    /// A shape as the pane titles and the shape trace write it: `… (answer first)` while the
    /// beat's question asks for that shape and is unanswered (a shape question's answer would
    /// otherwise stand in the title of the tensor it is about).
    pub fn shape_shown(&self, shape: &[usize]) -> String {
        let text = crate::strings::shape_in_title(shape);
        match self.withheld_answer().filter(|e| is_shape(e)) {
            Some(expected) => text.replace(&expected, &crate::strings::ANSWER_FIRST.to_string()),
            None => text,
        }
    }

    /// A line of the code pane with an unanswered question's answer left out: a shape as the
    /// trace leaves it out, any other answer where it stands as a whole word or number.
    pub fn code_withheld(&self, line: &str) -> String {
        let Some(expected) = self.withheld_answer() else { return line.to_string() };
        let hidden = crate::strings::ANSWER_FIRST.to_string();
        let word = |c: char| c.is_alphanumeric() || c == '_' || c == '.';
        if is_shape(&expected) || !expected.chars().all(word) {
            return line.replace(&expected, &hidden);
        }
        let mut out = String::new();
        let mut token = String::new();
        for c in line.chars().chain(std::iter::once('\n')) {
            if word(c) {
                token.push(c);
                continue;
            }
            out.push_str(if token == expected { &hidden } else { &token });
            token.clear();
            out.push(c);
        }
        out.pop();
        out
    }

    /// An operation's formula with an unanswered question's answer left out as the code pane
    /// leaves it out: a shape, or a number such as the table's row count in the embedding's
    /// `(244, 36) table` when the question asks for vocab_size.
    pub fn formula_withheld(&self, formula: String) -> String {
        self.code_withheld(&formula)
    }

    /// `text` (a shape trace) with the shape a question asks for left out while it is unanswered.
    pub fn shapes_withheld(&self, text: String) -> String {
        match self.withheld_answer().filter(|e| is_shape(e)) {
            Some(expected) => text.replace(&expected, &crate::strings::ANSWER_FIRST.to_string()),
            None => text,
        }
    }
}

//! The current beat's words with their facts filled in from the run (prose, and a question's
//! answer, hint and explanation), computed when the beat, the sentences, the model or the
//! language change, never while drawing: some facts decode a sentence or run a patched forward
//! pass, and the screen is redrawn ten times a second.

use super::state::App;

/// What the beat's words depend on: when none of it changed, they are kept.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    lesson_index: usize,
    /// Bumped by a learner's own sentences and by the training dial's change of model.
    sentences_generation: u64,
    beat: usize,
    lang: crate::lang::Lang,
}

/// The current beat's words, filled in from the run.
#[derive(Debug, Clone, Default)]
pub struct BeatText {
    key: Option<Key>,
    prose: String,
    /// The question's answer, hint and explanation (None without a question).
    answer: Option<String>,
    hint: Option<String>,
    explain: Option<String>,
    /// How many times the words were filled in.
    generation: u64,
}

impl App {
    /// Fill the beat's words in again if what they depend on changed.
    pub(super) fn refresh_beat_text(&mut self) {
        let lang = crate::lang::current();
        let key = Key {
            lesson_index: self.session.lesson_index,
            sentences_generation: self.session.sentences_generation,
            beat: self.session.beat,
            lang,
        };
        if self.beat_words.key.as_ref() == Some(&key) {
            return;
        }
        let question = self.question();
        let generation = self.beat_words.generation + 1;
        self.beat_words = BeatText {
            prose: self.text_of_beat(self.session.beat),
            answer: question.map(|q| self.question_text(&q.answer)),
            hint: question.map(|q| self.question_text(q.hint_in(lang))),
            explain: question.map(|q| self.question_text(q.explain_in(lang))),
            key: Some(key),
            generation,
        };
    }

    /// How many times the beat's words were filled in: drawing never changes it.
    pub fn beat_text_generation(&self) -> u64 {
        self.beat_words.generation
    }

    /// The current beat's prose with its facts filled in from the run.
    pub fn beat_text(&self) -> String {
        self.beat_words.prose.clone()
    }

    /// The answer the run gives to the current question.
    pub fn expected_answer(&self) -> Option<String> {
        self.beat_words.answer.clone()
    }

    /// The current question's hint, its facts filled in, in the screen's language.
    pub fn hint_text(&self) -> Option<String> {
        self.beat_words.hint.clone()
    }

    /// The current question's explanation, its facts filled in, in the screen's language.
    pub fn explain_text(&self) -> Option<String> {
        self.beat_words.explain.clone()
    }
}

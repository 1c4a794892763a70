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
    /// `{where …}` reads it.
    layout: crate::lesson::facts::PaneLayout,
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
    /// The learner's last answer to this beat's question, and whether it still answers it on
    /// what is run now (other sentences or another training step may give another answer).
    last_answer: Option<(Option<String>, bool)>,
    /// How many times the words were filled in.
    generation: u64,
}

impl App {
    /// Fill the beat's words in again if what they depend on changed.
    pub(super) fn refresh_beat_text(&mut self) {
        let lang = self.view.lang;
        let key = self.current_key();
        if self.beat_words.key.as_ref() != Some(&key) {
            self.fill_beat_text(key, lang);
            if self.answer_renders_empty() {
                self.drop_question();
            }
        }
        let last = self.session.progress.given(&self.session.lesson.id, self.session.beat).last().cloned();
        if self.beat_words.last_answer.as_ref().is_none_or(|(checked, _)| *checked != last) {
            let still_right = match (&last, &self.beat_words.answer) {
                (Some(given), Some(expected)) => self.checks_right(given, expected),
                _ => true,
            };
            self.beat_words.last_answer = Some((last, still_right));
        }
    }

    /// The current beat asks nothing, here and in the lesson list's counts: its answer (on a
    /// loaded translator, checked only now) has nothing to type.
    fn drop_question(&mut self) {
        let (i, beat) = (self.session.lesson_index, self.session.beat);
        self.session.lesson.beats[beat].question = None;
        if let Some(lesson) = std::sync::Arc::make_mut(&mut self.session.lessons).get_mut(i)
            && let Some(b) = lesson.beats.get_mut(beat)
        {
            b.question = None;
        }
        self.beat_words.answer = None;
        self.beat_words.hint = None;
        self.beat_words.explain = None;
    }

    /// Whether the current beat's question's answer, as filled in for this beat, sentences and
    /// language, has no words or numbers to type.
    pub(super) fn answer_renders_empty(&self) -> bool {
        match (&self.beat_words.key, &self.beat_words.answer) {
            (Some(key), Some(answer)) if *key == self.current_key() => {
                crate::lesson::question::normalize(answer).is_empty()
            }
            _ => false,
        }
    }

    /// What the beat's words depend on, now.
    fn current_key(&self) -> Key {
        Key {
            lesson_index: self.session.lesson_index,
            sentences_generation: self.session.sentences_generation,
            beat: self.session.beat,
            lang: self.view.lang,
            layout: self.view.layout,
        }
    }

    fn fill_beat_text(&mut self, key: Key, lang: crate::lang::Lang) {
        let question = self.question();
        let generation = self.beat_words.generation + 1;
        self.beat_words = BeatText {
            prose: self.text_of_beat(self.session.beat),
            answer: question.map(|q| self.question_text(&q.answer)),
            hint: question.map(|q| self.question_text(q.hint_in(lang))),
            explain: question.map(|q| self.question_text(q.explain_in(lang))),
            key: Some(key),
            last_answer: None,
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

    /// Whether the learner's last answer to this beat's question still answers it on what is
    /// run now (true when there is none).
    pub fn last_answer_still_right(&self) -> bool {
        self.beat_words.last_answer.as_ref().is_none_or(|(_, right)| *right)
    }

    /// The current question's explanation, its facts filled in, in the screen's language.
    pub fn explain_text(&self) -> Option<String> {
        self.beat_words.explain.clone()
    }
}

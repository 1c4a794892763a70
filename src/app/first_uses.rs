//! Which glossary terms each beat of the open lesson uses for the first time in the lesson,
//! worked out once per lesson and language for every beat together: asking beat i alone meant
//! scanning beats 0..=i again, so printing or paging through a lesson of N beats scanned N²/2
//! beats (10,000 beats: over 300 s before the first line).

use super::state::App;
use std::sync::{Arc, Mutex, PoisonError};

/// What the table depends on: the lesson's prose as written, in one language.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    lesson_index: usize,
    id: String,
    beats: usize,
    lang: crate::lang::Lang,
}

/// For each beat, the terms whose first use in the lesson is there.
type Table = Arc<Vec<Vec<usize>>>;

/// The table of the lesson and language it was worked out for.
#[derive(Debug, Default)]
pub struct FirstUses(Mutex<Option<(Key, Table)>>);

impl App {
    /// The glossary terms the lesson uses for the first time in beat `i` (the screen's language).
    pub(super) fn terms_new_at(&self, i: usize) -> Vec<usize> {
        let lang = self.view.lang;
        let lesson = &self.session.lesson;
        let key =
            Key { lesson_index: self.session.lesson_index, id: lesson.id.clone(), beats: lesson.beats.len(), lang };
        let mut slot = self.first_uses.0.lock().unwrap_or_else(PoisonError::into_inner);
        if slot.as_ref().is_none_or(|(k, _)| *k != key) {
            // decided on the prose as written (the same in every run), less the lines a loaded
            // translator shows in place of a beat about the tutor's own model
            let written: Vec<String> = lesson
                .beats
                .iter()
                .map(|b| crate::lesson::facts::without_loaded_model_lines(b.text_in(lang)))
                .collect();
            let written: Vec<&str> = written.iter().map(String::as_str).collect();
            let glossary = crate::lesson::glossary::Glossary::built_in();
            let table =
                glossary.first_uses(&written, lang).into_iter().map(|here| here.into_iter().map(|(_, t)| t).collect());
            *slot = Some((key, Arc::new(table.collect())));
        }
        slot.as_ref().and_then(|(_, table)| table.get(i).cloned()).unwrap_or_default()
    }
}

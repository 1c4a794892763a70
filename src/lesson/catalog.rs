//! Every lesson, in curriculum order; lookup by id with "did you mean".

use super::error::LessonError;
use super::load::{Lesson, load_lesson};
use crate::model::Weights;
use crate::strings;
use std::path::Path;
use std::sync::Arc;
use unicode_width::UnicodeWidthStr;

include!(concat!(env!("OUT_DIR"), "/built_in_lessons.rs"));

#[derive(Debug, Clone)]
pub struct Catalog {
    pub lessons: Vec<Lesson>, // sorted by curriculum order, then id
}

impl Catalog {
    /// The lessons built into the program (`lessons/*.toml` at build time).
    pub fn built_in(weights: &Arc<Weights>) -> Result<Catalog, LessonError> {
        Catalog::from_files(BUILT_IN.iter().map(|(f, t)| (f.to_string(), t.to_string())).collect(), weights)
    }

    /// A teacher's own lessons: every `*.toml` in `dir`.
    pub fn from_dir(dir: &Path, weights: &Arc<Weights>) -> Result<Catalog, LessonError> {
        let unreadable = |message: String| LessonError {
            file: dir.display().to_string(),
            line: 0,
            field: "(directory)".into(),
            message,
        };
        let entries = std::fs::read_dir(dir)
            .map_err(|e| unreadable(strings::cannot_read_lessons_dir(crate::lang::io_reason(&e))))?;
        let mut paths: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        if paths.is_empty() {
            return Err(unreadable(strings::NO_LESSON_FILES.into()));
        }
        let mut files = Vec::new();
        for p in paths {
            // a regular file of at most 1 MB: a lesson linked to /dev/zero or a FIFO is refused unread
            let text = crate::user_file::read_text(&p, crate::user_file::LESSON_LIMIT, &strings::LESSON_FILE).map_err(
                |e| LessonError {
                    file: p.display().to_string(),
                    line: 0,
                    field: "(file)".into(),
                    message: e.reason.to_string(),
                },
            )?;
            files.push((p.display().to_string(), text));
        }
        Catalog::from_files(files, weights)
    }

    /// Load and validate every file; the first error stops everything (nothing half-loaded is shown).
    pub fn from_files(files: Vec<(String, String)>, weights: &Arc<Weights>) -> Result<Catalog, LessonError> {
        let mut lessons: Vec<Lesson> = Vec::new();
        for (file, text) in files {
            let lesson = load_lesson(&file, &text, weights)?;
            if let Some(other) = lessons.iter().find(|l| l.id == lesson.id) {
                let line = text.lines().position(|l| l.trim_start().starts_with("id")).map(|i| i + 1).unwrap_or(1);
                return Err(LessonError {
                    file,
                    line,
                    field: "id".into(),
                    message: strings::duplicate_lesson_id(&lesson.id, &other.file),
                });
            }
            lessons.push(lesson);
        }
        lessons.sort_by(|a, b| a.order.cmp(&b.order).then(a.id.cmp(&b.id)));
        Ok(Catalog { lessons })
    }

    pub fn get(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }

    /// "no lesson `mask`; did you mean `masks`?"
    pub fn unknown_message(&self, id: &str) -> String {
        let id = &crate::text::escape_controls(id, false);
        let near = crate::suggest::closest(id, self.lessons.iter().map(|l| l.id.as_str()));
        let ids: Vec<&str> = self.lessons.iter().map(|l| l.id.as_str()).collect();
        strings::no_lesson(id, &near, &ids)
    }

    /// `--list`: one line per lesson, in curriculum order, numbered 1..N as the list screen numbers
    /// them (the `order` field sorts; a lesson may teach several of the notes' ideas, so it skips).
    pub fn list_text(&self) -> String {
        // ids padded by display width (a `{:<w$}` pads by chars and misaligns wide characters)
        let width = self.lessons.iter().map(|l| l.id.width()).max().unwrap_or(0);
        self.lessons
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let pad = " ".repeat(width - l.id.width());
                let lang = crate::lang::current();
                strings::list_line(i + 1, &l.id, &pad, l.title_in(lang), l.summary_in(lang), l.beats.len())
            })
            .collect()
    }
}

//! Every lesson, in curriculum order; lookup by id with "did you mean".

use super::error::LessonError;
use super::load::{Lesson, load_lesson};
use crate::model::Weights;
use crate::strings;
use std::path::Path;
use std::sync::Arc;
use unicode_width::UnicodeWidthStr;

include!(concat!(env!("OUT_DIR"), "/built_in_lessons.rs"));

/// The most `*.toml` files a lessons directory may hold (the built-in curriculum has a few dozen).
pub const DIR_FILES: usize = 512;

/// The most bytes a lessons directory's files may hold together (16 MB; one lesson is at most 1 MB).
pub const DIR_BYTES: u64 = 16 << 20;

/// Load and validate one file and add its lesson, refusing an id another file already took.
fn add_lesson(lessons: &mut Vec<Lesson>, file: String, text: &str, weights: &Arc<Weights>) -> Result<(), LessonError> {
    let lesson = load_lesson(&file, text, weights)?;
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
    Ok(())
}

#[derive(Debug, Clone)]
pub struct Catalog {
    pub lessons: Vec<Lesson>, // sorted by curriculum order, then id
}

impl Catalog {
    /// The lessons built into the program (`lessons/*.toml` at build time).
    pub fn built_in(weights: &Arc<Weights>) -> Result<Catalog, LessonError> {
        Catalog::from_files(BUILT_IN.iter().map(|(f, t)| (f.to_string(), t.to_string())).collect(), weights)
    }

    /// A teacher's own lessons: every `*.toml` in `dir`, at most `DIR_FILES` files of at most
    /// `DIR_BYTES` together, each parsed as soon as it is read (never all read first).
    pub fn from_dir(dir: &Path, weights: &Arc<Weights>) -> Result<Catalog, LessonError> {
        let unreadable = |message: String| LessonError {
            file: dir.display().to_string(),
            line: 0,
            field: "(directory)".into(),
            message,
        };
        let entries = std::fs::read_dir(dir)
            .map_err(|e| unreadable(strings::cannot_read_lessons_dir(crate::lang::io_reason(&e))))?;
        // one more than the cap is enough to refuse: a directory of a million entries is not listed whole
        let mut paths: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .take(DIR_FILES + 1)
            .collect();
        if paths.len() > DIR_FILES {
            return Err(unreadable(strings::too_many_lesson_files(DIR_FILES)));
        }
        paths.sort();
        if paths.is_empty() {
            return Err(unreadable(strings::NO_LESSON_FILES.into()));
        }
        let mut lessons = Vec::new();
        let mut bytes = 0u64;
        for p in paths {
            let refused = |message: String| LessonError {
                file: p.display().to_string(),
                line: 0,
                field: "(file)".into(),
                message,
            };
            // the total before this file is read (what is not a regular file is refused by the read)
            bytes += std::fs::metadata(&p).map(|m| if m.is_file() { m.len() } else { 0 }).unwrap_or(0);
            if bytes > DIR_BYTES {
                return Err(refused(strings::lessons_dir_too_large(DIR_BYTES >> 20)));
            }
            // a regular file of at most 1 MB: a lesson linked to /dev/zero or a FIFO is refused unread
            let text = crate::user_file::read_text(&p, crate::user_file::LESSON_LIMIT, &strings::LESSON_FILE)
                .map_err(|e| refused(e.reason.to_string()))?;
            add_lesson(&mut lessons, p.display().to_string(), &text, weights)?;
        }
        Ok(Catalog::sorted(lessons))
    }

    /// Load and validate every file; the first error stops everything (nothing half-loaded is shown).
    pub fn from_files(files: Vec<(String, String)>, weights: &Arc<Weights>) -> Result<Catalog, LessonError> {
        let mut lessons: Vec<Lesson> = Vec::new();
        for (file, text) in files {
            add_lesson(&mut lessons, file, &text, weights)?;
        }
        Ok(Catalog::sorted(lessons))
    }

    fn sorted(mut lessons: Vec<Lesson>) -> Catalog {
        lessons.sort_by(|a, b| a.order.cmp(&b.order).then(a.id.cmp(&b.id)));
        Catalog { lessons }
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

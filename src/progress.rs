//! A learner's saved progress: which beats of which lessons were seen, and every answer given.
//! It lives in the user's data directory (`directories`: ~/.local/share/transformer-tutor on
//! Linux), or in `$TRANSFORMER_TUTOR_DATA_DIR` when set.
//!
//! Nothing in it is ever dropped: it is written through `atomic_file` (whole or not at all; a
//! symlink written through); a file that cannot be used (not UTF-8, not TOML, a newer format,
//! larger than `MAX_BYTES`, not a regular file, not readable) is kept under a name of its own
//! and reported, never overwritten (file.rs); keys this version does not know are kept on every
//! save. A running tutor saves through `ProgressFile` (sync.rs), which merges with what other
//! processes wrote meanwhile and respects `--reset-progress`, and `Pacer` (pace.rs) decides
//! when: after a change, at most once a second, and at once when the tutor ends.

mod file;
mod lock;
mod pace;
mod sync;

pub use file::MAX_BYTES;
pub use lock::{AT_THE_END, WHILE_RUNNING};
pub use pace::{Pacer, SAVE_EVERY};
pub use sync::{ProgressFile, Reset, reset, reset_lesson};

use crate::lesson::Lesson;
use crate::lesson::question::Attempt;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The progress file's format version. A file of a newer version is kept as it is under a name
/// of its own (`progress.toml.newer-…`) and this tutor starts afresh; an older one is unreadable.
pub const VERSION: u32 = 1;

/// The environment variable that moves the progress file's directory (tests, teachers).
pub const DIR_VAR: &str = "TRANSFORMER_TUTOR_DATA_DIR";

pub const FILE_NAME: &str = "progress.toml";

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    /// How many times `--reset-progress` has cleared this file (a tutor that started before a
    /// reset learns of it from this number when it next saves).
    #[serde(default)]
    pub resets: u64,
    /// The language the learner last chose on the screen or with `--lang` (`en`, `zh`); the
    /// environment decides while there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// By lesson id.
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonProgress>,
    /// Keys this version does not know (written by a later one, or by hand): kept as they are.
    #[serde(skip)]
    pub other: toml::Table,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LessonProgress {
    /// Beats shown, 0-based.
    #[serde(default)]
    pub seen: BTreeSet<usize>,
    /// Answers to the lesson's questions, by beat (as a string key: TOML tables need them);
    /// not written while there are none (an empty table per lesson once grew a valid file past
    /// `MAX_BYTES`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub answers: BTreeMap<String, AnswerRecord>,
    /// Keys this version does not know: kept.
    #[serde(skip)]
    pub other: toml::Table,
}

/// Every answer a learner gave to one question, and where that left them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AnswerRecord {
    pub given: Vec<String>,
    /// `unanswered`, `wrong-once`, `right`, `gave-up`.
    pub state: String,
    /// Keys this version does not know: kept.
    #[serde(skip)]
    pub other: toml::Table,
}

/// A question's state as the progress file writes it (`state = "wrong-once"`), in the order a
/// question moves through them: the names come from one derive, the order is the declaration's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub(crate) enum AnswerState {
    Unanswered,
    WrongOnce,
    GaveUp,
    Right,
}

impl AnswerState {
    /// The state a record's text names; a name this version does not know reads as unanswered
    /// (and the text itself is kept as written).
    pub(crate) fn of(state: &str) -> AnswerState {
        state.parse().unwrap_or(AnswerState::Unanswered)
    }
}

impl AnswerRecord {
    pub fn attempt(&self) -> Attempt {
        match AnswerState::of(&self.state) {
            AnswerState::WrongOnce => Attempt::WrongOnce,
            AnswerState::Right => Attempt::Right { tries: self.given.len().max(1) as u32 },
            AnswerState::GaveUp => Attempt::GaveUp,
            AnswerState::Unanswered => Attempt::Unanswered,
        }
    }

    fn state_name(a: Attempt) -> &'static str {
        match a {
            Attempt::Unanswered => AnswerState::Unanswered,
            Attempt::WrongOnce => AnswerState::WrongOnce,
            Attempt::Right { .. } => AnswerState::Right,
            Attempt::GaveUp => AnswerState::GaveUp,
        }
        .into()
    }
}

/// Where a lesson stands, for the lesson list. Done means every beat seen and every question
/// finished: answered right, or answered wrong twice (the answer was then shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    NotStarted,
    /// `seen` beats seen (all of them, when a question is still open), `answered` questions finished.
    InProgress {
        seen: usize,
        answered: usize,
    },
    Done,
}

/// The beats of `lesson` that ask a question, in order.
pub fn question_beats(lesson: &Lesson) -> Vec<usize> {
    lesson.beats.iter().enumerate().filter(|(_, b)| b.question.is_some()).map(|(i, _)| i).collect()
}

impl Progress {
    pub fn new() -> Progress {
        Progress { version: VERSION, resets: 0, language: None, lessons: BTreeMap::new(), other: toml::Table::new() }
    }

    /// Record that beat `beat` of `lesson` was shown.
    pub fn see(&mut self, lesson: &str, beat: usize) -> bool {
        self.lessons.entry(lesson.to_string()).or_default().seen.insert(beat)
    }

    /// Where `lesson` stands: of its `beats`, how many were seen; of the questions asked at the
    /// beats `questions`, how many are finished.
    pub fn status(&self, lesson: &str, beats: usize, questions: &[usize]) -> Status {
        let seen = self.lessons.get(lesson).map_or(0, |p| p.seen.iter().filter(|&&b| b < beats).count());
        let answered = self.answered(lesson, questions);
        if seen == 0 && answered == 0 {
            Status::NotStarted
        } else if seen >= beats && answered == questions.len() {
            Status::Done
        } else {
            Status::InProgress { seen, answered }
        }
    }

    /// How many of the questions at the beats `questions` are finished (right, or given up).
    pub fn answered(&self, lesson: &str, questions: &[usize]) -> usize {
        questions.iter().filter(|&&b| self.attempt(lesson, b).is_done()).count()
    }

    /// The first beat of `lesson` not yet seen; when all were seen, the first whose question is
    /// still open; else 0.
    pub fn resume_beat(&self, lesson: &str, beats: usize, questions: &[usize]) -> usize {
        let seen = |b: &usize| self.lessons.get(lesson).is_some_and(|p| p.seen.contains(b));
        (0..beats)
            .find(|b| !seen(b))
            .or_else(|| questions.iter().copied().find(|&b| !self.attempt(lesson, b).is_done()))
            .unwrap_or(0)
    }

    /// `status` for a loaded lesson.
    pub fn lesson_status(&self, lesson: &Lesson) -> Status {
        self.status(&lesson.id, lesson.beats.len(), &question_beats(lesson))
    }

    /// `resume_beat` for a loaded lesson.
    pub fn lesson_resume_beat(&self, lesson: &Lesson) -> usize {
        self.resume_beat(&lesson.id, lesson.beats.len(), &question_beats(lesson))
    }

    pub fn attempt(&self, lesson: &str, beat: usize) -> Attempt {
        self.lessons.get(lesson).and_then(|p| p.answers.get(&beat.to_string())).map(|r| r.attempt()).unwrap_or_default()
    }

    pub fn given(&self, lesson: &str, beat: usize) -> &[String] {
        self.lessons
            .get(lesson)
            .and_then(|p| p.answers.get(&beat.to_string()))
            .map(|r| r.given.as_slice())
            .unwrap_or(&[])
    }

    /// Record an answer and the state it leads to.
    pub fn answer(&mut self, lesson: &str, beat: usize, given: &str, attempt: Attempt) {
        let record = self.lessons.entry(lesson.to_string()).or_default().answers.entry(beat.to_string()).or_default();
        record.given.push(given.to_string());
        record.state = AnswerRecord::state_name(attempt).to_string();
    }

    /// The file's text: the fields this version knows, and every key it does not, as read.
    pub fn to_toml(&self) -> String {
        let mut table = toml::Table::try_from(self).expect("progress is plain data");
        table.extend(self.other.clone());
        if let Some(toml::Value::Table(lessons)) = table.get_mut("lessons") {
            for (id, lesson) in &self.lessons {
                let Some(toml::Value::Table(l)) = lessons.get_mut(id) else { continue };
                l.extend(lesson.other.clone());
                let Some(toml::Value::Table(answers)) = l.get_mut("answers") else { continue };
                for (beat, record) in &lesson.answers {
                    if let Some(toml::Value::Table(a)) = answers.get_mut(beat) {
                        a.extend(record.other.clone());
                    }
                }
            }
        }
        toml::to_string(&table).expect("a table read from TOML is TOML")
    }

    /// The language saved with the progress, if one was chosen and is one this version knows.
    pub fn saved_language(&self) -> Option<crate::lang::Lang> {
        self.language.as_deref().and_then(crate::lang::Lang::from_code)
    }

    /// Remember `lang` as the learner's choice.
    pub fn choose_language(&mut self, lang: crate::lang::Lang) {
        self.language = Some(lang.code().to_string());
    }

    pub fn from_toml(text: &str) -> Result<Progress, String> {
        Progress::parse(text).map_err(|e| e.to_string())
    }

    /// The progress in `text`, or why it cannot be used.
    pub fn parse(text: &str) -> Result<Progress, Unusable> {
        let table: toml::Table = toml::from_str(text).map_err(|e| Unusable::Bad(e.message().to_string()))?;
        if let Some(v) = table.get("version").and_then(|v| v.as_integer())
            && v > VERSION as i64
        {
            return Err(Unusable::Newer(v));
        }
        let mut p: Progress = toml::Value::Table(table.clone())
            .try_into()
            .map_err(|e: toml::de::Error| Unusable::Bad(e.message().to_string()))?;
        if p.version != VERSION {
            return Err(Unusable::Bad(crate::strings::progress_other_version(p.version.into(), VERSION)));
        }
        // what this version does not know, kept exactly as read (types included) for the next save
        p.other = unknown(&table, &["version", "resets", "language", "lessons"]);
        for (id, lesson) in &mut p.lessons {
            let Some(l) = table.get("lessons").and_then(|v| v.get(id)).and_then(|v| v.as_table()) else { continue };
            lesson.other = unknown(l, &["seen", "answers"]);
            for (beat, record) in &mut lesson.answers {
                if let Some(a) = l.get("answers").and_then(|v| v.get(beat)).and_then(|v| v.as_table()) {
                    record.other = unknown(a, &["given", "state"]);
                }
            }
        }
        Ok(p)
    }
}

/// The keys of `table` other than `known`.
fn unknown(table: &toml::Table, known: &[&str]) -> toml::Table {
    table.iter().filter(|(k, _)| !known.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// Why the text of a progress file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unusable {
    /// Written by a newer version of the program: format version N.
    Newer(i64),
    /// Not progress this program can read.
    Bad(String),
}

impl std::fmt::Display for Unusable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unusable::Newer(v) => f.write_str(&crate::strings::progress_newer_version(*v, VERSION)),
            Unusable::Bad(why) => f.write_str(why),
        }
    }
}

/// Where progress is kept: `$TRANSFORMER_TUTOR_DATA_DIR/progress.toml`, else the user's data
/// directory; None when the system has neither (no home directory).
pub fn default_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DIR_VAR).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join(FILE_NAME));
    }
    directories::ProjectDirs::from("", "", "transformer-tutor").map(|d| d.data_dir().join(FILE_NAME))
}

/// Read the progress at `path`. A missing file gives fresh progress and says where it will be
/// kept; a file that cannot be used gives fresh progress, is kept under a name of its own, and
/// the note says where; a file that cannot be read for another reason (an I/O error) is left
/// alone, and the note says so (a `ProgressFile` then does not write over it).
pub fn load(path: &Path) -> (Progress, Option<String>) {
    match file::read(path) {
        file::Found::Read(p) => (p, None),
        file::Found::Missing => (Progress::new(), Some(crate::strings::progress_none_yet(&path.display().to_string()))),
        file::Found::SetAside(note) | file::Found::Blocked(note) => (Progress::new(), Some(note)),
    }
}

/// The language saved in the progress file at `path`, read without changing anything (a file
/// that cannot be read or used says nothing here; the tutor's own open reports it).
pub fn peek_language(path: &Path) -> Option<crate::lang::Lang> {
    // bounded, and a FIFO or device is refused rather than read
    let text = crate::user_file::read_text(path, file::MAX_BYTES, crate::strings::PROGRESS_FILE.get()).ok()?;
    Progress::parse(&text).ok()?.saved_language()
}

/// The directory that holds `path` (created when missing).
fn directory(path: &Path) -> Result<&Path, String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)
        .map_err(|e| crate::strings::cannot_create(&dir.display().to_string(), &crate::lang::io_reason(&e)))?;
    Ok(dir)
}

/// Write `progress` to `path` whole or not at all, through `atomic_file` (a symlink is written
/// through and stays a link; a read-only or non-regular target is refused).
pub fn save(progress: &Progress, path: &Path) -> Result<(), String> {
    directory(path)?;
    let text = progress.to_toml();
    // what the tutor writes, it must read back: a file over the cap is not written (the one
    // there stays as it was)
    if text.len() as u64 > MAX_BYTES {
        let why = crate::strings::progress_too_large_to_write(text.len() as u64, MAX_BYTES);
        return Err(crate::strings::progress_cannot_save(&path.display().to_string(), &why));
    }
    crate::atomic_file::write_bytes(path, text.as_bytes())
        .map_err(|e| crate::strings::progress_cannot_save(&path.display().to_string(), &e.to_string()))
}

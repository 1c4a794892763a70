//! A learner's saved progress: which beats of which lessons were seen, and every answer given.
//! It lives in the user's data directory (`directories`: ~/.local/share/transformer-tutor on
//! Linux), or in `$TRANSFORMER_TUTOR_DATA_DIR` when set. It is written atomically (a temporary
//! file in the same directory, then a rename), and a missing or unreadable file is reported and
//! replaced, never fatal. A running tutor saves through `ProgressFile` (sync.rs), which merges
//! with what other processes wrote meanwhile and respects `--reset-progress`.

mod sync;

pub use sync::{ProgressFile, reset};

use crate::lesson::Lesson;
use crate::lesson::question::Attempt;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The progress file's format version; a file of another version is set aside and started afresh.
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
    /// By lesson id.
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonProgress>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LessonProgress {
    /// Beats shown, 0-based.
    #[serde(default)]
    pub seen: BTreeSet<usize>,
    /// Answers to the lesson's questions, by beat (as a string key: TOML tables need them).
    #[serde(default)]
    pub answers: BTreeMap<String, AnswerRecord>,
}

/// Every answer a learner gave to one question, and where that left them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AnswerRecord {
    pub given: Vec<String>,
    /// `unanswered`, `wrong-once`, `right`, `gave-up`.
    pub state: String,
}

impl AnswerRecord {
    pub fn attempt(&self) -> Attempt {
        match self.state.as_str() {
            "wrong-once" => Attempt::WrongOnce,
            "right" => Attempt::Right { tries: self.given.len().max(1) as u32 },
            "gave-up" => Attempt::GaveUp,
            _ => Attempt::Unanswered,
        }
    }

    fn state_name(a: Attempt) -> &'static str {
        match a {
            Attempt::Unanswered => "unanswered",
            Attempt::WrongOnce => "wrong-once",
            Attempt::Right { .. } => "right",
            Attempt::GaveUp => "gave-up",
        }
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
        Progress { version: VERSION, resets: 0, lessons: BTreeMap::new() }
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

    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("progress is plain data")
    }

    pub fn from_toml(text: &str) -> Result<Progress, String> {
        let p: Progress = toml::from_str(text).map_err(|e| e.message().to_string())?;
        if p.version != VERSION {
            return Err(format!("it is version {}, this program writes version {VERSION}", p.version));
        }
        Ok(p)
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
/// kept; an unreadable one gives fresh progress, is moved aside to `….corrupt`, and says so.
pub fn load(path: &Path) -> (Progress, Option<String>) {
    match read(path) {
        Ok(Some(p)) => (p, None),
        Ok(None) => (Progress::new(), Some(format!("no saved progress yet; it will be kept in {}", path.display()))),
        Err(why) => (Progress::new(), Some(format!("{why}; starting afresh"))),
    }
}

/// The progress at `path`: None when there is no file; an unreadable file is moved aside to
/// `….corrupt` and the error says so.
fn read(path: &Path) -> Result<Option<Progress>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("could not read progress {}: {e}", path.display())),
    };
    Progress::from_toml(&text).map(Some).map_err(|why| {
        let aside = path.with_extension("toml.corrupt");
        let kept = std::fs::rename(path, &aside).is_ok();
        let note = if kept { format!(" (the old file is kept as {})", aside.display()) } else { String::new() };
        format!("progress file {} is unreadable: {why}{note}", path.display())
    })
}

/// The directory that holds `path` (created when missing).
fn directory(path: &Path) -> Result<&Path, String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

/// Write `progress` to `path` whole or not at all: a temporary file beside it, flushed, renamed.
pub fn save(progress: &Progress, path: &Path) -> Result<(), String> {
    let dir = directory(path)?;
    let tmp = dir.join(format!(".{FILE_NAME}.{}.tmp", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(progress.to_toml().as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot save progress to {}: {e}", path.display())
    })
}

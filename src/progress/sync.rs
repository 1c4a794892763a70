//! Saving from a running tutor without undoing what others did to the file meanwhile: another
//! tutor's progress, or `--reset-progress`. Each save re-reads the file and writes it back with
//! what this tutor learned since it last read or wrote the file, and the tutor goes on from the
//! result. What a reset removed was read before the reset, so it is never "learned since" and
//! never comes back. A reset (of every lesson, or of one: `--reset-progress --lesson ID`) removes
//! the lessons' progress and counts itself (`resets`), so the tutor can say that it happened and
//! whose progress went; keys this version does not know stay. Reading, merging and renaming hold
//! a lock on the file's directory, so a reset cannot fall between another process's read and its
//! rename; the lock is waited for a bounded time (lock.rs), and a save or reset that cannot have
//! it fails with a message naming who holds it. A file that cannot be read at all is never
//! written over: the save fails and is tried again at the next change.

use super::file::{Found, read};
use super::lock::{AT_THE_END, lock_within};
use super::{AnswerRecord, AnswerState, Progress, directory, save};
use crate::strings;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One running tutor's handle on its progress file.
#[derive(Debug)]
pub struct ProgressFile {
    path: PathBuf,
    /// What the file held when this tutor last read or wrote it.
    synced: Progress,
}

impl ProgressFile {
    /// Load the progress at `path` (as `load` does, note included) with the handle that saves it.
    pub fn open(path: &Path) -> (ProgressFile, Progress, Option<String>) {
        let (progress, note) = super::load(path);
        (ProgressFile { path: path.to_path_buf(), synced: progress.clone() }, progress, note)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Save `mine`, this tutor's progress (what it last read or wrote, plus what it learned
    /// since): the file as it is now plus what `mine` added. Returns what was written, which the
    /// tutor continues from, and a note when the file was reset since this tutor last read it.
    /// The directory's lock is waited for at most `AT_THE_END` (then: an error naming who holds it).
    pub fn save(&mut self, mine: &Progress) -> Result<(Progress, Option<String>), String> {
        self.save_within(mine, AT_THE_END)
    }

    /// `save`, waiting for the directory's lock at most `wait`.
    pub fn save_within(&mut self, mine: &Progress, wait: Duration) -> Result<(Progress, Option<String>), String> {
        let shown = || self.path.display().to_string();
        let _lock =
            lock_within(directory(&self.path)?, wait).map_err(|why| strings::progress_cannot_save(&shown(), &why))?;
        let nothing = Progress::new();
        let (mut merged, base, note) = match read(&self.path) {
            Found::Read(now) => {
                let note = (now.resets > self.synced.resets).then(|| {
                    let gone: Vec<&str> = self
                        .synced
                        .lessons
                        .keys()
                        .filter(|id| !now.lessons.contains_key(*id))
                        .map(String::as_str)
                        .collect();
                    crate::strings::progress_reset_meanwhile(&gone)
                });
                (now, &self.synced, note)
            }
            // deleted (by hand, or by an older `--reset-progress`): forgotten, as by a reset
            Found::Missing => (Progress::new(), &self.synced, None),
            // unusable, and now kept under another name: nothing to merge with, so all that
            // this tutor knows
            Found::SetAside(why) => (Progress { resets: self.synced.resets, ..Progress::new() }, &nothing, Some(why)),
            // unreadable and left where it is: not written over; the next save tries again
            Found::Blocked(why) => return Err(why),
        };
        add_learned(&mut merged, mine, base);
        save(&merged, &self.path)?;
        self.synced = merged.clone();
        Ok((merged, note))
    }
}

/// Add to `into` what `mine` holds beyond `base`: beats seen since, and answers given since
/// (appended to the file's answers to the same question; the question's state is the further of
/// the two).
fn add_learned(into: &mut Progress, mine: &Progress, base: &Progress) {
    // a language chosen here since the last read is the learner's latest choice
    if mine.language != base.language && mine.language.is_some() {
        into.language = mine.language.clone();
    }
    for (id, lesson) in &mine.lessons {
        let before = base.lessons.get(id);
        let seen: Vec<usize> =
            lesson.seen.iter().copied().filter(|b| !before.is_some_and(|p| p.seen.contains(b))).collect();
        let answers: Vec<(&String, &AnswerRecord, usize)> = lesson
            .answers
            .iter()
            .filter_map(|(beat, record)| {
                let old = before.and_then(|p| p.answers.get(beat));
                // answers are only ever appended, so the new ones follow those read before
                let known = old.filter(|o| record.given.starts_with(&o.given)).map_or(0, |o| o.given.len());
                (old != Some(record)).then_some((beat, record, known))
            })
            .collect();
        if seen.is_empty() && answers.is_empty() {
            continue;
        }
        let target = into.lessons.entry(id.clone()).or_default();
        target.seen.extend(seen);
        for (beat, record, known) in answers {
            let target = target
                .answers
                .entry(beat.clone())
                .or_insert_with(|| AnswerRecord { state: record.state.clone(), ..AnswerRecord::default() });
            target.given.extend(record.given[known..].iter().cloned());
            if AnswerState::of(&record.state) > AnswerState::of(&target.state) {
                target.state = record.state.clone();
            }
        }
    }
}

/// What a `--reset-progress` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reset {
    /// Progress was removed (all, or the one lesson's).
    Cleared,
    /// There was no file, or nothing in it to clear. For one lesson: the lessons the file does
    /// hold progress for (a mistyped id is then easy to see).
    Nothing { saved: Vec<String> },
    /// The file could not be used and was kept under another name (the note says where); an
    /// empty file now counts the reset.
    SetAside(String),
}

impl Reset {
    /// What `--reset-progress [--lesson ID]` prints.
    pub fn message(&self, path: &Path, lesson: Option<&str>) -> String {
        let path = path.display().to_string();
        match (self, lesson) {
            (Reset::Cleared, None) => strings::progress_cleared(&path),
            (Reset::Cleared, Some(id)) => strings::progress_lesson_cleared(id, &path),
            (Reset::Nothing { .. }, None) => strings::progress_nothing_to_clear(&path),
            (Reset::Nothing { saved }, Some(id)) => strings::progress_lesson_nothing_to_clear(id, &path, saved),
            (Reset::SetAside(note), _) => strings::progress_reset_set_aside(note),
        }
    }
}

/// Forget the saved progress: the file is replaced by an empty one that counts this reset, so a
/// tutor still running learns of it and does not write back what it read before.
pub fn reset(path: &Path) -> Result<Reset, String> {
    reset_where(path, None)
}

/// Forget the saved progress of lesson `id` only; the other lessons' stays as it was.
pub fn reset_lesson(path: &Path, id: &str) -> Result<Reset, String> {
    reset_where(path, Some(id))
}

fn reset_where(path: &Path, lesson: Option<&str>) -> Result<Reset, String> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(Reset::Nothing { saved: Vec::new() });
    }
    let _lock = lock_within(directory(path)?, AT_THE_END)
        .map_err(|why| strings::progress_not_reset(&path.display().to_string(), &why))?;
    let mut now = match read(path) {
        Found::Read(p) => p,
        Found::Missing => return Ok(Reset::Nothing { saved: Vec::new() }),
        Found::SetAside(note) => {
            save(&Progress { resets: 1, ..Progress::new() }, path)?;
            return Ok(Reset::SetAside(note));
        }
        Found::Blocked(why) => return Err(why),
    };
    let removed = match lesson {
        Some(id) => now.lessons.remove(id).is_some(),
        None => !std::mem::take(&mut now.lessons).is_empty(),
    };
    if !removed {
        return Ok(Reset::Nothing { saved: now.lessons.keys().cloned().collect() });
    }
    // a TOML integer holds at most i64::MAX: a count there stays there (and the file stays valid)
    now.resets = (now.resets + 1).min(i64::MAX as u64);
    save(&now, path)?;
    Ok(Reset::Cleared)
}

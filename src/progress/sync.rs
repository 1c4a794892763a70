//! Saving from a running tutor without undoing what others did to the file meanwhile: another
//! tutor's progress, or `--reset-progress`. Each save re-reads the file and writes it back with
//! what this tutor learned since it last read or wrote the file, and the tutor goes on from the
//! result. What a reset removed was read before the reset, so it is never "learned since" and
//! never comes back. A reset leaves an empty file that counts it (`resets`), so the tutor can say
//! that it happened. Reading, merging and renaming hold a lock on the file's directory, so a reset
//! cannot fall between another process's read and its rename.

use super::{AnswerRecord, Progress, directory, read, save};
use std::fs::File;
use std::path::{Path, PathBuf};

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
    pub fn save(&mut self, mine: &Progress) -> Result<(Progress, Option<String>), String> {
        let _lock = lock(directory(&self.path)?);
        let nothing = Progress::new();
        let (mut merged, base, note) = match read(&self.path) {
            Ok(Some(now)) => {
                let reset = now.resets > self.synced.resets;
                let note = reset.then(|| crate::strings::PROGRESS_RESET_MEANWHILE.to_string());
                (now, &self.synced, note)
            }
            // deleted (by hand, or by an older `--reset-progress`): forgotten, as by a reset
            Ok(None) => (Progress::new(), &self.synced, None),
            // unreadable (and now set aside): nothing to merge with, so all that this tutor knows
            Err(why) => (Progress { resets: self.synced.resets, ..Progress::new() }, &nothing, Some(why)),
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
                .or_insert_with(|| AnswerRecord { given: Vec::new(), state: record.state.clone() });
            target.given.extend(record.given[known..].iter().cloned());
            if rank(&record.state) > rank(&target.state) {
                target.state = record.state.clone();
            }
        }
    }
}

/// How far a question's state has got: unanswered, wrong once, then finished (given up, right).
fn rank(state: &str) -> u8 {
    match state {
        "wrong-once" => 1,
        "gave-up" => 2,
        "right" => 3,
        _ => 0,
    }
}

/// An exclusive lock on `dir`, released when dropped; None where a directory cannot be locked
/// (opening a directory as a file works on Unix, not on Windows), and the caller goes on without.
fn lock(dir: &Path) -> Option<File> {
    let file = File::open(dir).ok()?;
    file.lock().ok()?;
    Some(file)
}

/// Forget the saved progress: the file is replaced by an empty one that counts this reset, so a
/// tutor still running learns of it and does not write back what it read before. Ok(false) when
/// there was nothing to clear (no file, or no progress in it).
pub fn reset(path: &Path) -> Result<bool, String> {
    if !path.exists() {
        return Ok(false);
    }
    let _lock = lock(directory(path)?);
    let (resets, had_progress) = match read(path) {
        Ok(Some(p)) => (p.resets, !p.lessons.is_empty()),
        Ok(None) => return Ok(false),
        Err(_) => (0, true), // set aside as `….corrupt`; the empty file replaces it
    };
    if !had_progress {
        return Ok(false);
    }
    save(&Progress { resets: resets + 1, ..Progress::new() }, path)?;
    Ok(true)
}

//! When a running tutor saves. Every save re-reads and rewrites the whole file (sync.rs), which
//! is honest only because the file stays small (a few KB: beats seen, at most two answers of at
//! most 60 columns per question; `MAX_BYTES` refuses anything near a megabyte). So a save happens
//! only when something changed, at most once every `SAVE_EVERY`, and at once when the tutor ends:
//! quitting, a signal, or a terminal that vanished (`flush_from_elsewhere`, run by the watch that
//! then ends the process). Only a crash or SIGKILL within a second of a change loses that second.

use super::lock::{AT_THE_END, WHILE_RUNNING};
use super::{Progress, ProgressFile};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The least time between two saves while the tutor runs.
pub const SAVE_EVERY: Duration = Duration::from_secs(1);

/// The result of a save: what the tutor goes on from and a note for the status bar, or an error.
pub type Saved = Result<(Progress, Option<String>), String>;

/// A running tutor's progress file and the change not yet saved.
#[derive(Debug)]
pub struct Pacer {
    shared: Arc<Mutex<Waiting>>,
    last_save: Option<Instant>,
    /// The last save failed: try again at the next change (its error then shows again), not
    /// every second over whatever the status bar says.
    failed: bool,
}

#[derive(Debug)]
struct Waiting {
    file: ProgressFile,
    /// The progress as it was at the last change, while it is not saved.
    unsaved: Option<Progress>,
}

impl Pacer {
    pub fn new(file: ProgressFile) -> Pacer {
        Pacer { shared: Arc::new(Mutex::new(Waiting { file, unsaved: None })), last_save: None, failed: false }
    }

    /// The progress changed: this copy is what the next save writes.
    pub fn changed(&mut self, progress: &Progress) {
        self.waiting().unsaved = Some(progress.clone());
        self.failed = false;
    }

    /// Save what changed if `SAVE_EVERY` has passed since the last save (or there was none).
    /// None when nothing was saved.
    pub fn save_if_due(&mut self, now: Instant) -> Option<Saved> {
        if self.failed || self.last_save.is_some_and(|t| now.duration_since(t) < SAVE_EVERY) {
            return None;
        }
        // a lock held elsewhere is waited for a moment only: the keys stay live
        let saved = self.save_within(WHILE_RUNNING)?;
        self.last_save = Some(now);
        Some(saved)
    }

    /// Save what changed, now (the tutor ends: the lock is waited for up to `AT_THE_END`). A
    /// failed save keeps the change waiting, to be tried again.
    pub fn save_now(&mut self) -> Option<Saved> {
        self.save_within(AT_THE_END)
    }

    fn save_within(&mut self, wait: Duration) -> Option<Saved> {
        let saved = save_waiting(&mut self.waiting(), wait);
        self.failed = matches!(saved, Some(Err(_)));
        saved
    }

    /// A function that saves what is waiting, from another thread (the lost-terminal watch, and
    /// the watchdog that ends a screen stuck on a terminal nobody reads): the process ends right
    /// after, so a held lock is waited for a moment only.
    pub fn flush_from_elsewhere(&self) -> impl Fn() + Send + 'static {
        let shared = self.shared.clone();
        move || {
            let mut waiting = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let _ = save_waiting(&mut waiting, WHILE_RUNNING);
        }
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, Waiting> {
        self.shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn save_waiting(waiting: &mut Waiting, wait: Duration) -> Option<Saved> {
    let mine = waiting.unsaved.as_ref()?;
    let saved = waiting.file.save_within(mine, wait);
    if saved.is_ok() {
        waiting.unsaved = None;
    }
    Some(saved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_saved_at_most_once_a_second_and_at_once_at_the_end() {
        let dir = crate::temp_folder::TempFolder::named("pace");
        let path = dir.join("progress.toml");
        let (file, mut progress, _) = ProgressFile::open(&path);
        let mut pacer = Pacer::new(file);
        let on_disk = || super::super::load(&path).0;
        let start = Instant::now();
        assert!(pacer.save_if_due(start).is_none(), "nothing changed, nothing saved");
        assert!(!path.exists());
        progress.see("masks", 0);
        pacer.changed(&progress);
        assert!(pacer.save_if_due(start).is_some(), "the first change is saved at once");
        assert!(on_disk().lessons["masks"].seen.contains(&0));
        // twenty beats within the next second: none written yet
        for beat in 1..=20 {
            progress.see("masks", beat);
            pacer.changed(&progress);
            let at = start + Duration::from_millis(40 * beat as u64);
            assert!(pacer.save_if_due(at).is_none(), "beat {beat}");
        }
        assert_eq!(on_disk().lessons["masks"].seen.len(), 1);
        // a second after the last save: one write with all of them
        let (merged, _) = pacer.save_if_due(start + SAVE_EVERY).expect("due").unwrap();
        assert_eq!(merged.lessons["masks"].seen.len(), 21);
        assert_eq!(on_disk(), merged);
        // the end saves at once, and from another thread too
        progress = merged;
        progress.see("masks", 21);
        pacer.changed(&progress);
        assert!(pacer.save_if_due(start + SAVE_EVERY + Duration::from_millis(10)).is_none());
        std::thread::spawn(pacer.flush_from_elsewhere()).join().unwrap();
        assert!(on_disk().lessons["masks"].seen.contains(&21));
        assert!(pacer.save_now().is_none(), "nothing left waiting");
    }
}

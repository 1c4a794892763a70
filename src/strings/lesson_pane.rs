//! The lesson pane, the question, the lesson list, the progress notes, the text views.

use crate::lang::Text;
use crate::lang::{message, message_with};

// the lesson pane, the question, the list
// ---------------------------------------------------------------------------------------------

/// The prose pane's bottom border when its text is taller than the pane: which way more lies,
/// and the keys that scroll it (↑/↓ once the pane has focus).
pub fn prose_more(above: bool, below: bool, focused: bool) -> Option<&'static str> {
    Some(message(match (above, below, focused) {
        (false, false, _) => return None,
        (false, true, false) => "prose-more-below",
        (false, true, true) => "prose-more-below-focused",
        (true, false, false) => "prose-more-above",
        (true, false, true) => "prose-more-above-focused",
        (true, true, false) => "prose-more-both",
        (true, true, true) => "prose-more-both-focused",
    }))
}

pub fn beat_title(beat: usize, beats: usize, title: &str) -> String {
    message_with("beat-title", &[("beat", &beat), ("beats", &beats), ("title", &title)])
}

pub fn stepped_away(op: &str) -> String {
    message_with("stepped-away", &[("op", &op)])
}

// `{where view}` and `{where taught}` in lesson prose: where the pane is drawn
pub const WHERE_RIGHT: Text = Text::id("where-right");
pub const WHERE_BELOW: Text = Text::id("where-below");
pub const WHERE_LEFT: Text = Text::id("where-left");
pub const WHERE_ABOVE: Text = Text::id("where-above");

pub const QUESTION: Text = Text::id("question");
pub const PRESS_ENTER: Text = Text::id("press-enter");
pub const YOUR_ANSWER: Text = Text::id("your-answer");
pub const HINT: Text = Text::id("hint");
pub const ANSWER_WAS: Text = Text::id("answer-was");
pub const RIGHT_MARK: Text = Text::id("right-mark");
/// A question answered right on other sentences or at another training step than the screen's.
pub const RIGHT_BEFORE: Text = Text::id("right-before");

pub fn tried(given: &[String]) -> String {
    message_with("tried", &[("given_join", &given.join(" · "))])
}

pub const LIST_TITLE: Text = Text::id("list-title");
pub const LIST_DONE: Text = Text::id("list-done");
pub const LIST_NOT_STARTED: Text = Text::id("list-not-started");

/// A lesson begun: beats seen of all its beats (all seen when only a question is still open).
pub fn list_in_progress(seen: usize, beats: usize) -> String {
    message_with("list-in-progress", &[("seen", &seen), ("beats", &beats)])
}

/// A lesson's questions finished (answered right, or shown after two wrong answers) of all it asks.
pub fn list_questions(answered: usize, questions: usize) -> String {
    message_with("list-questions", &[("answered", &answered), ("questions", &questions)])
}

/// The status bar, when this tutor saved and found that `--reset-progress` had run meanwhile
/// (`lessons`: the ids whose progress it removed, as far as this tutor knew them; empty: some).
pub fn progress_reset_meanwhile(lessons: &[&str]) -> String {
    match lessons {
        [] => message("progress-reset-meanwhile-all").to_string(),
        lessons => {
            let lessons = lessons.join(message("progress-lessons-separator"));
            message_with("progress-reset-meanwhile-lessons", &[("lessons", &lessons)])
        }
    }
}

/// The status bar on a first start: where progress will be kept.
pub fn progress_none_yet(path: &str) -> String {
    message_with("progress-none-yet", &[("path", &path)])
}

/// The status bar, when progress could not be written.
pub fn progress_cannot_save(path: &str, why: &str) -> String {
    message_with("progress-cannot-save", &[("path", &path), ("why", &why)])
}

/// Why a save or a reset gave up: another process held the progress directory's lock for all of
/// `seconds` (its name and pid from /proc/locks).
pub fn progress_locked_by(dir: &str, seconds: &str, pid: u32, name: &str) -> String {
    message_with("progress-locked-by", &[("dir", &dir), ("seconds", &seconds), ("pid", &pid), ("name", &name)])
}

/// `progress_locked_by` where the holder is not known.
pub fn progress_locked(dir: &str, seconds: &str) -> String {
    message_with("progress-locked", &[("dir", &dir), ("seconds", &seconds)])
}

/// `--reset-progress` could not be done (the lock was held); the file is as it was.
pub fn progress_not_reset(path: &str, why: &str) -> String {
    message_with("progress-not-reset", &[("path", &path), ("why", &why)])
}

/// After the screen is gone, when the last save failed: this session's new progress is not kept.
pub fn progress_not_saved_at_exit(why: &str) -> String {
    message_with("progress-not-saved-at-exit", &[("why", &why)])
}

/// The status bar: the progress file could not be used and was moved to `kept`.
pub fn progress_kept_corrupt(path: &str, why: &str, kept: &str) -> String {
    message_with("progress-kept-corrupt", &[("path", &path), ("why", &why), ("kept", &kept)])
}

/// The status bar: the progress file is from a newer version of the program, moved to `kept`.
pub fn progress_kept_newer(path: &str, version: i64, ours: u32, kept: &str) -> String {
    message_with("progress-kept-newer", &[("path", &path), ("version", &version), ("ours", &ours), ("kept", &kept)])
}

/// The status bar: the progress file is left where it is, and not written over.
pub fn progress_blocked(path: &str, why: &str) -> String {
    message_with("progress-blocked", &[("path", &path), ("why", &why)])
}

/// The status bar: the progress file could not be used, nor moved aside.
pub fn progress_not_kept(path: &str, why: &str, error: &str) -> String {
    message_with("progress-not-kept", &[("path", &path), ("why", &why), ("error", &error)])
}

pub fn progress_why_unreadable(error: &str) -> String {
    message_with("progress-why-unreadable", &[("error", &error)])
}

pub fn progress_too_large_to_write(size: u64, limit: u64) -> String {
    let kb = limit >> 10;
    message_with("progress-too-large-to-write", &[("size", &size), ("kb", &kb)])
}

pub fn progress_why_too_large(size: u64, limit: u64) -> String {
    let kb = limit >> 10;
    message_with("progress-why-too-large", &[("size", &size), ("kb", &kb)])
}

pub fn progress_why_not_utf8(byte: u8, at: usize) -> String {
    message_with("progress-why-not-utf8", &[("byte", &format!("{:02x}", byte)), ("at", &at)])
}

pub fn progress_why_not_regular(kind: &str) -> String {
    message_with("progress-why-not-regular", &[("kind", &kind)])
}

pub const FILE_KIND_FIFO: Text = Text::id("file-kind-fifo");
pub const FILE_KIND_DEVICE: Text = Text::id("file-kind-device");
pub const FILE_KIND_SOCKET: Text = Text::id("file-kind-socket");
pub const FILE_KIND_DIRECTORY: Text = Text::id("file-kind-directory");
pub const FILE_KIND_OTHER: Text = Text::id("file-kind-other");
pub const PROGRESS_NO_FREE_NAME: Text = Text::id("progress-no-free-name");

pub fn list_beats(n: usize) -> String {
    message_with("list-beats", &[("n", &n)])
}

pub const LIST_FOOTER: Text = Text::id("list-footer");

// ---------------------------------------------------------------------------------------------
// text views
// ---------------------------------------------------------------------------------------------

pub const LINES: Text = Text::id("lines");

/// In a folded text view, a run of lines it skips: `⋯ 12 lines (↑/↓)`.
pub fn folded_lines(n: usize) -> String {
    message_with("folded-lines", &[("n", &n)])
}

/// `… 8 more lines below (↑/↓)`.
pub fn more_below_scroll(more: &str) -> String {
    message_with("more-below-scroll", &[("more", &more)])
}

// ---------------------------------------------------------------------------------------------

/// Why a progress file of another format version cannot be read.
pub fn progress_other_version(version: i64, ours: u32) -> String {
    message_with("progress-other-version", &[("version", &version), ("ours", &ours)])
}

/// Why a progress file from a newer program cannot be read.
pub fn progress_newer_version(version: i64, ours: u32) -> String {
    message_with("progress-newer-version", &[("version", &version), ("ours", &ours)])
}

pub fn cannot_create(dir: &str, e: &str) -> String {
    message_with("cannot-create", &[("dir", &dir), ("e", &e)])
}

pub fn progress_cleared(path: &str) -> String {
    message_with("progress-cleared", &[("path", &path)])
}

pub fn progress_lesson_cleared(id: &str, path: &str) -> String {
    message_with("progress-lesson-cleared", &[("id", &id), ("path", &path)])
}

pub fn progress_nothing_to_clear(path: &str) -> String {
    message_with("progress-nothing-to-clear", &[("path", &path)])
}

/// `--reset-progress --lesson ID` with nothing saved for ID; `saved` lists the lessons that have.
pub fn progress_lesson_nothing_to_clear(id: &str, path: &str, saved: &[String]) -> String {
    let id_for = if saved.is_empty() {
        "progress-lesson-nothing-to-clear-none"
    } else {
        "progress-lesson-nothing-to-clear-others"
    };
    let saved = saved.join(message("progress-lessons-separator"));
    message_with(id_for, &[("id", &id), ("path", &path), ("saved", &saved)])
}

pub fn progress_reset_set_aside(note: &str) -> String {
    message_with("progress-reset-set-aside", &[("note", &note)])
}

// the catalog of lessons (lesson::catalog): `--lesson` with an unknown id, `--list`, a lessons
// directory that cannot be used
// ---------------------------------------------------------------------------------------------

pub fn cannot_read_lessons_dir(e: impl std::fmt::Display) -> String {
    message_with("cannot-read-lessons-dir", &[("e", &e)])
}

pub const NO_LESSON_FILES: Text = Text::id("no-lesson-files");

/// A lessons directory of more `*.toml` files than the catalog takes (`count` is at least `cap` + 1).
pub fn too_many_lesson_files(cap: usize) -> String {
    message_with("too-many-lesson-files", &[("cap", &cap)])
}

/// A lessons directory whose files hold more bytes together than the catalog reads (in MB).
pub fn lessons_dir_too_large(cap_mb: u64) -> String {
    message_with("lessons-dir-too-large", &[("cap", &cap_mb)])
}
pub const LESSON_FILE: Text = Text::id("lesson-file");

pub fn duplicate_lesson_id(id: &str, other_file: &str) -> String {
    message_with("duplicate-lesson-id", &[("id", &id), ("other_file", &other_file)])
}

/// `--lesson ID` that names no lesson: the close ids, or every id when none is close.
pub fn no_lesson(id: &str, near: &[&str], ids: &[&str]) -> String {
    match near {
        [] => message_with("no-lesson-listed", &[("id", &id), ("ids", &ids.join(message("lesson-ids-separator")))]),
        near => message_with("no-lesson-near", &[("id", &id), ("did_you_mean", &super::did_you_mean(near))]),
    }
}

/// One line of `--list`: number, id (padded by `pad`), title, summary, beats.
pub fn list_line(number: usize, id: &str, pad: &str, title: &str, summary: &str, beats: usize) -> String {
    message_with(
        "list-line",
        &[
            ("number", &format!("{:>2}", number)),
            ("id", &id),
            ("pad", &pad),
            ("title", &title),
            ("summary", &summary),
            ("beats", &beats),
        ],
    )
}

/// What the progress file is called in a read error.
pub const PROGRESS_FILE: Text = Text::id("progress-file");

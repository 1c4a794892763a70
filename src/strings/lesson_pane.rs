//! The lesson pane, the question, the lesson list, the progress notes, the text views.

// the lesson pane, the question, the list
// ---------------------------------------------------------------------------------------------

/// The prose pane's bottom border when its text is taller than the pane: which way more lies,
/// and the keys that scroll it (↑/↓ once the pane has focus).
pub fn prose_more(above: bool, below: bool, focused: bool) -> Option<&'static str> {
    Some(match (above, below, focused) {
        (false, false, _) => return None,
        (false, true, false) => " ↓ more: PgDn (or Tab here, ↓) ",
        (false, true, true) => " ↓ more: ↓ or PgDn ",
        (true, false, false) => " ↑ more above: PgUp ",
        (true, false, true) => " ↑ more above: ↑ or PgUp ",
        (true, true, false) => " ↑↓ more: PgUp / PgDn ",
        (true, true, true) => " ↑↓ more: ↑/↓ or PgUp/PgDn ",
    })
}

pub fn beat_title(beat: usize, beats: usize, title: &str) -> String {
    format!(" beat {beat}/{beats} · {title} ")
}

pub fn stepped_away(op: &str) -> String {
    format!("(stepped away from this beat's operation, {op}; → or ← returns to it)")
}

pub const QUESTION: &str = "Question";
pub const PRESS_ENTER: &str = "Press Enter to answer.";
pub const YOUR_ANSWER: &str = "your answer: ";
pub const HINT: &str = "Hint: ";
pub const ANSWER_WAS: &str = "The answer: ";
pub const RIGHT_MARK: &str = "✓ right: ";

pub fn tried(given: &[String]) -> String {
    format!("you answered: {}", given.join(" · "))
}

pub const LIST_TITLE: &str = " Lessons · the notes' order of ideas ";
pub const LIST_DONE: &str = "done";
pub const LIST_NOT_STARTED: &str = "not started";

/// A lesson begun: beats seen of all its beats (all seen when only a question is still open).
pub fn list_in_progress(seen: usize, beats: usize) -> String {
    format!("{seen}/{beats} seen")
}

/// A lesson's questions finished (answered right, or shown after two wrong answers) of all it asks.
pub fn list_questions(answered: usize, questions: usize) -> String {
    let noun = if questions == 1 { "question" } else { "questions" };
    format!("{answered}/{questions} {noun}")
}

/// The status bar, when this tutor saved and found that `--reset-progress` had run meanwhile
/// (`lessons`: the ids whose progress it removed, as far as this tutor knew them; empty: some).
pub fn progress_reset_meanwhile(lessons: &[&str]) -> String {
    let what = if lessons.is_empty() { "progress".to_string() } else { format!("progress of {}", lessons.join(", ")) };
    format!("{what} was reset (--reset-progress) while this tutor ran: of it, only what you did since is kept")
}

/// The status bar on a first start: where progress will be kept.
pub fn progress_none_yet(path: &str) -> String {
    format!("no saved progress yet; it will be kept in {path}")
}

/// The status bar, when progress could not be written.
pub fn progress_cannot_save(path: &str, why: &str) -> String {
    format!("cannot save progress to {path}: {why}")
}

/// The status bar: the progress file could not be used and was moved to `kept`.
pub fn progress_kept_corrupt(path: &str, why: &str, kept: &str) -> String {
    format!("progress file {path} is unreadable ({why}); it is kept as {kept}, and progress starts afresh")
}

/// The status bar: the progress file is from a newer version of the program, moved to `kept`.
pub fn progress_kept_newer(path: &str, version: i64, ours: u32, kept: &str) -> String {
    format!(
        "progress file {path} was written by a newer transformer-tutor (format {version}; this one reads {ours}); \
it is kept as {kept} (the newer version reads it there once renamed back), and progress starts afresh"
    )
}

/// The status bar: the progress file is left where it is, and not written over.
pub fn progress_blocked(path: &str, why: &str) -> String {
    format!(
        "cannot read progress file {path} ({why}); it is left as it is, and progress is not saved until it can be read"
    )
}

/// The status bar: the progress file could not be used, nor moved aside.
pub fn progress_not_kept(path: &str, why: &str, error: &str) -> String {
    format!(
        "progress file {path} is unreadable ({why}) and could not be moved aside ({error}); it is left as it is, and progress is not saved"
    )
}

pub fn progress_why_unreadable(error: &str) -> String {
    format!("cannot open it: {error}")
}

pub fn progress_why_too_large(size: u64, limit: u64) -> String {
    format!("it is {size} bytes, more than the {} KB a progress file can be; it was not read", limit >> 10)
}

pub fn progress_why_not_utf8(byte: u8, at: usize) -> String {
    format!("not UTF-8 text: byte 0x{byte:02x} at offset {at}")
}

pub fn progress_why_not_regular(kind: &str) -> String {
    format!("it is {kind}, not a regular file; it was not read")
}

pub const FILE_KIND_FIFO: &str = "a FIFO (named pipe)";
pub const FILE_KIND_DEVICE: &str = "a device";
pub const FILE_KIND_SOCKET: &str = "a socket";
pub const FILE_KIND_DIRECTORY: &str = "a directory";
pub const FILE_KIND_OTHER: &str = "not a file";
pub const PROGRESS_NO_FREE_NAME: &str = "no free name to keep it under";

pub fn list_beats(n: usize) -> String {
    format!("{n} beats")
}

pub const LIST_FOOTER: &str = "Enter opens a lesson at its first beat not yet seen, or else at its first open question";

// ---------------------------------------------------------------------------------------------
// text views
// ---------------------------------------------------------------------------------------------

pub const LINES: &str = "lines";

/// `… 8 more lines below (↑/↓)`.
pub fn more_below_scroll(more: &str) -> String {
    format!("{more} (↑/↓)")
}

// ---------------------------------------------------------------------------------------------

/// Why a progress file of another format version cannot be read.
pub fn progress_other_version(version: i64, ours: u32) -> String {
    format!("it is version {version}, this program reads version {ours}")
}

/// Why a progress file from a newer program cannot be read.
pub fn progress_newer_version(version: i64, ours: u32) -> String {
    format!("it is format version {version}, newer than this program's {ours}")
}

pub fn cannot_create(dir: &str, e: &str) -> String {
    format!("cannot create {dir}: {e}")
}

pub fn progress_cleared(path: &str) -> String {
    format!("progress cleared: {path} now holds none")
}

pub fn progress_lesson_cleared(id: &str, path: &str) -> String {
    format!("progress of lesson `{id}` cleared in {path}; other lessons' kept")
}

pub fn progress_nothing_to_clear(path: &str) -> String {
    format!("no saved progress at {path}; nothing to clear")
}

/// `--reset-progress --lesson ID` with nothing saved for ID; `saved` lists the lessons that have.
pub fn progress_lesson_nothing_to_clear(id: &str, path: &str, saved: &[String]) -> String {
    if saved.is_empty() {
        format!("no saved progress for lesson `{id}` at {path} (none for any lesson); nothing to clear")
    } else {
        format!(
            "no saved progress for lesson `{id}` at {path}; nothing to clear (progress is saved for {})",
            saved.join(", ")
        )
    }
}

pub fn progress_reset_set_aside(note: &str) -> String {
    format!("{note}; an empty progress file replaces it")
}

// the catalog of lessons (lesson::catalog): `--lesson` with an unknown id, `--list`, a lessons
// directory that cannot be used
// ---------------------------------------------------------------------------------------------

pub fn cannot_read_lessons_dir(e: impl std::fmt::Display) -> String {
    format!("cannot read the lessons directory: {e}")
}

pub const NO_LESSON_FILES: &str = "no *.toml lesson files in this directory";
pub const LESSON_FILE: &str = "lesson file";

pub fn duplicate_lesson_id(id: &str, other_file: &str) -> String {
    format!("duplicate id `{id}`: {other_file} already uses it; give each lesson its own id")
}

/// `--lesson ID` that names no lesson: the close ids, or every id when none is close.
pub fn no_lesson(id: &str, near: &[&str], ids: &[&str]) -> String {
    match near {
        [] => format!("no lesson `{id}`; the lessons are: {} (see --list)", ids.join(", ")),
        near => format!("no lesson `{id}`{}", super::did_you_mean(near)),
    }
}

/// One line of `--list`: number, id (padded by `pad`), title, summary, beats.
pub fn list_line(number: usize, id: &str, pad: &str, title: &str, summary: &str, beats: usize) -> String {
    format!("{number:>2}. {id}{pad}  {title} — {summary} ({beats} beats)\n")
}

/// What the progress file is called in a read error.
pub const PROGRESS_FILE: &str = "progress file";

//! The lesson pane, the question, the lesson list, the progress notes, the text views.

use crate::lang::{Lang, Text, current};

// the lesson pane, the question, the list
// ---------------------------------------------------------------------------------------------

/// The prose pane's bottom border when its text is taller than the pane: which way more lies,
/// and the keys that scroll it (↑/↓ once the pane has focus).
pub fn prose_more(above: bool, below: bool, focused: bool) -> Option<&'static str> {
    let zh = current() == Lang::Zh;
    Some(match (above, below, focused) {
        (false, false, _) => return None,
        (false, true, false) if zh => " ↓ 还有：PgDn（或 Tab 到此后按 ↓） ",
        (false, true, true) if zh => " ↓ 还有：↓ 或 PgDn ",
        (true, false, false) if zh => " ↑ 上面还有：PgUp ",
        (true, false, true) if zh => " ↑ 上面还有：↑ 或 PgUp ",
        (true, true, false) if zh => " ↑↓ 还有：PgUp / PgDn ",
        (true, true, true) if zh => " ↑↓ 还有：↑/↓ 或 PgUp/PgDn ",
        (false, true, false) => " ↓ more: PgDn (or Tab here, ↓) ",
        (false, true, true) => " ↓ more: ↓ or PgDn ",
        (true, false, false) => " ↑ more above: PgUp ",
        (true, false, true) => " ↑ more above: ↑ or PgUp ",
        (true, true, false) => " ↑↓ more: PgUp / PgDn ",
        (true, true, true) => " ↑↓ more: ↑/↓ or PgUp/PgDn ",
    })
}

pub fn beat_title(beat: usize, beats: usize, title: &str) -> String {
    match current() {
        Lang::En => format!(" beat {beat}/{beats} · {title} "),
        Lang::Zh => format!(" 第 {beat}/{beats} 页 · {title} "),
    }
}

pub fn stepped_away(op: &str) -> String {
    match current() {
        Lang::En => format!("(stepped away from this beat's operation, {op}; → or ← returns to it)"),
        Lang::Zh => format!("（已离开本页的操作 {op}；按 → 或 ← 回到它）"),
    }
}

pub const QUESTION: Text = Text::new("Question", "问题");
pub const PRESS_ENTER: Text = Text::new("Press Enter to answer.", "按 Enter 作答。");
pub const YOUR_ANSWER: Text = Text::new("your answer: ", "你的答案：");
pub const HINT: Text = Text::new("Hint: ", "提示：");
pub const ANSWER_WAS: Text = Text::new("The answer: ", "答案：");
pub const RIGHT_MARK: Text = Text::new("✓ right: ", "✓ 答对了：");
/// A question answered right on other sentences or at another training step than the screen's.
pub const RIGHT_BEFORE: Text =
    Text::new("✓ answered right on another run; on this one the answer is ", "✓ 在另一次运行上答对了；这一次的答案是 ");

pub fn tried(given: &[String]) -> String {
    match current() {
        Lang::En => format!("you answered: {}", given.join(" · ")),
        Lang::Zh => format!("你答过：{}", given.join(" · ")),
    }
}

pub const LIST_TITLE: Text = Text::new(" Lessons · the notes' order of ideas ", " 课程列表 · 按笔记的思路顺序 ");
pub const LIST_DONE: Text = Text::new("done", "已完成");
pub const LIST_NOT_STARTED: Text = Text::new("not started", "未开始");

/// A lesson begun: beats seen of all its beats (all seen when only a question is still open).
pub fn list_in_progress(seen: usize, beats: usize) -> String {
    match current() {
        Lang::En => format!("{seen}/{beats} seen"),
        Lang::Zh => format!("已看 {seen}/{beats}"),
    }
}

/// A lesson's questions finished (answered right, or shown after two wrong answers) of all it asks.
pub fn list_questions(answered: usize, questions: usize) -> String {
    match current() {
        Lang::En => {
            let noun = if questions == 1 { "question" } else { "questions" };
            format!("{answered}/{questions} {noun}")
        }
        Lang::Zh => format!("问题 {answered}/{questions}"),
    }
}

/// The status bar, when this tutor saved and found that `--reset-progress` had run meanwhile
/// (`lessons`: the ids whose progress it removed, as far as this tutor knew them; empty: some).
pub fn progress_reset_meanwhile(lessons: &[&str]) -> String {
    match current() {
        Lang::En => {
            let what =
                if lessons.is_empty() { "progress".to_string() } else { format!("progress of {}", lessons.join(", ")) };
            format!("{what} was reset (--reset-progress) while this tutor ran: of it, only what you did since is kept")
        }
        Lang::Zh => {
            let what =
                if lessons.is_empty() { "进度".to_string() } else { format!("{} 的进度", lessons.join("、")) };
            format!("教程运行期间，{what}被重置了（--reset-progress）：只保留你此后做的部分")
        }
    }
}

/// The status bar on a first start: where progress will be kept.
pub fn progress_none_yet(path: &str) -> String {
    match current() {
        Lang::En => format!("no saved progress yet; it will be kept in {path}"),
        Lang::Zh => format!("还没有保存的进度；进度将保存在 {path}"),
    }
}

/// The status bar, when progress could not be written.
pub fn progress_cannot_save(path: &str, why: &str) -> String {
    match current() {
        Lang::En => format!("cannot save progress to {path}: {why}"),
        Lang::Zh => format!("无法把进度保存到 {path}：{why}"),
    }
}

/// After the screen is gone, when the last save failed: this session's new progress is not kept.
pub fn progress_not_saved_at_exit(why: &str) -> String {
    match current() {
        Lang::En => format!("{why}; what this session added to the progress is lost"),
        Lang::Zh => format!("{why}；本次学习新增的进度没有保存"),
    }
}

/// The status bar: the progress file could not be used and was moved to `kept`.
pub fn progress_kept_corrupt(path: &str, why: &str, kept: &str) -> String {
    match current() {
        Lang::En => {
            format!("progress file {path} is unreadable ({why}); it is kept as {kept}, and progress starts afresh")
        }
        Lang::Zh => format!("进度文件 {path} 无法读取（{why}）；它已另存为 {kept}，进度从头开始"),
    }
}

/// The status bar: the progress file is from a newer version of the program, moved to `kept`.
pub fn progress_kept_newer(path: &str, version: i64, ours: u32, kept: &str) -> String {
    match current() {
        Lang::En => format!(
            "progress file {path} was written by a newer transformer-tutor (format {version}; this one reads {ours}); \
it is kept as {kept} (the newer version reads it there once renamed back), and progress starts afresh"
        ),
        Lang::Zh => format!(
            "进度文件 {path} 是较新版本的 transformer-tutor 写的（格式 {version}；本版本读 {ours}）；\
它已另存为 {kept}（改回原名后新版本仍能读取），进度从头开始"
        ),
    }
}

/// The status bar: the progress file is left where it is, and not written over.
pub fn progress_blocked(path: &str, why: &str) -> String {
    match current() {
        Lang::En => format!(
            "cannot read progress file {path} ({why}); it is left as it is, and progress is not saved until it can be read"
        ),
        Lang::Zh => format!("无法读取进度文件 {path}（{why}）；文件保持原样，在能读取之前不会保存进度"),
    }
}

/// The status bar: the progress file could not be used, nor moved aside.
pub fn progress_not_kept(path: &str, why: &str, error: &str) -> String {
    match current() {
        Lang::En => format!(
            "progress file {path} is unreadable ({why}) and could not be moved aside ({error}); it is left as it is, and progress is not saved"
        ),
        Lang::Zh => format!("进度文件 {path} 无法读取（{why}），也无法移到一旁（{error}）；文件保持原样，进度不会保存"),
    }
}

pub fn progress_why_unreadable(error: &str) -> String {
    match current() {
        Lang::En => format!("cannot open it: {error}"),
        Lang::Zh => format!("无法打开：{error}"),
    }
}

pub fn progress_why_too_large(size: u64, limit: u64) -> String {
    let kb = limit >> 10;
    match current() {
        Lang::En => format!("it is {size} bytes, more than the {kb} KB a progress file can be; it was not read"),
        Lang::Zh => format!("它有 {size} 字节，超过了进度文件的上限 {kb} KB；没有读取"),
    }
}

pub fn progress_why_not_utf8(byte: u8, at: usize) -> String {
    match current() {
        Lang::En => format!("not UTF-8 text: byte 0x{byte:02x} at offset {at}"),
        Lang::Zh => format!("不是 UTF-8 文本：偏移 {at} 处的字节 0x{byte:02x}"),
    }
}

pub fn progress_why_not_regular(kind: &str) -> String {
    match current() {
        Lang::En => format!("it is {kind}, not a regular file; it was not read"),
        Lang::Zh => format!("它是{kind}，不是普通文件；没有读取"),
    }
}

pub const FILE_KIND_FIFO: Text = Text::new("a FIFO (named pipe)", "一个 FIFO（命名管道）");
pub const FILE_KIND_DEVICE: Text = Text::new("a device", "一个设备");
pub const FILE_KIND_SOCKET: Text = Text::new("a socket", "一个套接字");
pub const FILE_KIND_DIRECTORY: Text = Text::new("a directory", "一个目录");
pub const FILE_KIND_OTHER: Text = Text::new("not a file", "不是文件");
pub const PROGRESS_NO_FREE_NAME: Text = Text::new("no free name to keep it under", "找不到可用的文件名来另存它");

pub fn list_beats(n: usize) -> String {
    match current() {
        Lang::En => format!("{n} beats"),
        Lang::Zh => format!("{n} 页"),
    }
}

pub const LIST_FOOTER: Text = Text::new(
    "Enter opens a lesson at its first beat not yet seen, or else at its first open question",
    "Enter 打开课程：从第一个没看过的页开始，都看过则从第一个未完成的问题开始",
);

// ---------------------------------------------------------------------------------------------
// text views
// ---------------------------------------------------------------------------------------------

pub const LINES: Text = Text::new("lines", "行");

/// `… 8 more lines below (↑/↓)`.
pub fn more_below_scroll(more: &str) -> String {
    match current() {
        Lang::En => format!("{more} (↑/↓)"),
        Lang::Zh => format!("{more}（↑/↓）"),
    }
}

// ---------------------------------------------------------------------------------------------

/// Why a progress file of another format version cannot be read.
pub fn progress_other_version(version: i64, ours: u32) -> String {
    match current() {
        Lang::En => format!("it is version {version}, this program reads version {ours}"),
        Lang::Zh => format!("它是第 {version} 版，本程序读第 {ours} 版"),
    }
}

/// Why a progress file from a newer program cannot be read.
pub fn progress_newer_version(version: i64, ours: u32) -> String {
    match current() {
        Lang::En => format!("it is format version {version}, newer than this program's {ours}"),
        Lang::Zh => format!("它的格式版本是 {version}，比本程序的 {ours} 新"),
    }
}

pub fn cannot_create(dir: &str, e: &str) -> String {
    match current() {
        Lang::En => format!("cannot create {dir}: {e}"),
        Lang::Zh => format!("无法创建 {dir}：{e}"),
    }
}

pub fn progress_cleared(path: &str) -> String {
    match current() {
        Lang::En => format!("progress cleared: {path} now holds none"),
        Lang::Zh => format!("进度已清除：{path} 现在是空的"),
    }
}

pub fn progress_lesson_cleared(id: &str, path: &str) -> String {
    match current() {
        Lang::En => format!("progress of lesson `{id}` cleared in {path}; other lessons' kept"),
        Lang::Zh => format!("已在 {path} 中清除课程 `{id}` 的进度；其他课程的进度保留"),
    }
}

pub fn progress_nothing_to_clear(path: &str) -> String {
    match current() {
        Lang::En => format!("no saved progress at {path}; nothing to clear"),
        Lang::Zh => format!("{path} 中没有保存的进度；无需清除"),
    }
}

/// `--reset-progress --lesson ID` with nothing saved for ID; `saved` lists the lessons that have.
pub fn progress_lesson_nothing_to_clear(id: &str, path: &str, saved: &[String]) -> String {
    match (current(), saved.is_empty()) {
        (Lang::En, true) => {
            format!("no saved progress for lesson `{id}` at {path} (none for any lesson); nothing to clear")
        }
        (Lang::En, false) => format!(
            "no saved progress for lesson `{id}` at {path}; nothing to clear (progress is saved for {})",
            saved.join(", ")
        ),
        (Lang::Zh, true) => format!("{path} 中没有课程 `{id}` 的进度（任何课程都没有）；无需清除"),
        (Lang::Zh, false) => {
            format!("{path} 中没有课程 `{id}` 的进度；无需清除（已保存进度的课程：{}）", saved.join("、"))
        }
    }
}

pub fn progress_reset_set_aside(note: &str) -> String {
    match current() {
        Lang::En => format!("{note}; an empty progress file replaces it"),
        Lang::Zh => format!("{note}；用一个空的进度文件代替它"),
    }
}

// the catalog of lessons (lesson::catalog): `--lesson` with an unknown id, `--list`, a lessons
// directory that cannot be used
// ---------------------------------------------------------------------------------------------

pub fn cannot_read_lessons_dir(e: impl std::fmt::Display) -> String {
    match current() {
        Lang::En => format!("cannot read the lessons directory: {e}"),
        Lang::Zh => format!("无法读取课程目录：{e}"),
    }
}

pub const NO_LESSON_FILES: Text =
    Text::new("no *.toml lesson files in this directory", "这个目录里没有 *.toml 课程文件");
pub const LESSON_FILE: Text = Text::new("lesson file", "课程文件");

pub fn duplicate_lesson_id(id: &str, other_file: &str) -> String {
    match current() {
        Lang::En => format!("duplicate id `{id}`: {other_file} already uses it; give each lesson its own id"),
        Lang::Zh => format!("id `{id}` 重复：{other_file} 已经用了它；请给每课一个独立的 id"),
    }
}

/// `--lesson ID` that names no lesson: the close ids, or every id when none is close.
pub fn no_lesson(id: &str, near: &[&str], ids: &[&str]) -> String {
    match (current(), near) {
        (Lang::En, []) => format!("no lesson `{id}`; the lessons are: {} (see --list)", ids.join(", ")),
        (Lang::En, near) => format!("no lesson `{id}`{}", super::did_you_mean(near)),
        (Lang::Zh, []) => format!("没有课程 `{id}`；现有课程：{}（见 --list）", ids.join(", ")),
        (Lang::Zh, near) => format!("没有课程 `{id}`{}", super::did_you_mean(near)),
    }
}

/// One line of `--list`: number, id (padded by `pad`), title, summary, beats.
pub fn list_line(number: usize, id: &str, pad: &str, title: &str, summary: &str, beats: usize) -> String {
    match current() {
        Lang::En => format!("{number:>2}. {id}{pad}  {title} — {summary} ({beats} beats)\n"),
        Lang::Zh => format!("{number:>2}. {id}{pad}  {title} — {summary}（{beats} 页）\n"),
    }
}

/// What the progress file is called in a read error.
pub const PROGRESS_FILE: Text = Text::new("progress file", "进度文件");

//! The status messages (the keys and their hints are in `keys.rs`).

use crate::lang::{Lang, Text, current};

// ---------------------------------------------------------------------------------------------
// status messages
// ---------------------------------------------------------------------------------------------

pub const LAST_OP: Text = Text::new("that was the last operation: probs", "这已经是最后一个操作：probs");
pub const FIRST_OP: Text = Text::new("this is the first operation", "这是第一个操作");
pub const NO_HEAD_AXIS: Text = Text::new("this tensor has no head axis", "这个张量没有头这一轴");
pub const DECODE_STEP_ONLY: Text =
    Text::new("s / S move the decoding step in a decode view", "s / S 在解码视图中移动解码步");
pub const LAST_BEAT_OF_ALL: Text = Text::new(
    "last beat of the last lesson: the whole model is behind you. L lists the lessons; q quits",
    "最后一课的最后一页：整个模型你都走过了。L 列出课程；q 退出",
);
pub const NO_QUESTION: Text = Text::new("this beat asks no question", "这一页没有问题");
pub const ALREADY_ANSWERED: Text = Text::new("answered already; → goes on", "已经答过了；→ 继续");
pub const EMPTY_ANSWER: Text = Text::new("type an answer first (Esc closes the line)", "先输入答案（Esc 关闭输入行）");
pub const RIGHT: Text = Text::new("right!", "答对了！");

/// A position typed for a token answer.
pub fn right_by_position(n: usize, token: &str) -> String {
    match current() {
        Lang::En => format!("right! position {n} is {token}"),
        Lang::Zh => format!("答对了！位置 {n} 就是 {token}"),
    }
}
pub const WRONG_ONCE: Text = Text::new("not quite: read the hint and try once more", "还差一点：看看提示，再试一次");
pub const GAVE_UP: Text = Text::new("not this time; the answer is in the text", "这次没答对；答案在文字里");
pub const ANSWER_MAX_WIDTH: usize = 60;
pub const SENTENCE_MAX_WIDTH: usize = 120;
pub const EMPTY_SENTENCE: Text = Text::new(
    "an empty sentence has nothing to run; type a few characters (Esc closes)",
    "空句子没有东西可运行；输入几个字（Esc 关闭）",
);
pub const KEPT_LESSON_SENTENCES_NOTE: Text = Text::new(
    "(this beat is about the lesson's own sentences, shown here; yours return on the next beat that is not)",
    "（这一页讲的是课程自己的句子，这里显示的就是它们；下一页不讲它们时，换回你的句子）",
);
pub const OWN_SENTENCES_NOTE: Text = Text::new(
    "(your sentences: every number on screen is from them; the prose below was written for the lesson's own, and says so where a row it names is missing)",
    "（你的句子：屏幕上的每个数都来自它们；下面的文字是为课程自己的句子写的，它提到的行不存在时会说明）",
);
pub const SENTENCES_RUN: Text = Text::new(
    "running your sentences; the prose was written for the lesson's own",
    "正在运行你的句子；文字是为课程自己的句子写的",
);
pub const YOUR_SENTENCE: Text = Text::new("your sentence: ", "你的句子：");
pub const SENTENCE_HINT: Text = Text::new(
    "Enter runs it (`;` between sentences), Ctrl-U clears, Esc closes",
    "Enter 运行（句子之间用 `;`），Ctrl-U 清空，Esc 关闭",
);

pub fn sentence_refused(why: &str) -> String {
    match current() {
        Lang::En => format!("not run: {why}"),
        Lang::Zh => format!("没有运行：{why}"),
    }
}

/// → on a lesson's last beat: the lesson left is done only with every beat seen and every
/// question finished.
pub fn next_lesson(left: &str, finished: bool, next: &str) -> String {
    match (current(), finished) {
        (Lang::En, true) => format!("`{left}` done; on to `{next}`"),
        (Lang::En, false) => format!("on to `{next}`; `{left}` is not finished (L shows what is left)"),
        (Lang::Zh, true) => format!("`{left}` 学完了；进入 `{next}`"),
        (Lang::Zh, false) => format!("进入 `{next}`；`{left}` 还没学完（L 看还剩什么）"),
    }
}

pub fn cannot_open(id: &str, why: &str) -> String {
    match current() {
        Lang::En => format!("cannot open `{id}`: {why}"),
        Lang::Zh => format!("打不开 `{id}`：{why}"),
    }
}

/// The status bar's place: the lesson, its beat, and how far the engine has run the program (ops
/// are numbered 0..last as `transformer-tutor trace` prints them; op `op` was the last one run).
pub fn status_place(lesson: &str, beat: usize, beats: usize, op: usize, last_op: usize) -> String {
    // kept as short as it was (" masks · beat 13/18 · op 80 of 0–132 "): the key hint fits beside it
    match current() {
        Lang::En => format!(" {lesson} beat {beat}/{beats} · engine op {op}/{last_op} "),
        Lang::Zh => format!(" {lesson} 第 {beat}/{beats} 页 · 操作 {op}/{last_op} "),
    }
}

/// The `X` key on a view with no grid.
pub const NO_GRID: crate::lang::Text = crate::lang::Text::new(
    "this view has no grid to write: X writes heatmap, softmax, mask, ablation and alignment views",
    "这个视图没有可写出的网格：X 只写热力图、softmax、掩码、去头表和对齐表",
);

/// After `wrote ./x.csv`: the SVG written beside it.
pub fn and_svg(path: &str) -> String {
    match current() {
        Lang::En => format!(" and ./{path}"),
        Lang::Zh => format!(" 和 ./{path}"),
    }
}

pub fn wrote(path: &str, what: &str) -> String {
    match current() {
        Lang::En => format!("wrote ./{path}{what}"),
        Lang::Zh => format!("已写入 ./{path}{what}"),
    }
}

pub fn could_not_write(path: &str, why: &str) -> String {
    match current() {
        Lang::En => format!("could not write {path}: {why}"),
        Lang::Zh => format!("无法写入 {path}：{why}"),
    }
}

// ---------------------------------------------------------------------------------------------

//! The keys: what each does (the help overlay) and the words of the status bar's hints. The key
//! names and which hint shows when are in the table of bindings (`app/bindings.rs`).

use crate::lang::Text;

pub const KEY_NEXT: Text =
    Text::new("next beat (runs the engine forward to its operation)", "下一页（引擎向前运行到这一页的操作）");
pub const KEY_PREV: Text = Text::new("previous beat", "上一页");
pub const KEY_FIRST_LAST: Text = Text::new("first / last beat", "第一页 / 最后一页");
pub const KEY_STEP: Text = Text::new(
    "step one operation on / back (on a gradient in the backward pass's order, towards the inputs)",
    "往下 / 往回走一个操作（看梯度时按反向传播的顺序，朝输入走）",
);
pub const KEY_HEAD: Text = Text::new(
    "previous / next attention head; after the last, the mean of the heads",
    "上一个 / 下一个注意力头；最后一个之后是各头的平均",
);
pub const KEY_ROW: Text = Text::new("choose the query row (or scroll the focused text)", "选查询行（或滚动当前文字）");
pub const KEY_BATCH: Text = Text::new("next batch row (sentence pair)", "下一个批次行（句对）");
pub const KEY_COLUMNS: Text = Text::new("scroll a wide heatmap's columns left / right", "左右滚动宽热图的列");
pub const KEY_ANSWER: Text =
    Text::new("answer the beat's question (Enter checks, Esc closes)", "回答这一页的问题（Enter 检查，Esc 关闭）");
pub const KEY_LIST: Text = Text::new("the list of lessons (j/k, Enter opens one)", "课程列表（j/k 移动，Enter 打开）");
pub const KEY_SENTENCE: Text =
    Text::new("type your own sentence and run the lesson on it", "输入自己的句子，用它来运行这节课");
pub const KEY_CELL: Text = Text::new(
    "cell mode: pick a number with the arrows, see where it comes from",
    "单元格模式：用方向键选一个数，看它从哪里来",
);
pub const KEY_TEMPERATURE: Text = Text::new(
    "in a decode view: greedy, or sample at temperature 0.5, 1, 2, 5",
    "解码视图中：贪心解码，或以温度 0.5、1、2、5 采样",
);
pub const KEY_PROBE_VIEW: Text = Text::new(
    "on attention weights: what each key adds to the output (‖α·v·W_oʰ‖), then the head taken out, then back",
    "在注意力权重上：每个键真正加进输出的量（‖α·v·W_oʰ‖），再按一次是去掉这个头，再按回到权重",
);
pub const KEY_WHAT_IF: Text = Text::new(
    "what if: run the next (previous) variant of the model beside it",
    "what-if：在旁边运行模型的下一个（上一个）变体",
);
pub const KEY_PANE: Text = Text::new("move focus between panes", "在窗格之间移动焦点");
pub const KEY_SAVE_TENSOR: Text = Text::new("write the focused tensor to an .npy file", "把当前张量写入 .npy 文件");
pub const KEY_SAVE_FRAME: Text = Text::new("write the current frame as plain text", "把当前画面写成纯文本");
pub const KEY_SAVE_GRID: Text = Text::new(
    "write the view's grid (heatmap, softmax, mask, ablation, alignment) as .csv and .svg",
    "把视图里的网格（热力图、softmax、掩码、去头表、对齐表）写成 .csv 和 .svg",
);
pub const KEY_LANGUAGE: Text =
    Text::new("中文: every screen and the lesson in Chinese (z again: English)", "English：换成英文（再按 z：中文）");
pub const KEY_GLOSSARY: Text =
    Text::new("the glossary: every term in English and Chinese", "术语表：每个术语的英文与中文");
pub const KEY_HELP: Text = Text::new("show / hide this help", "显示 / 隐藏这份帮助");
pub const KEY_QUIT: Text = Text::new("quit (with the help open: close it)", "退出（帮助打开时：关闭帮助）");
pub const HELP_TITLE: Text = Text::new(" Keys ", " 按键 ");
pub const HELP_FOOTER: Text = Text::new(
    " mouse wheel or PgUp/PgDn scroll the lesson text · ? or Esc closes this",
    " 鼠标滚轮或 PgUp/PgDn 滚动课文 · ? 或 Esc 关闭",
);
/// The help's line for the status bar's `engine op N/M` (no wider than the widest key line).
pub const HELP_OP_KEY: Text = Text::new("op N/M", "操作 N/M");
pub const HELP_OP: Text = Text::new(
    "ops 0..N of 0..M have run (`transformer-tutor trace` lists them)",
    "操作 0..M 中的 0..N 已运行（`transformer-tutor trace` 列出全部）",
);
pub const KEY_STEP_DECODE: Text =
    Text::new("next / previous decoding step (in a decode view)", "下一个 / 上一个解码步（解码视图中）");

// the status bar's hints: "keys label", in a lesson two spaces apart, elsewhere " · "
pub const HINT_GAP: &str = "  ";
pub const HINT_SEPARATOR: &str = " · ";
pub const HINT_BEAT: Text = Text::new("beat", "翻页");
pub const HINT_HEAD: Text = Text::new("head", "头");
pub const HINT_ROW: Text = Text::new("row", "行");
pub const HINT_STEP: Text = Text::new("step", "解码步");
pub const HINT_LESSONS: Text = Text::new("lessons", "课程");
pub const HINT_LANGUAGE: Text = Text::new("中文", "English");
pub const HINT_HELP: Text = Text::new("help", "帮助");
pub const HINT_QUIT: Text = Text::new("quit", "退出");
pub const HINT_ANSWER: Text = Text::new("answer", "作答");
pub const HINT_TYPE_ANSWER: Text = Text::new("type the answer", "输入答案");
pub const HINT_TYPE_SENTENCE: Text = Text::new("type a sentence", "输入句子");
pub const HINT_CHECK: Text = Text::new("check", "检查");
pub const HINT_RUN: Text = Text::new("run", "运行");
pub const HINT_CLOSE: Text = Text::new("close", "关闭");
pub const HINT_MOVE: Text = Text::new("move", "移动");
pub const HINT_OPEN: Text = Text::new("open", "打开");
pub const HINT_BACK: Text = Text::new("back", "返回");
pub const HINT_CELL: Text = Text::new("cell", "单元格");
pub const HINT_BATCH: Text = Text::new("batch", "批次");
pub const HINT_LEAVE: Text = Text::new("leave", "离开");

/// The status line after `z`.
pub fn language_now(lang: crate::lang::Lang) -> String {
    match lang {
        crate::lang::Lang::En => "English: every screen and the lesson's prose (z: 中文)".to_string(),
        crate::lang::Lang::Zh => "中文：所有画面和课文都换成中文（z：English）".to_string(),
    }
}

/// The glossary overlay's title and its footer.
pub const GLOSSARY_TITLE: Text = Text::new(" Glossary ", " 术语表 ");
pub const GLOSSARY_FOOTER: Text =
    Text::new(" T or Esc closes this · --glossary prints it", " T 或 Esc 关闭 · --glossary 可打印全部");

/// When the help overlay cannot show every line: how many are above and below, and the keys.
pub fn help_more(above: usize, below: usize) -> String {
    overlay_more(above, below, super::LINES.get())
}

/// When the glossary overlay cannot show every term: how many are above and below, and the keys.
pub fn glossary_more(above: usize, below: usize) -> String {
    overlay_more(above, below, TERMS.get())
}

const TERMS: crate::lang::Text = crate::lang::Text::new("terms", "个术语");

/// An overlay's window line: `… 3 more lines above, 7 below (↑/↓ PgUp/PgDn)`.
fn overlay_more(above: usize, below: usize, what: &str) -> String {
    format!(" {} (↑/↓ PgUp/PgDn)", super::more(above, below, what))
}

//! The frame: pane titles, the architecture map, the too-small screen, the terminal; the shape trace.

use super::*;
use crate::lang::{Lang, Text, current};

// the frame: pane titles, the architecture map, the too-small screen, the terminal
// ---------------------------------------------------------------------------------------------

pub const MAP_TITLE: Text = Text::new(" Where we are ", " 当前位置 ");
pub const TRACE_TITLE: Text = Text::new(" Shape trace ", " 形状追踪 ");

/// The shape trace's title on the compact screen, which has no map: it names the place instead.
pub fn trace_title_at(place: &str) -> String {
    match current() {
        Lang::En => format!(" Shape trace · {place} "),
        Lang::Zh => format!(" 形状追踪 · {place} "),
    }
}

/// A forward pass whose numbers overflowed: said where the numbers are shown, and by `translate`.
pub fn non_finite_at(op: &str) -> String {
    match current() {
        Lang::En => format!(
            "the forward pass produced NaN/Inf first at op `{op}`: float32 overflowed there (these weights are too \
             large), so no number computed from it means anything"
        ),
        Lang::Zh => format!(
            "前向计算最先在 `{op}` 处产生了 NaN/Inf：float32 在那里溢出（这组权重太大），\
             由它算出的数都没有意义"
        ),
    }
}

pub fn tensor_title(name: &str, shape: &str, view: &str) -> String {
    match current() {
        Lang::En => format!(" {name} {shape} · {view} view "),
        Lang::Zh => format!(" {name} {shape} · {} ", view_name_zh(view)),
    }
}

/// A view's Chinese name in a pane title (the lesson file's name, `view = "heatmap"`, otherwise).
pub fn view_name_zh(view: &str) -> &str {
    match view {
        "heatmap" => "热力图",
        "mask" => "掩码图",
        "softmax" => "softmax 各行",
        "layernorm" => "残差与层归一化",
        "vector" => "向量",
        "top-words" => "最可能的词",
        "tokens" => "分词与编号",
        "pipeline" => "流水线",
        "params" => "参数量",
        "rnn" => "RNN 对照",
        "norm-compare" => "层归一化与批归一化",
        "fused-qkv" => "融合的 QKV",
        "decode" => "逐步解码",
        "loss" => "损失",
        "grad-flow" => "梯度流",
        "embed-grad" => "嵌入表的梯度",
        "adam-step" => "Adam 一步",
        "ablation" => "去掉一个头",
        "logit-lens" => "logit lens",
        "contributions" => "各键的贡献",
        "patching" => "激活修补",
        "alignment" => "对齐",
        other => other,
    }
}

pub fn map_encoder(layer: usize) -> String {
    match current() {
        Lang::En => format!("enc {layer}"),
        Lang::Zh => format!("编码 {layer}"),
    }
}

pub fn map_decoder(layer: usize) -> String {
    match current() {
        Lang::En => format!("dec {layer}"),
        Lang::Zh => format!("解码 {layer}"),
    }
}

// The map's lines no wider than the English (掩码自注意力 is one column wider, 交叉 one narrower): its
// widest line fits the wide layout's left pane at 120 columns.
pub const MAP_OUTPUT: Text = Text::new("output", "输出");
pub const MAP_EMBED: Text = Text::new("embed+PE", "嵌入+PE");
pub const MAP_PAD_MASK: Text = Text::new("pad mask", "填充掩码");
pub const MAP_MASKS: Text = Text::new("masks", "掩码");
pub const MAP_SELF_ATTN: Text = Text::new("self-attn", "自注意力");
pub const MAP_MASKED_SELF: Text = Text::new("masked-self", "掩码自注意力");
pub const MAP_CROSS: Text = Text::new("cross", "交叉");
pub const MAP_ADD_NORM: &str = "A&N";
pub const MAP_FFN: &str = "FFN";
pub const MAP_LINEAR_SOFTMAX: &str = "Linear+softmax";
pub const MAP_LEGEND: Text =
    Text::new(" A&N = Add & Norm: LayerNorm(x + sublayer(x))", " A&N 即 LayerNorm(x + sublayer(x))");

pub fn too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    match current() {
        Lang::En => format!(
            "The terminal is {width}x{height}.\nPlease enlarge it to at least {min_width}x{min_height}.\n(q quits)"
        ),
        Lang::Zh => format!("终端现在是 {width}x{height}。\n请把它放大到至少 {min_width}x{min_height}。\n（q 退出）"),
    }
}

/// After the screen closes, when the learner quit before the terminal was ever large enough.
pub fn terminal_too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    match current() {
        Lang::En => format!(
            "the terminal was {width}x{height}, smaller than the {min_width}x{min_height} the tutor needs, so no lesson \
             was shown; enlarge the window and run again, or add --print to read the lesson as plain text"
        ),
        Lang::Zh => format!(
            "终端只有 {width}x{height}，小于本程序需要的 {min_width}x{min_height}，所以没有显示任何课程；\
             请把窗口放大后再运行，或者加上 --print 以纯文本阅读课程"
        ),
    }
}

pub const NO_TERMINAL: Text = Text::new(
    "no terminal: standard output is not a TTY, so the tutor screen cannot be shown. \
    Run it in a terminal, or add --print to read the lesson as plain text",
    "没有终端：标准输出不是 TTY，无法显示教程界面。\
    请在终端里运行，或加上 --print 以纯文本阅读课程",
);
pub const NO_CONTROLLING_TERMINAL: Text = Text::new(
    "no terminal: the process has no controlling terminal (started with setsid?), so the tutor \
    could not tell if its terminal went away. Run it from a terminal's shell, or add --print to read \
    the lesson as plain text",
    "没有终端：这个进程没有控制终端（是用 setsid 启动的吗？），教程无法察觉终端是否已经关闭。\
    请在终端的 shell 里运行，或加上 --print 以纯文本阅读课程",
);
pub const NO_TERMINAL_INPUT: Text = Text::new(
    "no terminal: standard input is not a TTY, so the tutor cannot read keys. \
    Run it in a terminal without redirecting its input, or add --print to read the lesson as plain text",
    "没有终端：标准输入不是 TTY，教程无法读取按键。\
    请在终端里运行且不要重定向输入，或加上 --print 以纯文本阅读课程",
);

pub fn cannot_watch_signals(why: impl Display) -> String {
    match current() {
        Lang::En => format!("cannot watch for signals: {why}"),
        Lang::Zh => format!("无法监听信号：{why}"),
    }
}

pub fn cannot_open_terminal(why: impl Display) -> String {
    match current() {
        Lang::En => format!("cannot open the terminal: {why}"),
        Lang::Zh => format!("无法打开终端：{why}"),
    }
}

pub fn terminal_error(why: impl Display) -> String {
    match current() {
        Lang::En => format!("terminal error: {why}"),
        Lang::Zh => format!("终端出错：{why}"),
    }
}

// ---------------------------------------------------------------------------------------------
// the shape trace
// ---------------------------------------------------------------------------------------------

/// The arrow label for one operation in the shape trace: `(2, 6, 32) ─W_q→ (2, 6, 32)`.
pub fn trace_edge(kind: OpKind, d_k: usize) -> String {
    match kind {
        OpKind::Linear(LinearRef::Attn { proj, .. }) => match proj {
            Proj::Q => "W_q".into(),
            Proj::K => "W_k".into(),
            Proj::V => "W_v".into(),
            Proj::O => "W_o".into(),
        },
        OpKind::Linear(LinearRef::Ffn1 { .. }) => "W_1".into(),
        OpKind::Linear(LinearRef::Ffn2 { .. }) => "W_2".into(),
        OpKind::Linear(LinearRef::Out) => "W_out".into(),
        OpKind::SplitHeads => "split".into(),
        OpKind::QueryKey => "q·kᵀ".into(),
        OpKind::Scale => format!("/√{d_k}"),
        OpKind::MaskFill(_) => "mask".into(),
        OpKind::Softmax => "softmax".into(),
        OpKind::Context => "·v".into(),
        OpKind::MergeHeads => "merge".into(),
        OpKind::HeadMask { .. } => "ablate".into(),
        OpKind::Add => "+".into(),
        OpKind::Normalize { .. } => "norm".into(),
        OpKind::ScaleShift(_) => "γ,β".into(),
        OpKind::Relu => "ReLU".into(),
        OpKind::AddPositional => "+PE".into(),
        OpKind::MaskAnd => "AND".into(),
        _ => kind.label().into(),
    }
}

/// `reads dec.0.self_attn.q (2, 4, 6, 8), dec.0.self_attn.k (2, 4, 6, 8)`: `inputs` already joined.
pub fn reads(inputs: &str) -> String {
    match current() {
        Lang::En => format!("reads {inputs}"),
        Lang::Zh => format!("读取 {inputs}"),
    }
}

pub const READS_TOKEN_IDS: Text = Text::new("reads the token ids", "读取词元 id");
pub const READS_NO_TENSOR: Text = Text::new("reads no tensor", "不读取任何张量");

// ---------------------------------------------------------------------------------------------

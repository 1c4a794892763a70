//! The frame: pane titles, the architecture map, the too-small screen, the terminal; the shape trace.

use super::*;

// the frame: pane titles, the architecture map, the too-small screen, the terminal
// ---------------------------------------------------------------------------------------------

pub const MAP_TITLE: &str = " Where we are ";
pub const TRACE_TITLE: &str = " Shape trace ";

/// The shape trace's title on the compact screen, which has no map: it names the place instead.
pub fn trace_title_at(place: &str) -> String {
    format!(" Shape trace · {place} ")
}

/// A forward pass whose numbers overflowed: said where the numbers are shown, and by `translate`.
pub fn non_finite_at(op: &str) -> String {
    format!(
        "the forward pass produced NaN/Inf first at op `{op}`: float32 overflowed there (these weights are too \
         large), so no number computed from it means anything"
    )
}

pub fn tensor_title(name: &str, shape: &str, view: &str) -> String {
    format!(" {name} {shape} · {view} view ")
}

pub fn map_encoder(layer: usize) -> String {
    format!("enc {layer}")
}

pub fn map_decoder(layer: usize) -> String {
    format!("dec {layer}")
}

pub const MAP_OUTPUT: &str = "output";
pub const MAP_EMBED: &str = "embed+PE";
pub const MAP_PAD_MASK: &str = "pad mask";
pub const MAP_MASKS: &str = "masks";
pub const MAP_SELF_ATTN: &str = "self-attn";
pub const MAP_MASKED_SELF: &str = "masked-self";
pub const MAP_CROSS: &str = "cross";
pub const MAP_ADD_NORM: &str = "A&N";
pub const MAP_FFN: &str = "FFN";
pub const MAP_LINEAR_SOFTMAX: &str = "Linear+softmax";
pub const MAP_LEGEND: &str = " A&N = Add & Norm: LayerNorm(x + sublayer(x))";

pub fn too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    format!("The terminal is {width}x{height}.\nPlease enlarge it to at least {min_width}x{min_height}.\n(q quits)")
}

pub const NO_TERMINAL: &str = "no terminal: standard output is not a TTY, so the tutor screen cannot be shown. \
    Run it in a terminal, or add --print to read the lesson as plain text";
pub const NO_TERMINAL_INPUT: &str = "no terminal: standard input is not a TTY, so the tutor cannot read keys. \
    Run it in a terminal without redirecting its input, or add --print to read the lesson as plain text";

pub fn cannot_watch_signals(why: impl Display) -> String {
    format!("cannot watch for signals: {why}")
}

pub fn cannot_open_terminal(why: impl Display) -> String {
    format!("cannot open the terminal: {why}")
}

pub fn terminal_error(why: impl Display) -> String {
    format!("terminal error: {why}")
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
    format!("reads {inputs}")
}

pub const READS_TOKEN_IDS: &str = "reads the token ids";
pub const READS_NO_TENSOR: &str = "reads no tensor";

// ---------------------------------------------------------------------------------------------

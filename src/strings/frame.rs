//! The frame: pane titles, the architecture map, the too-small screen, the terminal; the shape trace.

use std::collections::BTreeSet;
use std::sync::{Mutex, PoisonError};

use super::*;
use crate::lang::{Lang, Text};
use crate::lang::{message_with, message_with_in};

// the frame: pane titles, the architecture map, the too-small screen, the terminal
// ---------------------------------------------------------------------------------------------

pub const MAP_TITLE: Text = Text::id("map-title");
pub const TRACE_TITLE: Text = Text::id("trace-title");

/// The shape trace's title on the compact screen, which has no map: it names the place instead.
pub fn trace_title_at(place: &str) -> String {
    message_with("trace-title-at", &[("place", &place)])
}

/// A forward pass whose numbers overflowed: said where the numbers are shown, and by `translate`.
pub fn non_finite_at(op: &str) -> String {
    message_with("non-finite-at", &[("op", &op)])
}

pub fn tensor_title(name: &str, shape: &str, view: &str) -> String {
    message_with("tensor-title-named", &[("name", &name), ("shape", &shape), ("view", &view_name(view))])
}

/// A tensor's shape in a pane title: `(2, 9, 32)` as the notes print shapes, and a scalar (shape
/// `()`) named as one, `(scalar)`.
pub fn shape_in_title(shape: &[usize]) -> String {
    if shape.is_empty() { SHAPE_SCALAR.to_string() } else { crate::model::program::shape_text(shape) }
}

const SHAPE_SCALAR: Text = Text::id("shape-scalar");

/// A view's name in a pane title, from the lesson file's name (`view = "heatmap"`), which a
/// language without a name of its own for the view shows as it is.
pub fn view_name(view: &str) -> String {
    message_with("view-name", &[("view", &view)])
}

/// A view's name in `lang` (the tests check that every view kind has one in every language but
/// English): `view_name` in `lang`, kept for the rest of the run (one short text per view).
pub fn view_name_in(view: &str, lang: Lang) -> &'static str {
    static KEPT: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let name = message_with_in(lang, "view-name", &[("view", &view)]);
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    match kept.get(name.as_str()) {
        Some(name) => name,
        None => {
            let name: &'static str = Box::leak(name.into_boxed_str());
            kept.insert(name);
            name
        }
    }
}

pub fn map_encoder(layer: usize) -> String {
    message_with("map-encoder", &[("layer", &layer)])
}

pub fn map_decoder(layer: usize) -> String {
    message_with("map-decoder", &[("layer", &layer)])
}

// The map's lines no wider than the English (掩码自注意力 is one column wider, 交叉 one narrower): its
// widest line fits the wide layout's left pane at 120 columns.
pub const MAP_OUTPUT: Text = Text::id("map-output");
pub const MAP_EMBED: Text = Text::id("map-embed");
pub const MAP_PAD_MASK: Text = Text::id("map-pad-mask");
pub const MAP_MASKS: Text = Text::id("map-masks");
pub const MAP_SELF_ATTN: Text = Text::id("map-self-attn");
pub const MAP_MASKED_SELF: Text = Text::id("map-masked-self");
pub const MAP_CROSS: Text = Text::id("map-cross");
pub const MAP_ADD_NORM: &str = "A&N";
pub const MAP_FFN: &str = "FFN";
pub const MAP_LINEAR_SOFTMAX: &str = "Linear+softmax";
pub const MAP_LEGEND: Text = Text::id("map-legend");

pub fn too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    message_with(
        "too-small",
        &[("width", &width), ("height", &height), ("min_width", &min_width), ("min_height", &min_height)],
    )
}

/// After the screen closes, when the learner quit before the terminal was ever large enough.
pub fn terminal_too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    message_with(
        "terminal-too-small",
        &[("width", &width), ("height", &height), ("min_width", &min_width), ("min_height", &min_height)],
    )
}

pub const NO_TERMINAL: Text = Text::id("no-terminal");
pub const NO_CONTROLLING_TERMINAL: Text = Text::id("no-controlling-terminal");
pub const NO_TERMINAL_INPUT: Text = Text::id("no-terminal-input");

/// After an abort (memory ran out, or another), once the terminal is given back: the line
/// Rust printed on the alternate screen is gone with it.
pub const ABORTED_OUT_OF_MEMORY: Text = Text::id("aborted-out-of-memory");
pub const ABORTED: Text = Text::id("aborted");

pub fn cannot_watch_signals(why: impl Display) -> String {
    message_with("cannot-watch-signals", &[("why", &why)])
}

pub fn cannot_open_terminal(why: impl Display) -> String {
    message_with("cannot-open-terminal", &[("why", &why)])
}

pub fn terminal_error(why: impl Display) -> String {
    message_with("terminal-error", &[("why", &why)])
}

// ---------------------------------------------------------------------------------------------
// the shape trace
// ---------------------------------------------------------------------------------------------

/// The arrow label for one operation in the shape trace: `(2, 6, 32) ─W_q→ (2, 6, 32)`.
pub fn trace_edge(kind: OpKind) -> String {
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
        OpKind::Scale { d_k } => format!("/√{d_k}"),
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
    message_with("reads", &[("inputs", &inputs)])
}

pub const READS_TOKEN_IDS: Text = Text::id("reads-token-ids");
pub const READS_NO_TENSOR: Text = Text::id("reads-no-tensor");

// ---------------------------------------------------------------------------------------------

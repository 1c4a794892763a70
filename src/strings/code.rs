//! The words beside the code: each snippet's one-line comment, the note that computes the same
//! thing, a note's corrected line, the code pane's headings, and what `export --numpy` says.

use crate::lang::{Text, message, message_with};
use crate::model::arch::{MaskFill, Variant};
use crate::model::program::{Formula, Op, OpKind, Place};

/// What an operation's code computes, in one line of the screen's language. `halves`: the model
/// lays its positional table out as sin | cos halves (Marian's); `tied`: its output is the
/// target embedding.
pub fn code_comment(op: &Op, halves: bool, tied: bool) -> &'static str {
    message(match (op.kind, &op.formula) {
        (OpKind::Input, _) => "code-input",
        (OpKind::Embed(_), _) => "code-embed",
        (OpKind::EmbedScale, _) => "code-embed-scale",
        (OpKind::PositionalEncoding, _) if halves => "code-positions-halves",
        (OpKind::PositionalEncoding, _) => "code-positions",
        (OpKind::AddPositional, _) => "code-add-positional",
        (OpKind::PaddingMask(_), _) => "code-padding-mask",
        (OpKind::PaddingMaskQK { .. }, _) => "code-padding-mask-qk",
        (OpKind::CausalMask, _) => "code-causal-mask",
        (OpKind::OnesMask, _) => "code-ones-mask",
        (OpKind::MaskAnd, _) => "code-mask-and",
        (OpKind::Linear(crate::model::program::LinearRef::Out), _) if tied => "code-linear-tied",
        (OpKind::Linear(_), _) => "code-linear",
        (OpKind::SplitHeads, _) => "code-split-heads",
        (OpKind::QueryKey, _) => "code-query-key",
        (OpKind::Scale { .. }, _) => "code-scale",
        (OpKind::MaskFill(MaskFill::Multiply), _) => "code-mask-multiply",
        (OpKind::MaskFill(MaskFill::MinusInfinity), _) => "code-mask-minus-infinity",
        (OpKind::MaskFill(_), _) => "code-mask-fill",
        (OpKind::Softmax, _) if op.place == Place::Output => "code-probs",
        (OpKind::Softmax, _) => "code-softmax",
        (OpKind::Context, _) => "code-context",
        (OpKind::MergeHeads, _) => "code-merge-heads",
        (OpKind::HeadMask { keep_only: false, .. }, _) => "code-head-out",
        (OpKind::HeadMask { keep_only: true, .. }, _) => "code-head-alone",
        (OpKind::Add, _) => "code-residual",
        (OpKind::Relu, _) => "code-relu",
        (OpKind::Silu, _) => "code-silu",
        (OpKind::Gelu, _) => "code-gelu",
        (OpKind::Normalize { .. }, _) => "code-normalize",
        (OpKind::ScaleShift(_), _) => "code-scale-shift",
        (OpKind::Identity, Formula::Scores { scaled: false, .. }) => "code-no-scale",
        (OpKind::Identity, Formula::Masked { .. }) => "code-mask-off",
        (OpKind::Identity, Formula::Memory { .. }) => "code-memory",
        (OpKind::Identity, Formula::Sum { residual: false, .. }) => "code-no-residual",
        (OpKind::Identity, _) => "code-identity",
        (OpKind::CrossEntropy { .. }, _) => "code-cross-entropy",
    })
}

/// `note 001 §3.4, split_head`: the note that computes the same thing.
pub fn code_note(note: &str, code: &str) -> String {
    message_with("code-note", &[("note", &note), ("code", &code)])
}

/// On a gradient: what the backward's lines compute, from `d` (the gradient on screen).
pub fn code_backward(d: &str) -> String {
    message_with("code-backward", &[("d", &d)])
}

/// Where a note's code is wrong: what goes wrong with its line (the what-if's title).
pub fn code_fix_why(variant: Variant) -> String {
    message_with("code-fix-why", &[("why", &super::variant_title(variant))])
}

/// `the note writes:` before a note's wrong line.
pub const CODE_NOTE_WRITES: Text = Text::id("code-note-writes");
/// `corrected:` before the right line.
pub const CODE_CORRECTED: Text = Text::id("code-corrected");
/// The code pane's title.
pub const CODE_PANE: Text = Text::id("code-pane");
/// The code pane's heading over the what-if's lines that differ.
pub const CODE_WHAT_IF: Text = Text::id("code-what-if");

/// The exported script's first lines: what it is and how to run it.
pub fn code_script_header(npz: &str, lib: &str) -> String {
    message_with("code-script-header", &[("npz", &npz), ("lib", &lib)])
}

/// `export --numpy`/`--pytorch` on stderr: the script written and how many tensors it checks.
pub fn wrote_script(path: impl std::fmt::Display, count: usize) -> String {
    message_with("wrote-script", &[("path", &path.to_string()), ("count", &count)])
}

/// `export`: a script's path names the export (or the other script): refused before anything.
pub fn export_same_file(flag: &str, other: &str, path: impl std::fmt::Display) -> String {
    message_with("export-same-file", &[("flag", &flag), ("other", &other), ("path", &path.to_string())])
}

/// `export`: both scripts' paths name one file: one script would overwrite the other.
pub fn export_same_script(flag: &str, other: &str, path: impl std::fmt::Display) -> String {
    message_with("export-same-script", &[("flag", &flag), ("other", &other), ("path", &path.to_string())])
}

/// The exported script's mark before a tensor that matches (`ok`), in the export's language.
pub const CODE_SCRIPT_OK: Text = Text::id("code-script-ok");
/// The mark before a tensor that does not (`FAIL`).
pub const CODE_SCRIPT_FAIL: Text = Text::id("code-script-fail");
/// After the mark: the script computed nothing for the tensor.
pub const CODE_SCRIPT_NOT_COMPUTED: Text = Text::id("code-script-not-computed");

/// After the mark: the script's tensor has another shape than the tutor's.
pub fn code_script_shape(ours: &str, tutor: &str) -> String {
    message_with("code-script-shape", &[("ours", &ours), ("tutor", &tutor)])
}

/// The script's last line when some tensors differ: how many of `count`, and the first.
pub fn code_script_differ(failed: &str, count: usize, first: &str) -> String {
    message_with("code-script-differ", &[("failed", &failed), ("count", &count), ("first", &first)])
}

/// The script's last line when every one of its `count` tensors matches.
pub fn code_script_all_match(count: usize) -> String {
    message_with("code-script-all-match", &[("count", &count)])
}

//! Why a weights file was not written or not loaded: the model's keys (`model::npz_error`,
//! `npz_layout::UnexpectedArray`) written out, said so the user can fix the file. Array names,
//! sizes (`d_model`, `config.max_len`) and tokens read the same in every language.

use std::fmt;

use crate::lang::{Text, message_with};
use crate::model::npz::{Expected, SizeName, WeightsError, WeightsFault};
use crate::model::npz_layout::UnexpectedArray;
use crate::model::program::shape_text;

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            WeightsError::CannotWrite { path, reason } => {
                message_with("weights-cannot-write", &[("path", path), ("reason", reason)])
            }
            WeightsError::Unread { path, reason } => {
                return super::files::read_refusal(f, &super::WEIGHTS_FILE, path, reason);
            }
            WeightsError::NotNpz { label, reason } => {
                message_with("weights-not-npz", &[("label", label), ("reason", reason)])
            }
            WeightsError::Content { label, fault } => {
                message_with("weights-content", &[("label", label), ("fault", fault)])
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for WeightsFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use WeightsFault::*;
        let text = match self {
            CannotList(e) => message_with("weights-cannot-list", &[("reason", e)]),
            NotIntegerScalar { name, reason } => {
                message_with("weights-not-integer-scalar", &[("name", name), ("reason", reason)])
            }
            NotBytes { name, reason } => message_with("weights-not-bytes", &[("name", name), ("reason", reason)]),
            NotFloat { name, reason } => message_with("weights-not-float", &[("name", name), ("reason", reason)]),
            MissingScalar { name } => message_with("weights-missing-scalar", &[("name", name)]),
            NegativeScalar { name, value } => {
                message_with("weights-negative-scalar", &[("name", name), ("value", value)])
            }
            MissingArray { name, expected } => {
                message_with("weights-missing-array", &[("name", name), ("expected", expected)])
            }
            Misshaped { name, expected, got } => {
                message_with("weights-misshaped", &[("name", name), ("got", &shape_text(got)), ("expected", expected)])
            }
            NotFinite { name, value, at } => {
                message_with("weights-not-finite", &[("name", name), ("value", value), ("at", &format!("{at:?}"))])
            }
            HeadsDoNotDivide { n_heads, d_model } => {
                message_with("weights-heads-do-not-divide", &[("n_heads", n_heads), ("d_model", d_model)])
            }
            MaxLenOutOfRange { max_len, limit } => {
                message_with("weights-max-len-out-of-range", &[("max_len", max_len), ("limit", limit)])
            }
            PadIdx { pad_idx, pad_id } => message_with("weights-pad-idx", &[("pad_idx", pad_idx), ("pad_id", pad_id)]),
            VocabRows { name, tokens, rows } => {
                message_with("weights-vocab-rows", &[("name", name), ("tokens", tokens), ("rows", rows)])
            }
            BadVocab { name, fault } => message_with("weights-bad-vocab", &[("name", name), ("fault", fault)]),
            // said by their own Display, in the current language
            Archive(archive) => return write!(f, "{archive}"),
            Unexpected(array) => return write!(f, "{array}"),
            TooSmall { size, value, least } => too_small(*size, *value, *least),
        };
        f.write_str(&text)
    }
}

/// A size read from an array's shape is below `least`: what it is, where it was read, and why it
/// must be larger (a vocabulary holds the special tokens).
fn too_small(size: SizeName, value: usize, least: usize) -> String {
    let id = match size {
        SizeName::DModel | SizeName::DFf => "weights-size-too-small",
        SizeName::SrcVocab | SizeName::TgtVocab => "weights-vocabulary-too-small",
    };
    let (what, from) = (size_said(size), read_from(size));
    message_with(id, &[("what", &what), ("value", &value), ("from", &from), ("least", &least)])
}

/// A size as a refusal names it: a width by its name, a vocabulary in words.
fn size_said(size: SizeName) -> String {
    match size {
        SizeName::DModel | SizeName::DFf => size.to_string(),
        SizeName::SrcVocab => Text::id("size-said-the-source-vocabulary").to_string(),
        SizeName::TgtVocab => Text::id("size-said-the-target-vocabulary").to_string(),
    }
}

/// Where a size is read from: which array's rows or columns.
fn read_from(size: SizeName) -> Text {
    match size {
        SizeName::DModel => Text::id("read-from-the-columns-of-src"),
        SizeName::DFf => Text::id("read-from-the-rows-of-encoder"),
        SizeName::SrcVocab => Text::id("read-from-the-rows-of-src"),
        SizeName::TgtVocab => Text::id("read-from-the-rows-of-tgt"),
    }
}

impl fmt::Display for Expected {
    /// `(32, 81)`, or the sizes' names: `(src_vocab, d_model)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Sizes(sizes) => f.write_str(&shape_text(sizes)),
            Expected::Named(rows, cols) => write!(f, "({rows}, {cols})"),
        }
    }
}

impl fmt::Display for SizeName {
    /// The size's name as `Config` and the notes write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SizeName::DModel => "d_model",
            SizeName::DFf => "d_ff",
            SizeName::SrcVocab => "src_vocab",
            SizeName::TgtVocab => "tgt_vocab",
        })
    }
}

impl fmt::Display for UnexpectedArray {
    /// Why the array has no place: a layer past the file's last, or no name a model has.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, n, last) = (&self.name, self.n_layers, self.n_layers - 1);
        let text = match self.past_layer {
            Some(layer) => message_with(
                "weights-unexpected-past-layer",
                &[("name", name), ("last", &last), ("n", &n), ("layer", &layer)],
            ),
            None => message_with("weights-unexpected-name", &[("name", name), ("n", &n)]),
        };
        f.write_str(&text)
    }
}

//! What can be wrong with a weights file, as keys: `strings` says each so the user can fix it (the
//! model imports nothing above it, so its words are not here).

use super::npz_guard::ArchiveFault;
use super::npz_layout::UnexpectedArray;
use super::vocab::VocabError;
use crate::user_file::ReadFault;

/// Everything wrong with saving or loading a weights file.
#[derive(Debug)]
pub enum WeightsError {
    /// The weights could not be written to `path`: the `.npz` writer's error, or the file's.
    CannotWrite { path: String, reason: std::io::Error },
    /// The weights file at `path` (control characters escaped) was not read: not a regular file,
    /// too large, or the system's error.
    Unread { path: String, reason: ReadFault },
    /// What `label` names is not an `.npz` (a zip of arrays): the reader's words.
    NotNpz { label: String, reason: String },
    /// What `label` names (a path, the built-in weights) holds what a weights file must not.
    Content { label: String, fault: WeightsFault },
}

impl std::error::Error for WeightsError {}

/// What a weights file's arrays hold that a model cannot be built from.
#[derive(Debug, Clone, PartialEq)]
pub enum WeightsFault {
    /// The archive declares more than it holds, or more than this program unpacks.
    Archive(ArchiveFault),
    /// The reader could not list the arrays: its words.
    CannotList(String),
    /// An array no model of these layers has.
    Unexpected(UnexpectedArray),
    /// The size `name` (`config.n_heads`) is not an integer scalar: the reader's words.
    NotIntegerScalar { name: String, reason: String },
    /// The vocabulary `name` is not an array of bytes: the reader's words.
    NotBytes { name: String, reason: String },
    /// The vocabulary `name` is bytes, but not a vocabulary.
    BadVocab { name: String, fault: VocabError },
    /// The parameter `name` could not be read as float32: the reader's words.
    NotFloat { name: String, reason: String },
    /// The size `name` is not in the file.
    MissingScalar { name: String },
    /// The size `name` is `value`, below 0.
    NegativeScalar { name: String, value: i64 },
    /// The array `name` is not in the file; it should have the shape `expected`.
    MissingArray { name: String, expected: Expected },
    /// The array `name` has the shape `got`, not `expected`.
    Misshaped { name: String, expected: Expected, got: Vec<usize> },
    /// The array `name` holds `value` (NaN or infinite) at index `at`.
    NotFinite { name: String, value: f32, at: Vec<usize> },
    /// The size `size`, read from an array's shape, is `value`, below `least`.
    TooSmall { size: SizeName, value: usize, least: usize },
    /// `config.n_heads` is 0 or does not divide `d_model`.
    HeadsDoNotDivide { n_heads: usize, d_model: usize },
    /// `config.max_len` is below 2 (a target holds `<bos>` and `<eos>`) or above `limit`.
    MaxLenOutOfRange { max_len: usize, limit: usize },
    /// `config.pad_idx` is not `pad_id`, the id `<pad>` has in both vocabularies.
    PadIdx { pad_idx: usize, pad_id: usize },
    /// The vocabulary `name` has `tokens` tokens, but its embedding has `rows` rows.
    VocabRows { name: String, tokens: usize, rows: usize },
}

impl std::error::Error for WeightsFault {}

/// The shape an array should have: its sizes, or (for the arrays the sizes are read from) the
/// names of its two dimensions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    Sizes(Vec<usize>),
    Named(SizeName, SizeName),
}

/// A size of the model read from the shape of an array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeName {
    /// The width of every token's vector: the columns of `src_embed.weight`.
    DModel,
    /// The width of the feed-forward layers: the rows of the first layer's `ffn.linear1.weight`.
    DFf,
    /// The source vocabulary's size: the rows of `src_embed.weight`.
    SrcVocab,
    /// The target vocabulary's size: the rows of `tgt_embed.weight`.
    TgtVocab,
}

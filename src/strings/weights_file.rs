//! Why a weights file was not written or not loaded: the model's keys (`model::npz_error`,
//! `npz_layout::UnexpectedArray`) written out, said so the user can fix the file. Array names,
//! sizes (`d_model`, `config.max_len`) and tokens read the same in both languages.

use std::fmt;

use crate::lang::{Lang, Text, current};
use crate::model::npz::{Expected, SizeName, WeightsError, WeightsFault};
use crate::model::npz_layout::UnexpectedArray;
use crate::model::program::shape_text;

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (current(), self) {
            (Lang::En, WeightsError::CannotWrite { path, reason }) => write!(f, "cannot write {path}: {reason}"),
            (Lang::Zh, WeightsError::CannotWrite { path, reason }) => write!(f, "无法写入 {path}：{reason}"),
            (_, WeightsError::Unread { path, reason }) => {
                super::files::read_refusal(f, &super::WEIGHTS_FILE, path, reason)
            }
            (Lang::En, WeightsError::NotNpz { label, reason }) => {
                write!(f, "{label} is not a readable .npz file: {reason}")
            }
            (Lang::Zh, WeightsError::NotNpz { label, reason }) => write!(f, "{label} 不是可读的 .npz 文件：{reason}"),
            (Lang::En, WeightsError::Content { label, fault }) => write!(f, "{label}: {fault}"),
            (Lang::Zh, WeightsError::Content { label, fault }) => write!(f, "{label}：{fault}"),
        }
    }
}

impl fmt::Display for WeightsFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current() {
            Lang::En => fault_en(self, f),
            Lang::Zh => fault_zh(self, f),
        }
    }
}

/// The faults said in words of their own in each language, in English.
fn fault_en(fault: &WeightsFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use WeightsFault::*;
    match fault {
        CannotList(e) => write!(f, "cannot list arrays: {e}"),
        NotIntegerScalar { name, reason } => write!(f, "`{name}` must be an integer scalar: {reason}"),
        NotBytes { name, reason } => write!(f, "`{name}` must be a uint8 array: {reason}"),
        NotFloat { name, reason } => write!(f, "`{name}` could not be read as float32: {reason}"),
        MissingScalar { name } => write!(f, "missing integer scalar `{name}`"),
        NegativeScalar { name, value } => write!(f, "`{name}` is {value}; it must be non-negative"),
        MissingArray { name, expected } => write!(f, "missing array `{name}`, expected shape {expected}"),
        Misshaped { name, expected, got } => {
            write!(f, "array `{name}` has shape {}, expected {expected}", shape_text(got))
        }
        NotFinite { name, value, at } => {
            write!(f, "array `{name}` holds {value} at index {at:?}; weights must be finite numbers")
        }
        HeadsDoNotDivide { n_heads, d_model } => {
            write!(f, "config.n_heads is {n_heads}, which does not divide d_model {d_model}")
        }
        MaxLenOutOfRange { max_len, limit } => {
            write!(f, "config.max_len is {max_len}; it must be from 2 (a target holds <bos> and <eos>) to {limit}")
        }
        PadIdx { pad_idx, pad_id: id } => write!(
            f,
            "config.pad_idx is {pad_idx}, but <pad> is token {id} of both vocabularies (sentences are padded \
             with id {id}); it must be {id}"
        ),
        VocabRows { name, tokens, rows } => {
            write!(f, "`{name}` has {tokens} tokens but the embedding has {rows} rows; they must match")
        }
        BadVocab { name, fault } => write!(f, "`{name}`: {fault}"),
        // said by their own Display, in the current language
        Archive(archive) => write!(f, "{archive}"),
        Unexpected(array) => write!(f, "{array}"),
        TooSmall { size, value, least } => too_small(f, *size, *value, *least),
    }
}

/// The same in Chinese.
fn fault_zh(fault: &WeightsFault, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use WeightsFault::*;
    match fault {
        CannotList(e) => write!(f, "无法列出数组：{e}"),
        NotIntegerScalar { name, reason } => write!(f, "`{name}` 必须是整数标量：{reason}"),
        NotBytes { name, reason } => write!(f, "`{name}` 必须是 uint8 数组：{reason}"),
        NotFloat { name, reason } => write!(f, "`{name}` 无法按 float32 读取：{reason}"),
        MissingScalar { name } => write!(f, "缺少整数标量 `{name}`"),
        NegativeScalar { name, value } => write!(f, "`{name}` 是 {value}；它不能是负数"),
        MissingArray { name, expected } => write!(f, "缺少数组 `{name}`，应有的形状是 {expected}"),
        Misshaped { name, expected, got } => write!(f, "数组 `{name}` 的形状是 {}，应为 {expected}", shape_text(got)),
        NotFinite { name, value, at } => write!(f, "数组 `{name}` 在下标 {at:?} 处是 {value}；权重必须是有限的数"),
        HeadsDoNotDivide { n_heads, d_model } => {
            write!(f, "config.n_heads 是 {n_heads}，不能整除 d_model {d_model}")
        }
        MaxLenOutOfRange { max_len, limit } => {
            write!(f, "config.max_len 是 {max_len}；它必须在 2（目标句至少有 <bos> 和 <eos>）到 {limit} 之间")
        }
        PadIdx { pad_idx, pad_id: id } => write!(
            f,
            "config.pad_idx 是 {pad_idx}，但 <pad> 在两个词表里都是第 {id} 号词元（句子用 id {id} 填充）；它必须是 {id}"
        ),
        VocabRows { name, tokens, rows } => {
            write!(f, "`{name}` 有 {tokens} 个词元，而嵌入表有 {rows} 行；两者必须相等")
        }
        BadVocab { name, fault } => write!(f, "`{name}`：{fault}"),
        Archive(archive) => write!(f, "{archive}"),
        Unexpected(array) => write!(f, "{array}"),
        TooSmall { size, value, least } => too_small(f, *size, *value, *least),
    }
}

/// A size read from an array's shape is below `least`: what it is, where it was read, and why it
/// must be larger (a vocabulary holds the special tokens).
fn too_small(f: &mut fmt::Formatter<'_>, size: SizeName, value: usize, least: usize) -> fmt::Result {
    let vocabulary = match size {
        SizeName::DModel | SizeName::DFf => false,
        SizeName::SrcVocab | SizeName::TgtVocab => true,
    };
    let (what, from) = (size_said(size), read_from(size));
    match current() {
        Lang::En => {
            let why = if vocabulary { ": every vocabulary begins with <pad> <unk> <bos> <eos>" } else { "" };
            write!(f, "{what} is {value} (from {from}); it must be at least {least}{why}")
        }
        Lang::Zh => {
            let why = if vocabulary { "：每个词表都以 <pad> <unk> <bos> <eos> 开头" } else { "" };
            write!(f, "{what} 是 {value}（取自 {from}）；至少要 {least}{why}")
        }
    }
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
        match (current(), self.past_layer) {
            (Lang::En, Some(i)) => write!(
                f,
                "unexpected array `{name}`: the file's layers are 0..={last} ({n} of them), numbered from 0 \
                 without gaps, and layer {i} is not one of them; remove its arrays, or give the missing layers"
            ),
            (Lang::Zh, Some(i)) => write!(
                f,
                "多余的数组 `{name}`：文件里的层是 0..={last}（共 {n} 层），从 0 起连续编号，第 {i} 层不在其中；\
                 请删去它的数组，或补齐缺少的层"
            ),
            (Lang::En, None) => write!(
                f,
                "unexpected array `{name}`: a model of {n} layers has no parameter of that name, and it is not \
                 a `config.*` size or a vocabulary; a weights file holds only those (and what `export` writes)"
            ),
            (Lang::Zh, None) => write!(
                f,
                "多余的数组 `{name}`：{n} 层的模型没有这个名字的参数，它也不是 `config.*` 尺寸或词表；\
                 权重文件里只能有这些（以及 `export` 写出的内容）"
            ),
        }
    }
}

//! Weights in and tensors out as `.npz`, under PyTorch's parameter names (nn.Linear: weight is
//! (out, in)), so numpy or PyTorch can check every number the engine computes.

use super::config::Config;
use super::npz_layout::{Known, Member, expected_parameters, layer_count};
use super::program::shape_text;
use super::vocab::{PAD_ID, SPECIALS, Vocab, Vocabs};
use super::weights::Weights;
use crate::lang::pick;
use ndarray::ArrayD;
use ndarray_npy::{NpzReader, NpzWriter};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// Everything wrong with a weights file, said so the user can fix it.
#[derive(Debug)]
pub struct WeightsError(pub String);

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// Every parameter under its PyTorch-style name, in the fixed order of `visit`.
    pub fn to_named(&self) -> Vec<(String, ArrayD<f32>)> {
        let mut out = Vec::new();
        self.visit(|name, a| out.push((name.to_string(), a.to_owned())));
        out
    }

    /// The integer scalars saved beside the weights.
    pub fn config_scalars(&self) -> Vec<(&'static str, i64)> {
        vec![
            ("config.n_heads", self.config.n_heads as i64),
            ("config.pad_idx", self.config.pad_idx as i64),
            ("config.max_len", self.config.max_len as i64),
        ]
    }

    /// Write the weights, config scalars and vocabularies to an `.npz` file, whole or not at all
    /// (`atomic_file`: a temporary file beside it, renamed over `path` once complete).
    pub fn save_npz(&self, path: &Path) -> Result<(), WeightsError> {
        let shown = path.display();
        let fail = |e: &dyn std::fmt::Display| {
            WeightsError(pick(format!("cannot write {shown}: {e}"), format!("无法写入 {shown}：{e}")))
        };
        // built in memory, then written: a write error is one message, never the zip writer's
        // complaint when it is dropped unfinished
        let mut npz = NpzWriter::new_compressed(std::io::Cursor::new(Vec::new()));
        write_weights(&mut npz, self).map_err(|e| fail(&e))?;
        let bytes = npz.finish().map_err(|e| fail(&e))?.into_inner();
        crate::atomic_file::write_bytes(path, &bytes).map_err(|e| fail(&e))
    }

    /// Read weights from an `.npz` of PyTorch-named arrays. Sizes come from the arrays' shapes;
    /// a missing or misshaped array is an error naming it and the shape it should have.
    pub fn load_npz(path: &Path) -> Result<Weights, WeightsError> {
        let what = pick("weights file", "权重文件");
        let bytes =
            crate::user_file::read(path, crate::user_file::WEIGHTS_LIMIT, what).map_err(|e| WeightsError(e.message))?;
        Weights::load_npz_bytes(&bytes, &crate::text::escape_controls(&path.display().to_string(), false))
    }

    /// The same from bytes in memory (the built-in weights); `label` names them in errors.
    pub fn load_npz_bytes(bytes: &[u8], label: &str) -> Result<Weights, WeightsError> {
        super::npz_guard::check_declared_sizes(bytes).map_err(|e| WeightsError(format!("{label}: {e}")))?;
        Weights::read_npz(std::io::Cursor::new(bytes), label)
    }

    fn read_npz<R: std::io::Read + std::io::Seek>(reader: R, label: &str) -> Result<Weights, WeightsError> {
        let at = |message: String| WeightsError(format!("{label}: {message}"));
        let mut npz = NpzReader::new(reader).map_err(|e| {
            WeightsError(pick(
                format!("{label} is not a readable .npz file: {e}"),
                format!("{label} 不是可读的 .npz 文件：{e}"),
            ))
        })?;
        let names =
            npz.names().map_err(|e| at(pick(format!("cannot list arrays: {e}"), format!("无法列出数组：{e}"))))?;
        let keys: Vec<(String, String)> =
            names.into_iter().map(|name| (name.strip_suffix(".npy").unwrap_or(&name).to_string(), name)).collect();
        // every array's name is judged before any array is read
        let known = Known::new(layer_count(keys.iter().map(|(key, _)| key.as_str())));
        let members: Vec<(Member, &str, &str)> =
            keys.iter().map(|(key, name)| (known.classify(key), key.as_str(), name.as_str())).collect();
        if let Some((Member::Unexpected(why), _, _)) =
            members.iter().find(|(m, _, _)| matches!(m, Member::Unexpected(_)))
        {
            return Err(at(why.clone()));
        }
        let mut arrays = BTreeMap::new();
        let mut scalars = BTreeMap::new();
        let mut vocabs = BTreeMap::new();
        for (member, key, name) in members {
            let shown = crate::text::escape_controls(key, false);
            match member {
                Member::Scalar => {
                    let value = read_int_scalar(&mut npz, name).map_err(|e| {
                        at(pick(
                            format!("`{shown}` must be an integer scalar: {e}"),
                            format!("`{shown}` 必须是整数标量：{e}"),
                        ))
                    })?;
                    scalars.insert(key.to_string(), value);
                }
                Member::Vocab => {
                    let bytes: ndarray::Array1<u8> = npz.by_name(name).map_err(|e| {
                        at(pick(
                            format!("`{shown}` must be a uint8 array: {e}"),
                            format!("`{shown}` 必须是 uint8 数组：{e}"),
                        ))
                    })?;
                    let vocab = Vocab::from_bytes(bytes.as_slice().unwrap_or(&[]))
                        .map_err(|e| at(format!("`{shown}`: {e}")))?;
                    vocabs.insert(key.to_string(), vocab);
                }
                Member::Parameter => {
                    let array: ArrayD<f32> = npz.by_name(name).map_err(|e| {
                        at(pick(
                            format!("`{shown}` could not be read as float32: {e}"),
                            format!("`{shown}` 无法按 float32 读取：{e}"),
                        ))
                    })?;
                    arrays.insert(key.to_string(), array);
                }
                // what `export` writes beside the weights: the run's tensors and ids, not read
                Member::Exported | Member::Unexpected(_) => {}
            }
        }
        let weights = Weights::from_named(&arrays, &scalars).map_err(|e| at(e.0))?;
        attach_vocabs(weights, vocabs.remove("vocab.src"), vocabs.remove("vocab.tgt")).map_err(|e| at(e.0))
    }

    /// Build weights from PyTorch-named arrays and the `config.*` scalars: every parameter the
    /// sizes call for, with its exact shape and finite numbers, and nothing else; every size at
    /// least 1. All of it is checked before the model is allocated.
    pub fn from_named(
        arrays: &BTreeMap<String, ArrayD<f32>>,
        scalars: &BTreeMap<String, i64>,
    ) -> Result<Weights, WeightsError> {
        let config = config_of(arrays, scalars)?;
        let expected = expected_parameters(&config);
        for (name, want) in &expected {
            let got = arrays.get(name).ok_or_else(|| missing(name, &shape_text(want)))?;
            if got.shape() != want.as_slice() {
                return Err(misshaped(name, &shape_text(want), got.shape()));
            }
            if let Some((at, v)) = got.indexed_iter().find(|(_, v)| !v.is_finite()) {
                let at = ndarray::Dimension::slice(&at).to_vec();
                return Err(WeightsError(pick(
                    format!("array `{name}` holds {v} at index {at:?}; weights must be finite numbers"),
                    format!("数组 `{name}` 在下标 {at:?} 处是 {v}；权重必须是有限的数"),
                )));
            }
        }
        let wanted: std::collections::HashSet<&str> = expected.iter().map(|(n, _)| n.as_str()).collect();
        if let Some(extra) = arrays.keys().find(|k| !wanted.contains(k.as_str())) {
            return Err(WeightsError(Known::new(config.n_layers).unexpected_message(extra)));
        }
        // every array is there with its shape: the model is as large as what the file holds
        let mut weights = Weights::zeros(&config);
        weights.visit_mut(|name, mut slot| slot.assign(&arrays[name]));
        Ok(weights)
    }
}

/// The sizes, from the `config.*` scalars and the shapes of the arrays that carry them, each
/// checked: a weight given as a scalar, a size of 0, a head count that does not divide d_model.
fn config_of(arrays: &BTreeMap<String, ArrayD<f32>>, scalars: &BTreeMap<String, i64>) -> Result<Config, WeightsError> {
    let scalar = |name: &str| -> Result<usize, WeightsError> {
        let missing =
            || WeightsError(pick(format!("missing integer scalar `{name}`"), format!("缺少整数标量 `{name}`")));
        let v = *scalars.get(name).ok_or_else(missing)?;
        usize::try_from(v).map_err(|_| {
            WeightsError(pick(
                format!("`{name}` is {v}; it must be non-negative"),
                format!("`{name}` 是 {v}；它不能是负数"),
            ))
        })
    };
    let n_heads = scalar("config.n_heads")?;
    let pad_idx = scalar("config.pad_idx")?;
    let max_len = scalar("config.max_len")?;
    // (rows, columns) of a matrix that must be there
    let matrix = |name: &str, expected: &str| -> Result<(usize, usize), WeightsError> {
        let a = arrays.get(name).ok_or_else(|| missing(name, expected))?;
        match a.shape() {
            &[rows, cols] => Ok((rows, cols)),
            other => Err(misshaped(name, expected, other)),
        }
    };
    let (src_vocab, d_model) = matrix("src_embed.weight", "(src_vocab, d_model)")?;
    let (tgt_vocab, _) = matrix("tgt_embed.weight", "(tgt_vocab, d_model)")?;
    let (d_ff, _) = matrix("encoder.layers.0.ffn.linear1.weight", "(d_ff, d_model)")?;
    let n_layers = layer_count(arrays.keys().map(String::as_str));
    check_sizes(d_model, d_ff, src_vocab, tgt_vocab)?;
    if n_heads == 0 || d_model % n_heads != 0 {
        return Err(WeightsError(pick(
            format!("config.n_heads is {n_heads}, which does not divide d_model {d_model}"),
            format!("config.n_heads 是 {n_heads}，不能整除 d_model {d_model}"),
        )));
    }
    if !(2..=MAX_LEN_LIMIT).contains(&max_len) {
        return Err(WeightsError(pick(
            format!(
                "config.max_len is {max_len}; it must be from 2 (a target holds <bos> and <eos>) to {MAX_LEN_LIMIT}"
            ),
            format!("config.max_len 是 {max_len}；它必须在 2（目标句至少有 <bos> 和 <eos>）到 {MAX_LEN_LIMIT} 之间"),
        )));
    }
    if pad_idx != PAD_ID {
        return Err(WeightsError(pick(
            format!(
                "config.pad_idx is {pad_idx}, but <pad> is token {PAD_ID} of both vocabularies (sentences are padded \
                 with id {PAD_ID}); it must be {PAD_ID}"
            ),
            format!(
                "config.pad_idx 是 {pad_idx}，但 <pad> 在两个词表里都是第 {PAD_ID} 号词元（句子用 id {PAD_ID} 填充）；它必须是 {PAD_ID}"
            ),
        )));
    }
    Ok(Config { d_model, n_heads, d_ff, n_layers, src_vocab, tgt_vocab, max_len, pad_idx })
}

/// Sizes read from the arrays' shapes: none 0, and each vocabulary holding the special tokens.
fn check_sizes(d_model: usize, d_ff: usize, src_vocab: usize, tgt_vocab: usize) -> Result<(), WeightsError> {
    // (English, Chinese) of what is too small, where it was read, and why it must be larger
    type Said<'a> = (&'a str, &'a str);
    let too_small = |what: Said, from: Said, value: usize, least: usize, why: Said| {
        WeightsError(pick(
            format!("{} is {value} (from {}); it must be at least {least}{}", what.0, from.0, why.0),
            format!("{} 是 {value}（取自 {}）；至少要 {least}{}", what.1, from.1, why.1),
        ))
    };
    let (none, columns) = (("", ""), |a: &'static str| (a, a));
    if d_model == 0 {
        return Err(too_small(
            columns("d_model"),
            ("the columns of `src_embed.weight`", "`src_embed.weight` 的列数"),
            0,
            1,
            none,
        ));
    }
    if d_ff == 0 {
        let from =
            ("the rows of `encoder.layers.0.ffn.linear1.weight`", "`encoder.layers.0.ffn.linear1.weight` 的行数");
        return Err(too_small(columns("d_ff"), from, 0, 1, none));
    }
    let specials =
        (": every vocabulary begins with <pad> <unk> <bos> <eos>", "：每个词表都以 <pad> <unk> <bos> <eos> 开头");
    if src_vocab < SPECIALS.len() {
        let (what, from) =
            (("the source vocabulary", "源语言词表"), ("the rows of `src_embed.weight`", "`src_embed.weight` 的行数"));
        return Err(too_small(what, from, src_vocab, 4, specials));
    }
    if tgt_vocab < SPECIALS.len() {
        let (what, from) = (
            ("the target vocabulary", "目标语言词表"),
            ("the rows of `tgt_embed.weight`", "`tgt_embed.weight` 的行数"),
        );
        return Err(too_small(what, from, tgt_vocab, 4, specials));
    }
    Ok(())
}

/// The longest sentence a weights file may ask for: decoding runs up to max_len steps, each over
/// the whole target so far.
pub const MAX_LEN_LIMIT: usize = 1024;

/// Put the file's vocabularies on the weights, checking one token per embedding row. A file
/// without them (from PyTorch, say) keeps numbered placeholders `#4`, `#5`, ...
fn attach_vocabs(weights: Weights, src: Option<Vocab>, tgt: Option<Vocab>) -> Result<Weights, WeightsError> {
    let cfg = &weights.config;
    let src = src.unwrap_or_else(|| weights.vocabs.src.clone());
    let tgt = tgt.unwrap_or_else(|| weights.vocabs.tgt.clone());
    for (name, vocab, rows) in [("vocab.src", &src, cfg.src_vocab), ("vocab.tgt", &tgt, cfg.tgt_vocab)] {
        if vocab.len() != rows {
            let n = vocab.len();
            return Err(WeightsError(pick(
                format!("`{name}` has {n} tokens but the embedding has {rows} rows; they must match"),
                format!("`{name}` 有 {n} 个词元，而嵌入表有 {rows} 行；两者必须相等"),
            )));
        }
    }
    Ok(weights.with_vocabs(Arc::new(Vocabs { src, tgt })))
}

fn missing(name: &str, expected: &str) -> WeightsError {
    WeightsError(pick(
        format!("missing array `{name}`, expected shape {expected}"),
        format!("缺少数组 `{name}`，应有的形状是 {expected}"),
    ))
}

fn misshaped(name: &str, expected: &str, got: &[usize]) -> WeightsError {
    let got = shape_text(got);
    WeightsError(pick(
        format!("array `{name}` has shape {got}, expected {expected}"),
        format!("数组 `{name}` 的形状是 {got}，应为 {expected}"),
    ))
}

fn read_int_scalar<R: std::io::Read + std::io::Seek>(
    npz: &mut NpzReader<R>,
    name: &str,
) -> Result<i64, ndarray_npy::ReadNpzError> {
    if let Ok(a) = npz.by_name::<ndarray::OwnedRepr<i64>, ndarray::IxDyn>(name) {
        return one_value(a.iter().copied(), a.shape());
    }
    let a: ArrayD<i32> = npz.by_name(name)?;
    one_value(a.iter().map(|&v| v as i64), a.shape())
}

/// The value of a scalar: shape (), nothing else (an array of sizes is not a size).
fn one_value(mut values: impl Iterator<Item = i64>, shape: &[usize]) -> Result<i64, ndarray_npy::ReadNpzError> {
    match (shape.len(), values.next()) {
        (0, Some(v)) => Ok(v),
        _ => Err(ndarray_npy::ReadNpzError::Npy(ndarray_npy::ReadNpyError::WrongNdim(Some(0), shape.len()))),
    }
}

/// Write every weight (float32) and the config scalars (int64, shape ()) into an open npz.
pub fn write_weights<W: std::io::Write + std::io::Seek>(
    npz: &mut NpzWriter<W>,
    weights: &Weights,
) -> Result<(), ndarray_npy::WriteNpzError> {
    for (name, array) in weights.to_named() {
        npz.add_array(name, &array)?;
    }
    for (name, value) in weights.config_scalars() {
        npz.add_array(name, &ndarray::arr0(value))?;
    }
    npz.add_array("vocab.src", &ndarray::Array1::from(weights.vocabs.src.to_bytes()))?;
    npz.add_array("vocab.tgt", &ndarray::Array1::from(weights.vocabs.tgt.to_bytes()))?;
    Ok(())
}

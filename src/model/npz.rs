//! Weights in and tensors out as `.npz`, under PyTorch's parameter names (nn.Linear: weight is
//! (out, in)), so numpy or PyTorch can check every number the engine computes.

use super::config::Config;
use super::program::shape_text;
use super::vocab::{Vocab, Vocabs};
use super::weights::Weights;
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
        let fail = |e: &dyn std::fmt::Display| WeightsError(format!("cannot write {}: {e}", path.display()));
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
        let bytes = std::fs::read(path)
            .map_err(|e| WeightsError(format!("cannot open weights file {}: {e}", path.display())))?;
        Weights::load_npz_bytes(&bytes, &path.display().to_string())
    }

    /// The same from bytes in memory (the built-in weights); `label` names them in errors.
    pub fn load_npz_bytes(bytes: &[u8], label: &str) -> Result<Weights, WeightsError> {
        super::npz_guard::check_declared_sizes(bytes).map_err(|e| WeightsError(format!("{label}: {e}")))?;
        Weights::read_npz(std::io::Cursor::new(bytes), label)
    }

    fn read_npz<R: std::io::Read + std::io::Seek>(reader: R, label: &str) -> Result<Weights, WeightsError> {
        struct Label<'a>(&'a str);
        impl Label<'_> {
            fn display(&self) -> &str {
                self.0
            }
        }
        let path = Label(label);
        let mut npz = NpzReader::new(reader)
            .map_err(|e| WeightsError(format!("{} is not a readable .npz file: {e}", path.display())))?;
        let names = npz.names().map_err(|e| WeightsError(format!("{}: cannot list arrays: {e}", path.display())))?;
        let mut arrays = BTreeMap::new();
        let mut scalars = BTreeMap::new();
        let mut vocabs = BTreeMap::new();
        for name in names {
            let key = name.strip_suffix(".npy").unwrap_or(&name).to_string();
            if key.starts_with("config.") {
                let value = read_int_scalar(&mut npz, &name)
                    .map_err(|e| WeightsError(format!("{}: `{key}` must be an integer scalar: {e}", path.display())))?;
                scalars.insert(key, value);
            } else if key == "vocab.src" || key == "vocab.tgt" {
                let bytes: ndarray::Array1<u8> = npz
                    .by_name(&name)
                    .map_err(|e| WeightsError(format!("{}: `{key}` must be a uint8 array: {e}", path.display())))?;
                let vocab = Vocab::from_bytes(bytes.as_slice().unwrap_or(&[]))
                    .map_err(|e| WeightsError(format!("{}: `{key}`: {e}", path.display())))?;
                vocabs.insert(key, vocab);
            } else if key.ends_with(".weight") || key.ends_with(".bias") {
                // parameters only: an `export` file also holds the run's tensors and int64 ids
                let array: ArrayD<f32> = npz.by_name(&name).map_err(|e| {
                    WeightsError(format!("{}: `{key}` could not be read as float32: {e}", path.display()))
                })?;
                arrays.insert(key, array);
            }
        }
        let weights =
            Weights::from_named(&arrays, &scalars).map_err(|e| WeightsError(format!("{}: {}", path.display(), e.0)))?;
        attach_vocabs(weights, vocabs.remove("vocab.src"), vocabs.remove("vocab.tgt"))
            .map_err(|e| WeightsError(format!("{}: {}", path.display(), e.0)))
    }

    /// Build weights from PyTorch-named arrays and the `config.*` scalars.
    pub fn from_named(
        arrays: &BTreeMap<String, ArrayD<f32>>,
        scalars: &BTreeMap<String, i64>,
    ) -> Result<Weights, WeightsError> {
        let scalar = |name: &str| -> Result<usize, WeightsError> {
            let v = *scalars.get(name).ok_or_else(|| WeightsError(format!("missing integer scalar `{name}`")))?;
            usize::try_from(v).map_err(|_| WeightsError(format!("`{name}` is {v}; it must be non-negative")))
        };
        let n_heads = scalar("config.n_heads")?;
        let pad_idx = scalar("config.pad_idx")?;
        let max_len = scalar("config.max_len")?;
        let src = arrays.get("src_embed.weight").ok_or_else(|| missing("src_embed.weight", "(src_vocab, d_model)"))?;
        if src.ndim() != 2 {
            return Err(misshaped("src_embed.weight", "(src_vocab, d_model)", src.shape()));
        }
        let (src_vocab, d_model) = (src.shape()[0], src.shape()[1]);
        let tgt = arrays.get("tgt_embed.weight").ok_or_else(|| missing("tgt_embed.weight", "(tgt_vocab, d_model)"))?;
        let tgt_vocab = tgt.shape().first().copied().unwrap_or(0);
        let d_ff = arrays
            .get("encoder.layers.0.ffn.linear1.weight")
            .map(|a| a.shape()[0])
            .ok_or_else(|| missing("encoder.layers.0.ffn.linear1.weight", "(d_ff, d_model)"))?;
        let n_layers = (0..).take_while(|i| arrays.contains_key(&format!("encoder.layers.{i}.norm1.weight"))).count();
        if n_heads == 0 || d_model % n_heads != 0 {
            return Err(WeightsError(format!("config.n_heads is {n_heads}, which does not divide d_model {d_model}")));
        }
        if pad_idx >= src_vocab.min(tgt_vocab) {
            return Err(WeightsError(format!("config.pad_idx {pad_idx} is outside the vocabulary")));
        }
        let config = Config { d_model, n_heads, d_ff, n_layers, src_vocab, tgt_vocab, max_len, pad_idx };
        let mut weights = Weights::zeros(&config);
        let mut error = None;
        weights.visit_mut(|name, mut slot| {
            if error.is_some() {
                return;
            }
            let want = shape_text(slot.shape());
            match arrays.get(name) {
                None => error = Some(missing(name, &want)),
                Some(a) if a.shape() != slot.shape() => error = Some(misshaped(name, &want, a.shape())),
                Some(a) => match a.indexed_iter().find(|(_, v)| !v.is_finite()) {
                    Some((at, v)) => {
                        error = Some(WeightsError(format!(
                            "array `{name}` holds {v} at index {:?}; weights must be finite numbers",
                            ndarray::Dimension::slice(&at)
                        )))
                    }
                    None => slot.assign(a),
                },
            }
        });
        match error {
            Some(e) => Err(e),
            None => Ok(weights),
        }
    }
}

/// Put the file's vocabularies on the weights, checking one token per embedding row. A file
/// without them (from PyTorch, say) keeps numbered placeholders `#4`, `#5`, ...
fn attach_vocabs(weights: Weights, src: Option<Vocab>, tgt: Option<Vocab>) -> Result<Weights, WeightsError> {
    let cfg = &weights.config;
    let src = src.unwrap_or_else(|| weights.vocabs.src.clone());
    let tgt = tgt.unwrap_or_else(|| weights.vocabs.tgt.clone());
    for (name, vocab, rows) in [("vocab.src", &src, cfg.src_vocab), ("vocab.tgt", &tgt, cfg.tgt_vocab)] {
        if vocab.len() != rows {
            return Err(WeightsError(format!(
                "`{name}` has {} tokens but the embedding has {rows} rows; they must match",
                vocab.len()
            )));
        }
    }
    Ok(weights.with_vocabs(Arc::new(Vocabs { src, tgt })))
}

fn missing(name: &str, expected: &str) -> WeightsError {
    WeightsError(format!("missing array `{name}`, expected shape {expected}"))
}

fn misshaped(name: &str, expected: &str, got: &[usize]) -> WeightsError {
    WeightsError(format!("array `{name}` has shape {}, expected {expected}", shape_text(got)))
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

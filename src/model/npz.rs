//! Weights in and tensors out as `.npz`, under PyTorch's parameter names (nn.Linear: weight is
//! (out, in)), so numpy or PyTorch can check every number the engine computes. What is wrong
//! with a file is a key (`npz_error`), which `strings` says.

use super::config::{Config, Conventions};
use super::npz_layout::{
    Known, MAX_LEN, Member, N_HEADS, NPY, PAD_IDX, VOCAB_SRC, VOCAB_TGT, expected_parameters, layer_count,
};
use super::vocab::{PAD_ID, SPECIALS, Vocab, Vocabs};
use super::weights::Weights;
use ndarray::ArrayD;
use ndarray_npy::{NpzReader, NpzWriter};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

pub use super::npz_error::{Expected, SizeName, WeightsError, WeightsFault};

/// The parameters whose shapes give the sizes, by name.
const SRC_EMBED: &str = "src_embed.weight";
const TGT_EMBED: &str = "tgt_embed.weight";
const FIRST_LINEAR1: &str = "encoder.layers.0.ffn.linear1.weight";

impl Weights {
    /// Every parameter under its PyTorch-style name, in the fixed order of `visit`.
    pub fn to_named(&self) -> Vec<(String, ArrayD<f32>)> {
        let mut out = Vec::new();
        self.visit(|name, a| out.push((name.to_string(), a.to_owned())));
        out
    }

    /// The integer scalars saved beside the weights.
    /// How many arrays `write_weights` writes for these weights.
    pub fn npz_members(&self) -> usize {
        let mut n = 0;
        self.visit(|_, _| n += 1);
        n + self.config_scalars().len() + 2
    }

    pub fn config_scalars(&self) -> Vec<(&'static str, i64)> {
        vec![
            (N_HEADS, self.config.n_heads as i64),
            (PAD_IDX, self.config.pad_idx as i64),
            (MAX_LEN, self.config.max_len as i64),
        ]
    }

    /// Write the weights, config scalars and vocabularies to an `.npz` file, whole or not at all
    /// (`atomic_file`: a temporary file beside it, renamed over `path` once complete).
    pub fn save_npz(&self, path: &Path) -> Result<(), WeightsError> {
        let fail = |reason| WeightsError::CannotWrite { path: path.display().to_string(), reason };
        let npz_fail = |e: ndarray_npy::WriteNpzError| fail(std::io::Error::other(e.to_string()));
        // built in memory, then written: a write error is one message, never the zip writer's
        // complaint when it is dropped unfinished
        let mut npz = NpzWriter::new_compressed(std::io::Cursor::new(Vec::new()));
        write_weights(&mut npz, self).map_err(npz_fail)?;
        let bytes = npz.finish().map_err(npz_fail)?.into_inner();
        crate::atomic_file::write_bytes(path, &bytes).map_err(fail)
    }

    /// Read weights from an `.npz` of PyTorch-named arrays. Sizes come from the arrays' shapes;
    /// a missing or misshaped array is an error naming it and the shape it should have.
    pub fn load_npz(path: &Path) -> Result<Weights, WeightsError> {
        let shown = crate::text::escape_controls(&path.display().to_string(), false);
        let bytes = crate::user_file::read_file(path, crate::user_file::WEIGHTS_LIMIT)
            .map_err(|reason| WeightsError::Unread { path: shown.clone(), reason })?;
        Weights::load_npz_bytes(&bytes, &shown)
    }

    /// The same from bytes in memory (the built-in weights); `label` names them in errors.
    pub fn load_npz_bytes(bytes: &[u8], label: &str) -> Result<Weights, WeightsError> {
        let at = |fault| WeightsError::Content { label: label.to_string(), fault };
        super::npz_guard::check_declared_sizes(bytes).map_err(|e| at(WeightsFault::Archive(e)))?;
        let npz = NpzReader::new(std::io::Cursor::new(bytes))
            .map_err(|e| WeightsError::NotNpz { label: label.to_string(), reason: e.to_string() })?;
        read_npz(npz).map_err(at)
    }
}

/// The weights in an open `.npz`: every array's name judged before any array is read.
fn read_npz<R: std::io::Read + std::io::Seek>(mut npz: NpzReader<R>) -> Result<Weights, WeightsFault> {
    let names = npz.names().map_err(|e| WeightsFault::CannotList(e.to_string()))?;
    let keys: Vec<(String, String)> =
        names.into_iter().map(|name| (name.strip_suffix(NPY).unwrap_or(&name).to_string(), name)).collect();
    let known = Known::new(layer_count(keys.iter().map(|(key, _)| key.as_str())));
    let members: Vec<(Member, &str, &str)> =
        keys.iter().map(|(key, name)| (known.classify(key), key.as_str(), name.as_str())).collect();
    if let Some((Member::Unexpected(why), _, _)) = members.iter().find(|(m, _, _)| matches!(m, Member::Unexpected(_))) {
        return Err(WeightsFault::Unexpected(why.clone()));
    }
    let mut arrays = BTreeMap::new();
    let mut scalars = BTreeMap::new();
    let mut vocabs = BTreeMap::new();
    for (member, key, name) in members {
        let shown = || crate::text::escape_controls(key, false);
        match member {
            Member::Scalar => {
                let value = read_int_scalar(&mut npz, name)
                    .map_err(|e| WeightsFault::NotIntegerScalar { name: shown(), reason: e.to_string() })?;
                scalars.insert(key.to_string(), value);
            }
            Member::Vocab => {
                let bytes: ndarray::Array1<u8> =
                    npz.by_name(name).map_err(|e| WeightsFault::NotBytes { name: shown(), reason: e.to_string() })?;
                let vocab = Vocab::from_bytes(bytes.as_slice().unwrap_or(&[]))
                    .map_err(|fault| WeightsFault::BadVocab { name: shown(), fault })?;
                vocabs.insert(key.to_string(), vocab);
            }
            Member::Parameter => {
                let array: ArrayD<f32> =
                    npz.by_name(name).map_err(|e| WeightsFault::NotFloat { name: shown(), reason: e.to_string() })?;
                arrays.insert(key.to_string(), array);
            }
            // what `export` writes beside the weights: the run's tensors and ids, not read
            Member::Exported | Member::Unexpected(_) => {}
        }
    }
    let weights = Weights::from_named(&arrays, &scalars)?;
    attach_vocabs(weights, vocabs.remove(VOCAB_SRC), vocabs.remove(VOCAB_TGT))
}

impl Weights {
    /// Build weights from PyTorch-named arrays and the `config.*` scalars: every parameter the
    /// sizes call for, with its exact shape and finite numbers, and nothing else; every size at
    /// least 1. All of it is checked before the model is allocated.
    pub fn from_named(
        arrays: &BTreeMap<String, ArrayD<f32>>,
        scalars: &BTreeMap<String, i64>,
    ) -> Result<Weights, WeightsFault> {
        let config = config_of(arrays, scalars)?;
        let expected = expected_parameters(&config);
        for (name, want) in &expected {
            let sizes = || Expected::Sizes(want.clone());
            let got =
                arrays.get(name).ok_or_else(|| WeightsFault::MissingArray { name: name.clone(), expected: sizes() })?;
            if got.shape() != want.as_slice() {
                return Err(WeightsFault::Misshaped {
                    name: name.clone(),
                    expected: sizes(),
                    got: got.shape().to_vec(),
                });
            }
            if let Some((at, &value)) = got.indexed_iter().find(|(_, v)| !v.is_finite()) {
                let at = ndarray::Dimension::slice(&at).to_vec();
                return Err(WeightsFault::NotFinite { name: name.clone(), value, at });
            }
        }
        let wanted: std::collections::HashSet<&str> = expected.iter().map(|(n, _)| n.as_str()).collect();
        if let Some(extra) = arrays.keys().find(|k| !wanted.contains(k.as_str())) {
            return Err(WeightsFault::Unexpected(Known::new(config.n_layers).unexpected(extra)));
        }
        // every array is there with its shape: the model is as large as what the file holds
        let mut weights = Weights::zeros(&config);
        weights.visit_mut(|name, mut slot| slot.assign(&arrays[name]));
        Ok(weights)
    }
}

/// The sizes, from the `config.*` scalars and the shapes of the arrays that carry them, each
/// checked: a weight given as a scalar, a size of 0, a head count that does not divide d_model.
fn config_of(arrays: &BTreeMap<String, ArrayD<f32>>, scalars: &BTreeMap<String, i64>) -> Result<Config, WeightsFault> {
    let scalar = |name: &str| -> Result<usize, WeightsFault> {
        let v = *scalars.get(name).ok_or_else(|| WeightsFault::MissingScalar { name: name.to_string() })?;
        usize::try_from(v).map_err(|_| WeightsFault::NegativeScalar { name: name.to_string(), value: v })
    };
    let n_heads = scalar(N_HEADS)?;
    let pad_idx = scalar(PAD_IDX)?;
    let max_len = scalar(MAX_LEN)?;
    // (rows, columns) of a matrix that must be there, whose dimensions are these sizes
    let matrix = |name: &str, rows: SizeName, cols: SizeName| -> Result<(usize, usize), WeightsFault> {
        let (name, expected) = (name.to_string(), Expected::Named(rows, cols));
        let a = arrays
            .get(&name)
            .ok_or_else(|| WeightsFault::MissingArray { name: name.clone(), expected: expected.clone() })?;
        match a.shape() {
            &[rows, cols] => Ok((rows, cols)),
            other => Err(WeightsFault::Misshaped { name, expected, got: other.to_vec() }),
        }
    };
    let (src_vocab, d_model) = matrix(SRC_EMBED, SizeName::SrcVocab, SizeName::DModel)?;
    let (tgt_vocab, _) = matrix(TGT_EMBED, SizeName::TgtVocab, SizeName::DModel)?;
    let (d_ff, _) = matrix(FIRST_LINEAR1, SizeName::DFf, SizeName::DModel)?;
    let n_layers = layer_count(arrays.keys().map(String::as_str));
    check_sizes(d_model, d_ff, src_vocab, tgt_vocab)?;
    if n_heads == 0 || d_model % n_heads != 0 {
        return Err(WeightsFault::HeadsDoNotDivide { n_heads, d_model });
    }
    if !(2..=MAX_LEN_LIMIT).contains(&max_len) {
        return Err(WeightsFault::MaxLenOutOfRange { max_len, limit: MAX_LEN_LIMIT });
    }
    if pad_idx != PAD_ID {
        return Err(WeightsFault::PadIdx { pad_idx, pad_id: PAD_ID });
    }
    Ok(Config {
        d_model,
        n_heads,
        d_ff,
        n_layers,
        dec_layers: n_layers,
        src_vocab,
        tgt_vocab,
        max_len,
        pad_idx,
        conventions: Conventions::TUTOR,
    })
}

/// Sizes read from the arrays' shapes: none 0, and each vocabulary holding the special tokens.
fn check_sizes(d_model: usize, d_ff: usize, src_vocab: usize, tgt_vocab: usize) -> Result<(), WeightsFault> {
    let specials = SPECIALS.len();
    for (size, value, least) in [
        (SizeName::DModel, d_model, 1),
        (SizeName::DFf, d_ff, 1),
        (SizeName::SrcVocab, src_vocab, specials),
        (SizeName::TgtVocab, tgt_vocab, specials),
    ] {
        if value < least {
            return Err(WeightsFault::TooSmall { size, value, least });
        }
    }
    Ok(())
}

/// The longest sentence a weights file may ask for: decoding runs up to max_len steps, each over
/// the whole target so far.
pub const MAX_LEN_LIMIT: usize = 1024;

/// Put the file's vocabularies on the weights, checking one token per embedding row. A file
/// without them (from PyTorch, say) keeps numbered placeholders `#4`, `#5`, ...
fn attach_vocabs(weights: Weights, src: Option<Vocab>, tgt: Option<Vocab>) -> Result<Weights, WeightsFault> {
    let cfg = &weights.config;
    let src = src.unwrap_or_else(|| weights.vocabs.src.clone());
    let tgt = tgt.unwrap_or_else(|| weights.vocabs.tgt.clone());
    for (name, vocab, rows) in [(VOCAB_SRC, &src, cfg.src_vocab), (VOCAB_TGT, &tgt, cfg.tgt_vocab)] {
        if vocab.len() != rows {
            return Err(WeightsFault::VocabRows { name: name.to_string(), tokens: vocab.len(), rows });
        }
    }
    Ok(weights.with_vocabs(Arc::new(Vocabs { src, tgt })))
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
    npz.add_array(VOCAB_SRC, &ndarray::Array1::from(weights.vocabs.src.to_bytes()))?;
    npz.add_array(VOCAB_TGT, &ndarray::Array1::from(weights.vocabs.tgt.to_bytes()))?;
    Ok(())
}

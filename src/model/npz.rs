//! Weights in and tensors out as `.npz`, under PyTorch's parameter names (nn.Linear: weight is
//! (out, in)), so numpy or PyTorch can check every number the engine computes.

use super::config::Config;
use super::weights::{Attention, DecoderLayer, EncoderLayer, FeedForward, Linear, Norm, Weights};
use ndarray::{Array1, Array2, ArrayD, Ix1, Ix2};
use ndarray_npy::{NpzReader, NpzWriter};
use std::collections::BTreeMap;
use std::fs::File;
use std::path::Path;

/// Everything wrong with a weights file, said so the user can fix it.
#[derive(Debug)]
pub struct WeightsError(pub String);

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WeightsError {}

fn linear_named(out: &mut Vec<(String, ArrayD<f32>)>, name: &str, l: &Linear) {
    out.push((format!("{name}.weight"), l.weight.clone().into_dyn()));
    out.push((format!("{name}.bias"), l.bias.clone().into_dyn()));
}

fn norm_named(out: &mut Vec<(String, ArrayD<f32>)>, name: &str, n: &Norm) {
    out.push((format!("{name}.weight"), n.gamma.clone().into_dyn()));
    out.push((format!("{name}.bias"), n.beta.clone().into_dyn()));
}

fn attention_named(out: &mut Vec<(String, ArrayD<f32>)>, name: &str, a: &Attention) {
    for (proj, l) in [("w_q", &a.w_q), ("w_k", &a.w_k), ("w_v", &a.w_v), ("w_o", &a.w_o)] {
        linear_named(out, &format!("{name}.{proj}"), l);
    }
}

fn ffn_named(out: &mut Vec<(String, ArrayD<f32>)>, name: &str, f: &FeedForward) {
    linear_named(out, &format!("{name}.linear1"), &f.linear1);
    linear_named(out, &format!("{name}.linear2"), &f.linear2);
}

impl Weights {
    /// Every parameter under its PyTorch-style name, in a fixed order.
    pub fn to_named(&self) -> Vec<(String, ArrayD<f32>)> {
        let mut out = Vec::new();
        out.push(("src_embed.weight".to_string(), self.src_embed.clone().into_dyn()));
        out.push(("tgt_embed.weight".to_string(), self.tgt_embed.clone().into_dyn()));
        for (i, l) in self.encoder.iter().enumerate() {
            let p = format!("encoder.layers.{i}");
            attention_named(&mut out, &format!("{p}.self_attn"), &l.self_attn);
            norm_named(&mut out, &format!("{p}.norm1"), &l.norm1);
            ffn_named(&mut out, &format!("{p}.ffn"), &l.ffn);
            norm_named(&mut out, &format!("{p}.norm2"), &l.norm2);
        }
        for (i, l) in self.decoder.iter().enumerate() {
            let p = format!("decoder.layers.{i}");
            attention_named(&mut out, &format!("{p}.self_attn"), &l.self_attn);
            norm_named(&mut out, &format!("{p}.norm1"), &l.norm1);
            attention_named(&mut out, &format!("{p}.cross_attn"), &l.cross_attn);
            norm_named(&mut out, &format!("{p}.norm2"), &l.norm2);
            ffn_named(&mut out, &format!("{p}.ffn"), &l.ffn);
            norm_named(&mut out, &format!("{p}.norm3"), &l.norm3);
        }
        linear_named(&mut out, "fc_out", &self.fc_out);
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

    /// Write the weights and config scalars to an `.npz` file.
    pub fn save_npz(&self, path: &Path) -> Result<(), WeightsError> {
        let file = File::create(path).map_err(|e| WeightsError(format!("cannot create {}: {e}", path.display())))?;
        let mut npz = NpzWriter::new_compressed(file);
        write_weights(&mut npz, self).map_err(|e| WeightsError(format!("cannot write {}: {e}", path.display())))?;
        npz.finish().map_err(|e| WeightsError(format!("cannot write {}: {e}", path.display())))?;
        Ok(())
    }

    /// Read weights from an `.npz` of PyTorch-named arrays. Sizes come from the arrays' shapes;
    /// a missing or misshaped array is an error naming it and the shape it should have.
    pub fn load_npz(path: &Path) -> Result<Weights, WeightsError> {
        let file =
            File::open(path).map_err(|e| WeightsError(format!("cannot open weights file {}: {e}", path.display())))?;
        let mut npz = NpzReader::new(file)
            .map_err(|e| WeightsError(format!("{} is not a readable .npz file: {e}", path.display())))?;
        let names = npz.names().map_err(|e| WeightsError(format!("{}: cannot list arrays: {e}", path.display())))?;
        let mut arrays = BTreeMap::new();
        let mut scalars = BTreeMap::new();
        for name in names {
            let key = name.strip_suffix(".npy").unwrap_or(&name).to_string();
            if key.starts_with("config.") {
                let value = read_int_scalar(&mut npz, &name)
                    .map_err(|e| WeightsError(format!("{}: `{key}` must be an integer scalar: {e}", path.display())))?;
                scalars.insert(key, value);
            } else if key.ends_with(".weight") || key.ends_with(".bias") {
                // parameters only: an `export` file also holds the run's tensors and int64 ids
                let array: ArrayD<f32> = npz.by_name(&name).map_err(|e| {
                    WeightsError(format!("{}: `{key}` could not be read as float32: {e}", path.display()))
                })?;
                arrays.insert(key, array);
            }
        }
        Weights::from_named(&arrays, &scalars).map_err(|e| WeightsError(format!("{}: {}", path.display(), e.0)))
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
        let mut take = Taker { arrays };
        let d = d_model;
        let attention = |t: &mut Taker, p: &str| -> Result<Attention, WeightsError> {
            Ok(Attention {
                w_q: t.linear(&format!("{p}.w_q"), d, d)?,
                w_k: t.linear(&format!("{p}.w_k"), d, d)?,
                w_v: t.linear(&format!("{p}.w_v"), d, d)?,
                w_o: t.linear(&format!("{p}.w_o"), d, d)?,
            })
        };
        let ffn = |t: &mut Taker, p: &str| -> Result<FeedForward, WeightsError> {
            Ok(FeedForward {
                linear1: t.linear(&format!("{p}.linear1"), d, d_ff)?,
                linear2: t.linear(&format!("{p}.linear2"), d_ff, d)?,
            })
        };
        let src_embed = take.matrix("src_embed.weight", src_vocab, d)?;
        let tgt_embed = take.matrix("tgt_embed.weight", tgt_vocab, d)?;
        let mut encoder = Vec::new();
        for i in 0..n_layers {
            let p = format!("encoder.layers.{i}");
            encoder.push(EncoderLayer {
                self_attn: attention(&mut take, &format!("{p}.self_attn"))?,
                norm1: take.norm(&format!("{p}.norm1"), d)?,
                ffn: ffn(&mut take, &format!("{p}.ffn"))?,
                norm2: take.norm(&format!("{p}.norm2"), d)?,
            });
        }
        let mut decoder = Vec::new();
        for i in 0..n_layers {
            let p = format!("decoder.layers.{i}");
            decoder.push(DecoderLayer {
                self_attn: attention(&mut take, &format!("{p}.self_attn"))?,
                norm1: take.norm(&format!("{p}.norm1"), d)?,
                cross_attn: attention(&mut take, &format!("{p}.cross_attn"))?,
                norm2: take.norm(&format!("{p}.norm2"), d)?,
                ffn: ffn(&mut take, &format!("{p}.ffn"))?,
                norm3: take.norm(&format!("{p}.norm3"), d)?,
            });
        }
        let fc_out = take.linear("fc_out", d, tgt_vocab)?;
        Ok(Weights { config, src_embed, tgt_embed, encoder, decoder, fc_out })
    }
}

fn missing(name: &str, expected: &str) -> WeightsError {
    WeightsError(format!("missing array `{name}`, expected shape {expected}"))
}

fn misshaped(name: &str, expected: &str, got: &[usize]) -> WeightsError {
    WeightsError(format!("array `{name}` has shape {}, expected {expected}", super::program::shape_text(got)))
}

/// Takes named arrays out of the map, checking each shape.
struct Taker<'a> {
    arrays: &'a BTreeMap<String, ArrayD<f32>>,
}

impl Taker<'_> {
    fn get(&self, name: &str, expected: &[usize]) -> Result<ArrayD<f32>, WeightsError> {
        let want = super::program::shape_text(expected);
        let a = self.arrays.get(name).ok_or_else(|| missing(name, &want))?;
        if a.shape() != expected {
            return Err(misshaped(name, &want, a.shape()));
        }
        Ok(a.as_standard_layout().into_owned())
    }

    fn matrix(&mut self, name: &str, rows: usize, cols: usize) -> Result<Array2<f32>, WeightsError> {
        Ok(self.get(name, &[rows, cols])?.into_dimensionality::<Ix2>().expect("checked shape"))
    }

    fn vector(&mut self, name: &str, len: usize) -> Result<Array1<f32>, WeightsError> {
        Ok(self.get(name, &[len])?.into_dimensionality::<Ix1>().expect("checked shape"))
    }

    fn linear(&mut self, name: &str, in_dim: usize, out_dim: usize) -> Result<Linear, WeightsError> {
        Ok(Linear {
            weight: self.matrix(&format!("{name}.weight"), out_dim, in_dim)?,
            bias: self.vector(&format!("{name}.bias"), out_dim)?,
        })
    }

    fn norm(&mut self, name: &str, d: usize) -> Result<Norm, WeightsError> {
        Ok(Norm { gamma: self.vector(&format!("{name}.weight"), d)?, beta: self.vector(&format!("{name}.bias"), d)? })
    }
}

fn read_int_scalar(npz: &mut NpzReader<File>, name: &str) -> Result<i64, ndarray_npy::ReadNpzError> {
    if let Ok(a) = npz.by_name::<ndarray::OwnedRepr<i64>, ndarray::IxDyn>(name)
        && let Some(v) = a.iter().next()
    {
        return Ok(*v);
    }
    let a: ArrayD<i32> = npz.by_name(name)?;
    Ok(a.iter().next().copied().unwrap_or(0) as i64)
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
    Ok(())
}

//! A naive, independent reference of the encoder-decoder forward pass, in f64.
//!
//! Written from the specification (PyTorch's post-LayerNorm Transformer), not from the engine:
//! every tensor is a flat row-major `Vec<f64>` with a shape, and every operation is a plain loop
//! over explicit indices. ndarray is only the container handed in and handed back.

// Index loops are the point: each line reads like the formula it implements.
#![allow(clippy::needless_range_loop)]

use ndarray::{Array2, ArrayD, IxDyn};
use std::collections::BTreeMap;

/// What masked attention scores are replaced with (the code's `masked_fill(mask == 0, -1e9)`).
pub const MASK_FILL: f64 = -1e9;
/// nn.LayerNorm's default epsilon, added to the biased variance.
pub const LN_EPS: f64 = 1e-5;

/// A dense row-major tensor of f64.
#[derive(Debug, Clone)]
struct Tensor {
    shape: Vec<usize>,
    data: Vec<f64>,
}

impl Tensor {
    fn zeros(shape: &[usize]) -> Tensor {
        Tensor { shape: shape.to_vec(), data: vec![0.0; shape.iter().product()] }
    }

    fn offset(&self, index: &[usize]) -> usize {
        assert_eq!(index.len(), self.shape.len(), "reference bug: index {index:?} for shape {:?}", self.shape);
        let mut offset = 0;
        for (&i, &n) in index.iter().zip(&self.shape) {
            assert!(i < n, "reference bug: index {index:?} out of shape {:?}", self.shape);
            offset = offset * n + i;
        }
        offset
    }

    fn at(&self, index: &[usize]) -> f64 {
        self.data[self.offset(index)]
    }

    fn set(&mut self, index: &[usize], value: f64) {
        let o = self.offset(index);
        self.data[o] = value;
    }

    fn dims3(&self) -> (usize, usize, usize) {
        assert_eq!(self.shape.len(), 3, "reference bug: expected a 3-d tensor, got {:?}", self.shape);
        (self.shape[0], self.shape[1], self.shape[2])
    }

    fn dims4(&self) -> (usize, usize, usize, usize) {
        assert_eq!(self.shape.len(), 4, "reference bug: expected a 4-d tensor, got {:?}", self.shape);
        (self.shape[0], self.shape[1], self.shape[2], self.shape[3])
    }

    fn to_array(&self) -> ArrayD<f64> {
        ArrayD::from_shape_vec(IxDyn(&self.shape), self.data.clone()).expect("shape matches data")
    }
}

/// PyTorch-named parameters, read as f64.
struct Params<'a> {
    w: &'a BTreeMap<String, ArrayD<f64>>,
}

impl Params<'_> {
    fn get(&self, name: &str) -> &ArrayD<f64> {
        self.w.get(name).unwrap_or_else(|| panic!("reference: weight `{name}` is missing"))
    }

    /// A 2-d parameter as rows of f64: `m[r][c]`.
    fn matrix(&self, name: &str) -> Vec<Vec<f64>> {
        let a = self.get(name);
        assert_eq!(a.ndim(), 2, "reference: `{name}` should be 2-d, is {:?}", a.shape());
        let (rows, cols) = (a.shape()[0], a.shape()[1]);
        (0..rows).map(|r| (0..cols).map(|c| a[IxDyn(&[r, c])]).collect()).collect()
    }

    fn vector(&self, name: &str) -> Vec<f64> {
        let a = self.get(name);
        assert_eq!(a.ndim(), 1, "reference: `{name}` should be 1-d, is {:?}", a.shape());
        (0..a.shape()[0]).map(|i| a[IxDyn(&[i])]).collect()
    }
}

/// Collects every named tensor as it is computed.
struct Recorder {
    out: BTreeMap<String, ArrayD<f64>>,
}

impl Recorder {
    fn put(&mut self, name: String, t: &Tensor) {
        let previous = self.out.insert(name.clone(), t.to_array());
        assert!(previous.is_none(), "reference bug: `{name}` recorded twice");
    }
}

/// y = x Wᵀ + b over the last axis of a (B, T, in) tensor, W being (out, in).
fn linear(p: &Params, name: &str, x: &Tensor) -> Tensor {
    let w = p.matrix(&format!("{name}.weight"));
    let bias = p.vector(&format!("{name}.bias"));
    let (nb, nt, d_in) = x.dims3();
    let d_out = w.len();
    assert_eq!(bias.len(), d_out, "reference: `{name}.bias` length");
    for row in &w {
        assert_eq!(row.len(), d_in, "reference: `{name}.weight` has the wrong input width");
    }
    let mut y = Tensor::zeros(&[nb, nt, d_out]);
    for b in 0..nb {
        for t in 0..nt {
            for o in 0..d_out {
                let mut s = bias[o];
                for i in 0..d_in {
                    s += x.at(&[b, t, i]) * w[o][i];
                }
                y.set(&[b, t, o], s);
            }
        }
    }
    y
}

fn add(a: &Tensor, b: &Tensor) -> Tensor {
    assert_eq!(a.shape, b.shape, "reference bug: adding different shapes");
    let mut y = Tensor::zeros(&a.shape);
    for i in 0..a.data.len() {
        y.data[i] = a.data[i] + b.data[i];
    }
    y
}

fn relu(x: &Tensor) -> Tensor {
    let mut y = Tensor::zeros(&x.shape);
    for i in 0..x.data.len() {
        y.data[i] = if x.data[i] > 0.0 { x.data[i] } else { 0.0 };
    }
    y
}

/// Softmax over the last axis (rows are contiguous in row-major order).
fn softmax_last(x: &Tensor) -> Tensor {
    let n = *x.shape.last().expect("softmax of a scalar");
    let mut y = Tensor::zeros(&x.shape);
    let rows = x.data.len() / n;
    for r in 0..rows {
        let start = r * n;
        let mut max = f64::NEG_INFINITY;
        for j in 0..n {
            if x.data[start + j] > max {
                max = x.data[start + j];
            }
        }
        let mut total = 0.0;
        for j in 0..n {
            let e = (x.data[start + j] - max).exp();
            y.data[start + j] = e;
            total += e;
        }
        for j in 0..n {
            y.data[start + j] /= total;
        }
    }
    y
}

/// Token embeddings: row `id` of the table for every (b, t).
fn embed(table: &[Vec<f64>], ids: &Array2<usize>, table_name: &str) -> Tensor {
    let (nb, nt) = ids.dim();
    let d = table[0].len();
    let mut y = Tensor::zeros(&[nb, nt, d]);
    for b in 0..nb {
        for t in 0..nt {
            let id = ids[[b, t]];
            assert!(id < table.len(), "reference: id {id} is outside `{table_name}` ({} rows)", table.len());
            for c in 0..d {
                y.set(&[b, t, c], table[id][c]);
            }
        }
    }
    y
}

/// PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(pos / 10000^(2i/d)).
fn positional_encoding(len: usize, d: usize) -> Tensor {
    let mut pe = Tensor::zeros(&[len, d]);
    for pos in 0..len {
        for j in 0..d {
            let two_i = (j - j % 2) as f64;
            let angle = pos as f64 / 10000f64.powf(two_i / d as f64);
            let v = if j % 2 == 0 { angle.sin() } else { angle.cos() };
            pe.set(&[pos, j], v);
        }
    }
    pe
}

/// x[b, t, :] = embed[b, t, :] + pe[t, :].
fn add_positional(embed: &Tensor, pe: &Tensor) -> Tensor {
    let (nb, nt, d) = embed.dims3();
    let mut y = Tensor::zeros(&[nb, nt, d]);
    for b in 0..nb {
        for t in 0..nt {
            for c in 0..d {
                y.set(&[b, t, c], embed.at(&[b, t, c]) + pe.at(&[t, c]));
            }
        }
    }
    y
}

/// (B, 1, 1, T): 1 where the id is not padding.
fn padding_mask(ids: &Array2<usize>, pad: usize) -> Tensor {
    let (nb, nt) = ids.dim();
    let mut m = Tensor::zeros(&[nb, 1, 1, nt]);
    for b in 0..nb {
        for t in 0..nt {
            m.set(&[b, 0, 0, t], if ids[[b, t]] != pad { 1.0 } else { 0.0 });
        }
    }
    m
}

/// The mask value a (B, H, Tq, Tk) position reads, broadcasting size-1 axes.
fn mask_at(mask: &Tensor, b: usize, h: usize, i: usize, j: usize) -> f64 {
    let pick = |axis: usize, index: usize| if mask.shape[axis] == 1 { 0 } else { index };
    mask.at(&[pick(0, b), pick(1, h), pick(2, i), pick(3, j)])
}

/// Multi-head attention; records `{prefix}.q_proj` .. `{prefix}.out` and returns `out`.
#[allow(clippy::too_many_arguments)]
fn attention(
    rec: &mut Recorder,
    p: &Params,
    prefix: &str,
    weights_prefix: &str,
    x_q: &Tensor,
    x_kv: &Tensor,
    mask: &Tensor,
    n_heads: usize,
) -> Tensor {
    let (nb, tq, d) = x_q.dims3();
    let (nb_kv, tk, d_kv) = x_kv.dims3();
    assert_eq!((nb, d), (nb_kv, d_kv), "reference bug: query and key/value inputs disagree");
    assert_eq!(d % n_heads, 0, "reference: d_model {d} is not divisible by {n_heads} heads");
    let dk = d / n_heads;

    let split = |proj: &Tensor, t: usize| -> Tensor {
        let mut s = Tensor::zeros(&[nb, n_heads, t, dk]);
        for b in 0..nb {
            for h in 0..n_heads {
                for ti in 0..t {
                    for j in 0..dk {
                        s.set(&[b, h, ti, j], proj.at(&[b, ti, h * dk + j]));
                    }
                }
            }
        }
        s
    };

    let q_proj = linear(p, &format!("{weights_prefix}.w_q"), x_q);
    rec.put(format!("{prefix}.q_proj"), &q_proj);
    let q = split(&q_proj, tq);
    rec.put(format!("{prefix}.q"), &q);
    let k_proj = linear(p, &format!("{weights_prefix}.w_k"), x_kv);
    rec.put(format!("{prefix}.k_proj"), &k_proj);
    let k = split(&k_proj, tk);
    rec.put(format!("{prefix}.k"), &k);
    let v_proj = linear(p, &format!("{weights_prefix}.w_v"), x_kv);
    rec.put(format!("{prefix}.v_proj"), &v_proj);
    let v = split(&v_proj, tk);
    rec.put(format!("{prefix}.v"), &v);

    let scale = (dk as f64).sqrt();
    let mut scores = Tensor::zeros(&[nb, n_heads, tq, tk]);
    let mut qk = Tensor::zeros(&[nb, n_heads, tq, tk]);
    for b in 0..nb {
        for h in 0..n_heads {
            for i in 0..tq {
                for j in 0..tk {
                    let mut s = 0.0;
                    for c in 0..dk {
                        s += q.at(&[b, h, i, c]) * k.at(&[b, h, j, c]);
                    }
                    qk.set(&[b, h, i, j], s);
                    scores.set(&[b, h, i, j], s / scale);
                }
            }
        }
    }
    rec.put(format!("{prefix}.qk"), &qk);
    rec.put(format!("{prefix}.scores"), &scores);

    let mut masked = Tensor::zeros(&scores.shape);
    for b in 0..nb {
        for h in 0..n_heads {
            for i in 0..tq {
                for j in 0..tk {
                    let v = if mask_at(mask, b, h, i, j) == 0.0 { MASK_FILL } else { scores.at(&[b, h, i, j]) };
                    masked.set(&[b, h, i, j], v);
                }
            }
        }
    }
    rec.put(format!("{prefix}.masked"), &masked);

    let weights = softmax_last(&masked);
    rec.put(format!("{prefix}.weights"), &weights);

    let mut context = Tensor::zeros(&[nb, n_heads, tq, dk]);
    for b in 0..nb {
        for h in 0..n_heads {
            for i in 0..tq {
                for c in 0..dk {
                    let mut s = 0.0;
                    for j in 0..tk {
                        s += weights.at(&[b, h, i, j]) * v.at(&[b, h, j, c]);
                    }
                    context.set(&[b, h, i, c], s);
                }
            }
        }
    }
    rec.put(format!("{prefix}.context"), &context);

    let mut merged = Tensor::zeros(&[nb, tq, d]);
    for b in 0..nb {
        for t in 0..tq {
            for h in 0..n_heads {
                for j in 0..dk {
                    merged.set(&[b, t, h * dk + j], context.at(&[b, h, t, j]));
                }
            }
        }
    }
    rec.put(format!("{prefix}.merged"), &merged);

    let out = linear(p, &format!("{weights_prefix}.w_o"), &merged);
    rec.put(format!("{prefix}.out"), &out);
    out
}

/// Add & Norm: records `{prefix}.sum`, `.hat`, `.out`; returns `out`.
fn add_norm(rec: &mut Recorder, p: &Params, prefix: &str, weights_prefix: &str, x: &Tensor, sub: &Tensor) -> Tensor {
    let sum = add(x, sub);
    rec.put(format!("{prefix}.sum"), &sum);
    let (nb, nt, d) = sum.dims3();
    let mut hat = Tensor::zeros(&sum.shape);
    for b in 0..nb {
        for t in 0..nt {
            let mut mean = 0.0;
            for c in 0..d {
                mean += sum.at(&[b, t, c]);
            }
            mean /= d as f64;
            let mut var = 0.0;
            for c in 0..d {
                let dev = sum.at(&[b, t, c]) - mean;
                var += dev * dev;
            }
            var /= d as f64; // biased, as nn.LayerNorm
            let denom = (var + LN_EPS).sqrt();
            for c in 0..d {
                hat.set(&[b, t, c], (sum.at(&[b, t, c]) - mean) / denom);
            }
        }
    }
    rec.put(format!("{prefix}.hat"), &hat);
    let gamma = p.vector(&format!("{weights_prefix}.weight"));
    let beta = p.vector(&format!("{weights_prefix}.bias"));
    assert_eq!((gamma.len(), beta.len()), (d, d), "reference: `{weights_prefix}` has the wrong width");
    let mut out = Tensor::zeros(&sum.shape);
    for b in 0..nb {
        for t in 0..nt {
            for c in 0..d {
                out.set(&[b, t, c], gamma[c] * hat.at(&[b, t, c]) + beta[c]);
            }
        }
    }
    rec.put(format!("{prefix}.out"), &out);
    out
}

/// Position-wise feed-forward: records `{prefix}.pre`, `.hidden`, `.out`; returns `out`.
fn ffn(rec: &mut Recorder, p: &Params, prefix: &str, weights_prefix: &str, x: &Tensor) -> Tensor {
    let pre = linear(p, &format!("{weights_prefix}.linear1"), x);
    rec.put(format!("{prefix}.pre"), &pre);
    let hidden = relu(&pre);
    rec.put(format!("{prefix}.hidden"), &hidden);
    let out = linear(p, &format!("{weights_prefix}.linear2"), &hidden);
    rec.put(format!("{prefix}.out"), &out);
    out
}

/// The number of encoder layers: how many `encoder.layers.{i}.norm1.weight` there are.
pub fn count_layers<T>(w: &BTreeMap<String, ArrayD<T>>) -> usize {
    let n = w.keys().filter(|k| k.starts_with("encoder.layers.") && k.ends_with(".norm1.weight")).count();
    for i in 0..n {
        assert!(
            w.contains_key(&format!("encoder.layers.{i}.norm1.weight")),
            "reference: encoder layers are not numbered 0..{n}"
        );
        assert!(w.contains_key(&format!("decoder.layers.{i}.norm1.weight")), "reference: decoder layer {i} is missing");
    }
    n
}

/// Every named tensor of the forward pass, computed in f64 from PyTorch-named weights.
pub fn reference_forward(
    w: &BTreeMap<String, ArrayD<f32>>,
    n_heads: usize,
    pad: usize,
    src_ids: &Array2<usize>,
    tgt_ids: &Array2<usize>,
) -> BTreeMap<String, ArrayD<f64>> {
    let w64: BTreeMap<String, ArrayD<f64>> = w.iter().map(|(k, v)| (k.clone(), v.mapv(f64::from))).collect();
    reference_forward_f64(&w64, n_heads, pad, src_ids, tgt_ids)
}

/// The training loss in f64: cross-entropy of `logits` against `labels`, averaged over the
/// labels that are not `pad`, with label smoothing `eps` (PyTorch's CrossEntropyLoss with
/// ignore_index and label_smoothing).
pub fn reference_loss(
    w: &BTreeMap<String, ArrayD<f64>>,
    n_heads: usize,
    pad: usize,
    src_ids: &Array2<usize>,
    tgt_in: &Array2<usize>,
    labels: &Array2<usize>,
    eps: f64,
) -> f64 {
    let logits = &reference_forward_f64(w, n_heads, pad, src_ids, tgt_in)["logits"];
    let v = logits.shape()[2];
    let (mut total, mut count) = (0.0, 0);
    for ((b, t), &label) in labels.indexed_iter() {
        if label == pad {
            continue;
        }
        let row: Vec<f64> = (0..v).map(|j| logits[IxDyn(&[b, t, j])]).collect();
        let max = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let log_z = max + row.iter().map(|x| (x - max).exp()).sum::<f64>().ln();
        let nll = log_z - row[label];
        let uniform_nll = log_z - row.iter().sum::<f64>() / v as f64;
        total += (1.0 - eps) * nll + eps * uniform_nll;
        count += 1;
    }
    total / count as f64
}

/// `reference_forward` with the weights already in f64 (finite differences perturb them there).
pub fn reference_forward_f64(
    w: &BTreeMap<String, ArrayD<f64>>,
    n_heads: usize,
    pad: usize,
    src_ids: &Array2<usize>,
    tgt_ids: &Array2<usize>,
) -> BTreeMap<String, ArrayD<f64>> {
    let p = Params { w };
    let mut rec = Recorder { out: BTreeMap::new() };
    let n_layers = count_layers(w);
    assert!(n_layers > 0, "reference: no encoder layers in the weights");
    assert_eq!(src_ids.nrows(), tgt_ids.nrows(), "reference: source and target batch sizes differ");

    let src_table = p.matrix("src_embed.weight");
    let tgt_table = p.matrix("tgt_embed.weight");
    let d = src_table[0].len();
    let (nb, ts) = src_ids.dim();
    let tt = tgt_ids.ncols();

    // source side
    let src_embed = embed(&src_table, src_ids, "src_embed.weight");
    rec.put("src.embed".into(), &src_embed);
    let src_pe = positional_encoding(ts, d);
    rec.put("src.pe".into(), &src_pe);
    let src_x = add_positional(&src_embed, &src_pe);
    rec.put("src.x".into(), &src_x);
    let src_mask = padding_mask(src_ids, pad);
    rec.put("src.mask".into(), &src_mask);

    // target side
    let tgt_embed = embed(&tgt_table, tgt_ids, "tgt_embed.weight");
    rec.put("tgt.embed".into(), &tgt_embed);
    let tgt_pe = positional_encoding(tt, d);
    rec.put("tgt.pe".into(), &tgt_pe);
    let tgt_x = add_positional(&tgt_embed, &tgt_pe);
    rec.put("tgt.x".into(), &tgt_x);
    let tgt_pad = padding_mask(tgt_ids, pad);
    rec.put("tgt.pad_mask".into(), &tgt_pad);
    let mut causal = Tensor::zeros(&[1, 1, tt, tt]);
    for q in 0..tt {
        for k in 0..tt {
            causal.set(&[0, 0, q, k], if k <= q { 1.0 } else { 0.0 });
        }
    }
    rec.put("tgt.causal".into(), &causal);
    let mut tgt_mask = Tensor::zeros(&[nb, 1, tt, tt]);
    for b in 0..nb {
        for q in 0..tt {
            for k in 0..tt {
                let keep = tgt_pad.at(&[b, 0, 0, k]) != 0.0 && causal.at(&[0, 0, q, k]) != 0.0;
                tgt_mask.set(&[b, 0, q, k], if keep { 1.0 } else { 0.0 });
            }
        }
    }
    rec.put("tgt.mask".into(), &tgt_mask);

    // encoder
    let mut x = src_x;
    for i in 0..n_layers {
        let l = format!("enc.{i}");
        let wl = format!("encoder.layers.{i}");
        let attn =
            attention(&mut rec, &p, &format!("{l}.self_attn"), &format!("{wl}.self_attn"), &x, &x, &src_mask, n_heads);
        let n1 = add_norm(&mut rec, &p, &format!("{l}.norm1"), &format!("{wl}.norm1"), &x, &attn);
        let f = ffn(&mut rec, &p, &format!("{l}.ffn"), &format!("{wl}.ffn"), &n1);
        x = add_norm(&mut rec, &p, &format!("{l}.norm2"), &format!("{wl}.norm2"), &n1, &f);
    }
    let memory = x;
    rec.put("enc.out".into(), &memory);

    // decoder
    let mut y = tgt_x;
    for i in 0..n_layers {
        let l = format!("dec.{i}");
        let wl = format!("decoder.layers.{i}");
        let self_out =
            attention(&mut rec, &p, &format!("{l}.self_attn"), &format!("{wl}.self_attn"), &y, &y, &tgt_mask, n_heads);
        let n1 = add_norm(&mut rec, &p, &format!("{l}.norm1"), &format!("{wl}.norm1"), &y, &self_out);
        let cross_out = attention(
            &mut rec,
            &p,
            &format!("{l}.cross_attn"),
            &format!("{wl}.cross_attn"),
            &n1,
            &memory,
            &src_mask,
            n_heads,
        );
        let n2 = add_norm(&mut rec, &p, &format!("{l}.norm2"), &format!("{wl}.norm2"), &n1, &cross_out);
        let f = ffn(&mut rec, &p, &format!("{l}.ffn"), &format!("{wl}.ffn"), &n2);
        y = add_norm(&mut rec, &p, &format!("{l}.norm3"), &format!("{wl}.norm3"), &n2, &f);
    }

    let logits = linear(&p, "fc_out", &y);
    rec.put("logits".into(), &logits);
    let probs = softmax_last(&logits);
    rec.put("probs".into(), &probs);
    rec.out
}

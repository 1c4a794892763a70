//! The model once more, in f64, written straight from the notes' formulas and reading its
//! parameters by their PyTorch names: a second code path beside the program and its kernels.
//! The finite difference on the learning lesson's screen runs it (a nudge small enough to stay
//! off every ReLU's kink changes a float32 loss by less than its rounding), and the probes'
//! tests recompute ablation, the logit lens and patching with it.
//!
//! Post-LN encoder-decoder: x = LayerNorm(x + sublayer(x)); masked scores filled with -1e9;
//! the padding mask hides `<pad>` keys; the decoder's self-attention is also causal.

use super::arch::HeadAblation;
use super::program::{AttnBlock, Stack};
use super::vocab::PAD_ID;
use super::weights::Weights;
use ndarray::{Array1, Array2, Array3, Array4, ArrayD, Axis, Ix1, Ix2, s};
use std::collections::HashMap;

/// Every parameter in f64, by PyTorch name.
#[derive(Debug, Clone)]
pub struct Params {
    map: HashMap<String, ArrayD<f64>>,
    n_heads: usize,
}

impl Params {
    pub fn of(weights: &Weights) -> Params {
        let mut map = HashMap::new();
        weights.visit(|name, a| {
            map.insert(name.to_string(), a.mapv(f64::from));
        });
        Params { map, n_heads: weights.config.n_heads }
    }

    /// Move one weight (flat index `index` of parameter `name`) by `by`.
    pub fn nudge(&mut self, name: &str, index: usize, by: f64) {
        if let Some(x) = self.map.get_mut(name).and_then(|a| a.iter_mut().nth(index)) {
            *x += by;
        }
    }

    fn matrix(&self, name: &str) -> Array2<f64> {
        self.map[name].clone().into_dimensionality::<Ix2>().expect("a matrix")
    }

    fn vector(&self, name: &str) -> Array1<f64> {
        self.map[name].clone().into_dimensionality::<Ix1>().expect("a vector")
    }

    fn layers(&self, stack: &str) -> usize {
        (0..).take_while(|l| self.map.contains_key(&format!("{stack}.layers.{l}.norm1.weight"))).count()
    }
}

/// The residual stream of one layer's output at one position of batch row `row`, replaced.
#[derive(Debug, Clone, PartialEq)]
pub struct Patch {
    pub stack: Stack,
    pub layer: usize,
    pub row: usize,
    pub position: usize,
    pub value: Vec<f64>, // (d_model,)
}

/// What to change in the forward pass.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Probe {
    pub heads: Option<HeadAblation>,
    pub patch: Option<Patch>,
}

/// What the reference forward computed.
#[derive(Debug, Clone)]
pub struct Forward {
    pub logits: Array3<f64>, // (B, T_tgt, tgt_vocab)
    /// The decoder's residual stream after each sublayer, by the program's name for it
    /// (`dec.0.norm1.out`, ...): (B, T_tgt, d) each, in order.
    pub stream: Vec<(String, Array3<f64>)>,
    /// Each layer's output (the stream after its last sublayer), encoder then decoder.
    pub encoder_layers: Vec<Array3<f64>>, // (B, T_src, d) each
    pub decoder_layers: Vec<Array3<f64>>, // (B, T_tgt, d) each
    /// Each decoder layer's cross-attention weights.
    pub cross_weights: Vec<Array4<f64>>, // (B, H, T_tgt, T_src) each
}

/// The forward pass for source ids (B, T_src) and decoder input ids (B, T_tgt).
pub fn forward(p: &Params, src: &Array2<usize>, tgt: &Array2<usize>, probe: &Probe) -> Forward {
    let (src_keys, tgt_keys) = (src.mapv(|id| id != PAD_ID), tgt.mapv(|id| id != PAD_ID)); // (B, T)
    let mut x = embed(p, "src_embed.weight", src); // (B, T_src, d)
    let mut encoder_layers = Vec::new();
    for l in 0..p.layers("encoder") {
        let pre = format!("encoder.layers.{l}");
        let (a, _) = attention(p, &pre, AttnBlock::SelfAttn, (Stack::Encoder, l), &x, &x, (&src_keys, false), probe);
        x = norm(p, &format!("{pre}.norm1"), &(&x + &a));
        let f = ffn(p, &pre, &x);
        x = norm(p, &format!("{pre}.norm2"), &(&x + &f));
        patch(&mut x, probe, Stack::Encoder, l);
        encoder_layers.push(x.clone());
    }
    let mut y = embed(p, "tgt_embed.weight", tgt); // (B, T_tgt, d)
    let (mut stream, mut decoder_layers, mut cross_weights) = (Vec::new(), Vec::new(), Vec::new());
    for l in 0..p.layers("decoder") {
        let pre = format!("decoder.layers.{l}");
        let name = |i: usize| format!("dec.{l}.norm{i}.out");
        let (a, _) = attention(p, &pre, AttnBlock::SelfAttn, (Stack::Decoder, l), &y, &y, (&tgt_keys, true), probe);
        y = norm(p, &format!("{pre}.norm1"), &(&y + &a));
        stream.push((name(1), y.clone()));
        let (c, weights) =
            attention(p, &pre, AttnBlock::CrossAttn, (Stack::Decoder, l), &y, &x, (&src_keys, false), probe);
        cross_weights.push(weights);
        y = norm(p, &format!("{pre}.norm2"), &(&y + &c));
        stream.push((name(2), y.clone()));
        let f = ffn(p, &pre, &y);
        y = norm(p, &format!("{pre}.norm3"), &(&y + &f));
        patch(&mut y, probe, Stack::Decoder, l);
        stream.push((name(3), y.clone()));
        decoder_layers.push(y.clone());
    }
    Forward { logits: linear(p, "fc_out", &y), stream, encoder_layers, decoder_layers, cross_weights }
}

/// The output Linear applied to a stream (B, T, d): logits (B, T, vocab).
pub fn output_logits(p: &Params, stream: &Array3<f64>) -> Array3<f64> {
    linear(p, "fc_out", stream)
}

/// Softmax of one row.
pub fn softmax(row: &[f64]) -> Vec<f64> {
    let max = row.iter().fold(f64::NEG_INFINITY, |m, &v| m.max(v));
    let exps: Vec<f64> = row.iter().map(|v| (v - max).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.iter().map(|e| e / sum).collect()
}

/// Mean cross-entropy of logits (B, T, vocab) against labels (B, T), `<pad>` labels ignored.
pub fn loss(logits: &Array3<f64>, labels: &Array2<usize>) -> f64 {
    let (mut total, mut count) = (0.0, 0usize);
    for ((b, t), &label) in labels.indexed_iter() {
        if label == PAD_ID {
            continue;
        }
        let row: Vec<f64> = logits.slice(s![b, t, ..]).to_vec();
        total -= softmax(&row)[label].ln();
        count += 1;
    }
    total / count.max(1) as f64
}

/// The training loss of source `src`, decoder input `tgt` and `labels`.
pub fn training_loss(p: &Params, src: &Array2<usize>, tgt: &Array2<usize>, labels: &Array2<usize>) -> f64 {
    loss(&forward(p, src, tgt, &Probe::default()).logits, labels)
}

/// Embedding rows plus the sinusoidal positional encoding.
fn embed(p: &Params, table: &str, ids: &Array2<usize>) -> Array3<f64> {
    let table = p.matrix(table);
    let d = table.ncols();
    Array3::from_shape_fn((ids.nrows(), ids.ncols(), d), |(b, t, i)| {
        let angle = t as f64 / 10000f64.powf((i - i % 2) as f64 / d as f64);
        table[[ids[[b, t]], i]] + if i % 2 == 0 { angle.sin() } else { angle.cos() }
    })
}

/// x · Wᵀ + b for x (B, T, in): (B, T, out).
fn linear(p: &Params, name: &str, x: &Array3<f64>) -> Array3<f64> {
    let (w, bias) = (p.matrix(&format!("{name}.weight")), p.vector(&format!("{name}.bias")));
    let (b, t, d) = x.dim();
    let flat = x.to_shape((b * t, d)).expect("contiguous").dot(&w.t()) + &bias;
    flat.into_shape_with_order((b, t, w.nrows())).expect("(B, T, out)")
}

/// LayerNorm over the features, eps 1e-5.
fn norm(p: &Params, name: &str, x: &Array3<f64>) -> Array3<f64> {
    let (gamma, beta) = (p.vector(&format!("{name}.weight")), p.vector(&format!("{name}.bias")));
    let mut out = x.clone();
    for mut row in out.lanes_mut(Axis(2)) {
        let n = row.len() as f64;
        let mean = row.sum() / n;
        let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
        let sd = (var + 1e-5).sqrt();
        for (i, v) in row.iter_mut().enumerate() {
            *v = gamma[i] * (*v - mean) / sd + beta[i];
        }
    }
    out
}

fn ffn(p: &Params, pre: &str, x: &Array3<f64>) -> Array3<f64> {
    let hidden = linear(p, &format!("{pre}.ffn.linear1"), x).mapv(|v| if v <= 0.0 { 0.0 } else { v });
    linear(p, &format!("{pre}.ffn.linear2"), &hidden)
}

/// Multi-head attention of queries from `xq` (B, T_q, d) over keys and values from `xkv`
/// (B, T_k, d), seeing the keys flagged in `keys` (B, T_k) (and, if `causal`, none after the
/// query): W_o · concat over heads of softmax(q·kᵀ/√d_k)·v.
#[allow(clippy::too_many_arguments)]
fn attention(
    p: &Params,
    pre: &str,
    block: AttnBlock,
    (stack, layer): (Stack, usize),
    xq: &Array3<f64>,
    xkv: &Array3<f64>,
    (keys, causal): (&Array2<bool>, bool),
    probe: &Probe,
) -> (Array3<f64>, Array4<f64>) {
    let name = format!("{pre}.{}", <&str>::from(block)); // self_attn, cross_attn
    let q = linear(p, &format!("{name}.w_q"), xq);
    let k = linear(p, &format!("{name}.w_k"), xkv);
    let v = linear(p, &format!("{name}.w_v"), xkv);
    let (b, t_q, d) = q.dim();
    let t_k = k.dim().1;
    let dk = d / p.n_heads;
    let mut context = Array3::<f64>::zeros((b, t_q, d));
    let mut weights = Array4::<f64>::zeros((b, p.n_heads, t_q, t_k));
    for h in 0..p.n_heads {
        if !head_kept(probe, stack, layer, block, h) {
            continue; // this head's slice of the context stays zero
        }
        let cols = h * dk..(h + 1) * dk;
        for bi in 0..b {
            for i in 0..t_q {
                let scores: Vec<f64> = (0..t_k)
                    .map(|j| {
                        let dot: f64 = (0..dk).map(|c| q[[bi, i, h * dk + c]] * k[[bi, j, h * dk + c]]).sum();
                        if keys[[bi, j]] && (!causal || j <= i) { dot / (dk as f64).sqrt() } else { -1e9 }
                    })
                    .collect();
                let alpha = softmax(&scores);
                for (j, a) in alpha.iter().enumerate() {
                    weights[[bi, h, i, j]] = *a;
                }
                for c in cols.clone() {
                    context[[bi, i, c]] = (0..t_k).map(|j| alpha[j] * v[[bi, j, c]]).sum();
                }
            }
        }
    }
    (linear(p, &format!("{name}.w_o"), &context), weights)
}

fn head_kept(probe: &Probe, stack: Stack, layer: usize, block: AttnBlock, head: usize) -> bool {
    match probe.heads {
        Some(c) if c.stack == stack && c.layer == layer && c.block == block => (c.head == head) == c.keep_only,
        _ => true,
    }
}

fn patch(x: &mut Array3<f64>, probe: &Probe, stack: Stack, layer: usize) {
    if let Some(p) = &probe.patch
        && p.stack == stack
        && p.layer == layer
    {
        for (i, &v) in p.value.iter().enumerate() {
            x[[p.row, p.position, i]] = v;
        }
    }
}

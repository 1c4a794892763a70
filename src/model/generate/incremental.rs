//! The encoder once, then the decoder one position at a time with a key/value cache: the
//! program's operations, computing only the newest position (its Linears by `linear_few_rows`,
//! whose sums are ordered differently from the program's large-product kernels: the same numbers
//! to a few units in the last place, not the same bits). Generation (greedy and beam search) runs on this; the tutor's screens run the program.

use crate::model::config::Activation;
use crate::model::kernels;
use crate::model::program::{AttnBlock, Stack};
use crate::model::run::eps;
use crate::model::weights::{Attention, Linear, Norm, Weights};
use ndarray::{Array2, Array3, Array4, ArrayD, Axis, IxDyn, s};
use std::sync::Arc;

/// One attention block's keys and values, split into heads: (N, H, capacity, d_k) each, the first
/// `len` positions filled. A step appends its position in place; the room doubles when full.
#[derive(Clone)]
struct KeyValues {
    k: Array4<f32>,
    v: Array4<f32>,
    len: usize,
}

impl KeyValues {
    /// Keys and values already complete (N, H, T, d_k): the source's, for cross-attention.
    fn full(k: Array4<f32>, v: Array4<f32>) -> KeyValues {
        let len = k.dim().2;
        KeyValues { k, v, len }
    }

    /// Append one position's keys and values, (N, H, 1, d_k) each.
    fn push(&mut self, k: &Array4<f32>, v: &Array4<f32>) {
        let (n, h, room, dk) = self.k.dim();
        if self.len == room {
            let bigger = |old: &Array4<f32>| {
                let mut new = Array4::zeros((n, h, (2 * room).max(16), dk));
                new.slice_mut(s![.., .., ..room, ..]).assign(old);
                new
            };
            self.k = bigger(&self.k);
            self.v = bigger(&self.v);
        }
        self.k.slice_mut(s![.., .., self.len..self.len + 1, ..]).assign(k);
        self.v.slice_mut(s![.., .., self.len..self.len + 1, ..]).assign(v);
        self.len += 1;
    }
}

/// The decoder's state for N hypotheses: each layer's self-attention cache (grown one position
/// per step), the cross-attention keys and values of the source (computed once), and which
/// source row each hypothesis reads.
#[derive(Clone)]
pub struct DecoderState {
    weights: Arc<Weights>,
    self_kv: Vec<Option<KeyValues>>,
    cross_kv: Vec<KeyValues>, // per layer, (B, H, T_src, d_k): one per source row, not per hypothesis
    src_keep: Array2<bool>,   // (B, T_src): false where the source token is <pad>
    row_of: Vec<usize>,       // hypothesis -> source row
    position: usize,          // positions already in the cache
    last_cross: Array2<f32>,  // (N, T_src): the last layer's cross-attention at the newest position, mean over heads
    first_self: Array2<f32>,  // (N, t): layer 0's self-attention at the newest position, mean over heads
}

/// Up to this many rows (hypotheses), a Linear reads each weight row once for all of them.
const FEW_ROWS: usize = 16;

/// x · Wᵀ + b for a (N, in) matrix.
fn linear(x: &Array2<f32>, l: &Linear) -> Array2<f32> {
    if x.nrows() <= FEW_ROWS {
        return kernels::linear_few_rows(x.view(), l.weight.view(), l.bias.view());
    }
    let out = kernels::linear(&x.clone().into_dyn(), l.weight.view(), l.bias.view());
    out.into_dimensionality().expect("(N, out)")
}

/// LayerNorm(x) with the norm's γ and β (eps 1e-5, as PyTorch's).
fn layer_norm(x: &Array2<f32>, n: &Norm) -> Array2<f32> {
    let hat = kernels::normalize(&x.clone().into_dyn(), eps(-5));
    kernels::scale_shift(&hat, n.gamma.view(), n.beta.view()).into_dimensionality().expect("(N, d)")
}

fn activate(x: &Array2<f32>, a: Activation) -> Array2<f32> {
    let x = x.clone().into_dyn();
    let y = match a {
        Activation::Relu => kernels::relu(&x),
        Activation::Silu => kernels::silu(&x),
        Activation::Gelu => kernels::gelu(&x),
    };
    y.into_dimensionality().expect("same shape")
}

/// (N, T, d) -> (N, H, T, d_k).
fn split(x: &Array3<f32>, h: usize) -> ndarray::Array4<f32> {
    let (n, t, d) = x.dim();
    let x = x.as_standard_layout().into_owned();
    let x = x.into_shape_with_order((n, t, h, d / h)).expect("heads divide d");
    x.permuted_axes([0, 2, 1, 3]).as_standard_layout().into_owned()
}

/// The target embedding rows of `ids` × the scale, plus row `position` of the positional table
/// (that row alone, the table's bits): (N, d).
fn embed_at(w: &Weights, ids: &[usize], position: usize) -> Array2<f32> {
    let d = w.config.d_model;
    let pe_row = kernels::positional_row(position, d, w.config.conventions.positions); // (d,)
    let scale = if w.config.conventions.embed_scale { (d as f32).sqrt() } else { 1.0 };
    Array2::from_shape_fn((ids.len(), d), |(i, j)| w.tgt_embed[[ids[i], j]] * scale + pe_row[j])
}

/// The encoder's output for every source row (B, T_src, d), as the program computes `enc.out`.
pub fn encode(weights: &Arc<Weights>, src_ids: &Array2<usize>) -> Array3<f32> {
    encode_changed(weights, src_ids, None)
}

/// `encode`, with the run changed by `change` before the encoder runs (activation patching's
/// copied position: `Run::patch`).
pub fn encode_changed(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    change: Option<&dyn Fn(&mut crate::model::Run)>,
) -> Array3<f32> {
    let program = crate::model::build::transformer(
        &weights.config,
        crate::model::RunShape { batch: src_ids.nrows(), t_src: src_ids.ncols(), t_tgt: 1 },
    );
    let inputs = crate::model::Inputs {
        src_ids: Some(src_ids.clone()),
        tgt_ids: Some(Array2::from_elem((src_ids.nrows(), 1), weights.config.conventions.start_id)),
        ..Default::default()
    };
    let mut run = crate::model::Run::new(Arc::new(program), weights.clone(), inputs);
    if let Some(change) = change {
        change(&mut run);
    }
    run.seek(run.program().index_of("enc.out").expect("the program has an encoder"));
    let memory = run.get("enc.out").expect("the encoder ran");
    memory.clone().into_dimensionality().expect("(B, T_src, d)")
}

impl DecoderState {
    /// The decoder ready to read `memory` (B, T_src, d), with `per_row` hypotheses per source row.
    pub fn new(weights: &Arc<Weights>, memory: &Array3<f32>, src_ids: &Array2<usize>, per_row: usize) -> DecoderState {
        let c = &weights.config;
        let (b, t_src, d) = memory.dim();
        let flat = memory.as_standard_layout().into_owned().into_shape_with_order((b * t_src, d)).expect("contiguous");
        let cross_kv = (0..c.dec_layers)
            .map(|layer| {
                let a = weights.attention(Stack::Decoder, layer, AttnBlock::CrossAttn);
                let project = |l: &Linear| {
                    let y = linear(&flat, l).into_shape_with_order((b, t_src, d)).expect("(B, T_src, d)");
                    split(&y, c.n_heads)
                };
                KeyValues::full(project(&a.w_k), project(&a.w_v))
            })
            .collect();
        DecoderState {
            weights: weights.clone(),
            self_kv: vec![None; c.dec_layers],
            cross_kv,
            src_keep: src_ids.mapv(|id| id != c.pad_idx),
            row_of: (0..b * per_row).map(|i| i / per_row).collect(),
            position: 0,
            last_cross: Array2::zeros((0, t_src)),
            first_self: Array2::zeros((0, 0)),
        }
    }

    /// Keep hypotheses `order` (each an index of the current ones), in that order: beam search
    /// reorders the cache instead of recomputing it.
    pub fn reorder(&mut self, order: &[usize]) {
        if order.iter().enumerate().all(|(i, &o)| i == o) && order.len() == self.row_of.len() {
            return; // every hypothesis stays where it is
        }
        for kv in self.self_kv.iter_mut().flatten() {
            kv.k = kv.k.select(Axis(0), order);
            kv.v = kv.v.select(Axis(0), order);
        }
        self.row_of = order.iter().map(|&i| self.row_of[i]).collect();
        self.last_cross = self.last_cross.select(Axis(0), order);
        self.first_self = self.first_self.select(Axis(0), order);
    }

    /// The last decoder layer's cross-attention weights of the newest position, mean over the
    /// heads, one row per hypothesis: (N, T_src). Empty before the first step.
    pub fn last_cross_attention(&self) -> &Array2<f32> {
        &self.last_cross
    }

    /// Decoder layer 0's self-attention weights of the newest position over every cached one,
    /// mean over the heads, one row per hypothesis: (N, t). Empty before the first step.
    pub fn first_self_attention(&self) -> &Array2<f32> {
        &self.first_self
    }

    /// The shape of each layer's cached keys (and values): (N, H, t, d_k), t the positions fed so
    /// far; None before the first step.
    pub fn cache_shape(&self) -> Option<[usize; 4]> {
        let kv = self.self_kv.first()?.as_ref()?;
        let (n, h, _, dk) = kv.k.dim();
        Some([n, h, kv.len, dk])
    }

    /// Feed one token per hypothesis at the next position; returns the logits there (N, vocab).
    pub fn step(&mut self, tokens: &[usize]) -> Array2<f32> {
        let w = self.weights.clone();
        let c = &w.config;
        let n = tokens.len();
        let mut x = embed_at(&w, tokens, self.position); // (N, d)
        for layer in 0..c.dec_layers {
            let l = &w.decoder[layer];
            let attn = self.self_attention(layer, &l.self_attn, &x);
            x = layer_norm(&(&x + &attn), &l.norm1);
            let cross = self.cross_attention(layer, &l.cross_attn, &x);
            x = layer_norm(&(&x + &cross), &l.norm2);
            let hidden = activate(&linear(&x, &l.ffn.linear1), c.conventions.activation);
            let ffn = linear(&hidden, &l.ffn.linear2);
            x = layer_norm(&(&x + &ffn), &l.norm3);
        }
        self.position += 1;
        debug_assert_eq!(x.nrows(), n);
        linear(&x, &w.fc_out) // (N, vocab)
    }

    /// The newest position's self-attention over every cached position (the causal mask is the
    /// cache itself: nothing later exists yet).
    fn self_attention(&mut self, layer: usize, a: &Attention, x: &Array2<f32>) -> Array2<f32> {
        let h = self.weights.config.n_heads;
        let (n, d) = x.dim();
        let heads = |y: Array2<f32>| split(&y.into_shape_with_order((n, 1, d)).expect("(N, 1, d)"), h);
        let (q, k, v) = (heads(linear(x, &a.w_q)), heads(linear(x, &a.w_k)), heads(linear(x, &a.w_v)));
        let (_, _, _, dk) = k.dim();
        let kv = self.self_kv[layer]
            .get_or_insert_with(|| KeyValues::full(Array4::zeros((n, h, 0, dk)), Array4::zeros((n, h, 0, dk))));
        kv.push(&k, &v);
        let every: Vec<usize> = (0..n).collect();
        let (out, weights) = attend(&q, kv, &every, |_, _| true, self.weights.config.score_scale());
        if layer == 0 {
            self.first_self = mean_over_heads(&weights);
        }
        linear(&out, &a.w_o)
    }

    fn cross_attention(&mut self, layer: usize, a: &Attention, x: &Array2<f32>) -> Array2<f32> {
        let h = self.weights.config.n_heads;
        let (n, d) = x.dim();
        let q = split(&linear(x, &a.w_q).into_shape_with_order((n, 1, d)).expect("(N, 1, d)"), h);
        let rows = &self.row_of;
        let keep = &self.src_keep;
        let scale = self.weights.config.score_scale();
        let (out, weights) = attend(&q, &self.cross_kv[layer], rows, |i, key| keep[[rows[i], key]], scale);
        if layer + 1 == self.weights.config.dec_layers {
            self.last_cross = mean_over_heads(&weights);
        }
        linear(&out, &a.w_o)
    }
}

/// Attention weights (N, H, 1, T) -> the mean over the heads, (N, T).
fn mean_over_heads(weights: &ArrayD<f32>) -> Array2<f32> {
    let heads = weights.shape()[1] as f32;
    let sum = weights.sum_axis(Axis(2)).sum_axis(Axis(1));
    (sum / heads).into_dimensionality().expect("(N, T)")
}

/// softmax(q·kᵀ · scale, masked where `visible` is false)·v for one query per hypothesis: q
/// (N, H, 1, d_k); hypothesis i reads row `rows[i]` of the keys and values, (·, H, T, d_k), their
/// first `len` positions -> (N, H·d_k), and the weights (N, H, 1, T). Read in place, not copied
/// per hypothesis.
fn attend(
    q: &Array4<f32>,
    kv: &KeyValues,
    rows: &[usize],
    visible: impl Fn(usize, usize) -> bool,
    scale: f32,
) -> (Array2<f32>, ArrayD<f32>) {
    let (n, h, _, dk) = q.dim();
    let (t, room) = (kv.len, kv.k.dim().2);
    let q = q.as_standard_layout();
    let (qs, ks, vs) = (
        q.as_slice().expect("standard"),
        kv.k.as_slice().expect("made standard"),
        kv.v.as_slice().expect("made standard"),
    );
    // the first element of hypothesis i's head `head`, position `key`, in the keys and values
    let at = |i: usize, head: usize, key: usize| ((rows[i] * h + head) * room + key) * dk;
    let mut scores = vec![0f32; n * h * t]; // (N, H, 1, T)
    for i in 0..n {
        for head in 0..h {
            let qi = &qs[(i * h + head) * dk..][..dk];
            for key in 0..t {
                let dot: f32 = qi.iter().zip(&ks[at(i, head, key)..][..dk]).map(|(a, b)| a * b).sum();
                scores[(i * h + head) * t + key] = if visible(i, key) { dot * scale } else { kernels::MASK_FILL };
            }
        }
    }
    crate::model::softmax::softmax_rows(&mut scores, t);
    let mut out = Array2::<f32>::zeros((n, h * dk));
    for i in 0..n {
        for head in 0..h {
            let mut ctx = out.slice_mut(s![i, head * dk..(head + 1) * dk]); // (d_k,)
            for (key, &wk) in scores[(i * h + head) * t..][..t].iter().enumerate() {
                ctx.scaled_add(wk, &ndarray::ArrayView1::from(&vs[at(i, head, key)..][..dk]));
            }
        }
    }
    let weights = ArrayD::from_shape_vec(IxDyn(&[n, h, 1, t]), scores).expect("sizes match");
    (out, weights)
}

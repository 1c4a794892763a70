//! Every parameter has one address, its PyTorch name (`decoder.layers.0.cross_attn.w_q.weight`),
//! and one way to visit them all, in one fixed order: `.npz` load and save and the optimiser
//! all go through `visit` / `visit_mut`. Operations find their parameters through `linear` and
//! `norm` (by what the op refers to), and the backward pass accumulates into `linear_mut` /
//! `norm_mut` of a gradient `Weights` of the same shape.

use super::program::{AttnBlock, LinearRef, NormRef, Proj, Stack};
use super::weights::{Attention, FeedForward, Linear, Norm, Weights};
use ndarray::{ArrayViewD, ArrayViewMutD};

/// Calls `$f(name, view)` for every parameter in the fixed order; `$view` is `view` or `view_mut`.
macro_rules! visit_params {
    ($w:expr, $f:expr, $view:ident, $iter:ident) => {{
        let w = $w;
        let f = $f;
        f("src_embed.weight", w.src_embed.$view().into_dyn());
        f("tgt_embed.weight", w.tgt_embed.$view().into_dyn());
        for (i, layer) in w.encoder.$iter().enumerate() {
            let p = format!("encoder.layers.{i}");
            visit_attention!(f, &format!("{p}.self_attn"), layer.self_attn, $view);
            visit_norm!(f, &format!("{p}.norm1"), layer.norm1, $view);
            visit_ffn!(f, &format!("{p}.ffn"), layer.ffn, $view);
            visit_norm!(f, &format!("{p}.norm2"), layer.norm2, $view);
        }
        for (i, layer) in w.decoder.$iter().enumerate() {
            let p = format!("decoder.layers.{i}");
            visit_attention!(f, &format!("{p}.self_attn"), layer.self_attn, $view);
            visit_norm!(f, &format!("{p}.norm1"), layer.norm1, $view);
            visit_attention!(f, &format!("{p}.cross_attn"), layer.cross_attn, $view);
            visit_norm!(f, &format!("{p}.norm2"), layer.norm2, $view);
            visit_ffn!(f, &format!("{p}.ffn"), layer.ffn, $view);
            visit_norm!(f, &format!("{p}.norm3"), layer.norm3, $view);
        }
        visit_linear!(f, "fc_out", w.fc_out, $view);
    }};
}

macro_rules! visit_linear {
    ($f:expr, $name:expr, $l:expr, $view:ident) => {{
        $f(&format!("{}.weight", $name), $l.weight.$view().into_dyn());
        $f(&format!("{}.bias", $name), $l.bias.$view().into_dyn());
    }};
}

macro_rules! visit_norm {
    ($f:expr, $name:expr, $n:expr, $view:ident) => {{
        $f(&format!("{}.weight", $name), $n.gamma.$view().into_dyn());
        $f(&format!("{}.bias", $name), $n.beta.$view().into_dyn());
    }};
}

macro_rules! visit_attention {
    ($f:expr, $name:expr, $a:expr, $view:ident) => {{
        visit_linear!($f, format!("{}.w_q", $name), $a.w_q, $view);
        visit_linear!($f, format!("{}.w_k", $name), $a.w_k, $view);
        visit_linear!($f, format!("{}.w_v", $name), $a.w_v, $view);
        visit_linear!($f, format!("{}.w_o", $name), $a.w_o, $view);
    }};
}

macro_rules! visit_ffn {
    ($f:expr, $name:expr, $n:expr, $view:ident) => {{
        visit_linear!($f, format!("{}.linear1", $name), $n.linear1, $view);
        visit_linear!($f, format!("{}.linear2", $name), $n.linear2, $view);
    }};
}

impl Weights {
    /// Visit every parameter, by name, in the fixed order.
    pub fn visit<'a>(&'a self, mut f: impl FnMut(&str, ArrayViewD<'a, f32>)) {
        visit_params!(self, &mut f, view, iter);
    }

    /// Visit every parameter as the weights file stores it, in the same order as `visit`: a table
    /// the model ties (a Marian's one embedding, read by the source, the target and the output)
    /// is one array, so each later name of it comes with the name it was first visited under,
    /// and counting numbers counts it once.
    pub fn visit_stored<'a>(&'a self, mut f: impl FnMut(&str, ArrayViewD<'a, f32>, Option<&str>)) {
        let mut seen: Vec<(*const f32, String)> = Vec::new();
        self.visit(|name, v| {
            let first = seen.iter().find(|(p, _)| !v.is_empty() && *p == v.as_ptr()).map(|(_, n)| n.clone());
            if first.is_none() {
                seen.push((v.as_ptr(), name.to_string()));
            }
            f(name, v, first.as_deref());
        });
    }

    /// How many numbers the weights file stores: `visit_stored`'s, a tied table once.
    pub fn stored_count(&self) -> usize {
        let mut n = 0;
        self.visit_stored(|_, a, tied| n += if tied.is_some() { 0 } else { a.len() });
        n
    }

    /// Visit every parameter mutably, by name, in the same order as `visit`.
    pub fn visit_mut<'a>(&'a mut self, mut f: impl FnMut(&str, ArrayViewMutD<'a, f32>)) {
        visit_params!(self, &mut f, view_mut, iter_mut);
    }

    /// The first parameter holding NaN or ±Inf, by name (a run that diverged), if any.
    pub fn first_non_finite(&self) -> Option<String> {
        let mut found = None;
        self.visit(|name, a| {
            if found.is_none() && a.iter().any(|v| !v.is_finite()) {
                found = Some(name.to_string());
            }
        });
        found
    }

    /// How many numbers the model has.
    pub fn parameter_count(&self) -> usize {
        let mut n = 0;
        self.visit(|_, a| n += a.len());
        n
    }

    /// Weights of the same shape, all zero: where gradients and optimiser moments accumulate.
    pub fn zeros_like(&self) -> Weights {
        let mut z = self.clone();
        z.visit_mut(|_, mut a| a.fill(0.0));
        z
    }

    /// self = a·self + b·other, parameter by parameter (combining gradients of sub-batches).
    pub fn scale_add(&mut self, a: f32, other: &Weights, b: f32) {
        let mut theirs = Vec::new();
        other.visit(|_, t| theirs.push(t));
        let mut i = 0;
        self.visit_mut(|_, mut mine| {
            mine.zip_mut_with(&theirs[i], |x, &y| *x = a * *x + b * y);
            i += 1;
        });
    }

    /// The nn.Linear an operation refers to.
    pub fn linear(&self, r: LinearRef) -> &Linear {
        match r {
            LinearRef::Attn { stack, layer, block, proj } => projection(self.attention(stack, layer, block), proj),
            LinearRef::Ffn1 { stack, layer } => &self.ffn(stack, layer).linear1,
            LinearRef::Ffn2 { stack, layer } => &self.ffn(stack, layer).linear2,
            LinearRef::Out => &self.fc_out,
        }
    }

    /// The same nn.Linear, mutably (for accumulating its gradient).
    pub fn linear_mut(&mut self, r: LinearRef) -> &mut Linear {
        match r {
            LinearRef::Attn { stack, layer, block, proj } => {
                let a = match (stack, block) {
                    (Stack::Encoder, _) => &mut self.encoder[layer].self_attn,
                    (Stack::Decoder, AttnBlock::SelfAttn) => &mut self.decoder[layer].self_attn,
                    (Stack::Decoder, AttnBlock::CrossAttn) => &mut self.decoder[layer].cross_attn,
                };
                match proj {
                    Proj::Q => &mut a.w_q,
                    Proj::K => &mut a.w_k,
                    Proj::V => &mut a.w_v,
                    Proj::O => &mut a.w_o,
                }
            }
            LinearRef::Ffn1 { stack: Stack::Encoder, layer } => &mut self.encoder[layer].ffn.linear1,
            LinearRef::Ffn1 { stack: Stack::Decoder, layer } => &mut self.decoder[layer].ffn.linear1,
            LinearRef::Ffn2 { stack: Stack::Encoder, layer } => &mut self.encoder[layer].ffn.linear2,
            LinearRef::Ffn2 { stack: Stack::Decoder, layer } => &mut self.decoder[layer].ffn.linear2,
            LinearRef::Out => &mut self.fc_out,
        }
    }

    /// The nn.LayerNorm an operation refers to.
    pub fn norm(&self, r: NormRef) -> &Norm {
        match (r.stack, r.index) {
            (Stack::Encoder, 1) => &self.encoder[r.layer].norm1,
            (Stack::Encoder, _) => &self.encoder[r.layer].norm2,
            (Stack::Decoder, 1) => &self.decoder[r.layer].norm1,
            (Stack::Decoder, 2) => &self.decoder[r.layer].norm2,
            (Stack::Decoder, _) => &self.decoder[r.layer].norm3,
        }
    }

    /// The same nn.LayerNorm, mutably.
    pub fn norm_mut(&mut self, r: NormRef) -> &mut Norm {
        match (r.stack, r.index) {
            (Stack::Encoder, 1) => &mut self.encoder[r.layer].norm1,
            (Stack::Encoder, _) => &mut self.encoder[r.layer].norm2,
            (Stack::Decoder, 1) => &mut self.decoder[r.layer].norm1,
            (Stack::Decoder, 2) => &mut self.decoder[r.layer].norm2,
            (Stack::Decoder, _) => &mut self.decoder[r.layer].norm3,
        }
    }

    pub fn attention(&self, stack: Stack, layer: usize, block: AttnBlock) -> &Attention {
        match (stack, block) {
            (Stack::Encoder, _) => &self.encoder[layer].self_attn,
            (Stack::Decoder, AttnBlock::SelfAttn) => &self.decoder[layer].self_attn,
            (Stack::Decoder, AttnBlock::CrossAttn) => &self.decoder[layer].cross_attn,
        }
    }

    fn ffn(&self, stack: Stack, layer: usize) -> &FeedForward {
        match stack {
            Stack::Encoder => &self.encoder[layer].ffn,
            Stack::Decoder => &self.decoder[layer].ffn,
        }
    }
}

fn projection(a: &Attention, proj: Proj) -> &Linear {
    match proj {
        Proj::Q => &a.w_q,
        Proj::K => &a.w_k,
        Proj::V => &a.w_v,
        Proj::O => &a.w_o,
    }
}

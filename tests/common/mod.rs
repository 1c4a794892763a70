//! Shared by the engine tests: the independent f64 reference, the shapes the specification
//! gives every named tensor, and the element-wise comparison of a run against the reference.

#![allow(dead_code)] // each test binary uses a different part

pub mod reference;

#[allow(unused_imports)] // engine_properties does not call the reference
pub use reference::reference_forward;

use ndarray::{ArrayD, Dimension};
use std::collections::BTreeMap;
use transformer_tutor::model::{Config, Run, Weights};

/// The tolerance of engine-vs-reference: |engine - ref| / (1 + |ref|).
pub const REL_TOL: f64 = 1e-5;

/// Weights as a name -> array map, as the reference reads them.
pub fn named_map(weights: &Weights) -> BTreeMap<String, ArrayD<f32>> {
    weights.to_named().into_iter().collect()
}

/// Every tensor name the specification requires, with its shape, for a batch of `b` rows,
/// `ts` source and `tt` target tokens.
pub fn expected_shapes(cfg: &Config, b: usize, ts: usize, tt: usize) -> BTreeMap<String, Vec<usize>> {
    let (d, h, dk, d_ff) = (cfg.d_model, cfg.n_heads, cfg.d_model / cfg.n_heads, cfg.d_ff);
    let mut s: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut put = |name: String, shape: Vec<usize>| {
        assert!(s.insert(name.clone(), shape).is_none(), "expected_shapes: {name} twice");
    };
    put("src.embed".into(), vec![b, ts, d]);
    put("src.pe".into(), vec![ts, d]);
    put("src.x".into(), vec![b, ts, d]);
    put("src.mask".into(), vec![b, 1, 1, ts]);
    put("tgt.embed".into(), vec![b, tt, d]);
    put("tgt.pe".into(), vec![tt, d]);
    put("tgt.x".into(), vec![b, tt, d]);
    put("tgt.pad_mask".into(), vec![b, 1, 1, tt]);
    put("tgt.causal".into(), vec![1, 1, tt, tt]);
    put("tgt.mask".into(), vec![b, 1, tt, tt]);
    let attention = |put: &mut dyn FnMut(String, Vec<usize>), p: String, tq: usize, tk: usize| {
        put(format!("{p}.q_proj"), vec![b, tq, d]);
        put(format!("{p}.q"), vec![b, h, tq, dk]);
        put(format!("{p}.k_proj"), vec![b, tk, d]);
        put(format!("{p}.k"), vec![b, h, tk, dk]);
        put(format!("{p}.v_proj"), vec![b, tk, d]);
        put(format!("{p}.v"), vec![b, h, tk, dk]);
        put(format!("{p}.qk"), vec![b, h, tq, tk]);
        put(format!("{p}.scores"), vec![b, h, tq, tk]);
        put(format!("{p}.masked"), vec![b, h, tq, tk]);
        put(format!("{p}.weights"), vec![b, h, tq, tk]);
        put(format!("{p}.context"), vec![b, h, tq, dk]);
        put(format!("{p}.merged"), vec![b, tq, d]);
        put(format!("{p}.out"), vec![b, tq, d]);
    };
    let norm = |put: &mut dyn FnMut(String, Vec<usize>), p: String, t: usize| {
        for part in ["sum", "hat", "out"] {
            put(format!("{p}.{part}"), vec![b, t, d]);
        }
    };
    let ffn = |put: &mut dyn FnMut(String, Vec<usize>), p: String, t: usize| {
        put(format!("{p}.pre"), vec![b, t, d_ff]);
        put(format!("{p}.hidden"), vec![b, t, d_ff]);
        put(format!("{p}.out"), vec![b, t, d]);
    };
    for i in 0..cfg.n_layers {
        attention(&mut put, format!("enc.{i}.self_attn"), ts, ts);
        norm(&mut put, format!("enc.{i}.norm1"), ts);
        ffn(&mut put, format!("enc.{i}.ffn"), ts);
        norm(&mut put, format!("enc.{i}.norm2"), ts);
    }
    put("enc.out".into(), vec![b, ts, d]);
    for i in 0..cfg.n_layers {
        attention(&mut put, format!("dec.{i}.self_attn"), tt, tt);
        norm(&mut put, format!("dec.{i}.norm1"), tt);
        attention(&mut put, format!("dec.{i}.cross_attn"), tt, ts);
        norm(&mut put, format!("dec.{i}.norm2"), tt);
        ffn(&mut put, format!("dec.{i}.ffn"), tt);
        norm(&mut put, format!("dec.{i}.norm3"), tt);
    }
    put("logits".into(), vec![b, tt, cfg.tgt_vocab]);
    put("probs".into(), vec![b, tt, cfg.tgt_vocab]);
    s
}

/// The worst element of one tensor.
#[derive(Debug, Clone)]
pub struct Worst {
    pub name: String,
    pub index: Vec<usize>,
    pub engine: f32,
    pub reference: f64,
    pub rel: f64,
}

/// Compare every tensor of `reference` with the run's tensor of the same name.
/// Panics (naming the tensor, the index and both values) if any is missing, misshaped, or
/// further than `REL_TOL` from the reference; returns the overall worst element otherwise.
pub fn compare_run(label: &str, run: &Run, reference: &BTreeMap<String, ArrayD<f64>>) -> Worst {
    let mut problems = Vec::new();
    let mut overall = Worst { name: String::new(), index: Vec::new(), engine: 0.0, reference: 0.0, rel: 0.0 };
    for (name, want) in reference {
        let Some(got) = run.get(name) else {
            problems.push(format!("tensor `{name}`: the engine has no computed tensor of this name"));
            continue;
        };
        if got.shape() != want.shape() {
            problems.push(format!(
                "tensor `{name}`: engine shape {:?}, reference shape {:?}",
                got.shape(),
                want.shape()
            ));
            continue;
        }
        let mut worst: Option<Worst> = None;
        for (index, &r) in want.indexed_iter() {
            let e = got[index.slice()];
            let rel = (e as f64 - r).abs() / (1.0 + r.abs());
            let rel = if rel.is_nan() { f64::INFINITY } else { rel };
            if worst.as_ref().is_none_or(|w| rel > w.rel) {
                worst = Some(Worst { name: name.clone(), index: index.slice().to_vec(), engine: e, reference: r, rel });
            }
        }
        let Some(worst) = worst else { continue };
        if worst.rel > REL_TOL {
            problems.push(format!(
                "tensor `{}` at index {:?}: engine = {:e}, reference = {:e}, |engine - ref| / (1 + |ref|) = {:e} > {REL_TOL:e}",
                worst.name, worst.index, worst.engine, worst.reference, worst.rel
            ));
        }
        if worst.rel > overall.rel || overall.name.is_empty() {
            overall = worst;
        }
    }
    assert!(
        problems.is_empty(),
        "{label}: {} tensor(s) disagree with the reference:\n{}",
        problems.len(),
        problems.join("\n")
    );
    println!(
        "{label}: {} tensors match; largest relative difference {:e} in `{}` at {:?} (engine {:e}, reference {:e})",
        reference.len(),
        overall.rel,
        overall.name,
        overall.index,
        overall.engine,
        overall.reference
    );
    overall
}

pub mod any_model;
pub mod on_screen;

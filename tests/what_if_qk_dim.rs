//! Note 002's qk_dim ≠ v_dim as a what-if (`half-qk`): W_q and W_k give each head d_k / 2
//! features, the trained rows of each head's block cut to its first d_k / 2; the scores keep
//! their (B, H, T_q, T_k) grid and are divided by √(d_k / 2); V, the context, the merged heads
//! and W_o keep d_k per head. Checked against a hand-written f64 computation from the model's
//! own (uncut) weights, on the tutor's model and on the shipped tiny Marian.

use transformer_tutor::explore::{Variant, run_variant};
use transformer_tutor::model::program::{AttnBlock, Stack};
use transformer_tutor::model::{Run, Weights};
use transformer_tutor::setup::{DEFAULT_SRC, DEFAULT_TGT, Setup, TokenInput, WeightSource, shipped_marian_dir};

fn setup(source: WeightSource) -> Setup {
    let tokens = |s: &str| TokenInput::Sentences(s.into());
    let tgt = match source {
        WeightSource::Trained => Some(tokens(DEFAULT_TGT)),
        _ => None, // the Marian decodes its own target
    };
    Setup::new(&source, &tokens(DEFAULT_SRC), tgt.as_ref()).expect("setup")
}

fn both(s: &Setup) -> (Run, Run) {
    let mut base = s.run();
    base.run_all();
    let w = run_variant(&base, s.shape(), Variant::HalfQk);
    let run = w.run.expect("half-qk runs");
    assert_eq!(run.program().op(w.kept).name, "enc.0.self_attn.q_proj", "forked at the first W_q");
    (base, run)
}

fn shape(r: &Run, name: &str) -> Vec<usize> {
    r.get(name).unwrap_or_else(|| panic!("{name}")).shape().to_vec()
}

/// y[t, o] = Σ_i x[t, i]·W[o, i] + b[o] for the rows `rows` of W, in f64.
fn project(
    x: &[f64],
    t: usize,
    d: usize,
    weight: &ndarray::ArcArray2<f32>,
    bias: &ndarray::Array1<f32>,
    rows: &[usize],
) -> Vec<f64> {
    let mut y = vec![0.0; t * rows.len()];
    for ti in 0..t {
        for (o, &r) in rows.iter().enumerate() {
            let mut acc = bias[r] as f64;
            for i in 0..d {
                acc += x[ti * d + i] * weight[[r, i]] as f64;
            }
            y[ti * rows.len() + o] = acc;
        }
    }
    y
}

/// Attention block `prefix` of `w` with each head's queries and keys cut to their first `d_qk`
/// features, computed in f64 from the tensors `run` handed it (its inputs and mask):
/// the block's output, (B, T_q, d) flattened.
fn reference(
    run: &Run,
    w: &Weights,
    stack: Stack,
    layer: usize,
    block: AttnBlock,
    prefix: &str,
    d_qk: usize,
) -> Vec<f64> {
    let program = run.program();
    let input_of = |name: &str| {
        let op = program.op(program.index_of(&format!("{prefix}.{name}")).unwrap());
        program.op(op.inputs[0]).name.clone()
    };
    let masked = program.op(program.index_of(&format!("{prefix}.masked")).unwrap());
    let mask = run.value(masked.inputs[1]).unwrap();
    let (x_q, x_kv) = (run.get(&input_of("q_proj")).unwrap(), run.get(&input_of("k_proj")).unwrap());
    let (b, t_q, t_k, d) = (x_q.shape()[0], x_q.shape()[1], x_kv.shape()[1], w.config.d_model);
    let (h, d_k) = (w.config.n_heads, w.config.d_k());
    let a = w.attention(stack, layer, block);
    let qk_rows: Vec<usize> = (0..h).flat_map(|hh| hh * d_k..hh * d_k + d_qk).collect();
    let all_rows: Vec<usize> = (0..d).collect();
    let mut out = Vec::new();
    for bi in 0..b {
        let xq: Vec<f64> =
            x_q.as_slice().unwrap()[bi * t_q * d..(bi + 1) * t_q * d].iter().map(|&v| v as f64).collect();
        let xkv: Vec<f64> =
            x_kv.as_slice().unwrap()[bi * t_k * d..(bi + 1) * t_k * d].iter().map(|&v| v as f64).collect();
        let q = project(&xq, t_q, d, &a.w_q.weight, &a.w_q.bias, &qk_rows);
        let k = project(&xkv, t_k, d, &a.w_k.weight, &a.w_k.bias, &qk_rows);
        let v = project(&xkv, t_k, d, &a.w_v.weight, &a.w_v.bias, &all_rows);
        let mut merged = vec![0.0; t_q * d];
        for hh in 0..h {
            for i in 0..t_q {
                let mut scores: Vec<f64> = (0..t_k)
                    .map(|j| {
                        let dot: f64 =
                            (0..d_qk).map(|f| q[i * h * d_qk + hh * d_qk + f] * k[j * h * d_qk + hh * d_qk + f]).sum();
                        let m = mask[[bi, 0, if mask.shape()[2] == 1 { 0 } else { i }, j]];
                        if m == 0.0 { -1e9 } else { dot / (d_qk as f64).sqrt() }
                    })
                    .collect();
                let top = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                scores.iter_mut().for_each(|s| *s = (*s - top).exp());
                let total: f64 = scores.iter().sum();
                for f in 0..d_k {
                    merged[i * d + hh * d_k + f] = (0..t_k).map(|j| scores[j] / total * v[j * d + hh * d_k + f]).sum();
                }
            }
        }
        out.extend(project(&merged, t_q, d, &a.w_o.weight, &a.w_o.bias, &all_rows));
    }
    out
}

fn check(source: WeightSource) {
    let s = setup(source);
    let (base, run) = both(&s);
    let config = &base.weights().config;
    let (h, d_k) = (config.n_heads, config.d_k());
    let d_qk = d_k / 2;
    let blocks = [
        (Stack::Encoder, 0, AttnBlock::SelfAttn, "enc.0.self_attn"),
        (Stack::Decoder, 0, AttnBlock::SelfAttn, "dec.0.self_attn"),
        (Stack::Decoder, 1, AttnBlock::CrossAttn, "dec.1.cross_attn"),
    ];
    for (stack, layer, block, prefix) in blocks {
        let at = |n: &str| format!("{prefix}.{n}");
        // q and k narrow; the scores' grid, v, the context, the merged heads and the output do not
        let (tq, tk) = (shape(&base, &at("q"))[2], shape(&base, &at("k"))[2]);
        let b = shape(&base, &at("q"))[0];
        assert_eq!(shape(&run, &at("q_proj")), [b, tq, h * d_qk], "{prefix}");
        assert_eq!(shape(&run, &at("k")), [b, h, tk, d_qk], "{prefix}");
        for same in ["scores", "weights", "v", "context", "merged", "out"] {
            assert_eq!(shape(&run, &at(same)), shape(&base, &at(same)), "{prefix}.{same}");
        }
        // the output, in f64 from the model's uncut weights (each head's first d_qk rows of W_q
        // and W_k) on the inputs and mask the variant's block read (the blocks before it changed
        // its stream too)
        let want = reference(&run, base.weights(), stack, layer, block, prefix, d_qk);
        let got = run.get(&at("out")).unwrap();
        assert_eq!(got.len(), want.len());
        let worst = got.iter().zip(&want).map(|(g, w)| (*g as f64 - w).abs()).fold(0.0, f64::max);
        assert!(worst < 1e-4, "{prefix}: differs from f64 by {worst}");
    }
}

#[test]
fn half_qk_on_the_tutors_model_matches_f64_and_keeps_the_scores_grid() {
    check(WeightSource::Trained);
}

#[test]
fn half_qk_on_the_tiny_marian_matches_f64_and_keeps_the_scores_grid() {
    check(WeightSource::Marian(shipped_marian_dir()));
}

/// The cut is a real change: the weights move, the scale is 1/√(d_k / 2), and the taught model's
/// scores are not the variant's.
#[test]
fn half_qk_changes_the_numbers_not_the_grid() {
    let s = setup(WeightSource::Trained);
    let (base, run) = both(&s);
    let name = "enc.0.self_attn.weights";
    let d = transformer_tutor::explore::measure::max_difference(base.get(name).unwrap(), run.get(name).unwrap());
    assert!(d > 1e-3, "{name} moves by {d}");
    let program = run.program();
    let scores = program.op(program.index_of("enc.0.self_attn.scores").unwrap());
    let d_qk = base.weights().config.d_k() / 2;
    assert_eq!(scores.kind, transformer_tutor::model::OpKind::Scale { d_k: d_qk });
}

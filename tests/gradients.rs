//! The backward pass against central finite differences computed in f64.
//!
//! Part 1: every operation kind's backward kernel on small random inputs. Each check takes a
//! random projection r of the output, L(x) = Σ r ⊙ op(x), and compares the kernel's gradient
//! (given d_out = r) with (L(x + h) − L(x − h)) / 2h, where op is written again here in f64.
//! Part 2: the whole model's parameter gradients on a tiny configuration, against finite
//! differences of the independent f64 reference (tests/common/reference.rs) and its loss.

mod common;

use common::reference::{reference_forward, reference_loss};
use ndarray::{Array2, ArrayD, Axis, IxDyn, array};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Arc;
use transformer_tutor::model::kernels;
use transformer_tutor::model::{Config, Inputs, Run, RunShape, Weights, build};

/// |analytic − numeric| / (1 + |numeric|) must stay below this.
const TOL: f64 = 1e-5;
const H: f64 = 1e-5;

fn random(rng: &mut ChaCha8Rng, shape: &[usize]) -> ArrayD<f64> {
    ArrayD::from_shape_fn(IxDyn(shape), |_| rng.random::<f64>() * 2.0 - 1.0)
}

fn f32s(x: &ArrayD<f64>) -> ArrayD<f32> {
    x.mapv(|v| v as f32)
}

/// Round to f32 and back, so the f64 forward sees exactly the numbers the f32 kernel sees.
fn as_f32_values(x: ArrayD<f64>) -> ArrayD<f64> {
    x.mapv(|v| v as f32 as f64)
}

/// d/dx_which of Σ r ⊙ f(inputs), by central differences, for every element.
fn numeric(
    inputs: &[ArrayD<f64>],
    which: usize,
    r: &ArrayD<f64>,
    f: &dyn Fn(&[ArrayD<f64>]) -> ArrayD<f64>,
) -> ArrayD<f64> {
    let mut grad = ArrayD::zeros(inputs[which].raw_dim());
    for (index, g) in grad.indexed_iter_mut() {
        let mut plus = inputs.to_vec();
        plus[which][&index] += H;
        let mut minus = inputs.to_vec();
        minus[which][&index] -= H;
        let lp = (&f(&plus) * r).sum();
        let lm = (&f(&minus) * r).sum();
        *g = (lp - lm) / (2.0 * H);
    }
    grad
}

fn assert_close(what: &str, analytic: &ArrayD<f32>, numeric: &ArrayD<f64>) {
    assert_eq!(analytic.shape(), numeric.shape(), "{what}: shapes differ");
    let mut worst = 0.0f64;
    for (a, n) in analytic.iter().zip(numeric.iter()) {
        let rel = (*a as f64 - n).abs() / (1.0 + n.abs());
        assert!(rel <= TOL, "{what}: analytic {a:e} vs finite differences {n:e} (rel {rel:e})");
        worst = worst.max(rel);
    }
    assert!(numeric.iter().any(|v| v.abs() > 1e-6), "{what}: the gradient is all zero, so the check proves nothing");
    println!("{what}: {} elements, largest relative difference {worst:e}", numeric.len());
}

// ---- f64 forwards, written from the formulas ----

fn softmax64(x: &ArrayD<f64>) -> ArrayD<f64> {
    let last = Axis(x.ndim() - 1);
    let mut out = x.clone();
    for mut row in out.lanes_mut(last) {
        let max = row.fold(f64::NEG_INFINITY, |m, &v| m.max(v));
        row.mapv_inplace(|v| (v - max).exp());
        let sum = row.sum();
        row.mapv_inplace(|v| v / sum);
    }
    out
}

/// (B, H, n, m) · (B, H, m, p), optionally transposing the second's last two axes.
fn bmm(a: &ArrayD<f64>, b: &ArrayD<f64>, transpose_b: bool) -> ArrayD<f64> {
    let (nb, nh, n, m) = (a.shape()[0], a.shape()[1], a.shape()[2], a.shape()[3]);
    let p = if transpose_b { b.shape()[2] } else { b.shape()[3] };
    ArrayD::from_shape_fn(IxDyn(&[nb, nh, n, p]), |ix| {
        (0..m)
            .map(|k| {
                let bv = if transpose_b { b[[ix[0], ix[1], ix[3], k]] } else { b[[ix[0], ix[1], k, ix[3]]] };
                a[[ix[0], ix[1], ix[2], k]] * bv
            })
            .sum()
    })
}

fn normalize64(x: &ArrayD<f64>) -> ArrayD<f64> {
    let last = Axis(x.ndim() - 1);
    let mut out = x.clone();
    for mut row in out.lanes_mut(last) {
        let n = row.len() as f64;
        let mean = row.sum() / n;
        let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
        row.mapv_inplace(|v| (v - mean) / (var + 1e-5).sqrt());
    }
    out
}

#[test]
fn linear_backward_matches_finite_differences() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let x = as_f32_values(random(&mut rng, &[2, 3, 5]));
    let w = as_f32_values(random(&mut rng, &[4, 5]));
    let b = as_f32_values(random(&mut rng, &[4]));
    let r = random(&mut rng, &[2, 3, 4]);
    let f = |i: &[ArrayD<f64>]| {
        let w2 = i[1].view().into_dimensionality::<ndarray::Ix2>().unwrap();
        let x2 = i[0].view().into_shape_with_order((6, 5)).unwrap();
        let y = x2.dot(&w2.t()) + i[2].view().into_dimensionality::<ndarray::Ix1>().unwrap();
        y.into_shape_with_order(IxDyn(&[2, 3, 4])).unwrap()
    };
    let inputs = [x.clone(), w.clone(), b.clone()];
    let w32 = f32s(&w).into_dimensionality::<ndarray::Ix2>().unwrap();
    let g = kernels::linear_backward(&f32s(&x), w32.view(), &f32s(&r));
    assert_close("linear d_x", &g.d_x, &numeric(&inputs, 0, &r, &f));
    assert_close("linear d_weight", &g.d_weight.into_dyn(), &numeric(&inputs, 1, &r, &f));
    assert_close("linear d_bias", &g.d_bias.into_dyn(), &numeric(&inputs, 2, &r, &f));
}

#[test]
fn attention_products_backward_match_finite_differences() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let q = as_f32_values(random(&mut rng, &[2, 2, 3, 4]));
    let k = as_f32_values(random(&mut rng, &[2, 2, 5, 4]));
    let scale = 0.5f32;
    let r = random(&mut rng, &[2, 2, 3, 5]);
    let f = |i: &[ArrayD<f64>]| bmm(&i[0], &i[1], true) * scale as f64;
    let (d_q, d_k) = kernels::scores_backward(&f32s(&q), &f32s(&k), scale, &f32s(&r));
    let inputs = [q, k];
    assert_close("scores d_q", &d_q, &numeric(&inputs, 0, &r, &f));
    assert_close("scores d_k", &d_k, &numeric(&inputs, 1, &r, &f));

    let weights = as_f32_values(random(&mut rng, &[2, 2, 3, 5]));
    let v = as_f32_values(random(&mut rng, &[2, 2, 5, 6]));
    let r = random(&mut rng, &[2, 2, 3, 6]);
    let f = |i: &[ArrayD<f64>]| bmm(&i[0], &i[1], false);
    let (d_w, d_v) = kernels::context_backward(&f32s(&weights), &f32s(&v), &f32s(&r));
    let inputs = [weights, v];
    assert_close("context d_weights", &d_w, &numeric(&inputs, 0, &r, &f));
    assert_close("context d_v", &d_v, &numeric(&inputs, 1, &r, &f));
}

#[test]
fn softmax_and_masks_backward_match_finite_differences() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let x = as_f32_values(random(&mut rng, &[2, 2, 3, 5]) * 3.0);
    let r = random(&mut rng, &[2, 2, 3, 5]);
    let y = kernels::softmax_last(&f32s(&x));
    let d_x = kernels::softmax_last_backward(&y, &f32s(&r));
    assert_close("softmax d_x", &d_x, &numeric(std::slice::from_ref(&x), 0, &r, &|i: &[ArrayD<f64>]| softmax64(&i[0])));

    // a (B, 1, 1, Tk) padding mask and a (1, 1, Tq, Tk) causal one
    let pad = array![[[[1.0, 1.0, 1.0, 0.0, 0.0]]], [[[1.0, 1.0, 1.0, 1.0, 1.0]]]].into_dyn();
    let causal = ArrayD::from_shape_fn(IxDyn(&[1, 1, 3, 5]), |ix| if ix[3] <= ix[2] + 1 { 1.0 } else { 0.0 });
    for (label, mask) in [("padding", pad), ("causal", causal)] {
        let fill = |i: &[ArrayD<f64>]| {
            let m = mask.broadcast(i[0].raw_dim()).unwrap();
            ndarray::Zip::from(&i[0]).and(&m).map_collect(|&s, &m| if m == 0.0 { -1e9 } else { s })
        };
        // through the softmax, as in the model: blocked cells get no gradient
        let f = |i: &[ArrayD<f64>]| softmax64(&fill(i));
        let masked = kernels::mask_fill(&f32s(&x), &f32s(&mask), kernels::MASK_FILL);
        let y = kernels::softmax_last(&masked);
        let d_masked = kernels::softmax_last_backward(&y, &f32s(&r));
        let d_scores = kernels::mask_fill_backward(&f32s(&mask), &d_masked);
        assert_close(
            &format!("mask_fill ({label}) + softmax d_scores"),
            &d_scores,
            &numeric(std::slice::from_ref(&x), 0, &r, &f),
        );
        let mult = |i: &[ArrayD<f64>]| &i[0] * &mask.broadcast(i[0].raw_dim()).unwrap();
        let d_mult = kernels::mask_multiply_backward(&f32s(&mask), &f32s(&r));
        assert_close(
            &format!("mask_multiply ({label}) d_scores"),
            &d_mult,
            &numeric(std::slice::from_ref(&x), 0, &r, &mult),
        );
    }
}

#[test]
fn heads_add_relu_backward_match_finite_differences() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let x = as_f32_values(random(&mut rng, &[2, 3, 8]));
    let r = random(&mut rng, &[2, 2, 3, 4]);
    // split (B, T, d) -> (B, H, T, d_k): out[b, h, t, j] = x[b, t, h*d_k + j]
    let split =
        |i: &[ArrayD<f64>]| ArrayD::from_shape_fn(IxDyn(&[2, 2, 3, 4]), |ix| i[0][[ix[0], ix[2], ix[1] * 4 + ix[3]]]);
    let d_x = kernels::merge_heads(&f32s(&r)); // the backward of a split is a merge
    assert_close("split_heads d_x", &d_x, &numeric(std::slice::from_ref(&x), 0, &r, &split));
    let r_merged = random(&mut rng, &[2, 3, 8]);
    let heads = split(std::slice::from_ref(&x));
    let merge =
        |i: &[ArrayD<f64>]| ArrayD::from_shape_fn(IxDyn(&[2, 3, 8]), |ix| i[0][[ix[0], ix[2] / 4, ix[1], ix[2] % 4]]);
    let d_heads = kernels::split_heads(&f32s(&r_merged), 2);
    assert_close("merge_heads d_x", &d_heads, &numeric(&[heads], 0, &r_merged, &merge));

    // the residual, and embed + PE with PE (T, d) broadcast over the batch
    let pe = as_f32_values(random(&mut rng, &[3, 8]));
    let add = |i: &[ArrayD<f64>]| &i[0] + &i[1];
    let (d_a, d_b) = kernels::add_backward(&[2, 3, 8], &[3, 8], &f32s(&r_merged));
    let inputs = [x.clone(), pe];
    assert_close("add d_a", &d_a, &numeric(&inputs, 0, &r_merged, &add));
    assert_close("add (broadcast) d_b", &d_b, &numeric(&inputs, 1, &r_merged, &add));

    let relu = |i: &[ArrayD<f64>]| i[0].mapv(|v| v.max(0.0));
    let d_relu = kernels::relu_backward(&f32s(&x), &f32s(&r_merged));
    assert_close("relu d_x", &d_relu, &numeric(&[x], 0, &r_merged, &relu));
}

#[test]
fn layer_norm_backward_matches_finite_differences() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let x = as_f32_values(random(&mut rng, &[2, 3, 6]) * 2.0);
    let r = random(&mut rng, &[2, 3, 6]);
    let d_x = kernels::normalize_backward(&f32s(&x), 1e-5, &f32s(&r));
    assert_close(
        "normalize d_x",
        &d_x,
        &numeric(std::slice::from_ref(&x), 0, &r, &|i: &[ArrayD<f64>]| normalize64(&i[0])),
    );

    let hat = as_f32_values(random(&mut rng, &[2, 3, 6]));
    let gamma = as_f32_values(random(&mut rng, &[6]));
    let beta = as_f32_values(random(&mut rng, &[6]));
    let f = |i: &[ArrayD<f64>]| &i[0] * &i[1] + &i[2];
    let g32 = f32s(&gamma).into_dimensionality::<ndarray::Ix1>().unwrap();
    let (d_hat, d_gamma, d_beta) = kernels::scale_shift_backward(&f32s(&hat), g32.view(), &f32s(&r));
    let inputs = [hat, gamma, beta];
    assert_close("scale_shift d_hat", &d_hat, &numeric(&inputs, 0, &r, &f));
    assert_close("scale_shift d_gamma", &d_gamma.into_dyn(), &numeric(&inputs, 1, &r, &f));
    assert_close("scale_shift d_beta", &d_beta.into_dyn(), &numeric(&inputs, 2, &r, &f));
}

#[test]
fn embedding_backward_matches_finite_differences_and_skips_pad() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let table = as_f32_values(random(&mut rng, &[5, 3]));
    let ids = array![[1usize, 4, 1, 0], [2, 0, 0, 0]];
    let r = random(&mut rng, &[2, 4, 3]);
    let f = |i: &[ArrayD<f64>]| ArrayD::from_shape_fn(IxDyn(&[2, 4, 3]), |ix| i[0][[ids[[ix[0], ix[1]]], ix[2]]]);
    let d_table = kernels::embed_backward(5, &ids, 0, &f32s(&r)).into_dyn();
    let mut want = numeric(&[table], 0, &r, &f);
    assert!(want.index_axis(Axis(0), 0).iter().any(|v| v.abs() > 0.0), "pad positions do read row 0");
    want.index_axis_mut(Axis(0), 0).fill(0.0); // padding_idx: the <pad> row receives no gradient
    assert_close("embed d_table (pad row 0)", &d_table, &want);
    assert!(d_table.index_axis(Axis(0), 0).iter().all(|&v| v == 0.0));
}

#[test]
fn cross_entropy_backward_matches_finite_differences() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let logits = as_f32_values(random(&mut rng, &[2, 3, 6]) * 2.0);
    let labels = array![[2usize, 5, 0], [1, 0, 0]]; // 0 is <pad>: ignored
    for eps in [0.0f32, 0.1] {
        let f = |i: &[ArrayD<f64>]| {
            let logp = softmax64(&i[0]).mapv(f64::ln);
            let mut total = 0.0;
            for ((b, t), &l) in labels.indexed_iter() {
                if l != 0 {
                    let row = logp.index_axis(Axis(0), b);
                    let row = row.index_axis(Axis(0), t);
                    total += -(1.0 - eps as f64) * row[l] - eps as f64 * row.mean().unwrap();
                }
            }
            ndarray::arr0(total / 3.0).into_dyn()
        };
        let one = ndarray::arr0(1.0).into_dyn();
        let want = numeric(std::slice::from_ref(&logits), 0, &one, &f);
        let got = kernels::cross_entropy_backward(&f32s(&logits), &labels, 0, eps, 1.0);
        assert_close(&format!("cross_entropy (ε = {eps}) d_logits"), &got, &want);
        let loss = kernels::cross_entropy(&f32s(&logits), &labels, 0, eps);
        let want_loss = f(std::slice::from_ref(&logits)).sum();
        assert!((loss.sum() as f64 - want_loss).abs() / (1.0 + want_loss) < TOL, "loss {loss} vs {want_loss}");
    }
}

/// A tiny model with every parameter moved off its initial value (γ = 1, β = 0 would hide bugs).
fn tiny_weights() -> Weights {
    let config = Config {
        d_model: 8,
        n_heads: 2,
        d_ff: 12,
        n_layers: 2,
        dec_layers: 2,
        src_vocab: 7,
        tgt_vocab: 9,
        max_len: 16,
        pad_idx: 0,
        conventions: Default::default(),
    };
    let mut w = Weights::init(&config, 11);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    w.visit_mut(|name, mut a| {
        if !name.ends_with("embed.weight") {
            a.mapv_inplace(|v| v + (rng.random::<f32>() - 0.5) * 0.5);
        }
    });
    w
}

#[test]
fn whole_model_gradients_match_finite_differences_of_the_reference() {
    let weights = Arc::new(tiny_weights());
    let src = array![[3usize, 4, 5, 6], [5, 2, 0, 0]];
    let tgt_in = array![[2usize, 4, 5, 6, 7], [2, 3, 8, 0, 0]];
    let labels = array![[4usize, 5, 6, 7, 3], [3, 8, 3, 0, 0]];
    let smoothing = 100; // ε = 0.1
    let shape = RunShape { batch: 2, t_src: 4, t_tgt: 5 };
    let program = Arc::new(build::training(&weights.config, shape, smoothing));
    let inputs = Inputs {
        src_ids: Some(src.clone()),
        tgt_ids: Some(tgt_in.clone()),
        labels: Some(labels.clone()),
        ..Default::default()
    };
    let mut run = Run::new(program, weights.clone(), inputs);
    run.run_all();
    let grads = run.backward();

    let w64: BTreeMap<String, ArrayD<f64>> =
        weights.to_named().into_iter().map(|(k, v)| (k, v.mapv(f64::from))).collect();
    let loss = |w: &BTreeMap<String, ArrayD<f64>>| reference_loss(w, 2, 0, &src, &tgt_in, &labels, 0.1);
    let ref_loss = loss(&w64);
    assert!(
        (grads.loss as f64 - ref_loss).abs() / (1.0 + ref_loss) < TOL,
        "loss {} vs reference {ref_loss}",
        grads.loss
    );
    let ref_logits = &reference_forward(&weights.to_named().into_iter().collect(), 2, 0, &src, &tgt_in)["logits"];
    assert_eq!(grads.tensor("logits").map(|g| g.shape().to_vec()), Some(ref_logits.shape().to_vec()));

    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut checked = 0;
    let mut worst = (0.0f64, String::new());
    for (name, engine) in grads.params.to_named() {
        let n = engine.len();
        // every element of small tensors, 12 random ones of larger
        let picks: Vec<usize> =
            if n <= 24 { (0..n).collect() } else { (0..12).map(|_| rng.random_range(0..n)).collect() };
        for flat in picks {
            let mut plus = w64.clone();
            plus.get_mut(&name).unwrap().as_slice_mut().unwrap()[flat] += H;
            let mut minus = w64.clone();
            minus.get_mut(&name).unwrap().as_slice_mut().unwrap()[flat] -= H;
            let fd = (loss(&plus) - loss(&minus)) / (2.0 * H);
            let got = engine.as_slice().unwrap()[flat] as f64;
            let rel = (got - fd).abs() / (1.0 + fd.abs());
            assert!(rel <= TOL, "d loss / d {name}[{flat}]: backward {got:e}, finite differences {fd:e} (rel {rel:e})");
            if rel > worst.0 {
                worst = (rel, format!("{name}[{flat}]"));
            }
            checked += 1;
        }
    }
    // the <pad> rows of both embeddings get no gradient
    let src_grad: Array2<f32> = grads.params.src_embed.to_owned();
    assert!(src_grad.row(0).iter().all(|&v| v == 0.0));
    assert!(grads.params.tgt_embed.row(0).iter().all(|&v| v == 0.0));
    // Every parameter tensor gets a gradient except the key biases: b_k adds q·b_k to every
    // score of a query row alike, and softmax does not change when a whole row shifts.
    for (name, g) in grads.params.to_named() {
        let largest = g.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        if name.ends_with(".w_k.bias") {
            assert!(largest < 1e-6, "{name}: the key bias cannot change the loss, yet its gradient is {largest:e}");
        } else {
            assert!(largest > 1e-6, "{name} gets no gradient");
        }
    }
    println!("{checked} parameter gradients match; largest relative difference {:e} at {}", worst.0, worst.1);
}

/// Where a gradient reaches, as the lesson loader asks it without a backward pass
/// (`backward::gradient_reaches`, from the program's shape), is where the backward pass itself
/// leaves one: every operation of the training program of the tutor's model and of the shipped
/// tiny Marian.
#[test]
fn gradient_reaches_is_where_backward_leaves_a_gradient() {
    use transformer_tutor::setup::{Setup, TokenInput, WeightSource, shipped_marian_dir};
    let sources = [WeightSource::Trained, WeightSource::Marian(shipped_marian_dir())];
    for (source, (src, tgt)) in sources.iter().zip([("我 爱 你", "i love you"), ("我爱你。", "I love you.")]) {
        let weights = Arc::new(source.load().expect("the shipped weights load"));
        let setup =
            Setup::with_weights(weights, &TokenInput::Sentences(src.into()), Some(&TokenInput::Sentences(tgt.into())))
                .expect("known words")
                .for_training(true);
        let mut run = setup.run();
        run.run_all();
        let gradients = run.gradients().expect("a training run has a loss");
        let reaches = transformer_tutor::model::backward::gradient_reaches(run.program());
        let mut some = 0;
        for (i, op) in run.program().ops().iter().enumerate() {
            let has = gradients.tensor(&op.name).is_some();
            assert_eq!(reaches[i], has, "{source:?}: {} ({:?})", op.name, op.kind);
            some += usize::from(has);
        }
        // not a vacuous agreement: most operations have a gradient, the masks and ids none
        assert!(some > run.program().len() / 2 && some < run.program().len(), "{source:?}: {some}");
    }
}

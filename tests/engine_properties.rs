//! Properties of the engine's forward pass over random seeds and random sentences (random words
//! of the vocabulary, rows of random lengths, random trailing `<pad>`s):
//! attention rows are distributions that give masked keys exactly zero weight, LayerNorm's `hat`
//! has mean 0 and variance 1 per token, every shape is the program's and the specification's,
//! stepping back and forward recomputes identical tensors, and `probs` rows sum to 1.

mod common;

use common::expected_shapes;
use ndarray::{ArrayD, Axis, Ix3, Ix4};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use transformer_tutor::model::{Preset, Run, Vocab};
use transformer_tutor::setup::{Setup, TokenInput, WeightSource};

/// Every token of one side's vocabulary except `<pad>` (padding is added explicitly, at the end).
fn words(src: bool) -> Vec<String> {
    let vocabs = transformer_tutor::corpus::vocabs();
    let vocab: &Vocab = if src { &vocabs.src } else { &vocabs.tgt };
    (1..vocab.len()).map(|id| vocab.word(id)).collect()
}

/// One sentence: 1..=8 random tokens then 0..=2 `<pad>` tokens.
fn sentence(src: bool) -> impl Strategy<Value = String> {
    let n = words(src).len();
    (prop::collection::vec(0..n, 1..=8), 0usize..=2).prop_map(move |(picks, pads)| {
        let words = words(src);
        let mut tokens: Vec<String> = picks.into_iter().map(|i| words[i].clone()).collect();
        tokens.extend(std::iter::repeat_n("<pad>".to_string(), pads));
        tokens.join(" ")
    })
}

/// A batch of 1..=3 rows: (source text, target text), rows separated by `;`.
fn batch() -> impl Strategy<Value = (String, String)> {
    (1usize..=3).prop_flat_map(|b| {
        (prop::collection::vec(sentence(true), b), prop::collection::vec(sentence(false), b))
            .prop_map(|(s, t)| (s.join(" ; "), t.join(" ; ")))
    })
}

fn setup(seed: u64, src: &str, tgt: &str) -> Setup {
    Setup::new(
        &WeightSource::Seeded { preset: Preset::Tutor, seed },
        &TokenInput::Sentences(src.into()),
        Some(&TokenInput::Sentences(tgt.into())),
    )
    .unwrap_or_else(|e| panic!("setup failed for {src:?} / {tgt:?}: {e}"))
}

fn full_run(s: &Setup) -> Run {
    let mut run = s.run();
    run.run_all();
    run
}

fn get<'a>(run: &'a Run, name: &str) -> Result<&'a ArrayD<f32>, TestCaseError> {
    run.get(name).ok_or_else(|| TestCaseError::fail(format!("the engine computed no `{name}`")))
}

fn same_bits(a: &ArrayD<f32>, b: &ArrayD<f32>) -> bool {
    a.shape() == b.shape() && a.iter().zip(b.iter()).all(|(x, y)| x.to_bits() == y.to_bits())
}

/// Whether attention `name` may look from query `i` to key `j` of batch row `b`, from the ids.
fn allowed(s: &Setup, name: &str, b: usize, i: usize, j: usize) -> bool {
    let pad = s.weights.config.pad_idx;
    if name.starts_with("dec.") && name.contains(".self_attn.") {
        s.tgt_ids[[b, j]] != pad && j <= i
    } else {
        s.src_ids[[b, j]] != pad
    }
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 32, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn attention_rows_are_distributions_with_exact_zeros((src, tgt) in batch(), seed in any::<u64>()) {
        let s = setup(seed, &src, &tgt);
        let run = full_run(&s);
        let mut checked = 0;
        for name in run.program().names().filter(|n| n.ends_with("_attn.weights")) {
            checked += 1;
            let w = get(&run, name)?.view().into_dimensionality::<Ix4>().expect("weights are 4-d");
            let (nb, nh, tq, tk) = w.dim();
            for b in 0..nb {
                for h in 0..nh {
                    for i in 0..tq {
                        let mut total = 0.0f64;
                        for j in 0..tk {
                            let v = w[[b, h, i, j]];
                            total += v as f64;
                            if !allowed(&s, name, b, i, j) {
                                prop_assert!(v == 0.0, "`{name}`[{b},{h},{i},{j}] is masked but has weight {v:e}");
                            } else {
                                prop_assert!(v >= 0.0, "`{name}`[{b},{h},{i},{j}] = {v:e} < 0");
                            }
                        }
                        prop_assert!((total - 1.0).abs() <= 1e-5, "`{name}` row [{b},{h},{i}] sums to {total}");
                    }
                }
            }
        }
        prop_assert_eq!(checked, 3 * s.weights.config.n_layers, "attention blocks found");
    }

    #[test]
    fn layer_norm_hat_is_standardised((src, tgt) in batch(), seed in any::<u64>()) {
        let s = setup(seed, &src, &tgt);
        let run = full_run(&s);
        let mut checked = 0;
        for name in run.program().names().filter(|n| n.contains(".norm") && n.ends_with(".hat")) {
            checked += 1;
            let hat = get(&run, name)?.view().into_dimensionality::<Ix3>().expect("hat is 3-d");
            for (b, row) in hat.axis_iter(Axis(0)).enumerate() {
                for (t, token) in row.axis_iter(Axis(0)).enumerate() {
                    let d = token.len() as f64;
                    let mean = token.iter().map(|&v| v as f64).sum::<f64>() / d;
                    let var = token.iter().map(|&v| (v as f64 - mean).powi(2)).sum::<f64>() / d;
                    prop_assert!(mean.abs() < 1e-5, "`{name}`[{b},{t}] has mean {mean:e}");
                    prop_assert!((var - 1.0).abs() < 1e-3, "`{name}`[{b},{t}] has variance {var}");
                }
            }
        }
        prop_assert_eq!(checked, 5 * s.weights.config.n_layers, "Add & Norm blocks found");
    }

    #[test]
    fn shapes_match_program_and_spec((src, tgt) in batch(), seed in any::<u64>()) {
        let s = setup(seed, &src, &tgt);
        let run = full_run(&s);
        let program = run.program();
        prop_assert!(run.is_done());
        for i in 0..program.len() {
            let op = program.op(i);
            let value = run.value(i).ok_or_else(|| TestCaseError::fail(format!("op {i} `{}` not computed", op.name)))?;
            prop_assert_eq!(value.shape(), op.shape.as_slice(), "op {} `{}`", i, &op.name);
        }
        let (b, ts) = s.src_ids.dim();
        let want = expected_shapes(&s.weights.config, b, ts, s.tgt_ids.ncols());
        for (name, shape) in &want {
            let index = program
                .index_of(name)
                .ok_or_else(|| TestCaseError::fail(format!("the program has no `{name}`")))?;
            prop_assert_eq!(&program.op(index).shape, shape, "program shape of `{}`", name);
            prop_assert_eq!(get(&run, name)?.shape(), shape.as_slice(), "computed shape of `{}`", name);
        }
    }

    #[test]
    fn step_back_step_recomputes_identically((src, tgt) in batch(), seed in any::<u64>(), resume in 0usize..1000) {
        let s = setup(seed, &src, &tgt);
        let mut run = s.run();
        let n = run.program().len();
        prop_assert!(n > 0);
        prop_assert_eq!(run.back(), None, "back() at the start");
        for i in 0..n {
            prop_assert_eq!(run.cursor(), i);
            prop_assert_eq!(run.step(), Some(i));
            let first = run.value(i).expect("just computed").clone();
            prop_assert_eq!(run.back(), Some(i));
            prop_assert_eq!(run.cursor(), i);
            prop_assert!(run.value(i).is_none(), "op {} still present after back()", i);
            prop_assert_eq!(run.step(), Some(i));
            let again = run.value(i).expect("just recomputed");
            prop_assert!(same_bits(&first, again), "op {} `{}` differs after step, back, step", i, &run.program().op(i).name);
        }
        prop_assert_eq!(run.step(), None, "step() past the end");
        prop_assert!(run.is_done());

        // going back to any point and running on gives the same tensors as before
        let before: Vec<ArrayD<f32>> = (0..n).map(|i| run.value(i).expect("computed").clone()).collect();
        let k = resume % n;
        run.seek(k);
        prop_assert_eq!(run.cursor(), k + 1);
        run.run_all();
        for (i, old) in before.iter().enumerate() {
            let new = run.value(i).expect("recomputed");
            prop_assert!(same_bits(old, new), "op {} `{}` differs after seek({}) and run_all", i, &run.program().op(i).name, k);
        }
    }

    #[test]
    fn probs_rows_sum_to_one((src, tgt) in batch(), seed in any::<u64>()) {
        let s = setup(seed, &src, &tgt);
        let run = full_run(&s);
        let probs = get(&run, "probs")?.view().into_dimensionality::<Ix3>().expect("probs is 3-d");
        prop_assert_eq!(probs.dim().2, s.weights.config.tgt_vocab);
        for (b, row) in probs.axis_iter(Axis(0)).enumerate() {
            for (t, p) in row.axis_iter(Axis(0)).enumerate() {
                let total = p.iter().map(|&v| v as f64).sum::<f64>();
                prop_assert!((total - 1.0).abs() <= 1e-5, "probs[{b},{t}] sums to {total}");
                prop_assert!(p.iter().all(|&v| (0.0..=1.0).contains(&v)), "probs[{b},{t}] has a value outside [0, 1]");
            }
        }
    }
}

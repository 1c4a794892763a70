//! "Where does this number come from?": the derivation of a cell recomputes it from the
//! operands (f64 loops, not the kernels) and must land on the engine's value, for every kind of
//! operation, in the taught model and in the what-if variants that bring their own kinds.

use std::collections::BTreeSet;
use transformer_tutor::explore::derive::derive;
use transformer_tutor::explore::{Variant, run_variant};
use transformer_tutor::model::{Run, build};
use transformer_tutor::setup::{DEFAULT_SRC, DEFAULT_TGT, Setup, TokenInput, WeightSource};

fn setup() -> Setup {
    Setup::new(
        &WeightSource::Trained,
        &TokenInput::Sentences(DEFAULT_SRC.into()),
        Some(&TokenInput::Sentences(DEFAULT_TGT.into())),
    )
    .expect("setup")
}

/// Cells to check in a tensor of `shape`: the first, the last, and a spread of others.
fn cells(shape: &[usize]) -> Vec<Vec<usize>> {
    let total: usize = shape.iter().product();
    let picks = [0, total / 7, total / 3, total / 2, 2 * total / 3, total.saturating_sub(1)];
    picks
        .iter()
        .map(|&flat| {
            let mut rest = flat;
            let mut at = vec![0; shape.len()];
            for axis in (0..shape.len()).rev() {
                at[axis] = rest % shape[axis];
                rest /= shape[axis];
            }
            at
        })
        .collect()
}

/// Check every operation of a run at a spread of cells; returns the kinds checked.
fn check_run(label: &str, run: &Run, setup: &Setup) -> BTreeSet<&'static str> {
    let mut kinds = BTreeSet::new();
    for (i, op) in run.program().ops().iter().enumerate() {
        let engine = run.value(i).expect("computed");
        if engine.ndim() == 0 {
            continue;
        }
        for at in cells(engine.shape()) {
            let d = derive(run, setup, i, &at).unwrap_or_else(|| panic!("{label}: no derivation of {}{at:?}", op.name));
            let e = engine[ndarray::IxDyn(&at)] as f64;
            let same =
                (d.value.is_nan() && e.is_nan()) || d.value == e || (d.value - e).abs() / (1.0 + e.abs()) <= 1e-5;
            assert!(same, "{label}: {}{at:?}: derived {} vs engine {e}\n{}", op.name, d.value, d.lines.join("\n"));
            assert!(d.lines.len() >= 3, "{label}: {} has heading, steps and result", op.name);
        }
        kinds.insert(op.kind.label());
    }
    kinds
}

#[test]
fn every_cell_derivation_recomputes_the_engines_value_for_every_operation_kind() {
    let s = setup();
    let mut run = s.run();
    run.run_all();
    let mut kinds = check_run("taught", &run, &s);
    // kinds only the what-ifs have: a mask of ones, note 000's q & k mask with -inf (and its
    // NaN), the multiplied mask
    for v in [Variant::NoCausalMask, Variant::MinusInfinity, Variant::MultipliedMask, Variant::NoScale, Variant::PreLn]
    {
        let w = run_variant(&run, s.shape(), v);
        kinds.extend(check_run(v.name(), w.run.as_ref().unwrap(), &s));
    }
    // an attention block on its own starts from an Input
    let config = &s.weights.config;
    let program = std::sync::Arc::new(build::attention_block(config, 1, 3));
    let x =
        ndarray::ArrayD::from_shape_fn(ndarray::IxDyn(&[1, 3, config.d_model]), |i| (i[1] * 7 + i[2]) as f32 / 50.0);
    let mut inputs = transformer_tutor::model::Inputs::default();
    inputs.tensors.insert("x".into(), std::sync::Arc::new(x));
    let mut block = Run::new(program, s.weights.clone(), inputs);
    block.run_all();
    kinds.extend(check_run("attention block", &block, &s));

    let all = [
        "Input",
        "Embed",
        "PosEnc",
        "AddPE",
        "PadMask",
        "PadMaskQK",
        "CausalMask",
        "OnesMask",
        "MaskAnd",
        "Linear",
        "SplitHeads",
        "MatMulT",
        "Scale",
        "MaskFill",
        "Softmax",
        "MatMul",
        "MergeHeads",
        "Add",
        "ReLU",
        "Normalize",
        "ScaleShift",
        "Identity",
    ];
    for kind in all {
        assert!(kinds.contains(kind), "no derivation was checked for {kind}: {kinds:?}");
    }
}

#[test]
fn a_score_lists_its_d_k_products_and_divides_by_the_root() {
    let s = setup();
    let mut run = s.run();
    run.run_all();
    let qk = run.program().index_of("dec.0.cross_attn.qk").unwrap();
    let d = derive(&run, &s, qk, &[0, 1, 3, 4]).unwrap();
    let text = d.lines.join("\n");
    assert!(text.contains("Σ over 8 terms of dec.0.cross_attn.q × dec.0.cross_attn.k"), "{text}");
    assert_eq!(d.lines.iter().filter(|l| l.starts_with("  [")).count(), 8, "all 8 products listed:\n{text}");
    let scores = run.program().index_of("dec.0.cross_attn.scores").unwrap();
    let d = derive(&run, &s, scores, &[0, 1, 3, 4]).unwrap();
    assert!(d.lines.join("\n").contains("/ √8"), "{:?}", d.lines);
    let embed = run.program().index_of("src.embed").unwrap();
    let d = derive(&run, &s, embed, &[0, 4, 2]).unwrap();
    assert!(d.lines[1].starts_with("token `猫` has id"), "{:?}", d.lines);
}

/// On the backward pass, cell mode's chain rule (each path's upstream gradient times its local
/// derivative, in f64 over the forward values) lands on the engine's gradient, for every
/// operation with a gradient and every kind of path: within 1e-5 relative, measured against the
/// cell or a tenth of the tensor's largest gradient, whichever is larger (where paths cancel to
/// almost nothing, what is left is the engine's float32 rounding of the larger terms).
#[test]
fn every_gradient_cell_derivation_recomputes_the_engines_gradient() {
    use transformer_tutor::explore::derive_gradient::derive_gradient;
    let weights = std::sync::Arc::new(WeightSource::Trained.load().expect("weights"));
    let catalog = transformer_tutor::lesson::Catalog::built_in(&weights).expect("lessons");
    let lesson = catalog.get("learning").expect("the learning lesson");
    let setup = Setup::with_weights(
        weights,
        &TokenInput::Sentences(lesson.src.clone()),
        Some(&TokenInput::Sentences(lesson.tgt.clone())),
    )
    .expect("setup")
    .for_training(lesson.training);
    let mut run = setup.run();
    run.run_all();
    let grads = run.gradients().expect("a training run");
    let (mut checked, mut kinds, mut worst) = (0, BTreeSet::new(), 0.0f64);
    for (i, op) in run.program().ops().iter().enumerate() {
        let Some(engine) = grads.tensor(&op.name) else { continue };
        let largest = engine.iter().fold(0.0f64, |m, &g| m.max((g as f64).abs()));
        for at in cells(engine.shape()) {
            let d = derive_gradient(&run, i, &at).unwrap_or_else(|| panic!("no derivation of ∂L/∂{}{at:?}", op.name));
            let e = engine[ndarray::IxDyn(&at)] as f64;
            let err = (d.value - e).abs() / e.abs().max(largest * 0.1).max(1e-30);
            worst = worst.max(err);
            assert!(err <= 1e-5, "∂L/∂{}{at:?}: derived {} vs engine {e}\n{}", op.name, d.value, d.lines.join("\n"));
            assert!(d.lines.len() >= 3, "∂L/∂{} has heading, a path and the result", op.name);
            checked += 1;
        }
        for consumer in run.program().ops().iter().filter(|o| o.inputs.contains(&i)) {
            kinds.insert(consumer.kind.label());
        }
    }
    eprintln!("{checked} gradient cells, worst relative error {worst:e}, paths through {kinds:?}");
    for kind in ["Add", "Linear", "SplitHeads", "MergeHeads", "MatMulT", "Scale", "MaskFill", "Softmax", "MatMul"] {
        assert!(kinds.contains(kind), "a path through {kind} is checked");
    }
    for kind in ["ReLU", "Normalize", "ScaleShift", "CrossEntropy", "AddPE"] {
        assert!(kinds.contains(kind), "a path through {kind} is checked");
    }
    assert!(checked > 200, "{checked} cells");
}

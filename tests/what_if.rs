//! What-if variants and the notes' mistakes: each builds another program; running it forks the
//! taught model's run at the first operation whose definition differs, keeps every tensor before
//! it (the same memory, not recomputed), and changes what the switch says it changes.

use std::sync::Arc;
use transformer_tutor::explore::measure::{
    changed_predictions, drift, mask_of, nan_counts, pad_row_differences, sharpness, source_sensitivity,
    weight_on_hidden,
};
use transformer_tutor::explore::{Variant, VariantRun, run_variant};
use transformer_tutor::model::kernels;
use transformer_tutor::model::program::OpKind;
use transformer_tutor::model::{Run, build};
use transformer_tutor::setup::{DEFAULT_SRC, DEFAULT_TGT, Setup, TokenInput, WeightSource};

fn setup(src: &str, tgt: &str) -> Setup {
    Setup::new(&WeightSource::Trained, &TokenInput::Sentences(src.into()), Some(&TokenInput::Sentences(tgt.into())))
        .expect("setup")
}

fn taught(s: &Setup) -> Run {
    let mut run = s.run();
    run.run_all();
    run
}

fn variant(s: &Setup, base: &Run, v: Variant) -> (VariantRun, Run) {
    let w = run_variant(base, s.shape(), v);
    let run = w.run.clone().unwrap_or_else(|e| panic!("{v:?} should run: {e}"));
    (w, run)
}

/// The first operation whose definition differs between the two programs.
fn first_difference(a: &Run, b: &Run) -> usize {
    a.program().ops().iter().zip(b.program().ops()).take_while(|(x, y)| x == y).count()
}

#[test]
fn every_runnable_variant_keeps_the_tensors_before_its_first_change_and_recomputes_none_of_them() {
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);
    for (name, v) in Variant::ALL.into_iter().filter(|(_, v)| !v.swaps_weights()) {
        let w = run_variant(&base, s.shape(), v);
        let Ok(run) = &w.run else { continue };
        let first = first_difference(&base, run);
        assert_eq!(w.kept, first, "{name}: kept everything up to the first differing op");
        assert!(first < base.program().len(), "{name}: the variant differs somewhere");
        for i in 0..first {
            assert!(run.shares_value(&base, i), "{name}: op {i} {} was recomputed", base.program().op(i).name);
        }
        assert!(run.is_done(), "{name}: ran to the end");
    }
}

#[test]
fn each_switch_first_changes_the_operation_it_is_about() {
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);
    let first_changed = |v: Variant| {
        let (w, run) = variant(&s, &base, v);
        run.program().op(w.kept).name.clone()
    };
    assert_eq!(first_changed(Variant::NoScale), "enc.0.self_attn.scores");
    assert_eq!(first_changed(Variant::MaskOff), "enc.0.self_attn.masked");
    assert_eq!(first_changed(Variant::MultipliedMask), "enc.0.self_attn.masked");
    assert_eq!(first_changed(Variant::NoCausalMask), "tgt.causal");
    assert_eq!(first_changed(Variant::TgtMaskNoPadding), "tgt.pad_mask");
    // note 000's q & k padding mask is (B, 1, T, T): the source mask itself changes
    assert_eq!(first_changed(Variant::MinusInfinity), "src.mask");
    assert_eq!(first_changed(Variant::PreLn), "enc.0.norm1.hat");
    assert_eq!(first_changed(Variant::NoNorm), "enc.0.ffn.pre"); // reads the sum: no hat, no out
    assert_eq!(first_changed(Variant::NoResidual), "enc.0.norm1.sum");
    assert_eq!(first_changed(Variant::Eps1e10), "enc.0.norm1.hat");
    assert_eq!(first_changed(Variant::DroppedNorm), "enc.0.ffn.pre");
    assert_eq!(first_changed(Variant::DecoderWithoutCross), "dec.0.ffn.pre");
    assert_eq!(first_changed(Variant::FfnResidualBeforeCross), "dec.0.norm3.sum");
    // note 002's qk_dim: the first W_q is narrower (tests/what_if_qk_dim.rs checks the rest)
    assert_eq!(first_changed(Variant::HalfQk), "enc.0.self_attn.q_proj");
    // the operations themselves
    let (_, run) = variant(&s, &base, Variant::NoScale);
    let scores = run.program().index_of("enc.0.self_attn.scores").unwrap();
    assert_eq!(run.program().op(scores).kind, OpKind::Identity);
    assert_eq!(run.get("enc.0.self_attn.scores"), base.get("enc.0.self_attn.qk"), "unscaled scores are q·kᵀ");
}

#[test]
fn no_scale_sharpens_the_softmax_rows() {
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);
    let (_, run) = variant(&s, &base, Variant::NoScale);
    for name in ["enc.0.self_attn.weights", "dec.0.cross_attn.weights"] {
        let (a, b) = (sharpness(base.get(name).unwrap()), sharpness(run.get(name).unwrap()));
        assert!(b.max_weight > a.max_weight, "{name}: max weight {} -> {}", a.max_weight, b.max_weight);
        assert!(b.entropy < a.entropy, "{name}: entropy {} -> {}", a.entropy, b.entropy);
    }
}

#[test]
fn without_the_causal_mask_future_keys_get_weight_and_predictions_change() {
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);
    let name = "dec.0.self_attn.weights";
    let mask = mask_of(&base, name).unwrap();
    assert_eq!(weight_on_hidden(base.get(name).unwrap(), mask), 0.0, "the taught model hides them exactly");
    for v in [Variant::NoCausalMask, Variant::MultipliedMask, Variant::MaskOff] {
        let (_, run) = variant(&s, &base, v);
        assert!(weight_on_hidden(run.get(name).unwrap(), mask) > 0.05, "{v:?}: hidden keys get weight");
    }
    let (_, run) = variant(&s, &base, Variant::NoCausalMask);
    assert!(!changed_predictions(&base, &run).is_empty(), "the trained model relies on the causal mask");
}

#[test]
fn minus_infinity_under_the_q_and_k_padding_mask_makes_nan_that_spreads_to_the_output() {
    // sentence 1's source pads one position: under q & k its <pad> query row is fully masked
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);
    let (_, run) = variant(&s, &base, Variant::MinusInfinity);
    let nans = nan_counts(&run);
    assert_eq!(nans[0].0, "enc.0.self_attn.weights", "NaN starts at the softmax of a fully masked row");
    assert!(nans.iter().any(|(n, count, _)| n == "probs" && *count > 0), "and reaches the output: {nans:?}");
    assert!(nan_counts(&base).is_empty(), "the taught model has no NaN");
    // with -1e9 the same q & k mask gives a uniform row instead (the notes' choice)
    let arch = transformer_tutor::model::Arch {
        pad_mask: transformer_tutor::model::arch::PadMask::QueryAndKey,
        ..Default::default()
    };
    let program = build::variant(&base.weights().config, s.shape(), &arch).unwrap();
    let mut minus_billion = base.fork(Arc::new(program), base.inputs().clone());
    minus_billion.run_all();
    assert!(nan_counts(&minus_billion).is_empty());
}

#[test]
fn without_residual_or_layernorm_the_per_token_statistics_drift() {
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);
    let std_of = |r: &Run, layer: &str| drift(r).into_iter().find(|l| l.layer == layer).unwrap().mean_std;
    // post-LN: every layer output has per-token std ≈ 1 (γ, β aside)
    let (_, no_norm) = variant(&s, &base, Variant::NoNorm);
    assert!(std_of(&no_norm, "dec.1") > 2.0 * std_of(&base, "dec.1"), "no LayerNorm: the stream grows");
    let (_, pre) = variant(&s, &base, Variant::PreLn);
    assert!(std_of(&pre, "dec.1") > 1.2 * std_of(&base, "dec.1"), "pre-LN's stream is not normalised");
    // without the residual, LayerNorm still rescales each token, but the token's own vector is
    // gone from the stream: the trained model's predictions change
    let (_, no_residual) = variant(&s, &base, Variant::NoResidual);
    assert!(!changed_predictions(&base, &no_residual).is_empty());
}

#[test]
fn the_notes_mistakes_show_their_symptoms() {
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);

    // 000: the decoder of EncoderLayers never reads the source
    let (_, blind) = variant(&s, &base, Variant::DecoderWithoutCross);
    assert_eq!(source_sensitivity(&blind), 0.0);
    assert!(source_sensitivity(&base) > 0.1);

    // 000: the len_k repeat cannot build cross-attention's mask when T_src ≠ T_tgt (5 vs 8) ...
    let w = run_variant(&base, s.shape(), Variant::RepeatLenK);
    let e = w.run.unwrap_err();
    assert!(e.to_string().contains("must match the size of tensor b (5) at non-singleton dimension 2"), "{e}");
    // ... and when the lengths happen to agree it runs, equal to the correct q & k mask
    let same = setup("我有猫", "<bos> I have");
    let same_base = taught(&same);
    assert!(run_variant(&same_base, same.shape(), Variant::RepeatLenK).run.is_ok());

    // 001: the multiplied mask is in the switch test above; 002: no padding part changes only <pad> rows
    let (_, no_pad) = variant(&s, &base, Variant::TgtMaskNoPadding);
    let (real, pad) = pad_row_differences(&base, &no_pad);
    assert_eq!(real, 0.0, "right-padded: the causal mask already hides the pads from real queries");
    assert!(pad > 0.01, "the <pad> query rows change");
    assert!(changed_predictions(&base, &no_pad).is_empty());

    // 004: the FFN residual from before cross-attention changes the output
    let (_, ffn) = variant(&s, &base, Variant::FfnResidualBeforeCross);
    let d = kernels_max_diff(&base, &ffn, "probs");
    assert!(d > 1e-3, "probs move by {d}");

    // 000: eps = 1e-10 barely matters for these tokens (their variance is far above 1e-5)
    let (_, eps) = variant(&s, &base, Variant::Eps1e10);
    let d = kernels_max_diff(&base, &eps, "probs");
    assert!(d > 0.0 && d < 1e-3, "probs move by {d}");

    // 000: the encoder's first Add & Norm is computed but nothing reads it
    let (_, dropped) = variant(&s, &base, Variant::DroppedNorm);
    let norm1 = dropped.program().index_of("enc.0.norm1.out").unwrap();
    assert!(dropped.program().ops().iter().all(|op| !op.inputs.contains(&norm1)));

    // 000: forward inside __init__: PyTorch raises before anything runs
    let e = run_variant(&base, s.shape(), Variant::ForwardInInit).run.unwrap_err();
    assert!(e.to_string().contains("missing the required \"forward\" function"));
}

fn kernels_max_diff(a: &Run, b: &Run, name: &str) -> f32 {
    transformer_tutor::explore::measure::max_difference(a.get(name).unwrap(), b.get(name).unwrap())
}

#[test]
fn scores_split_into_q_k_and_scale_give_the_bits_of_the_fused_product() {
    // the program computes q·kᵀ, then × 1/√d_k, as two named operations; the fused product
    // (one matrix product with the factor applied inside) gives the same bits, forward and back
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let run = taught(&s);
    let factor = run.weights().config.score_scale();
    for prefix in ["enc.0.self_attn", "enc.1.self_attn", "dec.0.self_attn", "dec.0.cross_attn", "dec.1.cross_attn"] {
        let q = run.get(&format!("{prefix}.q")).unwrap();
        let k = run.get(&format!("{prefix}.k")).unwrap();
        let fused = kernels::scores(q, k, factor);
        assert_eq!(&fused, run.get(&format!("{prefix}.scores")).unwrap(), "{prefix}: forward bits");
    }
}

/// The untrained what-if runs the taught program on the same sentences with the weights the
/// shipped training run started from (its step 0: seeded with the trainer's seed), every tensor
/// computed anew; its attention is flatter and its predictions are not the trained model's.
#[test]
fn the_untrained_model_is_the_training_runs_step_0_beside_the_trained_one() {
    use transformer_tutor::model::Preset;
    let s = setup(DEFAULT_SRC, DEFAULT_TGT);
    let base = taught(&s);
    let (w, run) = variant(&s, &base, Variant::Untrained);
    assert_eq!(w.kept, 0);
    assert_eq!(run.program().ops(), base.program().ops(), "the same program");
    let seed = transformer_tutor::train::TrainOptions::default().seed;
    let step0 = transformer_tutor::setup::seeded(Preset::Tutor, seed);
    let mut same = 0;
    run.weights().visit(|name, a| {
        step0.visit(|other, b| {
            if name == other {
                assert_eq!(a, b, "{name}: step 0's weights");
                same += 1;
            }
        })
    });
    let mut arrays = 0;
    base.weights().visit(|_, _| arrays += 1);
    assert_eq!(same, arrays, "every parameter compared");
    let name = "dec.1.cross_attn.weights";
    let (trained, untrained) = (sharpness(base.get(name).unwrap()), sharpness(run.get(name).unwrap()));
    assert!(untrained.entropy > trained.entropy, "{untrained:?} vs {trained:?}");
    assert!(!changed_predictions(&base, &run).is_empty());
}

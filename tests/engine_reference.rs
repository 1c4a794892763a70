//! The engine against an independent, naive f64 reference of the same forward pass
//! (tests/common/reference.rs): every named tensor the reference computes must agree with the
//! engine's within |engine - ref| / (1 + |ref|) <= 1e-5.

mod common;

use common::{Worst, compare_run, expected_shapes, named_map, reference_forward};
use std::path::PathBuf;
use transformer_tutor::model::{Preset, Weights};
use transformer_tutor::setup::{DEFAULT_SRC, DEFAULT_TGT, Setup, TokenInput, WeightSource};

fn setup(source: WeightSource, src: TokenInput, tgt: TokenInput) -> Setup {
    Setup::new(&source, &src, Some(&tgt)).unwrap_or_else(|e| panic!("setup failed: {e}"))
}

fn sentences(src: &str, tgt: &str) -> (TokenInput, TokenInput) {
    (TokenInput::Sentences(src.into()), TokenInput::Sentences(tgt.into()))
}

/// Run the engine to the end, compute the reference from the same weights and ids, check the
/// reference produced every required tensor with its specified shape, then compare them all.
fn check(label: &str, setup: &Setup) -> Worst {
    let cfg = &setup.weights.config;
    let mut run = setup.run();
    run.run_all();
    assert!(run.is_done(), "{label}: run_all did not finish the program");

    let weights = named_map(&setup.weights);
    let reference = reference_forward(&weights, cfg.n_heads, cfg.pad_idx, &setup.src_ids, &setup.tgt_ids);

    let (b, ts) = setup.src_ids.dim();
    let tt = setup.tgt_ids.ncols();
    let required = expected_shapes(cfg, b, ts, tt);
    for (name, shape) in &required {
        let got = reference.get(name).unwrap_or_else(|| panic!("{label}: the reference did not produce `{name}`"));
        assert_eq!(got.shape(), shape.as_slice(), "{label}: reference shape of `{name}`");
    }
    compare_run(label, &run, &reference)
}

fn seeded(preset: Preset, seed: u64) -> WeightSource {
    WeightSource::Seeded { preset, seed }
}

#[test]
fn default_sentences_seed_0() {
    let (src, tgt) = sentences(DEFAULT_SRC, DEFAULT_TGT);
    let s = setup(seeded(Preset::Tutor, 0), src, tgt);
    assert_eq!(s.src_ids.nrows(), 2, "the default batch has two rows");
    assert!(s.src_ids.iter().any(|&id| id == s.weights.config.pad_idx), "one default source row pads");
    check("tutor, seed 0, default sentences", &s);
}

#[test]
fn default_sentences_seed_7() {
    let (src, tgt) = sentences(DEFAULT_SRC, DEFAULT_TGT);
    check("tutor, seed 7, default sentences", &setup(seeded(Preset::Tutor, 7), src, tgt));
}

/// Three rows; source row 1 and target rows 0 and 2 are padded.
#[test]
fn source_and_target_rows_pad() {
    let src = "猫在桌子上 ; 我有猫 ; 他在家吃鱼"; // 5, 3 and 5 characters
    let tgt = "<bos> the cat is on the table <eos> ; <bos> I have a cat <eos> ; <bos> he eats"; // 8, 6, 3 words
    for seed in [0, 7] {
        let (s_in, t_in) = sentences(src, tgt);
        let s = setup(seeded(Preset::Tutor, seed), s_in, t_in);
        let pad = s.weights.config.pad_idx;
        assert_eq!(s.src_ids.dim(), (3, 5));
        assert_eq!(s.tgt_ids.dim(), (3, 8));
        assert_eq!((s.src_ids[[1, 3]], s.src_ids[[1, 4]]), (pad, pad), "source row 1 pads twice");
        assert_eq!(s.tgt_ids[[1, 6]], pad, "target row 1 pads");
        assert_eq!(s.tgt_ids[[2, 3]], pad, "target row 2 pads");
        assert!(s.unknown_src.is_empty() && s.unknown_tgt.is_empty(), "every word is in the vocabulary");
        check(&format!("tutor, seed {seed}, source and target padding"), &s);
    }
}

/// The shipped, trained weights (their numbers are far from the random initialisation's).
#[test]
fn trained_weights() {
    let (src, tgt) = sentences(DEFAULT_SRC, DEFAULT_TGT);
    check("trained weights, default sentences", &setup(WeightSource::Trained, src, tgt));
    let (src, tgt) = sentences("我明天去学校 ; 老鼠追猫", "<bos> I go to school tomorrow <eos> ; <bos> the mouse");
    check("trained weights, time word and chasing", &setup(WeightSource::Trained, src, tgt));
}

/// Note 001's sizes (d_model 128, d_ff 512, vocab 1000), fed ids; source row 0 ends in padding.
#[test]
fn note001_with_ids() {
    let s = setup(
        seeded(Preset::Note001, 0),
        TokenInput::Ids("5,17,300,0,0;9,8,7,6,5".into()),
        TokenInput::Ids("2,40,999;2,500,12,3".into()),
    );
    assert_eq!(s.weights.config, transformer_tutor::setup::preset_config(Preset::Note001));
    assert_eq!(s.src_ids.dim(), (2, 5));
    assert_eq!(s.tgt_ids.dim(), (2, 4));
    assert_eq!(s.tgt_ids[[0, 3]], 0, "target row 0 is padded with id 0");
    check("note001, seed 0, ids", &s);
}

/// Note 000's sizes (d_model 512, 8 heads, d_ff 2048, one layer).
#[test]
fn note000_default_sentences() {
    let (src, tgt) = sentences(DEFAULT_SRC, DEFAULT_TGT);
    check("note000, seed 3, default sentences", &setup(seeded(Preset::Note000, 3), src, tgt));
}

/// Removes the file when the test ends, pass or fail.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn temp_npz(tag: &str) -> TempFile {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    TempFile(
        std::env::temp_dir()
            .join(format!("transformer_tutor_engine_reference_{tag}_{}_{nanos}.npz", std::process::id())),
    )
}

/// Weights saved to .npz and loaded back are the same weights, and a run from the file agrees
/// with the reference (and, bit for bit, with the run from the seeded weights).
#[test]
fn weights_loaded_back_from_npz() {
    let weights = transformer_tutor::setup::seeded(Preset::Tutor, 11);
    let file = temp_npz("tutor11");
    weights.save_npz(&file.0).unwrap_or_else(|e| panic!("save_npz: {e}"));
    let loaded = Weights::load_npz(&file.0).unwrap_or_else(|e| panic!("load_npz: {e}"));
    assert_eq!(loaded, weights, "weights changed on the way through .npz");
    assert_eq!(named_map(&loaded), named_map(&weights));

    let (src, tgt) = sentences(DEFAULT_SRC, DEFAULT_TGT);
    let from_file = setup(WeightSource::File(file.0.clone()), src.clone(), tgt.clone());
    assert_eq!(*from_file.weights, weights);
    check("tutor, seed 11, weights from .npz", &from_file);

    let mut run_file = from_file.run();
    run_file.run_all();
    let mut run_seeded = setup(seeded(Preset::Tutor, 11), src, tgt).run();
    run_seeded.run_all();
    for ((name, a), (other, b)) in run_file.named_values().zip(run_seeded.named_values()) {
        assert_eq!(name, other);
        assert_eq!(a, b, "`{name}` differs between the run from .npz and the seeded run");
    }
}

/// The reference's own bookkeeping: every required name is produced, whatever the batch.
#[test]
fn reference_produces_every_required_name() {
    for preset in [Preset::Tutor, Preset::Note001] {
        let (src, tgt) = sentences("我有一只猫", "<bos> I have");
        let s = setup(seeded(preset, 1), src, tgt);
        let cfg = &s.weights.config;
        let reference = reference_forward(&named_map(&s.weights), cfg.n_heads, cfg.pad_idx, &s.src_ids, &s.tgt_ids);
        let required = expected_shapes(cfg, 1, s.src_ids.ncols(), s.tgt_ids.ncols());
        let missing: Vec<&String> = required.keys().filter(|n| !reference.contains_key(*n)).collect();
        assert!(missing.is_empty(), "{}: the reference did not produce {missing:?}", preset.name());
        let extra: Vec<&String> = reference.keys().filter(|n| !required.contains_key(*n)).collect();
        assert!(extra.is_empty(), "{}: the reference produced unlisted {extra:?}", preset.name());
    }
}

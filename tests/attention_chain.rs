//! `Run::run_all` computes attention's q·kᵀ, scale, mask, softmax and context together, one
//! (batch, head) block at a time, and a large Linear together with its split into heads
//! (`model::run_ahead`); stepping computes them one operation at a time. Both must give every
//! tensor to the bit, on every architecture a what-if builds, and on a block large enough to be
//! shared out between the threads, written by non-temporal stores, and split as it is made.

use ndarray::{Array2, ArrayD, IxDyn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;
use transformer_tutor::model::arch::{Arch, HeadAblation, MaskFill, PadMask};
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::kernels;
use transformer_tutor::model::program::{AttnBlock, Program, Stack};
use transformer_tutor::model::qk_dim::narrowed_qk;
use transformer_tutor::model::run_ahead::{Ahead, chain_at, linear_split_at};
use transformer_tutor::model::{Inputs, Preset, Run, Weights};

/// Random ids in 1..vocab, the last `pads` of each row after the first set to <pad> (0).
fn ids(rng: &mut ChaCha8Rng, rows: usize, cols: usize, vocab: usize, pads: usize) -> Array2<usize> {
    Array2::from_shape_fn((rows, cols), |(r, c)| if r > 0 && c + pads >= cols { 0 } else { rng.random_range(1..vocab) })
}

/// Every tensor of `run_all` and of stepping, compared bit for bit (NaN included); returns how
/// many attention chains and Linear-and-split pairs the program has, so that a test can say the
/// operations were computed together, and the run.
fn same_bits(program: Program, weights: Arc<Weights>, inputs: Inputs) -> ((usize, usize), Run) {
    let program = Arc::new(program);
    let count =
        |at: fn(&Program, usize) -> Option<Ahead>| (0..program.len()).filter(|&i| at(&program, i).is_some()).count();
    let found = (count(chain_at), count(linear_split_at));
    let mut all = Run::new(program.clone(), weights.clone(), inputs.clone());
    all.run_all();
    let mut stepped = Run::new(program, weights, inputs);
    while stepped.step().is_some() {}
    assert!(all.is_done());
    for ((name, a), (_, b)) in all.named_values().zip(stepped.named_values()) {
        assert_eq!(a.shape(), b.shape(), "{name}");
        let differs = a.iter().zip(b.iter()).position(|(x, y)| x.to_bits() != y.to_bits());
        assert_eq!(differs, None, "{name}: run_all and stepping differ at flat index {differs:?}");
    }
    (found, all)
}

/// The tutor's model on random ids: how many attention chains it has (its Linears are too small
/// for the packed kernel, so they are stepped).
fn tutor_run(arch: &Arch, shape: RunShape, pads: usize) -> usize {
    preset_run(Preset::Tutor, arch, shape, pads).0
}

/// A preset's whole model on random ids, with `pads` <pad> ids closing every row but the first.
fn preset_run(preset: Preset, arch: &Arch, shape: RunShape, pads: usize) -> (usize, usize) {
    preset_same_bits(preset, arch, shape, pads).0
}

/// `preset_run`, and how many NaN the first attention's softmax holds.
fn preset_nan_run(preset: Preset, arch: &Arch, shape: RunShape, pads: usize) -> ((usize, usize), usize) {
    let (found, run) = preset_same_bits(preset, arch, shape, pads);
    let weights = run.get("enc.0.self_attn.weights").expect("the first attention's softmax");
    (found, weights.iter().filter(|w| w.is_nan()).count())
}

fn preset_same_bits(preset: Preset, arch: &Arch, shape: RunShape, pads: usize) -> ((usize, usize), Run) {
    let config = transformer_tutor::setup::preset_config(preset);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let inputs = Inputs {
        src_ids: Some(ids(&mut rng, shape.batch, shape.t_src, config.src_vocab, pads)),
        tgt_ids: Some(ids(&mut rng, shape.batch, shape.t_tgt, config.tgt_vocab, pads)),
        ..Default::default()
    };
    let program = build::variant(&config, shape, arch).expect("builds");
    let mut weights = Weights::init(&config, 3);
    if arch.half_qk {
        weights = narrowed_qk(&weights, arch.d_qk(&config));
    }
    same_bits(program, Arc::new(weights), inputs)
}

const SHAPE: RunShape = RunShape { batch: 3, t_src: 7, t_tgt: 5 };

#[test]
fn the_whole_model_with_padding_gives_the_bits_of_stepping() {
    // 2 encoder self-attentions, 2 decoder self- and 2 cross-attentions (t_q 5 against t_k 7)
    assert_eq!(tutor_run(&Arch::default(), SHAPE, 2), 6);
}

#[test]
fn note_001s_model_made_by_the_packed_kernel_gives_the_bits_of_stepping() {
    // 200 source and 250 target rows: every Linear by the packed kernel into memory it writes
    // once, and the 18 projections of q, k and v each split into heads as it is made
    let shape = RunShape { batch: 10, t_src: 20, t_tgt: 25 };
    assert_eq!(preset_run(Preset::Note001, &Arch::default(), shape, 3), (6, 18));
}

#[test]
fn every_mask_rule_gives_the_bits_of_stepping() {
    for fill in [MaskFill::MinusInfinity, MaskFill::Multiply] {
        assert_eq!(tutor_run(&Arch { mask_fill: fill, ..Arch::default() }, SHAPE, 2), 6, "{fill:?}");
    }
}

#[test]
fn rows_masked_whole_give_the_same_nans_as_stepping() {
    // note 000's mask (B, 1, Tq, Tk) hides a <pad> query's whole row; filled with -inf, its
    // softmax is NaN, and the NaN goes on through the context into every later block. Note 000's
    // d_k of 64 makes each block's products (16·16·64 multiply-adds) take the `gemm` path.
    let arch = Arch { mask_fill: MaskFill::MinusInfinity, pad_mask: PadMask::QueryAndKey, ..Arch::default() };
    let shape = RunShape { batch: 2, t_src: 16, t_tgt: 16 };
    let (found, nans) = preset_nan_run(Preset::Note000, &arch, shape, 5);
    assert_eq!(found.0, 3, "an encoder self-attention, a decoder self- and cross-attention");
    assert!(nans > 0, "no softmax row came out NaN: the test no longer covers it");
}

#[test]
fn what_ifs_outside_the_chain_are_stepped_and_agree() {
    // no scale, no mask: the chain is not there, and run_all steps
    assert_eq!(tutor_run(&Arch { scale: false, ..Arch::default() }, SHAPE, 2), 0);
    assert_eq!(tutor_run(&Arch { mask_fill: MaskFill::Off, ..Arch::default() }, SHAPE, 2), 0);
    // narrower queries and keys than values (note 002's qk_dim), and a head taken out after
    // the context: still the chain, still the same bits
    assert_eq!(tutor_run(&Arch { half_qk: true, ..Arch::default() }, SHAPE, 1), 6);
    let heads =
        Some(HeadAblation { stack: Stack::Decoder, layer: 1, block: AttnBlock::CrossAttn, head: 2, keep_only: false });
    assert_eq!(tutor_run(&Arch { heads, ..Arch::default() }, SHAPE, 1), 6);
}

#[test]
fn a_block_shared_out_and_streamed_gives_the_bits_of_stepping() {
    // note 000's block at batch 48: four grids of 48·8·64·64 = 1.5 M numbers each, over the
    // 1 M from which they are streamed, shared out between the threads, and q, k and v of 3072
    // rows, each split as it is made. Without the x86_64 kernels (the portable ones forced, or
    // another CPU) neither streaming nor the split runs: batch 4 still shares the grids out.
    let fast = transformer_tutor::model::fast::avx2_fma();
    let batch = if fast { 48 } else { 4 };
    let config = transformer_tutor::setup::preset_config(Preset::Note000);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let x = ArrayD::from_shape_fn(IxDyn(&[batch, 64, 512]), |_| rng.random::<f32>() * 2.0 - 1.0);
    let weights = Arc::new(Weights::init(&config, 0));
    if fast {
        let w = &weights.encoder[0].self_attn.w_q;
        assert!(kernels::linear_split(&x, w.weight.view(), w.bias.view(), 8).is_some(), "split as made");
    }
    let inputs = Inputs { tensors: HashMap::from([("x".to_string(), Arc::new(x))]), ..Default::default() };
    let program = build::attention_block(&config, batch, 64);
    let (found, _) = same_bits(program, weights, inputs);
    assert_eq!(found, (1, 3), "one chain; q, k and v each a Linear and its split");
}

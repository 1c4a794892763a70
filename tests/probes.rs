//! The probes recomputed by a second code path, the f64 reference forward (`model::reference`):
//! a head taken out (engine program with a HeadMask op vs the reference with the head's slice
//! zeroed), the logit lens (engine streams through fc_out vs the reference's streams), patching
//! (engine Run::patch vs the reference's patch), all to 1e-5; and the contributions' vectors,
//! which summed over keys and heads (plus b_o) must give the block's output.

use std::sync::Arc;
use transformer_tutor::model::arch::HeadAblation;
use transformer_tutor::model::program::{AttnBlock, Stack};
use transformer_tutor::model::reference::{self, Params, Patch, Probe};
use transformer_tutor::model::{Arch, Inputs, Run, build};
use transformer_tutor::probe::{ablation, contribution, lens};
use transformer_tutor::setup::{Setup, TokenInput, WeightSource};

fn setup(source: WeightSource) -> Setup {
    let src = TokenInput::Sentences("我有一只猫 ; 你有一只猫".into());
    let tgt = TokenInput::Sentences("<bos> I have a cat <eos> ; <bos> you have a cat <eos>".into());
    Setup::new(&source, &src, Some(&tgt)).expect("the sentences encode")
}

fn full(setup: &Setup) -> Run {
    let mut run = setup.run();
    run.run_all();
    run
}

fn assert_close(engine: impl Iterator<Item = f32>, reference: impl Iterator<Item = f64>, what: &str) {
    let mut n = 0;
    for (a, b) in engine.zip(reference) {
        assert!((a as f64 - b).abs() <= 1e-5 * (1.0 + b.abs()), "{what}: {a} vs {b}");
        n += 1;
    }
    assert!(n > 0, "{what}: nothing compared");
}

#[test]
fn a_head_taken_out_matches_the_reference() {
    for source in
        [WeightSource::Trained, WeightSource::Seeded { preset: transformer_tutor::model::Preset::Tutor, seed: 5 }]
    {
        let setup = setup(source);
        let run = full(&setup);
        let params = Params::of(&setup.weights);
        for (stack, layer, block) in HeadAblation::blocks(&setup.weights.config) {
            for keep_only in [false, true] {
                let head = HeadAblation { stack, layer, block, head: 1, keep_only };
                let engine = ablation::ablated(&run, setup.shape(), head);
                let probe = Probe { heads: Some(head), ..Probe::default() };
                let reference = reference::forward(&params, &setup.src_ids, &setup.tgt_ids, &probe);
                let logits = engine.get("logits").unwrap();
                assert_close(logits.iter().copied(), reference.logits.iter().copied(), &head.block_prefix());
            }
        }
    }
}

#[test]
fn the_logit_lens_matches_the_reference_streams() {
    let setup = setup(WeightSource::Trained);
    let run = full(&setup);
    let params = Params::of(&setup.weights);
    let reference = reference::forward(&params, &setup.src_ids, &setup.tgt_ids, &Probe::default());
    for (b, t) in [(0, 0), (0, 3), (1, 4)] {
        let rows = lens::lens(&run, b, t);
        assert_eq!(rows.len(), reference.stream.len());
        for (row, (name, stream)) in rows.iter().zip(&reference.stream) {
            assert_eq!(&row.after, name);
            let logits = reference::output_logits(&params, stream);
            let expected = reference::softmax(&logits.slice(ndarray::s![b, t, ..]).to_vec());
            assert_close(row.probs.iter().copied(), expected.into_iter(), name);
        }
        // the last sublayer's lens is the model's own output
        let probs = run.get("probs").unwrap();
        let last = rows.last().unwrap();
        assert_close(last.probs.iter().copied(), (0..last.probs.len()).map(|v| probs[[b, t, v]] as f64), "probs");
    }
}

#[test]
fn patching_matches_the_reference() {
    let setup = setup(WeightSource::Trained);
    let run = full(&setup);
    let params = Params::of(&setup.weights);
    let base = reference::forward(&params, &setup.src_ids, &setup.tgt_ids, &Probe::default());
    for layer in 0..setup.weights.config.n_layers {
        for position in [0, 2] {
            let op = format!("enc.{layer}.norm2.out");
            let donor: Vec<f32> = run.get(&op).unwrap().slice(ndarray::s![1, position, ..]).to_vec();
            let mut engine = setup.run();
            assert!(engine.patch(&op, |v| v.slice_mut(ndarray::s![0, position, ..]).assign(&ndarray::arr1(&donor))));
            engine.run_all();
            assert!(engine.gradients().is_none(), "a patched run has no gradients");
            let value = base.encoder_layers[layer].slice(ndarray::s![1, position, ..]).to_vec();
            let patch = Patch { stack: Stack::Encoder, layer, row: 0, position, value };
            let reference =
                reference::forward(&params, &setup.src_ids, &setup.tgt_ids, &Probe { patch: Some(patch), heads: None });
            let logits = engine.get("logits").unwrap();
            assert_close(logits.iter().copied(), reference.logits.iter().copied(), &op);
        }
    }
}

#[test]
fn contributions_sum_to_the_blocks_output() {
    let setup = setup(WeightSource::Trained);
    let run = full(&setup);
    let w = &setup.weights;
    let prefix = "dec.0.cross_attn";
    let (weights, v, out) = (
        run.get(&format!("{prefix}.weights")).unwrap(), // (B, H, t_q, t_k)
        run.get(&format!("{prefix}.v")).unwrap(),       // (B, H, t_k, d_k)
        run.get(&format!("{prefix}.out")).unwrap(),     // (B, t_q, d)
    );
    let w_o = &w.decoder[0].cross_attn.w_o;
    let (h_n, t_k, dk) = (v.shape()[1], v.shape()[2], v.shape()[3]);
    let d = w_o.weight.nrows();
    for (b, i) in [(0, 4), (1, 2)] {
        let mut sum = vec![0f64; d];
        for h in 0..h_n {
            let from_probe = contribution::contributions(&run, prefix, b, h, i).unwrap();
            for j in 0..t_k {
                // α_ij · v_j · W_oʰᵀ, in f64
                let vector: Vec<f64> = (0..d)
                    .map(|o| {
                        let moved: f64 =
                            (0..dk).map(|c| v[[b, h, j, c]] as f64 * w_o.weight[[o, h * dk + c]] as f64).sum();
                        weights[[b, h, i, j]] as f64 * moved
                    })
                    .collect();
                let norm = vector.iter().map(|x| x * x).sum::<f64>().sqrt();
                assert!((norm - from_probe[j].norm).abs() <= 1e-5 * (1.0 + norm), "{norm} vs {}", from_probe[j].norm);
                sum.iter_mut().zip(&vector).for_each(|(s, x)| *s += x);
            }
        }
        let expected: Vec<f64> = (0..d).map(|o| sum[o] + w_o.bias[o] as f64).collect();
        assert_close((0..d).map(|o| out[[b, i, o]]), expected.into_iter(), "Σ contributions + b_o");
    }
}

/// The held-out scoring `probe heads` uses decodes under the same Arch as the live fork.
#[test]
fn greedy_decoding_under_an_ablation_reads_the_ablated_program() {
    let setup = setup(WeightSource::Trained);
    let head = HeadAblation { stack: Stack::Decoder, layer: 0, block: AttnBlock::CrossAttn, head: 1, keep_only: false };
    let arch = Arch { heads: Some(head), ..Arch::default() };
    let decoded = transformer_tutor::model::decode::greedy_with(&setup.weights, &setup.src_ids, &arch);
    assert!(decoded.run.program().index_of("dec.0.cross_attn.ablated").is_some());
    // one step of it recomputed by hand from the same program on the final target
    let shape = transformer_tutor::model::RunShape {
        batch: 2,
        t_src: setup.src_ids.ncols(),
        t_tgt: decoded.run.inputs().tgt_ids.as_ref().unwrap().ncols(),
    };
    let program = Arc::new(build::variant(&setup.weights.config, shape, &arch).unwrap());
    let mut again = Run::new(
        program,
        setup.weights.clone(),
        Inputs {
            src_ids: Some(setup.src_ids.clone()),
            tgt_ids: decoded.run.inputs().tgt_ids.clone(),
            ..Default::default()
        },
    );
    again.run_all();
    assert_eq!(again.get("probs"), decoded.run.get("probs"));
}

/// Alignment error rate written out again: each word's row argmax over the sentence's characters
/// of the reference's f64 weights, then 1 − (|A∩S| + |A∩P|) / (|A| + |S|).
fn reference_aer(
    params: &Params,
    weights: &transformer_tutor::model::Weights,
    pairs: &[&transformer_tutor::corpus::Pair],
) -> Vec<(usize, Option<usize>, f64)> {
    let config = &weights.config;
    let mut counts = vec![[0usize; 4]; config.n_layers * (config.n_heads + 1)];
    for pair in pairs {
        let src_ids: Vec<usize> = pair.zh.chars().map(|c| weights.vocabs.src.id(&c.to_string()).unwrap()).collect();
        let words: Vec<&str> = pair.en.split(' ').collect();
        let mut tgt_ids = vec![transformer_tutor::model::vocab::BOS_ID];
        tgt_ids.extend(words.iter().map(|w| weights.vocabs.tgt.id(w).unwrap()));
        let src = ndarray::Array2::from_shape_vec((1, src_ids.len()), src_ids.clone()).unwrap();
        let tgt = ndarray::Array2::from_shape_vec((1, tgt_ids.len()), tgt_ids).unwrap();
        let f = reference::forward(params, &src, &tgt, &Probe::default());
        for (layer, w) in f.cross_weights.iter().enumerate() {
            for head in (0..config.n_heads).map(Some).chain([None]) {
                let weight = |t: usize, s: usize| match head {
                    Some(h) => w[[0, h, t, s]],
                    None => (0..config.n_heads).map(|h| w[[0, h, t, s]]).sum::<f64>() / config.n_heads as f64,
                };
                let mut c = [0usize; 4]; // |A|, |S|, |A∩S|, |A∩P|
                c[1] = pair.align.sure.len();
                for t in 0..words.len() {
                    let s = (0..src_ids.len()).fold(0, |best, s| if weight(t, s) > weight(t, best) { s } else { best });
                    c[0] += 1;
                    c[2] += usize::from(pair.align.sure.contains(&(s, t)));
                    c[3] += usize::from(pair.align.sure.contains(&(s, t)) || pair.align.possible.contains(&(s, t)));
                }
                let i = layer * (config.n_heads + 1) + head.unwrap_or(config.n_heads);
                (0..4).for_each(|k| counts[i][k] += c[k]);
            }
        }
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (layer, h) = (i / (config.n_heads + 1), i % (config.n_heads + 1));
            let aer = 1.0 - (c[2] + c[3]) as f64 / (c[0] + c[1]) as f64;
            (layer, (h < config.n_heads).then_some(h), aer)
        })
        .collect()
}

#[test]
fn alignment_error_rates_match_the_reference_one_pair_at_a_time() {
    use transformer_tutor::probe::alignment::score;
    let corpus = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED);
    let pairs: Vec<&transformer_tutor::corpus::Pair> = corpus.heldout.iter().take(60).collect();
    for source in
        [WeightSource::Trained, WeightSource::Seeded { preset: transformer_tutor::model::Preset::Tutor, seed: 5 }]
    {
        let weights = Arc::new(source.load().unwrap());
        let engine_pairs: Vec<_> =
            pairs.iter().map(|p| transformer_tutor::probe::read_pair::read_pair(&weights, p).unwrap()).collect();
        // the engine scores them in one padded batch; the reference one at a time
        let engine = score(&weights, &engine_pairs);
        let reference = reference_aer(&Params::of(&weights), &weights, &pairs);
        assert_eq!(engine.heads.len(), reference.len());
        for (e, (layer, head, aer)) in engine.heads.iter().zip(&reference) {
            assert_eq!((e.layer, e.head), (*layer, *head));
            assert!(
                (e.counts.aer() - aer).abs() <= 1e-5 * aer.abs().max(1e-3),
                "{layer} {head:?}: {} vs {aer}",
                e.counts.aer()
            );
        }
    }
}

/// Patched translation, step by step: every decoding step must keep the patched encoder. The f64
/// reference decodes greedily with the same patch at every step (its own argmax over the last
/// position's logits, `<bos>` first, until `<eos>`), and the words must be the engine's.
#[test]
fn a_patched_translation_is_the_references_greedy_decode_under_the_patch() {
    use transformer_tutor::model::vocab::{BOS_ID, EOS_ID};
    let setup = setup(WeightSource::Trained);
    let run = full(&setup);
    let params = Params::of(&setup.weights);
    let base = reference::forward(&params, &setup.src_ids, &setup.tgt_ids, &Probe::default());
    let row0 = setup.src_ids.slice(ndarray::s![0..1, ..]).to_owned(); // (1, T_src)
    let max_len = setup.weights.config.max_len;
    let mut some_changed = false;
    for layer in 0..setup.weights.config.n_layers {
        for position in 0..setup.src_ids.ncols() {
            let op = format!("enc.{layer}.norm2.out");
            let engine = transformer_tutor::probe::patch::patched_translation(&run, &op, 1, 0, position)
                .expect("a patched translation");
            let value = base.encoder_layers[layer].slice(ndarray::s![1, position, ..]).to_vec();
            let probe =
                Probe { patch: Some(Patch { stack: Stack::Encoder, layer, row: 0, position, value }), heads: None };
            let mut tgt = vec![BOS_ID];
            let mut words = Vec::new();
            while tgt.len() < max_len {
                let ids = ndarray::Array2::from_shape_vec((1, tgt.len()), tgt.clone()).unwrap();
                let logits = reference::forward(&params, &row0, &ids, &probe).logits; // (1, t, V)
                let last = logits.slice(ndarray::s![0, tgt.len() - 1, ..]);
                let next = (0..last.len()).max_by(|&a, &b| last[a].total_cmp(&last[b])).unwrap();
                if next == EOS_ID {
                    break;
                }
                words.push(next);
                tgt.push(next);
            }
            assert_eq!(engine, words, "{op} position {position}");
            let whole = transformer_tutor::model::decode::greedy(&setup.weights, &row0).words.remove(0);
            some_changed |= engine != whole;
        }
    }
    assert!(some_changed, "some patch changes the translation (else the test could not tell a patch was kept)");
}

/// On a model that reads pieces (the tiny Marian), each held-out pair's gold links are carried
/// from characters to the pieces that hold them, and each word is read at the row of its first
/// piece: checked here from the pieces' text, pair by pair.
#[test]
fn gold_links_are_carried_to_a_marians_pieces() {
    use transformer_tutor::probe::read_pair::read_pair;
    let weights = WeightSource::Marian("weights/marian-tiny".into()).load().unwrap();
    let corpus = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED);
    let mut read = 0;
    for pair in &corpus.heldout {
        let Some(r) = read_pair(&weights, pair) else { continue };
        read += 1;
        let chars: Vec<char> = pair.zh.chars().filter(|c| !c.is_whitespace()).collect();
        // each source piece's text: vocab.json's piece, or what the tokenizer cut where it has none
        let cut = weights.vocabs.src.segmenter.as_ref().unwrap().encode(&pair.zh);
        let mut texts: Vec<String> = cut.pieces.iter().map(|p| p.replace('▁', "")).collect();
        for (&at, text) in cut.unknown.iter().zip(&cut.unknown_text) {
            texts[at] = text.replace('▁', "");
        }
        assert_eq!(cut.ids, r.src);
        assert_eq!(r.src.last(), Some(&weights.config.conventions.eos_id), "{}: the source ends with </s>", pair.zh);
        assert_eq!(r.src_tokens, r.src.len() - 1);
        // the pieces before each character's piece hold exactly the characters before it
        for &(c, w) in pair.align.sure.iter() {
            let linked = r.gold.sure.iter().find(|l| {
                l.1 == w && {
                    let before: usize = texts[..l.0].iter().map(|t| t.chars().count()).sum();
                    (before..before + texts[l.0].chars().count()).contains(&c)
                }
            });
            assert!(
                linked.is_some(),
                "{}: character {} ({}) of word {w} has no link from its piece",
                pair.zh,
                c,
                chars[c]
            );
        }
        let words: Vec<&str> = pair.en.split_whitespace().collect();
        assert_eq!(r.word_rows.len(), words.len());
        for (j, &row) in r.word_rows.iter().enumerate() {
            // row `row` predicts target token `row`: the word's first piece
            let first = weights.vocabs.tgt.word(r.tgt[row]);
            assert!(
                first.starts_with('▁') && words[j].starts_with(first.trim_start_matches('▁')),
                "{}: word {j} {} read at {first}",
                pair.en,
                words[j]
            );
        }
    }
    assert!(read * 10 >= corpus.heldout.len() * 9, "only {read} of {} held-out pairs read", corpus.heldout.len());
}

/// On a loaded translator a patched translation decodes with the key/value cache from the
/// patched encoder (as its generate() would): the same words as a decoding that runs the whole
/// program again for every position, the patch applied to each run, choosing as generate() does
/// (the largest logit, never a bad id such as `<pad>`), written here from the public run API.
#[test]
fn a_marians_patched_translation_is_the_programs_greedy_decode_under_the_patch() {
    use transformer_tutor::model::RunShape;
    let setup = setup(WeightSource::Marian("weights/marian-tiny".into()));
    let run = full(&setup);
    let weights = setup.weights.clone();
    let generation = weights.generation.clone().expect("a Marian has a generation config");
    let row0 = setup.src_ids.slice(ndarray::s![0..1, ..]).to_owned(); // (1, T_src)
    let t_src = row0.ncols();
    let mut some_changed = false;
    for layer in 0..weights.config.n_layers {
        let op = format!("enc.{layer}.norm2.out");
        let donor = run.get(&op).unwrap(); // (B, T_src, d)
        for position in 0..t_src {
            let engine = transformer_tutor::probe::patch::patched_translation(&run, &op, 1, 0, position)
                .expect("a patched translation");
            let value = donor.slice(ndarray::s![1, position, ..]).to_owned();
            let mut tgt = vec![generation.start_id];
            let mut words = Vec::new();
            while tgt.len() < 24 {
                let ids = ndarray::Array2::from_shape_vec((1, tgt.len()), tgt.clone()).unwrap();
                let shape = RunShape { batch: 1, t_src, t_tgt: tgt.len() };
                let inputs = Inputs { src_ids: Some(row0.clone()), tgt_ids: Some(ids), ..Default::default() };
                let mut one = Run::new(Arc::new(build::transformer(&weights.config, shape)), weights.clone(), inputs);
                one.patch(&op, |v| v.slice_mut(ndarray::s![0, position, ..]).assign(&value));
                one.run_all();
                let logits = one.get("logits").unwrap(); // (1, t, V)
                let last = logits.slice(ndarray::s![0, tgt.len() - 1, ..]);
                let allowed = |&i: &usize| !generation.bad_ids.contains(&i) || i == generation.eos_id;
                let next = (0..last.len()).filter(allowed).max_by(|&a, &b| last[a].total_cmp(&last[b])).unwrap();
                if next == generation.eos_id {
                    break;
                }
                words.push(next);
                tgt.push(next);
            }
            assert_eq!(engine, words, "{op} position {position}");
            let whole = transformer_tutor::probe::patch::translation(&run, 0);
            some_changed |= engine != whole;
        }
    }
    assert!(some_changed, "some patch changes the translation (else the test could not tell a patch was kept)");
    // only an encoder layer's output is patched
    assert_eq!(transformer_tutor::probe::patch::patched_translation(&run, "dec.0.norm1.out", 1, 0, 0), None);
}

//! The loaded Marian computes what Hugging Face transformers computes: on the shipped tiny
//! trained Marian (weights/marian-tiny, model.safetensors) and on the same weights saved as
//! pytorch_model.bin in torch's zip and legacy formats (tests/fixtures/marian/bin-*), the source
//! ids, the teacher-forced logits (within 1e-4 of their scale), the encoder's output, and the
//! greedy and beam-search ids and text equal the goldens `scripts/marian_fixtures.py` wrote with
//! transformers 5.24 (tests/fixtures/marian/goldens.json, goldens_logits.npz). No torch here.

use ndarray::{Array2, ArrayD, Axis};
use ndarray_npy::NpzReader;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;
use transformer_tutor::model::generate::{GenerationConfig, generate};
use transformer_tutor::model::marian::load::MarianModel;
use transformer_tutor::model::{Inputs, Run, RunShape, build};

const DIRS: [&str; 3] = ["weights/marian-tiny", "tests/fixtures/marian/bin-zip", "tests/fixtures/marian/bin-legacy"];

fn goldens() -> Value {
    let text = std::fs::read_to_string("tests/fixtures/marian/goldens.json").expect("goldens.json");
    serde_json::from_str(&text).expect("json")
}

fn ids(v: &Value) -> Vec<usize> {
    v.as_array().expect("a list").iter().map(|x| x.as_u64().expect("an id") as usize).collect()
}

fn load(dir: &str) -> MarianModel {
    MarianModel::load(Path::new(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"))
}

/// max |a − b| / max |b|: the difference relative to the tensor's scale.
fn relative(a: &ArrayD<f32>, b: &ArrayD<f32>) -> f32 {
    assert_eq!(a.shape(), b.shape());
    let scale = b.iter().fold(0f32, |m, v| m.max(v.abs())).max(1e-6);
    a.iter().zip(b).fold(0f32, |m, (x, y)| m.max((x - y).abs())) / scale
}

#[test]
fn source_ids_are_the_tokenizers() {
    let g = goldens();
    let model = load(DIRS[0]);
    for s in g["sentences"].as_array().unwrap() {
        let got = model.tokenizer.encode_source(s["src"].as_str().unwrap());
        assert_eq!(got.ids, ids(&s["src_ids"]), "{}", s["src"]);
    }
}

#[test]
fn teacher_forced_logits_match_transformers_in_every_format() {
    let g = goldens();
    let mut npz = NpzReader::new(std::fs::File::open("tests/fixtures/marian/goldens_logits.npz").unwrap()).unwrap();
    for dir in DIRS {
        let model = load(dir);
        let weights = Arc::new(model.weights);
        let mut worst = 0f32;
        for s in g["sentences"].as_array().unwrap() {
            let i = s["index"].as_u64().unwrap();
            let src = ids(&s["src_ids"]);
            let tgt = ids(&s["tf_decoder_ids"]);
            let src_ids = Array2::from_shape_vec((1, src.len()), src.clone()).unwrap();
            let tgt_ids = Array2::from_shape_vec((1, tgt.len()), tgt.clone()).unwrap();
            let shape = RunShape { batch: 1, t_src: src.len(), t_tgt: tgt.len() };
            let program = Arc::new(build::transformer(&weights.config, shape));
            let inputs = Inputs { src_ids: Some(src_ids), tgt_ids: Some(tgt_ids), ..Default::default() };
            let mut run = Run::new(program, weights.clone(), inputs);
            run.run_all();
            let logits = run.get("logits").unwrap().index_axis(Axis(0), 0).to_owned(); // (T, V)
            let want: ArrayD<f32> = npz.by_name(&format!("logits_{i}.npy")).unwrap();
            let r = relative(&logits, &want);
            assert!(r < 1e-4, "{dir} sentence {i}: logits differ by {r} of their scale");
            worst = worst.max(r);
            let enc = run.get("enc.out").unwrap().index_axis(Axis(0), 0).to_owned();
            let want_enc: ArrayD<f32> = npz.by_name(&format!("enc_out_{i}.npy")).unwrap();
            assert!(relative(&enc, &want_enc) < 1e-4, "{dir} sentence {i}: encoder output");
        }
        eprintln!("{dir}: worst logits difference {worst:e} of the scale");
    }
}

fn with_beams(model: &MarianModel, beams: usize) -> GenerationConfig {
    GenerationConfig { num_beams: beams, ..model.generation().clone() }
}

#[test]
fn greedy_and_beam_translations_match_transformers_in_every_format() {
    let g = goldens();
    for dir in DIRS {
        let model = load(dir);
        let weights = Arc::new(model.weights.clone());
        for s in g["sentences"].as_array().unwrap() {
            let src = ids(&s["src_ids"]);
            let src_ids = Array2::from_shape_vec((1, src.len()), src).unwrap();
            for (beams, key, text_key) in
                [(1, "greedy_ids", "greedy_text"), (4, "beam_ids", "beam_text"), (3, "beam3_ids", "beam3_text")]
            {
                let out = &generate(&weights, &src_ids, &with_beams(&model, beams))[0];
                assert_eq!(out.ids, ids(&s[key]), "{dir} {} with {beams} beams", s["src"]);
                assert_eq!(model.tokenizer.decode(&out.ids), s[text_key].as_str().unwrap(), "{dir} {}", s["src"]);
            }
            let greedy = &generate(&weights, &src_ids, &with_beams(&model, 1))[0];
            for (got, want) in greedy.step_probs.iter().zip(s["greedy_step_probs"].as_array().unwrap()) {
                let want = want.as_f64().unwrap() as f32;
                assert!((got - want).abs() < 1e-4, "{} step probability {got} vs {want}", s["src"]);
            }
        }
    }
}

#[test]
fn generation_config_is_read_as_transformers_reads_it() {
    let model = load(DIRS[0]);
    let g = model.generation();
    assert_eq!((g.num_beams, g.max_length, g.start_id, g.eos_id, g.pad_id), (4, 40, 243, 0, 243));
    assert_eq!((g.bad_ids.clone(), g.forced_eos, g.renormalize), (vec![243], Some(0), true));
}

#[test]
fn a_padded_batch_translates_as_transformers_pads_it() {
    let g = goldens();
    let b = &g["batch"];
    let model = load(DIRS[0]);
    let weights = Arc::new(model.weights.clone());
    let rows: Vec<Vec<usize>> = b["input_ids"].as_array().unwrap().iter().map(ids).collect();
    let src_ids = Array2::from_shape_fn((rows.len(), rows[0].len()), |(r, c)| rows[r][c]);
    let pad = model.generation().pad_id;
    for (beams, key) in [(1, "greedy_ids"), (4, "beam_ids")] {
        let out = generate(&weights, &src_ids, &with_beams(&model, beams));
        let want: Vec<Vec<usize>> = b[key].as_array().unwrap().iter().map(ids).collect();
        for (got, want) in out.iter().zip(&want) {
            // transformers pads the batch's rows to one length with <pad>
            let want: Vec<usize> = want.iter().copied().rev().skip_while(|&t| t == pad).collect::<Vec<_>>();
            let want: Vec<usize> = want.into_iter().rev().collect();
            assert_eq!(got.ids, want, "{beams} beams");
        }
    }
}

/// The formula the trace and the shape trace print for `x` names what the program adds: on
/// Marian the scaled embedding, not the embedding.
#[test]
fn the_positional_sum_names_the_scaled_embedding() {
    let model = load(DIRS[0]);
    let shape = RunShape { batch: 1, t_src: 3, t_tgt: 2 };
    let program = build::transformer(&model.weights.config, shape);
    for side in ["src", "tgt"] {
        let op = program.op(program.index_of(&format!("{side}.x")).unwrap());
        assert_eq!(op.formula.to_string(), format!("x = {side}.scaled + {side}.pe"));
        let reads: Vec<&str> = op.inputs.iter().map(|&i| program.op(i).name.as_str()).collect();
        assert_eq!(reads, [format!("{side}.scaled"), format!("{side}.pe")]);
    }
}

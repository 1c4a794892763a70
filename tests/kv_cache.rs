//! The key/value cache the output lesson shows (`kv-cache` view, `model::cache_steps`), on the
//! tutor's model and on the tiny Marian: each step's one query row against the cached keys is
//! decoder layer 0's self-attention row of the program run over the whole prefix (an independent
//! computation: the batched kernels, every position at once), the cache grows by one position a
//! step as (1, H, t, d_k), the step with the cache ranks first the word greedy decoding chose, and
//! every step was timed.

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::app::view_data::ViewData;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::build::{self, RunShape};
use transformer_tutor::model::cache_steps::cache_steps;
use transformer_tutor::model::decode::{Choice, decode_steps};
use transformer_tutor::model::run::{Inputs, Run};
use transformer_tutor::setup::WeightSource;

fn models() -> Vec<(&'static str, Arc<transformer_tutor::model::Weights>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    [("tutor", WeightSource::Trained), ("marian-tiny", WeightSource::Marian(root.join("weights/marian-tiny")))]
        .into_iter()
        .map(|(name, source)| (name, Arc::new(source.load().unwrap_or_else(|e| panic!("{name}: {e}")))))
        .collect()
}

#[test]
fn each_step_reads_the_cache_as_the_whole_program_attends() {
    for (name, weights) in models() {
        let catalog = Catalog::built_in(&weights).unwrap();
        let lesson = catalog.get("output").expect("the output lesson").clone();
        let beat = lesson.beats.iter().position(|b| b.view.name() == "kv-cache").expect("a kv-cache beat");
        let mut app = App::new(lesson, weights.clone()).unwrap();
        app.go_to_beat(beat);
        let src = app.setup().src_ids.row(0).to_owned().insert_axis(ndarray::Axis(0));
        let steps = decode_steps(&weights, &src, Choice::Greedy);
        let mut tokens = steps.last().expect("a step").prefix.clone();
        tokens.push(steps.last().expect("a step").chosen);
        let measured = cache_steps(&weights, &src, &tokens[..steps.len()]);
        assert!(measured.steps.len() >= 4, "{name}: {} steps", measured.steps.len());
        let c = &weights.config;
        for (t, step) in measured.steps.iter().enumerate() {
            assert_eq!(step.keys, [1, c.n_heads, t + 1, c.d_k()], "{name} step {t}");
            if name == "tutor" {
                assert_eq!(step.top, tokens[t + 1], "{name} step {t}: the word greedy decoding chose");
            }
            assert!(step.with_cache.as_nanos() > 0 && step.without_cache.as_nanos() > 0, "{name} step {t}: timed");
            // the program over the prefix, every position at once
            let prefix = &tokens[..=t];
            let shape = RunShape { batch: 1, t_src: src.ncols(), t_tgt: prefix.len() };
            let tgt = ndarray::Array2::from_shape_vec((1, prefix.len()), prefix.to_vec()).unwrap();
            let inputs = Inputs { src_ids: Some(src.clone()), tgt_ids: Some(tgt), ..Default::default() };
            let mut run = Run::new(Arc::new(build::transformer(c, shape)), weights.clone(), inputs);
            run.run_all();
            let a = run.get("dec.0.self_attn.weights").unwrap(); // (1, H, t + 1, t + 1)
            assert_eq!(step.weights.len(), t + 1);
            for (key, &w) in step.weights.iter().enumerate() {
                let mean = (0..c.n_heads).map(|h| a[[0, h, t, key]]).sum::<f32>() / c.n_heads as f32;
                assert!((w - mean).abs() < 1e-5, "{name} step {t} key {key}: {w} against the program's {mean}");
            }
        }
        // the view lists the same shapes, one row a step
        let ViewData::Lines(d) = app.view_data().clone() else { panic!("a lines view") };
        let text: Vec<String> = (0..d.lines.len()).map(|i| d.line_text(i)).collect();
        for step in &measured.steps {
            let shape = transformer_tutor::model::program::shape_text(&step.keys);
            assert!(
                text.iter().any(|l| l.contains(&shape) && l.contains(" ms")),
                "{name}: {shape} in\n{}",
                text.join("\n")
            );
        }
    }
}

/// A loaded translator whose output never ends (here the tiny Marian with `</s>` never likely and
/// a max_length of 300): `translate`'s generate() decodes to max_length and forces `</s>` there,
/// while the screens stop at `budget::decode_limit` positions (64 for a short source), say so
/// under the decode view's translation, and force nothing.
#[test]
fn the_screens_stop_a_translation_that_never_ends() {
    use transformer_tutor::model::decode::{positions, stopped_short};
    use transformer_tutor::model::generate::generate;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut w = WeightSource::Marian(root.join("weights/marian-tiny")).load().unwrap();
    let eos = w.config.conventions.eos_id;
    w.fc_out.bias[eos] = -1e9; // (tgt_vocab,): </s> never the most probable
    w.config.max_len = 300;
    let generation = w.generation.as_mut().expect("a loaded translator's generation config");
    generation.max_length = 300;
    generation.num_beams = 1; // greedy, as the screens decode
    let config = generation.clone();
    let weights = Arc::new(w);
    let src = ndarray::Array2::from_shape_vec((1, 3), vec![20, 30, eos]).unwrap();
    assert_eq!(positions(&weights, 3), 64);
    let generated = generate(&weights, &src, &config);
    assert_eq!(generated[0].ids.len(), 300, "generate() goes on to max_length");
    assert_eq!(generated[0].ids.last(), Some(&eos), "and forces </s> there");
    let steps = decode_steps(&weights, &src, Choice::Greedy);
    assert_eq!(steps.len(), 63, "the screens: 64 positions, the start token and 63 words");
    assert!(steps.iter().all(|s| s.chosen != eos), "nothing forced at the screens' limit");
    assert_eq!(stopped_short(&weights, &src), Some((64, 300)));
    let ending = Arc::new(WeightSource::Marian(root.join("weights/marian-tiny")).load().unwrap());
    assert_eq!(stopped_short(&ending, &src), None, "a translation that writes </s> is not cut");
    assert_eq!(steps[..].iter().map(|s| s.chosen).collect::<Vec<_>>(), generated[0].ids[1..64].to_vec());
    // the learner's sentence without a target: the target is the translation as far as the
    // screens decode, with the </s> generate() forces at that length
    let own = transformer_tutor::setup::TokenInput::Sentences("我有一只狗".into());
    let setup = transformer_tutor::setup::Setup::with_weights(weights.clone(), &own, None).unwrap();
    assert_eq!(setup.tgt_ids.ncols(), 64, "the target row stops where the screens do");
    assert_eq!(setup.tgt_ids[[0, 63]], eos);
    // the decode view says where and why it stopped, in both languages
    let catalog = Catalog::built_in(&weights).unwrap();
    let lesson = catalog.get("output").expect("the output lesson").clone();
    let beat = lesson.beats.iter().position(|b| b.view.name() == "decode").expect("a decode beat");
    let mut app = App::new(lesson, weights.clone()).unwrap();
    app.go_to_beat(beat);
    for (lang, said) in [("en", "the screens stop at 64 positions"), ("zh", "屏幕上的解码只到 64 个位置")] {
        while app.lang().code() != lang {
            app.update(transformer_tutor::app::Action::NextLanguage);
        }
        let ViewData::Lines(d) = app.view_data().clone() else { panic!("a lines view") };
        let text: Vec<String> = (0..d.lines.len()).map(|i| d.line_text(i)).collect();
        assert!(text.iter().any(|l| l.contains(said)), "{lang}: `{said}` in\n{}", text.join("\n"));
    }
}

//! A weights file is complete or refused: every array the sizes call for, with its exact shape;
//! no array a model of its layers does not have; every size at least 1; a weight given as a
//! scalar is a misshaped array, not a panic; and its arrays unpack to a stated limit, checked
//! before anything is inflated. Each damaged file is the built-in weights with one thing wrong,
//! given to the binary as a user gives it.

mod hostile_common;

use hostile_common::*;
use ndarray::ArrayD;

fn zeros(shape: &[usize]) -> Npy {
    Npy::F32(ArrayD::zeros(shape))
}

#[test]
fn a_missing_layer_norm_is_refused_not_loaded_as_a_model_without_layers() {
    let path = edited_weights("no-norm1.npz", |m| remove(m, "encoder.layers.0.norm1.weight"));
    refused(
        &["--weights", &path, "translate", "我有一只猫"],
        &["missing array `encoder.layers.0.norm1.weight`, expected shape (32,)"],
    );
    refused(&["--weights", &path, "--list"], &["no-norm1.npz", "missing array `encoder.layers.0.norm1.weight`"]);
    // a whole layer gone from the decoder only
    let path = edited_weights("no-dec-layer.npz", |m| m.retain(|(n, _)| !n.starts_with("decoder.layers.1.")));
    refused(
        &["--weights", &path, "trace"],
        &["missing array `decoder.layers.1.self_attn.w_q.weight`, expected shape (32, 32)"],
    );
}

#[test]
fn an_extra_layer_or_a_stray_array_is_refused_by_name() {
    let path = edited_weights("extra-layer.npz", |m| {
        m.push(("encoder.layers.2.norm1.weight".into(), zeros(&[32])));
        m.push(("decoder.layers.2.norm1.weight".into(), zeros(&[32])));
    });
    // a third layer that is there in part: the model of three layers misses the rest of it
    refused(
        &["--weights", &path, "translate", "我有一只猫"],
        &["missing array `encoder.layers.2.self_attn.w_q.weight`"],
    );
    let path =
        edited_weights("layer-past-a-gap.npz", |m| m.push(("encoder.layers.7.norm1.weight".into(), zeros(&[32]))));
    refused(
        &["--weights", &path, "translate", "我有一只猫"],
        &["unexpected array `encoder.layers.7.norm1.weight`", "layers are 0..=1", "layer 7 is not one of them"],
    );
    let path = edited_weights("stray.npz", |m| m.push(("fc_out.wieght".into(), zeros(&[81, 32]))));
    refused(&["--weights", &path, "--list"], &["unexpected array `fc_out.wieght`", "no parameter of that name"]);
    let path = edited_weights("unknown-size.npz", |m| {
        m.push(("config.d_model".into(), Npy::I64(ndarray::arr0(32).into_dyn())))
    });
    refused(&["--weights", &path, "--list"], &["unexpected array `config.d_model`"]);
}

#[test]
fn what_export_writes_beside_the_weights_is_still_a_weights_file() {
    for (name, extra) in [("trace.npz", &[][..]), ("grads.npz", &["--grads"][..])] {
        let out = temp(name);
        let mut args = vec!["export", "--out", out.to_str().unwrap()];
        args.extend(extra);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let o = run(&["--weights", out.to_str().unwrap(), "translate", "我有一只猫"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(stdout(&o).starts_with("I have a cat\n"), "{}", stdout(&o));
    }
}

/// What `export` writes, `--weights` reads back, however many layers: a 90-layer model's export
/// holds 9,204 arrays (the limit was once 4,096, and the file was refused).
#[test]
fn a_deep_models_export_reads_back_as_weights() {
    use transformer_tutor::model::Weights;
    use transformer_tutor::setup::WeightSource;
    let trained = WeightSource::Trained.load().unwrap();
    let config = transformer_tutor::model::Config {
        d_model: 4,
        n_heads: 1,
        d_ff: 4,
        n_layers: 90,
        dec_layers: 90,
        ..trained.config.clone()
    };
    let deep = temp("deep.npz");
    Weights::init(&config, 3).with_vocabs(trained.vocabs.clone()).save_npz(&deep).unwrap();
    let out = temp("deep-export.npz");
    let o = run(&["--weights", deep.to_str().unwrap(), "export", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["--weights", out.to_str().unwrap(), "translate", "我有一只猫"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// A model made for two positions cannot be scored on the held-out pairs: `train --eval`, `probe
/// heads` and `probe align` say so and fail (align printed 100% error over 0 pairs, exit 0).
#[test]
fn a_model_too_short_for_the_held_out_pairs_is_not_scored() {
    use transformer_tutor::setup::WeightSource;
    let trained = WeightSource::Trained.load().unwrap();
    let config = transformer_tutor::model::Config { max_len: 2, ..trained.config.clone() };
    let short = temp("short.npz");
    transformer_tutor::model::Weights::init(&config, 3).with_vocabs(trained.vocabs.clone()).save_npz(&short).unwrap();
    let short = short.to_str().unwrap();
    for args in [
        vec!["train", "--eval", short],
        vec!["--weights", short, "probe", "heads"],
        vec!["--weights", short, "probe", "align"],
    ] {
        refused(&args, &["cannot score this model: its max_len is 2"]);
    }
}

#[test]
fn a_weight_given_as_a_scalar_is_a_misshaped_array() {
    let scalar = || Npy::F32(ndarray::arr0(1.0f32).into_dyn());
    let path = edited_weights("scalar-ffn.npz", |m| replace(m, "encoder.layers.0.ffn.linear1.weight", scalar()));
    refused(
        &["--weights", &path, "--list"],
        &["array `encoder.layers.0.ffn.linear1.weight` has shape ()", "(d_ff, d_model)"],
    );
    for name in ["src_embed.weight", "tgt_embed.weight", "fc_out.bias", "decoder.layers.1.norm3.bias"] {
        let path = edited_weights("scalar.npz", |m| replace(m, name, scalar()));
        refused(&["--weights", &path, "translate", "我有一只猫"], &[&format!("array `{name}` has shape ()")]);
    }
}

#[test]
fn sizes_of_zero_are_refused_before_anything_runs() {
    let path = edited_weights("d-model-0.npz", |m| {
        for (_, value) in m.iter_mut() {
            if let Npy::F32(a) = value {
                // every d_model axis emptied: the file is consistent, with d_model 0
                let shape: Vec<usize> = a.shape().iter().map(|&d| if d == 32 { 0 } else { d }).collect();
                *value = zeros(&shape);
            }
        }
    });
    refused(&["--weights", &path, "translate", "我有一只猫"], &["d_model is 0", "`src_embed.weight`", "at least 1"]);
    let path = edited_weights("d-ff-0.npz", |m| {
        for (name, value) in m.iter_mut() {
            if let Npy::F32(a) = value
                && name.contains(".ffn.")
            {
                let shape: Vec<usize> = a.shape().iter().map(|&d| if d == 64 { 0 } else { d }).collect();
                *value = zeros(&shape);
            }
        }
    });
    refused(&["--weights", &path, "--lesson", "masks", "--print"], &["d_ff is 0", "at least 1"]);
    let path = edited_weights("tiny-vocab.npz", |m| {
        m.retain(|(n, _)| n != "vocab.tgt");
        replace(m, "tgt_embed.weight", zeros(&[2, 32]));
        replace(m, "fc_out.weight", zeros(&[2, 32]));
        replace(m, "fc_out.bias", zeros(&[2]));
    });
    refused(&["--weights", &path, "trace"], &["the target vocabulary is 2", "<pad> <unk> <bos> <eos>"]);
    for (value, needle) in [(0, "config.max_len is 0"), (100_000, "config.max_len is 100000")] {
        let path =
            edited_weights("max-len.npz", |m| replace(m, "config.max_len", Npy::I64(ndarray::arr0(value).into_dyn())));
        refused(&["--weights", &path, "translate", "我有一只猫"], &[needle, "from 2", "to 1024"]);
    }
    let path = edited_weights("pad-3.npz", |m| replace(m, "config.pad_idx", Npy::I64(ndarray::arr0(3).into_dyn())));
    refused(&["--weights", &path, "trace"], &["config.pad_idx is 3", "it must be 0"]);
}

#[test]
fn a_zip_bomb_is_refused_before_anything_is_inflated() {
    let path = temp("bomb.npz");
    write_npz(&path, &trained_members());
    // an array nobody reads: 300 MB of zeros, deflated to a few hundred kilobytes
    const SIZE: usize = 300 << 20;
    append_member(
        &path,
        "junk.npy",
        |w| {
            w.write_all(&npy_header("|u1", &format!("({SIZE},)"))).unwrap();
            let block = vec![0u8; 1 << 20];
            for _ in 0..SIZE >> 20 {
                w.write_all(&block).unwrap();
            }
        },
        true,
    );
    let on_disk = std::fs::metadata(&path).unwrap().len();
    assert!(on_disk < 2 << 20, "the bomb is small on disk: {on_disk}");
    let start = std::time::Instant::now();
    refused(
        &["--weights", path.to_str().unwrap(), "--list"],
        &["bomb.npz", "would unpack to", "more than the 256 MB", "nothing was unpacked"],
    );
    assert!(start.elapsed().as_secs() < 10, "refused at once, not after inflating: {:?}", start.elapsed());
    // thousands of tiny arrays are refused by their number, before any is looked at
    let path = temp("many.npz");
    write_npz(&path, &trained_members());
    let mut zip =
        zip::ZipWriter::new_append(std::fs::OpenOptions::new().read(true).write(true).open(&path).unwrap()).unwrap();
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let most = transformer_tutor::model::npz_guard::MAX_MEMBERS;
    for i in 0..most {
        zip.start_file(format!("t{i}.npy"), options).unwrap();
    }
    zip.finish().unwrap();
    let count = trained_members().len() + most;
    refused(
        &["--weights", path.to_str().unwrap(), "--list"],
        &["many.npz", &format!("holds {count} arrays; a weights file holds at most {most}")],
    );
}

#[test]
fn eval_of_a_model_without_the_corpus_words_is_refused_not_a_panic() {
    // one word renamed: `cat` is no longer in the target vocabulary
    let path = edited_weights("no-cat.npz", |m| {
        edit_vocab(m, "vocab.tgt", |tokens| {
            let at = tokens.iter().position(|t| t == "cat").unwrap();
            tokens[at] = "kat".into();
        })
    });
    refused(
        &["train", "--eval", &path],
        &["cannot be scored on the corpus", "target vocabulary lacks 1 of its words (cat)"],
    );
    // no vocabularies at all (a PyTorch file): numbered placeholders on both sides
    let path = edited_weights("no-vocabs.npz", |m| m.retain(|(n, _)| !n.starts_with("vocab.")));
    refused(
        &["train", "--eval", &path],
        &["source vocabulary lacks 67 of the corpus's characters (", ", …)", "and its target vocabulary lacks"],
    );
}

/// Under `--lang zh` a refused weights file is explained in Chinese: a stray array, a layer past
/// the last, a negative size.
#[test]
fn a_refused_weights_file_is_explained_in_chinese_under_lang_zh() {
    let zh = |path: &str, needles: &[&str]| {
        let err = refused(&["--lang", "zh", "--weights", path, "translate", "我有一只猫"], needles);
        assert!(!err.contains("unexpected array") && !err.contains("could not be read"), "{err}");
    };
    let path = edited_weights("zh-stray.npz", |m| m.push(("fc_out.wieght".into(), zeros(&[81, 32]))));
    zh(&path, &["错误：", "多余的数组 `fc_out.wieght`", "没有这个名字的参数"]);
    let path = edited_weights("zh-gap.npz", |m| m.push(("encoder.layers.7.norm1.weight".into(), zeros(&[32]))));
    zh(&path, &["多余的数组 `encoder.layers.7.norm1.weight`", "第 7 层不在其中"]);
    let path = edited_weights("zh-negative.npz", |m| {
        m.retain(|(n, _)| n != "config.pad_idx");
        m.push(("config.pad_idx".into(), Npy::I64(ndarray::arr0(-1).into_dyn())));
    });
    zh(&path, &["`config.pad_idx` 是 -1；它不能是负数"]);
}

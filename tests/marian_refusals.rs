//! A Marian directory that cannot be computed exactly is refused with a message naming what is
//! wrong, exit 1, nothing written: a missing file, another model type, a pre-LN Marian, another
//! activation, a vocabulary that disagrees with the config, NaN weights, a sentence longer than
//! the model's positions, a pickle that calls a function. Each case is a copy of the shipped tiny
//! Marian with one thing changed.

use std::path::Path;
use std::process::Command;

mod temp_folder;
use temp_folder::TempFolder;

const TINY: &str = "weights/marian-tiny";

/// A fresh copy of the tiny Marian in a temporary directory (removed when dropped), changed by
/// `edit`.
fn variant(name: &str, edit: impl FnOnce(&Path)) -> TempFolder {
    let dir = TempFolder::made(&format!("marian-{name}"));
    for entry in std::fs::read_dir(TINY).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    edit(&dir);
    dir
}

fn edit_config(dir: &Path, from: &str, to: &str) {
    let path = dir.join("config.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "config.json has {from}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
}

/// `translate --model DIR 我有一只猫` in `lang`: (exit code, stdout, stderr).
fn translate(dir: &Path, sentence: &str, lang: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        // its data (the saved language, progress) in the test's own folder, not the learner's
        .env("TRANSFORMER_TUTOR_DATA_DIR", std::env::temp_dir().join(format!("tt-test-data-{}", std::process::id())))
        .args(["--lang", lang, "translate", "--model"])
        .arg(dir)
        .arg(sentence)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn refused(dir: &Path, sentence: &str, en: &[&str], zh: &[&str]) {
    for (lang, words) in [("en", en), ("zh", zh)] {
        let (code, stdout, stderr) = translate(dir, sentence, lang);
        assert_eq!(code, 1, "{lang}: exit code; stderr {stderr}");
        assert!(stdout.is_empty(), "{lang}: nothing on stdout: {stdout}");
        assert!(!stderr.contains("panicked"), "{lang}: {stderr}");
        for w in words {
            assert!(stderr.contains(w), "{lang}: `{w}` in {stderr}");
        }
    }
}

#[test]
fn the_shipped_model_translates() {
    let (code, stdout, _) = translate(Path::new(TINY), "我有一只猫", "en");
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().next(), Some("I have a cat"));
}

#[test]
fn a_missing_file_is_named_with_what_it_is_for() {
    let dir = variant("no-config", |d| std::fs::remove_file(d.join("config.json")).unwrap());
    refused(&dir, "我", &["config.json", "sizes"], &["config.json", "尺寸"]);
    let dir = variant("no-spm", |d| std::fs::remove_file(d.join("source.spm")).unwrap());
    refused(&dir, "我", &["source.spm"], &["source.spm"]);
    let dir = variant("no-weights", |d| std::fs::remove_file(d.join("model.safetensors")).unwrap());
    refused(&dir, "我", &["model.safetensors", "pytorch_model.bin"], &["model.safetensors", "pytorch_model.bin"]);
}

#[test]
fn another_model_type_a_pre_ln_marian_and_another_activation_are_refused() {
    let dir = variant("bart", |d| edit_config(d, "\"model_type\": \"marian\"", "\"model_type\": \"bart\""));
    refused(&dir, "我", &["bart", "only Marian"], &["bart", "只支持 Marian"]);
    let dir = variant("pre-ln", |d| edit_config(d, "\"normalize_before\": false", "\"normalize_before\": true"));
    refused(&dir, "我", &["normalize_before", "pre-LN"], &["normalize_before", "Pre-LN"]);
    let dir =
        variant("tanh", |d| edit_config(d, "\"activation_function\": \"swish\"", "\"activation_function\": \"tanh\""));
    refused(&dir, "我", &["tanh", "swish"], &["tanh", "swish"]);
    // a number is no name: refused, not taken for the default (gelu, silently)
    let dir =
        variant("activation-3", |d| edit_config(d, "\"activation_function\": \"swish\"", "\"activation_function\": 3"));
    refused(&dir, "我", &["activation_function is \"3\"", "swish"], &["3", "swish"]);
}

#[test]
fn sizes_that_disagree_are_refused() {
    let dir = variant("vocab", |d| edit_config(d, "\"vocab_size\": 244", "\"vocab_size\": 245"));
    refused(&dir, "我", &["245"], &["245"]);
    let dir = variant("width", |d| {
        edit_config(d, "\"d_model\": 36", "\"d_model\": 48");
    });
    refused(&dir, "我", &["shape"], &["形状"]);
}

#[test]
fn a_sentence_longer_than_the_positions_is_refused() {
    let long = "我有一只猫".repeat(40);
    let (code, stdout, stderr) = translate(Path::new(TINY), &long, "en");
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("64"), "the limit is named: {stderr}");
}

#[test]
fn a_pickle_that_calls_a_function_is_refused() {
    let dir = variant("evil", |d| {
        std::fs::remove_file(d.join("model.safetensors")).unwrap();
        std::fs::copy("tests/fixtures/torch/evil.bin", d.join("pytorch_model.bin")).unwrap();
    });
    refused(&dir, "我", &["system"], &["system"]);
}

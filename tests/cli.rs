//! The real binary, run as a user would from a script: stdin empty, stdout a pipe (not a terminal).
//! Exit codes, the key lines of output, and the errors for bad lessons, inputs and weights files.

use ndarray::{Array1, Array2, ArrayD};
use ndarray_npy::{NpzReader, NpzWriter};
use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use transformer_tutor::model::{Preset, Weights};

mod temp_folder;
use temp_folder::TempFolder;

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

/// Run the binary with `args`; stdin is null and stdout/stderr are pipes. Its data (progress,
/// the saved language) is in a temporary folder of this run's own, removed when it has ended, so
/// that a learner's saved choice of Chinese cannot change what the tests read, and no test writes
/// to their home.
fn run(args: &[&str]) -> Output {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let data = TempFolder::named(&format!("cli-data-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
    Command::new(BIN)
        .args(args)
        .env("TRANSFORMER_TUTOR_DATA_DIR", &data)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit 0, or fail showing what the program said.
#[track_caller]
fn ok(args: &[&str]) -> Output {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?} exited with {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        stdout(&o),
        stderr(&o)
    );
    o
}

/// A non-zero exit (and no crash: a panic would exit 101), returning stderr.
#[track_caller]
fn fails(args: &[&str]) -> String {
    let o = run(args);
    assert!(!o.status.success(), "{args:?} should fail\nstdout:\n{}\nstderr:\n{}", stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{args:?}: expected exit code 1\nstderr:\n{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.starts_with("error: "), "{args:?}: stderr should start with `error: `:\n{err}");
    assert!(!err.contains("panicked"), "{args:?} panicked:\n{err}");
    err
}

#[track_caller]
fn assert_contains(haystack: &str, needle: &str) {
    assert!(haystack.contains(needle), "expected {needle:?} in:\n{haystack}");
}

/// A unique path under the system temp dir; removed when dropped.
struct TempPath(PathBuf);

impl TempPath {
    fn new(tag: &str, ext: &str) -> TempPath {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("tt-cli-{tag}-{}-{n}.{ext}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        TempPath(path)
    }

    fn str(&self) -> &str {
        self.0.to_str().expect("temp paths are UTF-8")
    }
}

impl Drop for TempPath {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name).display().to_string()
}

fn tutor_weights() -> Weights {
    transformer_tutor::setup::seeded(Preset::Tutor, 0)
}

/// Write the tutor weights to an uncompressed npz, with `edit` deciding each array's fate:
/// `None` leaves it out, `Some(a)` writes `a` in its place.
fn write_edited_npz(path: &Path, edit: impl Fn(&str, ArrayD<f32>) -> Option<ArrayD<f32>>) {
    let weights = tutor_weights();
    let mut npz = NpzWriter::new(File::create(path).unwrap());
    for (name, array) in weights.to_named() {
        if let Some(a) = edit(&name, array) {
            npz.add_array(name, &a).unwrap();
        }
    }
    for (name, value) in weights.config_scalars() {
        npz.add_array(name, &ndarray::arr0(value)).unwrap();
    }
    npz.finish().unwrap();
}

/// name -> the trace line for that operation.
fn trace_lines(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|l| {
            let name = l.split_whitespace().nth(1)?;
            Some((name.to_string(), l.to_string()))
        })
        .collect()
}

#[track_caller]
fn assert_trace_shape(lines: &BTreeMap<String, String>, name: &str, shape: &str) {
    let line = lines.get(name).unwrap_or_else(|| panic!("no trace line for {name}"));
    assert_contains(line, shape);
}

/// The array names in an npz, without the `.npy` of the zip entries.
fn npz_names(path: &Path) -> Vec<String> {
    let names = NpzReader::new(File::open(path).unwrap()).unwrap().names().unwrap();
    names.into_iter().map(|n| n.strip_suffix(".npy").map(str::to_string).unwrap_or(n)).collect()
}

fn npz_f32(path: &Path, name: &str) -> ArrayD<f32> {
    NpzReader::new(File::open(path).unwrap()).unwrap().by_name(name).unwrap()
}

fn masks_beat_count() -> usize {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons/masks.toml")).unwrap();
    text.lines().filter(|l| l.trim() == "[[beat]]").count()
}

// ---- help, version, list ----

#[test]
fn help_lists_the_options_and_subcommands() {
    let o = ok(&["--help"]);
    let out = stdout(&o);
    for needle in
        ["--lesson", "--list", "--print", "--lessons-dir", "--weights", "--seed", "--preset", "trace", "export"]
    {
        assert_contains(&out, needle);
    }
}

#[test]
fn subcommand_help_lists_the_input_options() {
    for sub in ["trace", "export"] {
        let out = stdout(&ok(&[sub, "--help"]));
        for needle in ["--src", "--tgt", "--src-ids", "--tgt-ids", "--weights", "--preset"] {
            assert_contains(&out, needle);
        }
    }
    assert_contains(&stdout(&ok(&["export", "--help"])), "--out");
}

#[test]
fn version_prints_name_and_version() {
    let out = stdout(&ok(&["--version"]));
    assert_eq!(out.trim(), format!("transformer-tutor {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn list_shows_masks() {
    let out = stdout(&ok(&["--list"]));
    let line = out.lines().find(|l| l.contains("masks")).unwrap_or_else(|| panic!("no masks line in:\n{out}"));
    // the seventh lesson (it teaches idea 8: `attention` covers ideas 6 and 7)
    assert_contains(line, " 7. masks");
    assert_contains(line, &format!("({} beats)", masks_beat_count()));
}

/// The lesson ids in the order `--list` prints them.
fn listed_ids() -> Vec<String> {
    stdout(&ok(&["--list"])).lines().filter_map(|l| l.split_whitespace().nth(1).map(str::to_string)).collect()
}

#[test]
fn list_shows_the_whole_curriculum_in_the_notes_order() {
    let out = stdout(&ok(&["--list"]));
    let numbers: Vec<usize> = out
        .lines()
        .map(|l| l.trim_start().split('.').next().unwrap().trim().parse().expect("a lesson number"))
        .collect();
    assert_eq!(numbers, (1..=numbers.len()).collect::<Vec<_>>(), "lessons numbered 1..N, none skipped:\n{out}");
    assert!(out.lines().next().unwrap().contains(" 1. why-attention"), "starts with idea 1:\n{out}");
    let ids = listed_ids();
    assert_eq!(ids[ids.len() - 4], "whole-model", "the curriculum ends with idea 14:\n{out}");
    assert_eq!(ids[ids.len() - 3], "real-translator", "then the whole model as a real translator loads it:\n{out}");
    assert_eq!(ids[ids.len() - 2], "probes", "then the probes of the trained model:\n{out}");
    assert_eq!(ids.last().map(String::as_str), Some("pitfalls"), "then the notes' mistakes, run:\n{out}");
    assert!(ids.len() >= 11, "{out}");
}

#[test]
fn print_prints_every_lesson_beat_by_beat() {
    for id in listed_ids() {
        let o = ok(&["--lesson", &id, "--print"]);
        let out = stdout(&o);
        assert!(out.starts_with(&format!("{id} — ")), "{id}: {}", &out[..out.len().min(200)]);
        let n = out.lines().filter(|l| l.starts_with("── beat ")).count();
        assert!(n >= 4, "{id}: {n} beats printed");
        assert_contains(&out, &format!("── beat {n}/{n} "));
        // a scalar's shape is named as one in a beat's heading, as in the pane's title
        assert!(!out.contains(" () ·"), "{id}: a heading prints a scalar's shape as ()");
        assert!(stderr(&o).is_empty(), "{id}: stderr: {}", stderr(&o));
    }
}

#[test]
fn reset_progress_clears_the_saved_file() {
    let dir = TempFolder::made("cli-reset");
    std::fs::write(dir.join("progress.toml"), "version = 1\n[lessons.masks]\nseen = [0, 1]\n").unwrap();
    let run_reset = || {
        Command::new(BIN)
            .arg("--reset-progress")
            .env("TRANSFORMER_TUTOR_DATA_DIR", &dir)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs")
    };
    let o = run_reset();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_contains(&stderr(&o), "progress cleared");
    // an empty file that counts the reset stays, so a tutor still running learns of it
    let left = std::fs::read_to_string(dir.join("progress.toml")).unwrap();
    assert!(!left.contains("masks") && left.contains("resets = 1"), "{left}");
    let o = run_reset();
    assert!(o.status.success());
    assert_contains(&stderr(&o), "nothing to clear");
}

#[test]
fn no_arguments_without_a_terminal_says_so_and_saves_nothing() {
    let dir = TempFolder::named("cli-noterm");
    let o = Command::new(BIN)
        .env("TRANSFORMER_TUTOR_DATA_DIR", &dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_contains(&stderr(&o), "no terminal");
    assert!(!dir.join("progress.toml").exists());
}

#[test]
fn unknown_argument_is_a_usage_error() {
    let o = run(&["--lessen", "masks"]);
    assert_eq!(o.status.code(), Some(2), "clap usage errors exit 2");
    assert_contains(&stderr(&o), "--lessen");
}

#[test]
fn conflicting_src_and_src_ids_is_a_usage_error() {
    let o = run(&["trace", "--src", "I have a cat", "--src-ids", "4,11"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "cannot be used with");
}

/// Every flag that a combination would ignore is refused as a usage error (exit 2), saying which
/// flag and why; nothing runs. (clap refuses a subcommand's flag elsewhere by itself.)
#[test]
fn flags_that_would_be_ignored_are_refused() {
    let cases: &[(&[&str], &[&str])] = &[
        // the tutor's flags before a subcommand
        (&["--what-if", "no-scale", "train", "--out", "x.npz"], &["--what-if", "`train` would ignore it"]),
        (&["--list", "trace"], &["--list", "`trace` would ignore it"]),
        (&["--src", "我", "trace"], &["--src", "give it after the subcommand"]),
        (&["--lesson", "masks", "export", "--out", "x.npz"], &["--lesson", "`export`"]),
        (&["--print", "corpus"], &["--print", "`corpus`"]),
        (&["--lessons-dir", "lessons", "translate", "我"], &["--lessons-dir", "`translate`"]),
        (&["--reset-progress", "corpus"], &["--reset-progress", "`corpus`"]),
        // model flags a command does not read
        (&["corpus", "--weights", "w.npz"], &["--weights has no effect on `corpus`"]),
        (&["corpus", "--seed", "3"], &["--seed has no effect on `corpus`"]),
        (&["corpus", "--preset", "note001"], &["--preset has no effect on `corpus`"]),
        (&["train", "--eval", "w.npz", "--weights", "v.npz"], &["--weights has no effect", "give the file to --eval"]),
        (&["train", "--eval", "w.npz", "--seed", "2"], &["--seed has no effect on `train --eval FILE`"]),
        (&["train", "--eval", "w.npz", "--preset", "note001"], &["--preset has no effect on `train --eval FILE`"]),
        (&["train", "--out", "x.npz", "--preset", "note001"], &["trains the tutor model", "--preset note001"]),
        (&["train", "--out", "x.npz", "--random-weights"], &["--random-weights has no effect on `train`"]),
        (
            &["train", "--out", "x.npz", "--weights", "w.npz", "--preset", "tutor"],
            &["--preset has no effect with --weights"],
        ),
        // random-weight flags without random weights
        (&["translate", "我", "--seed", "3"], &["--seed has no effect on the trained model", "--random-weights"]),
        (&["trace", "--weights", "w.npz", "--seed", "3"], &["--seed has no effect with --weights"]),
        (&["trace", "--weights", "w.npz", "--preset", "note001"], &["--preset has no effect with --weights"]),
        (&["trace", "--preset", "note001", "--random-weights"], &["--random-weights has no effect with --preset"]),
        (&["--lesson", "masks", "--print", "--seed", "1"], &["--seed has no effect on the trained model"]),
        // the tutor's flags that end before a lesson is shown
        (&["--list", "--lesson", "masks"], &["--lesson has no effect with --list"]),
        (&["--list", "--what-if", "no-scale"], &["--what-if has no effect with --list"]),
        (&["--reset-progress", "--print"], &["--print has no effect with --reset-progress"]),
        (&["--reset-progress", "--weights", "w.npz"], &["--weights has no effect with --reset-progress"]),
        (&["--reset-progress", "--at-step", "10"], &["--at-step has no effect with --reset-progress"]),
        (&["--list", "--at-step", "10"], &["--at-step has no effect with --list"]),
        (&["--glossary", "--list"], &["--list has no effect with --glossary"]),
        (&["--glossary", "--lesson", "masks"], &["--lesson has no effect with --glossary"]),
        (&["--glossary", "--what-if", "no-scale"], &["--what-if has no effect with --glossary"]),
        (&["--glossary", "--random-weights"], &["--random-weights has no effect with --glossary"]),
        (&["--reset-progress", "--glossary"], &["--glossary has no effect with --reset-progress"]),
        // --at-step shows the shipped run's checkpoints: no other model, no subcommand
        (&["--at-step", "10", "--print", "--random-weights"], &["--random-weights has no effect with --at-step"]),
        (&["--at-step", "10", "--print", "--weights", "w.npz"], &["--weights has no effect with --at-step"]),
        (&["--at-step", "0", "translate", "我有一只猫"], &["--at-step", "`translate` would ignore it"]),
        (&["--at-step", "0", "export", "--out", "x.npz"], &["--at-step", "`export` would ignore it"]),
        (&["--glossary", "corpus"], &["--glossary", "`corpus` would ignore it"]),
        // weight what-ifs where both sides would be one model
        (&["--what-if", "trained", "--print"], &["without --at-step both sides would be the trained model"]),
        (&["--what-if", "trained", "--random-weights", "--print"], &["add --at-step 0, 10"]),
        (&["--what-if", "trained", "--at-step", "1000", "--print"], &["--at-step 1000 is where training ends"]),
        (&["--what-if", "untrained", "--at-step", "0", "--print"], &["--at-step 0 already shows the untrained model"]),
        (&["--lang", "zh", "--what-if", "untrained", "--at-step", "0", "--print"], &["已经是未训练的模型"]),
        (&["--lang", "zh", "--seed", "3", "--print"], &["--seed 对训练好的模型不起作用"]),
        (
            &["--what-if", "untrained", "--random-weights", "--print"],
            &["random weights are an untrained model already"],
        ),
        (&["--what-if", "untrained", "--preset", "note001", "--print"], &["--preset note001 has no trained weights"]),
        // flags of one subcommand given to another: clap's own refusal
        (&["translate", "我", "--grads"], &["--grads"]),
        (&["trace", "--temperature", "1"], &["--temperature"]),
        (&["export", "--out", "x.npz", "--attention"], &["--attention"]),
        (&["train", "--out", "x.npz", "--tsv", "x.tsv"], &["--tsv"]),
        (&["translate", "我", "--sample-seed", "2"], &["--temperature"]),
        (&["train", "--out", "x.npz", "--steps", "0"], &["0 steps would train nothing"]),
    ];
    for (args, needles) in cases {
        let o = run(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?} is a usage error:\n{err}");
        // in Chinese the message stands whole (clap's usage lines are English)
        let zh = args.contains(&"zh");
        assert!(err.starts_with(if zh { "错误：" } else { "error: " }), "{args:?}: {err}");
        assert!(!zh || !err.contains("Usage:"), "{args:?}: {err}");
        for n in *needles {
            assert!(err.contains(n), "{args:?}: expected {n:?} in:\n{err}");
        }
        assert!(o.stdout.is_empty(), "{args:?}: nothing ran");
    }
    for name in ["x.npz", "x.tsv"] {
        assert!(!Path::new(env!("CARGO_MANIFEST_DIR")).join(name).exists(), "nothing was written");
    }
}

/// The combinations where every flag counts still run.
#[test]
fn flags_that_count_together_are_accepted() {
    ok(&["trace", "--random-weights", "--seed", "3"]);
    ok(&["--random-weights", "--seed", "3", "trace"]);
    ok(&["trace", "--preset", "note001", "--seed", "2", "--src-ids", "1,2", "--tgt-ids", "3,4"]);
    ok(&["translate", "我有一只猫", "--temperature", "1", "--sample-seed", "2", "--attention"]);
    ok(&["--list", "--lessons-dir", &fixture("lessons_ok")]);
    ok(&["--lesson", "masks", "--print", "--random-weights", "--seed", "2", "--what-if", "no-scale"]);
}

// ---- lessons ----

#[test]
fn print_masks_shows_every_beat() {
    let o = ok(&["--lesson", "masks", "--print"]);
    let out = stdout(&o);
    let n = masks_beat_count();
    assert!(n >= 2, "masks.toml should have beats");
    assert!(out.starts_with("masks — "), "{}", &out[..out.len().min(200)]);
    for i in 1..=n {
        assert_contains(&out, &format!("beat {i}/{n} "));
    }
    assert!(!out.contains(&format!("beat {}/{n}", n + 1)));
    assert_contains(&out, "■");
    assert_contains(&out, "sum 1.000");
    assert!(stderr(&o).is_empty(), "stderr: {}", stderr(&o));
}

#[test]
fn print_without_lesson_prints_the_first_lesson() {
    let out = stdout(&ok(&["--print"]));
    assert_contains(&out, "beat 1/");
}

#[test]
fn unknown_lesson_suggests_the_near_miss() {
    let err = fails(&["--lesson", "mask", "--print"]);
    assert_contains(&err, "no lesson `mask`");
    assert_contains(&err, "did you mean `masks`");
}

#[test]
fn unknown_lesson_without_print_suggests_too() {
    let err = fails(&["--lesson", "mask"]);
    assert_contains(&err, "did you mean `masks`");
}

#[test]
fn unknown_what_if_and_preset_suggest_the_near_miss_as_lessons_do() {
    for (args, needle) in [
        (&["--lesson", "masks", "--print", "--what-if", "no_scale"][..], "did you mean `no-scale`?"),
        (&["trace", "--preset", "note01"][..], "did you mean `note001`"),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: a usage error\n{}", stderr(&o));
        assert_contains(&stderr(&o), needle);
    }
}

#[test]
fn lesson_without_a_terminal_says_to_use_print() {
    let o = run(&["--lesson", "masks"]);
    assert_eq!(o.status.code(), Some(1), "stderr:\n{}", stderr(&o));
    let err = stderr(&o);
    assert_contains(&err, "no terminal");
    assert_contains(&err, "--print");
    assert!(o.stdout.is_empty(), "nothing should be drawn into a pipe");
}

#[test]
fn custom_lessons_dir_lists_and_prints() {
    let dir = fixture("lessons_ok");
    let out = stdout(&ok(&["--lessons-dir", &dir, "--list"]));
    let line = out.lines().find(|l| l.contains("positions")).unwrap_or_else(|| panic!("{out}"));
    assert_contains(line, " 1. positions"); // its `order` is 3, but it is the only lesson
    assert_contains(line, "(2 beats)");
    assert!(!out.contains("masks"), "the built-in lessons are replaced, not added to:\n{out}");

    let out = stdout(&ok(&["--lessons-dir", &dir, "--lesson", "positions", "--print"]));
    assert!(out.starts_with("positions — Positions, then attention"), "{out}");
    assert_contains(&out, "beat 1/2 · src.pe (5, 32)");
    assert_contains(&out, "beat 2/2 · enc.0.self_attn.weights (1, 4, 5, 5)");
    assert_contains(&out, "sum 1.000");
}

#[test]
fn custom_lessons_dir_does_not_know_built_in_ids() {
    let err = fails(&["--lessons-dir", &fixture("lessons_ok"), "--lesson", "masks", "--print"]);
    assert_contains(&err, "no lesson `masks`");
    assert_contains(&err, "positions");
}

#[test]
fn malformed_lesson_is_refused_with_file_line_and_field() {
    let dir = fixture("lessons_bad");
    for args in [vec!["--lessons-dir", &dir, "--list"], vec!["--lessons-dir", &dir, "--print"]] {
        let err = fails(&args);
        assert_contains(&err, "bad_head.toml:14: field `head`: is 7, but heads run from 0 to 3");
        assert_contains(&err, "tests/fixtures/lessons_bad");
        assert_contains(&err, "refused before anything was shown");
    }
}

#[test]
fn missing_lessons_dir_is_an_error() {
    let dir = std::env::temp_dir().join(format!("tt-cli-no-such-dir-{}", std::process::id()));
    let err = fails(&["--lessons-dir", dir.to_str().unwrap(), "--list"]);
    assert_contains(&err, "cannot read the lessons directory");
    assert_contains(&err, dir.to_str().unwrap());
}

// ---- trace ----

#[test]
fn trace_lists_every_operation_with_its_shape() {
    let o = ok(&["trace"]);
    let lines = trace_lines(&stdout(&o));
    // 我有一只猫 ; 你有猫吗 by character, <bos> I have a cat <eos> ; <bos> do you have a cat ? <eos> by word
    assert_trace_shape(&lines, "src.embed", "(2, 5, 32)");
    assert_trace_shape(&lines, "tgt.causal", "(1, 1, 8, 8)");
    assert_trace_shape(&lines, "enc.0.self_attn.scores", "(2, 4, 5, 5)");
    assert_trace_shape(&lines, "dec.0.self_attn.weights", "(2, 4, 8, 8)");
    assert_trace_shape(&lines, "dec.1.cross_attn.weights", "(2, 4, 8, 5)");
    assert_trace_shape(&lines, "logits", "(2, 8, 81)");
    assert_trace_shape(&lines, "probs", "(2, 8, 81)");
    assert!(stderr(&o).is_empty(), "the default sentences are all known words: {}", stderr(&o));
}

#[test]
fn trace_note001_with_ids() {
    let o = ok(&["trace", "--preset", "note001", "--src-ids", "1,2,3", "--tgt-ids", "4,5"]);
    let lines = trace_lines(&stdout(&o));
    assert_trace_shape(&lines, "src.embed", "(1, 3, 128)");
    assert_trace_shape(&lines, "enc.0.self_attn.scores", "(1, 4, 3, 3)");
    assert_trace_shape(&lines, "dec.0.self_attn.scores", "(1, 4, 2, 2)");
    assert_trace_shape(&lines, "dec.1.cross_attn.weights", "(1, 4, 2, 3)");
    assert_trace_shape(&lines, "logits", "(1, 2, 1000)");
    assert_trace_shape(&lines, "probs", "(1, 2, 1000)");
}

#[test]
fn trace_with_unknown_word_notes_unk() {
    let o = ok(&["trace", "--src", "我有一只象", "--tgt", "<bos> I have a zebra <eos>"]);
    let err = stderr(&o);
    assert_contains(&err, "source sentence 1, character 5: `象` is not in the vocabulary; it became <unk>");
    assert_contains(&err, "target sentence 1, word 5: `zebra` is not in the vocabulary; it became <unk>");
    let lines = trace_lines(&stdout(&o));
    assert_trace_shape(&lines, "enc.0.self_attn.scores", "(1, 4, 5, 5)");
}

/// With only a source, the target is the model's own greedy translation.
#[test]
fn trace_with_src_only_works() {
    let o = ok(&["trace", "--src", "我有一只象"]);
    assert_contains(&stderr(&o), "`象` is not in the vocabulary; it became <unk>");
    let o = ok(&["trace", "--src", "我有一只猫"]);
    // <bos> I have a cat <eos>: six target positions
    assert_trace_shape(&trace_lines(&stdout(&o)), "dec.0.self_attn.weights", "(1, 4, 6, 6)");
}

#[test]
fn a_target_without_a_source_is_refused() {
    let err = fails(&["trace", "--tgt", "<bos> I have a cat <eos>"]);
    assert_contains(&err, "a target needs its source");
}

#[test]
fn src_id_outside_the_vocabulary_is_refused() {
    let err = fails(&["trace", "--src-ids", "1,2,999", "--tgt-ids", "2,4,3"]);
    assert_contains(&err, "source ids: id 999 in row 1 is outside the vocabulary (0..71)");
}

#[test]
fn src_id_that_is_not_a_number_is_refused() {
    let err = fails(&["trace", "--src-ids", "4,eleven", "--tgt-ids", "2,4,3"]);
    assert_contains(&err, "`eleven` in row 1 is not a non-negative integer");
}

#[test]
fn mismatched_batch_rows_are_refused() {
    let err = fails(&["trace", "--src-ids", "4,11;4,13", "--tgt-ids", "2,4,3"]);
    assert_contains(&err, "the source has 2 batch row(s) but the target has 1");
}

// ---- export ----

#[test]
fn export_writes_tensors_weights_and_ids() {
    let out = TempPath::new("export", "npz");
    let o = ok(&["export", "--out", out.str()]);
    assert_contains(&stderr(&o), "tensors and the weights to");
    assert!(out.0.exists());
    let names = npz_names(&out.0);
    for name in [
        "src.embed",
        "enc.0.self_attn.scores",
        "enc.out",
        "dec.1.cross_attn.weights",
        "logits",
        "probs",
        "src_embed.weight",
        "fc_out.weight",
        "fc_out.bias",
        "config.max_len",
        "src_ids",
        "tgt_ids",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} missing from {names:?}");
    }
    let mut npz = NpzReader::new(File::open(&out.0).unwrap()).unwrap();
    let src_ids: Array2<i64> = npz.by_name("src_ids").unwrap();
    let vocab = transformer_tutor::corpus::vocabs();
    let id = |c: &str| vocab.src.id(c).unwrap() as i64;
    let row0 = ["我", "有", "一", "只", "猫"].map(id);
    let row1 = [id("你"), id("有"), id("猫"), id("吗"), 0];
    assert_eq!(src_ids, ndarray::arr2(&[row0, row1]));
    let probs = npz_f32(&out.0, "probs");
    assert_eq!(probs.shape(), [2, 8, 81]);
    for row in probs.rows() {
        assert!((row.sum() - 1.0).abs() < 1e-4, "a probs row sums to {}", row.sum());
    }
}

#[test]
fn export_refuses_a_sentence_longer_than_max_len() {
    let out = TempPath::new("too-long", "npz");
    let seventeen = "我有一只猫".repeat(3) + "我有"; // 17 characters; max_len is 16
    let err = fails(&["export", "--out", out.str(), "--src", &seventeen, "--tgt", "<bos> I <eos>"]);
    assert_contains(&err, "source: sentence 1 has 17 tokens");
    assert_contains(&err, "max_len is 16");
    assert!(!out.0.exists(), "nothing should be written");
}

#[test]
fn export_to_an_unwritable_path_is_an_error() {
    let dir = std::env::temp_dir().join(format!("tt-cli-no-such-dir-{}", std::process::id()));
    let out = dir.join("x.npz");
    let err = fails(&["export", "--out", out.to_str().unwrap()]);
    assert_contains(&err, "cannot write");
    assert_contains(&err, "there is no folder");
}

/// A script's path that cannot be written, or that names the export itself (the script replaced
/// the .npz it reads, exit 0) or the other script: refused before anything is written, the export
/// included (it was written, then the script refused).
#[test]
fn export_scripts_to_a_bad_or_the_same_path_are_refused_before_writing() {
    let out = TempPath::new("scripts-out", "npz");
    let dir = std::env::temp_dir();
    let py = TempPath::new("scripts-py", "py");
    for (args, needle) in [
        (vec!["--numpy", out.str()], "--numpy and --out name the same file"),
        (vec!["--pytorch", out.str()], "--pytorch and --out name the same file"),
        (vec!["--numpy", py.str(), "--pytorch", py.str()], "one script would overwrite the other"),
        (vec!["--numpy", dir.to_str().unwrap()], "it is a directory"),
        (vec!["--pytorch", "/dev/full"], "it is a device"),
    ] {
        let err = fails(&[&["export", "--src", "我有一只猫", "--out", out.str()][..], &args].concat());
        assert_contains(&err, needle);
        assert!(!out.0.exists() && !py.0.exists(), "nothing written: {args:?}");
    }
    let zh = run(&["--lang", "zh", "export", "--src", "我有一只猫", "--out", out.str(), "--numpy", out.str()]);
    assert_eq!(zh.status.code(), Some(1));
    assert_contains(&stderr(&zh), "指向同一个文件");
}

// ---- weights files ----

#[test]
fn missing_weights_file_is_named() {
    let path = TempPath::new("missing", "npz");
    let err = fails(&["trace", "--weights", path.str()]);
    assert_contains(&err, "cannot open weights file");
    assert_contains(&err, path.str());
    // The tutor itself reads --weights too.
    let err = fails(&["--weights", path.str(), "--list"]);
    assert_contains(&err, "cannot open weights file");
}

#[test]
fn garbage_weights_file_is_not_an_npz() {
    let path = TempPath::new("garbage", "npz");
    std::fs::write(&path.0, b"this is not a zip archive at all").unwrap();
    let err = fails(&["trace", "--weights", path.str()]);
    assert_contains(&err, path.str());
    assert_contains(&err, "is not a readable .npz file");
}

#[test]
fn weights_missing_an_array_name_it_and_its_shape() {
    let path = TempPath::new("no-fc-bias", "npz");
    write_edited_npz(&path.0, |name, a| (name != "fc_out.bias").then_some(a));
    assert!(!npz_names(&path.0).iter().any(|n| n == "fc_out.bias"));
    let err = fails(&["trace", "--weights", path.str()]);
    assert_contains(&err, path.str());
    assert_contains(&err, "missing array `fc_out.bias`, expected shape (81,)");
    let err = fails(&["--weights", path.str(), "--lesson", "masks", "--print"]);
    assert_contains(&err, "missing array `fc_out.bias`");
}

#[test]
fn weights_with_a_transposed_array_name_it_and_the_expected_shape() {
    // nn.Linear stores (out, in); a (in, out) matrix is the usual mistake.
    let path = TempPath::new("transposed", "npz");
    let name = "encoder.layers.1.ffn.linear1.weight";
    write_edited_npz(&path.0, |n, a| {
        Some(if n == name { a.reversed_axes().as_standard_layout().to_owned() } else { a })
    });
    let err = fails(&["trace", "--weights", path.str()]);
    assert_contains(&err, &format!("array `{name}` has shape"));
    assert_contains(&err, "32, 64");
    assert_contains(&err, "expected (64, 32)");
}

#[test]
fn weights_with_a_short_bias_name_it_and_the_expected_shape() {
    let path = TempPath::new("short-bias", "npz");
    write_edited_npz(&path.0, |n, a| Some(if n == "fc_out.bias" { Array1::<f32>::zeros(80).into_dyn() } else { a }));
    let err = fails(&["export", "--out", "/dev/null", "--weights", path.str()]);
    assert_contains(&err, "array `fc_out.bias` has shape");
    assert_contains(&err, "80");
    assert_contains(&err, "expected (81,)");
}

#[test]
fn saved_weights_round_trip_through_the_cli() {
    let weights_path = TempPath::new("round-trip-weights", "npz");
    tutor_weights().save_npz(&weights_path.0).unwrap();

    // trace reads them, and the program has the same shapes as the seeded model.
    let from_file = stdout(&ok(&["trace", "--weights", weights_path.str()]));
    let seeded = stdout(&ok(&["trace"]));
    assert_eq!(from_file, seeded);

    // export from the file computes exactly what the seed-0 model computes.
    let a = TempPath::new("round-trip-a", "npz");
    let b = TempPath::new("round-trip-b", "npz");
    ok(&["export", "--weights", weights_path.str(), "--out", a.str()]);
    ok(&["export", "--random-weights", "--seed", "0", "--out", b.str()]);
    for name in ["enc.out", "logits", "probs"] {
        assert_eq!(npz_f32(&a.0, name), npz_f32(&b.0, name), "{name} differs");
    }

    // And the tutor runs a lesson on them.
    let out = stdout(&ok(&["--weights", weights_path.str(), "--lesson", "masks", "--print"]));
    assert_contains(&out, "sum 1.000");
}

#[test]
fn different_seeds_give_different_numbers() {
    let a = TempPath::new("seed-1", "npz");
    let b = TempPath::new("seed-2", "npz");
    ok(&["export", "--random-weights", "--seed", "1", "--out", a.str()]);
    ok(&["export", "--random-weights", "--seed", "2", "--out", b.str()]);
    assert_ne!(npz_f32(&a.0, "logits"), npz_f32(&b.0, "logits"));
}

/// BUG (reported): an `export` file holds the weights, but `--weights` refuses it because of the
/// int64 `src_ids`: "`src_ids` could not be read as float32".
#[test]
fn exported_file_can_be_read_back_as_weights() {
    let out = TempPath::new("export-as-weights", "npz");
    ok(&["export", "--out", out.str()]);
    ok(&["trace", "--weights", out.str()]);
}

/// BUG (reported): model options given before the subcommand are parsed into the top-level
/// `Cli::model` and silently ignored by `trace`/`export`, which use their own defaults.
#[test]
fn model_options_before_the_subcommand_are_not_ignored() {
    let missing = TempPath::new("global-missing", "npz");
    let o = run(&["--weights", missing.str(), "trace"]);
    assert!(!o.status.success(), "the missing weights file was ignored");
    let o = ok(&["--preset", "note001", "trace"]);
    assert_trace_shape(&trace_lines(&stdout(&o)), "logits", "(2, 8, 1000)");
}

// ---- the trained model: translate, train, corpus, gradients ----

/// `translate`'s stdout lines: the translation first (what a script reads), then each word with
/// its probability.
fn translated(o: &Output) -> (String, String) {
    let out = stdout(o);
    let mut lines = out.lines();
    let (first, second) = (lines.next().unwrap_or_default(), lines.next().unwrap_or_default());
    (first.to_string(), second.to_string())
}

/// The probabilities a line of `word (p)` pairs prints, in order.
fn printed_probabilities(line: &str) -> Vec<f64> {
    line.split('(').skip(1).map(|p| p.split(')').next().unwrap().parse().unwrap_or_else(|_| panic!("{line}"))).collect()
}

#[test]
fn translate_note_001s_sentence() {
    let o = ok(&["translate", "我有一只猫"]);
    let (translation, words) = translated(&o);
    assert_eq!(translation, "I have a cat");
    // every word and the closing <eos>, each with its probability: the trained model is sure
    assert!(words.starts_with("each word with its probability: I ("), "{words}");
    assert_contains(&words, " cat (");
    assert_contains(&words, " <eos> (");
    let p = printed_probabilities(&words);
    assert_eq!(p.len(), 5, "{words}");
    assert!(p.iter().all(|&p| p > 0.9 && p < 1.0), "{words}");
    assert!(!words.contains("(1.00)"), "a probability below 1 is not printed as 1: {words}");
    assert_eq!(stderr(&o), "", "a sentence of the corpus gets no warning");
    let o = ok(&["translate", "我明天去学校", "--attention"]);
    let out = stdout(&o);
    assert!(out.starts_with("I go to school tomorrow\n"), "{out}");
    assert_contains(&out, "cross-attention (dec.1.cross_attn.weights, mean of 4 heads)");
    let tomorrow = out.lines().find(|l| l.trim_start().starts_with("tomorrow")).unwrap_or_else(|| panic!("{out}"));
    assert_contains(tomorrow, "←");
}

#[test]
fn translate_marks_unknown_characters_and_refuses_bad_input() {
    let o = ok(&["translate", "我有一只象"]);
    // one line about the input: the warning names the character and what it became
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert_contains(&stderr(&o), "`象` is not in the training corpus (it became <unk>)");
    assert_contains(&fails(&["translate", "  "]), "the sentence is empty");
    let long = "我有一只猫".repeat(4);
    assert_contains(&fails(&["translate", &long]), "max_len is 16");
}

#[test]
fn translate_warns_when_the_sentence_is_outside_the_corpus() {
    // 你好: known characters, but no pattern of the corpus makes this sentence
    let o = ok(&["translate", "你好"]);
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("warning: this sentence is none of the training corpus's patterns"), "{err}");
    for needle in ["67 source characters", "10 sentence patterns", "`transformer-tutor corpus`", "a guess"] {
        assert_contains(&err, needle);
    }
    let (translation, words) = translated(&o);
    assert!(!translation.is_empty() && !translation.contains("probability"), "the translation still comes first");
    assert!(words.starts_with("each word with its probability: "), "{words}");
    // 今天天气很好: 气 is not in the corpus, so it became <unk>
    let o = ok(&["translate", "今天天气很好"]);
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "one line, the warning: {err}");
    let warning = err.lines().find(|l| l.starts_with("warning: ")).unwrap_or_else(|| panic!("{err}"));
    assert_contains(warning, "`气` is not in the training corpus (it became <unk>)");
    assert_contains(warning, "67 source characters in 10 sentence patterns");
    assert_eq!(err.lines().filter(|l| l.starts_with("warning: ")).count(), 1, "{err}");
    // hello: each unknown character is named once, `l` too though it comes twice
    let err = stderr(&ok(&["translate", "hello"]));
    assert_contains(&err, "`h`, `e`, `l`, `o` are not in the training corpus");
    assert_eq!(err.matches("`l`").count(), 1, "{err}");
    // a sentence of a pattern that the corpus's sample left out is a new combination, as held-out ones
    let o = ok(&["translate", "我在公园看鸟"]);
    assert_eq!(stderr(&o), "");
}

#[test]
fn sampled_words_print_their_probability_never_as_zero() {
    // at temperature 5 unlikely words are drawn; each is printed with the probability it was drawn at
    let mut small = 0;
    for seed in 0..8 {
        let o = ok(&["translate", "我有一只猫", "--temperature", "5", "--sample-seed", &seed.to_string()]);
        let out = stdout(&o);
        let sampled = out.lines().find(|l| l.starts_with("sampled at temperature 5, seed ")).expect("a sampled line");
        assert!(!out.contains("(0.00)") && !out.contains("(1.00)"), "{out}");
        let p = printed_probabilities(sampled.split(": ").nth(1).unwrap());
        assert!(p.iter().all(|&p| p > 0.0 && p < 1.0), "{sampled}");
        small += p.iter().filter(|&&p| p < 0.005).count();
    }
    assert!(small > 0, "some draws are below 0.005, the ones that used to print as (0.00)");
}

#[test]
fn random_weights_do_not_translate() {
    let o = ok(&["translate", "我有一只猫", "--random-weights"]);
    assert_ne!(translated(&o).0, "I have a cat", "untrained weights should not know the answer");
}

#[test]
fn corpus_shows_its_size_vocabularies_and_samples() {
    let tsv = TempPath::new("corpus", "tsv");
    let o = ok(&["corpus", "--tsv", tsv.str()]);
    let out = stdout(&o);
    assert_contains(&out, "held out (never trained on)");
    assert_contains(&out, "source vocabulary, by character");
    assert_contains(&out, "target vocabulary, by word");
    assert_contains(&out, "  →  ");
    let text = std::fs::read_to_string(&tsv.0).unwrap();
    assert!(text.starts_with("zh\ten\tsplit\talign\n"));
    let line = "我有一只猫\tI have a cat\ttrain\t0-0 1-1 2-2 3p2 4-3";
    assert!(text.lines().any(|l| l == line), "note 001's pair is trained on, with its gold alignment");
}

#[test]
fn probe_align_scores_every_cross_attention_head_in_text_and_csv() {
    let csv = TempPath::new("align", "csv");
    let o = ok(&["probe", "align", "--csv", csv.str()]);
    let out = stdout(&o);
    assert_contains(&out, "held-out pairs");
    assert_contains(&out, "dec.1.cross_attn  mean");
    assert_contains(&out, "The best single head: dec.");
    let text = std::fs::read_to_string(&csv.0).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "block,head,aer,precision,recall,predicted,sure,predicted_sure,predicted_possible");
    assert_eq!(lines.len(), 1 + 2 * 5, "two layers of four heads and a mean: {text}");
    // each row's AER is its counts': 1 - (A∩S + A∩P) / (A + S), and the table prints it
    for line in &lines[1..] {
        let f: Vec<&str> = line.split(',').collect();
        let n = |i: usize| f[i].parse::<f64>().unwrap();
        assert!((n(2) - (1.0 - (n(7) + n(8)) / (n(5) + n(6)))).abs() < 1e-6, "{line}");
        assert_contains(&out, &format!("{:.1}%", 100.0 * n(2)));
    }
    let o = ok(&["--lang", "zh", "probe", "align"]);
    assert_contains(&stdout(&o), "对得最准的单个头");
}

#[test]
fn probe_heads_ranks_every_head_in_text_and_csv() {
    let csv = TempPath::new("heads", "csv");
    let o = ok(&["probe", "heads", "--csv", csv.str()]);
    let out = stdout(&o);
    assert_contains(&out, "Each head taken out in turn");
    assert_contains(&out, "heads can be taken out");
    let text = std::fs::read_to_string(&csv.0).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "rank,block,head,exact,pairs,exact_pct,exact_drop,loss,loss_rise");
    assert_eq!(lines.len(), 2 + 24, "the whole model and 24 heads: {text}");
    // ranked: exact match never rises down the table
    let exact: Vec<usize> = lines[2..].iter().map(|l| l.split(',').nth(3).unwrap().parse().unwrap()).collect();
    assert!(exact.windows(2).all(|w| w[0] <= w[1]), "{exact:?}");
}

#[test]
fn train_writes_weights_that_eval_reads() {
    let out = TempPath::new("train", "npz");
    let o = ok(&["train", "--out", out.str(), "--steps", "30"]);
    let err = stderr(&o);
    assert_contains(&err, "training the tutor model");
    assert_contains(&err, "step    30/30");
    assert_contains(&err, "trained 30 of 30 steps");
    assert!(out.0.exists());
    let o = ok(&["train", "--eval", out.str()]);
    assert_contains(&stdout(&o), "held-out: 323 pairs, exact match");
    // the built-in weights, through the same path
    let o = ok(&["translate", "我有一只猫", "--weights", out.str()]);
    assert!(!stdout(&o).is_empty());
}

#[test]
fn train_needs_somewhere_to_write() {
    let o = run(&["train"]);
    assert_eq!(o.status.code(), Some(2), "a usage error");
    assert_contains(&stderr(&o), "--out <FILE.npz>");
}

#[test]
fn export_grads_writes_the_loss_and_every_weight_gradient() {
    let out = TempPath::new("grads", "npz");
    ok(&["export", "--grads", "--out", out.str(), "--src", "我有一只猫 ; 你有猫吗", "--tgt", DEFAULT_TGT_TEXT]);
    let names = npz_names(&out.0);
    for name in [
        "loss",
        "grad.src_embed.weight",
        "grad.decoder.layers.1.cross_attn.w_q.weight",
        "grad.fc_out.bias",
        "grad.logits",
        "fc_out.weight",
        "src_ids",
        "tgt_ids",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} missing from {names:?}");
    }
    let loss = npz_f32(&out.0, "loss");
    let value = *loss.iter().next().unwrap();
    assert!(value > 0.0 && value < 0.5, "the trained model's loss on a training pair is small: {value}");
    let g = npz_f32(&out.0, "grad.src_embed.weight");
    assert!(g.index_axis(ndarray::Axis(0), 0).iter().all(|&v| v == 0.0), "the <pad> row gets no gradient");
}

const DEFAULT_TGT_TEXT: &str = "<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>";

/// clap's usage errors under `--lang zh` are said in Chinese, whole, from the error's context (the
/// argument, the value, clap's suggestion, the tutor's own parser's Chinese reason), with exit 2.
#[test]
fn usage_errors_from_the_parser_are_said_in_chinese() {
    let cases: &[(&[&str], &str)] = &[
        (&["--lang", "zh", "--bogus"], "错误：不认识的参数 `--bogus`"),
        (&["--lang", "zh", "--lessson", "masks"], "你是不是想输入 `--lesson`？"),
        (&["--lang", "zh", "trian"], "没有子命令 `trian`；你是不是想输入"),
        (&["--lang", "zh", "--lesson"], "`--lesson <ID>` 需要一个值"),
        (&["--lang", "zh", "translate"], "缺少必需的参数 `<SENTENCE>`"),
        (&["--lang", "zh", "train", "--out", "x.npz", "--steps", "x"], "步数请给一个整数"),
        (&["--lang", "zh", "--seed", "abc", "--print"], "`--seed <SEED>` 的值 `abc` 不行"),
        (&["--lang", "zh", "--lang", "en"], "`--lang <en|zh>` 只能给一次"),
    ];
    for (args, needle) in cases {
        let o = run(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}:\n{err}");
        assert!(err.contains(needle), "{args:?}: `{needle}` expected in:\n{err}");
        assert!(!err.contains("error:") && !err.contains("Usage:"), "{args:?}: no English left:\n{err}");
    }
}

/// `--src-ids` on a Marian pads with the model's own `<pad>` (the tiny one's is 243, its
/// config's pad_token_id) and takes its id 0, `</s>`, as a token like any other.
#[test]
fn src_ids_on_a_marian_use_its_own_pad_id() {
    ok(&["--model", "weights/marian-tiny", "trace", "--src-ids", "0"]);
    let refused = fails(&["--model", "weights/marian-tiny", "trace", "--src-ids", "243"]);
    assert_contains(&refused, "other than 243 (<pad>)");
    let padded = ok(&["--model", "weights/marian-tiny", "trace", "--src-ids", "5;7,9"]);
    assert_contains(&stdout(&padded), "src.embed");
}

/// `--timings` on a translation of one piece (the tiny Marian with a max_length of 2: its start
/// token and `</s>`): nothing said about the pieces after the first, there being none (it said
/// "then 0.0 ms a piece"), in both languages.
#[test]
fn translate_timings_of_one_piece_say_nothing_of_pieces_after_it() {
    let dir = TempFolder::made("cli-one-piece");
    for entry in std::fs::read_dir("weights/marian-tiny").unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    let generation = dir.join("generation_config.json");
    let text = std::fs::read_to_string(&generation).unwrap().replace("\"max_length\": 40", "\"max_length\": 2");
    std::fs::write(&generation, text).unwrap();
    let model = dir.to_str().unwrap();
    for (lang, one, after) in
        [("en", "(1 piece): the only piece ", "then "), ("zh", "（1 个片段）：这唯一的片段 ", "之后")]
    {
        let err = stderr(&ok(&["--lang", lang, "translate", "--model", model, "我有一只猫", "--timings"]));
        assert!(err.contains(one) && !err.contains(after), "{err}");
    }
}

/// `translate --timings` on a Marian: encode, decode, the first piece's time (within the decode
/// time: it is the first step's, with the cross-attention's keys and values) and the time of each
/// piece after it, greedy and with beams, in both languages.
#[test]
fn translate_timings_give_the_first_piece_and_each_after() {
    let number_before = |text: &str, unit_after: &str| -> f64 {
        let at = text.find(unit_after).unwrap_or_else(|| panic!("{unit_after:?} in {text}"));
        let digits: String =
            text[at + unit_after.len()..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        digits.parse().unwrap_or_else(|_| panic!("a number after {unit_after:?} in {text}"))
    };
    for beams in ["1", "4"] {
        let out = ok(&["translate", "--model", "weights/marian-tiny", "我有一只猫", "--timings", "--beams", beams]);
        let line = stderr(&out);
        let decode = number_before(&line, "decode ");
        let first = number_before(&line, "the first piece ");
        let each = number_before(&line, "then ");
        assert!(first > 0.0 && first <= decode, "first piece {first} within decode {decode}: {line}");
        assert!(each <= decode, "each piece {each} within decode {decode}: {line}");
        let zh = stderr(&ok(&[
            "--lang",
            "zh",
            "translate",
            "--model",
            "weights/marian-tiny",
            "我有一只猫",
            "--timings",
            "--beams",
            beams,
        ]));
        assert!(number_before(&zh, "第一个片段 ") > 0.0, "{zh}");
        assert!(zh.contains("之后每个片段"), "{zh}");
    }
}

//! The code beside every operation computes the numbers on the screen: `export --numpy` (and
//! `--pytorch`) writes a script made of the snippets, in program order, that recomputes every
//! named tensor from the exported weights and ids and checks each against the tutor's; these
//! tests run it (python3 with numpy; torch where it imports) on the default run, a `--src` run, a
//! what-if and the tiny Marian, on runs that together use every op kind (`code::KINDS`: a kind
//! without a snippet, or whose snippet does not compute its tensor, fails here), and on a script
//! with one line broken, which must fail. A script prints in the language it was exported in
//! (`--lang zh`: the `src` run here, and a broken script in both languages).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use transformer_tutor::code::{self, Lib};
use transformer_tutor::lang::{self, Lang};
use transformer_tutor::model::arch::{HeadAblation, Variant};
use transformer_tutor::model::config::Activation;
use transformer_tutor::model::program::{AttnBlock, Stack};
use transformer_tutor::model::{Arch, Inputs, Run, build};
use transformer_tutor::setup::{Setup, TokenInput, WeightSource};

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

/// Whether `python3 -c "import <module>"` works. numpy must, under CI.
fn python_has(module: &str) -> bool {
    let check = Command::new("python3").args(["-c", &format!("import {module}")]).output();
    let problem = match check {
        Ok(out) if out.status.success() => return true,
        Ok(out) => String::from_utf8_lossy(&out.stderr).trim().to_string(),
        Err(e) => format!("cannot run python3: {e}"),
    };
    if module == "numpy" && std::env::var_os("CI").is_some() {
        panic!("numpy is missing ({problem}); install it with `pip install -r .ci/numpy-requirements.txt`");
    }
    eprintln!("note: skipping the {module} script check: `import {module}` failed ({problem})");
    false
}

/// A directory of its own for one case, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(case: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("transformer-tutor-code-{case}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What running a script printed, and the language it prints in.
struct Outcome {
    success: bool,
    stdout: String,
    lang: Lang,
}

impl Outcome {
    /// The lines of the ops that matched (`ok  name kind shape diff`; `一致 …` in Chinese).
    fn oks(&self) -> impl Iterator<Item = &str> {
        let ok = lang::with(self.lang, || transformer_tutor::strings::CODE_SCRIPT_OK.get());
        self.stdout.lines().filter(move |l| l.strip_prefix(ok).is_some_and(|rest| rest.starts_with(' ')))
    }

    /// The kinds whose snippets ran and matched.
    fn kinds(&self) -> BTreeSet<String> {
        self.oks().filter_map(|l| l.split_whitespace().nth(2).map(str::to_string)).collect()
    }

    /// The script ran, every op matched, and the last line says so for all `ops`, in its language.
    fn assert_all_match(&self, case: &str, ops: usize) {
        assert!(self.success, "{case}: the script failed:\n{}", self.stdout);
        assert_eq!(self.oks().count(), ops, "{case}: one ok line per op:\n{}", self.stdout);
        let last = self.stdout.lines().last().unwrap_or_default();
        let expected = match self.lang {
            Lang::En => format!("all {ops} tensors match"),
            Lang::Zh => format!("全部 {ops} 个张量都与导师的一致"),
        };
        assert_eq!(last, expected, "{case}:\n{}", self.stdout);
    }
}

fn python(script: &Path, lang: Lang) -> Outcome {
    let out = Command::new("python3").arg(script).output().expect("cannot run python3");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = format!("{}{stderr}", String::from_utf8_lossy(&out.stdout));
    Outcome { success: out.status.success(), stdout, lang }
}

/// `transformer-tutor <args> export --out run.npz --numpy run.py [--pytorch run_torch.py]`; the
/// number of ops (the npz's tensors) and the scripts' paths.
fn export_cli(dir: &TempDir, before: &[&str], after: &[&str], torch: bool) -> (usize, PathBuf, PathBuf) {
    let (npz, numpy, pytorch) = (dir.join("run.npz"), dir.join("run.py"), dir.join("run_torch.py"));
    let mut cmd = Command::new(BIN);
    cmd.args(before).arg("export").arg("--out").arg(&npz).arg("--numpy").arg(&numpy).args(after);
    if torch {
        cmd.arg("--pytorch").arg(&pytorch);
    }
    // the binary's data (the saved language) in the test's folder, not the learner's
    cmd.env("TRANSFORMER_TUTOR_DATA_DIR", dir.join("data"));
    let out = cmd.current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("cannot run the binary");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "export {before:?} {after:?} failed: {stderr}");
    let count = stderr.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("wrote N tensors");
    (count, numpy, pytorch)
}

/// The four runs the issue names, each exported by the command line and its script(s) run (the
/// `src` one in Chinese, whose script prints in Chinese).
const CLI_CASES: &[(&str, &[&str], &[&str])] = &[
    ("default", &[], &[]),
    ("src", &["--lang", "zh"], &["--src", "我有一只猫 ; 你好"]),
    ("what-if", &[], &["--what-if", "half-qk"]),
    ("marian", &["--model", "weights/marian-tiny"], &[]),
];

fn cli_cases(torch: bool) -> BTreeSet<String> {
    let mut kinds = BTreeSet::new();
    for (case, before, after) in CLI_CASES {
        let dir = TempDir::new(case);
        let (ops, numpy, pytorch) = export_cli(&dir, before, after, torch);
        let script = if torch { pytorch } else { numpy };
        let lang = if before.contains(&"zh") { Lang::Zh } else { Lang::En };
        let outcome = python(&script, lang);
        outcome.assert_all_match(case, ops);
        kinds.extend(outcome.kinds());
    }
    kinds
}

#[test]
fn the_numpy_scripts_reproduce_every_tensor_of_the_default_src_what_if_and_marian_runs() {
    if python_has("numpy") {
        cli_cases(false);
    }
}

#[test]
fn the_pytorch_scripts_reproduce_them_too_where_torch_is_installed() {
    if python_has("numpy") && python_has("torch") {
        cli_cases(true);
        // and the backward pass's lines, in PyTorch
        for (case, run) in other_runs().into_iter().filter(|(case, _)| case.starts_with("training")) {
            lib_case(&case, run, Lib::Torch);
        }
    }
}

#[test]
fn a_broken_snippet_fails_its_script() {
    if !python_has("numpy") {
        return;
    }
    // the failure is said in the export's language
    for (lang, fail, differ) in [
        (Lang::En, "FAIL enc.0.self_attn.scores", "tensors differ from the tutor's (first: enc.0.self_attn.scores)"),
        (Lang::Zh, "不一致 enc.0.self_attn.scores", "个与导师的不一致（第一个：enc.0.self_attn.scores）"),
    ] {
        let dir = TempDir::new("broken");
        let (_, numpy, _) = export_cli(&dir, &["--lang", lang.code()], &[], false);
        let text = std::fs::read_to_string(&numpy).unwrap();
        let line = "scores = qk / math.sqrt(d_k)";
        assert!(text.contains(line), "the script computes the scores as the pane shows them");
        std::fs::write(&numpy, text.replacen(line, "scores = qk / d_k", 1)).unwrap();
        let outcome = python(&numpy, lang);
        assert!(!outcome.success, "a wrong line must fail the script:\n{}", outcome.stdout);
        assert!(outcome.stdout.contains(fail), "{}", outcome.stdout);
        assert!(outcome.stdout.lines().last().unwrap().contains(differ), "{}", outcome.stdout);
    }
}

fn marian_setup() -> Setup {
    let dir = transformer_tutor::setup::shipped_marian_dir();
    let src = TokenInput::Sentences("我有一只猫 ; 你好".into());
    Setup::new(&WeightSource::Marian(dir), &src, None).expect("the tiny Marian runs")
}

fn setup() -> Setup {
    let src = TokenInput::Sentences("我有一只猫 ; 你有一只猫吗".into());
    let tgt = TokenInput::Sentences("<bos> I have a cat <eos> ; <bos> do you have a cat <eos>".into());
    Setup::new(&WeightSource::Trained, &src, Some(&tgt)).expect("the sentences encode")
}

/// Export `run` and its numpy script through the library, run the script, return the kinds.
fn lib_case(case: &str, mut run: Run, lib: Lib) -> BTreeSet<String> {
    let dir = TempDir::new(case);
    let (npz, numpy) = (dir.join("run.npz"), dir.join("run.py"));
    transformer_tutor::cli::export::export_trace(&mut run, &npz).unwrap();
    let script = code::script(&run, lib, &npz, &numpy);
    std::fs::write(&numpy, &script.text).unwrap();
    let outcome = python(&numpy, Lang::En);
    outcome.assert_all_match(case, script.count);
    outcome.kinds()
}

/// Runs with the kinds the four command-line runs do not use: the other what-ifs' masks, a head
/// taken out and kept alone, GELU, the training loss with label smoothing, an attention block
/// fed an input.
fn other_runs() -> Vec<(String, Run)> {
    let s = setup();
    let mut taught = s.run();
    taught.run_all();
    let mut runs = Vec::new();
    for v in [Variant::MinusInfinity, Variant::MultipliedMask, Variant::NoCausalMask] {
        let w = transformer_tutor::explore::run_variant(&taught, s.shape(), v);
        runs.push((v.name().to_string(), w.run.unwrap()));
    }
    let inputs = taught.inputs().clone();
    for keep_only in [false, true] {
        let heads = HeadAblation { stack: Stack::Decoder, layer: 0, block: AttnBlock::CrossAttn, head: 1, keep_only };
        let program = build::variant(&s.weights.config, s.shape(), &Arch { heads: Some(heads), ..Arch::default() });
        runs.push((
            format!("head-{keep_only}"),
            Run::new(Arc::new(program.unwrap()), s.weights.clone(), inputs.clone()),
        ));
    }
    let mut gelu = (*s.weights).clone();
    gelu.config.conventions.activation = Activation::Gelu;
    let gelu = Arc::new(gelu);
    let program = Arc::new(build::transformer(&gelu.config, s.shape()));
    runs.push(("gelu".into(), Run::new(program, gelu.clone(), inputs.clone())));
    // training runs: the loss, then the backward pass, each gradient checked
    let labelled = Inputs { labels: Some(s.labels()), ..inputs.clone() };
    let training = Arc::new(build::training(&s.weights.config, s.shape(), 100));
    runs.push(("training".into(), Run::new(training, s.weights.clone(), labelled.clone())));
    let training = Arc::new(build::training(&gelu.config, s.shape(), 0));
    runs.push(("training-gelu".into(), Run::new(training, gelu, labelled)));
    let marian = marian_setup().for_training(true);
    runs.push(("training-marian".into(), marian.run()));
    let config = &s.weights.config;
    let x =
        ndarray::ArrayD::from_shape_fn(ndarray::IxDyn(&[2, 4, config.d_model]), |i| (i[1] * 7 + i[2]) as f32 / 50.0);
    let mut given = Inputs::default();
    given.tensors.insert("x".into(), Arc::new(x));
    runs.push(("block".into(), Run::new(Arc::new(build::attention_block(config, 2, 4)), s.weights.clone(), given)));
    runs
}

#[test]
fn every_op_kind_has_a_snippet_that_computes_its_tensor() {
    if !python_has("numpy") {
        return;
    }
    let mut kinds = cli_cases(false);
    for (case, run) in other_runs() {
        kinds.extend(lib_case(&case, run, Lib::Numpy));
    }
    // the backward of every kind a gradient passes through, but three no training program
    // builds (the what-ifs' mask fills, a head taken out), whose lines the pane shows unchecked
    let unchecked = ["mask-fill-minus-infinity", "mask-fill-multiply", "head-mask"];
    let no_gradient = ["input", "positional-encoding", "positional-halves", "padding-mask", "padding-mask-qk"];
    let no_gradient = no_gradient.iter().chain(&["causal-mask", "ones-mask", "mask-and"]).chain(&unchecked);
    let backward =
        code::KINDS.iter().filter(|k| !no_gradient.clone().any(|n| n == *k)).map(|k| format!("{k}-backward"));
    let all: BTreeSet<String> =
        code::KINDS.iter().map(|k| k.to_string()).chain(backward).chain(["parameter".into()]).collect();
    let missing: Vec<_> = all.difference(&kinds).collect();
    let unknown: Vec<_> = kinds.difference(&all).filter(|k| !unchecked.iter().any(|u| k.starts_with(u))).collect();
    assert!(missing.is_empty(), "op kinds (forward, backward) no run checked: {missing:?}");
    assert!(unknown.is_empty(), "kinds code::KINDS does not list: {unknown:?}");
}

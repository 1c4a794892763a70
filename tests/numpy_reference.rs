//! Independent check of the engine: `export` a run to .npz, then recompute every tensor in
//! float64 numpy (`tests/numpy_reference.py`) from the weights and ids in the same file.
//!
//! Needs `python3` with numpy (`pip install -r .ci/numpy-requirements.txt`). Without numpy the
//! tests are skipped with a note, except under CI (env var `CI` set), where they fail.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

/// Whether `python3 -c "import numpy"` works; fails the test under CI when it does not.
fn numpy_available() -> bool {
    let check = Command::new("python3").args(["-c", "import numpy"]).output();
    let problem = match check {
        Ok(out) if out.status.success() => return true,
        Ok(out) => String::from_utf8_lossy(&out.stderr).trim().to_string(),
        Err(e) => format!("cannot run python3: {e}"),
    };
    if std::env::var_os("CI").is_some() {
        panic!(
            "numpy is missing: `python3 -c \"import numpy\"` failed ({problem}); \
             install it with `pip install -r .ci/numpy-requirements.txt`"
        );
    }
    eprintln!("note: skipping the numpy reference check: numpy is missing ({problem})");
    false
}

/// A temp file path no other test (or concurrent test run) uses; removed on drop.
struct TempNpz(PathBuf);

impl TempNpz {
    fn new(case: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let name = format!("transformer-tutor-numpy-{case}-{}-{nanos}-{n}.npz", std::process::id());
        TempNpz(std::env::temp_dir().join(name))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempNpz {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Export with `args`, then run the numpy reference on the file and assert it passes.
fn check(case: &str, args: &[&str]) {
    if !numpy_available() {
        return;
    }
    let npz = TempNpz::new(case);
    let export = Command::new(BIN)
        // its data (the saved language, progress) in the test's own folder, not the learner's
        .env("TRANSFORMER_TUTOR_DATA_DIR", std::env::temp_dir().join(format!("tt-test-data-{}", std::process::id())))
        .arg("export")
        .arg("--out")
        .arg(npz.path())
        .args(args)
        .output()
        .expect("cannot run the transformer-tutor binary");
    assert!(
        export.status.success(),
        "`transformer-tutor export {}` failed ({}):\n{}{}",
        args.join(" "),
        export.status,
        String::from_utf8_lossy(&export.stdout),
        String::from_utf8_lossy(&export.stderr)
    );

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("numpy_reference.py");
    let reference = Command::new("python3").arg(&script).arg(npz.path()).output().expect("cannot run python3");
    let stdout = String::from_utf8_lossy(&reference.stdout);
    let stderr = String::from_utf8_lossy(&reference.stderr);
    assert!(
        reference.status.success(),
        "numpy reference failed for case {case} (export args: {args:?}), {}:\n{stdout}{stderr}",
        reference.status
    );
    let summary = stdout.lines().last().unwrap_or("");
    assert!(summary.starts_with("numpy reference: "), "unexpected output for case {case}:\n{stdout}{stderr}");
    eprintln!("{case}: {summary}");
}

#[test]
fn default_preset_and_sentences_match_numpy() {
    check("default", &[]);
}

#[test]
fn note001_with_ids_and_padding_matches_numpy() {
    check("note001", &["--preset", "note001", "--src-ids", "5,17,300,0;9,8,7,6", "--tgt-ids", "1,2,3;4,5,0"]);
}

#[test]
fn seeded_sentences_match_numpy() {
    check("seed3", &["--random-weights", "--seed", "3", "--src", "the cat sits .", "--tgt", "<bos> le chat <eos>"]);
}

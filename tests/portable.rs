//! The switch to the portable kernels (`TRANSFORMER_TUTOR_PORTABLE=1`): a child process with the
//! switch set computes the same bits as this process, which runs the fast kernels where the CPU
//! has them (AVX2 and FMA on x86_64): every named tensor of a forward pass of note 001's model
//! large enough for the packed kernel (rows of 1000 words and 20 keys for the softmax), and the
//! weights after three training steps of the tutor model (its tiny products, short softmax rows
//! and Adam).

use std::process::Command;
use transformer_tutor::corpus::{DEFAULT_SEED, generate};
use transformer_tutor::model::Preset;
use transformer_tutor::model::fast;
use transformer_tutor::setup::{Setup, TokenInput, WeightSource};
use transformer_tutor::train::{TrainOptions, Trainer};

/// Set in the child process: the file to write its fingerprint to.
const CHILD_OUT: &str = "TRANSFORMER_TUTOR_TEST_FINGERPRINT";

/// FNV-1a over a tensor's shape and the bits of its values.
fn hash<'a>(shape: &[usize], values: impl Iterator<Item = &'a f32>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let words = shape.iter().map(|&d| d as u64).chain(values.map(|v| v.to_bits() as u64));
    for w in words {
        h = (h ^ w).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Ids for a batch of `rows` sentences of `len` tokens (0 is `<pad>`; each row's tail padded).
fn ids(rows: usize, len: usize, seed: usize) -> TokenInput {
    let row = |r: usize| {
        let real = len - (r * 3 + seed) % 5;
        let ids = (0..len).map(|t| if t < real { 4 + (r * 131 + t * 17 + seed * 7) % 990 } else { 0 });
        ids.map(|id| id.to_string()).collect::<Vec<_>>().join(",")
    };
    TokenInput::Ids((0..rows).map(row).collect::<Vec<_>>().join(";"))
}

/// One line per tensor: its name and the hash of its bits.
fn fingerprint() -> Vec<String> {
    let source = WeightSource::Seeded { preset: Preset::Note001, seed: 3 };
    let setup = Setup::new(&source, &ids(10, 20, 1), Some(&ids(10, 25, 2))).expect("note 001's inputs");
    let mut run = setup.run();
    run.run_all();
    let mut lines: Vec<String> =
        run.named_values().map(|(name, x)| format!("note001 {name} {:016x}", hash(x.shape(), x.iter()))).collect();
    let corpus = generate(DEFAULT_SEED);
    let mut trainer = Trainer::new(&corpus, TrainOptions { steps: 3, ..TrainOptions::default() });
    while !trainer.is_done() {
        let report = trainer.train_step();
        lines.push(format!("train step {} loss {:08x}", report.step, report.loss.to_bits()));
    }
    trainer.weights.visit(|name, w| lines.push(format!("trained {name} {:016x}", hash(w.shape(), w.iter()))));
    lines
}

/// A command that runs this test binary again: itself, or under the runner cargo ran it with for
/// this architecture (`CARGO_TARGET_AARCH64_…_RUNNER=qemu-aarch64`, the tests under qemu-user).
fn this_binary() -> Command {
    let exe = std::env::current_exe().expect("this test binary");
    let prefix = format!("CARGO_TARGET_{}_", std::env::consts::ARCH.to_uppercase());
    let runner = std::env::vars().find(|(key, _)| key.starts_with(&prefix) && key.ends_with("_RUNNER"));
    let Some((_, runner)) = runner else { return Command::new(exe) };
    let mut words = runner.split_whitespace();
    let mut command = Command::new(words.next().unwrap_or_default());
    command.args(words).arg(exe);
    command
}

#[test]
fn the_portable_kernels_give_the_bits_of_the_fast_ones() {
    if let Some(out) = std::env::var_os(CHILD_OUT) {
        assert!(fast::portable() && !fast::avx2_fma(), "the child runs with the portable kernels");
        std::fs::write(out, fingerprint().join("\n")).expect("write the fingerprint");
        return;
    }
    let out = std::env::temp_dir().join(format!("transformer-tutor-portable-{}.txt", std::process::id()));
    let child = this_binary()
        .args(["--exact", "the_portable_kernels_give_the_bits_of_the_fast_ones", "--test-threads", "1"])
        .env(fast::PORTABLE_VAR, "1")
        .env(CHILD_OUT, &out)
        .output()
        .expect("run the child");
    let child_said = String::from_utf8_lossy(&child.stdout) + String::from_utf8_lossy(&child.stderr);
    assert!(child.status.success(), "the child process failed: {}\n{child_said}", child.status);
    let portable = std::fs::read_to_string(&out).expect("the child's fingerprint");
    let _ = std::fs::remove_file(&out);
    let here = fingerprint();
    let portable: Vec<&str> = portable.lines().collect();
    assert!(here.len() > 100, "{} tensors", here.len());
    assert_eq!(here.len(), portable.len(), "as many tensors both ways");
    let differ: Vec<String> = here.iter().zip(&portable).filter(|(a, b)| a != *b).map(|(a, _)| a.clone()).collect();
    let kernels = if fast::avx2_fma() { "AVX2 + FMA" } else { "portable too" };
    assert!(differ.is_empty(), "kernels here: {kernels}; {} of {} differ: {differ:#?}", differ.len(), here.len());
}

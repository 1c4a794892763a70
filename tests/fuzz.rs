//! Fuzzing, inside `cargo test`: the lesson loader, the `.npz` weights loader, and the sentence
//! and ids parsers get seeded random mutations of a seed corpus (`tests/fuzz_corpus/`, plus the
//! built-in lessons and shipped weights) and random garbage. None may panic; a lesson that loads
//! must also show every beat; weights that load must also run. `cargo test` gives each target a
//! short budget; a long run is
//!
//!     FUZZ_SECONDS=600 cargo test --release --test fuzz -- --nocapture
//!
//! (FUZZ_SEED picks another random stream). A failing input is written to
//! `target/fuzz-failures/` and named in the panic message, to be added to the corpus once fixed.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use transformer_tutor::app::App;
use transformer_tutor::lesson::load::load_lesson;
use transformer_tutor::model::Weights;
use transformer_tutor::setup::{Setup, TokenInput, WeightSource};

/// How long each target runs: FUZZ_SECONDS, or a short default that keeps `cargo test` quick.
fn budget() -> Duration {
    let s = std::env::var("FUZZ_SECONDS").ok().and_then(|s| s.parse::<f64>().ok()).unwrap_or(1.5);
    Duration::from_secs_f64(s)
}

fn rng(target: &str) -> ChaCha8Rng {
    let seed = std::env::var("FUZZ_SEED").ok().and_then(|s| s.parse::<u64>().ok()).unwrap_or(2017);
    let salt: u64 = target.bytes().map(u64::from).sum();
    ChaCha8Rng::seed_from_u64(seed ^ salt)
}

fn corpus(dir: &str) -> Vec<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus").join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&path).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

fn trained() -> Arc<Weights> {
    Arc::new(WeightSource::Trained.load().expect("the built-in weights load"))
}

/// One random change to `bytes`: flip, insert, delete a range, duplicate a range, splice in
/// bytes from a dictionary of tokens that matter to the format.
fn mutate(bytes: &mut Vec<u8>, rng: &mut ChaCha8Rng, dictionary: &[&[u8]]) {
    let n = bytes.len();
    match rng.random_range(0..6) {
        0 if n > 0 => {
            let i = rng.random_range(0..n);
            bytes[i] ^= 1 << rng.random_range(0..8);
        }
        1 => {
            let i = rng.random_range(0..=n);
            let b: u8 = rng.random();
            bytes.insert(i, b);
        }
        2 if n > 1 => {
            let i = rng.random_range(0..n);
            let len = rng.random_range(1..=(n - i).min(64));
            bytes.drain(i..i + len);
        }
        3 if n > 1 => {
            let i = rng.random_range(0..n);
            let len = rng.random_range(1..=(n - i).min(64));
            let piece = bytes[i..i + len].to_vec();
            let at = rng.random_range(0..=bytes.len());
            bytes.splice(at..at, piece);
        }
        4 if !dictionary.is_empty() => {
            let word = dictionary[rng.random_range(0..dictionary.len())];
            let at = rng.random_range(0..=n);
            bytes.splice(at..at, word.iter().copied());
        }
        _ => {
            let len = rng.random_range(0..16);
            let at = rng.random_range(0..=n);
            let junk: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            bytes.splice(at..at, junk);
        }
    }
}

/// Run `check` on inputs made from `seeds` until the budget is spent; a panic fails the test,
/// naming the input (saved under target/fuzz-failures/).
fn fuzz(target: &str, seeds: &[Vec<u8>], dictionary: &[&[u8]], check: impl Fn(&[u8])) -> usize {
    let mut rng = rng(target);
    let start = Instant::now();
    let mut runs = 0;
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {})); // panics are caught and reported below
    while runs < seeds.len() || start.elapsed() < budget() {
        let mut input = seeds[runs % seeds.len()].clone();
        if runs >= seeds.len() {
            match rng.random_range(0..10) {
                0 => input = (0..rng.random_range(0..256)).map(|_| rng.random()).collect(),
                k => {
                    for _ in 0..k {
                        mutate(&mut input, &mut rng, dictionary);
                    }
                }
            }
        }
        if catch_unwind(AssertUnwindSafe(|| check(&input))).is_err() {
            std::panic::set_hook(quiet);
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-failures");
            std::fs::create_dir_all(&dir).unwrap();
            let file = dir.join(format!("{target}-{runs}"));
            std::fs::write(&file, &input).unwrap();
            panic!("{target}: input {runs} panicked; saved to {}", file.display());
        }
        runs += 1;
    }
    std::panic::set_hook(quiet);
    eprintln!("fuzz {target}: {runs} inputs in {:.1} s, no panic", start.elapsed().as_secs_f64());
    runs
}

#[test]
fn lesson_loader_never_panics() {
    let weights = trained();
    let mut seeds = corpus("lesson");
    for f in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons")).unwrap().flatten() {
        seeds.push(std::fs::read(f.path()).unwrap());
    }
    let dictionary: &[&[u8]] = &[
        b"[[beat]]\n",
        b"format = 2\n",
        b"{top-key enc.0.self_attn.weights row=1 head=mean}",
        b"op = \"probs\"\n",
        b"view = \"decode\"\n",
        b"step = 3\n",
        b"row = 99\n",
        b"batch = -1\n",
        b"{shape probs}",
        b"{masked-keys tgt.mask row=3}",
        b"{",
        b"}",
        b"{{",
        b"\"\"\"",
        b"answer = \"{config d_ff}\"\n",
        b"hint = \"h\"\n",
        b"explain = \"e\"\n",
        "text_zh = \"中文\"\n".as_bytes(),
        b"hint_zh = \"h\"\n",
        b";",
        b" ; ",
        b"\x1b[31m",
        b"\xff\xfe",
        "猫".as_bytes(),
        b"\n",
    ];
    let runs = fuzz("lesson", &seeds, dictionary, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        if let Ok(lesson) = load_lesson("fuzz.toml", &text, &weights) {
            // a lesson that loads can be shown to the end
            let mut app = App::new(lesson, weights.clone()).expect("a loaded lesson's sentences encode");
            let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 80, 24));
            for beat in 0..app.beat_count() {
                app.go_to_beat(beat);
                let _ = app.beat_text();
                transformer_tutor::ui::draw_app(&app, transformer_tutor::ui::theme::Theme::plain(), buf.area, &mut buf);
            }
        }
    });
    assert!(runs >= seeds.len());
}

#[test]
fn weights_loader_never_panics() {
    let trained_bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("weights/zh-en.npz")).unwrap();
    let mut seeds = corpus("npz");
    seeds.push(trained_bytes);
    let dictionary: &[&[u8]] = &[
        b"\x93NUMPY\x01\x00",
        b"'shape': (",
        b"99999999999999,",
        b"<f4",
        b"<i8",
        b"|u1",
        b"PK\x03\x04",
        b"PK\x01\x02",
        b".npy",
        b"nan",
        b"\x00\x00\xc0\x7f",
    ];
    let runs = fuzz("npz", &seeds, dictionary, |bytes| {
        if let Ok(w) = Weights::load_npz_bytes(bytes, "fuzz.npz") {
            // weights that load can run a sentence
            let w = Arc::new(w);
            let src = TokenInput::Ids("2,3".into());
            if let Ok(setup) = Setup::with_weights(w.clone(), &src, Some(&TokenInput::Ids("2,3".into()))) {
                let mut run = setup.run();
                run.run_all();
            }
        }
    });
    assert!(runs >= seeds.len());
}

#[test]
fn sentence_and_ids_parsers_never_panic() {
    let weights = trained();
    let seeds = corpus("text");
    let dictionary: &[&[u8]] = &[
        b";",
        b",",
        b" ",
        b"<unk>",
        b"<pad>",
        b"<bos>",
        b"\x00",
        b"\x1b",
        "猫".as_bytes(),
        "😺".as_bytes(),
        b"18446744073709551616",
        b"-",
        "\u{301}".as_bytes(),
    ];
    let runs = fuzz("text", &seeds, dictionary, |bytes| {
        let text = String::from_utf8_lossy(bytes).into_owned();
        for src in [TokenInput::Sentences(text.clone()), TokenInput::Ids(text.clone())] {
            for tgt in [None, Some(TokenInput::Sentences(text.clone())), Some(TokenInput::Ids(text.clone()))] {
                if let Ok(setup) = Setup::with_weights(weights.clone(), &src, tgt.as_ref()) {
                    let _ = setup.unknown_report();
                }
            }
        }
    });
    assert!(runs >= seeds.len());
}

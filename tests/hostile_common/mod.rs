//! Shared by the hostile-input tests: the binary run as a user runs it (with a time limit, so a
//! read that blocks fails the test instead of hanging it), and weights files written with one
//! thing wrong.

#![allow(dead_code)] // each test binary uses a different part

use ndarray::{Array1, ArrayD};
use ndarray_npy::NpzWriter;
use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use transformer_tutor::setup::WeightSource;

#[path = "../temp_folder/mod.rs"]
mod temp_folder;
pub use temp_folder::{TempFolder, TempPath, TempText};

pub const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

/// Run the binary with no stdin; killed (and the test failed) after 30 s.
pub fn run(args: &[&str]) -> Output {
    run_with(Command::new(BIN).args(args))
}

/// Run a prepared command the same way. Unless the command names its own, the binary keeps its
/// data (progress, the saved language) in a temporary folder of this run's own, removed when the
/// run has ended: a learner's saved choice of Chinese must not change what a test reads, nor a
/// test write to their home.
pub fn run_with(command: &mut Command) -> Output {
    let mut data = None;
    if !command.get_envs().any(|(key, _)| key == "TRANSFORMER_TUTOR_DATA_DIR") {
        let folder = data.insert(TempFolder::named(&format!("hostile-data-{}", next())));
        command.env("TRANSFORMER_TUTOR_DATA_DIR", &**folder);
    }
    let mut child =
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
    // drain both pipes on threads, so a chatty child cannot block on a full pipe
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} still running after 30 s (blocked or unbounded)");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(data); // the child has exited
    Output { status, stdout: out.join().unwrap(), stderr: err.join().unwrap() }
}

/// A number no other call in this test process gets: one temporary folder each.
fn next() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A fresh path in a temporary folder of its own (`tt-hostile-reads-N-PID`), removed when dropped.
pub fn temp(name: &str) -> TempPath {
    TempPath::new("hostile-reads", name)
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Exit 1, no panic, and stderr says every `needle`; stderr is returned.
#[track_caller]
pub fn refused(args: &[&str], needles: &[&str]) -> String {
    let o = run(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{args:?} panicked: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: expected {n:?} in:\n{err}");
    }
    err
}

/// One array of a weights file, of any of the dtypes one holds.
#[derive(Debug, Clone)]
pub enum Npy {
    F32(ArrayD<f32>),
    I64(ArrayD<i64>),
    U8(Array1<u8>),
}

/// Everything the built-in weights file holds, in its order: weights, sizes, vocabularies.
pub fn trained_members() -> Vec<(String, Npy)> {
    let w = WeightSource::Trained.load().unwrap();
    let mut out: Vec<(String, Npy)> = w.to_named().into_iter().map(|(n, a)| (n, Npy::F32(a))).collect();
    for (name, value) in w.config_scalars() {
        out.push((name.to_string(), Npy::I64(ndarray::arr0(value).into_dyn())));
    }
    out.push(("vocab.src".into(), Npy::U8(Array1::from(w.vocabs.src.to_bytes()))));
    out.push(("vocab.tgt".into(), Npy::U8(Array1::from(w.vocabs.tgt.to_bytes()))));
    out
}

/// Write members as an .npz (compressed, as `train` writes them).
pub fn write_npz(path: &std::path::Path, members: &[(String, Npy)]) {
    let mut npz = NpzWriter::new_compressed(std::fs::File::create(path).unwrap());
    for (name, value) in members {
        match value {
            Npy::F32(a) => npz.add_array(name.as_str(), a).unwrap(),
            Npy::I64(a) => npz.add_array(name.as_str(), a).unwrap(),
            Npy::U8(a) => npz.add_array(name.as_str(), a).unwrap(),
        }
    }
    npz.finish().unwrap();
}

/// The built-in weights with `edit` applied to their members, written to `name` in a temporary
/// folder; its path as text (the folder is removed when that is dropped).
pub fn edited_weights(name: &str, edit: impl FnOnce(&mut Vec<(String, Npy)>)) -> TempText {
    let mut members = trained_members();
    edit(&mut members);
    let path = temp(name);
    write_npz(&path, &members);
    path.text()
}

/// Replace the member called `name` (which must exist).
pub fn replace(members: &mut [(String, Npy)], name: &str, value: Npy) {
    let slot = members.iter_mut().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no member {name}"));
    slot.1 = value;
}

/// Remove the member called `name` (which must exist).
pub fn remove(members: &mut Vec<(String, Npy)>, name: &str) {
    let before = members.len();
    members.retain(|(n, _)| n != name);
    assert_eq!(members.len(), before - 1, "no member {name}");
}

/// The target vocabulary's text with `edit` applied to its tokens (one per line after the
/// tokenizer line).
pub fn edit_vocab(members: &mut [(String, Npy)], which: &str, edit: impl FnOnce(&mut Vec<String>)) {
    let slot = members.iter_mut().find(|(n, _)| n == which).unwrap();
    let Npy::U8(bytes) = &slot.1 else { panic!("{which} is text") };
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
    let mut tokens = lines.split_off(1);
    edit(&mut tokens);
    lines.extend(tokens);
    slot.1 = Npy::U8(Array1::from(lines.join("\n").into_bytes()));
}

/// Append a raw zip member to an .npz written by `write_npz` (rewriting the archive).
pub fn append_member(path: &std::path::Path, name: &str, bytes_of: impl FnOnce(&mut dyn Write), deflate: bool) {
    let old = std::fs::read(path).unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(old)).unwrap();
    let mut out = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for i in 0..archive.len() {
        out.raw_copy_file(archive.by_index_raw(i).unwrap()).unwrap();
    }
    let method = if deflate { zip::CompressionMethod::Deflated } else { zip::CompressionMethod::Stored };
    let options = zip::write::SimpleFileOptions::default().compression_method(method);
    out.start_file(name, options).unwrap();
    bytes_of(&mut out);
    out.finish().unwrap();
}

/// The header of a .npy holding `shape` of `descr` (e.g. `|u1`), padded as numpy pads it.
pub fn npy_header(descr: &str, shape: &str) -> Vec<u8> {
    let header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    let padded = format!("{header:<width$}\n", width = ((header.len() + 11) / 64 + 1) * 64 - 11);
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    npy.extend((padded.len() as u16).to_le_bytes());
    npy.extend(padded.as_bytes());
    npy
}

/// The binary under `ulimit -v` of `mb` megabytes of address space (a run past it fails to
/// allocate and aborts, instead of taking the machine's memory).
pub fn run_limited(mb: usize, args: &[&str]) -> Output {
    let mut command = Command::new("sh");
    command.arg("-c").arg(format!("ulimit -v {}; exec \"$0\" \"$@\"", mb * 1024)).arg(BIN).args(args);
    run_with(&mut command)
}

/// Exit 1 under the memory limit, no panic, no abort, and stderr says every needle.
#[track_caller]
pub fn refused_within(mb: usize, args: &[&str], needles: &[&str]) -> String {
    let o = run_limited(mb, args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "exit {:?}: {err}", o.status);
    assert!(!err.contains("panicked") && !err.contains("memory allocation"), "{err}");
    for n in needles {
        assert!(err.contains(n), "expected {n:?} in:\n{err}");
    }
    err
}

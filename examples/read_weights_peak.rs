//! Peak resident memory and time of reading a model directory's weights into a state dict
//! (`model::marian::state_dict::read_weights_skipping`), as the program reads them: with mimalloc
//! keeping what it frees, and skipping what the Marian loader skips (the tied copies of the
//! embedding matrix, `embed_tokens` and `lm_head`, and the sinusoidal `embed_positions` tables,
//! where `model.shared.weight` is present). The target: a peak under 1.5 times the weights file.
//!
//!     cargo build --release --example read_weights_peak
//!     /usr/bin/time -v target/release/examples/read_weights_peak DIR [--all]
//!
//! DIR holds `model.safetensors` or `pytorch_model.bin`; `--all` reads every tensor
//! (`read_weights`). A full-size random opus-mt-zh-en (310 MB, float32) in three formats:
//!
//!     python3 scripts/marian_fixtures.py --full-size /tmp/opus-full
//!     # then in Python: m = transformers.MarianMTModel.from_pretrained('/tmp/opus-full'), and
//!     # torch.save(m.state_dict(), '/tmp/opus-full-bin/pytorch_model.bin'), and again with
//!     # _use_new_zipfile_serialization=False into /tmp/opus-full-legacy
//!
//! Prints one line: format, tensors read, their elements, the weights file's size, the seconds the
//! read took, and (Linux) the process's peak resident memory (`VmHWM`, the figure `time -v` gives
//! as "Maximum resident set size") and its ratio to the file's size.

use std::path::PathBuf;
use std::time::Instant;

use transformer_tutor::model::fast::alloc::keep_freed_memory;
use transformer_tutor::model::marian::state_dict::{SAFETENSORS_FILE, TORCH_FILE, read_weights, read_weights_skipping};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What the loader leaves out when `model.shared.weight` is there: the same matrix under other
/// names, and position tables it computes itself.
fn skipped(name: &str) -> bool {
    name.ends_with("embed_tokens.weight") || name.ends_with("embed_positions.weight") || name == "lm_head.weight"
}

/// This process's peak resident memory in bytes, from `/proc/self/status`.
fn peak_resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn main() {
    keep_freed_memory();
    let mut args = std::env::args_os().skip(1);
    let dir = PathBuf::from(args.next().expect("usage: read_weights_peak DIR [--all]"));
    let all = args.next().is_some_and(|a| a == "--all");
    let file = [SAFETENSORS_FILE, TORCH_FILE].iter().map(|f| dir.join(f)).find(|p| p.exists());
    let file_len = file.and_then(|p| std::fs::metadata(p).ok()).map_or(0, |m| m.len());
    let started = Instant::now();
    let read = if all { read_weights(&dir) } else { read_weights_skipping(&dir, &skipped) };
    let dict = read.unwrap_or_else(|e| panic!("{e}"));
    let seconds = started.elapsed().as_secs_f64();
    let elements: usize = dict.tensors.values().map(|t| t.data.len()).sum();
    let peak = peak_resident().unwrap_or(0);
    println!(
        "format={:?} tensors={} elements={elements} file_mb={:.1} seconds={seconds:.2} peak_mb={:.1} peak/file={:.2}",
        dict.format,
        dict.tensors.len(),
        file_len as f64 / 1e6,
        peak as f64 / 1e6,
        peak as f64 / file_len.max(1) as f64,
    );
}

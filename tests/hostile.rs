//! Hostile but realistic input to the real binary: damaged weights files (a header declaring a
//! huge shape, NaN or Inf in a weight, a size given as an array), empty `;` rows, ids too large
//! to parse, a reader that closes the pipe early, a full standard output. Each gets a clear message and the
//! right exit, never a panic or an abort.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use transformer_tutor::setup::WeightSource;

mod temp_folder;
use temp_folder::TempPath;

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        // its data (the saved language, progress) in the test's own folder, not the learner's
        .env("TRANSFORMER_TUTOR_DATA_DIR", data_dir())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// The binary's data (the saved language, progress) in this test process's own folder.
fn data_dir() -> PathBuf {
    std::env::temp_dir().join(format!("tt-test-data-{}", std::process::id()))
}

/// A fresh path in a temporary folder of its own, removed when dropped.
fn temp(name: &str) -> TempPath {
    TempPath::new("hostile", name)
}

/// Exit 1, no panic, and stderr says every `needle`.
#[track_caller]
fn refused(args: &[&str], needles: &[&str]) -> String {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{args:?} panicked: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: expected {n:?} in:\n{err}");
    }
    err
}

/// An .npz holding one stored `.npy` member with this header and these data bytes.
fn npz_with(member: &str, header: &str, data: &[u8]) -> Vec<u8> {
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    let padded = format!("{header:<width$}\n", width = ((header.len() + 11) / 64 + 1) * 64 - 11);
    npy.extend((padded.len() as u16).to_le_bytes());
    npy.extend(padded.as_bytes());
    npy.extend(data);
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file(format!("{member}.npy"), options).unwrap();
    zip.write_all(&npy).unwrap();
    zip.finish().unwrap();
    out.into_inner()
}

/// A weights file in a temporary folder (removed when dropped) holding the trained model's arrays (no sizes, no
/// vocabularies) and whatever `extra` adds.
fn weights_file(name: &str, extra: impl FnOnce(&mut ndarray_npy::NpzWriter<std::fs::File>)) -> TempPath {
    let path = temp(name);
    let mut npz = ndarray_npy::NpzWriter::new(std::fs::File::create(&path).unwrap());
    for (name, array) in WeightSource::Trained.load().unwrap().to_named() {
        npz.add_array(name, &array).unwrap();
    }
    extra(&mut npz);
    npz.finish().unwrap();
    path
}

#[test]
fn a_header_declaring_a_huge_shape_is_refused_before_allocating() {
    let path = temp("huge.npz");
    let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (10000000000000, 32), }";
    std::fs::write(&path, npz_with("src_embed.weight", header, &[0; 64])).unwrap();
    refused(
        &["--weights", path.to_str().unwrap(), "--list"],
        &["huge.npz", "array `src_embed.weight` declares shape", "the file holds only"],
    );
    // a shape whose byte count overflows
    let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (18446744073709551615, 18446744073709551615), }";
    std::fs::write(&path, npz_with("src_embed.weight", header, &[])).unwrap();
    refused(&["--weights", path.to_str().unwrap(), "--list"], &["too large to exist"]);
}

#[test]
fn non_finite_weights_are_refused_naming_the_array_and_index() {
    for (bad, word) in [(f32::NAN, "NaN"), (f32::INFINITY, "inf")] {
        let mut w = WeightSource::Trained.load().unwrap();
        w.decoder[1].cross_attn.w_k.weight[[3, 5]] = bad;
        let path = temp(&format!("bad-{word}.npz"));
        w.save_npz(&path).unwrap();
        refused(
            &["--weights", path.to_str().unwrap(), "--lesson", "masks", "--print"],
            &["decoder.layers.1.cross_attn.w_k.weight", word, "[3, 5]", "finite"],
        );
    }
}

#[test]
fn a_size_given_as_an_array_is_refused() {
    let path = weights_file("heads-array.npz", |npz| {
        npz.add_array("config.n_heads", &ndarray::arr1(&[4i64, 4])).unwrap();
        npz.add_array("config.pad_idx", &ndarray::arr0(0i64)).unwrap();
        npz.add_array("config.max_len", &ndarray::arr0(16i64)).unwrap();
    });
    refused(&["--weights", path.to_str().unwrap(), "--list"], &["config.n_heads", "integer scalar"]);
}

#[test]
fn empty_batch_rows_are_refused_with_their_number() {
    refused(&["trace", "--src", "我有 ; ; 猫"], &["source", "row 2 of 3 is empty"]);
    refused(&["trace", "--src", "我有一只猫 ;"], &["row 2 of 2 is empty"]);
    refused(&["trace", "--src", "我有一只猫", "--tgt", "<bos> I ; "], &["target", "row 2 of 2 is empty"]);
    refused(&["trace", "--src-ids", "4,5;;6"], &["row 2 of 3 is empty"]);
    refused(&["trace", "--src", "   "], &["the sentence is empty"]);
    // the tutor's --src too, with no word of the screen's editor keys
    let err = refused(&["--lesson", "masks", "--print", "--src", "   "], &["the sentence is empty"]);
    assert!(!err.contains("Esc"), "{err}");
}

#[test]
fn a_row_of_only_padding_or_an_empty_id_is_refused() {
    // every key of such a row would be masked: attention would read nothing
    refused(&["trace", "--src", "<pad><pad>"], &["source:", "the sentence holds only <pad>"]);
    refused(&["trace", "--src", "我有 ; <pad>"], &["source:", "row 2 of 2 holds only <pad>"]);
    refused(&["trace", "--src", "我有", "--tgt", "<pad>"], &["target:", "holds only <pad>"]);
    refused(&["trace", "--src-ids", "0,0"], &["source ids:", "holds only <pad>"]);
    refused(&["translate", "<pad>"], &["holds only <pad>"]);
    refused(&["trace", "--src-ids", "4,,5"], &["row 1 has a comma with no id beside it"]);
    refused(&["trace", "--src-ids", "4;5,"], &["row 2 has a comma with no id beside it"]);
    // a target that begins with <pad>: its causal row 0 would see only a masked key
    refused(&["trace", "--src", "我有", "--tgt", "<pad> <bos> I"], &["target:", "it begins with <pad>"]);
    refused(&["trace", "--src", "我有;你", "--tgt", "<bos> I ; <pad> <bos>"], &["row 2 of 2 begins with <pad>"]);
    refused(&["trace", "--src", "我有", "--tgt-ids", "0,2,4"], &["target ids:", "begins with <pad>"]);
    // a <pad> among words is an experiment, not an error
    assert!(run(&["trace", "--src", "我<pad>猫"]).status.success());
}

#[test]
fn an_id_too_large_to_parse_says_so() {
    refused(&["trace", "--src-ids", "4,99999999999999999999999"], &["far too large for an id", "71"]);
    refused(&["trace", "--src-ids", "4,-3"], &["`-3`", "not a non-negative integer"]);
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    let mut child = Command::new(BIN)
        // its data (the saved language, progress) in the test's own folder, not the learner's
        .env("TRANSFORMER_TUTOR_DATA_DIR", data_dir())
        .args(["--lesson", "attention", "--print"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take()); // like `| head -c 64`
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "exit {:?}: {err}", o.status);
    assert!(err.is_empty(), "nothing on stderr: {err}");
}

#[test]
fn a_full_disk_is_one_line_and_exit_1() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("note: no /dev/full here; skipped");
        return;
    };
    let o = Command::new(BIN)
        // its data (the saved language, progress) in the test's own folder, not the learner's
        .env("TRANSFORMER_TUTOR_DATA_DIR", data_dir())
        .arg("--list")
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot write to standard output"), "{err}");
}

#[test]
fn a_long_write_error_in_the_status_bar_is_shown_whole() {
    use ratatui::{Terminal, backend::TestBackend};
    let weights = std::sync::Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = transformer_tutor::lesson::Catalog::built_in(&weights).unwrap();
    let mut app = transformer_tutor::app::App::new(catalog.get("masks").unwrap().clone(), weights).unwrap();
    let message =
        "could not write frame-masks-beat1.txt: Permission denied (os error 13), in /home/learner/some/long/directory";
    app.set_status(message);
    for (w, h) in [(80, 24), (120, 40)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| transformer_tutor::ui::draw(f, &app, transformer_tutor::ui::theme::Theme::plain())).unwrap();
        let screen: String = terminal.backend().to_string().replace(['"', '│'], "");
        let joined: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(joined.contains("Permission denied (os error 13), in /home"), "{w}x{h}: {screen}");
        assert!(joined.contains("long/directory"), "{w}x{h}: the end of the message shows: {screen}");
    }
}

#[test]
fn escape_sequences_in_lessons_and_words_are_shown_written_out() {
    let dir = temp("escapes");
    std::fs::create_dir_all(&dir).unwrap();
    let lesson = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/tokens.toml")).unwrap();
    let lesson = lesson.replacen("title = \"", "title = \"\\u001b[31mRED\\u001b[0m ", 1).replacen(
        "summary = \"",
        "summary = \"\\u0007bell ",
        1,
    );
    std::fs::write(dir.join("tokens.toml"), lesson).unwrap();
    for args in [vec!["--list"], vec!["--lesson", "tokens", "--print"]] {
        let mut full = vec!["--lessons-dir", dir.to_str().unwrap()];
        full.extend(args.iter());
        let o = run(&full);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(!out.contains('\x1b') && !out.contains('\x07'), "{args:?}: raw control characters in the output");
        assert!(out.contains("\\x1b[31mRED"), "{args:?}: {out}");
    }
    // a word typed on the command line
    let o = run(&["trace", "--src", "我\x1b[2J有"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains('\x1b') && err.contains("\\x1b"), "{err}");
}

/// /dev/full is a device, not a disk that fills: `export` refuses it as it refuses every target
/// that is not a regular file (a real full disk, a small tmpfs, is in tests/writes.rs).
#[test]
fn export_to_a_device_is_one_clear_error() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let o = run(&["export", "--out", "/dev/full"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("ZipWriter") && !err.contains("Io("), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot write /dev/full: it is a device, not a regular file"), "{err}");
}

#[test]
fn weights_without_the_lessons_words_refuse_the_lesson_instead_of_panicking() {
    // a PyTorch-style file: the arrays and sizes, no vocabularies (tokens become #4, #5, …)
    let path = weights_file("no-vocab.npz", |npz| {
        for (name, value) in WeightSource::Trained.load().unwrap().config_scalars() {
            npz.add_array(name, &ndarray::arr0(value)).unwrap();
        }
    });
    let p = path.to_str().unwrap();
    refused(&["--weights", p, "--lesson", "masks", "--print"], &["is not in the vocabulary"]);
    refused(&["--weights", p, "trace", "--src-ids", "4,71"], &["id 71", "outside the vocabulary (0..71)"]);
    let o = run(&["--weights", p, "trace", "--src", "我有一只猫"]);
    assert!(o.status.success(), "unknown words become <unk>: {}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("became <unk>"));
}

#[test]
fn the_tutor_runs_a_lesson_on_sentences_from_the_command_line() {
    let o = run(&["--lesson", "output", "--print", "--src", "我有一只狗"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("source: 我有一只狗"), "{out}");
    assert!(out.contains("target: <bos> I have a dog <eos>"), "the model's own translation: {out}");
    // beats whose prose is about the lesson's own sentences keep them, and say so
    assert!(out.contains("(this beat is about the lesson's own sentences"), "{out}");
    refused(&["--lesson", "output", "--print", "--src", &"猫".repeat(17)], &["not run", "max_len is 16"]);
    refused(&["--lesson", "output", "--print", "--src", "猫 ;"], &["row 2 of 2 is empty"]);
    let o = run(&["--lesson", "output", "--print", "--tgt", "<bos> I <eos>"]);
    assert_eq!(o.status.code(), Some(2), "--tgt needs --src");
}

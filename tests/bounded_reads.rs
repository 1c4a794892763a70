//! Files the user names for reading are read only if they are regular files of a stated size,
//! checked before a byte is read: `--weights` (and `train --eval`) at most 256 MB, a lesson in
//! `--lessons-dir` at most 1 MB. `/dev/zero` would be read until memory ran out and a FIFO
//! would block the program; each is refused at once with the reason.

mod hostile_common;

use hostile_common::*;
use std::path::Path;

fn mkfifo(path: &Path) {
    let _ = std::fs::remove_file(path);
    let status = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(status.success());
}

/// A lessons directory holding the built-in `tokens` lesson and `bad.toml` made by `make`.
fn lessons_with(tag: &str, make: impl FnOnce(&Path)) -> TempPath {
    let dir = temp(tag);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/tokens.toml"), dir.join("tokens.toml")).unwrap();
    make(&dir.join("bad.toml"));
    dir
}

#[test]
fn weights_that_are_not_a_regular_file_are_refused_unread() {
    refused(
        &["--weights", "/dev/zero", "translate", "我有一只猫"],
        &["weights file /dev/zero: it is a device, not a regular file"],
    );
    refused(&["train", "--eval", "/dev/zero"], &["weights file /dev/zero: it is a device"]);
    let fifo = temp("weights.fifo");
    mkfifo(&fifo);
    // nobody writes to it: a blocking open or read would hang here (the helper fails the test)
    refused(
        &["--weights", fifo.to_str().unwrap(), "--list"],
        &["weights.fifo: it is a FIFO (named pipe), not a regular file"],
    );
    refused(
        &["--weights", std::env::temp_dir().to_str().unwrap(), "trace"],
        &["it is a directory, not a regular file"],
    );
}

#[test]
fn weights_larger_than_the_limit_are_refused_unread() {
    let big = temp("big.npz");
    // sparse: 300 MB long, nothing on disk
    std::fs::File::create(&big).unwrap().set_len(300 << 20).unwrap();
    refused(
        &["--weights", big.to_str().unwrap(), "trace"],
        &["big.npz: it is 314572800 bytes, more than the 256 MB this program reads; it was not read"],
    );
    std::fs::remove_file(&big).unwrap();
}

#[test]
fn a_lesson_linked_to_a_device_or_a_fifo_is_refused_with_its_name() {
    let dir = lessons_with("zero-lesson", |bad| std::os::unix::fs::symlink("/dev/zero", bad).unwrap());
    refused(&["--lessons-dir", dir.to_str().unwrap(), "--list"], &["bad.toml: it is a device, not a regular file"]);
    let dir = lessons_with("fifo-lesson", mkfifo);
    refused(&["--lessons-dir", dir.to_str().unwrap(), "--list"], &["bad.toml: it is a FIFO (named pipe)"]);
    let dir = lessons_with("dir-lesson", |bad| std::fs::create_dir(bad).unwrap());
    refused(&["--lessons-dir", dir.to_str().unwrap(), "--list"], &["bad.toml: it is a directory"]);
    let dir = lessons_with("big-lesson", |bad| std::fs::File::create(bad).unwrap().set_len(2 << 20).unwrap());
    refused(
        &["--lessons-dir", dir.to_str().unwrap(), "--list"],
        &["bad.toml: it is 2097152 bytes, more than the 1 MB"],
    );
    // a link to a regular lesson file is a lesson
    let dir = lessons_with("linked-lesson", |bad| {
        std::os::unix::fs::symlink(concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/masks.toml"), bad).unwrap()
    });
    let o = run(&["--lessons-dir", dir.to_str().unwrap(), "--list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("masks"), "{}", stdout(&o));
}

/// The training dial's files in the data directory: a manifest or loss curve that is a FIFO or
/// a link to /dev/zero is refused at once (the checkpoints are then remade), never read forever.
#[test]
fn checkpoint_files_that_are_not_regular_files_are_refused_unread() {
    use transformer_tutor::train::{TrainOptions, checkpoints::Checkpoints};
    for (tag, file) in [("dial-manifest", "manifest.toml"), ("dial-loss", "loss.npy")] {
        for kind in ["fifo", "zero"] {
            let dir = temp(&format!("{tag}-{kind}"));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let made = Checkpoints::make(TrainOptions { steps: 2, ..TrainOptions::default() }, &[0, 2], |_, _| {});
            made.save(&dir).unwrap();
            let path = dir.join(file);
            std::fs::remove_file(&path).unwrap();
            match kind {
                "fifo" => mkfifo(&path),
                _ => std::os::unix::fs::symlink("/dev/zero", &path).unwrap(),
            }
            let options = TrainOptions { steps: 2, ..TrainOptions::default() };
            let Err(e) = Checkpoints::load(&dir, options, &[0, 2]) else { panic!("{file} as {kind}: read") };
            assert!(e.contains("not a regular file") || e.contains("device"), "{file} as {kind}: {e}");
        }
    }
}

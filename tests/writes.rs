//! Every file the program writes (weights from `train`, `export`'s npz, `corpus --tsv`, the `x`
//! key's .npy and the `w` key's frame) goes through one path, `atomic_file`: a temporary file
//! beside the target, synced, renamed. Here the real binary (and the keys' `tui::perform_in`)
//! meet the targets a learner may have: a FIFO, a directory, a device, a read-only file (refused,
//! left as they were, and never a hang), a symlink (written through, the link kept), a missing
//! folder (named), and a full disk (a small tmpfs where the machine lets the test mount one: the
//! old file is kept and no temporary file is left). `--weights X --out X` fine-tunes X.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod temp_folder;
use temp_folder::TempFolder;

const BIN: &str = env!("CARGO_BIN_EXE_transformer-tutor");

/// A fresh folder for one test.
fn scratch(name: &str) -> TempFolder {
    TempFolder::made(&format!("writes-{name}"))
}

/// Run the binary; a run that has not ended after 300 s (blocked on a FIFO, say) is killed and fails
/// (training a step and evaluating takes seconds, more on a loaded machine).
#[track_caller]
fn run(args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        // its data (the saved language, progress) in the test's own folder, not the learner's
        .env("TRANSFORMER_TUTOR_DATA_DIR", std::env::temp_dir().join(format!("tt-test-data-{}", std::process::id())))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("{args:?} did not end within 300 s (blocked writing?)");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit 1 with one line on stderr holding every needle (refused before any work); returns it.
#[track_caller]
fn refused(args: &[&str], needles: &[&str]) -> String {
    let err = failed(args, needles);
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    err
}

/// Exit 1, no panic, the last line on stderr an error holding every needle; returns stderr.
#[track_caller]
fn failed(args: &[&str], needles: &[&str]) -> String {
    let o = run(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    let last = err.lines().last().unwrap_or("");
    assert!(last.starts_with("error: "), "{args:?}: {err}");
    for n in needles {
        assert!(last.contains(n), "{args:?}: expected {n:?} in {last}");
    }
    err
}

/// Temporary files left in `dir` (atomic_file names them `.NAME.tmp-PID-N`).
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect()
}

fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success())
}

/// The three commands that write a file named on the command line, each writing to `path`.
fn writers(path: &str) -> [Vec<&str>; 3] {
    [vec!["export", "--out", path], vec!["corpus", "--tsv", path], vec!["train", "--steps", "1", "--out", path]]
}

#[test]
fn a_fifo_a_directory_and_a_device_are_refused_without_waiting() {
    let dir = scratch("special");
    let fifo = dir.join("pipe.npz");
    assert!(mkfifo(&fifo), "mkfifo");
    let fifo = fifo.to_str().unwrap();
    for args in writers(fifo) {
        // nothing reads the FIFO: opening it to write would block forever
        refused(&args, &["cannot write", "pipe.npz", "a pipe (FIFO)", "not a regular file"]);
    }
    // /dev/stdout into a pipe leads to `pipe:[…]`, which no path names: still a pipe, not a
    // missing folder
    for args in writers("/dev/stdout") {
        refused(&args, &["cannot write /dev/stdout: it is a pipe (FIFO), not a regular file"]);
    }
    let d = dir.to_str().unwrap();
    for args in writers(d) {
        refused(&args, &["a directory, not a regular file"]);
    }
    // as root, renaming over /dev/null would replace the device with a file
    for args in writers("/dev/null") {
        refused(&args, &["cannot write /dev/null", "a device, not a regular file"]);
    }
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    assert!(leftovers(&dir).is_empty());
}

use std::os::unix::fs::FileTypeExt;

#[test]
fn a_folder_that_takes_no_new_file_is_not_called_missing() {
    let err = refused(&["export", "--out", "/proc/x.npz"], &["the folder /proc takes no new files"]);
    assert!(!err.contains("there is no folder"), "{err}");
}

#[test]
fn a_system_error_is_said_in_the_chosen_language() {
    refused(&["export", "--out", "/etc/passwd/x.npz"], &["cannot write /etc/passwd/x.npz: Not a directory"]);
    let o = run(&["--lang", "zh", "corpus", "--tsv", "/etc/passwd/x.tsv"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("无法写入 /etc/passwd/x.tsv：路径中有一段不是文件夹"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}

#[test]
fn a_read_only_file_is_refused_and_kept() {
    let dir = scratch("read-only");
    let path = dir.join("mine.npz");
    std::fs::write(&path, b"my own bytes").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    for args in writers(path.to_str().unwrap()) {
        // root could write it anyway; the program must not
        refused(&args, &["cannot write", "mine.npz", "read-only", "left as it is"]);
        assert_eq!(std::fs::read(&path).unwrap(), b"my own bytes", "{args:?}");
    }
    assert!(leftovers(&dir).is_empty());
}

#[test]
fn a_missing_folder_is_named() {
    let dir = scratch("missing");
    let path = dir.join("no-such-folder").join("out.npz");
    for args in writers(path.to_str().unwrap()) {
        refused(&args, &["there is no folder", "no-such-folder"]);
    }
}

#[test]
fn a_symlink_is_written_through_and_stays_a_link() {
    let dir = scratch("symlink");
    for (i, args) in writers("link").into_iter().enumerate() {
        let real = dir.join(format!("real-{i}"));
        let link = dir.join(format!("link-{i}"));
        std::fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink(format!("real-{i}"), &link).unwrap();
        let args: Vec<String> =
            args.iter().map(|a| if *a == "link" { link.display().to_string() } else { a.to_string() }).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "{args:?}: still a link");
        let written = std::fs::read(&real).unwrap();
        assert!(written.len() > 1000, "{args:?}: the link's target holds the new file");
    }
    assert!(leftovers(&dir).is_empty());
}

/// A small tmpfs, unmounted when dropped; None where mounting is not allowed (not root).
struct SmallDisk(TempFolder);

impl SmallDisk {
    fn mount(name: &str, size: &str) -> Option<SmallDisk> {
        let dir = scratch(name);
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&*dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!(
                "note: cannot mount a tmpfs here (needs root); the full-disk case is covered by atomic_file's \
failing-writer unit test"
            );
            return None;
        }
        Some(SmallDisk(dir))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        // unmounted here; the folder goes when its TempFolder is dropped
        let _ = Command::new("umount").arg(&*self.0).status();
    }
}

#[test]
fn a_full_disk_keeps_the_old_file_and_leaves_no_temporary() {
    // 64 KB: the old files fit, none of the new ones does (weights 200 KB, export 440 KB, tsv 90 KB)
    let Some(disk) = SmallDisk::mount("full", "64k") else { return };
    let old: Vec<u8> = (0..20_000u32).map(|i| (i * 7 % 251) as u8).collect();
    for (i, args) in writers("target").into_iter().enumerate() {
        let path = disk.0.join(format!("old-{i}"));
        std::fs::write(&path, &old).unwrap();
        let args: Vec<String> =
            args.iter().map(|a| if *a == "target" { path.display().to_string() } else { a.to_string() }).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // train prints its progress first: the error is the last line
        failed(&args, &["cannot write", "No space left on device", "the old file is as it was"]);
        assert_eq!(std::fs::read(&path).unwrap(), old, "{args:?}: the old file is untouched");
        assert!(leftovers(&disk.0).is_empty(), "{args:?}: {:?}", leftovers(&disk.0));
        std::fs::remove_file(&path).unwrap();
    }
    // and a new file on a full disk is not created at all (not left half-written)
    let path = disk.0.join("new.npz");
    refused(&["export", "--out", path.to_str().unwrap()], &["No space left on device", "no file was created"]);
    assert!(!path.exists());
    assert!(leftovers(&disk.0).is_empty());
}

#[test]
fn train_weights_x_out_x_fine_tunes_x() {
    let dir = scratch("fine-tune");
    let x = dir.join("x.npz");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/zh-en.npz"), &x).unwrap();
    let before = transformer_tutor::model::Weights::load_npz(&x).unwrap();
    let p = x.to_str().unwrap();
    let o = run(&["train", "--weights", p, "--out", p, "--steps", "2"]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("fine-tuning") && err.contains("fine-tuned") && err.contains("x.npz"), "{err}");
    // two steps from the trained model keep it trained; two steps from scratch know nothing
    assert!(err.contains("held-out exact match 100.0%") || err.contains("held-out exact match 9"), "{err}");
    let after = transformer_tutor::model::Weights::load_npz(&x).unwrap();
    let (b, a) = (before.to_named(), after.to_named());
    let moved = b.iter().zip(&a).map(|((_, x), (_, y))| (x - y).mapv(f32::abs).fold(0.0f32, |m, v| m.max(*v)));
    let largest = moved.fold(0.0f32, f32::max);
    assert!(largest > 0.0, "the weights were trained");
    assert!(largest < 0.01, "two small steps from X, not a fresh start: moved {largest}");
    assert!(leftovers(&dir).is_empty());
}

#[test]
fn train_refuses_weights_it_cannot_fine_tune() {
    // note 001's sizes have numbered placeholder vocabularies: the corpus's words are not in them
    let dir = scratch("no-fine-tune");
    let x = dir.join("note001.npz");
    transformer_tutor::setup::seeded(transformer_tutor::model::Preset::Note001, 0).save_npz(&x).unwrap();
    let out = dir.join("out.npz");
    refused(
        &["train", "--weights", x.to_str().unwrap(), "--out", out.to_str().unwrap()],
        &["cannot fine-tune", "note001.npz", "vocabularies lack", "`transformer-tutor corpus` lists them"],
    );
    assert!(!out.exists());
}

// ---- the `x` and `w` keys ----

fn app() -> transformer_tutor::app::App {
    use transformer_tutor::setup::WeightSource;
    let weights = std::sync::Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = transformer_tutor::lesson::Catalog::built_in(&weights).unwrap();
    transformer_tutor::app::App::new(catalog.get("masks").unwrap().clone(), weights).unwrap()
}

#[test]
fn the_keys_write_whole_files_and_refuse_what_the_commands_refuse() {
    use transformer_tutor::app::Effect;
    use transformer_tutor::tui::perform_in;
    let app = app();
    let dir = scratch("keys");
    let frame_name = format!("frame-{}-beat{}.txt", app.lesson().id, app.beat() + 1);
    let tensor_name = format!("{}.npy", app.focused().0);

    // plain: written whole
    let status = perform_in(&dir, Effect::SaveFrame, &app, "the frame");
    assert!(status.contains(&frame_name), "{status}");
    assert_eq!(std::fs::read_to_string(dir.join(&frame_name)).unwrap(), "the frame");
    perform_in(&dir, Effect::SaveTensor, &app, "");
    let npy = std::fs::read(dir.join(&tensor_name)).unwrap();
    assert!(npy.starts_with(b"\x93NUMPY"), "an .npy file");

    // a FIFO: refused at once (writing would wait for a reader forever)
    let fifo_dir = scratch("keys-fifo");
    if mkfifo(&fifo_dir.join(&frame_name)) && mkfifo(&fifo_dir.join(&tensor_name)) {
        for effect in [Effect::SaveFrame, Effect::SaveTensor] {
            let status = perform_in(&fifo_dir, effect, &app, "x");
            assert!(status.contains("a pipe (FIFO)") && status.contains("not a regular file"), "{status}");
        }
    }

    // read-only: refused and kept
    let ro = dir.join(&frame_name);
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let status = perform_in(&dir, Effect::SaveFrame, &app, "another frame");
    assert!(status.contains("read-only"), "{status}");
    assert_eq!(std::fs::read_to_string(&ro).unwrap(), "the frame");

    // a symlink: written through
    let link_dir = scratch("keys-link");
    std::fs::write(link_dir.join("real.txt"), "old").unwrap();
    std::os::unix::fs::symlink("real.txt", link_dir.join(&frame_name)).unwrap();
    perform_in(&link_dir, Effect::SaveFrame, &app, "through the link");
    assert_eq!(std::fs::read_to_string(link_dir.join("real.txt")).unwrap(), "through the link");
    assert!(std::fs::symlink_metadata(link_dir.join(&frame_name)).unwrap().file_type().is_symlink());
    for d in [&dir, &fifo_dir, &link_dir] {
        assert!(leftovers(d).is_empty());
    }
}

/// `probe align --csv` writes through the same helper: a FIFO, a directory, a device, a read-only
/// file and a missing folder are refused before the scoring starts; the read-only file is kept.
#[test]
fn probe_csv_refuses_what_the_other_writers_refuse() {
    let dir = scratch("probe-csv");
    let fifo = dir.join("pipe.csv");
    assert!(mkfifo(&fifo), "mkfifo");
    let read_only = dir.join("mine.csv");
    std::fs::write(&read_only, b"my table").unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let missing = dir.join("no-such-folder").join("t.csv");
    let cases: [(&Path, &[&str]); 5] = [
        (&fifo, &["a pipe (FIFO)", "not a regular file"]),
        (&dir, &["a directory, not a regular file"]),
        (Path::new("/dev/null"), &["a device, not a regular file"]),
        (&read_only, &["read-only", "left as it is"]),
        (&missing, &["there is no folder", "no-such-folder"]),
    ];
    for (path, needles) in cases {
        refused(&["probe", "align", "--csv", path.to_str().unwrap()], needles);
    }
    assert_eq!(std::fs::read(&read_only).unwrap(), b"my table");
    assert!(leftovers(&dir).is_empty());
}

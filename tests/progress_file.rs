//! The progress file: a round trip, "done" only with every beat seen and every question
//! finished, an atomic write that leaves no temporary file behind, --reset-progress (all, or one
//! lesson) and two tutors saving to one file (merged, and a reset between their saves not
//! undone; with real processes too). Nothing is ever dropped: an unusable file (one byte 0xff,
//! not TOML, mode 000, a newer format, too large, a FIFO, a link to /dev/zero) is kept under a
//! name of its own that never replaces an earlier kept copy, and the note says where; a file that
//! cannot be read at all is not written over; unknown keys survive saves; a symlink stays one.

mod temp_folder;
use temp_folder::TempFolder;

use std::path::{Path, PathBuf};
use transformer_tutor::lesson::question::Attempt;
use transformer_tutor::progress::{self, Progress, ProgressFile, Reset, Status};

/// The files beside `path` kept as `progress.toml.LABEL-…`, sorted.
fn kept(dir: &Path, label: &str) -> Vec<PathBuf> {
    let prefix = format!("progress.toml.{label}-");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&prefix))
        .collect();
    found.sort();
    found
}

/// A fresh folder for one test, removed when it ends.
fn temp_dir(name: &str) -> TempFolder {
    TempFolder::made(&format!("progress-{name}"))
}

fn sample() -> Progress {
    let mut p = Progress::new();
    for beat in 0..3 {
        p.see("masks", beat);
    }
    p.see("tokens", 0);
    p.answer("masks", 2, "(2, 4, 5, 8)", Attempt::WrongOnce);
    p.answer("masks", 2, "(2,4,8,5)", Attempt::Right { tries: 2 });
    p
}

#[test]
fn progress_survives_a_round_trip_through_the_file() {
    let dir = temp_dir("roundtrip");
    let path = dir.join("progress.toml");
    let p = sample();
    progress::save(&p, &path).unwrap();
    let (back, note) = progress::load(&path);
    assert_eq!(note, None);
    assert_eq!(back, p);
    assert_eq!(back.status("masks", 3, &[2]), Status::Done);
    assert_eq!(back.status("masks", 5, &[2]), Status::InProgress { seen: 3, answered: 1 });
    assert_eq!(back.status("tokens", 4, &[]), Status::InProgress { seen: 1, answered: 0 });
    assert_eq!(back.status("encoder", 6, &[5]), Status::NotStarted);
    assert_eq!(back.resume_beat("masks", 5, &[2]), 3);
    assert_eq!(back.attempt("masks", 2), Attempt::Right { tries: 2 });
    assert_eq!(back.given("masks", 2), ["(2, 4, 5, 8)", "(2,4,8,5)"]);
}

#[test]
fn a_missing_file_is_fresh_progress_and_says_where_it_will_be_kept() {
    let dir = temp_dir("missing");
    let (p, note) = progress::load(&dir.join("progress.toml"));
    assert_eq!(p, Progress::new());
    let note = note.expect("a missing file is reported");
    assert!(note.contains("no saved progress yet") && note.contains("progress.toml"), "{note}");
}

#[test]
fn a_corrupt_file_is_reported_kept_under_its_own_name_and_replaced() {
    for (name, text) in [
        ("garbage", "this is { not toml"),
        ("wrong-shape", "version = 1\nlessons = 3\n"),
        ("older-version", "version = 0\n"),
        ("binary", "\u{0}\u{1}\u{2}"),
    ] {
        let dir = temp_dir(name);
        let path = dir.join("progress.toml");
        std::fs::write(&path, text).unwrap();
        let (p, note) = progress::load(&path);
        assert_eq!(p, Progress::new(), "{name}");
        let note = note.unwrap_or_else(|| panic!("{name}: a corrupt file is reported"));
        assert!(!path.exists(), "{name}: the corrupt file is moved aside");
        let kept = kept(&dir, "corrupt");
        assert_eq!(kept.len(), 1, "{name}: {kept:?}");
        assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text, "{name}: and kept");
        assert!(note.contains("unreadable") && note.contains("starts afresh"), "{name}: {note}");
        assert!(note.contains(&kept[0].display().to_string()), "{name}: the note says where: {note}");
        // and the next save writes a fresh file
        progress::save(&sample(), &path).unwrap();
        assert_eq!(progress::load(&path), (sample(), None));
    }
}

/// The bytes of a saved sample with the byte at `at` set to 0xff.
fn sample_with_ff(path: &Path, at: usize) -> Vec<u8> {
    progress::save(&sample(), path).unwrap();
    let mut bytes = std::fs::read(path).unwrap();
    bytes[at] = 0xff;
    std::fs::write(path, &bytes).unwrap();
    bytes
}

#[test]
fn one_byte_set_to_0xff_is_kept_and_a_second_corruption_keeps_the_first_copy() {
    let dir = temp_dir("0xff");
    let path = dir.join("progress.toml");
    let first = sample_with_ff(&path, 5);
    let (p, note) = progress::load(&path);
    assert_eq!(p, Progress::new());
    let note = note.unwrap();
    assert!(note.contains("not UTF-8 text: byte 0xff at offset 5"), "{note}");
    // a tutor runs on, saves, and the file is damaged again within the same second
    let (mut file, mut mine, _) = ProgressFile::open(&path);
    mine.see("masks", 0);
    file.save(&mine).unwrap();
    let second = sample_with_ff(&path, 9);
    mine.see("masks", 1);
    let (merged, note) = file.save(&mine).unwrap();
    let note = note.expect("the second corruption is reported");
    let kept = kept(&dir, "corrupt");
    assert_eq!(kept.len(), 2, "two copies, neither over the other: {kept:?}");
    let contents: Vec<Vec<u8>> = kept.iter().map(|k| std::fs::read(k).unwrap()).collect();
    assert!(contents.contains(&first) && contents.contains(&second), "both kept byte for byte");
    assert!(kept.iter().any(|k| note.contains(&k.display().to_string())), "{note}");
    assert_eq!(merged, mine, "this tutor's progress written afresh");
    assert_eq!(progress::load(&path).0, mine);
}

#[cfg(unix)]
#[test]
fn a_file_without_read_permission_is_kept_or_when_root_reads_it_left_unwritten() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("mode000");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    let before = std::fs::read(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    let (p, note) = progress::load(&path);
    if std::fs::File::open(&path).is_ok() {
        // root reads any file: the progress loads, and a file with no write permission is
        // refused by the save (as `atomic_file` refuses every read-only target), left as it was
        assert_eq!((p, note), (sample(), None));
        let (mut file, mut mine, _) = ProgressFile::open(&path);
        mine.see("encoder", 0);
        let e = file.save(&mine).unwrap_err();
        assert!(e.contains("read-only"), "{e}");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), before);
    } else {
        assert_eq!(p, Progress::new());
        let note = note.unwrap();
        assert!(note.contains("ermission denied"), "{note}");
        let kept = kept(&dir, "corrupt");
        assert_eq!(kept.len(), 1);
        std::fs::set_permissions(&kept[0], std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(std::fs::read(&kept[0]).unwrap(), before);
    }
}

#[test]
fn a_file_from_a_newer_version_is_kept_as_newer_not_as_corrupt() {
    let dir = temp_dir("newer");
    let path = dir.join("progress.toml");
    let text = "version = 2\nresets = 0\n[lessons.masks]\nseen = [0, 1]\nwhen = 2026-11-24T10:00:00Z\n";
    std::fs::write(&path, text).unwrap();
    let (p, note) = progress::load(&path);
    assert_eq!(p, Progress::new());
    let note = note.unwrap();
    assert!(note.contains("newer transformer-tutor (format 2; this one reads 1)"), "{note}");
    assert!(kept(&dir, "corrupt").is_empty());
    let kept = kept(&dir, "newer");
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text);
    assert!(note.contains(&kept[0].display().to_string()), "{note}");
}

#[test]
fn keys_this_version_does_not_know_survive_saves() {
    let dir = temp_dir("unknown-keys");
    let path = dir.join("progress.toml");
    let text = "version = 1\nresets = 0\ntheme = \"dark\"\nfirst_run = 2026-11-24T10:00:00Z\n\
[future]\nsetting = [1, 2]\n\
[lessons.masks]\nseen = [0]\nbookmark = 3\n\
[lessons.masks.answers.2]\ngiven = [\"x\"]\nstate = \"wrong-once\"\ntime_ms = 1200\n";
    std::fs::write(&path, text).unwrap();
    let (mut file, mut mine, note) = ProgressFile::open(&path);
    assert_eq!(note, None);
    mine.see("masks", 1);
    mine.answer("masks", 2, "y", Attempt::GaveUp);
    mine.see("encoder", 0);
    file.save(&mine).unwrap();
    let saved: toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    assert_eq!(saved["theme"].as_str(), Some("dark"));
    assert!(saved["first_run"].as_datetime().is_some(), "a date stays a date: {saved:?}");
    assert_eq!(saved["future"]["setting"].as_array().unwrap().len(), 2);
    let masks = &saved["lessons"]["masks"];
    assert_eq!(masks["bookmark"].as_integer(), Some(3));
    assert_eq!(masks["seen"].as_array().unwrap().len(), 2);
    assert_eq!(masks["answers"]["2"]["time_ms"].as_integer(), Some(1200));
    assert_eq!(masks["answers"]["2"]["state"].as_str(), Some("gave-up"));
}

#[test]
fn saving_is_atomic_and_leaves_no_temporary_file() {
    let dir = temp_dir("atomic");
    let path = dir.join("progress.toml");
    std::fs::write(&path, "old contents").unwrap();
    progress::save(&sample(), &path).unwrap();
    let names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names, ["progress.toml"], "only the file itself remains");
    assert_eq!(progress::load(&path), (sample(), None));
}

#[test]
fn a_save_that_cannot_happen_leaves_the_old_file_whole() {
    let dir = temp_dir("readonly");
    // the "directory" is a file, so nothing can be created in it
    let blocker = dir.join("not-a-dir");
    std::fs::write(&blocker, "x").unwrap();
    let err = progress::save(&sample(), &blocker.join("progress.toml")).unwrap_err();
    assert!(err.contains("cannot"), "{err}");
    assert_eq!(std::fs::read_to_string(&blocker).unwrap(), "x");
}

#[test]
fn done_needs_every_beat_seen_and_every_question_finished() {
    let mut p = Progress::new();
    for beat in 0..4 {
        p.see("masks", beat);
    }
    // beats 1 and 3 ask questions: all beats seen is not done while a question is open
    assert_eq!(p.status("masks", 4, &[1, 3]), Status::InProgress { seen: 4, answered: 0 });
    assert_eq!(p.resume_beat("masks", 4, &[1, 3]), 1, "all seen: resume at the first open question");
    p.answer("masks", 1, "(2, 4, 8, 5)", Attempt::Right { tries: 1 });
    p.answer("masks", 3, "7", Attempt::WrongOnce);
    assert_eq!(p.status("masks", 4, &[1, 3]), Status::InProgress { seen: 4, answered: 1 });
    assert_eq!(p.resume_beat("masks", 4, &[1, 3]), 3);
    // a second wrong answer shows the answer: the question is finished
    p.answer("masks", 3, "8", Attempt::GaveUp);
    assert_eq!(p.status("masks", 4, &[1, 3]), Status::Done);
    assert_eq!(p.status("masks", 4, &[]), Status::Done, "a lesson without questions: every beat seen");
    assert_eq!(p.status("masks", 5, &[1, 3]), Status::InProgress { seen: 4, answered: 2 });
}

#[test]
fn reset_clears_the_file_and_says_whether_there_was_anything() {
    let dir = temp_dir("reset");
    let path = dir.join("progress.toml");
    assert_eq!(progress::reset(&path), Ok(Reset::Nothing { saved: vec![] }), "no file");
    progress::save(&sample(), &path).unwrap();
    assert_eq!(progress::reset(&path), Ok(Reset::Cleared));
    let (after, note) = progress::load(&path);
    assert_eq!(note, None);
    assert!(after.lessons.is_empty(), "{after:?}");
    assert_eq!(after.resets, 1, "the file counts the reset");
    assert_eq!(progress::reset(&path), Ok(Reset::Nothing { saved: vec![] }), "nothing left to clear");
}

/// A count at the largest TOML integer stays there: a reset neither panics nor writes a file
/// the tutor cannot read back.
#[test]
fn a_reset_at_the_largest_count_keeps_the_file_readable() {
    let dir = temp_dir("reset-max");
    let path = dir.join("progress.toml");
    let text = format!("version = 1\nresets = {}\n[lessons.masks]\nseen = [0, 1]\n", i64::MAX);
    std::fs::write(&path, text).unwrap();
    assert_eq!(progress::reset(&path), Ok(Reset::Cleared));
    let (after, note) = progress::load(&path);
    assert_eq!(note, None, "the file it wrote reads back");
    assert_eq!(after.resets, i64::MAX as u64);
}

/// What the tutor writes, it reads back: a valid file of 30,000 lessons seen once stays as large
/// when saved (each once gained an empty answers table, and at 1.6 MB the next start set it
/// aside), and progress that would be over the cap is not written over the file there.
#[test]
fn a_save_never_writes_a_file_the_tutor_cannot_read() {
    let dir = temp_dir("cap");
    let path = dir.join("progress.toml");
    let mut text = String::from("version = 1\nresets = 0\n");
    for i in 0..30_000 {
        text.push_str(&format!("[lessons.l{i}]\nseen = [0]\n"));
    }
    std::fs::write(&path, &text).unwrap();
    let (read, note) = progress::load(&path);
    assert_eq!((read.lessons.len(), note), (30_000, None));
    progress::save(&read, &path).unwrap();
    let saved = std::fs::metadata(&path).unwrap().len();
    // (a blank line between tables is all it adds)
    assert!(saved <= text.len() as u64 * 11 / 10, "{saved} bytes written from {}", text.len());
    assert_eq!(progress::load(&path).1, None, "read back");
    // a hundred answers of 60 characters on each of 300 beats: 1.9 MB, not written
    let mut big = read.clone();
    for beat in 0..300 {
        for _ in 0..100 {
            big.answer("masks", beat, &"x".repeat(60), Attempt::WrongOnce);
        }
    }
    let refused = progress::save(&big, &path).unwrap_err();
    assert!(refused.contains("more than the 1024 KB"), "{refused}");
    assert_eq!(std::fs::metadata(&path).unwrap().len(), saved, "the file there is left as it was");
}

#[test]
fn reset_of_one_lesson_keeps_the_others() {
    let dir = temp_dir("reset-lesson");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    assert_eq!(progress::reset_lesson(&path, "masks"), Ok(Reset::Cleared));
    let after = progress::load(&path).0;
    assert_eq!(after.lessons.keys().collect::<Vec<_>>(), ["tokens"], "{after:?}");
    assert_eq!(after.resets, 1);
    assert_eq!(progress::reset_lesson(&path, "mask"), Ok(Reset::Nothing { saved: vec!["tokens".into()] }));
}

#[test]
fn two_tutors_on_one_file_keep_each_others_progress() {
    let dir = temp_dir("two-tutors");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    let (mut a_file, mut a, _) = ProgressFile::open(&path);
    let (mut b_file, mut b, _) = ProgressFile::open(&path);
    a.see("encoder", 0);
    a.answer("masks", 5, "x", Attempt::WrongOnce);
    (a, _) = a_file.save(&a).unwrap();
    b.see("decoder", 2);
    b.answer("masks", 5, "y", Attempt::WrongOnce);
    let (merged, note) = b_file.save(&b).unwrap();
    assert_eq!(note, None);
    assert_eq!(progress::load(&path).0, merged, "what b wrote is what it goes on from");
    for (lesson, beat) in [("masks", 2), ("tokens", 0), ("encoder", 0), ("decoder", 2)] {
        assert!(merged.lessons[lesson].seen.contains(&beat), "{lesson} beat {beat} kept: {merged:?}");
    }
    assert_eq!(merged.given("masks", 5), ["x", "y"], "both tutors' answers, the file's first");
    assert_eq!(merged.given("masks", 2), ["(2, 4, 5, 8)", "(2,4,8,5)"], "no answer doubled");
    // a saves again: b's work stays
    a.see("encoder", 1);
    let (merged, _) = a_file.save(&a).unwrap();
    assert!(merged.lessons["decoder"].seen.contains(&2), "{merged:?}");
    assert!(merged.lessons["encoder"].seen.contains(&1), "{merged:?}");
    assert_eq!(merged.given("masks", 5), ["x", "y"]);
}

#[test]
fn a_reset_while_a_tutor_runs_is_not_undone_by_its_next_save() {
    let dir = temp_dir("reset-running");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    let (mut file, mut mine, _) = ProgressFile::open(&path);
    mine.see("encoder", 0);
    (mine, _) = file.save(&mine).unwrap();
    assert!(mine.lessons.contains_key("masks") && mine.lessons.contains_key("encoder"));
    // --reset-progress, run by another process while this tutor holds everything in memory
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .arg("--reset-progress")
        .env(progress::DIR_VAR, &dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("progress cleared"));
    // the tutor goes on: one more beat, then its save
    mine.see("decoder", 4);
    let (merged, note) = file.save(&mine).unwrap();
    let note = note.expect("the tutor is told of the reset");
    assert!(note.contains("reset"), "{note}");
    let on_disk = progress::load(&path).0;
    assert_eq!(on_disk, merged);
    assert_eq!(on_disk.lessons.keys().collect::<Vec<_>>(), ["decoder"], "only what came after the reset: {on_disk:?}");
    assert_eq!(on_disk.attempt("masks", 2), Attempt::Unanswered, "the reset answer stays forgotten");
    assert_eq!(on_disk.resets, 1);
    // and the next save does not bring it back either
    mine = merged;
    mine.see("decoder", 5);
    let (merged, note) = file.save(&mine).unwrap();
    assert_eq!(note, None, "the reset is told once");
    assert_eq!(merged.lessons.keys().collect::<Vec<_>>(), ["decoder"]);
}

#[test]
fn a_deleted_file_is_not_written_back_whole_either() {
    let dir = temp_dir("deleted");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    let (mut file, mut mine, _) = ProgressFile::open(&path);
    std::fs::remove_file(&path).unwrap();
    mine.see("encoder", 0);
    let (merged, note) = file.save(&mine).unwrap();
    assert_eq!(note, None);
    assert_eq!(merged.lessons.keys().collect::<Vec<_>>(), ["encoder"], "{merged:?}");
}

#[test]
fn a_file_that_became_unreadable_is_kept_and_this_tutors_progress_written() {
    let dir = temp_dir("unreadable-later");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    let (mut file, mut mine, _) = ProgressFile::open(&path);
    std::fs::write(&path, "version = 99\n").unwrap();
    mine.see("encoder", 0);
    let (merged, note) = file.save(&mine).unwrap();
    let note = note.expect("the unusable file is reported");
    let kept = kept(&dir, "newer");
    assert_eq!(kept.len(), 1);
    assert!(note.contains("newer") && note.contains(&kept[0].display().to_string()), "{note}");
    assert_eq!(merged, mine, "nothing to merge with: all this tutor knows");
    assert_eq!(progress::load(&path).0, mine);
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), "version = 99\n");
}

#[cfg(unix)]
#[test]
fn a_symlinked_progress_file_stays_a_symlink() {
    let dir = temp_dir("symlink");
    let real = dir.join("elsewhere.toml");
    progress::save(&sample(), &real).unwrap();
    let path = dir.join("progress.toml");
    std::os::unix::fs::symlink("elsewhere.toml", &path).unwrap();
    let (mut file, mut mine, note) = ProgressFile::open(&path);
    assert_eq!(note, None);
    mine.see("encoder", 0);
    file.save(&mine).unwrap();
    assert!(std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink(), "still a link");
    assert!(progress::load(&real).0.lessons.contains_key("encoder"), "written through to its target");
    // its target damaged: the target is kept beside itself, the link stays and is written through
    std::fs::write(&real, b"\xff").unwrap();
    mine.see("encoder", 1);
    let (_, note) = file.save(&mine).unwrap();
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("elsewhere.toml.corrupt-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(note.unwrap().contains(&kept[0]));
    assert!(std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink(), "still a link");
    assert!(progress::load(&real).0.lessons["encoder"].seen.contains(&1));
}

/// `load` on another thread, failing the test instead of hanging it.
fn load_within_seconds(path: &Path) -> (Progress, Option<String>) {
    let path = path.to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(progress::load(&path)).unwrap());
    rx.recv_timeout(std::time::Duration::from_secs(5)).expect("load returned instead of hanging")
}

#[cfg(unix)]
#[test]
fn a_fifo_a_link_to_dev_zero_and_a_huge_file_are_refused_before_reading_and_kept() {
    let dir = temp_dir("not-regular");
    let path = dir.join("progress.toml");
    // a FIFO nobody writes to: opening it to read would block the tutor's start
    assert!(std::process::Command::new("mkfifo").arg(&path).status().unwrap().success());
    let (p, note) = load_within_seconds(&path);
    assert_eq!(p, Progress::new());
    assert!(note.unwrap().contains("a FIFO (named pipe), not a regular file"));
    assert!(!path.exists() && kept(&dir, "corrupt").len() == 1, "the FIFO itself is kept aside");
    // a link to /dev/zero: read, it would grow without end; the link is moved, not the device
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let (p, note) = load_within_seconds(&path);
    assert_eq!(p, Progress::new());
    assert!(note.unwrap().contains("a device, not a regular file"));
    assert!(std::path::Path::new("/dev/zero").exists());
    let links = kept(&dir, "corrupt");
    assert_eq!(links.len(), 2);
    assert!(links.iter().any(|l| std::fs::read_link(l).is_ok_and(|t| t == Path::new("/dev/zero"))));
    // 100 MB (sparse: no disk used) took 8 s and 4 GB to open; now refused by its size alone
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(100 << 20).unwrap();
    drop(f);
    let start = std::time::Instant::now();
    let (p, note) = load_within_seconds(&path);
    assert!(start.elapsed() < std::time::Duration::from_secs(1), "{:?}", start.elapsed());
    assert_eq!(p, Progress::new());
    let note = note.unwrap();
    assert!(note.contains("104857600 bytes, more than the 1024 KB a progress file can be"), "{note}");
    assert_eq!(kept(&dir, "corrupt").len(), 3);
    assert_eq!(progress::MAX_BYTES, 1 << 20);
}

#[test]
fn a_file_that_cannot_be_read_at_all_is_never_written_over() {
    let dir = temp_dir("blocked");
    // the "directory" is a file: the path cannot be looked at (an I/O error, not a bad file)
    let blocker = dir.join("not-a-dir");
    std::fs::write(&blocker, "x").unwrap();
    let path = blocker.join("progress.toml");
    let (p, note) = progress::load(&path);
    assert_eq!(p, Progress::new());
    assert!(note.unwrap().contains("is not saved until it can be read"));
    let (mut file, mut mine, _) = ProgressFile::open(&path);
    mine.see("masks", 0);
    let e = file.save(&mine).unwrap_err();
    assert!(e.contains("cannot"), "{e}");
    assert_eq!(std::fs::read_to_string(&blocker).unwrap(), "x");
}

#[test]
fn a_lesson_reset_by_another_process_while_a_tutor_runs_stays_reset_and_the_rest_stays() {
    let dir = temp_dir("reset-lesson-running");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    let (mut file, mut mine, _) = ProgressFile::open(&path);
    mine.see("encoder", 0);
    (mine, _) = file.save(&mine).unwrap();
    let run_reset = |lesson: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
            .args(["--reset-progress", "--lesson", lesson])
            .env(progress::DIR_VAR, &dir)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the binary runs")
    };
    let reset = |lesson: &str| {
        let o = run_reset(lesson);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let said = reset("masks");
    assert!(said.contains("progress of lesson `masks` cleared") && said.contains("other lessons' kept"), "{said}");
    let said = reset("positional");
    assert!(said.contains("no saved progress for lesson `positional`") && said.contains("encoder, tokens"), "{said}");
    // a lesson that does not exist is refused, with the closest one named; nothing is touched
    let before = std::fs::read(&path).unwrap();
    let o = run_reset("mask");
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && said.contains("mask") && said.contains("masks"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    mine.see("decoder", 4);
    let (merged, note) = file.save(&mine).unwrap();
    let note = note.expect("the tutor is told of the reset");
    assert!(note.contains("progress of masks was reset"), "{note}");
    let on_disk = progress::load(&path).0;
    assert_eq!(on_disk, merged);
    assert_eq!(on_disk.lessons.keys().collect::<Vec<_>>(), ["decoder", "encoder", "tokens"], "{on_disk:?}");
    assert_eq!(on_disk.attempt("masks", 2), Attempt::Unanswered, "the reset lesson stays reset");
}

/// A tutor in a pseudo-terminal on the data directory `dir`, showing `lesson`.
#[cfg(target_os = "linux")]
fn tutor_in_a_pty(dir: &Path, lesson: &str, shown: &str) -> rexpect::session::PtySession {
    let bin = env!("CARGO_BIN_EXE_transformer-tutor");
    let script = format!("stty rows 40 cols 120; exec '{bin}' --lesson {lesson}");
    let mut command = std::process::Command::new("sh");
    command.args(["-c", &script]).env("TERM", "xterm-256color").env(progress::DIR_VAR, dir);
    let mut session = rexpect::session::spawn_command(command, Some(20_000)).expect("a pty");
    session.exp_string(shown).expect("the screen is drawn"); // ASCII only: rexpect reads Latin-1
    session
}

/// Type `text` into the tutor's terminal.
#[cfg(target_os = "linux")]
fn keys(session: &mut rexpect::session::PtySession, text: &str) {
    session.send(text).unwrap();
    session.flush().unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn two_tutor_processes_on_one_file_keep_each_others_beats() {
    let dir = temp_dir("two-processes");
    let mut a = tutor_in_a_pty(&dir, "masks", "Masks: no peeking");
    let mut b = tutor_in_a_pty(&dir, "encoder", "The encoder");
    keys(&mut a, "lll");
    keys(&mut b, "ll");
    keys(&mut a, "q");
    a.exp_eof().expect("a quits");
    keys(&mut b, "lq");
    b.exp_eof().expect("b quits");
    let on_disk = progress::load(&dir.join("progress.toml")).0;
    let seen = |lesson: &str| on_disk.lessons.get(lesson).map(|l| l.seen.iter().copied().collect::<Vec<_>>());
    assert_eq!(seen("masks"), Some(vec![0, 1, 2, 3]), "a's beats kept by b's saves: {on_disk:?}");
    assert_eq!(seen("encoder"), Some(vec![0, 1, 2, 3]), "{on_disk:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_tutor_ended_by_a_signal_within_a_second_of_a_change_saves_it() {
    let dir = temp_dir("signal-saves");
    let mut a = tutor_in_a_pty(&dir, "masks", "Masks: no peeking");
    keys(&mut a, "llll");
    std::thread::sleep(std::time::Duration::from_millis(300)); // the keys are read, not yet saved
    a.process_mut().signal(rexpect::process::Signal::SIGTERM).unwrap(); // the shell exec'd the tutor
    a.exp_eof().expect("the tutor ends");
    let on_disk = progress::load(&dir.join("progress.toml")).0;
    assert_eq!(on_disk.lessons["masks"].seen.iter().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
}

#[cfg(target_os = "linux")]
#[test]
fn the_status_bar_says_where_an_unreadable_file_is_kept() {
    let dir = temp_dir("status-bar");
    let path = dir.join("progress.toml");
    sample_with_ff(&path, 5);
    let mut a = tutor_in_a_pty(&dir, "masks", "Masks: no peeking");
    // the long message wraps by words, at a place that depends on the directory's name: look
    // for single words, and for the kept file's whole path (one word, shorter than a line)
    a.exp_string("0xff").expect("the status bar says why");
    let kept = kept(&dir, "corrupt");
    assert_eq!(kept.len(), 1);
    a.exp_string(&kept[0].display().to_string()).expect("and where the file is kept");
    keys(&mut a, "q");
    a.exp_eof().unwrap();
}

/// The last save fails (a read-only progress file): once the screen is gone the tutor says that
/// this session's progress is lost, and does not exit 0; the file is left as it was.
#[cfg(target_os = "linux")]
#[test]
fn a_last_save_that_fails_is_said_after_the_screen_and_the_exit_is_not_zero() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("last-save-fails");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let bin = env!("CARGO_BIN_EXE_transformer-tutor");
    let script = format!("stty rows 40 cols 120; '{bin}' --lesson masks; echo \"rc=$?\"");
    let mut command = std::process::Command::new("sh");
    command.args(["-c", &script]).env("TERM", "xterm-256color").env(progress::DIR_VAR, &dir);
    let mut a = rexpect::session::spawn_command(command, Some(20_000)).expect("a pty");
    a.exp_string("Masks: no peeking").expect("the screen is drawn");
    keys(&mut a, "llllq"); // beats 3 and 4 are new (the sample has seen 0..3)
    let rest = a.exp_eof().expect("the tutor ends");
    let after_screen = &rest[rest.rfind("\x1b[?1049l").expect("the alternate screen is left")..];
    assert!(after_screen.contains("is lost") && after_screen.contains("read-only"), "{after_screen}");
    assert!(after_screen.contains("rc=1"), "{after_screen}");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

//! The progress file: a round trip, "done" only with every beat seen and every question
//! finished, an unreadable file set aside and replaced (never fatal), an atomic write that leaves
//! no temporary file behind, --reset-progress, and two tutors saving to one file (merged, and a
//! reset between their saves not undone).

use transformer_tutor::lesson::question::Attempt;
use transformer_tutor::progress::{self, Progress, ProgressFile, Status};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tt-progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
fn a_corrupt_file_is_reported_set_aside_and_replaced() {
    for (name, text) in [
        ("garbage", "this is { not toml"),
        ("wrong-shape", "version = 1\nlessons = 3\n"),
        ("other-version", "version = 99\n"),
        ("binary", "\u{0}\u{1}\u{2}"),
    ] {
        let dir = temp_dir(name);
        let path = dir.join("progress.toml");
        std::fs::write(&path, text).unwrap();
        let (p, note) = progress::load(&path);
        assert_eq!(p, Progress::new(), "{name}");
        let note = note.unwrap_or_else(|| panic!("{name}: a corrupt file is reported"));
        assert!(note.contains("unreadable") && note.contains("starting afresh"), "{name}: {note}");
        assert!(!path.exists(), "{name}: the corrupt file is moved aside");
        assert_eq!(std::fs::read_to_string(dir.join("progress.toml.corrupt")).unwrap(), text, "{name}: and kept");
        // and the next save replaces it
        progress::save(&sample(), &path).unwrap();
        assert_eq!(progress::load(&path), (sample(), None));
    }
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
    assert_eq!(progress::reset(&path), Ok(false), "no file");
    progress::save(&sample(), &path).unwrap();
    assert_eq!(progress::reset(&path), Ok(true));
    let (after, note) = progress::load(&path);
    assert_eq!(note, None);
    assert!(after.lessons.is_empty(), "{after:?}");
    assert_eq!(after.resets, 1, "the file counts the reset");
    assert_eq!(progress::reset(&path), Ok(false), "nothing left to clear");
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
fn a_file_that_became_unreadable_is_set_aside_and_this_tutors_progress_written() {
    let dir = temp_dir("unreadable-later");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    let (mut file, mut mine, _) = ProgressFile::open(&path);
    std::fs::write(&path, "version = 99\n").unwrap();
    mine.see("encoder", 0);
    let (merged, note) = file.save(&mine).unwrap();
    let note = note.expect("the unreadable file is reported");
    assert!(note.contains("unreadable") && note.contains("progress.toml.corrupt"), "{note}");
    assert_eq!(merged, mine, "nothing to merge with: all this tutor knows");
    assert_eq!(progress::load(&path).0, mine);
    assert_eq!(std::fs::read_to_string(dir.join("progress.toml.corrupt")).unwrap(), "version = 99\n");
}

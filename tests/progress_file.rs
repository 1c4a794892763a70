//! The progress file: a round trip, an unreadable file set aside and replaced (never fatal), an
//! atomic write that leaves no temporary file behind, and --reset-progress.

use transformer_tutor::lesson::question::Attempt;
use transformer_tutor::progress::{self, Progress, Status};

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
    assert_eq!(back.status("masks", 3), Status::Done);
    assert_eq!(back.status("masks", 5), Status::InProgress { seen: 3 });
    assert_eq!(back.status("tokens", 4), Status::InProgress { seen: 1 });
    assert_eq!(back.status("encoder", 6), Status::NotStarted);
    assert_eq!(back.resume_beat("masks", 5), 3);
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
fn reset_removes_the_file_and_says_whether_there_was_one() {
    let dir = temp_dir("reset");
    let path = dir.join("progress.toml");
    progress::save(&sample(), &path).unwrap();
    assert_eq!(progress::reset(&path), Ok(true));
    assert!(!path.exists());
    assert_eq!(progress::reset(&path), Ok(false));
}

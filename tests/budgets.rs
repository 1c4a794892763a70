//! Memory and time have a budget, checked before the work starts (issue 40): a long `;` list, a
//! lesson of thousands of batch rows, a lessons directory of thousands of files. Each is refused
//! at once with the cap it passed, in both languages; the runs that would have taken gigabytes are
//! run here under `ulimit -v`, so a missing cap fails the test instead of the machine.

mod hostile_common;

use hostile_common::*;
use std::path::Path;

/// `n` rows of `row`, `;` between them.
fn rows(row: &str, n: usize) -> String {
    vec![row; n].join(";")
}

#[test]
fn the_limit_itself_lets_an_ordinary_run_through() {
    // the same ulimit the refusals run under: a lesson on its own sentences runs inside it
    let o = run_limited(1024, &["--lesson", "learning", "--print", "--src", "我有一只猫;你有猫吗"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn thousands_of_batch_rows_are_refused_before_running() {
    let many = rows("我", 32_000);
    refused_within(
        1024,
        &["--lesson", "learning", "--print", "--src", &many],
        &["source", "32000 batch rows is more than the 64 a run takes"],
    );
    refused_within(1024, &["export", "--src", &many, "--out", "/dev/null"], &["more than the 64 a run takes"]);
    refused_within(1024, &["trace", "--src-ids", &rows("4", 32_000)], &["source ids", "more than the 64"]);
    refused_within(
        1024,
        &["--lang", "zh", "trace", "--src", &many],
        &["一共 32000 句，超过了一次运行最多接受的 64 句"],
    );
    // 64 rows run
    let o = run_limited(1024, &["trace", "--src", &rows("我有一只猫", 64)]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn too_many_tokens_together_are_refused_before_running() {
    // 60 rows of 80 characters: within the rows cap, 4,800 tokens together
    let long = rows(&"我".repeat(80), 60);
    refused_within(1024, &["trace", "--src", &long], &["4800 tokens together, more than the 4096"]);
    refused_within(
        1024,
        &["--lang", "zh", "trace", "--src", &long],
        &["一共有 4800 个词元，超过了一次运行最多接受的 4096 个"],
    );
    let ids = rows(&vec!["4"; 80].join(","), 60);
    refused_within(1024, &["trace", "--src-ids", &ids], &["4800 tokens together"]);
}

/// A lessons directory in the temporary folder, empty.
fn lessons_dir(tag: &str) -> TempPath {
    let dir = temp(tag);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn built_in(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons").join(name)).unwrap()
}

#[test]
fn a_lesson_of_thousands_of_batch_rows_is_refused_at_load() {
    let dir = lessons_dir("rows-lesson");
    let lesson = built_in("tokens.toml");
    let src_line = lesson.lines().find(|l| l.starts_with("src")).unwrap();
    let tgt_line = lesson.lines().find(|l| l.starts_with("tgt")).unwrap();
    let many = lesson
        .replace(src_line, &format!("src = \"{}\"", rows("我有一只猫", 8000)))
        .replace(tgt_line, &format!("tgt = \"{}\"", rows("<bos> I have a cat <eos>", 8000)));
    std::fs::write(dir.join("tokens.toml"), many).unwrap();
    let d = dir.to_str().unwrap();
    refused_within(1024, &["--lessons-dir", d, "--lesson", "tokens", "--print"], &["8000 batch rows", "64"]);
    refused_within(1024, &["--lessons-dir", d, "--list"], &["tokens.toml", "8000 batch rows"]);
}

#[test]
fn a_lessons_directory_of_too_many_files_is_refused_unread() {
    let dir = lessons_dir("many-links");
    let one = dir.join("a.toml");
    std::fs::write(&one, built_in("tokens.toml")).unwrap();
    for i in 0..512 {
        std::fs::hard_link(&one, dir.join(format!("link-{i:04}.toml"))).unwrap();
    }
    refused(&["--lessons-dir", dir.to_str().unwrap(), "--list"], &["more than 512 *.toml lesson files"]);
    refused(&["--lang", "zh", "--lessons-dir", dir.to_str().unwrap(), "--list"], &["超过了 512 个"]);
}

#[test]
fn a_lessons_directory_past_its_bytes_is_refused_at_the_file_that_passes_them() {
    let dir = lessons_dir("many-bytes");
    let lesson = built_in("tokens.toml");
    // 17 lessons of 1,000,000 bytes each (a comment pads them): 16 fit in 16 MB, the 17th does not
    for i in 0..17 {
        let text = lesson.replacen("id = \"tokens\"", &format!("id = \"tokens-{i:02}\""), 1);
        assert_ne!(text, lesson, "the id line is `id = \"tokens\"`");
        let pad = 1_000_000 - text.len() - 3;
        std::fs::write(dir.join(format!("l{i:02}.toml")), format!("{text}\n# {}\n", "x".repeat(pad - 1))).unwrap();
    }
    refused(&["--lessons-dir", dir.to_str().unwrap(), "--list"], &["l16.toml", "more than 16 MB together"]);
    std::fs::remove_file(dir.join("l16.toml")).unwrap();
    let o = run(&["--lessons-dir", dir.to_str().unwrap(), "--list"]);
    assert!(o.status.success(), "16 lessons of 1,000,000 bytes fit: {}", stderr(&o));
}

#[test]
fn lesson_files_are_parsed_one_at_a_time() {
    // a.toml does not parse and z.toml is /dev/zero: reading every file before parsing the first
    // would stop at z.toml; parsing each as it is read stops at a.toml
    let dir = lessons_dir("one-at-a-time");
    std::fs::write(dir.join("a.toml"), "format = 1\nid = [\n").unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("z.toml")).unwrap();
    let err = refused(&["--lessons-dir", dir.to_str().unwrap(), "--list"], &["a.toml"]);
    assert!(!err.contains("z.toml"), "{err}");
}

/// The `tokens` lesson with `n` short beats on `src.embed`.
fn lesson_of_beats(n: usize) -> String {
    let lesson = built_in("tokens.toml");
    let head = &lesson[..lesson.find("[[beat]]").unwrap()];
    let beat =
        "[[beat]]\nop = \"src.embed\"\nview = \"tokens\"\nbatch = 0\ntext = \"Tokens.\"\ntext_zh = \"词元。\"\n\n";
    format!("{head}{}", beat.repeat(n))
}

#[test]
fn print_works_in_proportion_to_the_beats_and_streams_them() {
    use std::sync::Arc;
    use transformer_tutor::app::App;
    use transformer_tutor::cli::print;
    use transformer_tutor::lesson::Catalog;
    use transformer_tutor::lesson::glossary::Glossary;
    let weights = Arc::new(transformer_tutor::setup::WeightSource::Trained.load().unwrap());
    let app_of = |n: usize| {
        let catalog = Catalog::from_files(vec![("tokens.toml".into(), lesson_of_beats(n))], &weights).unwrap();
        App::new(catalog.lessons[0].clone(), weights.clone()).unwrap()
    };
    // the texts scanned for glossary terms while printing N and 4N beats: 4 times as many, not 16
    let scanned = |n: usize| {
        let mut app = app_of(n);
        let before = Glossary::texts_scanned();
        let text = print::lesson_text(&mut app);
        assert!(text.matches("Tokens").count() >= n, "every beat printed");
        Glossary::texts_scanned() - before
    };
    let (n, four_n) = (scanned(60), scanned(240));
    assert!(four_n <= 5 * n, "60 beats scanned {n} texts, 240 beats {four_n}: more than in proportion");
    // the heading and the first beat are handed out before the second beat is made
    let mut app = app_of(240);
    let mut parts = Vec::new();
    print::print_lesson(&mut app, &mut |part| {
        parts.push(part.to_string());
        parts.len() < 2
    });
    assert_eq!(parts.len(), 2, "printing stopped when the reader did");
    assert!(parts[0].contains("tokens") && parts[1].contains("Tokens"), "{parts:?}");
    assert!(app.beat() < 2, "beat {} was made after the reader stopped at the first", app.beat());
}

//! A teacher's check of lesson files: every beat's load error (not only the first), then every
//! number, shape, sentence character and sentence word the prose quotes that its screen does not
//! show, with the trained weights, with random weights and on a learner's own sentence.
//!
//! `cargo run --release --example lesson_check [DIR [LESSON_ID...]]` (default `lessons/`, every
//! lesson). A lesson that does not load is left out of the screen check.

#[path = "../tests/common/on_screen.rs"]
mod on_screen;

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::lesson::load::load_lesson;
use transformer_tutor::model::config::Preset;
use transformer_tutor::setup::WeightSource;

/// The learners' sentences of the third and fourth runs: a word the lessons do not use, and note
/// 003's pair in one order.
pub const OWN_SENTENCES: [&str; 2] = ["我有一只狗", "猫追老鼠"];

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "lessons".into());
    let only: Vec<String> = std::env::args().skip(2).collect();
    let wanted = |id: &str| only.is_empty() || only.iter().any(|o| o == id);
    let trained = Arc::new(WeightSource::Trained.load().expect("built-in weights"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("a lessons directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut errors = 0;
    let mut loaded = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for path in &files {
        let name = path.display().to_string();
        // as the tutor reads them: a regular file of at most 1 MB
        let text = match transformer_tutor::user_file::read_text(
            path,
            transformer_tutor::user_file::LESSON_LIMIT,
            "lesson file",
        ) {
            Ok(t) => t,
            Err(e) => {
                println!("{name}: {}", e.reason);
                errors += 1;
                continue;
            }
        };
        let table: toml::Table = match toml::from_str(&text) {
            Ok(t) => t,
            Err(e) => {
                println!("{name}: {e}");
                errors += 1;
                continue;
            }
        };
        seen.push(table.get("id").and_then(|v| v.as_str()).unwrap_or_default().to_string());
        let id = table.get("id").and_then(|v| v.as_str()).unwrap_or_default().to_string();
        if !wanted(&id) {
            continue;
        }
        let before = errors;
        let beats = table.get("beat").and_then(|b| b.as_array()).cloned().unwrap_or_default();
        for (i, beat) in beats.iter().enumerate() {
            let mut one = table.clone();
            one.insert("beat".into(), toml::Value::Array(vec![beat.clone()]));
            let single = toml::to_string(&one).expect("serialises");
            if let Err(e) = load_lesson(&name, &single, &trained) {
                println!("{name} beat {}: {}: {}", i + 1, e.field, e.message);
                errors += 1;
            }
        }
        if errors == before {
            loaded.push((name, text));
        }
    }
    for id in &only {
        if !seen.contains(id) {
            println!("no lesson with id `{id}` in {dir}");
            errors += 1;
        }
    }
    if errors > 0 {
        println!("{errors} problem(s) above; those lessons are left out of the screen check");
    }
    let random = Arc::new(WeightSource::Seeded { preset: Preset::Tutor, seed: 0 }.load().expect("random weights"));
    let mut misses = Vec::new();
    let runs = [
        ("trained", &trained, None),
        ("random", &random, None),
        ("own sentence 1", &trained, Some(OWN_SENTENCES[0])),
        ("own sentence 2", &trained, Some(OWN_SENTENCES[1])),
    ];
    for (run, weights, own) in runs {
        let catalog = match Catalog::from_files(loaded.clone(), weights) {
            Ok(c) => c,
            Err(e) => {
                println!("[{run}] {e}");
                continue;
            }
        };
        for lesson in &catalog.lessons {
            let mut app = App::new(lesson.clone(), weights.clone()).expect("opens");
            if let Some(sentence) = own {
                app.set_sentences(sentence, None).expect("the sentence runs");
            }
            for m in on_screen::lesson_misses(&mut app, 120, 40) {
                misses.push(format!("[{run}] {m}"));
            }
        }
    }
    for m in &misses {
        println!("{m}");
    }
    println!("{} quoted item(s) not on screen", misses.len());
    std::process::exit(i32::from(!misses.is_empty() || errors > 0));
}

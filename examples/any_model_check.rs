//! The check of tests/any_model.rs on a lesson directory, for a teacher editing lessons without
//! rebuilding: every lesson loaded on a loaded model (default the shipped tiny Marian), its prose
//! read for the tutor model's sizes, and every quoted item looked for on its screens, in both
//! languages, on the lesson's sentences and on a learner's.
//!
//! `cargo run --example any_model_check [DIR [LESSON_ID...]]` (default `lessons/`, every lesson).

#[path = "../tests/common/any_model.rs"]
mod any_model;
#[path = "../tests/common/on_screen.rs"]
mod on_screen;

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lesson::load::load_lesson;
use transformer_tutor::setup::{WeightSource, shipped_marian_dir};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "lessons".into());
    let only: Vec<String> = std::env::args().skip(2).collect();
    let tutor = WeightSource::Trained.load().expect("built-in weights").config;
    let weights = Arc::new(WeightSource::Marian(shipped_marian_dir()).load().expect("the tiny Marian"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("a lessons directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("a lesson file");
        let lesson = match load_lesson(&name, &text, &weights) {
            Ok(l) => l,
            Err(e) => {
                println!("{name}: {e}");
                continue;
            }
        };
        if !only.is_empty() && !only.contains(&lesson.id) {
            continue;
        }
        // SHOW=lesson:beat prints that beat's 120x40 frame on the lesson's sentences
        if let Ok(show) = std::env::var("SHOW")
            && let Some((id, beat)) = show.split_once(':')
            && id == lesson.id
        {
            let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
            app.go_to_beat(beat.parse::<usize>().expect("a beat number") - 1);
            println!("{}", on_screen::screen_parts(&app, 120, 40).0);
        }
        for claim in any_model::lesson_size_claims(&lesson, &tutor, &weights.config) {
            println!("size {claim}");
        }
        for own in [None, Some("我有一只狗")] {
            let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
            if let Some(s) = own {
                app.set_sentences(s, None).expect("the sentence runs");
            }
            for miss in on_screen::lesson_misses(&mut app, 120, 40) {
                println!("screen {}: {miss}", own.unwrap_or("own"));
            }
            for beat in 0..app.beat_count() {
                app.go_to_beat(beat);
                if app.question().is_some()
                    && !app.expected_answer().is_some_and(|a| {
                        !a.trim().is_empty()
                            && (own.is_some() || !a.contains("(not in these sentences)"))
                            && transformer_tutor::lesson::question::is_right(&a, &a)
                    })
                {
                    println!("question {} beat {}: {:?}", lesson.id, beat + 1, app.expected_answer());
                }
            }
        }
    }
}

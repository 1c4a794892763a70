//! Where the prose says a pane is ("on the right", 左边) it says it from the layout drawn (issue 38
//! §2): the view is beside the prose on a wide screen and below it at 80x24, and a what-if's two
//! grids are side by side on a short pane and stacked on a tall one. A lesson writes `{where view}`
//! or `{where taught}` (lessons/FORMAT.md#facts); its literal prose names no pane's direction.

mod common;

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::app::keymap::Action;
use transformer_tutor::lang::Lang;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::measure::measure;

/// Phrases that place a pane: a clause that opens on the left or right, a pane named with its
/// direction, a direction set off by commas after what it places.
fn pane_directions(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut out = Vec::new();
    let clause_starts = |at: usize, s: &str| {
        s[..at]
            .trim_end()
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, '.' | ';' | ':' | '"' | '。' | '；' | '：' | '“'))
    };
    for phrase in ["on the left", "on the right", "to the left", "to the right"] {
        for (at, _) in lower.match_indices(phrase) {
            let after = lower[at + phrase.len()..].chars().next();
            if clause_starts(at, &lower) || after == Some(',') {
                out.push(phrase.to_string());
            }
        }
    }
    // a clause that opens on a bare "Above," or "Below," places the view
    for phrase in ["above,", "below,"] {
        for (at, _) in lower.match_indices(phrase) {
            if clause_starts(at, &lower) {
                out.push(phrase.to_string());
            }
        }
    }
    for noun in ["view", "views", "pane", "this text", "model"] {
        for dir in ["beside", "below", "above", "on the left", "on the right"] {
            for pattern in [format!("{noun} {dir}"), format!("{noun}, {dir},")] {
                if lower.contains(&pattern) {
                    out.push(pattern);
                }
            }
        }
    }
    for dir in ["左边", "右边", "上方", "下方"] {
        for (at, _) in text.match_indices(dir) {
            let after = &text[at + dir.len()..];
            if clause_starts(at, text) && (after.starts_with('是') || after.starts_with("列出")) {
                out.push(format!("{dir}{}", after.chars().next().unwrap_or(' ')));
            }
        }
    }
    for dir in ["左边", "右边", "上方", "下方", "旁边"] {
        for pattern in [format!("正文{dir}"), format!("{dir}的视图"), format!("{dir}的模型")] {
            if text.contains(&pattern) {
                out.push(pattern);
            }
        }
    }
    out
}

#[test]
fn no_lesson_places_a_pane_in_literal_words() {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("lessons").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            for phrase in pane_directions(line) {
                found.push(format!(
                    "{}:{}: `{phrase}`: write {{where view}} or {{where taught}}",
                    path.display(),
                    n + 1
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_check_finds_pane_directions() {
    assert_eq!(pane_directions("Row i guesses; on the right, each row's words."), vec!["on the right"]);
    assert_eq!(pane_directions("On the right is step 0."), vec!["on the right"]);
    assert_eq!(pane_directions("The taught model, on the left, fills"), vec!["on the left", "model, on the left,"]);
    assert_eq!(pane_directions("in the view beside or below this text"), vec!["view beside"]);
    assert_eq!(pane_directions("left out. Above, teacher forcing ranks"), vec!["above,"]);
    assert_eq!(pane_directions("束搜索不能。上方是教师强制"), vec!["上方是"]);
    assert_eq!(pane_directions("左边是课上的模型"), vec!["左边是"]);
    assert_eq!(pane_directions("显示在正文旁边或下方的视图里"), vec!["下方的视图", "正文旁边"]);
    // a direction inside a view is no pane's
    assert!(pane_directions("the fast columns on the left and hardly at all on the right.").is_empty());
    assert!(pane_directions("the shape trace below says what it reads; 表下方的长度").is_empty());
}

fn app_on(id: &str, beat: usize) -> App {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let lesson = catalog.lessons.iter().find(|l| l.id == id).unwrap().clone();
    let mut app = App::new(lesson, weights).unwrap();
    app.go_to_beat(beat - 1);
    app
}

/// The beat's prose on a screen of `width` x `height` in `lang`, after the fit the terminal loop
/// sends before drawing.
fn prose_at(app: &mut App, lang: Lang, width: u16, height: u16) -> String {
    while app.lang() != lang {
        app.update(Action::NextLanguage);
        app.clear_status();
    }
    transformer_tutor::lang::with(lang, || {
        app.update(Action::Fit(measure(app, ratatui::layout::Rect::new(0, 0, width, height))));
        app.beat_text()
    })
}

#[test]
fn where_the_view_is_follows_the_layout() {
    let mut app = app_on("workflow", 5);
    assert!(prose_at(&mut app, Lang::En, 120, 40).contains("the view on the right lists"));
    assert!(prose_at(&mut app, Lang::En, 80, 24).contains("the view below lists"));
    assert!(prose_at(&mut app, Lang::Zh, 80, 24).contains("下方的视图列出"));
    assert!(prose_at(&mut app, Lang::Zh, 120, 40).contains("右边的视图列出"));
}

#[test]
fn where_the_taught_model_is_follows_the_layout() {
    let mut app = app_on("pitfalls", 10);
    // at 80x24 the two grids go side by side, at 120x40 they are stacked
    assert!(prose_at(&mut app, Lang::En, 80, 24).contains("The taught model, on the left,"));
    assert!(prose_at(&mut app, Lang::En, 120, 40).contains("The taught model, above,"));
    assert!(prose_at(&mut app, Lang::Zh, 80, 24).contains("左边是课上的模型"));
    assert!(prose_at(&mut app, Lang::Zh, 120, 40).contains("上面是课上的模型"));
}

/// `--print` puts each beat's view below its text, and its words say so.
#[test]
fn print_words_the_view_as_below() {
    let weights = std::sync::Arc::new(transformer_tutor::setup::WeightSource::Trained.load().unwrap());
    let catalog = transformer_tutor::lesson::Catalog::built_in(&weights).unwrap();
    let workflow = catalog.get("workflow").unwrap().clone();
    let mut app = transformer_tutor::app::App::new(workflow, weights).unwrap();
    let text = transformer_tutor::cli::print::lesson_text(&mut app);
    assert!(text.contains("The view below shows step 0"), "{text}");
    assert!(!text.contains("on the right"), "{text}");
}

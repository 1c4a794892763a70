//! At 80x24 a text view taller than its pane opens on what the beat names (issue 38 §2): the
//! pipeline's ▶ stage, the probes' section the question names, the rnn table's quoted weight;
//! and ↑/↓ move on from the lines drawn, not from the top.

mod common;

use common::on_screen::screen_parts;
use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::app::keymap::Action;
use transformer_tutor::app::view_data::ViewData;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::measure::measure;

fn app_on(id: &str, beat: usize) -> App {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let lesson = catalog.lessons.iter().find(|l| l.id == id).unwrap().clone();
    let mut app = App::new(lesson, weights).unwrap();
    app.go_to_beat(beat - 1);
    app
}

/// The view's part of the 80x24 screen.
fn view_at_80x24(app: &App) -> String {
    screen_parts(app, 80, 24).1
}

#[test]
fn the_pipeline_opens_on_its_marked_stage() {
    let app = app_on("workflow", 3);
    let view = view_at_80x24(&app);
    assert!(view.contains("▶ tgt.x"), "{view}");
    assert!(view.contains("tgt ids"), "{view}");
}

#[test]
fn the_patching_view_opens_on_the_section_the_question_names() {
    // the rows are withheld until the question is answered, but the view opens on the section
    // of the layer the question names (the beat's operation) all the same, on the tutor's model
    // and on the tiny Marian; given up (two wrong answers), with its rows under it
    let tiny = Arc::new(WeightSource::Marian(transformer_tutor::setup::shipped_marian_dir()).load().unwrap());
    for weights in [Arc::new(WeightSource::Trained.load().unwrap()), tiny] {
        let catalog = Catalog::built_in(&weights).unwrap();
        let lesson = catalog.lessons.iter().find(|l| l.id == "probes").unwrap().clone();
        let mut app = App::new(lesson, weights.clone()).unwrap();
        app.go_to_beat(6);
        let view = view_at_80x24(&app);
        assert!(view.contains("after enc.1.norm2.out"), "{view}");
        assert!(!view.contains("after enc.0.norm2.out"), "{view}");
    }
    let mut app = app_on("probes", 7);
    for _ in 0..2 {
        app.update(Action::Answer);
        app.update(Action::Type('9'));
        app.update(Action::Answer);
    }
    let view = view_at_80x24(&app);
    let section: Vec<&str> = view.lines().skip_while(|l| !l.contains("after enc.1.norm2.out")).collect();
    assert!(section.len() > 4, "{view}");
    assert!(section[1].contains('0') && section[1].contains('←'), "{view}");
}

#[test]
fn the_rnn_table_opens_on_the_weight_the_prose_quotes() {
    let app = app_on("why-attention", 2);
    let prose = app.plain_text_of_beat(1);
    let quoted = common::on_screen::decimals(&prose);
    let smallest = quoted.iter().find(|d| d.starts_with("0.000")).expect("the prose quotes the last gradient");
    assert!(view_at_80x24(&app).contains(smallest.as_str()), "{smallest} not in\n{}", view_at_80x24(&app));
}

#[test]
fn up_moves_on_from_the_lines_drawn() {
    let mut app = app_on("workflow", 3);
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    app.update(Action::Fit(measure(&app, area)));
    let drawn = app.lines_scroll();
    assert!(drawn > 1, "the fit keeps the first line drawn: {drawn}");
    app.update(Action::RowUp);
    app.update(Action::Fit(measure(&app, area)));
    assert_eq!(app.lines_scroll(), drawn - 1);
    // and the view is no longer pulled back to the marked stage
    let view = view_at_80x24(&app);
    assert!(view.contains(&format!("{} more lines above", drawn - 1)), "{view}");
}

/// After an answer, or after giving up, the view opens on the line the answer revealed, in both
/// languages: learning 10's adam-step view (the loss after the step) and add-norm 16's
/// norm-compare view (InstanceNorm's lines), both below the fold at 80x24 before.
#[test]
fn an_answer_opens_the_view_on_the_line_it_reveals() {
    use transformer_tutor::lang::Lang;
    for (id, beat) in [("learning", 10), ("add-norm", 16)] {
        for lang in Lang::ALL {
            let mut app = app_on(id, beat);
            while app.lang() != lang {
                app.update(Action::NextLanguage);
            }
            let area = ratatui::layout::Rect::new(0, 0, 80, 24);
            app.update(Action::Fit(measure(&app, area)));
            common::on_screen::give_up(&mut app);
            app.update(Action::Fit(measure(&app, area)));
            let view = view_at_80x24(&app);
            let ViewData::Lines(data) = app.view_data() else { panic!("{id} {beat}: a text view") };
            let expected = app.expected_answer().expect("a question");
            let revealed = data.answering(&expected);
            assert!(!revealed.is_empty(), "{id} {beat}: the view holds the answer's line");
            for (line, _) in revealed {
                let text = data.line_text(line);
                let start: String = text.trim().chars().take(24).collect();
                assert!(view.contains(&start), "{id} {beat} {lang:?}: `{start}` not in\n{view}");
            }
        }
    }
}

/// Stages the prose names further apart than the pane is tall show at once, folded: whole-model
/// 5 names `enc.out` and `logits` around the ▶ stage; each run of stages skipped is one line
/// that counts them, and ↑ unfolds the list.
#[test]
fn stages_far_apart_open_folded() {
    let mut app = app_on("whole-model", 5);
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    app.update(Action::Fit(measure(&app, area)));
    let view = view_at_80x24(&app);
    for stage in ["enc.out", "logits", "▶ dec.0"] {
        assert!(view.contains(stage), "{stage} not in\n{view}");
    }
    let ViewData::Lines(data) = app.view_data() else { panic!("the pipeline view") };
    let drawn = (0..data.lines.len()).filter(|&i| view.contains(data.line_text(i).trim())).count();
    let skipped: usize =
        view.lines().filter_map(|l| l.split("⋯ ").nth(1)?.split(' ').next()?.parse::<usize>().ok()).sum();
    assert!(skipped > 0, "folded:\n{view}");
    assert_eq!(drawn + skipped, data.lines.len(), "every line drawn or counted:\n{view}");
    app.update(Action::RowUp);
    app.update(Action::Fit(measure(&app, area)));
    assert!(!view_at_80x24(&app).contains('⋯'), "↑ scrolls the unfolded list:\n{}", view_at_80x24(&app));
}

/// Every what-if beat's measured lines (the predictions line, the widths, the drift) are inside
/// the frame at 80x24 and 120x40, in both languages: the prose points at them, so the views below
/// give up rows before they do. Under the trained model on the lesson's sentences, on a learner's
/// sentence and on a learner's two-row batch, and on the shipped tiny Marian (its own sentences and
/// a learner's).
#[test]
fn what_if_measured_lines_are_on_screen() {
    what_if_lines_on_screen(WeightSource::Trained, &[None]);
}

#[test]
fn what_if_measured_lines_are_on_screen_on_a_learners_sentences() {
    what_if_lines_on_screen(WeightSource::Trained, &[Some("我有一只狗"), Some("我有一只狗 ; 你好吗")]);
}

#[test]
fn what_if_measured_lines_are_on_screen_on_the_tiny_marian() {
    let tiny = WeightSource::Marian(transformer_tutor::setup::shipped_marian_dir());
    what_if_lines_on_screen(tiny, &[None, Some("我有一只狗"), Some("我有一只狗 ; 你好吗")]);
}

/// Every what-if beat's measured lines on screen under `source`, on each of `runs` (None: the
/// lessons' own sentences).
fn what_if_lines_on_screen(source: WeightSource, runs: &[Option<&str>]) {
    let weights = Arc::new(source.load().unwrap());
    let mut misses = Vec::new();
    for &own in runs {
        let (checked, missed) = what_if_misses(&weights, own);
        assert!(checked >= 16, "{own:?}: what-if beats checked: {checked}");
        misses.extend(missed.into_iter().map(|m| format!("{own:?} {m}")));
    }
    assert!(misses.is_empty(), "measured lines not on screen:\n{}", misses.join("\n\n"));
}

/// The what-if views checked under `weights` (and the learner's `own` sentences), and the
/// measured lines each left off its screen.
fn what_if_misses(weights: &Arc<transformer_tutor::model::Weights>, own: Option<&str>) -> (usize, Vec<String>) {
    use transformer_tutor::app::view_data::Role;
    use transformer_tutor::lang::Lang;
    let catalog = Catalog::built_in(weights).unwrap();
    let (mut checked, mut misses) = (0, Vec::new());
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        if let Some(s) = own {
            app.set_sentences(s, None).expect("the sentence runs");
        }
        for beat in 0..lesson.beats.len() {
            app.go_to_beat(beat);
            if app.what_if_view().is_none() {
                continue;
            }
            for lang in Lang::ALL {
                while app.lang() != lang {
                    app.update(Action::NextLanguage);
                }
                for (w, h) in [(80, 24), (120, 40)] {
                    app.update(Action::Fit(measure(&app, ratatui::layout::Rect::new(0, 0, w, h))));
                    let view = screen_parts(&app, w, h).1;
                    let columns = pane_columns(&view);
                    let said = app.what_if_view().map(|w| w.lines.clone()).unwrap_or_default();
                    for (line, _) in said.iter().filter(|(_, role)| *role == Role::Accent) {
                        let line = collapsed(line);
                        if !columns.iter().any(|c| c.contains(&line)) {
                            misses.push(format!(
                                "{} {} {lang:?} {w}x{h}: `{line}` not in\n{view}",
                                lesson.id,
                                beat + 1
                            ));
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    (checked, misses)
}

/// The text between the `│`s of the screen, column by column, rows joined (so that a line
/// wrapped over rows reads whole).
fn pane_columns(view: &str) -> Vec<String> {
    let mut columns: Vec<String> = Vec::new();
    for row in view.lines() {
        for (k, part) in row.split('│').enumerate() {
            if columns.len() <= k {
                columns.push(String::new());
            }
            columns[k].push(' ');
            columns[k].push_str(part);
        }
    }
    columns.iter().map(|c| collapsed(c)).collect()
}

/// `text` without its whitespace (a wrap may break a line at a space, or between two Chinese
/// characters where the line had none).
fn collapsed(text: &str) -> String {
    text.split_whitespace().collect()
}

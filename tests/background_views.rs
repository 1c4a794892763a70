//! In the terminal tutor a probe view that takes seconds (a head taken out of every run, the
//! held-out alignment, patched runs) is computed on a worker thread: the view says so at once,
//! the keys stay live meanwhile, the view appears when the worker is done, and coming back to
//! it is instant. (Tests and `--print` compute every view where they stand.)

use std::sync::Arc;
use std::time::{Duration, Instant};
use transformer_tutor::app::view_data::ViewData;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::setup::WeightSource;

fn lines(app: &App) -> String {
    match app.view_data() {
        ViewData::Lines(l) => (0..l.lines.len()).map(|i| l.line_text(i)).collect::<Vec<_>>().join("\n"),
        other => panic!("a probe view is lines, not {other:?}"),
    }
}

/// Tick as the terminal loop does, until the view is no longer the computing note.
fn wait_for_view(app: &mut App) -> String {
    let start = Instant::now();
    while lines(app).contains("computing beat") {
        assert!(start.elapsed() < Duration::from_secs(120), "the worker never finished");
        std::thread::sleep(Duration::from_millis(20));
        app.tick();
    }
    lines(app)
}

#[test]
fn a_slow_probe_view_is_computed_on_a_worker_and_the_keys_stay_live() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let probes = Catalog::built_in(&weights).unwrap().get("probes").unwrap().clone();
    // the first patching beat, after a quick one
    let patching = probes.beats.iter().position(|b| b.view.name() == "patching").unwrap();
    let mut app = App::new(probes.clone(), weights.clone()).unwrap();
    // the same view computed where it stands, to compare with
    app.go_to_beat(patching + 1);
    app.go_to_beat(patching);
    let at_once = lines(&app);
    assert!(!at_once.contains("computing beat"), "{at_once}");

    let mut app = App::new(probes, weights).unwrap();
    app.compute_slow_views_in_background();
    app.go_to_beat(patching - 1); // a quick view: nothing to wait for there
    app.go_to_beat(patching);
    let note = lines(&app);
    assert!(note.contains(&format!("computing beat {}’s patching view", patching + 1)), "{note}");
    // a key meanwhile moves on at once, and back again finds the worker still at it or done
    app.update(Action::PrevBeat);
    assert_eq!(app.beat(), patching - 1);
    app.update(Action::NextBeat);
    assert_eq!(wait_for_view(&mut app), at_once, "the worker's view is the one computed at once");
    // computed once: coming back is instant
    app.update(Action::PrevBeat);
    app.update(Action::NextBeat);
    assert_eq!(lines(&app), at_once);
    // one worker at a time: a slow view asked for while another computes waits for it, then comes
    let next = patching + 1;
    assert_eq!(app.lesson().beats[next].view.name(), "patching");
    let mut quick = App::new(app.lesson().clone(), app.setup().weights.clone()).unwrap();
    quick.go_to_beat(next);
    let next_at_once = lines(&quick);
    app.update(Action::NextBeat);
    app.update(Action::PrevBeat); // back to the one already kept, while the next one computes
    assert_eq!(lines(&app), at_once);
    app.update(Action::NextBeat);
    assert_eq!(wait_for_view(&mut app), next_at_once);
}

/// A slow view asked for while the worker computes another waits for it, and is computed next.
#[test]
fn a_second_slow_view_waits_for_the_worker_then_comes() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let probes = Catalog::built_in(&weights).unwrap().get("probes").unwrap().clone();
    let alignment = probes.beats.iter().position(|b| b.view.name() == "alignment").unwrap();
    let ablation = probes.beats.iter().rposition(|b| b.view.name() == "ablation").unwrap();
    let mut at_once = App::new(probes.clone(), weights.clone()).unwrap();
    at_once.go_to_beat(alignment);
    let want = lines(&at_once);
    let mut app = App::new(probes, weights).unwrap();
    app.go_to_beat(alignment + 1); // a quick view
    app.compute_slow_views_in_background();
    app.go_to_beat(ablation); // the worker starts on it
    app.go_to_beat(alignment); // asked for meanwhile: it waits
    assert!(lines(&app).contains("computing beat"), "{}", lines(&app));
    assert_eq!(wait_for_view(&mut app), want);
}

/// The worker's work is called off when the learner moves on before it is done, and when the app
/// goes (quitting never waits for it: the app is gone at once, the work ends at its next part);
/// meanwhile the note says how far it has got, in the screen's language.
#[test]
fn a_worker_is_called_off_when_the_learner_moves_on_or_quits() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let probes = Catalog::built_in(&weights).unwrap().get("probes").unwrap().clone();
    let ablation = probes.beats.iter().position(|b| b.view.name() == "ablation").unwrap();
    let mut app = App::new(probes, weights).unwrap();
    app.go_to_beat(ablation + 3); // a quick view
    app.compute_slow_views_in_background();
    app.go_to_beat(ablation);
    let work = app.background_work().expect("a worker at the ablation view");
    let note = lines(&app);
    assert!(note.contains("% done"), "{note}");
    // another slow view: the first worker is called off (and waited for before the next starts)
    app.update(Action::NextBeat);
    assert!(work.is_cancelled(), "moving on calls the worker off");
    app.update(Action::NextLanguage);
    let note = lines(&app);
    assert!(note.contains("已完成") && note.contains('%'), "{note}");
    // back on the view: computed by a new worker
    app.update(Action::NextLanguage);
    app.update(Action::PrevBeat);
    let want = wait_for_view(&mut app);
    assert!(want.contains("exact match"), "{want}");
    // quitting: the app goes, its worker is called off
    app.go_to_beat(ablation + 2); // the alignment view, computed on a worker
    let work = app.background_work().expect("a worker at the alignment view");
    drop(app);
    assert!(work.is_cancelled());
    let start = Instant::now();
    while !work.is_finished() {
        assert!(start.elapsed() < Duration::from_secs(120), "the worker never ended");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The patching view and the key/value cache view mark their parts (issue 38 §4): each patched
/// translation, each step fed to the cache is a part of the worker's work, so the computing note
/// says how far it has got and moving on calls it off at the next one (`work::part`; its own
/// tests show a cancelled work stops at its next part). Without them the worker entered no part.
#[test]
fn the_patching_and_cache_views_mark_their_parts() {
    for (id, view) in [("probes", "patching"), ("output", "kv-cache")] {
        // weights of their own: the cache view keeps its steps per model
        let weights = Arc::new(WeightSource::Trained.load().unwrap());
        let lesson = Catalog::built_in(&weights).unwrap().get(id).unwrap().clone();
        let beat = lesson.beats.iter().position(|b| b.view.name() == view).unwrap();
        let lesson_op = lesson.beats[beat].op.clone();
        let mut app = App::new(lesson, weights).unwrap();
        app.go_to_beat(beat - 1); // a quick view
        app.compute_slow_views_in_background();
        app.go_to_beat(beat);
        let work = app.background_work().unwrap_or_else(|| panic!("a worker at the {view} view"));
        let view_lines = wait_for_view(&mut app);
        let shape = app.setup().shape();
        // patching: a part per translation (two unpatched, one per source position of each layer
        // up to the beat's); the cache: the translation, the encoder and a part per step fed (at
        // least two)
        let layers = transformer_tutor::probe::patch::layer_outputs(app.setup().weights.config.n_layers);
        let shown = layers.iter().position(|op| *op == lesson_op).map_or(layers.len(), |i| i + 1);
        let least = match view {
            "patching" => 2 + shown * shape.t_src,
            _ => 5,
        };
        let parts = work.parts_entered() as usize;
        assert!(parts >= least, "{id} {view}: {parts} parts entered, {least} expected\n{view_lines}");
    }
}

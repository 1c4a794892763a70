//! Training time as a dial: checkpoints of a training run, remade bit for bit from the seed,
//! kept on disk whole, and a key that shows any beat as the model was at a checkpoint.

mod temp_folder;
use temp_folder::TempFolder;

use std::sync::Arc;
use transformer_tutor::app::view_data::ViewData;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::train::TrainOptions;
use transformer_tutor::train::checkpoints::Checkpoints;

/// A short run (the shipped one is 1000 steps of 64 pairs): 12 steps of 8 pairs, kept at 0, 5, 12.
fn short_options() -> TrainOptions {
    TrainOptions { steps: 12, batch: 8, warmup: 4, ..TrainOptions::default() }
}

const KEPT: [usize; 3] = [0, 5, 12];

fn short_run() -> Checkpoints {
    Checkpoints::make(short_options(), &KEPT, |_, _| {})
}

/// A folder for one test (not yet made), removed when it ends.
fn scratch(name: &str) -> TempFolder {
    TempFolder::named(&format!("dial-{name}"))
}

#[test]
fn checkpoints_remade_from_the_seed_are_bit_identical() {
    let (a, b) = (short_run(), short_run());
    assert_eq!(a.steps, KEPT);
    assert_eq!(a.losses.len(), 12);
    for (x, y) in a.weights.iter().zip(&b.weights) {
        assert!(x == y, "the same seed made other weights");
    }
    assert_eq!(
        a.losses.iter().map(|l| l.to_bits()).collect::<Vec<_>>(),
        b.losses.iter().map(|l| l.to_bits()).collect::<Vec<_>>()
    );
    // and the run moved: step 0 is the seeded initialisation, later steps differ from it
    assert!(a.weights[0] != a.weights[1] && a.weights[1] != a.weights[2]);
    let seeded = transformer_tutor::setup::seeded(transformer_tutor::model::Preset::Tutor, short_options().seed);
    assert!(*a.weights[0] == seeded, "step 0 is the untrained model");
}

#[test]
fn checkpoints_saved_are_read_back_and_other_options_are_not() {
    let dir = scratch("save");
    let made = short_run();
    made.save(&dir).expect("saved");
    let read = Checkpoints::load(&dir, short_options(), &KEPT).expect("read back");
    assert_eq!(read.steps, made.steps);
    assert!(read.weights.iter().zip(&made.weights).all(|(a, b)| a == b));
    assert_eq!(read.losses, made.losses);
    // other options, other kept steps: not these files
    let other = TrainOptions { seed: 2, ..short_options() };
    assert!(Checkpoints::load(&dir, other, &KEPT).is_err());
    assert!(Checkpoints::load(&dir, short_options(), &[0, 5]).is_err());
    // a valid model of other sizes, put where a checkpoint was, is refused: the dial panicked
    // on it (load_or_make then remakes them)
    let seeded = transformer_tutor::setup::seeded(transformer_tutor::model::Preset::Tutor, 1);
    let deeper = transformer_tutor::model::Config { n_layers: 3, ..seeded.config.clone() };
    let other_model = transformer_tutor::model::Weights::init(&deeper, 1).with_vocabs(seeded.vocabs.clone());
    other_model.save_npz(&dir.join("step-0005.npz")).unwrap();
    assert!(Checkpoints::load(&dir, short_options(), &KEPT).is_err());
    // a damaged checkpoint is refused too
    std::fs::write(dir.join("step-0005.npz"), b"not a zip").unwrap();
    assert!(Checkpoints::load(&dir, short_options(), &KEPT).is_err());
    // no temporary files are left beside them
    let names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.len(), 5, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A directory the checkpoints cannot be saved in (a file stands where it would be) is said in
/// the learner's language, the system's reason included.
#[test]
fn a_failed_save_of_the_checkpoints_is_said_in_the_learners_language() {
    use transformer_tutor::lang::{Lang, set_current};
    let dir = scratch("blocked");
    std::fs::write(&dir, b"a file, not a directory").unwrap();
    let made = short_run();
    let en = made.save(&dir).expect_err("a file is in the way");
    assert!(en.starts_with("cannot create ") && en.contains(&dir.display().to_string()), "{en}");
    set_current(Lang::Zh);
    let zh = made.save(&dir).expect_err("a file is in the way");
    set_current(Lang::En);
    assert!(zh.starts_with("无法创建 ") && zh.contains("已经存在"), "{zh}");
    let _ = std::fs::remove_file(&dir);
}

fn decoder_app() -> App {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut app = App::new(catalog.get("decoder").expect("a decoder lesson").clone(), weights).unwrap();
    app.go_to_beat(6); // the second layer's cross-attention
    app
}

#[test]
fn the_dial_shows_the_beat_as_the_checkpoint_computes_it_and_comes_back() {
    let mut app = decoder_app();
    let checkpoints = Arc::new(short_run());
    app.set_checkpoints(checkpoints.clone());
    let (name, trained) = app.focused();
    let (name, trained) = (name.to_string(), trained.clone());
    let text_trained = app.beat_text();

    // - from the trained model: the last checkpoint; again: the one before
    app.update(Action::EarlierTraining);
    app.update(Action::EarlierTraining);
    assert_eq!(app.dial_position(), Some(1));
    let view = app.dial_view().expect("the dial pane's content");
    assert_eq!((view.step, view.last_step), (5, 12));
    assert_eq!(view.loss, Some(checkpoints.losses[4]));
    assert!(view.translations[0].starts_with("我有一只猫 → "), "{:?}", view.translations);

    // the focused tensor is what the checkpoint's weights compute, by an independent run
    let setup = transformer_tutor::setup::Setup {
        weights: checkpoints.weights[1].clone(),
        ..transformer_tutor::setup::Setup::with_weights(
            checkpoints.weights[1].clone(),
            &transformer_tutor::setup::TokenInput::Sentences(app.sentences(true)),
            Some(&transformer_tutor::setup::TokenInput::Sentences(app.sentences(false))),
        )
        .unwrap()
    };
    let mut run = setup.run();
    run.run_all();
    let expected = run.value(run.program().index_of(&name).unwrap()).unwrap();
    let (shown_name, shown) = app.focused();
    assert_eq!(shown_name, name);
    assert_eq!(shown, expected, "the view shows the checkpoint's numbers");
    assert_ne!(shown, &trained, "and not the trained model's");
    // the prose's facts are read from the checkpoint's run too
    assert_ne!(app.beat_text(), text_trained);
    // and the whole tensor pane is what a session opened on the checkpoint's weights draws
    let mut fresh = App::new(app.lesson().clone(), checkpoints.weights[1].clone()).unwrap();
    fresh.go_to_beat(6);
    same_selection(&mut fresh, &app);
    assert_eq!(tensor_pane(&app), tensor_pane(&fresh));

    // + twice: past the last checkpoint, the trained model again, exactly
    app.update(Action::LaterTraining);
    app.update(Action::LaterTraining);
    assert_eq!(app.dial_position(), None);
    assert!(app.dial_view().is_none());
    assert_eq!(app.focused().1, &trained);
    assert_eq!(app.beat_text(), text_trained);
}

#[test]
fn the_dial_stays_when_the_lesson_changes_and_stops_at_step_0() {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut app = App::with_lessons(
        Arc::new(catalog.lessons),
        0,
        0,
        weights,
        transformer_tutor::progress::Progress::new(),
        transformer_tutor::app::Screen::Lesson,
    )
    .unwrap();
    app.set_checkpoints(Arc::new(short_run()));
    for _ in 0..5 {
        app.update(Action::EarlierTraining);
    }
    assert_eq!(app.dial_position(), Some(0), "- stops at step 0");
    app.open_lesson(5, 0);
    assert_eq!(app.dial_position(), Some(0), "another lesson, the same training time");
    assert_eq!(app.dial_view().unwrap().step, 0);
}

#[test]
fn without_checkpoints_the_key_says_so() {
    let mut app = decoder_app();
    app.update(Action::EarlierTraining);
    assert_eq!(app.dial_position(), None);
    assert!(!app.status().is_empty());
}

/// The right half of a 120x40 frame (the tensor pane and the shape trace), as text.
fn tensor_pane(app: &App) -> String {
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    transformer_tutor::ui::draw_app(app, transformer_tutor::ui::theme::Theme::plain(), area, &mut buf);
    let text = transformer_tutor::ui::frame::buffer_text(&buf);
    let pane = text.lines().take(30).map(|l| l.chars().skip(48).collect::<String>()).collect::<Vec<_>>().join("\n");
    // the dial's view says whose numbers they are: the only difference allowed (with the
    // padding it moves)
    let pane = match app.dial_step() {
        Some(step) => pane.replace(&format!("{} · ", transformer_tutor::strings::at_dial_step(step)), ""),
        None => pane,
    };
    pane.replace(' ', "")
}

#[test]
fn keys_pressed_while_the_checkpoints_are_made_are_applied_when_they_are_ready() {
    use std::sync::Mutex;
    use transformer_tutor::app::dial::Making;
    let mut app = decoder_app();
    let making = Arc::new(Mutex::new(Making::default()));
    app.use_checkpoints_being_made(making.clone());
    app.update(Action::EarlierTraining);
    app.update(Action::EarlierTraining);
    making.lock().unwrap().done = 3;
    making.lock().unwrap().total = 12;
    app.tick();
    assert!(app.status().contains("3/12"), "{}", app.status());
    assert_eq!(app.dial_position(), None, "nothing moves before they are ready");
    let checkpoints = Arc::new(short_run());
    making.lock().unwrap().result = Some((checkpoints.clone(), None));
    app.tick();
    assert_eq!(app.dial_position(), Some(1), "two presses: the last checkpoint, then the one before");
    let mut fresh = App::new(app.lesson().clone(), checkpoints.weights[1].clone()).unwrap();
    fresh.go_to_beat(6);
    same_selection(&mut fresh, &app);
    assert_eq!(tensor_pane(&app), tensor_pane(&fresh), "the view shows the checkpoint's numbers at once");
}

/// `fresh` on the head `app` shows: the beat's best-aligned head is the trained model's, kept
/// when the dial turns, while a session opened on a checkpoint's weights picks that model's.
fn same_selection(fresh: &mut App, app: &App) {
    for _ in 0..8 {
        if fresh.selection() == app.selection() {
            return;
        }
        fresh.update(Action::NextHead);
    }
    assert_eq!(fresh.selection(), app.selection());
}

#[test]
fn at_step_shows_a_kept_step_and_refuses_another() {
    let mut app = decoder_app();
    app.set_checkpoints(Arc::new(short_run()));
    app.dial_to_step(5).expect("step 5 is kept");
    assert_eq!(app.dial_position(), Some(1));
    let err = app.dial_to_step(7).expect_err("step 7 is not kept");
    assert!(err.contains("0, 5 or 12"), "{err}");
    let printed = transformer_tutor::cli::print::lesson_text(&mut app);
    assert!(printed.lines().take(6).any(|l| l.starts_with("Training time: step 5 of 12")), "{}", &printed[..300]);
}

#[test]
fn at_step_on_the_command_line_names_the_kept_steps_before_making_anything() {
    let dir = scratch("cli");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .args(["--lesson", "decoder", "--print", "--at-step", "7"])
        .env("TRANSFORMER_TUTOR_DATA_DIR", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--at-step 7") && err.contains("0, 10, 25, 50, 100, 200, 500 or 1000"), "{err}");
    assert!(!dir.join("checkpoints").exists(), "nothing was made");
}

#[test]
fn the_dial_pane_follows_the_sentences_and_own_sentences_are_translated_by_the_own_model() {
    let mut app = decoder_app();
    app.set_checkpoints(Arc::new(short_run()));
    app.update(Action::EarlierTraining); // step 12 of the short run: not the trained model
    let trained_target = {
        let mut plain = decoder_app();
        plain.set_sentences("我有一只狗", None).unwrap();
        plain.sentences(false)
    };
    app.set_sentences("我有一只狗", None).unwrap();
    assert_eq!(app.sentences(false), trained_target, "the target is the trained model's translation");
    let view = app.dial_view().expect("still on the checkpoint");
    assert_eq!(view.translations.len(), 1);
    assert!(view.translations[0].starts_with("我有一只狗 → "), "{:?}", view.translations);
}

/// The `trained` what-if: with a checkpoint on the dial, the session's trained model (where the
/// run ends) runs beside it (its numbers are the trained model's, and the line says which step
/// it stands beside); with no checkpoint on the dial, with the last checkpoint (the trained model
/// itself), or with a session model that is not where the run ends, it says why there is
/// nothing to compare.
#[test]
fn the_trained_what_if_puts_the_trained_model_beside_the_checkpoint_on_the_dial() {
    use transformer_tutor::explore::Variant;
    let checkpoints = Arc::new(short_run());
    let text = |app: &App| app.what_if_view().unwrap().lines.iter().map(|l| l.0.clone()).collect::<Vec<_>>().join("\n");
    // the shipped model beside a short run's checkpoints: not where that run ends
    let mut app = decoder_app();
    app.set_checkpoints(checkpoints.clone());
    app.pin_what_if(Some(Variant::Trained));
    app.update(Action::EarlierTraining);
    assert!(text(&app).contains("not where the shipped training run ends"), "{}", text(&app));

    // a session on the weights the short run ends with
    let weights = checkpoints.weights.last().unwrap().clone();
    let catalog = Catalog::built_in(&weights).unwrap();
    let mut app = App::new(catalog.get("decoder").unwrap().clone(), weights).unwrap();
    app.go_to_beat(6);
    let (name, trained) = app.focused();
    let (name, trained) = (name.to_string(), trained.clone());
    app.pin_what_if(Some(Variant::Trained));
    assert!(text(&app).contains("no checkpoint is on the training dial"), "{}", text(&app));
    app.set_checkpoints(checkpoints.clone());
    app.update(Action::EarlierTraining);
    assert_eq!(app.dial_step(), Some(12));
    assert!(text(&app).contains("step 12 is the end of training"), "{}", text(&app));
    app.update(Action::EarlierTraining);
    assert_eq!(app.dial_step(), Some(5));
    assert_ne!(app.focused().1, &trained, "the main view shows step 5");
    let beside = app.what_if().unwrap().run.as_ref().unwrap().get(&name).unwrap().clone();
    assert_eq!(beside, trained, "the what-if's numbers are the trained model's");
    let shown = text(&app);
    assert!(shown.contains("beside the model after 5 steps"), "{shown}");
    assert!(shown.contains("entropy"), "the attention is measured on both sides: {shown}");
    // each side of the softmax view says whose it is
    let pane = tensor_pane(&app);
    let ViewData::Softmax(d) = app.view_data().clone() else { panic!("a softmax view") };
    assert!(d.label.starts_with("at step 5 · "), "{}", d.label);
    assert_eq!(d.what_if.as_ref().map(|w| w.0.as_str()), Some("what if: the trained model"));
    assert!(pane.contains("whatif:thetrainedmodel"), "{pane}");

    // back to the trained model: the what-if says so again
    app.update(Action::LaterTraining);
    app.update(Action::LaterTraining);
    app.update(Action::LaterTraining);
    assert_eq!(app.dial_step(), None);
    assert!(text(&app).contains("no checkpoint is on the training dial"), "{}", text(&app));
}

/// The `untrained` what-if with the dial at step 0: the model on screen is the untrained one, so
/// the what-if says both sides are the same instead of measuring a model against itself.
#[test]
fn the_untrained_what_if_at_step_0_says_both_sides_are_one_model() {
    use transformer_tutor::explore::Variant;
    let text = |app: &App| app.what_if_view().unwrap().lines.iter().map(|l| l.0.clone()).collect::<Vec<_>>().join("\n");
    let mut app = decoder_app();
    app.set_checkpoints(Arc::new(short_run()));
    app.pin_what_if(Some(Variant::Untrained));
    assert!(text(&app).contains("entropy"), "measured beside the trained model: {}", text(&app));
    while app.dial_step() != Some(0) {
        app.update(Action::EarlierTraining);
    }
    assert!(text(&app).contains("the training dial is at step 0"), "{}", text(&app));
    app.update(Action::LaterTraining);
    assert!(!text(&app).contains("the training dial is at step 0"), "{}", text(&app));
}

/// Turning the dial keeps what the learner chose in the tensor: the head, the row, the batch row
/// and the cell cursor's column (the checkpoints' model has the same shape).
#[test]
fn the_dial_keeps_the_head_row_batch_and_cell_the_learner_chose() {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut app = App::new(catalog.get("attention").expect("an attention lesson").clone(), weights).unwrap();
    app.go_to_beat(20); // beat 21: layer 1's head 2
    app.set_checkpoints(Arc::new(short_run()));
    assert_eq!(app.selection().head, 2);
    app.update(Action::NextHead);
    app.update(Action::NextBatch);
    app.update(Action::ToggleCell);
    app.update(Action::RowDown);
    app.update(Action::CellRight);
    let (chosen, col, op) = (app.selection(), app.cell_col(), app.focused().0.to_string());
    assert_eq!(chosen.head, 3);
    assert!(col.is_some());
    for turn in [Action::EarlierTraining, Action::EarlierTraining, Action::LaterTraining, Action::LaterTraining] {
        app.update(turn);
        assert_eq!(app.selection(), chosen, "after {turn:?}");
        assert_eq!(app.cell_col(), col, "after {turn:?}");
        assert_eq!(app.focused().0, op, "after {turn:?}");
    }
    assert_eq!(app.dial_position(), None);
}

//! The exploring screens a learner sees: each what-if switch's frame beside the taught model,
//! and a cell's derivation, as 120x40 and 80x24 terminals show them. Read every snapshot.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use transformer_tutor::app::keymap::Mode;
use transformer_tutor::app::{Action, App};
use transformer_tutor::explore::Variant;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::setup::WeightSource;
use transformer_tutor::ui::{self, theme::Theme};

fn app_at(lesson: &str, op: &str) -> App {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let lesson = catalog.get(lesson).unwrap().clone();
    let beat = lesson.beats.iter().position(|b| b.op == op).unwrap_or_else(|| panic!("no beat on {op}"));
    let mut app = App::new(lesson, weights).unwrap();
    app.go_to_beat(beat);
    app
}

fn frame(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ui::draw(f, app, Theme::plain())).unwrap();
    terminal.backend().to_string()
}

#[test]
fn each_switch_shows_its_frame_beside_the_taught_model() {
    let cases = [
        (Variant::NoScale, "attention", "enc.0.self_attn.weights"),
        (Variant::NoCausalMask, "decoder", "dec.0.self_attn.weights"),
        (Variant::MinusInfinity, "masks", "enc.0.self_attn.masked"),
        (Variant::MaskOff, "decoder", "dec.0.self_attn.weights"),
        (Variant::MultipliedMask, "decoder", "dec.0.self_attn.weights"),
        (Variant::PreLn, "add-norm", "enc.0.norm1.out"),
        (Variant::NoNorm, "encoder", "enc.out"),
        (Variant::NoResidual, "add-norm", "enc.0.norm1.out"),
    ];
    for (v, lesson, op) in cases {
        let mut app = app_at(lesson, op);
        app.set_what_if(Some(v));
        let screen = frame(&app, 120, 40);
        assert!(screen.contains("what if:"), "{}: {screen}", v.name());
        assert!(screen.contains("forked at op"), "{}: the fork point is named", v.name());
        if v == Variant::NoCausalMask {
            // the side-by-side grids label the keys that fit whole, each over its own cell (here
            // <bos> over key 0, a and cat over keys 3 and 4): a line spells them all out
            assert!(screen.contains("        <bos> a cat      sum"), "{screen}");
            assert!(screen.contains("keys across, in order: <bos> I have a cat <eos> <pad>"), "{screen}");
        }
        assert_snapshot!(format!("what_if_{}_120x40", v.name()), screen);
    }
    let mut app = app_at("decoder", "dec.0.self_attn.weights");
    app.set_what_if(Some(Variant::NoCausalMask));
    assert_snapshot!("what_if_no-causal_80x24", frame(&app, 80, 24));
}

#[test]
fn v_cycles_the_switches_and_back_to_the_model_as_taught() {
    let mut app = app_at("attention", "enc.0.self_attn.weights");
    let mut seen = Vec::new();
    for _ in 0..Variant::SWITCHES.len() {
        app.update(Action::NextWhatIf);
        seen.push(app.what_if().as_ref().expect("a switch is on").variant);
    }
    assert_eq!(seen, Variant::SWITCHES.to_vec());
    app.update(Action::NextWhatIf);
    assert!(app.what_if().is_none(), "after the last switch: the model as taught");
    app.update(Action::PrevWhatIf);
    assert_eq!(app.what_if().as_ref().unwrap().variant, Variant::Trained);
    // the switch stays on from beat to beat (to one without its own what-if)
    let plain = (app.beat() + 1..app.beat_count()).find(|&b| app.lesson().beats[b].what_if.is_none()).unwrap();
    app.go_to_beat(plain);
    assert_eq!(app.what_if().as_ref().map(|w| w.variant), Some(Variant::Trained));
}

#[test]
fn c_opens_the_derivation_of_the_number_under_the_cell_cursor() {
    let mut app = app_at("decoder", "dec.1.cross_attn.weights");
    app.update(Action::ToggleCell);
    assert_eq!(app.key_mode(), Mode::Cell);
    while app.selection().head != 0 {
        app.update(Action::PrevHead);
    }
    while app.row() > 3 {
        app.update(Action::RowUp);
    }
    while app.row() < 3 {
        app.update(Action::RowDown); // to `a`, about to write `cat`
    }
    app.update(Action::CellRight);
    app.update(Action::CellRight);
    assert_eq!(app.cell_index(), Some(vec![0, 0, 3, 2]));
    let d = app.cell_derivation().unwrap();
    let engine = app.run().get("dec.1.cross_attn.weights").unwrap()[[0, 0, 3, 2]];
    assert!((d.value - engine as f64).abs() <= 1e-6, "{} vs {engine}", d.value);
    let screen = frame(&app, 120, 40);
    assert!(screen.contains("where does this number come from?"), "{screen}");
    assert_snapshot!("cell_softmax_120x40", screen);
    assert_snapshot!("cell_softmax_80x24", frame(&app, 80, 24));
    app.update(Action::ToggleCell);
    assert_eq!(app.key_mode(), Mode::Lesson);

    // a Linear output: its row of inputs times the weight row, plus the bias
    let mut app = app_at("attention", "enc.0.self_attn.q_proj");
    app.update(Action::ToggleCell);
    for _ in 0..9 {
        app.update(Action::CellRight); // column 9: the second window of eight columns
    }
    assert_snapshot!("cell_linear_120x40", frame(&app, 120, 40));
}

/// On the backward pass, `c` opens the chain rule of the gradient under the cursor: LayerNorm's
/// gradient from ∂L/∂hat, x̂ and σ, in the power of ten the gradient view prints.
#[test]
fn c_on_a_gradient_opens_its_chain_rule() {
    let mut app = app_at("learning", "dec.0.norm3.sum");
    assert!(app.shows_gradient());
    app.update(Action::ToggleCell);
    assert_eq!(app.key_mode(), Mode::Cell);
    app.update(Action::CellRight);
    let d = app.cell_derivation().unwrap();
    let at = app.cell_index().unwrap();
    let engine = app.full().gradients().unwrap().tensor("dec.0.norm3.sum").unwrap()[ndarray::IxDyn(&at)];
    assert!((d.value - engine as f64).abs() <= 1e-5 * (engine.abs() as f64), "{} vs {engine}", d.value);
    let screen = frame(&app, 120, 40);
    assert!(screen.contains("∂L/∂dec.0.norm3.sum"), "{screen}");
    assert_snapshot!("cell_gradient_layernorm_120x40", screen);
}

#[test]
fn every_variant_and_the_cell_cursor_show_on_every_beat_of_every_lesson_without_a_panic() {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    for lesson in &catalog.lessons {
        let mut app = App::new(lesson.clone(), weights.clone()).unwrap();
        for beat in 0..lesson.beats.len() {
            app.go_to_beat(beat);
            for (_, v) in Variant::ALL {
                app.set_what_if(Some(v));
                frame(&app, 120, 40);
                frame(&app, 80, 24);
            }
            app.set_what_if(None);
            app.update(Action::ToggleCell);
            if app.cell_col().is_some() {
                for _ in 0..3 {
                    app.update(Action::CellRight);
                    app.update(Action::RowDown);
                }
                assert!(app.cell_derivation().is_some(), "{} beat {beat}", lesson.id);
                frame(&app, 120, 40);
                frame(&app, 80, 24);
                app.update(Action::ToggleCell);
            }
        }
    }
}

#[test]
fn t_samples_the_decode_view_at_a_temperature_with_a_seed() {
    use transformer_tutor::model::decode::{Choice, decode_steps, tempered};
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = Catalog::built_in(&weights).unwrap();
    let lesson = catalog.get("output").unwrap().clone();
    let beat = lesson.beats.iter().position(|b| b.view.name() == "decode").unwrap();
    let mut app = App::new(lesson, weights.clone()).unwrap();
    app.go_to_beat(beat);
    for _ in 0..4 {
        app.update(Action::Temperature); // greedy → 0.5 → 1 → 2 → 5
    }
    assert_eq!(app.decoding(), Choice::Sample { tenths: 50, seed: 0 });
    let screen = frame(&app, 120, 40);
    assert!(screen.contains("sampled at T = 5, seed 0"), "{screen}");
    assert_snapshot!("decode_sampled_t5_120x40", screen);
    app.update(Action::Temperature);
    assert_eq!(app.decoding(), Choice::Greedy, "and back to greedy");

    // the same seed draws the same words; the tempered distribution is softmax(logits / T)
    let src = app.setup().src_ids.row(0).to_owned().insert_axis(ndarray::Axis(0));
    let choice = Choice::Sample { tenths: 50, seed: 7 };
    let a: Vec<usize> = decode_steps(&weights, &src, choice).iter().map(|s| s.chosen).collect();
    let b: Vec<usize> = decode_steps(&weights, &src, choice).iter().map(|s| s.chosen).collect();
    assert_eq!(a, b);
    let p = tempered(&[0.0, (2.0f32).ln()], 1.0);
    assert!((p[0] - 1.0 / 3.0).abs() < 1e-6 && (p[1] - 2.0 / 3.0).abs() < 1e-6, "{p:?}");
    let flat = tempered(&[0.0, 10.0], 1000.0);
    assert!((flat[0] - flat[1]).abs() < 0.02, "a high temperature flattens: {flat:?}");
    // at T → low, sampling is greedy
    let cold: Vec<usize> =
        decode_steps(&weights, &src, Choice::Sample { tenths: 1, seed: 3 }).iter().map(|s| s.chosen).collect();
    let greedy: Vec<usize> = decode_steps(&weights, &src, Choice::Greedy).iter().map(|s| s.chosen).collect();
    assert_eq!(cold, greedy);
}

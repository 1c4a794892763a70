//! Finite weights can still overflow float32 in a forward pass (every weight of one Linear set to
//! 3e38 passes the loader's check). Where the numbers are shown, the first operation that
//! produced a NaN or an infinity is named: `translate` refuses with it (exit 1, not an empty
//! line), the tensor pane and `--print` say it above the numbers from that operation on, and
//! `export` warns.

mod hostile_common;

use hostile_common::*;
use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::Weights;
use transformer_tutor::model::arch::Variant;
use transformer_tutor::setup::{Setup, TokenInput, WeightSource};

/// The trained weights with the first encoder layer's FFN weight at 3e38 throughout: finite,
/// but x̂ · Wᵀ overflows for any token.
fn overflowing() -> Weights {
    let mut w = WeightSource::Trained.load().unwrap();
    w.encoder[0].ffn.linear1.weight.fill(3e38);
    w
}

const FIRST: &str = "the forward pass produced NaN/Inf first at op `enc.0.ffn.pre`";

#[test]
fn translate_names_the_first_op_instead_of_printing_an_empty_line() {
    let path = temp("overflow.npz");
    overflowing().save_npz(&path).unwrap();
    let p = path.to_str().unwrap();
    let o = run(&["--weights", p, "translate", "我有一只猫"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "no translation: {:?}", stdout(&o));
    assert!(stderr(&o).contains(FIRST), "{}", stderr(&o));
    refused(&["--weights", p, "translate", "我有一只猫", "--temperature", "2"], &[FIRST]);
    // export writes the numbers as they are (NaN is data to numpy), and says where they began
    let out = temp("overflow-trace.npz");
    let o = run(&["--weights", p, "export", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains(&format!("warning: {FIRST}")), "{}", stderr(&o));
}

#[test]
fn print_says_it_above_the_numbers_from_that_op_on() {
    let path = temp("overflow-print.npz");
    overflowing().save_npz(&path).unwrap();
    let o = run(&["--weights", path.to_str().unwrap(), "--lesson", "add-norm", "--print"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // each beat's op, placed in the program's order
    let program = transformer_tutor::model::build::transformer(
        &WeightSource::Trained.load().unwrap().config,
        transformer_tutor::model::RunShape { batch: 1, t_src: 1, t_tgt: 1 },
    );
    let first = program.index_of("enc.0.ffn.pre").unwrap();
    let mut seen = (0, 0);
    for beat in out.split("── beat ").skip(1) {
        let op = beat.split(" · ").nth(1).and_then(|s| s.split(' ').next()).unwrap();
        let after = program.index_of(op).unwrap() >= first;
        assert_eq!(beat.contains(FIRST), after, "{op}: {beat}");
        if after { seen.1 += 1 } else { seen.0 += 1 }
    }
    assert!(seen.0 > 0 && seen.1 > 0, "beats before and after the overflow: {seen:?}");
    // the built-in weights never overflow
    let o = run(&["--lesson", "add-norm", "--print"]);
    assert!(!stdout(&o).contains("NaN/Inf"));
}

#[test]
fn the_tensor_pane_says_it_above_the_numbers() {
    use ratatui::{Terminal, backend::TestBackend};
    let weights = Arc::new(overflowing());
    let lesson = Catalog::built_in(&weights).unwrap().get("add-norm").unwrap().clone();
    let mut app = App::new(lesson, weights).unwrap();
    let mut seen = (false, false);
    for beat in 0..app.beat_count() {
        app.go_to_beat(beat);
        let overflowed = app.run().first_non_finite().is_some_and(|i| i <= app.op());
        for (w, h) in [(120, 40), (80, 24)] {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal
                .draw(|f| transformer_tutor::ui::draw(f, &app, transformer_tutor::ui::theme::Theme::plain()))
                .unwrap();
            let screen: String = terminal.backend().to_string().replace(['"', '│'], " ");
            let joined = screen.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(joined.contains(FIRST), overflowed, "beat {beat} at {w}x{h}:\n{screen}");
        }
        if overflowed { seen.1 = true } else { seen.0 = true }
    }
    assert_eq!(seen, (true, true), "beats before and after the overflow");
}

/// Scores of an overflowing model are not scores: `train --eval` and `probe` refuse with the first
/// op; training from it stops at the first NaN loss and writes nothing, `--out` left as it was.
#[test]
fn eval_probe_and_train_refuse_a_model_that_overflows() {
    let path = temp("overflow-eval.npz");
    overflowing().save_npz(&path).unwrap();
    let p = path.to_str().unwrap();
    refused(&["train", "--eval", p], &["cannot be scored", FIRST]);
    refused(&["--weights", p, "probe", "align"], &["cannot be scored", FIRST]);
    refused(&["--weights", p, "probe", "heads"], &["cannot be scored", FIRST]);
    let out = temp("overflow-out.npz");
    std::fs::write(&out, b"precious").unwrap();
    let o = run(&["train", "--weights", p, "--steps", "3", "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("training diverged") && stderr(&o).contains("nothing was written"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), b"precious");
}

/// The tutor computes what PyTorch computes, NaN included. ReLU keeps a NaN as `torch.relu` does
/// (Rust's `f32::max(NaN, 0.0)` is 0, which would hide where the NaN came from), and its
/// backward zeroes the gradient only where the input is ≤ 0, as torch's does, so a NaN input
/// passes it. On the `minus-inf` what-if, whose `<pad>` row −inf hid entirely, every NaN of
/// `ffn.pre` is a NaN of `ffn.hidden`; tests/code_export.rs runs that what-if's numpy script,
/// whose ReLU is `np.maximum(pre, 0.0)`, against the same numbers.
#[test]
fn relu_keeps_nan_as_torch_relu_does() {
    use ndarray::{ArrayD, IxDyn};
    use transformer_tutor::model::kernels;
    let x = ArrayD::from_shape_vec(IxDyn(&[5]), vec![f32::NAN, -2.0, -0.0, 0.0, 3.0]).unwrap();
    let y = kernels::relu(&x);
    assert!(y[0].is_nan(), "torch.relu(nan) is nan: {y:?}");
    assert_eq!(y.iter().skip(1).copied().collect::<Vec<f32>>(), [0.0, 0.0, 0.0, 3.0]);
    let d = kernels::relu_backward(&x, &ArrayD::from_elem(IxDyn(&[5]), 1.0));
    assert_eq!(d.iter().copied().collect::<Vec<f32>>(), [1.0, 0.0, 0.0, 0.0, 1.0], "torch's threshold_backward");

    let src = TokenInput::Sentences("我有一只猫 ; 你好".into());
    let setup = Setup::new(&WeightSource::Trained, &src, None).unwrap();
    let mut taught = setup.run();
    taught.run_all();
    let what_if = transformer_tutor::explore::run_variant(&taught, setup.shape(), Variant::MinusInfinity);
    let run = what_if.run.unwrap();
    let (pre, hidden) = (run.get("enc.0.ffn.pre").unwrap(), run.get("enc.0.ffn.hidden").unwrap());
    let nan = |a: &ArrayD<f32>| a.iter().map(|v| v.is_nan()).collect::<Vec<bool>>();
    assert!(nan(pre).contains(&true), "the minus-inf what-if's <pad> row reaches the FFN as NaN");
    assert_eq!(nan(hidden), nan(pre), "ReLU keeps every NaN, and makes none");
}

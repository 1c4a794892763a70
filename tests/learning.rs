//! The lesson on learning shows the engine's own backward pass: each gradient beat's numbers are
//! the engine's gradient of that operation; the loss view's mean, recomputed in f64 from the
//! logits, is the loss operation's value; a finite difference agrees with the backward pass for
//! every kind of weight; the Adam step on screen is Adam's formula and the trainer's own step; `.` and `,` walk the backward
//! pass. (The engine's gradients themselves are checked against PyTorch autograd by
//! tests/torch_grads.py.)

use std::sync::Arc;
use transformer_tutor::app::view_data::ViewData;
use transformer_tutor::app::{Action, App};
use transformer_tutor::lesson::{Catalog, Lesson, ViewKind};
use transformer_tutor::model::learning;
use transformer_tutor::model::one_step;
use transformer_tutor::model::{Run, Weights};
use transformer_tutor::setup::WeightSource;

fn weights() -> Arc<Weights> {
    Arc::new(WeightSource::Trained.load().expect("the built-in weights load"))
}

fn lesson(weights: &Arc<Weights>) -> Lesson {
    Catalog::built_in(weights).expect("built-in lessons load").get("learning").expect("the learning lesson").clone()
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1e-12)
}

#[test]
fn each_gradient_beat_shows_the_engines_gradient_of_its_operation() {
    let weights = weights();
    let lesson = lesson(&weights);
    let mut app = App::new(lesson.clone(), weights).expect("the lesson runs");
    let mut checked = 0;
    for (i, beat) in lesson.beats.iter().enumerate().filter(|(_, b)| b.gradient) {
        app.go_to_beat(i);
        assert!(app.shows_gradient(), "beat {i} shows a gradient");
        let engine = app.full().gradients().expect("a training run").tensor(&beat.op).expect("a gradient").clone();
        let ViewData::Heatmap(d) = app.view_data().clone() else { panic!("beat {i}: a heatmap") };
        // the view prints the gradient in one power of ten: find it from the largest value (of
        // qk, the scores' it is scaled into, so the two compare cell by cell)
        let grads = app.full().gradients().expect("a training run");
        let source = beat.op.strip_suffix(".qk").map(|attention| format!("{attention}.scores"));
        let shown = source.as_deref().map_or(&engine, |s| grads.tensor(s).expect("the scores' gradient"));
        let max = shown.iter().fold(0f32, |m, &x| m.max(x.abs())) as f64;
        let scale = 10f64.powi(max.log10().floor() as i32);
        // (batch 0, head 0) or batch 0 of the engine's tensor, the slice on screen
        let slice: Vec<f32> = match engine.ndim() {
            4 => engine.slice(ndarray::s![0, 0, .., ..]).iter().copied().collect(),
            _ => engine.slice(ndarray::s![0, .., ..]).iter().copied().collect(),
        };
        let cols = d.values.ncols();
        let full_cols = *engine.shape().last().unwrap();
        for (r, row) in d.values.rows().into_iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let expected = slice[r * full_cols + c] as f64 / scale;
                assert!(close(v as f64, expected, 1e-5), "beat {i} ({}) cell {r},{c}: {v} vs {expected}", beat.op);
            }
        }
        assert!(cols > 0);
        checked += 1;
    }
    assert!(checked >= 4, "the lesson has gradient beats");
}

#[test]
fn the_loss_views_mean_recomputed_from_the_logits_is_the_loss_operations_value() {
    let weights = weights();
    let app = App::new(lesson(&weights), weights).expect("the lesson runs");
    let full = app.full();
    let mut total = 0.0;
    for b in 0..2 {
        total += learning::loss_rows(full, b).iter().filter(|r| !r.ignored()).map(|r| r.nll).sum::<f64>();
    }
    let mean = total / learning::label_count(full) as f64;
    let engine = full.get("loss").expect("the loss").iter().next().copied().unwrap() as f64;
    assert!(close(mean, engine, 1e-5), "{mean} vs {engine}");
    // the last position's label is <pad>, and so are padding's: they are not counted
    assert_eq!(learning::label_count(full), 5 + 7);
}

/// On a Marian, `<pad>` is its own last piece and id 0 is `</s>`: the loss view ignores the
/// positions whose label is the model's `<pad>`, and counts those whose label is `</s>` (a view
/// that took id 0 for `<pad>` would drop every sentence's last real label and keep the padding's).
/// The mean over the counted rows, recomputed from the logits, is the loss operation's value.
#[test]
fn on_the_tiny_marian_the_loss_view_ignores_its_own_pad_not_id_0() {
    use transformer_tutor::setup::{Setup, TokenInput, shipped_marian_dir};
    let weights = Arc::new(WeightSource::Marian(shipped_marian_dir()).load().unwrap());
    let (pad, eos) = (weights.config.pad_idx, weights.config.conventions.eos_id);
    assert_ne!(pad, 0, "the tiny Marian's <pad> is not id 0");
    assert_eq!(eos, 0, "its </s> is id 0");
    let src = TokenInput::Sentences("我有一只猫 ; 你有猫吗".into());
    let setup = Setup::with_weights(weights, &src, None).unwrap().for_training(true);
    let labels = setup.labels();
    let mut full = setup.run();
    full.run_all();
    let mut total = 0.0;
    for b in 0..labels.nrows() {
        for (t, row) in learning::loss_rows(&full, b).iter().enumerate() {
            assert_eq!(row.ignored(), labels[[b, t]] == pad, "batch row {b}, position {t}: label {}", labels[[b, t]]);
            if !row.ignored() {
                total += row.nll;
            }
        }
        assert!(labels.row(b).iter().any(|&l| l == eos), "batch row {b} ends with </s>, a counted label");
    }
    let counted = labels.iter().filter(|&&l| l != pad).count();
    assert_eq!(learning::label_count(&full), counted);
    let engine = full.get("loss").expect("the loss").iter().next().copied().unwrap() as f64;
    assert!(close(total / counted as f64, engine, 1e-5), "{} vs {engine}", total / counted as f64);
}

/// A finite difference of the loss agrees with the backward pass to 1e-3 for every parameter of
/// the model: embeddings, every attention projection, feed-forward matrices and biases,
/// LayerNorm's γ and β, the output Linear. (W_k's bias gets no gradient: softmax does not change
/// when every score of a row moves by the same amount. Its backward value is float32 rounding,
/// about 1e-8, and is left out.)
#[test]
fn a_finite_difference_agrees_with_the_backward_pass_for_every_weight_kind() {
    let weights = weights();
    let app = App::new(lesson(&weights), weights).expect("the lesson runs");
    let full: &Run = app.full();
    let grads = full.gradients().expect("a training run");
    let mut params = Vec::new();
    grads.params.visit(|name, _| params.push(name.to_string()));
    let mut checked = 0;
    for param in &params {
        let index = one_step::largest_gradient(&grads.params, param).expect(param);
        let backward = one_step::weight_value(&grads.params, param, index).unwrap() as f64;
        if backward.abs() < 1e-6 {
            assert!(param.ends_with("w_k.bias"), "{param}: a gradient of {backward}");
            continue;
        }
        let (_, _, estimate) = one_step::finite_difference(full, param, index, one_step::NUDGE);
        assert!(
            close(backward, estimate, 1e-3),
            "{param}[{index}]: backward {backward} vs finite difference {estimate}"
        );
        checked += 1;
    }
    assert_eq!(checked, params.len() - 6, "all but the six W_k biases");
}

/// The f64 reference forward (a second code path) gives the engine's logits and loss.
#[test]
fn the_reference_forward_gives_the_engines_logits() {
    let weights = weights();
    let app = App::new(lesson(&weights), weights.clone()).expect("the lesson runs");
    let full: &Run = app.full();
    let inputs = full.inputs();
    let (src, tgt, labels) =
        (inputs.src_ids.as_ref().unwrap(), inputs.tgt_ids.as_ref().unwrap(), inputs.labels.as_ref().unwrap());
    let params = transformer_tutor::model::reference::Params::of(&weights);
    let forward = transformer_tutor::model::reference::forward(&params, src, tgt, &Default::default());
    let engine = full.get("logits").unwrap();
    for (a, b) in engine.iter().zip(forward.logits.iter()) {
        assert!((*a as f64 - b).abs() <= 1e-4 * (1.0 + b.abs()), "{a} vs {b}");
    }
    let loss = transformer_tutor::model::reference::loss(&forward.logits, labels);
    let engine_loss = learning::loss(full).unwrap() as f64;
    assert!(close(loss, engine_loss, 1e-5), "{loss} vs {engine_loss}");
}

/// The step on screen is Adam's formula, recomputed here in f64 from the gradient and the clip.
#[test]
fn the_adam_step_on_screen_is_adams_first_step() {
    let weights = weights();
    let app = App::new(lesson(&weights), weights).expect("the lesson runs");
    let s = one_step::for_op(app.full(), "logits").expect("logits has weights");
    let g = s.grad as f64 * s.clip as f64;
    let (m, v) = (0.1 * g, 0.02 * g * g);
    let (m_hat, v_hat) = (m / 0.1, v / 0.02);
    let step = s.lr as f64 * m_hat / (v_hat.sqrt() + 1e-9);
    assert!(close(s.m as f64, m, 1e-5) && close(s.v as f64, v, 1e-4), "m {} v {}", s.m, s.v);
    assert!(close(s.step as f64, step, 1e-5), "{} vs {step}", s.step);
    assert!(close(s.after as f64, s.before as f64 - step, 1e-5), "{} vs {}", s.after, s.before as f64 - step);
    // the loss after is a forward pass under the stepped weights, and it moved
    assert!(s.loss_after.is_finite() && s.loss_after != s.loss_before);
}

/// The step on screen is the trainer's own: a trainer started from the lesson's weights and given
/// the lesson's batch at the same learning rate moves every weight to where the screen says
/// (the trainer splits the batch over two cores and recombines the halves, so the gradients
/// agree to rounding, not bit for bit).
#[test]
fn the_adam_step_on_screen_is_one_step_of_the_trainer() {
    use transformer_tutor::train::data::Batch;
    use transformer_tutor::train::{TrainOptions, Trainer};
    let weights = weights();
    let app = App::new(lesson(&weights), weights.clone()).expect("the lesson runs");
    let run = app.full();
    let inputs = run.inputs();
    let batch = Batch {
        src: inputs.src_ids.clone().expect("source ids"),
        tgt_in: inputs.tgt_ids.clone().expect("target ids"),
        labels: inputs.labels.clone().expect("labels"),
        pad: transformer_tutor::model::vocab::PAD_ID,
    };
    let corpus = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED);
    let mut trainer = Trainer::from_weights(&corpus, TrainOptions::default(), (*weights).clone());
    let report = trainer.step_on(&batch, one_step::PEAK_LR);
    let s = one_step::for_op(run, "logits").expect("logits has weights");
    assert!(close(report.loss as f64, s.loss_before as f64, 1e-5), "{} vs {}", report.loss, s.loss_before);
    let stepped = one_step::weight_value(&trainer.weights, &s.param, s.index).unwrap();
    assert!(
        (stepped - s.after).abs() <= 1e-5 * s.after.abs().max(s.step.abs()),
        "{}[{}]: the trainer {stepped}, the screen {}",
        s.param,
        s.index,
        s.after
    );
    // and every other weight the screen can show, with the loss after the step
    for param in ["src_embed.weight", "encoder.layers.0.self_attn.w_q.weight", "decoder.layers.1.norm2.weight"] {
        let other = one_step::one_step(run, param, None, one_step::PEAK_LR).expect(param);
        let stepped = one_step::weight_value(&trainer.weights, param, other.index).unwrap();
        let tolerance = 1e-5 * other.after.abs().max(other.step.abs());
        assert!((stepped - other.after).abs() <= tolerance, "{param}: {stepped} vs {}", other.after);
    }
    let after = one_step::loss_under(run, (*trainer.weights).clone());
    assert!(close(after as f64, s.loss_after as f64, 1e-4), "{after} vs {}", s.loss_after);
}

#[test]
fn cutting_the_straight_paths_leaves_far_less_gradient_at_the_first_layers() {
    let weights = weights();
    let app = App::new(lesson(&weights), weights).expect("the lesson runs");
    let full = app.full();
    for input in ["tgt.x", "src.x"] {
        let all = learning::grad_norm(full, input, true).unwrap();
        let cut = learning::grad_norm(full, input, false).unwrap();
        assert!(cut > 0.0 && cut < all / 10.0, "{input}: {cut} with the straight paths cut, {all} with them");
    }
    // the layers' inputs, as the backward pass reaches them
    let names: Vec<String> = learning::layer_inputs(full.program()).into_iter().map(|(l, _)| l).collect();
    assert_eq!(names, ["dec.1", "dec.0", "enc.1", "enc.0"]);
}

#[test]
fn the_pad_rows_of_both_embedding_tables_get_no_gradient() {
    let weights = weights();
    let app = App::new(lesson(&weights), weights).expect("the lesson runs");
    let full = app.full();
    for side in [transformer_tutor::model::program::Side::Src, transformer_tutor::model::program::Side::Tgt] {
        assert!(learning::positions_reading(full, side, 0) > 0, "the batch reads <pad>");
        assert_eq!(learning::embed_grad_norm(full, side, 0), 0.0);
        assert!(!learning::embed_grad_rows(full, side).iter().any(|&(id, _)| id == 0));
    }
}

#[test]
fn dot_and_comma_walk_the_backward_pass() {
    let weights = weights();
    let lesson = lesson(&weights);
    let beat = lesson.beats.iter().position(|b| b.op == "dec.1.self_attn.scores").expect("the scores beat");
    let mut app = App::new(lesson, weights).expect("the lesson runs");
    app.go_to_beat(beat);
    let at = |app: &App| app.run().program().op(app.op()).name.clone();
    app.update(Action::StepOp);
    // towards the inputs: qk, the operation scores reads
    assert_eq!(at(&app), "dec.1.self_attn.qk");
    assert!(app.shows_gradient());
    app.update(Action::BackOp);
    app.update(Action::BackOp);
    // back towards the loss: scores, then the masked scores
    assert_eq!(at(&app), "dec.1.self_attn.masked");
    // a wide tensor scrolled to the right: the next one opens at its first column
    while app.run().program().op(app.op()).shape.last() != Some(&32) {
        app.update(Action::BackOp);
    }
    app.update(Action::ColumnsRight);
    assert_eq!(app.selection().first_col, 16);
    app.update(Action::BackOp);
    assert_eq!(app.selection().first_col, 0, "at {}", at(&app));
}

/// Cell mode on a gradient derives the gradient (the chain rule, not the forward value), over
/// the gradient's own numbers; a what-if runs the forward pass only and does not pretend to
/// show a gradient.
#[test]
fn cell_mode_derives_the_gradient_and_what_ifs_do_not_show_forward_values_as_gradients() {
    let weights = weights();
    let lesson = lesson(&weights);
    let beat = lesson.beats.iter().position(|b| b.op == "dec.1.self_attn.scores").expect("the scores beat");
    let mut app = App::new(lesson, weights).expect("the lesson runs");
    app.go_to_beat(beat);
    app.update(Action::ToggleCell);
    assert!(app.cell_col().is_some(), "cell mode on a gradient: {}", app.status());
    app.update(Action::CellRight);
    let at = app.cell_index().expect("a cell");
    let d = app.cell_derivation().expect("the gradient's derivation");
    let engine = app.full().gradients().unwrap().tensor("dec.1.self_attn.scores").unwrap()[ndarray::IxDyn(&at)];
    assert!(d.lines[0].starts_with("∂L/∂dec.1.self_attn.scores["), "{}", d.lines.join("\n"));
    assert!((d.value - engine as f64).abs() <= 1e-5 * (engine.abs() as f64).max(1e-6), "{} vs {engine}", d.value);
    let grid = app.cell_heatmap_data();
    let (row, col) = (grid.selected_row.expect("a row"), grid.selected_col.expect("a column"));
    // the grid prints the gradient in its view's power of ten (the caption says which)
    let ratio = (engine as f64 / grid.values[[row, col]] as f64).log10();
    assert!((ratio - ratio.round()).abs() < 1e-4, "the grid holds the gradient ×10^k: {ratio}");
    assert!(grid.caption.contains("×1e"), "{}", grid.caption);
    app.update(Action::ToggleCell);
    app.pin_what_if(Some(transformer_tutor::explore::Variant::NoResidual));
    let w = app.what_if_view().expect("the what-if is on");
    assert!(w.other.is_err(), "the variant's forward values are not drawn beside a gradient");
    // a training program predicts no next words: no line compares predictions ("all 0 the same")
    assert!(!w.lines.iter().any(|(l, _)| l.contains("predictions")), "{:?}", w.lines);
}

/// The views that sum gradients up by row (the gradient reaching each layer, the embedding
/// tables' rows) have no cell to derive: `c` says so instead of showing the forward tensor.
#[test]
fn cell_mode_is_refused_on_the_views_that_sum_gradients_by_row() {
    let weights = weights();
    let lesson = lesson(&weights);
    for view in [ViewKind::GradFlow, ViewKind::EmbedGrad] {
        let beat = lesson.beats.iter().position(|b| b.view == view).expect("a beat with the view");
        let mut app = App::new(lesson.clone(), weights.clone()).expect("the lesson runs");
        app.go_to_beat(beat);
        app.update(Action::ToggleCell);
        assert!(app.cell_col().is_none(), "{view:?}: no cell mode");
        assert!(app.status().contains("sums gradients up by row"), "{view:?}: {}", app.status());
    }
}

/// In the adam-step view, `c` puts a cursor on the weight matrix: it starts on the weight with the
/// largest gradient, the arrows move it, and the view then shows that weight's gradient (the
/// engine's, and the finite difference beside it) and its step.
#[test]
fn the_cursor_chooses_the_weight_whose_step_is_shown() {
    let weights = weights();
    let lesson = lesson(&weights);
    let beat = lesson.beats.iter().position(|b| b.view.name() == "adam-step").expect("an adam-step beat");
    let mut app = App::new(lesson, weights).expect("the lesson runs");
    app.go_to_beat(beat);
    let text = |app: &App| {
        let ViewData::Lines(d) = app.view_data().clone() else { panic!("a lines view") };
        d.lines.iter().map(|l| l.iter().map(|p| p.text.as_str()).collect::<String>()).collect::<Vec<_>>().join("\n")
    };
    let largest = one_step::for_op(app.full(), "logits").unwrap();
    let (r, c) = (largest.at[0], largest.at[1]);
    assert!(text(&app).contains(&format!("fc_out.weight[{r}, {c}]")), "{}", text(&app));
    app.update(Action::ToggleCell);
    app.update(Action::CellLeft);
    app.update(Action::RowUp);
    let (r, c) = (r.saturating_sub(1), c.saturating_sub(1));
    let shown = text(&app);
    assert!(shown.contains(&format!("fc_out.weight[{r}, {c}], the weight under the cursor")), "{shown}");
    let cols = app.full().weights().fc_out.weight.ncols();
    let s = one_step::one_step(app.full(), "fc_out.weight", Some(r * cols + c), one_step::PEAK_LR).unwrap();
    let grads = app.full().gradients().unwrap();
    assert_eq!(s.grad, one_step::weight_value(&grads.params, "fc_out.weight", r * cols + c).unwrap());
    assert!(shown.contains(&format!("∂L/∂w = {}", transformer_tutor::text::four_places(s.grad as f64))), "{shown}");
    assert!(shown.contains(&format!("{:.5} → {:.5}", s.before, s.after)), "{shown}");
    // c leaves; the next beat change forgets the choice
    app.update(Action::ToggleCell);
    app.go_to_beat(beat);
    assert!(text(&app).contains("largest |∂L/∂w|"));
}

/// Under ∂L/∂logits the selected row is said in numbers: its label's cell is (p − 1)/N and the
/// row sums to 0, recomputed here from the run's probabilities and labels; a `<pad>` row is 0.
#[test]
fn the_logits_gradient_row_line_is_probs_minus_one_hot_over_n() {
    let weights = weights();
    let lesson = lesson(&weights);
    let mut app = App::new(lesson.clone(), weights).expect("the lesson runs");
    let beat = lesson.beats.iter().position(|b| b.gradient && b.op == "logits").expect("a beat on ∂L/∂logits");
    app.go_to_beat(beat);
    let labels = app.full().inputs().labels.clone().expect("labels");
    let logits = app.full().get("logits").expect("logits").clone(); // (B, T, V)
    let counted = labels.iter().filter(|&&l| l != 0).count();
    let mut seen_pad = false;
    let mut checked = 0;
    for r in 0..labels.ncols() {
        app.go_to_beat(beat); // the beat opens on its own row: go to the top, then down to r
        for _ in 0..labels.ncols() {
            app.update(Action::RowUp);
        }
        for _ in 0..r {
            app.update(Action::RowDown);
        }
        let ViewData::Heatmap(d) = app.view_data().clone() else { panic!("a heatmap") };
        let line = d.footer.join(" ");
        let label = labels[[0, r]];
        if label == 0 {
            assert!(line.contains("its label is <pad>") && line.contains("every cell is 0"), "{line}");
            seen_pad = true;
            continue;
        }
        // softmax of row r in f64, then p and (p − 1)/N at the label
        let row: Vec<f64> = (0..logits.shape()[2]).map(|v| logits[[0, r, v]] as f64).collect();
        let top = row.iter().cloned().fold(f64::MIN, f64::max);
        let z: f64 = row.iter().map(|x| (x - top).exp()).sum();
        let p = (row[label] - top).exp() / z;
        if line.contains("to three decimals") {
            assert!(p > 0.9995 && line.contains(&format!("p = {p:.3} to three decimals")), "row {r}: p {p} in {line}");
            continue;
        }
        let cell = transformer_tutor::text::four_places((p - 1.0) / counted as f64).replace('-', "−");
        let expected =
            format!("p = {p:.4}, so its cell is (p − 1)/N = ({p:.4} − 1)/{counted} = {cell}, the only negative one");
        assert!(line.contains(&expected), "row {r}: {expected} in {line}");
        assert!(line.ends_with("the row sums to 0.0000"), "{line}");
        checked += 1;
    }
    assert!(checked >= 2, "rows with a gradient were checked");
    assert!(seen_pad, "the batch row has <pad> labels");
}

/// From the adam-step beat, `,` steps back through the program and the one-step check follows
/// to every weight it reaches: a LayerNorm's γ, the attention and FFN Linears, the target
/// embedding. On screen, each weight's finite difference agrees with its backward value to 1e-3.
#[test]
fn the_one_step_check_follows_to_every_weight_kind_on_screen() {
    let weights = weights();
    let lesson = lesson(&weights);
    let beat = lesson.beats.iter().position(|b| b.view.name() == "adam-step").expect("an adam-step beat");
    let mut app = App::new(lesson, weights).expect("the lesson runs");
    app.go_to_beat(beat);
    let number_after = |text: &str, marker: &str| -> f64 {
        let line = text.lines().find(|l| l.contains(marker)).unwrap_or_else(|| panic!("{marker}: {text}"));
        line.rsplit("= ").next().unwrap().trim().parse().unwrap_or_else(|_| panic!("{line}"))
    };
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..200 {
        if app.view_kind() == ViewKind::AdamStep {
            let ViewData::Lines(d) = app.view_data().clone() else { panic!("a lines view") };
            let text: String =
                d.lines.iter().map(|l| l.iter().map(|p| p.text.as_str()).collect::<String>() + "\n").collect();
            let backward = number_after(&text, "∂L/∂w =");
            let estimate = number_after(&text, "/ (2·");
            let name = app.run().program().op(app.op()).name.clone();
            assert!(
                close(backward, estimate, 1e-3) || backward.abs() < 1e-4,
                "{name}: {backward} vs {estimate}\n{text}"
            );
            let kind = if name.ends_with("embed") {
                "embedding"
            } else if name.contains("norm") {
                "layernorm"
            } else {
                "linear"
            };
            kinds.insert(kind);
        }
        if app.run().program().op(app.op()).name == "tgt.embed" {
            break;
        }
        app.update(Action::BackOp);
    }
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["embedding", "layernorm", "linear"]);
}

/// Beat 5 says qk's gradient is the scores' with every cell smaller by √d_k: both print in the
/// same power of ten, so the printed cells are smaller by that factor too (not 0.66 → 2.32 because
/// the caption's power of ten changed).
#[test]
fn the_gradient_through_the_scale_prints_in_the_scores_power_of_ten() {
    let weights = weights();
    let lesson = lesson(&weights);
    let mut app = App::new(lesson.clone(), weights).expect("the lesson runs");
    let at = |op: &str| lesson.beats.iter().position(|b| b.gradient && b.op == op).expect("the beat");
    let printed = |app: &App| match app.view_data() {
        ViewData::Heatmap(d) => (d.caption.clone(), d.values.clone()),
        other => panic!("a heatmap: {other:?}"),
    };
    app.go_to_beat(at("dec.1.self_attn.scores"));
    let (scores_caption, scores) = printed(&app);
    app.go_to_beat(at("dec.1.self_attn.qk"));
    let (qk_caption, qk) = printed(&app);
    let power = |c: &str| c.split_once('×').map(|(_, p)| p.split(' ').next().unwrap_or("").to_string());
    assert!(power(&scores_caption).is_some(), "{scores_caption}");
    assert_eq!(power(&scores_caption), power(&qk_caption), "{scores_caption} | {qk_caption}");
    let d_k = (weights_d_k(&app) as f32).sqrt();
    for (s, q) in scores.iter().zip(qk.iter()) {
        assert!((q * d_k - s).abs() <= 1e-4 * s.abs().max(1e-3), "scores {s} vs qk {q} × √d_k");
    }
    let largest = |t: &ndarray::Array2<f32>| t.iter().fold(0f32, |m, &x| m.max(x.abs()));
    assert!(largest(&qk) < largest(&scores), "qk's printed cells are the smaller");
}

fn weights_d_k(app: &App) -> usize {
    let c = &app.setup().weights.config;
    c.d_model / c.n_heads
}

//! The views issue 38 §5 added ("not taught yet"), checked against an independent computation
//! on the tutor's model and on the tiny Marian (`weights/marian-tiny`): the activations beat's
//! GELU and SiLU against the formulas recomputed here in f64 (erf by Simpson's rule, not the
//! crate's series), to 1e-5 relative.

use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::app::view_data::ViewData;
use transformer_tutor::lesson::{Catalog, ViewKind};
use transformer_tutor::model::activations::ActivationRow;
use transformer_tutor::setup::WeightSource;

/// The built-in lessons on the tutor's model and on the tiny Marian.
fn catalogs() -> Vec<(&'static str, Arc<transformer_tutor::model::Weights>, Catalog)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    [("tutor", WeightSource::Trained), ("marian-tiny", WeightSource::Marian(root.join("weights/marian-tiny")))]
        .into_iter()
        .map(|(name, source)| {
            let weights = Arc::new(source.load().unwrap_or_else(|e| panic!("{name}: {e}")));
            let catalog = Catalog::built_in(&weights).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, weights, catalog)
        })
        .collect()
}

/// An app on `lesson`'s last beat shown in `view`.
fn app_at(catalog: &Catalog, weights: &Arc<transformer_tutor::model::Weights>, lesson: &str, view: &str) -> App {
    let lesson = catalog.get(lesson).unwrap_or_else(|| panic!("no lesson {lesson}")).clone();
    let beat = lesson.beats.iter().rposition(|b| b.view.name() == view).unwrap_or_else(|| panic!("no {view} beat"));
    let mut app = App::new(lesson, weights.clone()).unwrap();
    app.go_to_beat(beat);
    assert_eq!(app.view_kind(), ViewKind::from_name(view).unwrap());
    app
}

fn lines(app: &App) -> Vec<String> {
    let ViewData::Lines(d) = app.view_data().clone() else { panic!("a lines view") };
    (0..d.lines.len()).map(|i| d.line_text(i)).collect()
}

/// erf(x) = 2/√π ∫₀ˣ e^(−t²) dt by Simpson's rule, 4000 intervals (error far below 1e-12 for |x| < 10).
fn erf(x: f64) -> f64 {
    let n = 4000;
    let h = x / n as f64;
    let f = |t: f64| (-t * t).exp();
    let inner: f64 = (1..n).map(|i| if i % 2 == 1 { 4.0 } else { 2.0 } * f(i as f64 * h)).sum();
    (f(0.0) + inner + f(x)) * h / 3.0 * 2.0 / std::f64::consts::PI.sqrt()
}

/// Within 1e-5 of `want`, relative, below 1e-3 in size relative to 1e-3.
fn close(got: f32, want: f64) -> bool {
    close_on(got, want, 1e-3)
}

/// Within 1e-5 relative to `want`, or to `scale` when `want` is smaller (a normalised x̂ has
/// std 1: its entries near 0 carry f32's rounding of the unit-sized ones).
fn close_on(got: f32, want: f64, scale: f64) -> bool {
    (got as f64 - want).abs() <= 1e-5 * want.abs().max(scale)
}

/// A printed number, with the views' minus sign.
fn number(s: &str) -> f64 {
    s.replace('−', "-").parse().unwrap_or_else(|_| panic!("not a number: {s}"))
}

#[test]
fn the_activations_beat_applies_relu_gelu_and_silu_as_the_formulas_say() {
    for (name, weights, catalog) in catalogs() {
        let app = app_at(&catalog, &weights, "add-norm", "activations");
        let s = app.selection();
        let pre = app.full().get("enc.0.ffn.pre").expect("pre");
        let row: Vec<f32> = (0..pre.shape()[2]).map(|f| pre[[s.batch, s.row, f]]).collect();
        let a = ActivationRow::of(&row);
        for (f, &x) in row.iter().enumerate() {
            let x64 = x as f64;
            let want = [x64.max(0.0), 0.5 * x64 * (1.0 + erf(x64 / 2f64.sqrt())), x64 / (1.0 + (-x64).exp())];
            for (k, w) in want.iter().enumerate() {
                assert!(
                    close(a.outputs[k][f], *w),
                    "{name}: feature {f} x = {x}: activation {k} gave {} not {w}",
                    a.outputs[k][f]
                );
            }
        }
        // the model's own activation is the run's `enc.0.ffn.hidden`, bit for bit
        let own = if name == "tutor" { 0 } else { 2 };
        let hidden = app.full().get("enc.0.ffn.hidden").expect("hidden");
        for (f, &v) in a.outputs[own].iter().enumerate() {
            assert_eq!(v, hidden[[s.batch, s.row, f]], "{name}: feature {f}");
        }
        // the table on screen: each row's feature, input and three outputs, to two decimals
        let text = lines(&app);
        let header = text.iter().position(|l| l.contains("GELU") && l.contains("pre")).expect("the table's header");
        let marked = ["ReLU ◀", "GELU ◀", "SiLU ◀"][own];
        assert!(text[header].contains(marked), "{name}: {} should mark {marked}", text[header]);
        let mut rows = 0;
        for l in text[header + 1..].iter().take_while(|l| !l.trim().is_empty()) {
            let cells: Vec<&str> = l.split_whitespace().collect();
            let f: usize = cells[0].parse().unwrap();
            assert!((number(cells[1]) - row[f] as f64).abs() <= 0.0051, "{name}: {l}");
            for k in 0..3 {
                assert!((number(cells[2 + k]) - a.outputs[k][f] as f64).abs() <= 0.0051, "{name}: {l}");
            }
            rows += 1;
        }
        assert_eq!(rows, 12.min(row.len()), "{name}");
        let negatives = row.iter().filter(|&&v| v < 0.0).count();
        assert!(text.iter().any(|l| l.contains(&format!("{negatives} of {}", row.len()))), "{name}: {text:?}");
        assert!(text.iter().any(|l| l.contains("GELU −0.17 (x = −0.75)") && l.contains("SiLU −0.28 (x = −1.28)")));
        assert!(text.iter().any(|l| l.ends_with("max difference 0.0e0")), "{name}: {text:?}");
    }
}

/// The frame a learner sees at `width`×`height`.
fn frame(app: &App, width: u16, height: u16) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| transformer_tutor::ui::draw(f, app, transformer_tutor::ui::theme::Theme::plain())).unwrap();
    terminal.backend().to_string()
}

/// PE[pos, col] from the formula: interleaved (sin at even columns, cos at odd, the notes'), or
/// in halves (sin in the first ⌈d/2⌉ columns, cos after, a Marian's), at frequency 10000^(−2i/d).
fn pe(pos: usize, col: usize, d: usize, halves: bool) -> f64 {
    let (i, sin) = if halves {
        let h = d.div_ceil(2);
        if col < h { (col, true) } else { (col - h, false) }
    } else {
        (col / 2, col.is_multiple_of(2))
    };
    let angle = pos as f64 / 10000f64.powf(2.0 * i as f64 / d as f64);
    if sin { angle.sin() } else { angle.cos() }
}

#[test]
fn the_pe_table_beat_holds_every_position_and_feature_as_the_formula_says() {
    for (name, weights, catalog) in catalogs() {
        let app = app_at(&catalog, &weights, "positional", "pe-table");
        let ViewData::Heatmap(d) = app.view_data().clone() else { panic!("{name}: a heatmap") };
        let (max_len, dm) = (weights.config.max_len, weights.config.d_model);
        assert_eq!(d.values.dim(), (max_len, dm), "{name}: every position, every feature");
        assert!(d.fit_whole, "{name}");
        let halves = name != "tutor";
        for ((pos, col), &v) in d.values.indexed_iter() {
            let want = pe(pos, col, dm, halves);
            assert!(close(v, want), "{name}: PE[{pos}, {col}] = {v}, the formula gives {want}");
        }
        // the run's own src.pe is the table's first rows
        let run_pe = app.full().get("src.pe").expect("src.pe");
        for ((pos, col), &v) in run_pe.view().into_dimensionality::<ndarray::Ix2>().unwrap().indexed_iter() {
            assert_eq!(v, d.values[[pos, col]], "{name}: src.pe[{pos}, {col}]");
        }
        // drawn: every position when the pane has room, else every k-th from 0, said under the grid
        for (w, h) in [(120, 40), (80, 24)] {
            let screen = frame(&app, w, h);
            let drawn: Vec<usize> = screen
                .lines()
                .filter_map(|l| l.split("pos ").nth(1))
                .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
                .collect();
            assert_eq!(drawn.first(), Some(&0), "{name} {w}x{h}:\n{screen}");
            let k = drawn.get(1).copied().unwrap_or(1);
            assert!(drawn.windows(2).all(|p| p[1] - p[0] == k), "{name} {w}x{h}: rows {drawn:?}");
            assert!(*drawn.last().unwrap() + k >= max_len, "{name} {w}x{h}: the last rows are missing: {drawn:?}");
            if k > 1 {
                let note = format!("{} of {max_len} rows", drawn.len());
                assert!(screen.contains(&note), "{name} {w}x{h}: no note `{note}`:\n{screen}");
            } else {
                assert_eq!(drawn.len(), max_len, "{name} {w}x{h}");
            }
        }
    }
}

#[test]
fn the_instance_norm_lines_normalise_each_feature_of_a_sentence_over_its_positions() {
    use transformer_tutor::model::batch_norm::NormComparison;
    for (name, weights, catalog) in catalogs() {
        let mut app = app_at(&catalog, &weights, "add-norm", "norm-compare");
        // beat 16 asks how many values it averages: its lines are drawn once the question is done
        for _ in 0..2 {
            app.update(transformer_tutor::app::Action::Answer);
            app.update(transformer_tutor::app::Action::Type('x'));
            app.update(transformer_tutor::app::Action::Answer);
        }
        let x = app.full().get("enc.0.norm1.sum").expect("sum").clone().into_dimensionality::<ndarray::Ix3>().unwrap();
        let (bn, tn, dm) = x.dim();
        let real = ndarray::Array2::from_elem((bn, tn), true);
        let c = NormComparison::of(x.view(), real.view());
        // recomputed here in f64: each (sentence, feature) over the sentence's T positions, biased variance, eps 1e-5
        let mut want = ndarray::Array3::<f64>::zeros((bn, tn, dm));
        for b in 0..bn {
            for f in 0..dm {
                let col: Vec<f64> = (0..tn).map(|t| x[[b, t, f]] as f64).collect();
                let m = col.iter().sum::<f64>() / tn as f64;
                let v = col.iter().map(|a| (a - m) * (a - m)).sum::<f64>() / tn as f64;
                for t in 0..tn {
                    want[[b, t, f]] = (col[t] - m) / (v + 1e-5).sqrt();
                }
            }
        }
        for ((b, t, f), &w) in want.indexed_iter() {
            assert!(
                close_on(c.instance[[b, t, f]], w, 1.0),
                "{name}: [{b}, {t}, {f}] = {} not {w}",
                c.instance[[b, t, f]]
            );
        }
        // the view: the selected token after InstanceNorm, and the groups it averages over
        let s = app.selection();
        let row: Vec<f64> = (0..dm).map(|f| want[[s.batch, s.row, f]]).collect();
        let mean = row.iter().sum::<f64>() / dm as f64;
        let std = (row.iter().map(|a| (a - mean) * (a - mean)).sum::<f64>() / dm as f64).sqrt();
        let text = lines(&app);
        let at = text.iter().position(|l| l.starts_with("InstanceNorm")).unwrap_or_else(|| panic!("{name}: {text:?}"));
        assert_eq!(text[at + 1], format!("per sentence and feature, over its {tn} positions: {bn}×{dm} groups"));
        let shown = text[at + 2].split("mean ").nth(1).unwrap();
        let (m, sd) = shown.split_once(" / std ").unwrap();
        assert!(
            (number(m) - mean).abs() <= 0.0051 && (number(sd) - std).abs() <= 0.0051,
            "{name}: {} vs {mean} {std}",
            text[at + 2]
        );
        assert!(text[at + 3].contains("largest |mean| 0.00, mean std 1.00"), "{name}: {}", text[at + 3]);
    }
}

#[test]
fn the_dropout_beat_marks_each_place_and_its_training_draw_keeps_the_expectation() {
    use transformer_tutor::model::dropout::{NOTES_P, train_draw};
    for (name, weights, catalog) in catalogs() {
        let app = app_at(&catalog, &weights, "encoder", "dropout");
        let text = lines(&app);
        let find =
            |s: &str| text.iter().position(|l| l.trim() == s).unwrap_or_else(|| panic!("{name}: no `{s}` in {text:?}"));
        // the ╳ right under each place, in the program's order
        let places = [
            ("src.x", "embedding + PE sum"),
            ("enc.0.self_attn.weights", "attention weights"),
            ("enc.0.self_attn.out", "sublayer's output, before the add"),
            ("enc.0.ffn.hidden", "after the activation"),
            ("enc.0.ffn.out", "sublayer's output, before the add"),
        ];
        let mut last = 0;
        for (op, mark) in places {
            let at = find(op);
            assert!(at > last, "{name}: {op} out of order");
            assert!(text[at + 1].contains('╳') && text[at + 1].contains(mark), "{name}: under {op}: {}", text[at + 1]);
            last = at;
        }
        find("enc.0.norm1.sum = src.x + dropout(enc.0.self_attn.out)");
        find("enc.0.norm2.sum = enc.0.norm1.out + dropout(enc.0.ffn.out)");
        // inference: the run's sum is x + sublayer exactly, as the view says
        let get = |op: &str| app.full().get(op).unwrap_or_else(|| panic!("{op}")).clone();
        let (sum, x, sub) = (get("enc.0.norm1.sum"), get("src.x"), get("enc.0.self_attn.out"));
        assert!(sum.iter().zip(x.iter().zip(sub.iter())).all(|(s, (a, b))| *s == a + b), "{name}");
        assert!(text.iter().any(|l| l.ends_with("largest difference 0.0e0")), "{name}");
        // training: the drawn row is the sublayer's row, zeros where dropped, x/(1 − p) elsewhere
        let s = app.selection();
        let row: Vec<f32> = (0..sub.shape()[2]).map(|f| sub[[s.batch, s.row, f]]).collect();
        let draw = train_draw(&row, NOTES_P, 0);
        let zeroed = draw.kept.iter().filter(|k| !**k).count();
        assert!(zeroed > 0 && zeroed < row.len() / 2, "{name}: {zeroed} of {}", row.len());
        for ((&v, &o), &k) in row.iter().zip(&draw.out).zip(&draw.kept) {
            let want = if k { v as f64 / (1.0 - NOTES_P as f64) } else { 0.0 };
            assert!(if k { close(o, want) } else { o == 0.0 }, "{name}: {v} -> {o}");
        }
        let counts = format!("zeroed {zeroed} of {}; the other {} × 1/(1 − p) = 1.11", row.len(), row.len() - zeroed);
        assert!(text.contains(&counts), "{name}: no `{counts}` in {text:?}");
        for (label, values) in [("before", &row), ("after", &draw.out)] {
            let l = text.iter().find(|l| l.trim_start().starts_with(label)).unwrap();
            let shown: Vec<f64> = l.split_whitespace().skip(1).filter(|c| *c != "…").map(number).collect();
            assert_eq!(shown.len(), 8, "{name}: {l}");
            for (a, b) in shown.iter().zip(values.iter()) {
                assert!((a - *b as f64).abs() <= 0.0051, "{name}: {l}");
            }
        }
        // over the view's 1000 draws the row's mean stays where it was, to the printed digits
        let means = text.iter().find(|l| l.starts_with("row mean")).unwrap();
        let words: Vec<&str> = means.split_whitespace().collect();
        let (before, average) = (number(words[2]), number(words.last().unwrap()));
        assert!((before - average).abs() <= 0.0101, "{name}: {means}");
    }
}

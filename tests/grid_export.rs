//! The `X` key: a view's grid written as CSV and SVG for a report. The SVG is parsed as XML and
//! must hold every label and every value the view shows; the CSV's numbers are the run's tensor
//! at the batch row and head on screen; a view with no grid writes nothing and says so.

mod temp_folder;
use temp_folder::TempFolder;

use std::path::PathBuf;
use std::sync::Arc;
use transformer_tutor::app::grid_export::GridCell;
use transformer_tutor::app::grid_formats::{MASKED, svg_number};
use transformer_tutor::app::{App, Effect};
use transformer_tutor::setup::WeightSource;
use transformer_tutor::tui::perform_in;

fn app_at(lesson: &str, beat: usize) -> App {
    let weights = Arc::new(WeightSource::Trained.load().unwrap());
    let catalog = transformer_tutor::lesson::Catalog::built_in(&weights).unwrap();
    let mut app = App::new(catalog.get(lesson).unwrap().clone(), weights).unwrap();
    app.go_to_beat(beat);
    app
}

/// A fresh folder for one test, removed when it ends.
fn scratch(tag: &str) -> TempFolder {
    TempFolder::made(&format!("grid-{tag}"))
}

/// Every text node of the SVG, parsed as XML (escaped `<bos>` comes back as itself).
fn svg_texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).map(str::to_string).collect()
}

/// Write the grid of the app's view; return the CSV, the SVG's texts and the files' name stem.
fn written(app: &App, tag: &str) -> (String, Vec<String>, String) {
    let dir = scratch(tag);
    let status = perform_in(&dir, Effect::SaveGrid, app, "");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 2, "a .csv and an .svg: {status}");
    assert!(status.contains(".csv") && status.contains(".svg"), "{status}");
    let csv = std::fs::read_to_string(&files[0]).unwrap();
    let svg = std::fs::read_to_string(&files[1]).unwrap();
    let stem = files[0].file_stem().unwrap().to_string_lossy().into_owned();
    (csv, svg_texts(&svg), stem)
}

#[test]
fn softmax_rows_are_written_with_every_label_and_value_and_the_masked_keys() {
    // decoder beat 7: the second layer's cross-attention, sentence 0 padded to 6 keys
    let app = app_at("decoder", 6);
    let grid = app.grid().expect("a softmax view has a grid");
    let (csv, texts, stem) = written(&app, "softmax");
    assert_eq!(stem, format!("dec.1.cross_attn.weights-softmax-b0-h{}", app.selection().head));
    for label in grid.row_labels.iter().chain(&grid.col_labels) {
        assert!(texts.contains(label), "label {label:?} missing from the SVG: {texts:?}");
    }
    assert!(texts.contains(&grid.title));
    let mut masked = 0;
    for cell in grid.cells.iter().flatten() {
        match cell {
            GridCell::Num(v) => assert!(texts.contains(&svg_number(*v)), "value {v} missing"),
            GridCell::Masked => masked += 1,
            GridCell::Text(t) => panic!("no text in a softmax grid: {t}"),
        }
    }
    assert!(masked > 0 && texts.iter().filter(|t| *t == MASKED).count() == masked, "the <pad> key is masked");

    // the CSV's numbers are the run's weights at the batch row and head on screen
    let (_, tensor) = app.focused(); // (B, H, T_tgt, T_src)
    let s = app.selection();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + tensor.shape()[2]);
    assert_eq!(lines[0].split(',').skip(1).collect::<Vec<_>>(), grid.col_labels);
    for (r, line) in lines[1..].iter().enumerate() {
        for (c, field) in line.split(',').skip(1).enumerate() {
            let v = tensor[[s.batch, s.head, r, c]];
            match field.parse::<f32>() {
                Ok(x) => assert_eq!(x, v, "row {r} col {c}"),
                Err(_) => assert_eq!((field, v), (MASKED, 0.0), "row {r} col {c}"),
            }
        }
    }
}

#[test]
fn masks_heatmaps_ablation_and_alignment_tables_are_grids_too() {
    for (lesson, op, tag) in [
        ("masks", "tgt.mask", "mask"),
        ("decoder", "dec.0.cross_attn.scores", "heatmap"),
        ("probes", "dec.0.cross_attn.weights", "ablation"),
        ("decoder", "dec.1.cross_attn.weights", "alignment"),
    ] {
        let catalog_app = app_at(lesson, 0);
        let beat = catalog_app
            .lesson()
            .beats
            .iter()
            .position(|b| b.op == op && b.view.name() == tag)
            .unwrap_or_else(|| panic!("{lesson} has a {tag} beat on {op}"));
        let app = app_at(lesson, beat);
        let grid = app.grid().unwrap_or_else(|| panic!("{tag} has a grid"));
        assert!(!grid.cells.is_empty() && grid.cells.iter().all(|r| r.len() == grid.col_labels.len()), "{tag}");
        let (csv, texts, stem) = written(&app, tag);
        // the file says which slice it holds; the alignment table holds every head of the layer
        let expected = match tag {
            "alignment" => format!("{op}-alignment"),
            _ => format!("{op}-{tag}-b{}-h{}", app.selection().batch, app.selection().head),
        };
        assert_eq!(stem, expected);
        assert_eq!(csv.lines().count(), 1 + grid.row_labels.len(), "{tag}");
        for label in grid.row_labels.iter().chain(&grid.col_labels) {
            assert!(texts.contains(label), "{tag}: label {label:?} missing");
        }
        for cell in grid.cells.iter().flatten() {
            let shown = match cell {
                GridCell::Num(v) => svg_number(*v),
                GridCell::Masked => MASKED.to_string(),
                GridCell::Text(t) => t.clone(),
            };
            assert!(texts.contains(&shown), "{tag}: {shown} missing");
        }
    }
}

#[test]
fn a_view_without_a_grid_writes_nothing_and_says_which_views_have_one() {
    let app = app_at("decoder", 0); // tgt.x as vectors
    assert!(app.grid().is_none());
    let dir = scratch("none");
    let status = perform_in(&dir, Effect::SaveGrid, &app, "");
    assert!(status.contains("no grid"), "{status}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

//! Chinese token labels (each character two terminal columns wide) in every view widget, the
//! status bar and prose of a whole frame, and `text::wrap`: columns line up by display width,
//! no wide character is split or overlapped, and nothing is drawn past the area.
//!
//! ratatui 0.30 writes a two-column character into one buffer cell and resets the cell after it
//! to `Cell::EMPTY` (symbol " "); the terminal shows the character over both. A non-blank symbol
//! in that second cell would be hidden behind the wide character (or shift the rest of the line),
//! so every check below treats it as an error.

use ndarray::Array2;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::app::view_data::{
    HeatmapData, LayerNormData, MASKED_SCORE, MaskData, MaskKind, MeanStd, SoftmaxData, SoftmaxRow, TokenNormStats,
    TopWordsData, VectorData,
};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::Preset;
use transformer_tutor::ui::text::wrap;
use transformer_tutor::ui::theme::Theme;
use transformer_tutor::ui::views::heatmap::HeatmapView;
use transformer_tutor::ui::views::layernorm::LayerNormView;
use transformer_tutor::ui::views::mask_grid::MaskGridView;
use transformer_tutor::ui::views::softmax_rows::SoftmaxRowsView;
use transformer_tutor::ui::views::top_words::TopWordsView;
use transformer_tutor::ui::views::vector_table::VectorTableView;
use unicode_width::UnicodeWidthStr;

/// Source tokens of `我有一只猫` ("I have a cat"), one character each.
const SRC: [&str; 6] = ["<bos>", "我", "有", "一", "只", "猫"];
/// Labels of mixed widths: one and two characters, and an ASCII one as wide as two characters.
const MIXED: [&str; 4] = ["我", "有", "一只", "<pad>"];
/// Labels that must be cut: `a一只小猫` is 9 columns; in a 7-column label field it becomes
/// `a一只…` (6) and a space, since `小` would need columns 6 and 7 and `…` the 7th. `小猫咪小猫咪`
/// is 12 and becomes `小猫咪…` (7).
const LONG: [&str; 4] = ["我", "a一只小猫", "小猫咪小猫咪", "<pad>"];

/// Widget areas: the tensor pane at 120x40 and at 80x24 (inside their borders), a few
/// `-ish` sizes around them, and narrow ones.
const SIZES: [(u16, u16); 10] =
    [(118, 38), (70, 31), (78, 22), (78, 9), (60, 14), (50, 10), (40, 12), (36, 8), (24, 8), (12, 5)];

fn strings<S: ToString>(xs: impl IntoIterator<Item = S>) -> Vec<String> {
    xs.into_iter().map(|x| x.to_string()).collect()
}

// ---------------------------------------------------------------------------------------------
// Drawing and checking
// ---------------------------------------------------------------------------------------------

/// Fills a buffer with `#`, draws the widget into the middle of it, and checks that every cell
/// outside the widget's area is still `#` (nothing drawn past the area, no wide character
/// hanging over its right edge) and that no wide character is split. Returns the area's lines
/// as display cells: a wide character's symbol, then "" for the column it also covers.
fn draw(w: u16, h: u16, widget: impl Widget) -> Vec<Vec<String>> {
    let full = Rect::new(0, 0, w + 4, h + 2);
    let area = Rect::new(2, 1, w, h);
    let mut buf = Buffer::empty(full);
    for y in 0..full.height {
        for x in 0..full.width {
            buf[(x, y)].set_symbol("#");
        }
    }
    // the widget owns its area: start it blank, as a frame does
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            buf[(x, y)].reset();
        }
    }
    widget.render(area, &mut buf);
    for y in 0..full.height {
        for x in 0..full.width {
            if !area.contains((x, y).into()) {
                assert_eq!(buf[(x, y)].symbol(), "#", "drawn outside the {w}x{h} area at ({x}, {y}):\n{}", dump(&buf));
            }
        }
    }
    display_cells(&buf, area)
}

/// Draws the widget onto an area filled with `#` (a widget never clears its area, so a `#` left
/// is a cell it never wrote) and checks that on every row line (a label from column 2, column 1
/// untouched) the column after the label field, `label_w + 2`, is never written: the label is
/// padded to exactly `label_w` columns, not to `label_w` chars (which spills a space into the
/// grid for every wide character, hidden only because the cells are drawn after it).
fn check_label_field(w: u16, h: u16, label_w: usize, widget: impl Widget) {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    for y in 0..h {
        for x in 0..w {
            buf[(x, y)].set_symbol("#");
        }
    }
    widget.render(area, &mut buf);
    let gap = label_w as u16 + 2;
    if gap >= w {
        return;
    }
    let lines: Vec<String> = dump(&buf).lines().map(str::to_string).collect();
    for y in 0..h {
        // not a row: `… N more rows`, or the LayerNorm strips' caption `▶ 我 · 32 features: …`
        let row = buf[(1, y)].symbol() == "#"
            && buf[(2, y)].symbol() != "#"
            && buf[(2, y)].symbol() != "…"
            && !lines[y as usize].contains("features:");
        if row {
            assert_eq!(buf[(gap, y)].symbol(), "#", "label spilled into column {gap} on line {y}:\n{}", dump(&buf));
        }
    }
}

/// The area's lines as display cells, after checking every wide character: it is not in the
/// area's last column and the cell after it is blank (ratatui 0.30 leaves `Cell::EMPTY` there).
fn display_cells(buf: &Buffer, area: Rect) -> Vec<Vec<String>> {
    let mut lines = Vec::new();
    for y in area.top()..area.bottom() {
        let mut line = Vec::new();
        let mut x = area.left();
        while x < area.right() {
            let sym = buf[(x, y)].symbol();
            let w = sym.width();
            assert!(w <= 2, "symbol {sym:?} is {w} columns wide at ({x}, {y})");
            line.push(sym.to_string());
            if w == 2 {
                assert!(x + 1 < area.right(), "wide {sym:?} in the last column at ({x}, {y}):\n{}", dump(buf));
                let next = buf[(x + 1, y)].symbol();
                assert_eq!(next, " ", "wide {sym:?} at ({x}, {y}) is followed by {next:?}:\n{}", dump(buf));
                line.push(String::new());
                x += 2;
            } else {
                x += 1;
            }
        }
        let total: usize = line.iter().map(|s| s.width()).sum();
        assert_eq!(total, area.width as usize, "line {y} is {total} columns, not {}", area.width);
        lines.push(line);
    }
    lines
}

/// The buffer as lines, for assertion messages.
fn dump(buf: &Buffer) -> String {
    let a = buf.area;
    (a.top()..a.bottom())
        .map(|y| (a.left()..a.right()).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Display cells as text, each line in quotes so the closing quotes line up when every line is
/// as wide as the area (a wide character takes two columns in the snapshot too).
fn text(cells: &[Vec<String>]) -> String {
    cells.iter().map(|l| format!("\"{}\"\n", l.concat())).collect()
}

fn line_text(line: &[String]) -> String {
    line.concat()
}

fn blank(cell: &str) -> bool {
    cell == " "
}

/// Runs of non-blank columns of `line` from column `from`: (start, end), end exclusive. The
/// second column of a wide character belongs to its run.
fn runs(line: &[String], from: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (x, cell) in line.iter().enumerate().skip(from) {
        match (blank(cell), start) {
            (false, None) => start = Some(x),
            (true, Some(s)) => {
                out.push((s, x));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, line.len()));
    }
    out
}

/// Display width of the label column of a grid whose labels are `labels`, cut at `max`.
fn label_w(labels: &[&str], max: usize) -> usize {
    labels.iter().map(|l| l.width()).max().unwrap_or(1).clamp(1, max)
}

/// The label width a view chose for a pane: the labels whole (up to 16 columns) or cut to `cut`,
/// or a width between that still keeps every data column.
fn chosen_label_w(lw: usize, labels: &[&str], cut: usize) -> usize {
    assert!((label_w(labels, cut)..=label_w(labels, 16)).contains(&lw), "label width {lw} for {labels:?}");
    lw
}

// ---------------------------------------------------------------------------------------------
// Heatmap
// ---------------------------------------------------------------------------------------------

fn scores(labels: &[&str]) -> HeatmapData {
    let n = labels.len();
    let values =
        Array2::from_shape_fn(
            (n, n),
            |(i, j)| {
                if j > i { MASKED_SCORE } else { ((i * 5 + j * 3) as f32 * 0.7).sin() * 2.2 }
            },
        );
    HeatmapData {
        values,
        row_labels: strings(labels),
        col_labels: strings(labels),
        row_axis: "query".into(),
        col_axis: "key".into(),
        selected_row: Some(2),
        selected_col: None,
        caption: "batch 0 · head 1 of 4".into(),
        footer: Vec::new(),
        shade_over: None,
        fit_whole: false,
        withheld_row: false,
    }
}

/// Tokens' 32 features: shade cells, the Chinese labels on the rows.
fn features(labels: &[&str]) -> HeatmapData {
    let values =
        Array2::from_shape_fn((labels.len(), 32), |(i, j)| ((i as f32 + 1.0) * 0.7 + j as f32 * 0.35).sin() * 1.5);
    HeatmapData {
        values,
        row_labels: strings(labels),
        col_labels: strings(0..32),
        row_axis: "token".into(),
        col_axis: "feature".into(),
        selected_row: Some(1),
        selected_col: None,
        caption: "batch 0".into(),
        footer: Vec::new(),
        shade_over: None,
        fit_whole: false,
        withheld_row: false,
    }
}

/// The row lines of a grid (lines 2.. up to the first line without a row label), for a view
/// drawing row `i`'s label at column 2.
fn grid_rows<'a>(cells: &'a [Vec<String>], labels: &[&str], first: usize) -> Vec<&'a Vec<String>> {
    cells
        .iter()
        .skip(first)
        .take_while(|l| {
            if line_text(l).starts_with("scale:") {
                return false; // the legend, right under the last row when the rows fill the area
            }
            let t = line_text(&l[2.min(l.len())..]);
            labels.iter().any(|lab| {
                let cut: String = lab.chars().take(1).collect();
                t.starts_with(&cut)
            })
        })
        .collect()
}

/// The line of a grid's column labels: 1, or 2 when the axes did not fit beside the caption and
/// went under it.
fn column_label_line(cells: &[Vec<String>]) -> usize {
    if line_text(&cells[1]).starts_with("rows:") { 2 } else { 1 }
}

/// Numbers mode: every number ends at the same column on every row, and each column's label
/// ends where its numbers end (right-aligned over them).
fn check_heatmap_numbers(cells: &[Vec<String>], labels: &[&str], lw: usize) {
    let gx = lw + 3;
    let labels_at = column_label_line(cells);
    let header = &cells[labels_at];
    let ends: Vec<usize> = runs(header, gx).iter().map(|r| r.1).collect();
    let rows = grid_rows(cells, labels, labels_at + 1);
    assert!(!rows.is_empty(), "no grid rows:\n{}", text(cells));
    for row in &rows {
        // the label (cut to lw columns, padded) then a blank gap column before the first cell
        assert!(blank(&row[gx - 1]), "no gap after the label in {:?}:\n{}", line_text(row), text(cells));
        let row_ends: Vec<usize> = runs(row, gx).iter().map(|r| r.1).collect();
        assert_eq!(row_ends, ends, "row {:?} does not line up with its header:\n{}", line_text(row), text(cells));
    }
}

/// Shade mode: every row's cells start at the same column and fill the same columns.
fn check_heatmap_shades(cells: &[Vec<String>], labels: &[&str], lw: usize) {
    let gx = lw + 3;
    let rows = grid_rows(cells, labels, column_label_line(cells) + 1);
    assert!(!rows.is_empty(), "no grid rows:\n{}", text(cells));
    for row in &rows {
        assert!(blank(&row[gx - 1]), "no gap after the label in {:?}:\n{}", line_text(row), text(cells));
        // the label never reaches the grid: the label column is exactly lw wide
        assert!(
            row[2..2 + lw].iter().map(|c| c.width()).sum::<usize>() <= lw,
            "label wider than its column:\n{}",
            text(cells)
        );
    }
}

#[test]
fn heatmap_scores_with_chinese_labels_line_up() {
    for labels in [&SRC[..], &MIXED[..], &LONG[..]] {
        let d = scores(labels);
        for (w, h) in SIZES {
            let cells = draw(w, h, HeatmapView { data: &d, theme: Theme::plain() });
            let lw = chosen_label_w(transformer_tutor::ui::views::heatmap::label_width_in(&d, w), labels, 7);
            check_label_field(w, h, lw, HeatmapView { data: &d, theme: Theme::plain() });
            if h >= 4 && (w as usize) >= label_w(labels, 7) + 3 + labels.len() * 6 {
                check_heatmap_numbers(&cells, labels, lw);
            }
        }
    }
}

#[test]
fn heatmap_features_with_chinese_labels_line_up() {
    for labels in [&SRC[..], &LONG[..]] {
        let d = features(labels);
        for (w, h) in SIZES {
            let cells = draw(w, h, HeatmapView { data: &d, theme: Theme::plain() });
            let lw = chosen_label_w(transformer_tutor::ui::views::heatmap::label_width_in(&d, w), labels, 7);
            check_label_field(w, h, lw, HeatmapView { data: &d, theme: Theme::plain() });
            if h >= 4 && w >= 20 {
                check_heatmap_shades(&cells, labels, lw);
            }
        }
    }
}

#[test]
fn heatmap_labels_cut_by_width() {
    let d = scores(&LONG);
    // a pane with room: the labels whole (12 columns), the four columns of numbers beside them
    let t = text(&draw(70, 9, HeatmapView { data: &d, theme: Theme::plain() }));
    assert!(t.contains("  a一只小猫     -"), "{t}");
    assert!(t.contains("▶ 小猫咪小猫咪  "), "{t}");
    // 36 columns: four numbers (6 each) leave 9 for the labels: `a一只小猫` whole, `小猫咪小…`
    let t = text(&draw(36, 9, HeatmapView { data: &d, theme: Theme::plain() }));
    assert!(t.contains("  a一只小猫  -"), "{t}");
    assert!(t.contains("▶ 小猫咪小…   "), "{t}");
    // 34 columns: no wider than the cut, 7 columns: `a一只` (5) and `…` (6), padded to 7;
    // `小猫咪…` (7)
    let t = text(&draw(34, 9, HeatmapView { data: &d, theme: Theme::plain() }));
    assert!(t.contains("  a一只…  "), "{t}");
    assert!(t.contains("▶ 小猫咪…  "), "{t}");
    // column labels in 5 columns: `a一…` (4) and `小猫…` (5), right-aligned over the numbers
    assert!(t.contains(" a一… 小猫…"), "{t}");
}

#[test]
fn heatmap_snapshots() {
    let src = scores(&SRC);
    let long = scores(&LONG);
    let feats = features(&SRC);
    let out = [
        text(&draw(70, 11, HeatmapView { data: &src, theme: Theme::plain() })),
        text(&draw(60, 9, HeatmapView { data: &long, theme: Theme::plain() })),
        text(&draw(36, 8, HeatmapView { data: &src, theme: Theme::plain() })),
        text(&draw(50, 10, HeatmapView { data: &feats, theme: Theme::plain() })),
    ];
    insta::assert_snapshot!(out.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Mask grid
// ---------------------------------------------------------------------------------------------

fn causal(labels: &[&str]) -> MaskData {
    let n = labels.len();
    MaskData {
        values: Array2::from_shape_fn((n, n), |(i, j)| if j <= i { 1.0 } else { 0.0 }),
        row_labels: strings(labels),
        col_labels: strings(labels),
        row_axis: "query".into(),
        col_axis: "key".into(),
        kind: MaskKind::Causal,
        shape_note: format!("(1, 1, {n}, {n}): the same for every sentence and head"),
        selected_row: Some(3),
        row_notes: Vec::new(),
        withheld: false,
    }
}

fn padding() -> MaskData {
    let values = Array2::from_shape_fn((2, 7), |(i, j)| if i == 1 && j >= 5 { 0.0 } else { 1.0 });
    MaskData {
        values,
        row_labels: strings(["第一句", "第二句"]),
        col_labels: strings(0..7),
        row_axis: "batch row".into(),
        col_axis: "key position".into(),
        kind: MaskKind::Padding,
        shape_note: "(2, 1, 1, 7): one row per sentence, broadcast over every query".into(),
        selected_row: Some(1),
        row_notes: strings(["<bos> 我 有 一 只 猫 <eos>", "<bos> 我 爱 猫 <eos> <pad> <pad>"]),
        withheld: false,
    }
}

/// Every row's `■`/`·` glyphs sit in the same columns, and each column's label is centred over
/// its glyph (the label's columns contain the glyph's column).
fn check_mask(cells: &[Vec<String>], labels: &[&str], cols: usize) {
    let rows: Vec<&Vec<String>> = cells.iter().filter(|l| l.iter().any(|c| c == "■" || c == "·")).collect();
    let rows: Vec<&Vec<String>> = rows
        .into_iter()
        .filter(|l| !line_text(l).contains("= 1 (visible)") && !line_text(l).contains("rows:"))
        .collect();
    assert!(!rows.is_empty(), "no mask rows:\n{}", text(cells));
    let glyph_cols = |l: &Vec<String>| -> Vec<usize> {
        l.iter().enumerate().filter(|(_, c)| *c == "■" || *c == "·").map(|(x, _)| x).collect()
    };
    let first = glyph_cols(rows[0]);
    for row in &rows {
        assert_eq!(glyph_cols(row), first, "row {:?} does not line up:\n{}", line_text(row), text(cells));
    }
    let lw = label_w(labels, 7);
    let header_y = cells.iter().position(|l| std::ptr::eq(l, rows[0])).unwrap() - 1;
    let header = &cells[header_y];
    if first.len() == cols && !line_text(header).contains("more column") {
        for &x in &first {
            let run = runs(header, lw + 3).into_iter().find(|r| r.0 <= x && x < r.1);
            assert!(run.is_some(), "no label over the glyph at column {x}:\n{}", text(cells));
        }
    }
}

#[test]
fn mask_with_chinese_labels_lines_up() {
    for labels in [&SRC[..], &MIXED[..], &LONG[..]] {
        let d = causal(labels);
        for (w, h) in SIZES {
            let cells = draw(w, h, MaskGridView { data: &d, theme: Theme::plain() });
            let lw = chosen_label_w(transformer_tutor::ui::views::mask_grid::label_width_in(&d, w), labels, 7);
            check_label_field(w, h, lw, MaskGridView { data: &d, theme: Theme::plain() });
            if h >= 4 && w >= 20 {
                check_mask(&cells, labels, labels.len());
            }
        }
    }
    let d = padding();
    for (w, h) in SIZES {
        draw(w, h, MaskGridView { data: &d, theme: Theme::plain() });
    }
}

#[test]
fn mask_snapshots() {
    let src = causal(&SRC);
    let mixed = causal(&MIXED);
    let pad = padding();
    let out = [
        text(&draw(70, 11, MaskGridView { data: &src, theme: Theme::plain() })),
        text(&draw(40, 8, MaskGridView { data: &mixed, theme: Theme::plain() })),
        text(&draw(24, 8, MaskGridView { data: &src, theme: Theme::plain() })),
        text(&draw(78, 7, MaskGridView { data: &pad, theme: Theme::plain() })),
    ];
    insta::assert_snapshot!(out.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Vector table
// ---------------------------------------------------------------------------------------------

fn vectors(labels: &[&str]) -> VectorData {
    let rows = labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let v: Vec<f32> = (0..32).map(|j| ((i * 32 + j) as f32 * 0.61).sin() * (1.0 + i as f32 * 0.3)).collect();
            (l.to_string(), v)
        })
        .collect();
    VectorData {
        rows,
        col_axis: "feature".into(),
        selected_row: Some(2),
        caption: "batch 0 · embedding rows".into(),
        footer: vec![],
    }
}

/// Every row's strip (or numbers) starts in the column after the label column and its gap, and
/// the numbers end in the same columns on every line that has them.
fn check_vectors(cells: &[Vec<String>], lw: usize) {
    let gx = lw + 3;
    let body: Vec<&Vec<String>> = cells[1..]
        .iter()
        .filter(|l| !line_text(l).starts_with("scale:") && !line_text(l).trim_start().starts_with('…'))
        .filter(|l| !line_text(l).starts_with("cols:"))
        .filter(|l| l.iter().skip(gx).any(|c| !blank(c)))
        .collect();
    assert!(!body.is_empty(), "no rows:\n{}", text(cells));
    let mut number_ends: Option<Vec<usize>> = None;
    for line in body {
        assert!(blank(&line[gx - 1]), "no gap before column {gx} in {:?}:\n{}", line_text(line), text(cells));
        if line[gx] == "+" || line[gx] == "-" {
            let ends: Vec<usize> = runs(line, gx).iter().map(|r| r.1).collect();
            match &number_ends {
                None => number_ends = Some(ends),
                Some(e) => assert_eq!(&ends, e, "numbers out of line in {:?}:\n{}", line_text(line), text(cells)),
            }
        }
    }
}

#[test]
fn vector_table_with_chinese_labels_lines_up() {
    for labels in [&SRC[..], &MIXED[..], &LONG[..]] {
        let d = vectors(labels);
        for (w, h) in SIZES {
            let cells = draw(w, h, VectorTableView { data: &d, theme: Theme::plain() });
            let lw = chosen_label_w(transformer_tutor::ui::views::vector_table::label_width_in(&d, w), labels, 7);
            check_label_field(w, h, lw, VectorTableView { data: &d, theme: Theme::plain() });
            if h >= 4 && w >= 20 {
                check_vectors(&cells, lw);
            }
        }
    }
}

#[test]
fn vector_table_snapshots() {
    let src = vectors(&SRC[..4]);
    let long = vectors(&LONG);
    let out = [
        text(&draw(70, 10, VectorTableView { data: &src, theme: Theme::plain() })),
        text(&draw(70, 6, VectorTableView { data: &long, theme: Theme::plain() })),
    ];
    insta::assert_snapshot!(out.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Softmax rows
// ---------------------------------------------------------------------------------------------

fn softmax(xs: &[f32]) -> Vec<f32> {
    let m = xs.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = xs.iter().map(|x| (x - m).exp()).collect();
    let s: f32 = e.iter().sum();
    e.iter().map(|x| x / s).collect()
}

fn softmax_rows(labels: &[&str], fill: f32) -> Vec<SoftmaxRow> {
    let n = labels.len();
    (0..n)
        .map(|i| {
            let s: Vec<f32> =
                (0..n)
                    .map(|j| {
                        if j > i {
                            fill
                        } else {
                            ((i * 7 + j * 3) % 5) as f32 * 0.5 - 0.4 * (i as f32 - j as f32).abs()
                        }
                    })
                    .collect();
            let weights = softmax(&s);
            SoftmaxRow {
                label: labels[i].to_string(),
                sum: weights.iter().sum(),
                masked: (0..n).map(|j| j > i).collect(),
                weights,
            }
        })
        .collect()
}

fn softmax_data(labels: &[&str], what_if: bool) -> SoftmaxData {
    SoftmaxData {
        rows: softmax_rows(labels, -1e9),
        col_labels: strings(labels),
        selected_row: Some(2),
        caption: "batch 0 · head 0 of 4".to_string(),
        label: "masked_fill(-1e9), as the code does".to_string(),
        what_if: what_if.then(|| ("mask × scores, as note 001 §5.1 says".to_string(), softmax_rows(labels, 0.0))),
        key_focus: Vec::new(),
    }
}

const LEVEL_GLYPHS: &str = "▁▂▃▄▅▆▇█✕";

/// The parts of each line: the whole line, or the two sides of a `│` between two runs drawn
/// side by side. Each part is (side, line index, cells): side 0 for a whole line, 1 and 2 for
/// the left and right of a split line.
fn parts(cells: &[Vec<String>]) -> Vec<(usize, usize, Vec<String>)> {
    let mut out = Vec::new();
    for (y, l) in cells.iter().enumerate() {
        match l.iter().position(|c| c == "│") {
            Some(b) if b >= 1 => {
                out.push((1, y, l[..b - 1].to_vec()));
                out.push((2, y, l[(b + 2).min(l.len())..].to_vec()));
            }
            _ => out.push((0, y, l.clone())),
        }
    }
    out
}

/// The grids: each row's level glyphs (or `✕`) sit in the same columns, and in the numbers
/// modes each key's label starts in its cells' first column.
fn check_softmax(cells: &[Vec<String>], labels: &[&str]) {
    let lw = label_w(labels, 6);
    let x0 = lw + 3;
    let all = parts(cells);
    let glyph = |c: &String| !c.is_empty() && !blank(c) && LEVEL_GLYPHS.contains(c.as_str());
    // grid rows: the mark column and a space, the label from column 2, a gap, a glyph at x0
    let is_row = |l: &Vec<String>| {
        l.len() > x0 && (blank(&l[0]) || l[0] == "▶") && blank(&l[1]) && blank(&l[x0 - 1]) && glyph(&l[x0])
    };
    for side in 0..3 {
        let rows: Vec<&(usize, usize, Vec<String>)> = all.iter().filter(|p| p.0 == side && is_row(&p.2)).collect();
        // a stacked pair of grids: one block of consecutive lines per grid
        let mut blocks: Vec<Vec<&(usize, usize, Vec<String>)>> = Vec::new();
        for r in rows {
            match blocks.last_mut() {
                Some(b) if b.last().unwrap().1 + 1 == r.1 => b.push(r),
                _ => blocks.push(vec![r]),
            }
        }
        for block in blocks {
            let glyph_cols = |l: &Vec<String>| -> Vec<usize> { (x0..l.len()).filter(|&x| glyph(&l[x])).collect() };
            let first = glyph_cols(&block[0].2);
            for (_, _, row) in &block {
                assert_eq!(glyph_cols(row), first, "softmax row {:?} out of line:\n{}", line_text(row), text(cells));
            }
            let cw = if first.len() > 1 { first[1] - first[0] } else { 0 };
            if cw == 6 && first.len() == labels.len() {
                let y = block[0].1 - 1;
                let header = &all.iter().find(|p| p.0 == side && p.1 == y).expect("a header line").2;
                let starts: Vec<usize> =
                    runs(header, x0).iter().map(|r| r.0).filter(|&s| s < x0 + cw * labels.len()).collect();
                assert_eq!(starts, first, "key labels not over their cells:\n{}", text(cells));
            }
        }
    }
}

/// The detail (one line per key: the key, a bar, the weight): on each side the weights end in
/// the same column.
fn check_softmax_detail(cells: &[Vec<String>]) {
    let all = parts(cells);
    for side in 0..3 {
        let mut ends: Vec<usize> = all
            .iter()
            .filter(|p| p.0 == side && !p.2.is_empty() && !blank(&p.2[0]) && p.2[0] != "▶" && p.2[0] != "✕")
            .filter_map(|(_, _, l)| {
                let &(s, e) = runs(l, 0).last()?;
                let word = l[s..e].concat();
                (word.len() == 5 && word.contains('.') && word.parse::<f32>().is_ok()).then_some(e)
            })
            .collect();
        ends.dedup();
        assert!(ends.len() <= 1, "detail weights end in columns {ends:?}:\n{}", text(cells));
    }
}

#[test]
fn softmax_with_chinese_labels_lines_up() {
    for labels in [&SRC[..], &MIXED[..], &LONG[..]] {
        for what_if in [false, true] {
            let d = softmax_data(labels, what_if);
            for (w, h) in SIZES {
                let cells = draw(w, h, SoftmaxRowsView { data: &d, theme: Theme::plain() });
                check_softmax(&cells, labels);
                check_softmax_detail(&cells);
            }
        }
    }
}

#[test]
fn softmax_snapshots() {
    let plain = softmax_data(&SRC, false);
    let what_if = softmax_data(&SRC, true);
    let mixed = softmax_data(&MIXED, true);
    let out = [
        text(&draw(78, 22, SoftmaxRowsView { data: &what_if, theme: Theme::plain() })),
        text(&draw(60, 14, SoftmaxRowsView { data: &plain, theme: Theme::plain() })),
        text(&draw(36, 12, SoftmaxRowsView { data: &plain, theme: Theme::plain() })),
        text(&draw(78, 9, SoftmaxRowsView { data: &mixed, theme: Theme::plain() })),
    ];
    insta::assert_snapshot!(out.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// LayerNorm
// ---------------------------------------------------------------------------------------------

fn stats(v: &[f32]) -> MeanStd {
    let n = v.len() as f32;
    let mean = v.iter().sum::<f32>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f32>() / (n - 1.0);
    MeanStd { mean, std: var.sqrt() }
}

fn layernorm_data(labels: &[&str], selected: usize) -> LayerNormData {
    let d = 32;
    let mut tokens = Vec::new();
    let (mut before, mut after) = (Vec::new(), Vec::new());
    for (i, label) in labels.iter().enumerate() {
        let x: Vec<f32> = (0..d).map(|k| ((k * 3 + i * 5) as f32 * 0.37).sin() * (0.6 + 0.15 * i as f32)).collect();
        let sub: Vec<f32> = (0..d).map(|k| ((k * 7 + i) as f32 * 0.23).cos() * 0.8 + 0.05 * i as f32).collect();
        let sum: Vec<f32> = x.iter().zip(&sub).map(|(a, b)| a + b).collect();
        let s = stats(&sum);
        let normed: Vec<f32> = sum.iter().map(|v| (v - s.mean) / (s.std + 1e-6)).collect();
        if i == selected {
            before = sum.clone();
            after = normed.clone();
        }
        tokens.push(TokenNormStats {
            label: label.to_string(),
            x: stats(&x),
            sublayer: stats(&sub),
            sum: s,
            normed: stats(&normed),
            out: stats(&normed),
        });
    }
    LayerNormData {
        tokens,
        selected,
        before,
        after,
        names: ["enc.0.norm1.sum".to_string(), "src.x".to_string(), "enc.0.self_attn.out".to_string()],
        caption: "enc.0 · x + self_attn(x), then LayerNorm".to_string(),
    }
}

/// Every token line's statistics cells end in the same columns.
fn check_layernorm(cells: &[Vec<String>], lw: usize) {
    let rows: Vec<&Vec<String>> = cells
        .iter()
        .filter(|l| l.len() > lw + 3 && line_text(&l[lw + 2..]).trim_start().starts_with(['+', '-']))
        .filter(|l| line_text(l).contains('/'))
        .collect();
    assert!(!rows.is_empty(), "no token rows:\n{}", text(cells));
    let ends = |l: &Vec<String>| -> Vec<usize> { runs(l, lw + 2).iter().map(|r| r.1).collect() };
    let first = ends(rows[0]);
    for row in &rows {
        assert!(blank(&row[lw + 2]), "label runs into the first cell in {:?}:\n{}", line_text(row), text(cells));
        assert_eq!(ends(row), first, "token row {:?} out of line:\n{}", line_text(row), text(cells));
    }
}

#[test]
fn layernorm_with_chinese_labels_lines_up() {
    for labels in [&SRC[..], &MIXED[..], &LONG[..]] {
        let d = layernorm_data(labels, 1);
        for (w, h) in SIZES {
            let cells = draw(w, h, LayerNormView { data: &d, theme: Theme::plain() });
            // the labels whole where the table keeps its columns beside them, else cut to 6
            let lw = transformer_tutor::ui::views::layernorm::label_width(&d, w as usize);
            assert!(lw == label_w(labels, 6).max(6) || lw == label_w(labels, 16).max(6), "{lw}");
            check_label_field(w, h, lw, LayerNormView { data: &d, theme: Theme::plain() });
            if h >= 4 && w >= 24 {
                check_layernorm(&cells, lw);
            }
        }
    }
}

#[test]
fn layernorm_snapshots() {
    let src = layernorm_data(&SRC, 5);
    let long = layernorm_data(&LONG, 1);
    let out = [
        text(&draw(78, 14, LayerNormView { data: &src, theme: Theme::plain() })),
        text(&draw(50, 10, LayerNormView { data: &long, theme: Theme::plain() })),
    ];
    insta::assert_snapshot!(out.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Top words
// ---------------------------------------------------------------------------------------------

fn top_words() -> TopWordsData {
    let words = [
        ["I", "我", "a", "cat", "<eos>"],
        ["have", "有", "am", "猫咪", "the"],
        ["a", "一只", "one", "two", "some"],
        ["cat", "猫", "dog", "小猫咪小猫咪", "<eos>"],
    ];
    let labels = ["<bos>", "I", "have", "a一只小猫"];
    let rows = labels
        .iter()
        .zip(words)
        .map(|(l, ws)| {
            let ps = [0.412, 0.203, 0.101, 0.052, 0.031];
            (l.to_string(), ws.iter().zip(ps).map(|(w, p)| (w.to_string(), p)).collect())
        })
        .collect();
    TopWordsData { rows, rest: vec![0.201; 4], vocab: 40, selected_row: Some(1), caption: "batch 0 · probs".into() }
}

/// Every row's first entry starts at the same column, and only whole entries are drawn: the
/// last thing on a row is a probability.
fn check_top_words(cells: &[Vec<String>], lw: usize) {
    let rows = &cells[2..];
    for row in rows.iter().filter(|l| l.iter().any(|c| !blank(c))) {
        let r = runs(row, lw + 3);
        if r.is_empty() {
            continue;
        }
        assert_eq!(r[0].0, lw + 3, "first entry of {:?} out of line:\n{}", line_text(row), text(cells));
        let last: String = row[r.last().unwrap().0..r.last().unwrap().1].concat();
        assert!(
            last.len() == 5 && last.parse::<f32>().is_ok(),
            "row {:?} ends in {last:?}, not a whole entry:\n{}",
            line_text(row),
            text(cells)
        );
    }
}

#[test]
fn top_words_with_chinese_words_line_up() {
    let d = top_words();
    for (w, h) in SIZES {
        let cells = draw(w, h, TopWordsView { data: &d, theme: Theme::plain() });
        let labels: Vec<&str> = d.rows.iter().map(|r| r.0.as_str()).collect();
        let lw = chosen_label_w(transformer_tutor::ui::views::top_words::label_width(&d, w), &labels, 6);
        check_label_field(w, h, lw, TopWordsView { data: &d, theme: Theme::plain() });
        if h >= 3 {
            check_top_words(&cells, lw);
        }
    }
    // every width from one entry to all of them: whole entries only
    for w in 20..=90 {
        let lw = transformer_tutor::ui::views::top_words::label_width(&d, w);
        check_top_words(&draw(w, 6, TopWordsView { data: &d, theme: Theme::plain() }), lw);
    }
}

#[test]
fn top_words_snapshots() {
    let d = top_words();
    let out = [
        text(&draw(90, 6, TopWordsView { data: &d, theme: Theme::plain() })),
        text(&draw(44, 6, TopWordsView { data: &d, theme: Theme::plain() })),
    ];
    insta::assert_snapshot!(out.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Every widget at every width: no split characters, nothing past the area
// ---------------------------------------------------------------------------------------------

#[test]
fn every_widget_at_every_width_keeps_wide_characters_whole() {
    let sm = softmax_data(&LONG, true);
    let ln = layernorm_data(&LONG, 2);
    let hm = scores(&LONG);
    let ft = features(&LONG);
    let mk = causal(&LONG);
    let vt = vectors(&LONG);
    let tw = top_words();
    for theme in [Theme::plain(), Theme { color: true }] {
        for w in 1..=80u16 {
            for h in [1u16, 3, 7, 12] {
                draw(w, h, HeatmapView { data: &hm, theme });
                draw(w, h, HeatmapView { data: &ft, theme });
                draw(w, h, MaskGridView { data: &mk, theme });
                draw(w, h, VectorTableView { data: &vt, theme });
                draw(w, h, SoftmaxRowsView { data: &sm, theme });
                draw(w, h, LayerNormView { data: &ln, theme });
                draw(w, h, TopWordsView { data: &tw, theme });
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A whole frame: Chinese lesson title, prose and status message
// ---------------------------------------------------------------------------------------------

fn masks_app() -> App {
    masks_app_with(|_| {})
}

/// The masks lesson, changed by `change` before the app opens it.
fn masks_app_with(change: impl FnOnce(&mut transformer_tutor::lesson::Lesson)) -> App {
    let weights = Arc::new(transformer_tutor::setup::seeded(Preset::Tutor, 0));
    let catalog = Catalog::built_in(&weights).expect("built-in lessons load");
    let mut lesson = catalog.get("masks").expect("masks lesson").clone();
    change(&mut lesson);
    App::new(lesson, weights).expect("lesson sentences encode")
}

fn frame_cells(app: &App, w: u16, h: u16) -> Vec<Vec<String>> {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    transformer_tutor::ui::draw_app(app, Theme::plain(), area, &mut buf);
    display_cells(&buf, area)
}

#[test]
fn status_bar_with_chinese_message_fits_the_line() {
    let mut app = masks_app();
    app.set_status("已复制：我有一只猫 → I have a cat");
    for (w, h) in [(120, 40), (80, 24), (100, 30)] {
        let cells = frame_cells(&app, w, h);
        let status = line_text(cells.last().unwrap());
        // the whole message, right-aligned: it ends one column before the edge, as an ASCII one
        let last = cells.last().unwrap();
        assert!(status.trim_end().ends_with("I have a cat"), "{status:?}");
        assert!(blank(&last[w as usize - 1]) && !blank(&last[w as usize - 2]), "not right-aligned: {status:?}");
    }
    // a message longer than the line goes under it, wrapped by width (never half a character)
    // on up to three lines; the last is cut with … and every line keeps its blank last column
    app.set_status("猫".repeat(200));
    for w in [80, 81] {
        let cells = frame_cells(&app, w, 24);
        let n = cells.len();
        let place = line_text(&cells[n - 4]);
        assert!(place.starts_with(" masks beat 1/"), "{place:?}");
        for row in &cells[n - 3..] {
            let t = line_text(row);
            assert!(t.trim().starts_with("猫猫猫"), "{t:?}");
            assert!(blank(&row[w as usize - 1]), "{t:?}");
        }
        assert!(line_text(&cells[n - 1]).trim_end().ends_with('…'), "the rest is cut");
    }
}

#[test]
fn frame_with_chinese_prose_and_title() {
    let prose = format!("{}\n\n{}", "我有一只猫。".repeat(30), "The mask 掩码 hides 未来的 tokens.");
    let mut app = masks_app_with(|lesson| {
        let en = transformer_tutor::lang::Lang::En;
        *lesson.title.get_mut(en) = "掩码：模型看不到的位置".to_string();
        *lesson.beats[0].pieces.get_mut(en) = vec![transformer_tutor::lesson::facts::Piece::Text(prose.clone())];
        *lesson.beats[0].text.get_mut(en) = prose;
    });
    for (w, h) in [(120, 40), (80, 24)] {
        let cells = frame_cells(&app, w, h);
        let t = text(&cells);
        assert!(t.contains("掩码：模型看不到的位置"), "{t}");
        assert!(t.contains("我有一只猫"), "{t}");
    }
    // the prose scrolls to its last line and no further: the last line shows
    for _ in 0..u16::MAX / 3 {
        app.update(transformer_tutor::app::Action::ScrollDown);
    }
    assert_eq!(app.prose_scroll(), u16::MAX, "nothing on screen held the scroll back");
    let cells = frame_cells(&app, 80, 24);
    let t = text(&cells);
    assert!(t.contains("tokens (词元)."), "{t}");
}

// ---------------------------------------------------------------------------------------------
// Word wrap
// ---------------------------------------------------------------------------------------------

fn widths(lines: &[String]) -> Vec<usize> {
    lines.iter().map(|l| l.width()).collect()
}

#[test]
fn wrap_breaks_between_chinese_characters() {
    // 我有一只猫 five times: 25 characters, 50 columns, no spaces
    let text = "我有一只猫".repeat(5);
    let lines = wrap(&text, 20);
    assert_eq!(lines, ["我有一只猫我有一只猫", "我有一只猫我有一只猫", "我有一只猫"]);
    // an odd width: nine characters fill 18 of 19 columns; the tenth does not fit
    let lines = wrap(&text, 19);
    assert_eq!(widths(&lines), [18, 18, 14]);
    assert_eq!(lines.concat(), text, "nothing lost, nothing split");
    for w in 2..=60 {
        let lines = wrap(&text, w);
        assert!(widths(&lines).iter().all(|&lw| lw <= w), "width {w}: {lines:?}");
        assert_eq!(lines.concat(), text, "width {w}");
    }
}

#[test]
fn wrap_mixed_english_and_chinese() {
    let text = "The source 我有一只猫 is five characters, the target I have a cat four words.";
    let lines = wrap(text, 24);
    assert_eq!(lines, ["The source 我有一只猫 is", "five characters, the", "target I have a cat four", "words."]);
    let lines = wrap(text, 16);
    assert_eq!(lines, ["The source 我有", "一只猫 is five", "characters, the", "target I have a", "cat four words."]);
    // from the longest English word (`characters,`, 11 columns) up
    for w in 11..=80 {
        let lines = wrap(text, w);
        assert!(widths(&lines).iter().all(|&lw| lw <= w), "width {w}: {lines:?}");
        // the words and characters in order: only spaces change
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        assert_eq!(squeeze(&lines.join(" ")), squeeze(text), "width {w}");
    }
}

#[test]
fn wrap_keeps_chinese_punctuation_off_the_line_start() {
    // `。` and `，` never start a line; they stay with the character before them
    let lines = wrap("我有一只猫。猫很小，很可爱。", 12);
    // (and no paragraph ends on one character: `可` comes down with `爱。`)
    assert_eq!(lines, ["我有一只猫。", "猫很小，很", "可爱。"]);
    assert!(lines.iter().all(|l| !l.starts_with(['。', '，'])));
    // `猫` would fit the first line, but then `。` would start the second: they go down together
    let lines = wrap("我有一只猫。", 10);
    assert_eq!(lines, ["我有一", "只猫。"]);
}

#[test]
fn wrap_of_english_is_unchanged() {
    let text = "Greedy word wrap keeps words whole.\n\nA second paragraph, after a blank line.";
    assert_eq!(
        wrap(text, 16),
        ["Greedy word wrap", "keeps words", "whole.", "", "A second", "paragraph, after", "a blank line."]
    );
}

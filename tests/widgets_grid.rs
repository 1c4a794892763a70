//! Snapshots of the grid widgets (heatmap, mask grid, vector table) as a learner sees them,
//! and no-panic checks for tiny areas.

use ndarray::Array2;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use transformer_tutor::app::view_data::{HeatmapData, MASKED_SCORE, MaskData, MaskKind, VectorData};
use transformer_tutor::ui::theme::Theme;
use transformer_tutor::ui::views::heatmap::HeatmapView;
use transformer_tutor::ui::views::mask_grid::MaskGridView;
use transformer_tutor::ui::views::vector_table::VectorTableView;

const TOKENS: [&str; 6] = ["<bos>", "I", "have", "a", "cat", "<eos>"];

fn strings<S: ToString>(xs: impl IntoIterator<Item = S>) -> Vec<String> {
    xs.into_iter().map(|x| x.to_string()).collect()
}

/// Attention scores for one head: numbers on and below the diagonal, −1e9 above it.
fn scores() -> HeatmapData {
    let raw = [
        [0.42, 0.0, 0.0, 0.0, 0.0, 0.0],
        [-1.07, 2.31, 0.0, 0.0, 0.0, 0.0],
        [0.15, -0.66, 12.3, 0.0, 0.0, 0.0],
        [1.9, 0.08, -2.5, 0.73, 0.0, 0.0],
        [-0.3, 0.91, 0.004, -0.002, 1.12, 0.0],
        [0.5, -1.23, 0.77, 3.05, -0.41, 0.06],
    ];
    let values = Array2::from_shape_fn((6, 6), |(i, j)| if j > i { MASKED_SCORE } else { raw[i][j] });
    HeatmapData {
        values,
        row_labels: strings(TOKENS),
        col_labels: strings(TOKENS),
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

/// Four tokens' 32 features (e.g. Q after W_q): too many columns for numbers.
fn features() -> HeatmapData {
    let values = Array2::from_shape_fn((4, 32), |(i, j)| ((i as f32 + 1.0) * 0.7 + j as f32 * 0.35).sin() * 1.5);
    HeatmapData {
        values,
        row_labels: strings(["<bos>", "I", "have", "a"]),
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

/// Attention weights (all in [0, 1]): a sequential scale.
fn weights() -> HeatmapData {
    let values = Array2::from_shape_fn((3, 3), |(i, j)| if j > i { 0.0 } else { 1.0 / (i as f32 + 1.0) });
    HeatmapData {
        values,
        row_labels: strings(["<bos>", "I", "have"]),
        col_labels: strings(["<bos>", "I", "have"]),
        row_axis: "query".into(),
        col_axis: "key".into(),
        selected_row: None,
        selected_col: None,
        caption: "batch 0 · head 0 of 4".into(),
        footer: Vec::new(),
        shade_over: None,
        fit_whole: false,
        withheld_row: false,
    }
}

fn causal() -> MaskData {
    MaskData {
        values: Array2::from_shape_fn((6, 6), |(i, j)| if j <= i { 1.0 } else { 0.0 }),
        row_labels: strings(TOKENS),
        col_labels: strings(TOKENS),
        row_axis: "query".into(),
        col_axis: "key".into(),
        kind: MaskKind::Causal,
        shape_note: "(1, 1, 6, 6): the same for every sentence and head".into(),
        selected_row: Some(3),
        row_notes: Vec::new(),
        withheld: false,
    }
}

fn padding() -> MaskData {
    let values = Array2::from_shape_fn((2, 6), |(i, j)| if i == 1 && j >= 4 { 0.0 } else { 1.0 });
    MaskData {
        values,
        row_labels: strings(["row 0", "row 1"]),
        col_labels: strings(0..6),
        row_axis: "batch row".into(),
        col_axis: "key position".into(),
        kind: MaskKind::Padding,
        shape_note: "(2, 1, 1, 6): one row per sentence, broadcast over every query".into(),
        selected_row: Some(1),
        row_notes: strings(["<bos> I have a cat <eos>", "<bos> I love cats <pad> <pad>"]),
        withheld: false,
    }
}

fn vectors() -> VectorData {
    let rows = (0..4)
        .map(|i| {
            let v: Vec<f32> = (0..32).map(|j| ((i * 32 + j) as f32 * 0.61).sin() * (1.0 + i as f32 * 0.3)).collect();
            (TOKENS[i].to_string(), v)
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

fn render(w: u16, h: u16, widget: impl Widget) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(widget, f.area())).unwrap();
    terminal.backend().to_string()
}

fn plain() -> Theme {
    Theme::plain()
}

#[test]
fn heatmap_masked_scores() {
    let d = scores();
    insta::assert_snapshot!(render(70, 11, HeatmapView { data: &d, theme: plain() }));
}

#[test]
fn heatmap_weights_sequential() {
    let d = weights();
    insta::assert_snapshot!(render(50, 6, HeatmapView { data: &d, theme: plain() }));
}

#[test]
fn heatmap_features_narrow() {
    let d = features();
    insta::assert_snapshot!(render(76, 8, HeatmapView { data: &d, theme: plain() }));
}

#[test]
fn heatmap_features_cut_columns() {
    let d = features();
    insta::assert_snapshot!(render(36, 8, HeatmapView { data: &d, theme: plain() }));
}

#[test]
fn heatmap_features_one_character_cells_when_two_do_not_fit() {
    let d = features();
    insta::assert_snapshot!(render(50, 8, HeatmapView { data: &d, theme: plain() }));
}

#[test]
fn heatmap_cut_rows() {
    let d = scores();
    insta::assert_snapshot!(render(60, 6, HeatmapView { data: &d, theme: plain() }));
}

#[test]
fn heatmap_cut_rows_keeps_selected() {
    let mut d = scores();
    d.selected_row = Some(5);
    insta::assert_snapshot!(render(60, 6, HeatmapView { data: &d, theme: plain() }));
}

#[test]
fn mask_causal() {
    let d = causal();
    insta::assert_snapshot!(render(70, 11, MaskGridView { data: &d, theme: plain() }));
}

#[test]
fn mask_padding() {
    let d = padding();
    insta::assert_snapshot!(render(70, 7, MaskGridView { data: &d, theme: plain() }));
}

#[test]
fn mask_causal_short() {
    let d = causal();
    insta::assert_snapshot!(render(40, 7, MaskGridView { data: &d, theme: plain() }));
}

#[test]
fn vector_table() {
    let d = vectors();
    insta::assert_snapshot!(render(70, 10, VectorTableView { data: &d, theme: plain() }));
}

#[test]
fn vector_table_short() {
    let d = vectors();
    insta::assert_snapshot!(render(70, 6, VectorTableView { data: &d, theme: plain() }));
}

/// The styles of a few cells, with colour on: a negative, a positive and a masked score, the
/// selected row's mark and label, a mask's ■ and ·.
#[test]
fn colour_styles() {
    let color = Theme { color: true };
    let area = Rect::new(0, 0, 70, 11);
    let mut heat = Buffer::empty(area);
    let d = scores();
    HeatmapView { data: &d, theme: color }.render(area, &mut heat);
    let mut mask = Buffer::empty(area);
    let m = causal();
    MaskGridView { data: &m, theme: color }.render(area, &mut mask);

    let cell = |buf: &Buffer, x: u16, y: u16| {
        let c = &buf[(x, y)];
        (x, y, c.symbol().to_string(), c.fg, c.bg, c.modifier)
    };
    // Heatmap: label margin is 8 wide (▶, space, 5-char label, space); cell j's number spans
    // x = 8 + 6j + 1 ..= 8 + 6j + 5. Row r is on line 2 + r.
    let heat_cells = vec![
        cell(&heat, 0, 4),  // ▶ of the selected row (query "have")
        cell(&heat, 2, 4),  // its label
        cell(&heat, 13, 3), // -1.07 (row I, key <bos>)
        cell(&heat, 25, 4), // 12.3 (the largest)
        cell(&heat, 19, 2), // −1e9 (row <bos>, key I): masked
    ];
    // Mask: the 3 header lines, then the column labels; cells centred in 6 wide.
    let mask_cells = vec![
        cell(&mask, 11, 4), // ■ (row <bos>, key <bos>)
        cell(&mask, 17, 4), // · (row <bos>, key I)
        cell(&mask, 0, 7),  // ▶ (row a)
    ];
    // Narrow shade cells and the legend: with colour the glyph takes the cell colour (fg = bg).
    let mut narrow = Buffer::empty(Rect::new(0, 0, 76, 8));
    let f = features();
    HeatmapView { data: &f, theme: color }.render(*narrow.area(), &mut narrow);
    let narrow_cells = vec![
        cell(&narrow, 8, 2),  // <bos>, feature 0
        cell(&narrow, 12, 7), // the legend's █ (max)
    ];
    insta::assert_debug_snapshot!((heat_cells, mask_cells, narrow_cells));
}

#[test]
fn tiny_areas_never_panic() {
    let h = scores();
    let f = features();
    let w = weights();
    let c = causal();
    let p = padding();
    let v = vectors();
    let empty_h = HeatmapData { values: Array2::zeros((0, 0)), ..scores() };
    let empty_m = MaskData { values: Array2::zeros((0, 3)), ..causal() };
    let empty_v = VectorData { rows: vec![], ..vectors() };
    let ragged_v = VectorData { rows: vec![("x".into(), vec![]), ("y".into(), vec![1.0, f32::NAN])], ..vectors() };
    let mut odd = scores();
    odd.values[[0, 0]] = f32::NAN;
    odd.values[[1, 0]] = f32::INFINITY;
    odd.row_labels.clear();
    odd.selected_row = Some(99);
    for theme in [Theme::plain(), Theme { color: true }] {
        for width in 0..=40u16 {
            for height in 0..=12u16 {
                let area = Rect::new(0, 0, width, height);
                for d in [&h, &f, &w, &empty_h, &odd] {
                    let mut buf = Buffer::empty(area);
                    HeatmapView { data: d, theme }.render(area, &mut buf);
                }
                for d in [&c, &p, &empty_m] {
                    let mut buf = Buffer::empty(area);
                    MaskGridView { data: d, theme }.render(area, &mut buf);
                }
                for d in [&v, &empty_v, &ragged_v] {
                    let mut buf = Buffer::empty(area);
                    VectorTableView { data: d, theme }.render(area, &mut buf);
                }
            }
        }
    }
    // An area offset inside a larger buffer, and one reaching past the buffer's edge.
    let mut buf = Buffer::empty(Rect::new(0, 0, 20, 5));
    HeatmapView { data: &h, theme: plain() }.render(Rect::new(15, 3, 10, 3), &mut buf);
    MaskGridView { data: &c, theme: plain() }.render(Rect::new(19, 4, 1, 1), &mut buf);
    VectorTableView { data: &v, theme: plain() }.render(Rect::new(5, 2, 100, 100), &mut buf);
}

#[test]
fn tiny_snapshots_clip() {
    let h = scores();
    let c = causal();
    let v = vectors();
    let out = [
        render(1, 1, HeatmapView { data: &h, theme: plain() }),
        render(10, 3, HeatmapView { data: &h, theme: plain() }),
        render(10, 3, MaskGridView { data: &c, theme: plain() }),
        render(10, 3, VectorTableView { data: &v, theme: plain() }),
    ];
    insta::assert_snapshot!(out.join("\n"));
}

/// A slice whose values are a millionth of the whole tensor's (a gradient's batch row that has
/// almost nothing left to learn) draws pale when the shades span the tensor, and the legend says
/// so; shaded over its own range alone, the same tiny values fill every shade.
#[test]
fn heatmap_shades_over_the_whole_tensor() {
    let mut tiny = features();
    tiny.values.mapv_inplace(|v| v * 1e-6);
    let own = render(76, 8, HeatmapView { data: &tiny, theme: plain() });
    let whole = HeatmapData { shade_over: Some((-5.0, 5.0)), ..tiny.clone() };
    let over = render(76, 8, HeatmapView { data: &whole, theme: plain() });
    let shades = |screen: &str| -> std::collections::BTreeSet<char> {
        let rows = screen.lines().skip(2).take(4);
        rows.flat_map(|l| l.chars().skip(6).filter(|c| " ░▒▓█".contains(*c) && *c != ' ').collect::<Vec<_>>()).collect()
    };
    assert!(shades(&own).len() > 1, "its own range spreads the shades:\n{own}");
    assert_eq!(shades(&over).len(), 1, "one pale shade over the whole tensor's range:\n{over}");
    assert!(over.contains("shades span the whole tensor"), "{over}");
    assert!(!own.contains("shades span"), "{own}");
}

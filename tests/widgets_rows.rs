//! Snapshots of the softmax-rows and LayerNorm widgets on small hand-made data, plain text
//! (Theme::plain) so the snapshots read as the learner sees them without colour.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::widgets::Widget;
use transformer_tutor::app::view_data::{LayerNormData, MeanStd, SoftmaxData, SoftmaxRow, TokenNormStats};
use transformer_tutor::ui::theme::Theme;
use transformer_tutor::ui::views::layernorm::LayerNormView;
use transformer_tutor::ui::views::softmax_rows::SoftmaxRowsView;

const TOKENS: [&str; 6] = ["<bos>", "I", "have", "a", "cat", "<eos>"];

/// Hand-made attention scores for query `i`, key `j`.
fn score(i: usize, j: usize) -> f32 {
    ((i * 7 + j * 3) % 5) as f32 * 0.5 - 0.4 * (i as f32 - j as f32).abs()
}

fn softmax(xs: &[f32]) -> Vec<f32> {
    let m = xs.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = xs.iter().map(|x| (x - m).exp()).collect();
    let s: f32 = e.iter().sum();
    e.iter().map(|x| x / s).collect()
}

fn row(i: usize, weights: Vec<f32>) -> SoftmaxRow {
    SoftmaxRow {
        label: TOKENS[i].to_string(),
        sum: weights.iter().sum(),
        masked: (0..TOKENS.len()).map(|j| j > i).collect(),
        weights,
    }
}

/// Causal attention over `<bos> I have a cat <eos>`: masked_fill(-1e9), so the future is 0.
fn causal_rows() -> Vec<SoftmaxRow> {
    (0..TOKENS.len())
        .map(|i| {
            let filled: Vec<f32> = (0..TOKENS.len()).map(|j| if j > i { -1e9 } else { score(i, j) }).collect();
            row(i, softmax(&filled))
        })
        .collect()
}

/// The same with mask × scores: hidden scores become 0, not -1e9, and keep weight.
fn what_if_rows() -> Vec<SoftmaxRow> {
    (0..TOKENS.len())
        .map(|i| {
            let multiplied: Vec<f32> = (0..TOKENS.len()).map(|j| if j > i { 0.0 } else { score(i, j) }).collect();
            row(i, softmax(&multiplied))
        })
        .collect()
}

fn softmax_data(what_if: bool) -> SoftmaxData {
    SoftmaxData {
        rows: causal_rows(),
        col_labels: TOKENS.iter().map(|s| s.to_string()).collect(),
        selected_row: Some(2),
        caption: "batch 0 · head 0 of 4".to_string(),
        label: "masked_fill(-1e9), as the code does".to_string(),
        what_if: what_if.then(|| ("mask × scores, as note 001 §5.1 says".to_string(), what_if_rows())),
        key_focus: Vec::new(),
    }
}

fn stats(v: &[f32]) -> MeanStd {
    let n = v.len() as f32;
    let mean = v.iter().sum::<f32>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f32>() / (n - 1.0);
    MeanStd { mean, std: var.sqrt() }
}

/// Add & Norm over `n` tokens of d = 32, gamma = 1 and beta = 0 as at initialisation.
fn layernorm_data(n: usize, selected: usize) -> LayerNormData {
    let d = 32;
    let labels = ["<bos>", "I", "have", "a", "cat", "<eos>", "and", "the", "dog", "too"];
    let mut tokens = Vec::new();
    let (mut before, mut after) = (Vec::new(), Vec::new());
    for (i, label) in labels.iter().enumerate().take(n) {
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

fn draw(w: u16, h: u16, view: impl Widget) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(view, f.area())).unwrap();
    terminal
}

fn softmax_view(data: &SoftmaxData, theme: Theme) -> SoftmaxRowsView<'_> {
    SoftmaxRowsView { data, theme }
}

#[test]
fn causal_rows_sum_to_one() {
    for r in causal_rows().iter().chain(what_if_rows().iter()) {
        assert!((r.sum - 1.0).abs() < 1e-5, "{r:?}");
    }
}

#[test]
fn softmax_78x26() {
    let data = softmax_data(false);
    insta::assert_snapshot!(draw(78, 26, softmax_view(&data, Theme::plain())).backend());
}

#[test]
fn softmax_54x14() {
    let data = softmax_data(false);
    insta::assert_snapshot!(draw(54, 14, softmax_view(&data, Theme::plain())).backend());
}

#[test]
fn softmax_what_if_78x26() {
    let data = softmax_data(true);
    insta::assert_snapshot!(draw(78, 26, softmax_view(&data, Theme::plain())).backend());
}

#[test]
fn softmax_what_if_54x14() {
    let data = softmax_data(true);
    insta::assert_snapshot!(draw(54, 14, softmax_view(&data, Theme::plain())).backend());
}

#[test]
fn layernorm_78x16() {
    let data = layernorm_data(6, 0);
    insta::assert_snapshot!(draw(78, 16, LayerNormView { data: &data, theme: Theme::plain() }).backend());
}

#[test]
fn layernorm_60x10() {
    let data = layernorm_data(6, 0);
    insta::assert_snapshot!(draw(60, 10, LayerNormView { data: &data, theme: Theme::plain() }).backend());
}

#[test]
fn layernorm_ten_tokens_78x12() {
    let data = layernorm_data(10, 7);
    insta::assert_snapshot!(draw(78, 12, LayerNormView { data: &data, theme: Theme::plain() }).backend());
}

/// The first cell holding `symbol`, scanning rows top to bottom.
fn find(buf: &Buffer, symbol: &str) -> (u16, u16) {
    let a = buf.area;
    (a.y..a.bottom())
        .flat_map(|y| (a.x..a.right()).map(move |x| (x, y)))
        .find(|&(x, y)| buf[(x, y)].symbol() == symbol)
        .unwrap_or_else(|| panic!("no {symbol:?} in the buffer"))
}

#[test]
fn colour_styles() {
    let theme = Theme { color: true };
    let data = softmax_data(true);
    let t = draw(78, 26, softmax_view(&data, theme));
    let buf = t.backend().buffer();
    let mut cells = Vec::new();
    for symbol in ["▶", "✕", "!", "█"] {
        let (x, y) = find(buf, symbol);
        let c = &buf[(x, y)];
        cells.push((symbol, x, y, c.fg, c.bg, c.modifier));
    }
    let ln = layernorm_data(6, 4);
    let t = draw(78, 16, LayerNormView { data: &ln, theme });
    let buf = t.backend().buffer();
    // The first token's x̂ cell: mean ≈ 0 and std ≈ 1, so in the `good` colour.
    let (x, y) = find(buf, "▶");
    let normed_x = (0..buf.area.width).find(|&x| buf[(x, 1)].symbol() == "L").expect("LayerNorm heading");
    let c = &buf[(normed_x, y)];
    cells.push(("LayerNorm cell of the ▶ row", normed_x, y, c.fg, c.bg, c.modifier));
    let c = &buf[(x, y)];
    cells.push(("▶", x, y, c.fg, c.bg, c.modifier));
    insta::assert_debug_snapshot!(cells);
}

#[test]
fn tiny_areas_do_not_panic() {
    let plain = softmax_data(false);
    let what_if = softmax_data(true);
    let ln = layernorm_data(6, 4);
    let empty = SoftmaxData { rows: vec![], col_labels: vec![], selected_row: None, what_if: None, ..plain.clone() };
    let empty_ln = LayerNormData { tokens: vec![], selected: 3, before: vec![], after: vec![], ..ln.clone() };
    for (w, h) in [(0, 0), (1, 1), (10, 3), (3, 10), (20, 2), (30, 5), (40, 8), (54, 9), (200, 3), (2, 60)] {
        for theme in [Theme::plain(), Theme { color: true }] {
            for data in [&plain, &what_if, &empty] {
                draw(w, h, softmax_view(data, theme));
            }
            for data in [&ln, &empty_ln] {
                draw(w, h, LayerNormView { data, theme });
            }
        }
    }
}

#[test]
fn renders_into_a_sub_area_only() {
    // Drawn into the middle of a larger buffer, the widgets leave everything around untouched.
    let data = softmax_data(true);
    let ln = layernorm_data(6, 4);
    let full = ratatui::layout::Rect::new(0, 0, 90, 30);
    let inner = ratatui::layout::Rect::new(5, 4, 40, 9);
    for which in 0..2 {
        let mut buf = Buffer::empty(full);
        if which == 0 {
            softmax_view(&data, Theme::plain()).render(inner, &mut buf);
        } else {
            LayerNormView { data: &ln, theme: Theme::plain() }.render(inner, &mut buf);
        }
        for y in 0..full.height {
            for x in 0..full.width {
                if !inner.contains(ratatui::layout::Position { x, y }) {
                    assert_eq!(buf[(x, y)].symbol(), " ", "wrote outside at ({x}, {y})");
                }
            }
        }
    }
}

/// A row of NaN (what a fully masked row filled with -inf gives) is shown as NaN with its own
/// legend, never as "masked, yet weight > 0" beside prose saying rows sum to 1.
#[test]
fn nan_weights_show_as_nan_not_as_a_masked_leak() {
    let mut data = softmax_data(false);
    let n = TOKENS.len();
    data.rows[2] = row(2, vec![f32::NAN; n]);
    let terminal = draw(78, 26, softmax_view(&data, Theme::plain()));
    let text = terminal.backend().to_string();
    assert!(text.contains("NaN"), "{text}");
    assert!(text.contains("not a number"), "{text}");
    assert!(!text.contains("masked, yet weight > 0"), "{text}");
}

//! The pane beside the prose in the wide layout: a small map of the architecture with the
//! current place lit, or, while the dial (`-`/`+`) is on a checkpoint, the training-time pane:
//! the loss of every training step as a curve with the checkpoint's step marked, the step and
//! its loss, and what the model at that step translates the sentences into. The compact layout
//! has no room for either and names the dial's step in the shape trace's title.

use crate::app::dial::DialView;
use crate::app::state::{App, Pane};
use crate::app::theme::{SELECTED_MARK, Theme};
use crate::model::program::{Part, Place, Side};
use crate::strings;
use crate::text::{fit, pad};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

const LEVELS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The map's or the dial's pane, ready to draw.
#[derive(Debug, Clone)]
pub enum SidePane {
    /// The architecture map: a bordered pane (lit when focused) holding `lines`.
    Map { area: Rect, title: String, focused: bool, lines: Vec<Line<'static>> },
    /// The dial's pane: never focused; its lines were fitted to the pane (a wider one is noted).
    Dial { area: Rect, title: String, lines: Vec<Line<'static>> },
}

/// The rows the map's lines take: a heading per side and layer, the output and the legend.
pub(super) fn map_height(n_layers: usize, dec_layers: usize) -> u16 {
    (n_layers + dec_layers + 4) as u16
}

impl SidePane {
    pub(super) fn of(app: &App, theme: Theme, area: Rect) -> SidePane {
        if let Some(dial) = app.dial_view() {
            return dial_pane(&dial, theme, area);
        }
        let config = &app.setup().weights.config;
        let map = ArchitectureMap {
            place: app.run().program().op(app.op()).place,
            n_layers: config.n_layers,
            dec_layers: config.dec_layers,
            theme,
        };
        SidePane::Map { area, title: strings::MAP_TITLE.into(), focused: app.focus() == Pane::Map, lines: map.lines() }
    }
}

struct ArchitectureMap {
    place: Place,
    n_layers: usize,   // encoder layers
    dec_layers: usize, // decoder layers
    theme: Theme,
}

impl ArchitectureMap {
    /// One line per row of the map: a heading and its parts, each (label, place).
    fn rows(&self) -> Vec<(String, Vec<(&'static str, Place)>)> {
        let mut rows = vec![(
            strings::side_name(Side::Src).to_string(),
            vec![
                (strings::MAP_EMBED.get(), Place::Embedding(Side::Src)),
                (strings::MAP_PAD_MASK.get(), Place::Masks(Side::Src)),
            ],
        )];
        for layer in 0..self.n_layers {
            let p = |part| Place::Encoder { layer, part };
            rows.push((
                strings::map_encoder(layer),
                vec![
                    (strings::MAP_SELF_ATTN.get(), p(Part::SelfAttention)),
                    (strings::MAP_ADD_NORM, p(Part::AddNorm(1))),
                    (strings::MAP_FFN, p(Part::FeedForward)),
                    (strings::MAP_ADD_NORM, p(Part::AddNorm(2))),
                ],
            ));
        }
        rows.push((
            strings::side_name(Side::Tgt).to_string(),
            vec![
                (strings::MAP_EMBED.get(), Place::Embedding(Side::Tgt)),
                (strings::MAP_MASKS.get(), Place::Masks(Side::Tgt)),
            ],
        ));
        for layer in 0..self.dec_layers {
            let p = |part| Place::Decoder { layer, part };
            rows.push((
                strings::map_decoder(layer),
                vec![
                    (strings::MAP_MASKED_SELF.get(), p(Part::SelfAttention)),
                    (strings::MAP_ADD_NORM, p(Part::AddNorm(1))),
                    (strings::MAP_CROSS.get(), p(Part::CrossAttention)),
                    (strings::MAP_ADD_NORM, p(Part::AddNorm(2))),
                    (strings::MAP_FFN, p(Part::FeedForward)),
                    (strings::MAP_ADD_NORM, p(Part::AddNorm(3))),
                ],
            ));
        }
        rows.push((strings::MAP_OUTPUT.to_string(), vec![(strings::MAP_LINEAR_SOFTMAX, Place::Output)]));
        rows
    }

    pub fn lines(&self) -> Vec<Line<'static>> {
        self.rows()
            .into_iter()
            .map(|(head, parts)| {
                let lit = parts.iter().any(|(_, p)| *p == self.place);
                let mut spans = vec![
                    Span::styled(if lit { SELECTED_MARK } else { " " }, self.theme.highlight()),
                    Span::styled(pad(&head, 7), if lit { self.theme.highlight() } else { self.theme.dim() }),
                ];
                for (i, (label, place)) in parts.iter().enumerate() {
                    if i > 0 {
                        spans.push(Span::styled("·", self.theme.dim()));
                    }
                    if *place == self.place {
                        spans.push(Span::styled(format!("[{label}]"), self.theme.accent()));
                    } else {
                        spans.push(Span::raw(label.to_string()));
                    }
                }
                Line::from(spans)
            })
            .chain(std::iter::once(Line::styled(strings::MAP_LEGEND, self.theme.dim())))
            .collect()
    }
}

fn dial_pane(view: &DialView, theme: Theme, area: Rect) -> SidePane {
    let width = area.width.saturating_sub(2) as usize;
    let (curve, marked) = curve(view.losses, view.step, view.last_step, width);
    let summary = format!("{} · {}", strings::dial_step(view.step, view.last_step), strings::dial_loss(view.loss));
    let curve_line = |curve: &[char], marked: Option<usize>| {
        let mut spans = Vec::new();
        for (i, c) in curve.iter().enumerate() {
            let style = if Some(i) == marked { theme.highlight() } else { theme.dim() };
            spans.push(Span::styled(c.to_string(), style));
        }
        Line::from(spans)
    };
    let mut lines = vec![Line::styled(summary, theme.highlight()), curve_line(&curve, marked)];
    let marker = marked.map(|m| format!("{}▲", " ".repeat(m))).unwrap_or_default();
    lines.push(Line::styled(marker, theme.highlight()));
    lines.extend(view.translations.iter().map(|t| Line::from(fit(t, width))));
    SidePane::Dial { area, title: format!(" {} ", strings::DIAL_TITLE.get()), lines }
}

/// The loss of every step in `width` columns (each the mean of its steps, on a log scale from
/// the lowest to the highest), and the column of `step`.
fn curve(losses: &[f32], step: usize, last: usize, width: usize) -> (Vec<char>, Option<usize>) {
    if losses.is_empty() || width == 0 {
        return (Vec::new(), None);
    }
    let columns = width.min(losses.len());
    let means: Vec<f32> = (0..columns)
        .map(|c| {
            let (from, to) =
                (c * losses.len() / columns, ((c + 1) * losses.len() / columns).max(c * losses.len() / columns + 1));
            losses[from..to].iter().sum::<f32>() / (to - from) as f32
        })
        .collect();
    let log = |l: f32| l.max(1e-6).ln();
    let (lo, hi) =
        means.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &m| (lo.min(log(m)), hi.max(log(m))));
    let span = (hi - lo).max(1e-6);
    let chars =
        means.iter().map(|&m| LEVELS[(((log(m) - lo) / span) * 7.0).round().clamp(0.0, 7.0) as usize]).collect();
    let marked = (step * columns.saturating_sub(1)).checked_div(last.max(1)).map(|c| c.min(columns - 1));
    (chars, marked)
}

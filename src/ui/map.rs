//! A small map of the architecture with the current place lit.

use super::text::pad;
use super::theme::{SELECTED_MARK, Theme};
use crate::model::program::{Part, Place, Side};
use crate::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub struct ArchitectureMap {
    pub place: Place,
    pub n_layers: usize,   // encoder layers
    pub dec_layers: usize, // decoder layers
    pub theme: Theme,
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

    pub fn height(&self) -> u16 {
        (self.n_layers + self.dec_layers + 4) as u16
    }
}

impl Widget for ArchitectureMap {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Paragraph::new(self.lines()).render(area, buf);
    }
}

//! The output, read as a prediction: for each target position, the most probable next words
//! with their probabilities as bars.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::common::{
    LEVELS, TOKEN_LABEL_MAX, draw_caption, draw_row_label, fit, fitted_label_width, put, visible, width,
};
// rows: one per target position; entries: `▅ word 0.033`, the bar relative to the largest shown
// (a space after it: a SentencePiece piece starts with ▁, which a bar glyph would run into), then
// what the words not shown add up to
use crate::app::view_data::TopWordsData;
use crate::strings;
use crate::ui::theme::Theme;

pub struct TopWordsView<'a> {
    pub data: &'a TopWordsData,
    pub theme: Theme,
}

impl Widget for TopWordsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(area) = visible(area, buf) else { return };
        let (d, theme) = (self.data, self.theme);
        draw_caption(buf, area, &d.caption, theme);
        if area.height < 2 {
            return;
        }
        let uniform = 1.0 / d.vocab.max(1) as f32;
        let header = strings::top_words_heading(d.vocab, uniform);
        put(buf, area, area.x, area.y + 1, &header, theme.dim());
        let label_w = label_width(d, area.width);
        let top = d.rows.iter().flat_map(|r| r.1.iter().map(|w| w.1)).fold(0.0f32, f32::max);
        // as many rows as fit, scrolled so the selected one shows
        let room = usize::from(area.height.saturating_sub(2));
        let first = d.selected_row.map_or(0, |s| (s + 1).saturating_sub(room));
        for (y, (i, (label, words))) in (area.y + 2..area.bottom()).zip(d.rows.iter().enumerate().skip(first)) {
            let hidden = d.vocab.saturating_sub(words.len());
            draw_row_label(buf, area, y, label, label_w, d.selected_row == Some(i), theme);
            let mut x = area.x + label_w as u16 + 3;
            // the selected position's words, withheld while a question asks for its top word
            if words.is_empty() {
                put(
                    buf,
                    area,
                    x,
                    y,
                    &fit(strings::ANSWER_FIRST.get(), usize::from(area.right().saturating_sub(x))),
                    theme.dim(),
                );
                continue;
            }
            for (word, p) in words {
                let entry = format!(" {} {}", fit(word, 8), strings::probability(*p));
                // the bar glyph, then the entry, in columns
                if usize::from(x) + 1 + width(&entry) > usize::from(area.right()) {
                    break; // only whole entries
                }
                let level = if top > 0.0 { ((p / top) * (LEVELS.len() - 1) as f32).round() as usize } else { 0 };
                x = put(buf, area, x, y, &LEVELS[level.min(LEVELS.len() - 1)].to_string(), theme.highlight());
                x = put(buf, area, x, y, &entry, theme.dim()).saturating_add(2); // two spaces between entries
            }
            if let Some(&rest) = d.rest.get(i).filter(|_| hidden > 0) {
                let entry = strings::top_words_rest(hidden, rest);
                if usize::from(x) + width(&entry) <= usize::from(area.right()) {
                    put(buf, area, x, y, &entry, theme.dim());
                }
            }
        }
    }
}

/// The labels' column of `d` in a pane `pane_w` columns wide: the labels whole when every row
/// keeps its entries beside them, else cut to `TOKEN_LABEL_MAX`.
pub fn label_width(d: &TopWordsData, pane_w: u16) -> usize {
    let area = Rect::new(0, 0, pane_w, 1);
    fitted_label_width(d.rows.iter().map(|r| r.0.as_str()), TOKEN_LABEL_MAX, |w| entries_shown(d, area, w))
}

/// How many entries of each row fit beside labels `label_w` wide, and whether its `… rest` does:
/// what `render` draws.
fn entries_shown(d: &TopWordsData, area: Rect, label_w: usize) -> Vec<(usize, bool)> {
    let right = usize::from(area.right());
    d.rows
        .iter()
        .enumerate()
        .map(|(i, (_, words))| {
            let mut x = usize::from(area.x) + label_w + 3;
            let mut shown = 0;
            for (word, p) in words {
                let entry = width(&format!(" {} {}", fit(word, 8), strings::probability(*p)));
                if x + 1 + entry > right {
                    break;
                }
                x += 1 + entry + 2;
                shown += 1;
            }
            let hidden = d.vocab.saturating_sub(words.len());
            let rest = d
                .rest
                .get(i)
                .filter(|_| hidden > 0)
                .is_some_and(|&rest| x + width(&strings::top_words_rest(hidden, rest)) <= right);
            (shown, rest)
        })
        .collect()
}

//! Word wrap of styled lines by terminal columns, for paragraphs that hold Chinese.
//!
//! ratatui 0.30's `Paragraph::wrap` (its `WordWrapper`) decides whether the next grapheme still
//! fits before adding that grapheme's width, so a two-column character can land in the last
//! column of the area: the paragraph then writes a wide cell whose right half is the next cell,
//! the pane's border. `Buffer::diff` assumes no wide cell is followed by a non-blank one; it sends
//! the character (the terminal draws it over the border) and skips the border cell, and when the
//! character later changes to a narrow one the border is never sent again: the learner sees a
//! pane without its right border and the rest of the row one column to the left, while the
//! buffer (and the frame `w` writes) looks right. Wrapping here with `text::wrap`, which counts
//! columns, and drawing the lines unwrapped (ratatui's truncation measures correctly) never puts
//! half a character past the edge.

use crate::text;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// `lines` wrapped to `width` columns, each piece keeping its span's style. As `text::wrap`:
/// runs of whitespace become one space, lines break at spaces and between Chinese characters
/// (never before closing punctuation), and an English word wider than the line keeps its own
/// line (drawn cut at the edge). An empty line stays one empty line.
pub fn wrap_lines(lines: &[Line], width: usize) -> Vec<Line<'static>> {
    lines.iter().flat_map(|line| wrap_line(line, width)).collect()
}

/// One styled line wrapped to `width` columns.
fn wrap_line(line: &Line, width: usize) -> Vec<Line<'static>> {
    // every character with the style it is drawn in
    let styled: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .collect();
    let plain: String = styled.iter().map(|(c, _)| *c).collect();
    let wrapped = text::wrap(&plain, width.max(1));
    let mut at = 0; // the next character of `styled` not yet placed
    let mut out = Vec::with_capacity(wrapped.len());
    for row in wrapped {
        let mut spans: Vec<Span<'static>> = Vec::new();
        for c in row.chars() {
            let style = if c.is_whitespace() {
                // one space stands for a run of whitespace in the source
                let style = styled.get(at).map_or(Style::new(), |s| s.1);
                while styled.get(at).is_some_and(|s| s.0.is_whitespace()) {
                    at += 1;
                }
                style
            } else {
                while styled.get(at).is_some_and(|s| s.0.is_whitespace() && s.0 != c) {
                    at += 1;
                }
                let style = styled.get(at).map_or(Style::new(), |s| s.1);
                at += 1;
                style
            };
            match spans.last_mut() {
                Some(last) if last.style == style => last.content.to_mut().push(c),
                _ => spans.push(Span::styled(c.to_string(), style)),
            }
        }
        let mut wrapped_line = Line::from(spans);
        wrapped_line.alignment = line.alignment; // none given: the paragraph's alignment holds
        out.push(wrapped_line);
    }
    if out.is_empty() {
        out.push(Line::default());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap_lines;
    use crate::text::width;
    use ratatui::style::Style;
    use ratatui::text::{Line, Span};

    fn plain(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_wide_character_never_passes_the_edge() {
        // ratatui's WordWrapper puts 明 in the 46th and 47th columns of a 46-column pane here
        let text = "weight is shared among the five real keys; this is how 明 reads its own row";
        for w in 10..60 {
            for line in wrap_lines(&[Line::from(text)], w) {
                assert!(width(&line.to_string()) <= w, "{w}: {line:?}");
            }
        }
    }

    #[test]
    fn styles_follow_their_words_across_breaks() {
        let line = Line::from(vec![Span::styled("Your answer: ", Style::new().bold()), Span::raw("我有 一只猫")]);
        let wrapped = wrap_lines(&[line], 15);
        assert_eq!(plain(&wrapped), ["Your answer: 我", "有 一只猫"]);
        assert_eq!(wrapped[0].spans[0].content, "Your answer: ");
        assert_eq!(wrapped[0].spans[0].style, Style::new().bold());
        assert_eq!(wrapped[0].spans[1].content, "我");
        assert_eq!(wrapped[0].spans[1].style, Style::new());
        assert_eq!(wrapped[1].spans.len(), 1);
    }

    #[test]
    fn an_empty_line_stays() {
        assert_eq!(plain(&wrap_lines(&[Line::from("a"), Line::from(""), Line::from("b")], 5)), ["a", "", "b"]);
    }
}

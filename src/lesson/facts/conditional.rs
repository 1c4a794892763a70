//! `{if-padded side=S [batch=B]}…{else}…{end}`: prose that holds only when the run's sentences
//! are padded, and its other part when they are not; `{if-tutor-model}…{else}…{end}`: prose whose
//! point holds only on the tutor's own model (its training run, its character vocabularies, the
//! notes' mistakes run as programs), and the line a loaded translator shows instead.

use super::{Piece, SEE_FACTS, Sentence};
use crate::model::program::Side;
use crate::setup::Setup;

/// What an `{if-…}` passage asks of the run's sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// `{if-padded side=S [batch=B]}`: some sentence of that side (or sentence B) holds `<pad>`.
    Padded(Sentence),
    /// `{if-padded side=S}` without `batch=`: some sentence of that side holds `<pad>`.
    AnyPadded(Side),
    /// `{if-tutor-model}`: the run is on the tutor's own model (trained, random or a preset), not
    /// a translator loaded with `--model`.
    TutorModel,
}

impl Condition {
    pub(super) fn holds(self, setup: &Setup) -> bool {
        let ids = |side| if side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
        let pad = |side, (p, id): (usize, &usize)| super::run_rows::is_pad(setup, side, p, *id);
        match self {
            Condition::TutorModel => setup.weights.generation.is_none(),
            Condition::AnyPadded(side) => {
                ids(side).rows().into_iter().any(|r| r.iter().enumerate().any(|x| pad(side, x)))
            }
            Condition::Padded(s) => {
                let ids = ids(s.side);
                let b = super::markers::resolve_batch(s.batch, setup);
                b < ids.nrows() && ids.row(b).iter().enumerate().any(|x| pad(s.side, x))
            }
        }
    }
}

/// Prose as written without the `{else}` part of each `{if-tutor-model}` passage: the line a
/// loaded translator shows instead of a beat about the tutor's own model, which must not take a
/// term's first use (and its gloss) from the tutor's screens.
pub fn without_loaded_model_lines(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("{if-tutor-model}") {
        let passage = &rest[at..];
        let Some(end) = passage.find("{end}") else { break };
        let first = match passage[..end].find("{else}") {
            Some(e) => &passage[..e],
            None => &passage[..end],
        };
        out.push_str(&rest[..at]);
        out.push_str(first);
        rest = &passage[end..];
    }
    out.push_str(rest);
    out
}

/// `{if-padded side=S [batch=B]}`, `{if-tutor-model}`, `{else}` or `{end}`, checked to nest as one passage at a time
/// (`open`: inside one, and whether its `{else}` has come); None for a fact.
pub(super) fn conditional(body: &str, open: &mut Option<bool>, setup: &Setup) -> Result<Option<Piece>, String> {
    let body = body.trim();
    let misplaced =
        |what: &str| format!("`{{{what}}}` outside an `{{if-padded …}}` or `{{if-tutor-model}}` passage {SEE_FACTS}");
    Ok(Some(match body {
        "else" => match *open {
            Some(false) => {
                *open = Some(true);
                Piece::Else
            }
            Some(true) => return Err(format!("a second `{{else}}` in one `{{if-…}}` passage {SEE_FACTS}")),
            None => return Err(misplaced("else")),
        },
        "end" => match open.take() {
            Some(_) => Piece::End,
            None => return Err(misplaced("end")),
        },
        _ if body.split_whitespace().next() == Some("if-tutor-model") => {
            if open.is_some() {
                return Err(format!(
                    "an `{{if-tutor-model}}` inside another passage; close the first with `{{end}}` {SEE_FACTS}"
                ));
            }
            if body != "if-tutor-model" {
                return Err(format!("`if-tutor-model` takes no arguments; not `{body}` {SEE_FACTS}"));
            }
            *open = Some(false);
            Piece::If(Condition::TutorModel)
        }
        _ if body.split_whitespace().next() == Some("if-padded") => {
            if open.is_some() {
                return Err(format!("an `{{if-padded …}}` inside another; close the first with `{{end}}` {SEE_FACTS}"));
            }
            let mut side = None;
            let mut batch = None;
            for arg in body.split_whitespace().skip(1) {
                match arg.split_once('=') {
                    Some(("side", "src")) => side = Some(Side::Src),
                    Some(("side", "tgt")) => side = Some(Side::Tgt),
                    Some(("batch", b)) => {
                        let b = match super::markers::batch_marker(b) {
                            Some(marker) => marker,
                            None => b.parse::<usize>().ok().filter(|&b| b < setup.shape().batch).ok_or(format!(
                                "`if-padded`: `batch={b}`: a batch row below {}, shortest-src or shortest-tgt {SEE_FACTS}",
                                setup.shape().batch
                            ))?,
                        };
                        batch = Some(b);
                    }
                    _ => return Err(format!("`if-padded` takes side=src|tgt and batch=B; not `{arg}` {SEE_FACTS}")),
                }
            }
            let side = side.ok_or(format!("`if-padded` needs side=src or side=tgt {SEE_FACTS}"))?;
            *open = Some(false);
            Piece::If(match batch {
                Some(batch) => Condition::Padded(Sentence { side, batch }),
                None => Condition::AnyPadded(side),
            })
        }
        _ => return Ok(None),
    }))
}

#[cfg(test)]
mod tests {
    use super::without_loaded_model_lines;

    #[test]
    fn a_loaded_models_line_is_left_out_of_the_prose_as_written() {
        let text = "a {if-tutor-model}b{else}c query{end} d {if-tutor-model}e{end} f";
        assert_eq!(without_loaded_model_lines(text), "a {if-tutor-model}b{end} d {if-tutor-model}e{end} f");
        assert_eq!(
            without_loaded_model_lines("{if-padded side=src}x{else}y{end}"),
            "{if-padded side=src}x{else}y{end}"
        );
    }
}

//! `{if-padded side=S [batch=B]}…{else}…{end}`: prose that holds only when the run's sentences
//! are padded, and its other part when they are not; `{if-tutor-model}…{else}…{end}`: prose whose
//! point holds only on the tutor's own model (its training run, its character vocabularies, the
//! notes' mistakes run as programs), and the line a loaded translator shows instead;
//! `{if-target-pad-mask}…{else}…{end}`: prose that holds only where the decoder's self-attention
//! masks the target's `<pad>` keys (the tutor's models do; a Marian does not);
//! `{if-sentence batch=B}…{else}…{end}`: prose that needs sentence B (a second sentence to
//! compare), and the line a learner's fewer sentences show instead;
//! `{if-repeated side=S batch=B}…{else}…{end}`: prose about a token that sentence B holds twice;
//! `{if-one-pad side=S batch=B}…{else}…{end}`: prose about exactly one `<pad>` position in
//! sentence B (a singular noun and verb, "position 4 is"), and its plural (or none) otherwise;
//! `{if-pad-row-zero}`, `{if-shared-table}`, `{if-tied-output}`, `{if-embed-scaled}`: prose that
//! holds only where the embedding tables are built that way (the tutor's: a zero `<pad>` row, a
//! table per side, an output matrix of its own, no scaling; a Marian's: none of these). Passages
//! nest: an `{if-…}` inside another's part is read only when that part is shown.

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
    /// `{if-repeated side=S batch=B}`: sentence B holds some token (not `<pad>`) twice or more.
    Repeated(Sentence),
    /// `{if-one-pad side=S batch=B}`: sentence B holds exactly one `<pad>` position.
    OnePad(Sentence),
    /// `{if-tutor-model}`: the run is on the tutor's own model (trained, random or a preset), not
    /// a translator loaded with `--model`.
    TutorModel,
    /// `{if-target-pad-mask}`: the decoder's self-attention masks the target's `<pad>` keys (the
    /// tutor's models; a Marian has no target padding mask, its start token being `<pad>`).
    TargetPadMask,
    /// `{if-sentence batch=B}`: the run's sentences have batch row B (a learner may give one).
    Sentence(usize),
    /// `{if-pad-row-zero}`: the `<pad>` row of every embedding table is all zeros (the tutor's,
    /// `padding_idx`; a Marian's trained `<pad>` row is not).
    PadRowZero,
    /// `{if-shared-table}`: the source and the target read one embedding table (a Marian's).
    SharedTable,
    /// `{if-tied-output}`: the output Linear's weight is the target embedding table itself.
    TiedOutput,
    /// `{if-embed-scaled}`: the token embeddings are multiplied by √d_model before the positions
    /// are added (a Marian's).
    EmbedScaled,
}

/// The passages whose condition is a property of the model, and whether it holds on the tutor's
/// own (trained, random, a preset): the part it does not show is a loaded translator's.
const MODEL_PASSAGES: [(&str, Condition, bool); 6] = [
    ("if-tutor-model", Condition::TutorModel, true),
    ("if-target-pad-mask", Condition::TargetPadMask, true),
    ("if-pad-row-zero", Condition::PadRowZero, true),
    ("if-shared-table", Condition::SharedTable, false),
    ("if-tied-output", Condition::TiedOutput, false),
    ("if-embed-scaled", Condition::EmbedScaled, false),
];

impl Condition {
    pub(super) fn holds(self, setup: &Setup) -> bool {
        let ids = |side| if side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
        let pad = |side, (p, id): (usize, &usize)| super::run_rows::is_pad(setup, side, p, *id);
        match self {
            Condition::TutorModel => setup.weights.generation.is_none(),
            Condition::TargetPadMask => setup.weights.config.conventions.target_pad_mask,
            Condition::Sentence(b) => b < setup.shape().batch,
            Condition::PadRowZero => {
                let w = &setup.weights;
                let pad = w.config.pad_idx;
                [&w.src_embed, &w.tgt_embed].iter().all(|t| t.row(pad).iter().all(|&x| x == 0.0))
            }
            Condition::SharedTable => setup.weights.src_embed.as_ptr() == setup.weights.tgt_embed.as_ptr(),
            Condition::TiedOutput => {
                let w = &setup.weights;
                w.fc_out.weight.as_ptr() == w.tgt_embed.as_ptr() || w.fc_out.weight == w.tgt_embed
            }
            Condition::EmbedScaled => setup.weights.config.conventions.embed_scale,
            Condition::AnyPadded(side) => {
                ids(side).rows().into_iter().any(|r| r.iter().enumerate().any(|x| pad(side, x)))
            }
            Condition::Padded(s) => {
                let ids = ids(s.side);
                let b = super::markers::resolve_batch(s.batch, setup);
                b < ids.nrows() && ids.row(b).iter().enumerate().any(|x| pad(s.side, x))
            }
            Condition::OnePad(s) => {
                let ids = ids(s.side);
                let b = super::markers::resolve_batch(s.batch, setup);
                b < ids.nrows() && ids.row(b).iter().enumerate().filter(|&x| pad(s.side, x)).count() == 1
            }
            Condition::Repeated(s) => {
                let ids = ids(s.side);
                let b = super::markers::resolve_batch(s.batch, setup);
                let mut real: Vec<usize> = match b < ids.nrows() {
                    true => ids.row(b).iter().enumerate().filter(|&x| !pad(s.side, x)).map(|(_, &id)| id).collect(),
                    false => Vec::new(),
                };
                let n = real.len();
                real.sort_unstable();
                real.dedup();
                real.len() < n
            }
        }
    }
}

/// Prose as written without the part of each passage about the model (`MODEL_PASSAGES`) that the
/// tutor's own model does not show (the `{else}` of `{if-tutor-model}`, the first part of
/// `{if-shared-table}`): the lines a loaded translator shows, which must not take a term's first
/// use (and its gloss) from the tutor's screens.
pub fn without_loaded_model_lines(text: &str) -> String {
    let mut out = String::new();
    // the open passages, innermost last: whether the part now read is left out, and which part
    // (the first, or the `{else}`) each one leaves out
    let mut open: Vec<bool> = Vec::new();
    let mut tutor: Vec<Option<bool>> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('{') {
        let (before, tail) = rest.split_at(at);
        if !open.contains(&true) {
            out.push_str(before);
        }
        let tag = tail.find('}').map_or(tail, |e| &tail[..=e]);
        // a passage's opening tag is kept wherever the text around it is, even when its first part is not
        let opens_shown = tag.starts_with("{if-") && !open.contains(&true);
        if tag.starts_with("{if-") {
            let name = tag.strip_prefix('{').and_then(|t| t.strip_suffix('}')).unwrap_or(tag);
            // Some(true): the `{else}` is left out; Some(false): the first part
            let leaves_out = MODEL_PASSAGES.iter().find(|(n, _, _)| *n == name).map(|&(_, _, holds)| holds);
            open.push(leaves_out == Some(false));
            tutor.push(leaves_out);
        } else if tag == "{else}" && !open.is_empty() {
            let last = open.len() - 1;
            open[last] = tutor[last] == Some(true);
        } else if tag == "{end}" && !open.is_empty() {
            open.pop();
            tutor.pop();
        }
        if opens_shown || !open.contains(&true) {
            out.push_str(tag);
        }
        rest = &tail[tag.len()..];
    }
    if !open.contains(&true) {
        out.push_str(rest);
    }
    out
}

/// `{if-padded side=S [batch=B]}`, `{if-tutor-model}`, `{if-target-pad-mask}`, `{else}` or
/// `{end}`, checked to nest (`open`: the passages open here, innermost last, and whether each's
/// `{else}` has come); None for a fact.
pub(super) fn conditional(body: &str, open: &mut Vec<bool>, setup: &Setup) -> Result<Option<Piece>, String> {
    let body = body.trim();
    let misplaced = |what: &str| format!("`{{{what}}}` outside an `{{if-…}}` passage {SEE_FACTS}");
    let name = body.split_whitespace().next();
    let bare = |name: &str, condition: Condition, open: &mut Vec<bool>| {
        if body != name {
            return Err(format!("`{name}` takes no arguments; not `{body}` {SEE_FACTS}"));
        }
        open.push(false);
        Ok(Piece::If(condition))
    };
    let model_passage = MODEL_PASSAGES.iter().find(|(n, _, _)| Some(*n) == name).copied();
    Ok(Some(match body {
        "else" => match open.last_mut() {
            Some(seen @ false) => {
                *seen = true;
                Piece::Else
            }
            Some(true) => return Err(format!("a second `{{else}}` in one `{{if-…}}` passage {SEE_FACTS}")),
            None => return Err(misplaced("else")),
        },
        "end" => match open.pop() {
            Some(_) => Piece::End,
            None => return Err(misplaced("end")),
        },
        _ if name == Some("if-sentence") => {
            let condition = sentence(body)?;
            open.push(false);
            Piece::If(condition)
        }
        _ if model_passage.is_some() => {
            let (n, condition, _) = model_passage.expect("found");
            bare(n, condition, open)?
        }
        _ if name == Some("if-padded") => {
            let condition = padded(body, setup)?;
            open.push(false);
            Piece::If(condition)
        }
        _ if name == Some("if-repeated") || name == Some("if-one-pad") => {
            let name = name.expect("matched");
            let condition = match padded(body.replacen(name, "if-padded", 1).as_str(), setup) {
                Ok(Condition::Padded(s)) if name == "if-one-pad" => Condition::OnePad(s),
                Ok(Condition::Padded(s)) => Condition::Repeated(s),
                Ok(_) => return Err(format!("`{name}` needs side=src|tgt and batch=B {SEE_FACTS}")),
                Err(e) => return Err(e.replace("if-padded", name)),
            };
            open.push(false);
            Piece::If(condition)
        }
        _ => return Ok(None),
    }))
}

/// `{if-sentence batch=B}`'s condition: any row number (a learner's sentences may be fewer).
fn sentence(body: &str) -> Result<Condition, String> {
    match body.split_whitespace().skip(1).collect::<Vec<_>>()[..] {
        [arg] => arg
            .strip_prefix("batch=")
            .and_then(|b| b.parse::<usize>().ok())
            .map(Condition::Sentence)
            .ok_or(format!("`if-sentence` takes batch=B, a batch row number; not `{arg}` {SEE_FACTS}")),
        _ => Err(format!("`if-sentence` takes one argument, batch=B; not `{body}` {SEE_FACTS}")),
    }
}

/// `{if-padded side=S [batch=B]}`'s condition.
fn padded(body: &str, setup: &Setup) -> Result<Condition, String> {
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
    Ok(match batch {
        Some(batch) => Condition::Padded(Sentence { side, batch }),
        None => Condition::AnyPadded(side),
    })
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
        // a passage inside another's part: kept with it, left out with it
        let nested = "a {if-padded side=src}b {if-padded side=tgt}c{else}d{end}{else}e{end} g";
        assert_eq!(without_loaded_model_lines(nested), nested);
        let masks =
            "a {if-target-pad-mask}b {if-padded side=tgt}c{else}d{end}{else}e {if-padded side=tgt}f{end}{end} g";
        assert_eq!(
            without_loaded_model_lines(masks),
            "a {if-target-pad-mask}b {if-padded side=tgt}c{else}d{end}{end} g"
        );
        let inside = "a {if-tutor-model}b {if-padded side=tgt}c{else}d{end}{else}e {if-padded side=tgt}f{end}{end} g";
        assert_eq!(without_loaded_model_lines(inside), "a {if-tutor-model}b {if-padded side=tgt}c{else}d{end}{end} g");
        // a passage whose first part is a Marian's: that part is left out, its `{else}` kept
        assert_eq!(
            without_loaded_model_lines(
                "a {if-shared-table}one table{else}two tables{end} b {if-pad-row-zero}z{else}n{end}"
            ),
            "a {if-shared-table}{else}two tables{end} b {if-pad-row-zero}z{end}"
        );
    }
}

//! What the learner reads is what the learner sees: a fact in a beat's prose or question names
//! what it is about (a tensor, a batch row, a head or the mean of the heads, a decoding step),
//! and the beat's view must show exactly that. The loader calls `check` for every fact of every
//! beat, so a lesson whose prose talks about something off screen does not load.
//!
//! Numbers the facts print are checked against the drawn screen by `tests/prose_on_screen.rs`;
//! this module checks the part a loader can know without drawing: which tensor, row, head, step.

use super::ViewKind;
use super::facts::{Fact, FactKind, HeadChoice};
use crate::model::program::{OpKind, Program};

/// What a beat's screen shows: its view of its operation, at its batch row, head and step.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    pub view: ViewKind,
    pub op: &'a str,
    pub batch: usize,
    pub head: HeadChoice,
    /// The decoding step a `decode` view shows.
    pub step: usize,
}

/// `Ok` when `fact` is about what `shown` shows; otherwise what differs and how to fix it.
pub fn check(fact: &Fact, shown: &Shown, program: &Program) -> Result<(), String> {
    match fact.kind {
        FactKind::TopKey | FactKind::TopWeight => {
            views(fact, shown, &[ViewKind::Softmax, ViewKind::Heatmap])?;
            same_op(fact, shown)?;
            same_batch(fact, shown)?;
            if fact.head != shown.head {
                return Err(format!(
                    "{} reads {} but the view shows {}; give the beat head = {} or the fact head={}",
                    describe(fact),
                    head_text(fact.head),
                    head_text(shown.head),
                    head_value(fact.head),
                    head_arg(shown.head),
                ));
            }
            Ok(())
        }
        FactKind::MaskedKeys => {
            let mask_of_view = match shown.view {
                ViewKind::Mask => Some(shown.op.to_string()),
                ViewKind::Softmax => mask_read_by(program, shown.op),
                _ => None,
            };
            if mask_of_view.as_deref() != Some(fact.op.as_str()) {
                return Err(format!(
                    "{} is about `{}`, but the beat shows `{}` in a `{}` view; show `{}` (view = \"mask\"), or the attention weights it masks (view = \"softmax\")",
                    describe(fact),
                    fact.op,
                    shown.op,
                    shown.view.name(),
                    fact.op
                ));
            }
            // a padding mask's view lists every batch row; any other view shows one
            let all_rows = shown.view == ViewKind::Mask && mask_rank_padding(program, &fact.op);
            let causal = program.index_of(&fact.op).is_some_and(|i| program.op(i).kind == OpKind::CausalMask);
            if all_rows || causal { Ok(()) } else { same_batch(fact, shown) }
        }
        FactKind::NextWord | FactKind::NextProb => {
            views(fact, shown, &[ViewKind::TopWords])?;
            same_batch(fact, shown)
        }
        FactKind::DecodeWord | FactKind::DecodeProb => {
            views(fact, shown, &[ViewKind::Decode])?;
            same_batch(fact, shown)?;
            // the view shows the words chosen up to its step, and the probabilities of its step
            let fits =
                if fact.kind == FactKind::DecodeWord { fact.step <= shown.step } else { fact.step == shown.step };
            if fits {
                Ok(())
            } else {
                Err(format!(
                    "{} is about decoding step {} but the view shows step {}; give the beat step = {}",
                    describe(fact),
                    fact.step,
                    shown.step,
                    fact.step
                ))
            }
        }
        FactKind::Translation => {
            views(fact, shown, &[ViewKind::Decode])?;
            same_batch(fact, shown)
        }
        FactKind::Rms => {
            views(fact, shown, &[ViewKind::Vector])?;
            let reads = program
                .index_of(shown.op)
                .is_some_and(|i| program.op(i).inputs.iter().any(|&j| program.op(j).name == fact.op));
            if fact.op != shown.op && !reads {
                return Err(format!(
                    "{} is about `{}`, but the view shows `{}`, which does not read it; show `{}` or an operation that reads it",
                    describe(fact),
                    fact.op,
                    shown.op,
                    fact.op
                ));
            }
            same_batch(fact, shown)
        }
        FactKind::EmbedNorm => {
            views(fact, shown, &[ViewKind::Vector])?;
            let embed = program.index_of(shown.op).is_some_and(|i| program.op(i).kind == OpKind::Embed(fact.side));
            if embed {
                Ok(())
            } else {
                Err(format!("{} reads the embedding table of its side; show that side's embedding", describe(fact)))
            }
        }
        FactKind::RnnGain => {
            views(fact, shown, &[ViewKind::Rnn])?;
            same_batch(fact, shown)
        }
        FactKind::BnTokenMean | FactKind::BnPadShift => {
            views(fact, shown, &[ViewKind::NormCompare])?;
            same_op(fact, shown)?;
            if fact.kind == FactKind::BnTokenMean { same_batch(fact, shown) } else { Ok(()) }
        }
        // sizes and shapes of the model and the sentences: the drawn-screen test checks them
        FactKind::Shape
        | FactKind::Ids
        | FactKind::Tokens
        | FactKind::TokenAt
        | FactKind::Length
        | FactKind::RnnSteps
        | FactKind::VocabSize
        | FactKind::MaxLen
        | FactKind::SqrtDModel
        | FactKind::Params
        | FactKind::Config => Ok(()),
    }
}

fn views(fact: &Fact, shown: &Shown, allowed: &[ViewKind]) -> Result<(), String> {
    if allowed.contains(&shown.view) {
        return Ok(());
    }
    let names: Vec<String> = allowed.iter().map(|v| format!("\"{}\"", v.name())).collect();
    Err(format!(
        "{} is shown only by view = {}, but the beat's view is \"{}\"",
        describe(fact),
        names.join(" or "),
        shown.view.name()
    ))
}

fn same_op(fact: &Fact, shown: &Shown) -> Result<(), String> {
    if fact.op == shown.op {
        Ok(())
    } else {
        Err(format!(
            "{} is about `{}` but the beat shows `{}`; make the beat's op `{}` or quote `{}`",
            describe(fact),
            fact.op,
            shown.op,
            fact.op,
            shown.op
        ))
    }
}

fn same_batch(fact: &Fact, shown: &Shown) -> Result<(), String> {
    if fact.batch == shown.batch {
        Ok(())
    } else {
        Err(format!(
            "{} is about batch row {} but the view shows batch row {}; give the beat batch = {} or the fact batch={}",
            describe(fact),
            fact.batch,
            shown.batch,
            fact.batch,
            shown.batch
        ))
    }
}

/// The mask a softmax's masked scores read, if any.
fn mask_read_by(program: &Program, weights: &str) -> Option<String> {
    let i = program.index_of(weights)?;
    let masked = *program.op(i).inputs.first()?;
    let mask = *program.op(masked).inputs.get(1)?;
    Some(program.op(mask).name.clone())
}

/// A padding mask (B, 1, 1, T): its view lists every batch row at once.
fn mask_rank_padding(program: &Program, name: &str) -> bool {
    program.index_of(name).is_some_and(|i| program.op(i).shape.get(2) == Some(&1))
}

fn describe(fact: &Fact) -> String {
    let name = FactKind::ALL.iter().find(|(_, k)| *k == fact.kind).map(|(n, _)| *n).unwrap_or("?");
    format!("the fact `{name}`")
}

fn head_text(h: HeadChoice) -> String {
    match h {
        HeadChoice::One(h) => format!("head {h}"),
        HeadChoice::Mean => "the mean of the heads".into(),
    }
}

fn head_value(h: HeadChoice) -> String {
    match h {
        HeadChoice::One(h) => h.to_string(),
        HeadChoice::Mean => "\"mean\"".into(),
    }
}

fn head_arg(h: HeadChoice) -> String {
    match h {
        HeadChoice::One(h) => h.to_string(),
        HeadChoice::Mean => "mean".into(),
    }
}

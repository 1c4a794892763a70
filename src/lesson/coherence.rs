//! What the learner reads is what the learner sees: a fact in a beat's prose or question names
//! what it is about (a tensor, a batch row, a head or the mean of the heads, a decoding step),
//! and the beat's view must show exactly that. The loader calls `check` for every fact of every
//! beat, so a lesson whose prose talks about something off screen does not load.
//!
//! Numbers the facts print are checked against the drawn screen by `tests/prose_on_screen.rs`;
//! this module checks the part a loader can know without drawing: which tensor, row, head, step.

use super::ViewKind;
use super::facts::fact::DecodeAt;
use super::facts::{Fact, HeadChoice};
use crate::model::program::{OpKind, Program, Side};

/// What a beat's screen shows: its view of its operation, at its batch row, head and step.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    pub view: ViewKind,
    /// The view draws ∂loss/∂(the operation's output), not the output.
    pub gradient: bool,
    pub op: &'a str,
    pub batch: usize,
    pub head: HeadChoice,
    /// The decoding step a `decode` view shows.
    pub step: usize,
}

/// `Ok` when `fact` is about what `shown` shows; otherwise what differs and how to fix it.
pub fn check(fact: &Fact, shown: &Shown, program: &Program) -> Result<(), String> {
    let reads_values = matches!(fact, Fact::TopKey(_) | Fact::TopWeight(_) | Fact::Rms { .. } | Fact::EmbedNorm { .. });
    if shown.gradient && reads_values {
        return Err(format!(
            "{} reads the values of `{}`, but the beat shows its gradient (grad = true); quote {{grad-norm {}}} or show the values",
            describe(fact),
            shown.op,
            shown.op
        ));
    }
    match fact {
        Fact::Loss => views(fact, shown, &[ViewKind::Loss]),
        Fact::LabelProb(_) => {
            views(fact, shown, &[ViewKind::Loss])?;
            same_batch(fact, shown)
        }
        Fact::GradNorm { op } if shown.gradient => same_op(fact, op, shown),
        Fact::GradNorm { op } | Fact::GradNormCut { op } => {
            views(fact, shown, &[ViewKind::GradFlow])?;
            let inputs = crate::model::learning::layer_inputs(program);
            if inputs.iter().any(|(_, input)| input == op) {
                return Ok(());
            }
            let listed: Vec<&str> = inputs.iter().map(|(_, i)| i.as_str()).collect();
            Err(format!(
                "{} is about `{op}`, which the grad-flow view does not list; it lists the layers' inputs {}, or show `{op}` with grad = true",
                describe(fact),
                listed.join(", ")
            ))
        }
        Fact::WeightGrad { op } | Fact::WeightFd { op } | Fact::StepLoss { op } | Fact::StepDirection { op } => {
            views(fact, shown, &[ViewKind::AdamStep])?;
            same_op(fact, op, shown)
        }
        Fact::GradRows { side } | Fact::EmbedGrad { side, .. } => {
            views(fact, shown, &[ViewKind::EmbedGrad])?;
            embedding_of(fact, *side, shown, program)
        }
        Fact::TopKey(a) | Fact::TopWeight(a) => {
            views(fact, shown, &[ViewKind::Softmax, ViewKind::Heatmap])?;
            same_op(fact, &a.op, shown)?;
            same_batch(fact, shown)?;
            same_head(fact, a.head, shown)
        }
        Fact::MaskedKeys { op, .. } => masked_keys(fact, op, shown, program),
        Fact::LensWord { .. } | Fact::LensForms(_) => {
            views(fact, shown, &[ViewKind::LogitLens])?;
            same_batch(fact, shown)
        }
        Fact::TopContribution(a) => {
            views(fact, shown, &[ViewKind::Contributions])?;
            same_op(fact, &a.op, shown)?;
            same_batch(fact, shown)?;
            same_head(fact, a.head, shown)
        }
        Fact::AblatedWord { op, head, .. } => {
            views(fact, shown, &[ViewKind::Ablation])?;
            same_op(fact, op, shown)?;
            same_batch(fact, shown)?;
            same_head(fact, HeadChoice::One(*head), shown)
        }
        Fact::PatchPositions { .. } => views(fact, shown, &[ViewKind::Patching]),
        Fact::AlignAer { .. } | Fact::AlignFloor => views(fact, shown, &[ViewKind::Alignment]),
        // the best head's number: in the alignment table, or in the header of a view opened on it
        Fact::AlignBest { op } if shown.view != ViewKind::Alignment => {
            views(fact, shown, &[ViewKind::Alignment, ViewKind::Softmax, ViewKind::Heatmap])?;
            same_op(fact, op, shown)?;
            same_head(fact, HeadChoice::BestAligned, shown)
        }
        Fact::AlignBest { .. } => Ok(()),
        Fact::NextWord(_) | Fact::NextProb { .. } => {
            views(fact, shown, &[ViewKind::TopWords])?;
            same_batch(fact, shown)
        }
        Fact::DecodeWord(at) | Fact::DecodeProb(at) => decode_step(fact, *at, shown),
        Fact::CacheShape(at) => cache_step(fact, *at, shown),
        Fact::Translation { .. } => {
            views(fact, shown, &[ViewKind::Decode])?;
            same_batch(fact, shown)
        }
        Fact::Rms { op, .. } => rms(fact, op, shown, program),
        Fact::EmbedNorm { side, .. } => {
            views(fact, shown, &[ViewKind::Vector])?;
            embedding_of(fact, *side, shown, program)
        }
        Fact::RnnGain { .. } => {
            views(fact, shown, &[ViewKind::Rnn])?;
            same_batch(fact, shown)
        }
        Fact::BnTokenMean { op, .. } => {
            views(fact, shown, &[ViewKind::NormCompare])?;
            same_op(fact, op, shown)?;
            same_batch(fact, shown)
        }
        Fact::BnPadShift { op } => {
            views(fact, shown, &[ViewKind::NormCompare])?;
            same_op(fact, op, shown)
        }
        // sizes and shapes of the model and the sentences: the drawn-screen test checks them
        Fact::Shape { .. }
        | Fact::Ids(_)
        | Fact::Tokens(_)
        | Fact::TokenAt { .. }
        | Fact::Length(_)
        | Fact::LastPos(_)
        | Fact::MovedPos(_)
        | Fact::PadPositions(_)
        | Fact::PaddedLen { .. }
        | Fact::Shortest { .. }
        | Fact::Sentences
        | Fact::SentenceCount(_)
        | Fact::RnnSteps { .. }
        | Fact::VocabSize { .. }
        | Fact::TokenUnit { .. }
        | Fact::TokenUnits { .. }
        | Fact::MaxLen
        | Fact::SqrtDModel
        | Fact::Params { .. }
        | Fact::Config { .. }
        | Fact::PadId
        | Fact::Activation
        | Fact::Positions
        | Fact::StartToken
        | Fact::EndToken
        | Fact::EmbedScale
        | Fact::Vocabulary
        | Fact::OutputWeights => Ok(()),
        // a translation the screen does not draw (the decode view draws greedy decoding its own way)
        Fact::GreedyTranslation { .. } | Fact::BeamTranslation { .. } => Ok(()),
    }
}

fn same_head(fact: &Fact, head: HeadChoice, shown: &Shown) -> Result<(), String> {
    if head == shown.head {
        return Ok(());
    }
    Err(format!(
        "{} reads {} but the view shows {}; give the beat head = {} or the fact head={}",
        describe(fact),
        head_text(head),
        head_text(shown.head),
        head_value(head),
        head_arg(shown.head),
    ))
}

/// A mask's facts are shown by the mask's own view or the attention weights it masks.
fn masked_keys(fact: &Fact, op: &str, shown: &Shown, program: &Program) -> Result<(), String> {
    let mask_of_view = match shown.view {
        ViewKind::Mask => Some(shown.op.to_string()),
        ViewKind::Softmax => mask_read_by(program, shown.op),
        _ => None,
    };
    if mask_of_view.as_deref() != Some(op) {
        return Err(format!(
            "{} is about `{}`, but the beat shows `{}` in a `{}` view; show `{}` (view = \"mask\"), or the attention weights it masks (view = \"softmax\")",
            describe(fact),
            op,
            shown.op,
            shown.view.name(),
            op
        ));
    }
    // a padding mask's view lists every batch row; any other view shows one
    let all_rows = shown.view == ViewKind::Mask && mask_rank_padding(program, op);
    let causal = program.index_of(op).is_some_and(|i| program.op(i).kind == OpKind::CausalMask);
    if all_rows || causal { Ok(()) } else { same_batch(fact, shown) }
}

/// The kv-cache view lists the first steps of its sentence's decoding, each with its cache's shape.
fn cache_step(fact: &Fact, at: DecodeAt, shown: &Shown) -> Result<(), String> {
    views(fact, shown, &[ViewKind::KvCache])?;
    same_batch(fact, shown)?;
    let most = crate::model::cache_steps::MAX_STEPS;
    if at.step < most {
        return Ok(());
    }
    Err(format!("{} is about decoding step {} but the view lists steps 0 to {}", describe(fact), at.step, most - 1))
}

/// The decode view shows the words chosen up to its step, and the probabilities of its step.
fn decode_step(fact: &Fact, at: DecodeAt, shown: &Shown) -> Result<(), String> {
    views(fact, shown, &[ViewKind::Decode])?;
    same_batch(fact, shown)?;
    let fits = if matches!(fact, Fact::DecodeWord(_)) { at.step <= shown.step } else { at.step == shown.step };
    if fits {
        return Ok(());
    }
    Err(format!(
        "{} is about decoding step {} but the view shows step {}; give the beat step = {}",
        describe(fact),
        at.step,
        shown.step,
        at.step
    ))
}

/// `rms` is shown by a vector view of its operation or of one that reads it.
fn rms(fact: &Fact, op: &str, shown: &Shown, program: &Program) -> Result<(), String> {
    views(fact, shown, &[ViewKind::Vector])?;
    // what the shown op reads, and what an embedding scaled by √d_model it reads was (the vector
    // footer lists both: a Marian's src.x reads src.scaled, which reads src.embed)
    let read = |j: usize| {
        let input = program.op(j);
        input.name == op
            || matches!(input.kind, OpKind::EmbedScale) && input.inputs.iter().any(|&k| program.op(k).name == op)
    };
    let reads = program.index_of(shown.op).is_some_and(|i| program.op(i).inputs.iter().any(|&j| read(j)));
    if op != shown.op && !reads {
        return Err(format!(
            "{} is about `{}`, but the view shows `{}`, which does not read it; show `{}` or an operation that reads it",
            describe(fact),
            op,
            shown.op,
            op
        ));
    }
    same_batch(fact, shown)
}

fn embedding_of(fact: &Fact, side: Side, shown: &Shown, program: &Program) -> Result<(), String> {
    if program.index_of(shown.op).is_some_and(|i| program.op(i).kind == OpKind::Embed(side)) {
        Ok(())
    } else {
        Err(format!("{} reads the embedding table of its side; show that side's embedding", describe(fact)))
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

fn same_op(fact: &Fact, op: &str, shown: &Shown) -> Result<(), String> {
    if op == shown.op {
        Ok(())
    } else {
        Err(format!(
            "{} is about `{}` but the beat shows `{}`; make the beat's op `{}` or quote `{}`",
            describe(fact),
            op,
            shown.op,
            op,
            shown.op
        ))
    }
}

fn same_batch(fact: &Fact, shown: &Shown) -> Result<(), String> {
    let batch = fact.batch();
    if batch == shown.batch {
        Ok(())
    } else {
        Err(format!(
            "{} is about batch row {} but the view shows batch row {}; give the beat batch = {} or the fact batch={}",
            describe(fact),
            batch,
            shown.batch,
            batch,
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
    format!("the fact `{}`", fact.kind().name())
}

fn head_text(h: HeadChoice) -> String {
    match h {
        HeadChoice::One(h) => format!("head {h}"),
        HeadChoice::Mean => "the mean of the heads".into(),
        HeadChoice::BestAligned => "the best-aligned head".into(),
    }
}

fn head_value(h: HeadChoice) -> String {
    match h {
        HeadChoice::One(h) => h.to_string(),
        HeadChoice::Mean => "\"mean\"".into(),
        HeadChoice::BestAligned => "\"best-aligned\"".into(),
    }
}

fn head_arg(h: HeadChoice) -> String {
    match h {
        HeadChoice::One(h) => h.to_string(),
        HeadChoice::Mean => "mean".into(),
        HeadChoice::BestAligned => "best-aligned".into(),
    }
}

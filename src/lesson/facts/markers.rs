//! The markers a lesson writes for a batch row or a query row that depends on the sentences run
//! (`batch=shortest-src`, `row=last`), how a run's sentences resolve them, and which batch row
//! each kind of fact reads (`Fact::batch_mut`, one exhaustive match).

use super::fact::Fact;

/// `batch=shortest-src` (in a fact) or `batch = "shortest-src"` (on a beat): the batch row with the
/// fewest real source tokens, the first of them when several tie; found when the run is, so prose
/// about padding follows a learner's own sentences. Kept in a `batch` field as this marker until
/// `resolve_batch` reads the run's sentences.
pub const SHORTEST_SRC: usize = usize::MAX;
/// The same on the target side, `shortest-tgt`.
pub const SHORTEST_TGT: usize = usize::MAX - 1;

/// `row=last` (in a fact) or `row = "last"` (on a beat): the tensor's last query row on the run's
/// sentences, which is a `<pad>` position in the shortest sentence whenever it is padded.
pub const LAST_ROW: usize = usize::MAX;

/// The written name of a batch marker, or None for a row number.
pub fn batch_marker(name: &str) -> Option<usize> {
    match name {
        "shortest-src" => Some(SHORTEST_SRC),
        "shortest-tgt" => Some(SHORTEST_TGT),
        _ => None,
    }
}

impl Fact {
    /// The batch row the fact reads, to read or change (None for a fact about the model or the
    /// whole batch). Every kind is named: a new one must say whether it reads a sentence.
    pub(super) fn batch_mut(&mut self) -> Option<&mut usize> {
        match self {
            Fact::TopKey(a) | Fact::TopWeight(a) | Fact::TopContribution(a) => Some(&mut a.batch),
            Fact::LensWord { at, .. } | Fact::LensForms(at) | Fact::AblatedWord { at, .. } => Some(&mut at.batch),
            Fact::PatchPositions { .. } | Fact::AlignAer { .. } | Fact::AlignBest { .. } | Fact::AlignFloor => None,
            Fact::NextWord(at) | Fact::NextProb { at, .. } | Fact::LabelProb(at) => Some(&mut at.batch),
            Fact::Ids(s)
            | Fact::Tokens(s)
            | Fact::Length(s)
            | Fact::LastPos(s)
            | Fact::PadPositions(s)
            | Fact::TokenAt { sentence: s, .. } => Some(&mut s.batch),
            Fact::DecodeWord(d) | Fact::DecodeProb(d) | Fact::CacheShape(d) => Some(&mut d.batch),
            Fact::Translation { batch }
            | Fact::GreedyTranslation { batch }
            | Fact::BeamTranslation { batch, .. }
            | Fact::MaskedKeys { batch, .. }
            | Fact::Rms { batch, .. }
            | Fact::RnnGain { batch, .. }
            | Fact::RnnSteps { batch }
            | Fact::BnTokenMean { batch, .. } => Some(batch),
            Fact::Shape { .. }
            | Fact::PaddedLen { .. }
            | Fact::Shortest { .. }
            | Fact::Sentences
            | Fact::SentenceCount(_)
            | Fact::VocabSize { .. }
            | Fact::MaxLen
            | Fact::SqrtDModel
            | Fact::Params { .. }
            | Fact::EmbedNorm { .. }
            | Fact::BnPadShift { .. }
            | Fact::Config { .. }
            | Fact::Loss
            | Fact::GradNorm { .. }
            | Fact::GradNormCut { .. }
            | Fact::GradRows { .. }
            | Fact::EmbedGrad { .. }
            | Fact::WeightGrad { .. }
            | Fact::WeightFd { .. }
            | Fact::StepLoss { .. }
            | Fact::StepDirection { .. }
            | Fact::Activation
            | Fact::Positions
            | Fact::StartToken
            | Fact::PadId
            | Fact::EmbedScale
            | Fact::Vocabulary
            | Fact::OutputWeights => None,
        }
    }

    /// The fact with a `shortest-src`/`shortest-tgt` batch marker replaced by the row it names in
    /// these sentences.
    pub fn with_batch_resolved(&self, setup: &crate::setup::Setup) -> Fact {
        let mut fact = self.clone();
        if let Some(b) = fact.batch_mut() {
            *b = resolve_batch(*b, setup);
        }
        fact
    }
}

/// A batch row: a row number as it is, a marker (`SHORTEST_SRC`, `SHORTEST_TGT`) the row with the
/// fewest real tokens on that side of the setup's sentences.
pub fn resolve_batch(batch: usize, setup: &crate::setup::Setup) -> usize {
    let pad = setup.weights.config.pad_idx;
    match batch {
        SHORTEST_SRC => shortest_row(&setup.src_ids, pad),
        SHORTEST_TGT => shortest_row(&setup.tgt_ids, pad),
        b => b,
    }
}

/// The first row of `ids` (B, T) with the fewest real (non-`<pad>`, the model's `pad`) tokens.
pub fn shortest_row(ids: &ndarray::Array2<usize>, pad: usize) -> usize {
    let real = |r: usize| ids.row(r).iter().filter(|&&id| id != pad).count();
    (0..ids.nrows()).min_by_key(|&r| (real(r), r)).unwrap_or(0)
}

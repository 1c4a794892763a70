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

/// `pos=moved` (in `token-at`, and `{moved-pos}`) or `row = "moved"` (on a beat): batch row 0's
/// first token a learner can recognise (a piece with visible text: not a bare `▁` nor a special
/// token; the first token when none is), at the position it holds in the sentence read. In a
/// reordered batch row 1, that is where reversing moved it.
pub const MOVED_ROW: usize = usize::MAX - 1;

/// Where `MOVED_ROW`'s token sits in batch row `batch` of `side`.
pub fn moved_pos(setup: &crate::setup::Setup, side: crate::model::program::Side, batch: usize) -> usize {
    use crate::model::program::Side;
    let (ids, vocab) =
        if side == Side::Src { (&setup.src_ids, setup.src_vocab()) } else { (&setup.tgt_ids, setup.tgt_vocab()) };
    let real = |b: usize| -> Vec<usize> {
        let row = ids.row(b);
        (0..row.len()).filter(|&p| !super::run_rows::is_pad(setup, side, p, row[p])).collect()
    };
    let visible = |id: usize| {
        let w = vocab.word(id);
        let special = w.starts_with('<') && w.ends_with('>');
        !(w.trim_start_matches('▁').is_empty() || special)
    };
    let first = real(0);
    let p = first.iter().copied().find(|&p| visible(ids[[0, p]])).or(first.first().copied()).unwrap_or(0);
    if batch == 0 || batch >= ids.nrows() {
        return p;
    }
    // the same token in this row: where reversing puts it, else its first place
    let here = real(batch);
    let same: Vec<usize> = here.iter().copied().filter(|&q| ids[[batch, q]] == ids[[0, p]]).collect();
    let row0: Vec<usize> = first.iter().map(|&q| ids[[0, q]]).collect();
    let span = reversible(setup, &row0);
    let i = first.iter().position(|&q| q == p).unwrap_or(0);
    let i = if span.contains(&i) { span.start + span.end - 1 - i } else { i };
    here.get(i).copied().filter(|r| same.contains(r)).or(same.first().copied()).unwrap_or(p.min(ids.ncols() - 1))
}

/// Which tokens of a source row (its padding cut off) a reordering reverses: the sentence's
/// pieces, not the model's start token, a bare word-start `▁` before the first piece (a
/// SentencePiece sentence starts with one) nor the end token (a Marian's `</s>`), which stay
/// where they are so that the reordered row still starts and ends as a sentence does.
pub fn reversible(setup: &crate::setup::Setup, ids: &[usize]) -> std::ops::Range<usize> {
    let c = &setup.weights.config.conventions;
    let vocab = setup.src_vocab();
    let mut start = 0;
    while start < ids.len() && (ids[start] == c.start_id || (start == 0 && vocab.word(ids[0]) == "▁")) {
        start += 1;
    }
    let mut end = ids.len();
    while end > start && ids[end - 1] == c.eos_id {
        end -= 1;
    }
    start..end
}

/// A source row (its padding cut off) with its pieces in reverse order, the tokens `reversible`
/// leaves out kept in place.
pub fn reversed_pieces(setup: &crate::setup::Setup, ids: &[usize]) -> Vec<usize> {
    let mut reversed = ids.to_vec();
    reversed[reversible(setup, ids)].reverse();
    reversed
}

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
            | Fact::MovedPos(s)
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
            | Fact::TokenUnit { .. }
            | Fact::TokenUnits { .. }
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
            | Fact::EndToken
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

//! The facts a lesson can write, one variant per kind, each holding exactly its own arguments.
//! The kind names come from one derive (`FactKind`, kebab-case: `TopKey` is `top-key`);
//! lessons/FORMAT.md#facts documents each.

use crate::model::program::Side;
use strum::{EnumDiscriminants, EnumString, IntoStaticStr, VariantArray, VariantNames};

/// Which head a fact reads: one, the mean of all, or (cross-attention only) the head of that
/// layer whose attention best matches the gold word alignments of the held-out pairs, which
/// depends on the weights and so is found when the run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeadChoice {
    One(usize),
    Mean,
    BestAligned,
}

/// One query row of attention weights (B, H, T_q, T_k): `{top-key OP row=R [batch=B] [head=H|mean]}`.
#[derive(Debug, Clone, PartialEq)]
pub struct AttentionRow {
    pub op: String,
    pub batch: usize,
    pub head: HeadChoice,
    pub row: usize,
}

/// A target position of the output's probabilities: `row=R [batch=B]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetRow {
    pub batch: usize,
    pub row: usize,
}

/// One sentence of one side: `side=src|tgt [batch=B]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sentence {
    pub side: Side,
    pub batch: usize,
}

/// A step of greedy decoding of one source row: `step=N [batch=B]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeAt {
    pub batch: usize,
    pub step: usize,
}

/// A size of the loaded model, `{config NAME}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumString, IntoStaticStr, VariantArray, VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ConfigName {
    DModel,
    NHeads,
    #[strum(serialize = "d_k")]
    DK,
    DFf,
    NLayers,
    /// Decoder layers (a loaded translator's may differ from the encoder's).
    DecLayers,
    /// Rows of the target embedding table, the output's columns (a Marian's one shared vocabulary).
    Vocab,
    MaxLen,
}

impl ConfigName {
    pub fn names() -> &'static [&'static str] {
        <Self as VariantNames>::VARIANTS
    }

    pub fn value(self, c: &crate::model::Config) -> usize {
        match self {
            ConfigName::DModel => c.d_model,
            ConfigName::NHeads => c.n_heads,
            ConfigName::DK => c.d_k(),
            ConfigName::DFf => c.d_ff,
            ConfigName::NLayers => c.n_layers,
            ConfigName::DecLayers => c.dec_layers,
            ConfigName::Vocab => c.tgt_vocab,
            ConfigName::MaxLen => c.max_len,
        }
    }
}

/// A fact in lesson prose, checked against the program when the lesson loads.
#[derive(Debug, Clone, PartialEq, EnumDiscriminants)]
#[strum_discriminants(
    name(FactKind),
    derive(EnumString, IntoStaticStr, VariantArray, VariantNames),
    strum(serialize_all = "kebab-case")
)]
pub enum Fact {
    /// The key token a row of attention weights weights most.
    TopKey(AttentionRow),
    /// That largest weight, to two decimals.
    TopWeight(AttentionRow),
    /// The most probable next word at a target position.
    NextWord(TargetRow),
    /// Its probability, or `word`'s, to three decimals as the top-words view shows it.
    NextProb {
        at: TargetRow,
        word: Option<String>,
    },
    /// The model's greedy translation of a source row.
    Translation {
        batch: usize,
    },
    /// An operation's shape, `(2, 4, 8, 5)`.
    Shape {
        op: String,
    },
    /// The key positions a mask hides from a query row, `5, 6, 7` or `none`.
    MaskedKeys {
        op: String,
        batch: usize,
        row: usize,
    },
    /// A sentence's ids, padded.
    Ids(Sentence),
    /// A sentence's tokens, padded.
    Tokens(Sentence),
    /// The token at a position of a sentence.
    TokenAt {
        sentence: Sentence,
        pos: usize,
    },
    /// How many real (non-`<pad>`) tokens a sentence has.
    Length(Sentence),
    /// The position of a sentence's last real token (its length − 1).
    LastPos(Sentence),
    /// Where `pos=moved`'s token sits in the sentence (`markers::MOVED_ROW`).
    MovedPos(Sentence),
    /// The positions of a sentence that hold `<pad>`: `6, 7` or `none`.
    PadPositions(Sentence),
    /// How many positions every sentence of a side is padded to, T_src or T_tgt.
    PaddedLen {
        side: Side,
    },
    /// The batch row with the fewest real tokens on a side (the first when several tie).
    Shortest {
        side: Side,
    },
    /// How many sentence pairs the batch holds, B.
    Sentences,
    /// The same count with its noun, `1 sentence`, `2 sentence pairs`, `3 rows` (in Chinese the
    /// number alone: the prose writes the noun, 个句子).
    SentenceCount(Counted),
    VocabSize {
        side: Side,
    },
    /// What one token of a side is, in a word: `character`, `word`, or a Marian's `piece`; and
    /// the plural, `token-units`.
    TokenUnit {
        side: Side,
    },
    TokenUnits {
        side: Side,
    },
    MaxLen,
    SqrtDModel,
    /// How many parameters have a PyTorch name starting with `prefix` (all when empty).
    Params {
        prefix: String,
    },
    /// Root mean square of a row's values at real positions.
    Rms {
        op: String,
        batch: usize,
    },
    /// The length of `word`'s row of a side's embedding table.
    EmbedNorm {
        side: Side,
        word: String,
    },
    /// Note 003's RNN on a sentence: ‖∂h_T/∂h_1‖ with recurrent gain `scale`.
    RnnGain {
        scale: f32,
        batch: usize,
    },
    /// Note 003's RNN: T − 1 steps.
    RnnSteps {
        batch: usize,
    },
    /// Greedy decoding's word at a step.
    DecodeWord(DecodeAt),
    /// Greedy decoding's probability of its word at a step.
    DecodeProb(DecodeAt),
    /// The shape of each decoder layer's cached keys after a step of greedy decoding, (1, H, t, d_k).
    CacheShape(DecodeAt),
    /// A token's feature mean after BatchNorm of an Add & Norm's sum.
    BnTokenMean {
        op: String,
        batch: usize,
        row: usize,
    },
    /// The largest change of a BatchNorm mean when `<pad>` positions are left out.
    BnPadShift {
        op: String,
    },
    /// A size of the loaded model, times `times`, divided by `div`, less `minus`:
    /// `{config d_k times=3 minus=1}`, the last feature of head 2, so prose about a size's
    /// multiples stays true on any model.
    Config {
        name: ConfigName,
        times: usize,
        div: usize,
        minus: usize,
    },
    /// The training loss, the mean over the labels that are not `<pad>`.
    Loss,
    /// softmax(logits)[label] at a target position of a training run, three decimals.
    LabelProb(TargetRow),
    /// ‖∂L/∂OP‖, the length of an operation's gradient over the whole batch.
    GradNorm {
        op: String,
    },
    /// The same with every residual's straight path cut (the sublayers' paths only).
    GradNormCut {
        op: String,
    },
    /// How many rows of a side's embedding table the batch gives a gradient.
    GradRows {
        side: Side,
    },
    /// The length of `word`'s row of a side's embedding-table gradient.
    EmbedGrad {
        side: Side,
        word: String,
    },
    /// ∂L/∂w of the weight with the largest gradient among OP's weights, from the backward pass.
    WeightGrad {
        op: String,
    },
    /// The same derivative by finite differences: (L(w+h) − L(w−h)) / 2h.
    WeightFd {
        op: String,
    },
    /// The loss on the same batch after one Adam step of every weight.
    StepLoss {
        op: String,
    },
    /// Which way that step moves the loss on the batch (rises, falls, stays), in the screen's
    /// language; an answer may say it in either language and many words (`up`, `rose`, 上升).
    StepDirection {
        op: String,
    },
    /// The logit lens's top word at a target position after one decoder sublayer (`dec.L.normK.out`).
    LensWord {
        at: TargetRow,
        after: String,
    },
    /// The stream op from which the logit lens's final top word stays on top.
    LensForms(TargetRow),
    /// The key with the largest ‖α·v·W_oʰ‖ in one query row of one head.
    TopContribution(AttentionRow),
    /// The top word at a target position with head `head` of OP's block taken out.
    AblatedWord {
        op: String,
        head: usize,
        at: TargetRow,
    },
    /// The source positions whose stream, copied from batch row 1 into row 0 after OP's encoder
    /// layer, change row 0's translation: `0`, `0, 3` or `none`.
    PatchPositions {
        op: String,
    },
    /// A cross-attention head's (or the layer's mean's) alignment error rate on the held-out
    /// pairs, as the alignment view prints it (`22.9%`).
    AlignAer {
        op: String,
        head: HeadChoice,
    },
    /// The number of OP's layer's cross-attention head with the lowest AER.
    AlignBest {
        op: String,
    },
    /// The lowest AER a one-link-per-word aligner can reach on the held-out pairs.
    AlignFloor,
    /// The feed-forward network's nonlinearity, in words: `ReLU`, `SiLU (swish)`, `GELU`.
    Activation,
    /// How the positional table lays out its sin and cos columns, in words.
    Positions,
    /// The token every target starts with: `<bos>`, or a Marian's `<pad>`.
    StartToken,
    /// The token that ends every sentence: `<eos>`, or a Marian's `</s>`.
    EndToken,
    /// The id of `<pad>`: 0 in the tutor's vocabularies, a Marian's own (its last piece).
    PadId,
    /// What is done to the token embeddings before the positions are added: multiplied by
    /// √d_model (two decimals), or left as they are.
    EmbedScale,
    /// The vocabularies in words: one shared vocabulary of pieces, or one per side.
    Vocabulary,
    /// What the output Linear's weight is: the target embedding table itself (tied), or its own.
    OutputWeights,
    /// The translation greedy search gives, as `generate()` makes it from the model's start token.
    GreedyTranslation {
        batch: usize,
    },
    /// The translation beam search with `beams` beams gives.
    BeamTranslation {
        beams: usize,
        batch: usize,
    },
}

/// What a fact kind is written with: its one bare argument (an operation, a prefix, a size) and
/// its `key=` arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Takes {
    /// `OP`, `PREFIX` or `NAME`, if the kind takes a bare argument.
    pub bare: Option<&'static str>,
    pub keys: &'static [&'static str],
}

impl FactKind {
    pub fn all() -> &'static [FactKind] {
        <Self as VariantArray>::VARIANTS
    }

    pub fn names() -> &'static [&'static str] {
        <Self as VariantNames>::VARIANTS
    }

    /// The name a lesson writes, `top-key`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The arguments this kind is written with; any other is refused.
    pub fn takes(self) -> Takes {
        let (bare, keys): (Option<&'static str>, &'static [&'static str]) = match self {
            FactKind::TopKey | FactKind::TopWeight => (Some("OP"), &["row", "batch", "head"]),
            FactKind::NextWord => (None, &["row", "batch"]),
            FactKind::NextProb => (None, &["row", "batch", "word"]),
            FactKind::Translation | FactKind::RnnSteps => (None, &["batch"]),
            FactKind::Shape | FactKind::BnPadShift => (Some("OP"), &[]),
            FactKind::MaskedKeys | FactKind::BnTokenMean => (Some("OP"), &["row", "batch"]),
            FactKind::Ids
            | FactKind::Tokens
            | FactKind::Length
            | FactKind::LastPos
            | FactKind::MovedPos
            | FactKind::PadPositions => (None, &["side", "batch"]),
            FactKind::PaddedLen | FactKind::Shortest => (None, &["side"]),
            FactKind::Sentences => (None, &[]),
            FactKind::SentenceCount => (Some("NOUN"), &[]),
            FactKind::TokenAt => (None, &["side", "pos", "batch"]),
            FactKind::VocabSize | FactKind::TokenUnit | FactKind::TokenUnits => (None, &["side"]),
            FactKind::MaxLen | FactKind::SqrtDModel => (None, &[]),
            FactKind::Params => (Some("PREFIX"), &[]),
            FactKind::Rms => (Some("OP"), &["batch"]),
            FactKind::EmbedNorm => (None, &["side", "word"]),
            FactKind::RnnGain => (None, &["scale", "batch"]),
            FactKind::DecodeWord | FactKind::DecodeProb | FactKind::CacheShape => (None, &["step", "batch"]),
            FactKind::Config => (Some("NAME"), &["times", "div", "minus"]),
            FactKind::Loss => (None, &[]),
            FactKind::LabelProb => (None, &["row", "batch"]),
            FactKind::GradNorm | FactKind::GradNormCut => (Some("OP"), &[]),
            FactKind::GradRows => (None, &["side"]),
            FactKind::EmbedGrad => (None, &["side", "word"]),
            FactKind::WeightGrad | FactKind::WeightFd | FactKind::StepLoss | FactKind::StepDirection => {
                (Some("OP"), &[])
            }
            FactKind::LensWord => (None, &["row", "after", "batch"]),
            FactKind::LensForms => (None, &["row", "batch"]),
            FactKind::TopContribution => (Some("OP"), &["row", "batch", "head"]),
            FactKind::AblatedWord => (Some("OP"), &["row", "head", "batch"]),
            FactKind::PatchPositions | FactKind::AlignBest => (Some("OP"), &[]),
            FactKind::AlignAer => (Some("OP"), &["head"]),
            FactKind::AlignFloor => (None, &[]),
            FactKind::Activation
            | FactKind::Positions
            | FactKind::StartToken
            | FactKind::EndToken
            | FactKind::PadId
            | FactKind::EmbedScale
            | FactKind::Vocabulary
            | FactKind::OutputWeights => (None, &[]),
            FactKind::GreedyTranslation => (None, &["batch"]),
            FactKind::BeamTranslation => (None, &["beams", "batch"]),
        };
        Takes { bare, keys }
    }
}

impl Fact {
    pub fn kind(&self) -> FactKind {
        self.into()
    }

    /// The batch row the fact reads (0 for a fact about the model, not a sentence).
    pub fn batch(&self) -> usize {
        self.clone().batch_mut().map_or(0, |b| *b)
    }
}

pub use super::check::Counted;

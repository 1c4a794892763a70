//! Prose into text and facts: `{name [BARE] key=value …}`, each fact's arguments read by its
//! kind (`FactKind::takes`) and checked against the program (`check`). Every message names the
//! fact and points to the schema, lessons/FORMAT.md#facts.

use super::Piece;
use super::check;
use super::fact::{AttentionRow, ConfigName, DecodeAt, Fact, FactKind, HeadChoice, Sentence, TargetRow};
use crate::model::program::{Program, Side};
use crate::setup::Setup;

/// Where the schema documents facts, for the end of a message.
pub const SEE_FACTS: &str = "(see lessons/FORMAT.md#facts)";

/// Split prose into text and checked facts; an error says what is wrong with which fact.
pub fn parse(text: &str, program: &Program, setup: &Setup) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut literal = String::new();
    let mut rest = text;
    // the `{if-…}` passages open here, innermost last: whether each's `{else}` has come
    let mut open: Vec<bool> = Vec::new();
    while let Some(i) = rest.find(['{', '}']) {
        literal.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            literal.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        if tail.starts_with('}') {
            return Err("a `}` with no `{` before it (write `}}` for a literal brace)".into());
        }
        let end = tail.find('}').ok_or("a `{` with no closing `}` (write `{{` for a literal brace)")?;
        if let Some(place) = super::whereabouts::whereabouts(&tail[1..end])? {
            pieces.push(Piece::Text(std::mem::take(&mut literal)));
            pieces.push(Piece::Where(place));
            rest = &tail[end + 1..];
            continue;
        }
        if let Some(piece) = super::conditional::conditional(&tail[1..end], &mut open, setup)? {
            pieces.push(Piece::Text(std::mem::take(&mut literal)));
            pieces.push(piece);
            rest = &tail[end + 1..];
            continue;
        }
        let fact = parse_fact(&tail[1..end], program, setup)?;
        pieces.push(Piece::Text(std::mem::take(&mut literal)));
        pieces.push(Piece::Fact(fact));
        rest = &tail[end + 1..];
    }
    if !open.is_empty() {
        return Err(format!("an `{{if-…}}` passage with no `{{end}}` after it {SEE_FACTS}"));
    }
    literal.push_str(rest);
    pieces.push(Piece::Text(literal));
    Ok(pieces)
}

/// One fact's body, `top-key dec.0.self_attn.weights row=3`, read by its kind and checked.
fn parse_fact(body: &str, program: &Program, setup: &Setup) -> Result<Fact, String> {
    let a = Args::split(body)?;
    let batch = a.batch(setup)?;
    Ok(match a.kind {
        FactKind::TopKey => Fact::TopKey(attention_row(&a, batch, program)?),
        FactKind::TopWeight => Fact::TopWeight(attention_row(&a, batch, program)?),
        FactKind::NextWord => Fact::NextWord(target_row(&a, batch, setup)?),
        FactKind::NextProb => {
            Fact::NextProb { at: target_row(&a, batch, setup)?, word: check::target_word(setup, a.get("word"))? }
        }
        FactKind::Translation => Fact::Translation { batch },
        FactKind::Shape => Fact::Shape { op: check::op_named(program, a.name(), a.bare())?.name.clone() },
        FactKind::MaskedKeys => {
            let op = check::mask(program, a.name(), a.bare())?;
            let row = match a.row()? {
                super::markers::LAST_ROW => super::markers::LAST_ROW,
                row => check::mask_row(op, row, setup)?,
            };
            Fact::MaskedKeys { row, op: op.name.clone(), batch }
        }
        FactKind::Ids => Fact::Ids(sentence(&a, batch)?),
        FactKind::Tokens => Fact::Tokens(sentence(&a, batch)?),
        FactKind::Length => Fact::Length(sentence(&a, batch)?),
        FactKind::LastPos => Fact::LastPos(sentence(&a, batch)?),
        FactKind::MovedPos => Fact::MovedPos(sentence(&a, batch)?),
        FactKind::PadPositions => Fact::PadPositions(sentence(&a, batch)?),
        FactKind::PaddedLen => Fact::PaddedLen { side: a.side()? },
        FactKind::Shortest => Fact::Shortest { side: a.side()? },
        FactKind::Sentences => Fact::Sentences,
        FactKind::SentenceCount => Fact::SentenceCount(check::counted(a.bare())?),
        FactKind::TokenAt => {
            let sentence = sentence(&a, batch)?;
            let pos = match a.get("pos") {
                Some("last") => super::markers::LAST_ROW,
                Some("moved") => super::markers::MOVED_ROW,
                _ => check::position(sentence.side, a.need("pos", "the position in the sentence")?, setup)?,
            };
            Fact::TokenAt { pos, sentence }
        }
        FactKind::VocabSize => Fact::VocabSize { side: a.side()? },
        FactKind::TokenUnit => Fact::TokenUnit { side: a.side()? },
        FactKind::TokenUnits => Fact::TokenUnits { side: a.side()? },
        FactKind::MaxLen => Fact::MaxLen,
        FactKind::SqrtDModel => Fact::SqrtDModel,
        FactKind::Params => Fact::Params { prefix: check::param_prefix(setup, a.bare())? },
        FactKind::Rms => Fact::Rms { op: check::op_named(program, a.name(), a.bare())?.name.clone(), batch },
        FactKind::EmbedNorm => {
            let side = a.side()?;
            let word = a.get("word").ok_or(format!("`{}` needs word=, e.g. word=<pad> {SEE_FACTS}", a.name()))?;
            Fact::EmbedNorm { side, word: check::side_word(setup, side, word)? }
        }
        FactKind::RnnGain => Fact::RnnGain { scale: a.scale()?, batch },
        FactKind::RnnSteps => Fact::RnnSteps { batch },
        FactKind::DecodeWord => Fact::DecodeWord(decode_at(&a, batch, setup)?),
        FactKind::DecodeProb => Fact::DecodeProb(decode_at(&a, batch, setup)?),
        FactKind::CacheShape => Fact::CacheShape(decode_at(&a, batch, setup)?),
        FactKind::BnTokenMean => {
            let op = check::sum_op(program, a.name(), a.bare())?;
            let row = a.need("row", "the token position")?;
            if row >= op.shape[1] {
                return Err(format!("row={row} but `{}` has {} positions", op.name, op.shape[1]));
            }
            Fact::BnTokenMean { op: op.name.clone(), batch, row }
        }
        FactKind::BnPadShift => Fact::BnPadShift { op: check::sum_op(program, a.name(), a.bare())?.name.clone() },
        FactKind::Config => {
            let name = config_name(a.bare())?;
            let times = a.number("times")?.unwrap_or(1);
            let div = a.number("div")?.unwrap_or(1).max(1);
            let minus = a.number("minus")?.unwrap_or(0);
            if name.value(&setup.weights.config) * times / div < minus {
                return Err(format!("`config {}`: minus={minus} takes it below 0 on this model", a.bare()));
            }
            Fact::Config { name, times, div, minus }
        }
        FactKind::Loss => Fact::Loss,
        FactKind::LabelProb => Fact::LabelProb(target_row(&a, batch, setup)?),
        FactKind::GradNorm => Fact::GradNorm { op: check::op_named(program, a.name(), a.bare())?.name.clone() },
        FactKind::GradNormCut => Fact::GradNormCut { op: check::op_named(program, a.name(), a.bare())?.name.clone() },
        FactKind::GradRows => Fact::GradRows { side: a.side()? },
        FactKind::WeightGrad | FactKind::WeightFd | FactKind::StepLoss | FactKind::StepDirection => {
            let op = check::op_named(program, a.name(), a.bare())?;
            if crate::model::one_step::weight_of(op).is_none() {
                return Err(format!(
                    "`{}` needs an operation with weights (a Linear, an embedding, a LayerNorm's γ·x̂ + β); `{}` has none",
                    a.name(),
                    op.name
                ));
            }
            let op = op.name.clone();
            match a.kind {
                FactKind::WeightGrad => Fact::WeightGrad { op },
                FactKind::WeightFd => Fact::WeightFd { op },
                FactKind::StepDirection => Fact::StepDirection { op },
                _ => Fact::StepLoss { op },
            }
        }
        FactKind::LensWord
        | FactKind::LensForms
        | FactKind::TopContribution
        | FactKind::AblatedWord
        | FactKind::PatchPositions => probe_fact(&a, batch, program, setup)?,
        FactKind::AlignAer => {
            let op = check::cross_attention(program, a.name(), a.bare())?;
            let heads = setup.weights.config.n_heads;
            match a.head(heads)? {
                HeadChoice::One(h) if h >= heads => return Err(format!("head={h} but there are {heads} heads")),
                head => Fact::AlignAer { op, head },
            }
        }
        FactKind::AlignBest => Fact::AlignBest { op: check::cross_attention(program, a.name(), a.bare())? },
        FactKind::AlignFloor => Fact::AlignFloor,
        FactKind::Activation => Fact::Activation,
        FactKind::Positions => Fact::Positions,
        FactKind::StartToken => Fact::StartToken,
        FactKind::EndToken => Fact::EndToken,
        FactKind::PadId => Fact::PadId,
        FactKind::EmbedScale => Fact::EmbedScale,
        FactKind::Vocabulary => Fact::Vocabulary,
        FactKind::OutputWeights => Fact::OutputWeights,
        FactKind::GreedyTranslation => Fact::GreedyTranslation { batch },
        FactKind::BeamTranslation => {
            let beams = a.need("beams", "how many hypotheses beam search keeps")?;
            if !(1..=16).contains(&beams) {
                return Err(format!("beams={beams}: beam search keeps 1 to 16 hypotheses"));
            }
            Fact::BeamTranslation { beams, batch }
        }
        FactKind::EmbedGrad => {
            let side = a.side()?;
            let word = a.get("word").ok_or(format!("`{}` needs word=, e.g. word=<pad> {SEE_FACTS}", a.name()))?;
            Fact::EmbedGrad { side, word: check::side_word(setup, side, word)? }
        }
    })
}

/// The probes' facts: the logit lens, a key's contribution, a head taken out, patching.
fn probe_fact(a: &Args, batch: usize, program: &Program, setup: &Setup) -> Result<Fact, String> {
    Ok(match a.kind {
        FactKind::LensWord => {
            let after = a.get("after").unwrap_or_default();
            let streams = crate::probe::lens::stream_ops(setup.weights.config.dec_layers);
            if !streams.iter().any(|s| s == after) {
                return Err(format!("`lens-word` needs after=, one of {} {SEE_FACTS}", streams.join(", ")));
            }
            Fact::LensWord { at: target_row(a, batch, setup)?, after: after.to_string() }
        }
        FactKind::LensForms => Fact::LensForms(target_row(a, batch, setup)?),
        FactKind::TopContribution => {
            let row = attention_row(a, batch, program)?;
            if row.head == HeadChoice::Mean {
                // a contribution is one head's value through its slice of W_o; the mean has none
                return Err(format!("`{}` needs one head (head=0, 1, ...), not head=mean {SEE_FACTS}", a.name()));
            }
            Fact::TopContribution(row)
        }
        FactKind::AblatedWord => {
            let op = check::attention(program, a.name(), a.bare())?;
            let head = a.need("head", "the head taken out")?;
            if head >= op.shape[1] {
                return Err(format!("head={head} but there are {} heads", op.shape[1]));
            }
            Fact::AblatedWord { op: op.name.clone(), head, at: target_row(a, batch, setup)? }
        }
        FactKind::PatchPositions => {
            let op = check::op_named(program, a.name(), a.bare())?;
            if !crate::probe::patch::layer_outputs(setup.weights.config.n_layers).contains(&op.name) {
                return Err(format!(
                    "`patch-positions` needs an encoder layer's output, e.g. enc.0.norm2.out {SEE_FACTS}"
                ));
            }
            if setup.shape().batch < 2 {
                return Err(
                    "`patch-positions` copies from batch row 1 into row 0: the lesson needs two sentences".into()
                );
            }
            Fact::PatchPositions { op: op.name.clone() }
        }
        _ => unreachable!("only the probes' kinds come here"),
    })
}

fn attention_row(a: &Args, batch: usize, program: &Program) -> Result<AttentionRow, String> {
    let op = check::attention(program, a.name(), a.bare())?;
    let head = a.head(op.shape[1])?;
    if let HeadChoice::One(h) = head
        && h >= op.shape[1]
    {
        return Err(format!("head={h} but there are {} heads", op.shape[1]));
    }
    if head == HeadChoice::BestAligned {
        check::cross_attention(program, a.name(), a.bare())?;
    }
    let row = a.row()?;
    if row != super::markers::LAST_ROW && row >= op.shape[2] {
        return Err(format!("row={row} but `{}` has {} rows", op.name, op.shape[2]));
    }
    Ok(AttentionRow { op: op.name.clone(), batch, head, row })
}

fn target_row(a: &Args, batch: usize, setup: &Setup) -> Result<TargetRow, String> {
    let row = a.need("row", "the target position")?;
    let t_tgt = setup.shape().t_tgt;
    if row >= t_tgt {
        return Err(format!("row={row} but the target has {t_tgt} positions"));
    }
    Ok(TargetRow { batch, row })
}

fn sentence(a: &Args, batch: usize) -> Result<Sentence, String> {
    Ok(Sentence { side: a.side()?, batch })
}

fn decode_at(a: &Args, batch: usize, setup: &Setup) -> Result<DecodeAt, String> {
    let step = a.need("step", "the decoding step (0 is the word after <bos>)")?;
    // how many steps decoding takes depends on the weights; past `<eos>` the fact says so
    let max = setup.weights.config.max_len;
    if step >= max {
        return Err(format!("step={step} but decoding takes at most max_len = {max} steps"));
    }
    Ok(DecodeAt { batch, step })
}

fn config_name(name: &str) -> Result<ConfigName, String> {
    name.parse().map_err(|_| {
        let names = ConfigName::names();
        let hint = crate::strings::suggestion_for_authors(name, names.iter().copied());
        format!("`config` takes a size: {}; `{name}` is none{hint} {SEE_FACTS}", names.join(", "))
    })
}

/// A fact's body split into its kind, its bare argument and its `key=value` arguments, each
/// one the kind takes (`FactKind::takes`).
struct Args<'a> {
    kind: FactKind,
    bare: Option<&'a str>,
    keyed: Vec<(&'a str, &'a str)>,
}

impl<'a> Args<'a> {
    fn split(body: &'a str) -> Result<Args<'a>, String> {
        let mut words = body.split_whitespace();
        let name =
            words.next().ok_or(format!("an empty `{{}}`; write a fact such as {{next-word row=1}} {SEE_FACTS}"))?;
        let kind: FactKind = name.parse().map_err(|_| {
            let hint = crate::strings::suggestion_for_authors(name, FactKind::names().iter().copied());
            format!("no fact `{name}`{hint} (facts are {}; see lessons/FORMAT.md#facts)", FactKind::names().join(", "))
        })?;
        let takes = kind.takes();
        let mut args = Args { kind, bare: None, keyed: Vec::new() };
        for arg in words {
            match arg.split_once('=') {
                Some((key, _)) if !takes.keys.contains(&key) => {
                    return Err(format!(
                        "`{name}` takes no `{key}=`; it takes {} {SEE_FACTS}",
                        check::takes_text(kind)
                    ));
                }
                Some((key, value)) => args.keyed.push((key, value)),
                None if args.bare.is_none() && takes.bare.is_some() => args.bare = Some(arg),
                None => {
                    return Err(format!(
                        "`{arg}` is not understood; `{name}` takes {} {SEE_FACTS}",
                        check::takes_text(kind)
                    ));
                }
            }
        }
        Ok(args)
    }

    fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The bare argument (an operation, a prefix, a size), empty when not given.
    fn bare(&self) -> &'a str {
        self.bare.unwrap_or_default()
    }

    /// The value of `key=`, the last one when given twice.
    fn get(&self, key: &str) -> Option<&'a str> {
        self.keyed.iter().rev().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn number(&self, key: &str) -> Result<Option<usize>, String> {
        self.get(key).map(|v| v.parse::<usize>().map_err(|_| format!("`{key}={v}`: `{v}` is not a number"))).transpose()
    }

    /// `row=`: a query row, or `last`, the tensor's last query row on the run's sentences.
    fn row(&self) -> Result<usize, String> {
        if self.get("row") == Some("last") { Ok(super::markers::LAST_ROW) } else { self.need("row", "the query row") }
    }

    /// A number the fact cannot do without: "`top-key` needs row=, the query row".
    fn need(&self, key: &str, what: &str) -> Result<usize, String> {
        self.number(key)?.ok_or(format!("`{}` needs {key}=, {what} {SEE_FACTS}", self.name()))
    }

    /// `batch=`, 0 when not given, below the lesson's number of sentence pairs; or `shortest-src`,
    /// `shortest-tgt`, the row with the fewest real tokens on that side, found from the run.
    fn batch(&self, setup: &Setup) -> Result<usize, String> {
        if let Some(marker) = self.get("batch").and_then(super::markers::batch_marker) {
            return Ok(marker);
        }
        let batch = self.number("batch")?.unwrap_or(0);
        let pairs = setup.shape().batch;
        if batch >= pairs {
            return Err(format!("batch={batch} but the lesson has {pairs} sentence pair(s)"));
        }
        Ok(batch)
    }

    /// `head=`: a number, `mean`, `best-aligned`, or `last`, the last of the model's `heads`.
    fn head(&self, heads: usize) -> Result<HeadChoice, String> {
        match self.get("head") {
            None => Ok(HeadChoice::One(0)),
            Some("mean") => Ok(HeadChoice::Mean),
            Some("last") => Ok(HeadChoice::One(heads.saturating_sub(1))),
            Some("best-aligned") => Ok(HeadChoice::BestAligned),
            Some(_) => Ok(HeadChoice::One(self.number("head")?.unwrap_or(0))),
        }
    }

    fn side(&self) -> Result<Side, String> {
        match self.get("side") {
            Some("src") => Ok(Side::Src),
            Some("tgt") => Ok(Side::Tgt),
            Some(v) => Err(format!("side={v}: a side is src or tgt")),
            None => Err(format!("`{}` needs side=src or side=tgt {SEE_FACTS}", self.name())),
        }
    }

    fn scale(&self) -> Result<f32, String> {
        let v = self.get("scale").ok_or(format!("`{}` needs scale=, the recurrent gain {SEE_FACTS}", self.name()))?;
        v.parse::<f32>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0)
            .ok_or(format!("`scale={v}`: `{v}` is not a positive number"))
    }
}

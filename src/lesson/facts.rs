//! Facts in lesson prose that depend on the weights, written as `{fact-name args…}` and filled in
//! from the run whenever the beat is shown, so the prose stays true for any `--weights`:
//!
//! - `{top-key OP row=R [batch=B] [head=H|mean]}`: the key token that row R of an attention
//!   weight tensor weights most (`head=mean` averages the heads first; the default is head 0)
//! - `{top-weight OP row=R [batch=B] [head=H|mean]}`: that largest weight, to two decimals
//! - `{next-word row=R [batch=B]}`: the most probable next word at target position R
//! - `{next-prob row=R [batch=B] [word=W]}`: its probability (or W's), to three decimals as the
//!   top-words view shows it
//! - `{translation [batch=B]}`: the model's greedy translation of source row B
//! - `{shape OP}`: the operation's shape, `(2, 4, 8, 5)`
//! - `{masked-keys OP row=R [batch=B]}`: the key positions a mask hides from query row R, `5, 6, 7` or `none`
//! - `{ids side=src|tgt [batch=B]}` / `{tokens side=… [batch=B]}`: that row's ids / tokens, padded
//! - `{token-at side=src|tgt pos=N [batch=B]}`: the token at position N of that row, so prose that
//!   names a word of the sentence stays true on a learner's own sentence
//! - `{length side=src|tgt [batch=B]}`: how many real (non-`<pad>`) tokens that row has
//! - `{vocab-size side=src|tgt}`, `{max-len}`, `{sqrt-d-model}`: sizes of the loaded model
//! - `{params [PREFIX]}`: how many parameters have a PyTorch name starting with PREFIX (all without)
//! - `{rms OP [batch=B]}`: root mean square of that row's values at real (non-`<pad>`) positions
//! - `{embed-norm side=… word=W}`: the length of W's row of the embedding table
//! - `{rnn-gain scale=S [batch=B]}`, `{rnn-steps [batch=B]}`: note 003's RNN on that sentence
//!   (see `model::rnn`): ‖∂h_T/∂h_1‖ with recurrent gain S, and T−1
//! - `{decode-word step=N [batch=B]}`, `{decode-prob step=N [batch=B]}`: greedy decoding's word at
//!   step N and its probability
//! - `{bn-token-mean OP row=R [batch=B]}`: token R's feature mean after BatchNorm of OP (a `.sum`)
//! - `{bn-pad-shift OP}`: the largest change of a BatchNorm mean when `<pad>` positions are left out
//! - `{config NAME}`: a size of the loaded model: d_model, n_heads, d_k, d_ff, n_layers, max_len
//!
//! `{{` and `}}` stand for literal braces. The loader checks every fact against the program
//! (operation, rows, heads, words) like it checks op names.

use crate::model::Run;
use crate::model::decode::{argmax, greedy};
use crate::model::program::{Dim, OpKind, Program, Side, shape_text};
use crate::model::vocab::PAD_ID;
use crate::setup::Setup;
use crate::text::{significant, thousands};
use ndarray::{ArrayD, IxDyn};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FactKind {
    TopKey,
    TopWeight,
    NextWord,
    NextProb,
    Translation,
    Shape,
    MaskedKeys,
    Ids,
    Tokens,
    TokenAt,
    Length,
    VocabSize,
    MaxLen,
    SqrtDModel,
    Params,
    Rms,
    EmbedNorm,
    RnnGain,
    RnnSteps,
    DecodeWord,
    DecodeProb,
    BnTokenMean,
    BnPadShift,
    Config,
}

impl FactKind {
    pub const ALL: [(&'static str, FactKind); 24] = [
        ("top-key", FactKind::TopKey),
        ("top-weight", FactKind::TopWeight),
        ("next-word", FactKind::NextWord),
        ("next-prob", FactKind::NextProb),
        ("translation", FactKind::Translation),
        ("shape", FactKind::Shape),
        ("masked-keys", FactKind::MaskedKeys),
        ("ids", FactKind::Ids),
        ("tokens", FactKind::Tokens),
        ("token-at", FactKind::TokenAt),
        ("length", FactKind::Length),
        ("vocab-size", FactKind::VocabSize),
        ("max-len", FactKind::MaxLen),
        ("sqrt-d-model", FactKind::SqrtDModel),
        ("params", FactKind::Params),
        ("rms", FactKind::Rms),
        ("embed-norm", FactKind::EmbedNorm),
        ("rnn-gain", FactKind::RnnGain),
        ("rnn-steps", FactKind::RnnSteps),
        ("decode-word", FactKind::DecodeWord),
        ("decode-prob", FactKind::DecodeProb),
        ("bn-token-mean", FactKind::BnTokenMean),
        ("bn-pad-shift", FactKind::BnPadShift),
        ("config", FactKind::Config),
    ];
}

/// Which head a fact reads: one, or the mean of all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeadChoice {
    One(usize),
    Mean,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    pub kind: FactKind,
    pub op: String,
    pub batch: usize,
    pub head: HeadChoice,
    pub row: usize,
    pub word: Option<String>,
    pub side: Side,
    pub scale: f32,
    pub step: usize,
}

/// A piece of prose: literal text or a fact to fill in.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    Fact(Fact),
}

/// Split prose into text and checked facts; an error says what is wrong with which fact.
pub fn parse(text: &str, program: &Program, setup: &Setup) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut literal = String::new();
    let mut rest = text;
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
        let fact = parse_fact(&tail[1..end], program, setup)?;
        pieces.push(Piece::Text(std::mem::take(&mut literal)));
        pieces.push(Piece::Fact(fact));
        rest = &tail[end + 1..];
    }
    literal.push_str(rest);
    pieces.push(Piece::Text(literal));
    Ok(pieces)
}

fn parse_fact(body: &str, program: &Program, setup: &Setup) -> Result<Fact, String> {
    let mut words = body.split_whitespace();
    let name = words.next().ok_or("an empty `{}`; write a fact such as {next-word row=1}")?;
    let Some(kind) = FactKind::ALL.iter().find(|(n, _)| *n == name).map(|(_, k)| *k) else {
        let names: Vec<&str> = FactKind::ALL.iter().map(|(n, _)| *n).collect();
        return Err(format!("no fact `{name}`; facts are {}", names.join(", ")));
    };
    let mut fact = Fact {
        kind,
        op: String::new(),
        batch: 0,
        head: HeadChoice::One(0),
        row: 0,
        word: None,
        side: Side::Src,
        scale: 1.0,
        step: 0,
    };
    let mut row = None;
    let mut side = None;
    let mut scale = None;
    let mut step = None;
    for arg in words {
        let number = |v: &str| v.parse::<usize>().map_err(|_| format!("`{arg}`: `{v}` is not a number"));
        match arg.split_once('=') {
            Some(("batch", v)) => fact.batch = number(v)?,
            Some(("row", v)) | Some(("pos", v)) => row = Some(number(v)?),
            Some(("head", "mean")) => fact.head = HeadChoice::Mean,
            Some(("head", v)) => fact.head = HeadChoice::One(number(v)?),
            Some(("word", v)) => fact.word = Some(v.to_string()),
            Some(("side", "src")) => side = Some(Side::Src),
            Some(("side", "tgt")) => side = Some(Side::Tgt),
            Some(("side", v)) => return Err(format!("side={v}: a side is src or tgt")),
            Some(("scale", v)) => {
                scale = Some(
                    v.parse::<f32>()
                        .ok()
                        .filter(|s| s.is_finite() && *s > 0.0)
                        .ok_or(format!("`{arg}`: `{v}` is not a positive number"))?,
                )
            }
            Some(("step", v)) => step = Some(number(v)?),
            Some((key, _)) => return Err(format!("`{name}` takes no `{key}=`")),
            None if fact.op.is_empty() => fact.op = arg.to_string(),
            None => {
                return Err(format!(
                    "`{arg}` is not understood; arguments are op, batch=, row=, pos=, head=, word=, side=, scale=, step="
                ));
            }
        }
    }
    let shape = setup.shape();
    if fact.batch >= shape.batch {
        return Err(format!("batch={} but the lesson has {} sentence pair(s)", fact.batch, shape.batch));
    }
    match kind {
        FactKind::TopKey | FactKind::TopWeight => {
            let index = program.index_of(&fact.op).ok_or_else(|| {
                format!(
                    "`{name}` needs an attention-weights operation, e.g. dec.1.cross_attn.weights; `{}` is none",
                    fact.op
                )
            })?;
            let op = program.op(index);
            if !(op.kind == OpKind::Softmax && op.shape.len() == 4) {
                return Err(format!("`{name}` reads attention weights (B, H, T_q, T_k); `{}` is not one", fact.op));
            }
            if let HeadChoice::One(h) = fact.head
                && h >= op.shape[1]
            {
                return Err(format!("head={h} but there are {} heads", op.shape[1]));
            }
            fact.row = row.ok_or(format!("`{name}` needs row=, the query row"))?;
            if fact.row >= op.shape[2] {
                return Err(format!("row={} but `{}` has {} rows", fact.row, fact.op, op.shape[2]));
            }
        }
        FactKind::NextWord | FactKind::NextProb => {
            fact.row = row.ok_or(format!("`{name}` needs row=, the target position"))?;
            if fact.row >= shape.t_tgt {
                return Err(format!("row={} but the target has {} positions", fact.row, shape.t_tgt));
            }
            if let Some(w) = &fact.word
                && setup.tgt_vocab().id(w).is_none()
            {
                return Err(format!("word={w} is not in the target vocabulary"));
            }
        }
        FactKind::Translation | FactKind::MaxLen | FactKind::SqrtDModel | FactKind::RnnSteps => {}
        FactKind::Shape | FactKind::Rms | FactKind::BnPadShift => {
            op_named(program, name, &fact.op)?;
            if kind == FactKind::BnPadShift {
                sum_op(program, name, &fact.op)?;
            }
        }
        FactKind::BnTokenMean => {
            let op = sum_op(program, name, &fact.op)?;
            fact.row = row.ok_or(format!("`{name}` needs row=, the token position"))?;
            if fact.row >= op.shape[1] {
                return Err(format!("row={} but `{}` has {} positions", fact.row, fact.op, op.shape[1]));
            }
        }
        FactKind::MaskedKeys => {
            let op = op_named(program, name, &fact.op)?;
            if !op.kind.is_mask() {
                return Err(format!("`{name}` reads a mask (src.mask, tgt.causal, tgt.mask); `{}` is none", fact.op));
            }
            fact.row = row.ok_or(format!("`{name}` needs row=, the query row"))?;
            // a padding mask (B, 1, 1, T) serves every query row of its side
            let rows = if op.shape[2] == 1 {
                if op.name.starts_with("src") { shape.t_src } else { shape.t_tgt }
            } else {
                op.shape[2]
            };
            if fact.row >= rows {
                return Err(format!("row={} but `{}` has {} query rows", fact.row, fact.op, rows));
            }
        }
        FactKind::Ids | FactKind::Tokens | FactKind::VocabSize | FactKind::Length => {
            fact.side = side.ok_or(format!("`{name}` needs side=src or side=tgt"))?;
        }
        FactKind::TokenAt => {
            fact.side = side.ok_or(format!("`{name}` needs side=src or side=tgt"))?;
            fact.row = row.ok_or(format!("`{name}` needs pos=, the position in the sentence"))?;
            let len = if fact.side == Side::Src { shape.t_src } else { shape.t_tgt };
            if fact.row >= len {
                return Err(format!("pos={} but that side has {len} positions", fact.row));
            }
        }
        FactKind::Params => {
            let prefix = fact.op.clone();
            let mut any = false;
            setup.weights.visit(|n, _| any |= n.starts_with(&prefix));
            if !any {
                return Err(format!(
                    "no parameter name starts with `{prefix}` (names look like encoder.layers.0.self_attn.w_q.weight)"
                ));
            }
        }
        FactKind::EmbedNorm => {
            fact.side = side.ok_or(format!("`{name}` needs side=src or side=tgt"))?;
            let w = fact.word.as_deref().ok_or(format!("`{name}` needs word=, e.g. word=<pad>"))?;
            let vocab = if fact.side == Side::Src { setup.src_vocab() } else { setup.tgt_vocab() };
            if vocab.id(w).is_none() {
                return Err(format!("word={w} is not in that side's vocabulary"));
            }
        }
        FactKind::Config => {
            if config_value(&setup.weights.config, &fact.op).is_none() {
                return Err(format!("`config` takes a size: {}; `{}` is none", CONFIG_NAMES.join(", "), fact.op));
            }
        }
        FactKind::RnnGain => fact.scale = scale.ok_or(format!("`{name}` needs scale=, the recurrent gain"))?,
        FactKind::DecodeWord | FactKind::DecodeProb => {
            fact.step = step.ok_or(format!("`{name}` needs step=, the decoding step (0 is the word after <bos>)"))?;
            // how many steps decoding takes depends on the weights; past `<eos>` the fact says so
            let max = setup.weights.config.max_len;
            if fact.step >= max {
                return Err(format!("step={} but decoding takes at most max_len = {max} steps", fact.step));
            }
        }
    }
    Ok(fact)
}

/// The operation called `name`, or an error naming the fact.
fn op_named<'p>(program: &'p Program, fact: &str, name: &str) -> Result<&'p crate::model::Op, String> {
    let index = program.index_of(name).ok_or_else(|| {
        let hint = match crate::lesson::load::closest(name, program.names()).first() {
            Some(near) => format!("; did you mean `{near}`?"),
            None => String::new(),
        };
        format!("`{fact}` needs an operation; there is no `{name}`{hint}")
    })?;
    Ok(program.op(index))
}

/// An Add & Norm's `.sum` (B, T, d), which BatchNorm and LayerNorm are compared on.
fn sum_op<'p>(program: &'p Program, fact: &str, name: &str) -> Result<&'p crate::model::Op, String> {
    let op = op_named(program, fact, name)?;
    if op.kind != OpKind::Add || op.shape.len() != 3 {
        return Err(format!("`{fact}` reads an Add & Norm's sum, e.g. enc.0.norm1.sum; `{name}` is not one"));
    }
    Ok(op)
}

/// Decoding of one source row, step by step, each word chosen as `choice` says.
pub fn decode_steps(
    setup: &Setup,
    batch: usize,
    choice: crate::model::decode::Choice,
) -> Vec<crate::model::decode::DecodeStep> {
    let src = setup.src_ids.row(batch).to_owned().insert_axis(ndarray::Axis(0));
    crate::model::decode::decode_steps(&setup.weights, &src, choice)
}

/// The model's greedy translation of source row `batch`, as `{translation}` and the decode view show it.
pub fn translation(setup: &Setup, batch: usize) -> String {
    let src = setup.src_ids.row(batch).to_owned().insert_axis(ndarray::Axis(0));
    let decoded = greedy(&setup.weights, &src);
    setup.tgt_vocab().decode(&decoded.words[0])
}

/// The (T, d) token vectors of one batch row of `op`, real positions only.
pub fn real_rows(full: &Run, setup: &Setup, op: &str, batch: usize) -> ndarray::Array2<f32> {
    let t = full.get(op).expect("validated op, full run");
    let index = full.program().index_of(op).expect("validated");
    let dims = &full.program().op(index).dims;
    let side = if op.starts_with("tgt") || dims.contains(&Dim::Tokens(Side::Tgt)) { Side::Tgt } else { Side::Src };
    let ids = if side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
    let row = if t.ndim() == 3 { t.index_axis(ndarray::Axis(0), batch) } else { t.view() };
    let keep: Vec<usize> =
        (0..row.shape()[0]).filter(|&p| ids.get([batch, p]).is_none_or(|&id| id != PAD_ID)).collect();
    let d = row.shape()[1];
    ndarray::Array2::from_shape_fn((keep.len(), d), |(i, j)| row[[keep[i], j]])
}

/// The real (non-`<pad>`) positions of each batch row of one side: (B, T) booleans.
pub fn real_positions(setup: &Setup, side: Side) -> ndarray::Array2<bool> {
    let ids = if side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
    ids.mapv(|id| id != PAD_ID)
}

/// Fill the facts in from `full`, a run of the lesson's whole program.
pub fn render(pieces: &[Piece], full: &Run, setup: &Setup) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.clone(),
            Piece::Fact(f) => evaluate(f, full, setup),
        })
        .collect()
}

fn evaluate(fact: &Fact, full: &Run, setup: &Setup) -> String {
    if !fits(fact, full, setup) {
        return crate::strings::FACT_NOT_IN_SENTENCES.to_string();
    }
    match fact.kind {
        FactKind::TopKey | FactKind::TopWeight => {
            let t = full.get(&fact.op).expect("validated op, full run");
            let row = attention_row(t, fact);
            let best = argmax(row.iter().copied());
            if fact.kind == FactKind::TopWeight {
                return format!("{:.2}", row[best]);
            }
            let op = full.program().op(full.program().index_of(&fact.op).expect("validated"));
            let side = if op.dims[3] == Dim::Tokens(Side::Src) { Side::Src } else { Side::Tgt };
            token(setup, side, fact.batch, best)
        }
        FactKind::NextWord | FactKind::NextProb => {
            let probs = full.get("probs").expect("full run");
            let v = probs.shape()[2];
            let row: Vec<f32> = (0..v).map(|j| probs[IxDyn(&[fact.batch, fact.row, j])]).collect();
            let vocab = setup.tgt_vocab();
            let best = argmax(row.iter().copied());
            // three decimals, as the top-words view shows them
            match (fact.kind, &fact.word) {
                (FactKind::NextWord, _) => vocab.word(best),
                (_, Some(w)) => format!("{:.3}", row[vocab.id(w).expect("validated")]),
                _ => format!("{:.3}", row[best]),
            }
        }
        FactKind::Translation => translation(setup, fact.batch),
        FactKind::Shape => shape_text(full.get(&fact.op).expect("validated op, full run").shape()),
        FactKind::MaskedKeys => {
            let t = full.get(&fact.op).expect("validated op, full run");
            let keys = t.shape()[3];
            let b = fact.batch.min(t.shape()[0] - 1);
            let r = fact.row.min(t.shape()[2] - 1);
            let hidden: Vec<String> =
                (0..keys).filter(|&k| t[IxDyn(&[b, 0, r, k])] == 0.0).map(|k| k.to_string()).collect();
            if hidden.is_empty() { "none".into() } else { hidden.join(", ") }
        }
        FactKind::Ids => {
            let ids = if fact.side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
            ids.row(fact.batch).iter().map(|id| id.to_string()).collect::<Vec<_>>().join(" ")
        }
        FactKind::Tokens => {
            let n = if fact.side == Side::Src { setup.src_ids.ncols() } else { setup.tgt_ids.ncols() };
            (0..n).map(|p| token(setup, fact.side, fact.batch, p)).collect::<Vec<_>>().join(" ")
        }
        FactKind::TokenAt => token(setup, fact.side, fact.batch, fact.row),
        FactKind::Length => {
            let ids = if fact.side == Side::Src { &setup.src_ids } else { &setup.tgt_ids };
            ids.row(fact.batch).iter().filter(|&&id| id != PAD_ID).count().to_string()
        }
        FactKind::VocabSize => {
            let v = if fact.side == Side::Src { setup.src_vocab() } else { setup.tgt_vocab() };
            v.len().to_string()
        }
        FactKind::MaxLen => setup.weights.config.max_len.to_string(),
        FactKind::SqrtDModel => format!("{:.2}", (setup.weights.config.d_model as f32).sqrt()),
        FactKind::Params => {
            let mut n = 0;
            setup.weights.visit(|name, v| {
                if name.starts_with(&fact.op) {
                    n += v.len()
                }
            });
            thousands(n)
        }
        FactKind::Rms => {
            let rows = real_rows(full, setup, &fact.op, fact.batch);
            let n = rows.len().max(1) as f64;
            format!("{:.2}", (rows.iter().map(|&v| (v as f64).powi(2)).sum::<f64>() / n).sqrt())
        }
        FactKind::EmbedNorm => {
            let (table, vocab) = if fact.side == Side::Src {
                (&setup.weights.src_embed, setup.src_vocab())
            } else {
                (&setup.weights.tgt_embed, setup.tgt_vocab())
            };
            let id = vocab.id(fact.word.as_deref().unwrap_or_default()).expect("validated");
            format!("{:.2}", table.row(id).iter().map(|&v| v * v).sum::<f32>().sqrt())
        }
        FactKind::RnnGain => {
            let x = real_rows(full, setup, "src.x", fact.batch);
            significant(crate::model::rnn::chain(x.view(), fact.scale).first_to_last())
        }
        FactKind::RnnSteps => real_rows(full, setup, "src.x", fact.batch).nrows().saturating_sub(1).to_string(),
        FactKind::DecodeWord | FactKind::DecodeProb => {
            let steps = decode_steps(setup, fact.batch, crate::model::decode::Choice::Greedy);
            let Some(step) = steps.get(fact.step) else {
                return crate::strings::DECODING_HAD_ENDED.to_string();
            };
            if fact.kind == FactKind::DecodeWord {
                setup.tgt_vocab().word(step.chosen)
            } else {
                format!("{:.2}", step.probs[step.chosen])
            }
        }
        FactKind::Config => config_value(&setup.weights.config, &fact.op).unwrap_or_default().to_string(),
        FactKind::BnTokenMean | FactKind::BnPadShift => {
            let x = full.get(&fact.op).expect("validated op, full run");
            let x = x.view().into_dimensionality::<ndarray::Ix3>().expect("(B, T, d)");
            let side = if fact.op.starts_with("enc") { Side::Src } else { Side::Tgt };
            let c = crate::model::batch_norm::NormComparison::of(x, real_positions(setup, side).view());
            if fact.kind == FactKind::BnPadShift {
                return format!("{:.2}", c.pad_shift());
            }
            let (mean, _) = crate::model::batch_norm::token_stats(c.batch.view())[[fact.batch, fact.row]];
            format!("{:.2}", if mean.abs() < 0.005 { 0.0 } else { mean })
        }
    }
}

/// The sizes `{config NAME}` can name.
pub const CONFIG_NAMES: [&str; 6] = ["d_model", "n_heads", "d_k", "d_ff", "n_layers", "max_len"];

fn config_value(c: &crate::model::Config, name: &str) -> Option<usize> {
    Some(match name {
        "d_model" => c.d_model,
        "n_heads" => c.n_heads,
        "d_k" => c.d_k(),
        "d_ff" => c.d_ff,
        "n_layers" => c.n_layers,
        "max_len" => c.max_len,
        _ => return None,
    })
}

/// Whether the batch row and row a fact names exist in this run: a lesson's facts are checked
/// against its own sentences, and a learner's own sentences may be fewer or shorter.
fn fits(fact: &Fact, full: &Run, setup: &Setup) -> bool {
    let shape = setup.shape();
    if fact.batch >= shape.batch {
        return false;
    }
    match fact.kind {
        FactKind::TopKey | FactKind::TopWeight => full.get(&fact.op).is_some_and(|t| {
            let head_exists = match fact.head {
                HeadChoice::Mean => true,
                HeadChoice::One(h) => h < t.shape()[1],
            };
            head_exists && fact.row < t.shape()[2]
        }),
        FactKind::NextWord | FactKind::NextProb => fact.row < shape.t_tgt,
        FactKind::TokenAt if fact.side == Side::Src => fact.row < shape.t_src,
        FactKind::TokenAt => fact.row < shape.t_tgt,
        FactKind::BnTokenMean => full.get(&fact.op).is_some_and(|t| fact.row < t.shape()[1]),
        _ => true,
    }
}

/// One query row of attention weights (B, H, T_q, T_k): one head's, or the mean over heads.
fn attention_row(t: &ArrayD<f32>, fact: &Fact) -> Vec<f32> {
    let (heads, keys) = (t.shape()[1], t.shape()[3]);
    let at = |h: usize, k: usize| t[IxDyn(&[fact.batch, h, fact.row, k])];
    (0..keys)
        .map(|k| match fact.head {
            HeadChoice::One(h) => at(h, k),
            HeadChoice::Mean => (0..heads).map(|h| at(h, k)).sum::<f32>() / heads as f32,
        })
        .collect()
}

fn token(setup: &Setup, side: Side, batch: usize, position: usize) -> String {
    match side {
        Side::Src => setup.src_vocab().word(setup.src_ids[[batch, position]]),
        Side::Tgt => setup.tgt_vocab().word(setup.tgt_ids[[batch, position]]),
    }
}

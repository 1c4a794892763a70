//! Facts in lesson prose that depend on the weights, written as `{fact-name args…}` and filled in
//! from the run whenever the beat is shown, so the prose stays true for any `--weights`:
//!
//! - `{top-key OP row=R [batch=B] [head=H|mean]}`: the key token that row R of an attention
//!   weight tensor weights most (`head=mean` averages the heads first; the default is head 0)
//! - `{top-weight OP row=R [batch=B] [head=H|mean]}`: that largest weight, to two decimals
//! - `{next-word row=R [batch=B]}`: the most probable next word at target position R
//! - `{next-prob row=R [batch=B] [word=W]}`: its probability (or W's), to two decimals
//! - `{translation [batch=B]}`: the model's greedy translation of source row B
//!
//! `{{` and `}}` stand for literal braces. The loader checks every fact against the program
//! (operation, rows, heads, words) like it checks op names.

use crate::model::Run;
use crate::model::decode::{argmax, greedy};
use crate::model::program::{Dim, OpKind, Program, Side};
use crate::model::setup::Setup;
use ndarray::{ArrayD, IxDyn};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FactKind {
    TopKey,
    TopWeight,
    NextWord,
    NextProb,
    Translation,
}

impl FactKind {
    pub const ALL: [(&'static str, FactKind); 5] = [
        ("top-key", FactKind::TopKey),
        ("top-weight", FactKind::TopWeight),
        ("next-word", FactKind::NextWord),
        ("next-prob", FactKind::NextProb),
        ("translation", FactKind::Translation),
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
    let mut fact = Fact { kind, op: String::new(), batch: 0, head: HeadChoice::One(0), row: 0, word: None };
    let mut row = None;
    for arg in words {
        let number = |v: &str| v.parse::<usize>().map_err(|_| format!("`{arg}`: `{v}` is not a number"));
        match arg.split_once('=') {
            Some(("batch", v)) => fact.batch = number(v)?,
            Some(("row", v)) => row = Some(number(v)?),
            Some(("head", "mean")) => fact.head = HeadChoice::Mean,
            Some(("head", v)) => fact.head = HeadChoice::One(number(v)?),
            Some(("word", v)) => fact.word = Some(v.to_string()),
            Some((key, _)) => return Err(format!("`{name}` takes no `{key}=`")),
            None if fact.op.is_empty() => fact.op = arg.to_string(),
            None => return Err(format!("`{arg}` is not understood; arguments are op, batch=, row=, head=, word=")),
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
        FactKind::Translation => {}
    }
    Ok(fact)
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
            match (fact.kind, &fact.word) {
                (FactKind::NextWord, _) => vocab.word(best),
                (_, Some(w)) => format!("{:.2}", row[vocab.id(w).expect("validated")]),
                _ => format!("{:.2}", row[best]),
            }
        }
        FactKind::Translation => {
            let src = setup.src_ids.row(fact.batch).to_owned().insert_axis(ndarray::Axis(0));
            let decoded = greedy(&setup.weights, &src);
            setup.tgt_vocab().decode(&decoded.words[0])
        }
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

//! A fact's arguments checked against what will run: the operation it names exists and is of
//! the kind it reads, its rows, positions and words exist. Checked like op names, with "did
//! you mean" and the schema's place.

use super::parse::SEE_FACTS;
use crate::model::Op;
use crate::model::program::{OpKind, Program, Side};
use crate::setup::Setup;

/// The operation called `name`, or an error naming the fact.
pub fn op_named<'p>(program: &'p Program, fact: &str, name: &str) -> Result<&'p Op, String> {
    let index = program.index_of(name).ok_or_else(|| {
        let hint = crate::strings::suggestion_for_authors(name, program.names());
        format!("`{fact}` needs an operation; there is no `{name}`{hint}")
    })?;
    Ok(program.op(index))
}

/// Attention weights (B, H, T_q, T_k), which `top-key` and `top-weight` read.
pub fn attention<'p>(program: &'p Program, fact: &str, name: &str) -> Result<&'p Op, String> {
    let index = program.index_of(name).ok_or_else(|| {
        format!("`{fact}` needs an attention-weights operation, e.g. dec.1.cross_attn.weights; `{name}` is none")
    })?;
    let op = program.op(index);
    if !(op.kind == OpKind::Softmax && op.shape.len() == 4) {
        return Err(format!("`{fact}` reads attention weights (B, H, T_q, T_k); `{name}` is not one {SEE_FACTS}"));
    }
    Ok(op)
}

/// A decoder layer's cross-attention weights, which the alignment facts score.
pub fn cross_attention(program: &Program, fact: &str, name: &str) -> Result<String, String> {
    let op = attention(program, fact, name)?;
    match crate::probe::alignment::cross_attention_layer(&op.name) {
        Some(_) => Ok(op.name.clone()),
        None => Err(format!("`{fact}` scores cross-attention, e.g. dec.1.cross_attn.weights; `{name}` is not one")),
    }
}

/// An Add & Norm's `.sum` (B, T, d), which BatchNorm and LayerNorm are compared on.
pub fn sum_op<'p>(program: &'p Program, fact: &str, name: &str) -> Result<&'p Op, String> {
    let op = op_named(program, fact, name)?;
    if op.kind != OpKind::Add || op.shape.len() != 3 {
        return Err(format!("`{fact}` reads an Add & Norm's sum, e.g. enc.0.norm1.sum; `{name}` is not one"));
    }
    Ok(op)
}

/// A mask: src.mask, tgt.causal, tgt.mask.
pub fn mask<'p>(program: &'p Program, fact: &str, name: &str) -> Result<&'p Op, String> {
    let op = op_named(program, fact, name)?;
    if !op.kind.is_mask() {
        return Err(format!("`{fact}` reads a mask (src.mask, tgt.causal, tgt.mask); `{name}` is none"));
    }
    Ok(op)
}

/// A query row of a mask; a padding mask (B, 1, 1, T) serves every query row of its side.
pub fn mask_row(op: &Op, row: usize, setup: &Setup) -> Result<usize, String> {
    let shape = setup.shape();
    let rows =
        if op.shape[2] == 1 { if op.name.starts_with("src") { shape.t_src } else { shape.t_tgt } } else { op.shape[2] };
    if row >= rows {
        return Err(format!("row={row} but `{}` has {rows} query rows", op.name));
    }
    Ok(row)
}

/// A position of a side's sentences.
pub fn position(side: Side, pos: usize, setup: &Setup) -> Result<usize, String> {
    let shape = setup.shape();
    let len = if side == Side::Src { shape.t_src } else { shape.t_tgt };
    if pos >= len {
        return Err(format!("pos={pos} but that side has {len} positions"));
    }
    Ok(pos)
}

/// A prefix some parameter's PyTorch name starts with (every name starts with the empty one).
pub fn param_prefix(setup: &Setup, prefix: &str) -> Result<String, String> {
    let mut any = false;
    setup.weights.visit(|n, _| any |= n.starts_with(prefix));
    if !any {
        return Err(format!(
            "no parameter name starts with `{prefix}` (names look like encoder.layers.0.self_attn.w_q.weight)"
        ));
    }
    Ok(prefix.to_string())
}

/// `word=`, when given, a word of the target vocabulary.
pub fn target_word(setup: &Setup, word: Option<&str>) -> Result<Option<String>, String> {
    match word {
        Some(w) if setup.tgt_vocab().id(w).is_none() => Err(format!("word={w} is not in the target vocabulary")),
        w => Ok(w.map(str::to_string)),
    }
}

/// A word of one side's vocabulary.
pub fn side_word(setup: &Setup, side: Side, word: &str) -> Result<String, String> {
    let vocab = if side == Side::Src { setup.src_vocab() } else { setup.tgt_vocab() };
    if vocab.id(word).is_none() {
        return Err(format!("word={word} is not in that side's vocabulary"));
    }
    Ok(word.to_string())
}

/// `OP, row=, batch=, head=`: what a kind is written with, for a message.
pub fn takes_text(kind: super::fact::FactKind) -> String {
    let takes = kind.takes();
    let mut parts: Vec<String> = takes.bare.map(str::to_string).into_iter().collect();
    parts.extend(takes.keys.iter().map(|k| format!("{k}=")));
    if parts.is_empty() { "no arguments".into() } else { parts.join(", ") }
}

/// What `{sentence-count NOUN}` counts: `sentence`, `pair` or `row`.
pub fn counted(noun: &str) -> Result<Counted, String> {
    match noun {
        "sentence" => Ok(Counted::Sentence),
        "pair" => Ok(Counted::Pair),
        "row" => Ok(Counted::Row),
        other => {
            Err(format!("`sentence-count {other}`: it counts `sentence`, `pair` or `row` {}", super::parse::SEE_FACTS))
        }
    }
}

/// What a `{sentence-count NOUN}` counts: `sentence`, `pair` (sentence pairs) or `row`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Sentence,
    Pair,
    Row,
}

//! A SentencePiece unigram model, ported from sentencepiece 0.2's C++ so its pieces are exactly
//! the Python `SentencePieceProcessor.encode(text, out_type=str)`'s: `normalizer.cc`'s normaliser,
//! `unigram_model.cc`'s `EncodeOptimized` Viterbi (scores summed in `f32`, ties kept by the first
//! candidate, a user-defined piece scored `length * max_score - 0.1`, a character no piece covers
//! scored `min_score - 10` as the unknown piece), then `PopulateSentencePieceText`'s merging of
//! runs of unknown characters into one piece (or, with byte fallback, `<0xE9>`-style byte pieces).
//! `decode_pieces` is `SentencePieceProcessor::Decode`.
//!
//! Only the model's pieces, types and scores and its normaliser are used; the `.spm` file is
//! parsed by `sentencepiece-model` (protobuf without protoc).

use std::collections::{HashMap, HashSet};

use sentencepiece_model::{ModelType, NormalizerSpec, SentencePieceModel, Type};

use super::error::SpmFault;
use super::normalizer::{Charsmap, Normalizer};

/// What SentencePiece adds to the lowest piece score for an unknown character.
const UNK_PENALTY: f32 = 10.0;

/// A loaded SentencePiece unigram model.
#[derive(Clone)]
pub struct Spm {
    pieces: Vec<(String, f32, Type)>,
    /// NORMAL, USER_DEFINED and UNUSED pieces (the segmenter's); then CONTROL, UNKNOWN, BYTE.
    normal: HashMap<String, usize>,
    reserved: HashMap<String, usize>,
    longest_piece: usize,
    unk_id: usize,
    min_score: f32,
    max_score: f32,
    byte_fallback: bool,
    unk_surface: String,
    normalizer: Normalizer,
    denormalizer: Option<Normalizer>,
}

impl std::fmt::Debug for Spm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Spm({} pieces, unk {})", self.pieces.len(), self.unk_id)
    }
}

impl Spm {
    /// The model in a parsed `.spm`, refused where SentencePiece refuses to load it.
    pub fn new(model: &SentencePieceModel) -> Result<Spm, SpmFault> {
        let trainer = model.trainer().cloned().unwrap_or_default();
        if trainer.model_type() != ModelType::Unigram {
            return Err(SpmFault::NotUnigram { model_type: trainer.model_type().as_str_name().to_string() });
        }
        if model.pieces().is_empty() {
            return Err(SpmFault::NoPieces);
        }
        let (mut normal, mut reserved) = (HashMap::new(), HashMap::new());
        let mut user_defined = HashSet::new();
        let mut unk_id = None;
        let (mut min_score, mut max_score) = (f32::MAX, f32::MIN_POSITIVE);
        let mut pieces = Vec::with_capacity(model.pieces().len());
        for (id, p) in model.pieces().iter().enumerate() {
            let (piece, kind) = (p.piece(), p.r#type());
            if piece.is_empty() {
                return Err(SpmFault::EmptyPiece { id });
            }
            let table = match kind {
                Type::Normal | Type::UserDefined | Type::Unused => &mut normal,
                Type::Unknown | Type::Control | Type::Byte => &mut reserved,
            };
            if let Some(&first) = table.get(piece) {
                return Err(SpmFault::DuplicatePiece { id, first, piece: piece.to_string() });
            }
            table.insert(piece.to_string(), id);
            match kind {
                Type::UserDefined => _ = user_defined.insert(piece.to_string()),
                Type::Unknown if unk_id.is_some() => {
                    return Err(SpmFault::TwoUnknowns { first: unk_id.unwrap_or(0), second: id });
                }
                Type::Unknown => unk_id = Some(id),
                Type::Normal => (min_score, max_score) = (min_score.min(p.score()), max_score.max(p.score())),
                _ => {}
            }
            pieces.push((piece.to_string(), p.score(), kind));
        }
        let unk_id = unk_id.ok_or(SpmFault::NoUnknown)?;
        let longest_user_defined = user_defined.iter().map(String::len).max().unwrap_or(0);
        let spec = model.normalizer().cloned().unwrap_or_default();
        let mut normalizer = normalizer(&spec)?;
        normalizer.whitespace_as_suffix = trainer.treat_whitespace_as_suffix();
        normalizer.user_defined = user_defined;
        normalizer.longest_user_defined = longest_user_defined;
        let denormalizer = match model.denormalizer() {
            Some(spec) if !spec.precompiled_charsmap().is_empty() => Some(self::normalizer(spec)?),
            _ => None,
        };
        Ok(Spm {
            longest_piece: normal.keys().map(String::len).max().unwrap_or(0),
            pieces,
            normal,
            reserved,
            unk_id,
            min_score,
            max_score,
            byte_fallback: trainer.byte_fallback(),
            unk_surface: trainer.unk_surface().to_string(),
            normalizer,
            denormalizer,
        })
    }

    /// The model's piece `id` (its own numbering, not vocab.json's).
    pub fn piece(&self, id: usize) -> Option<&str> {
        self.pieces.get(id).map(|p| p.0.as_str())
    }

    /// `text` cut into pieces, as `encode(text, out_type=str)`.
    pub fn encode(&self, text: &str) -> Vec<String> {
        let normalized = self.normalizer.normalize(text);
        let mut out: Vec<String> = Vec::new();
        let mut prev_unk = false;
        for (range, id) in self.viterbi(&normalized) {
            let piece = &normalized[range];
            let unk = id == self.unk_id;
            if unk && self.byte_fallback {
                out.extend(piece.bytes().map(|b| format!("<0x{b:02X}>")));
            } else if unk && prev_unk {
                if let Some(last) = out.last_mut() {
                    last.push_str(piece);
                }
            } else {
                out.push(piece.to_string());
            }
            prev_unk = unk;
        }
        out
    }

    /// The best segmentation of `normalized`: each piece's byte range and id.
    fn viterbi(&self, normalized: &str) -> Vec<(std::ops::Range<usize>, usize)> {
        #[derive(Clone, Copy)]
        struct Best {
            id: usize,
            score: f32,
            starts_at: Option<usize>,
        }
        let size = normalized.len();
        let unk_score = self.min_score - UNK_PENALTY;
        let mut best = vec![Best { id: self.unk_id, score: 0.0, starts_at: None }; size + 1];
        let mut starts_at = 0;
        while starts_at < size {
            let till_here = best[starts_at].score;
            let char_len = normalized[starts_at..].chars().next().map_or(1, char::len_utf8);
            let mut has_single_node = false;
            let last = size.min(starts_at + self.longest_piece);
            for end in (starts_at + 1..=last).filter(|&e| normalized.is_char_boundary(e)) {
                let Some(&id) = self.normal.get(&normalized[starts_at..end]) else { continue };
                let (_, score, kind) = self.pieces[id];
                if kind == Type::Unused {
                    continue;
                }
                let length = end - starts_at;
                let target = &mut best[end];
                // a user-defined piece's bonus is a double in the C++; other scores are floats
                let better = if kind == Type::UserDefined {
                    let candidate = f64::from(length as f32 * self.max_score) - 0.1 + f64::from(till_here);
                    (target.starts_at.is_none() || candidate > f64::from(target.score)).then_some(candidate as f32)
                } else {
                    let candidate = score + till_here;
                    (target.starts_at.is_none() || candidate > target.score).then_some(candidate)
                };
                if let Some(score) = better {
                    *target = Best { id, score, starts_at: Some(starts_at) };
                }
                has_single_node |= length == char_len;
            }
            if !has_single_node {
                let target = &mut best[starts_at + char_len];
                let candidate = unk_score + till_here;
                if target.starts_at.is_none() || candidate > target.score {
                    *target = Best { id: self.unk_id, score: candidate, starts_at: Some(starts_at) };
                }
            }
            starts_at += char_len;
        }
        let mut pieces = Vec::new();
        let mut ends_at = size;
        while ends_at > 0 {
            let Some(node) = best.get(ends_at).copied() else { break };
            let Some(start) = node.starts_at.filter(|&s| s < ends_at) else { break };
            pieces.push((start..ends_at, node.id));
            ends_at = start;
        }
        pieces.reverse();
        pieces
    }

    /// The text of `pieces`, as `decode_pieces`: a control piece is nothing, the unknown piece
    /// `<unk>` is ` ⁇ `, a piece the model lacks is itself, byte pieces are joined into UTF-8
    /// (U+FFFD for a bad byte), `▁` is a space, and the first piece's leading `▁` is dropped.
    pub fn decode_pieces(&self, pieces: &[String]) -> String {
        let mut text = String::new();
        let mut bytes = Vec::new();
        let (mut expect_bos_ws, mut bos_ws_seen) = (true, false);
        for piece in pieces {
            let id = self.reserved.get(piece).or_else(|| self.normal.get(piece)).copied().unwrap_or(self.unk_id);
            let kind = self.pieces.get(id).map_or(Type::Unknown, |p| p.2);
            if kind == Type::Byte {
                bytes.push(byte_of(piece));
                continue;
            }
            push_bytes(&mut text, &mut bytes);
            if bos_ws_seen || !text.is_empty() {
                expect_bos_ws = false;
            }
            let (decoded, seen) = match kind {
                Type::Control => (String::new(), false),
                Type::Unknown if *piece == self.pieces[self.unk_id].0 => (self.unk_surface.clone(), false),
                Type::Unknown => (piece.clone(), false),
                _ => {
                    let mut p = piece.as_str();
                    let mut seen = false;
                    let n = &self.normalizer;
                    if expect_bos_ws
                        && (n.add_dummy_prefix || n.remove_extra_whitespaces)
                        && let Some(rest) = p.strip_prefix(super::normalizer::SPACE)
                    {
                        (p, seen) = (rest, !n.remove_extra_whitespaces);
                    }
                    (p.replace(super::normalizer::SPACE, " "), seen)
                }
            };
            bos_ws_seen = seen;
            text.push_str(&decoded);
        }
        push_bytes(&mut text, &mut bytes);
        match &self.denormalizer {
            Some(d) => d.normalize(&text),
            None => text,
        }
    }
}

/// A normaliser from a `NormalizerSpec`.
fn normalizer(spec: &NormalizerSpec) -> Result<Normalizer, SpmFault> {
    Ok(Normalizer {
        charsmap: Charsmap::parse(spec.precompiled_charsmap())?,
        add_dummy_prefix: spec.add_dummy_prefix(),
        remove_extra_whitespaces: spec.remove_extra_whitespaces(),
        escape_whitespaces: spec.escape_whitespaces(),
        ..Normalizer::default()
    })
}

/// The byte a byte piece `<0xE9>` stands for (`None` for any other spelling).
fn byte_of(piece: &str) -> Option<u8> {
    let hex = piece.strip_prefix("<0x")?.strip_suffix('>')?;
    (hex.len() == 2 && hex.bytes().all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b)))
        .then(|| u8::from_str_radix(hex, 16).ok())
        .flatten()
}

/// Appends the pending byte pieces to `text` as SentencePiece does: one character at a time,
/// U+FFFD for each byte that does not start a valid one.
fn push_bytes(text: &mut String, bytes: &mut Vec<Option<u8>>) {
    let mut at = 0;
    while at < bytes.len() {
        let len = match bytes[at] {
            Some(b) if b < 0x80 => 1,
            Some(b) if b & 0xE0 == 0xC0 => 2,
            Some(b) if b & 0xF0 == 0xE0 => 3,
            Some(b) if b & 0xF8 == 0xF0 => 4,
            _ => 1,
        };
        let run: Option<Vec<u8>> = bytes.get(at..at + len).and_then(|r| r.iter().copied().collect());
        match run.as_deref().map(std::str::from_utf8) {
            Some(Ok(c)) => {
                text.push_str(c);
                at += len;
            }
            _ => {
                text.push('\u{FFFD}');
                at += 1;
            }
        }
    }
    bytes.clear();
}

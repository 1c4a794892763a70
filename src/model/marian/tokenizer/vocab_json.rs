//! `vocab.json`: a flat JSON object from piece to id, shared by both sides in opus-mt (65001
//! entries, ids 0 to 65000, `</s>` 0, `<unk>` 1, `<pad>` 65000). Read entry by entry, so an
//! oversized object is refused after its millionth entry rather than built in memory first.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use serde::Deserializer;
use serde::de::{self, MapAccess, Visitor};

use super::error::{MarianFile, TokenizerError};

/// The most entries a vocab.json may hold (opus-mt's hold 65001).
pub const MOST_ENTRIES: usize = 1_000_000;

/// A vocabulary: the piece of every id, in id order, and the id of every piece.
#[derive(Debug, Clone, Default)]
pub struct VocabJson {
    pub pieces: Arc<Vec<String>>,
    pub ids: Arc<HashMap<String, usize>>,
}

/// Parses vocab.json's `text`: ids must be 0 to n-1, each used once.
pub fn parse(text: &str) -> Result<VocabJson, TokenizerError> {
    if !text.trim_start().starts_with('{') && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok() {
        return Err(TokenizerError::NotObject { file: MarianFile::VocabJson });
    }
    let mut fault = None;
    let mut reader = serde_json::Deserializer::from_str(text);
    let entries = match reader.deserialize_map(Entries { fault: &mut fault }).and_then(|e| reader.end().map(|()| e)) {
        Ok(entries) => entries,
        Err(e) => {
            return Err(fault.unwrap_or(TokenizerError::NotJson { file: MarianFile::VocabJson, reason: e.to_string() }));
        }
    };
    // a piece written twice keeps its last id, as Python's json does
    let mut ids: HashMap<String, u64> = HashMap::with_capacity(entries.len());
    for (piece, id) in entries {
        ids.insert(piece, id);
    }
    let len = ids.len();
    let mut pieces: Vec<Option<String>> = vec![None; len];
    let mut sorted: Vec<(&String, u64)> = ids.iter().map(|(p, &id)| (p, id)).collect();
    sorted.sort();
    for (piece, id) in sorted {
        let Some(slot) = usize::try_from(id).ok().and_then(|i| pieces.get_mut(i)) else {
            return Err(TokenizerError::VocabIdOutOfRange { piece: piece.clone(), id, len });
        };
        if let Some(first) = slot {
            let (first, second) = (first.clone(), piece.clone());
            return Err(TokenizerError::VocabDuplicateId { id: id as usize, first, second });
        }
        *slot = Some(piece.clone());
    }
    // n pieces in n slots, none twice: every slot is filled
    let pieces: Vec<String> = pieces.into_iter().flatten().collect();
    let ids = ids.into_iter().map(|(p, id)| (p, id as usize)).collect();
    Ok(VocabJson { pieces: Arc::new(pieces), ids: Arc::new(ids) })
}

/// Reads the object's entries, stopping at the first that is not `"piece": id`.
struct Entries<'a> {
    fault: &'a mut Option<TokenizerError>,
}

impl<'de> Visitor<'de> for Entries<'_> {
    type Value = Vec<(String, u64)>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of piece -> id")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = Vec::new();
        while let Some(piece) = map.next_key::<String>()? {
            if entries.len() >= MOST_ENTRIES {
                *self.fault = Some(TokenizerError::VocabTooLarge { most: MOST_ENTRIES });
                return Err(de::Error::custom("too many entries"));
            }
            let value: serde_json::Value = map.next_value()?;
            let Some(id) = value.as_u64() else {
                let mut value = value.to_string();
                if let Some((cut, _)) = value.char_indices().nth(40) {
                    value.truncate(cut);
                    value.push('…');
                }
                *self.fault = Some(TokenizerError::VocabNotId { piece, value });
                return Err(de::Error::custom("not an id"));
            };
            entries.push((piece, id));
        }
        Ok(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dense_object_is_a_vocabulary() {
        let v = parse(r#"{"</s>": 0, "<unk>": 1, "▁猫": 2}"#).unwrap();
        assert_eq!(*v.pieces, ["</s>", "<unk>", "▁猫"]);
        assert_eq!(v.ids["▁猫"], 2);
    }

    #[test]
    fn what_is_not_a_vocabulary_is_said() {
        let fault = |text: &str| format!("{:?}", parse(text).unwrap_err());
        assert!(fault("[1, 2]").starts_with("NotObject"));
        assert!(fault("{").starts_with("NotJson"));
        assert!(fault(r#"{"a": 0} x"#).starts_with("NotJson"));
        assert!(fault(r#"{"a": -1}"#).starts_with("VocabNotId"));
        assert!(fault(r#"{"a": 1.5}"#).starts_with("VocabNotId"));
        assert!(fault(r#"{"a": "0"}"#).starts_with("VocabNotId"));
        assert!(fault(r#"{"a": 0, "b": 0}"#).starts_with("VocabDuplicateId"));
        assert!(fault(r#"{"a": 0, "b": 2}"#).starts_with("VocabIdOutOfRange"));
        assert!(fault(r#"{"a": 18446744073709551615}"#).starts_with("VocabIdOutOfRange"));
    }

    #[test]
    fn a_piece_written_twice_keeps_its_last_id() {
        assert_eq!(parse(r#"{"a": 5, "a": 0}"#).unwrap().pieces[..], ["a"]);
    }
}

//! SentencePiece's normaliser, as `normalizer.cc` (sentencepiece 0.2) does it: the model's
//! precompiled character map (opus-mt's is NFKC with a few extras: full-width `１` and `Ａ` become
//! `1` and `A`, a tab or an ideographic space `　` becomes a space, control characters vanish), then
//! spaces: leading and trailing ones dropped, runs of them made one, each written `▁`, and one `▁`
//! put in front of the sentence.
//!
//! The map is a double-array trie (darts-clone) from UTF-8 byte strings to offsets into a blob of
//! NUL-terminated replacements; the longest rule matching the start of the rest of the text wins.
//! This is a port, not `tokenizers::normalizers::Precompiled`, which looks rules up per grapheme
//! cluster and takes the shortest match: the same on ordinary text, not on combining sequences.
//! Every index into the file's arrays is checked, so a damaged map segments oddly but never panics.

use std::collections::HashSet;

use super::error::SpmFault;

/// The space symbol SentencePiece writes for a space (U+2581, LOWER ONE EIGHTH BLOCK).
pub const SPACE: &str = "\u{2581}";

/// A precompiled character map: darts-clone units and the replacements blob.
#[derive(Clone, Default)]
pub struct Charsmap {
    units: Vec<u32>,
    replacements: String,
}

impl Charsmap {
    /// Reads `<trie size: u32 LE><trie units: u32 LE ...><replacements>`; an empty blob is no map.
    pub fn parse(blob: &[u8]) -> Result<Option<Charsmap>, SpmFault> {
        if blob.is_empty() {
            return Ok(None);
        }
        let size = blob.get(..4).ok_or(SpmFault::BrokenCharsmap)?;
        let trie_len = u32::from_le_bytes([size[0], size[1], size[2], size[3]]) as usize;
        let trie = blob.get(4..4usize.saturating_add(trie_len)).ok_or(SpmFault::BrokenCharsmap)?;
        let units = trie.chunks_exact(4).map(|u| u32::from_le_bytes([u[0], u[1], u[2], u[3]])).collect();
        let rest = &blob[4 + trie_len..];
        let replacements = String::from_utf8(rest.to_vec()).map_err(|_| SpmFault::BrokenCharsmap)?;
        Ok(Some(Charsmap { units, replacements }))
    }

    /// The longest rule matching the start of `input`: (bytes matched, replacement).
    fn longest(&self, input: &str) -> Option<(usize, &str)> {
        let mut best = None;
        let mut id = offset(*self.units.first()?);
        for (i, &c) in input.as_bytes().iter().enumerate() {
            id ^= u32::from(c);
            let unit = *self.units.get(id as usize)?;
            if unit & ((1 << 31) | 0xFF) != u32::from(c) {
                break;
            }
            id ^= offset(unit);
            if (unit >> 8) & 1 == 1 {
                let value = self.units.get(id as usize).map(|v| (v & ((1 << 31) - 1)) as usize);
                best = value.and_then(|v| self.replacement(v)).map(|r| (i + 1, r)).or(best);
            }
        }
        // a rule ending inside a character (only in a damaged map) is not applied
        best.filter(|&(len, _)| input.is_char_boundary(len))
    }

    /// The NUL-terminated replacement starting at byte `at`.
    fn replacement(&self, at: usize) -> Option<&str> {
        let rest = self.replacements.get(at..)?;
        Some(rest.split('\0').next().unwrap_or(rest))
    }
}

impl std::fmt::Debug for Charsmap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Charsmap({} units, {} bytes of rules)", self.units.len(), self.replacements.len())
    }
}

/// darts-clone's offset of a unit (32-bit arithmetic, as its `id_type`).
fn offset(unit: u32) -> u32 {
    (unit >> 10) << ((unit & (1 << 9)) >> 6)
}

/// A normaliser: the model's `NormalizerSpec` (or `denormalizer_spec`) and what it needs.
#[derive(Debug, Clone, Default)]
pub struct Normalizer {
    pub charsmap: Option<Charsmap>,
    pub add_dummy_prefix: bool,
    pub remove_extra_whitespaces: bool,
    pub escape_whitespaces: bool,
    /// The trainer's `treat_whitespace_as_suffix`: the dummy `▁` goes at the end.
    pub whitespace_as_suffix: bool,
    /// The user-defined pieces, copied unnormalised (longest first); and the longest's length.
    pub user_defined: HashSet<String>,
    pub longest_user_defined: usize,
}

impl Normalizer {
    /// The normalised form of `input`, as SentencePiece's `Normalizer::Normalize`.
    pub fn normalize(&self, mut input: &str) -> String {
        let mut out = String::with_capacity(input.len() * 3);
        if input.is_empty() {
            return out;
        }
        if self.remove_extra_whitespaces {
            while !input.is_empty() {
                let (sp, len) = self.prefix(input);
                if sp != " " {
                    break;
                }
                input = &input[len..];
            }
        }
        if input.is_empty() {
            return out;
        }
        let space = if self.escape_whitespaces { SPACE } else { " " };
        if !self.whitespace_as_suffix && self.add_dummy_prefix {
            out.push_str(space);
        }
        let mut prev_space = self.remove_extra_whitespaces;
        while !input.is_empty() {
            let (mut sp, len) = self.prefix(input);
            while prev_space && sp.starts_with(' ') {
                sp = &sp[1..];
            }
            if !sp.is_empty() {
                for c in sp.chars() {
                    if c == ' ' { out.push_str(space) } else { out.push(c) }
                }
                prev_space = sp.ends_with(' ');
            }
            input = &input[len..];
            if !self.remove_extra_whitespaces {
                prev_space = false;
            }
        }
        if self.remove_extra_whitespaces {
            while out.ends_with(space) {
                out.truncate(out.len() - space.len());
            }
        }
        if self.whitespace_as_suffix && self.add_dummy_prefix {
            out.push_str(space);
        }
        out
    }

    /// What the start of `input` becomes, and how many of its bytes that consumes: a user-defined
    /// piece as it is, else the longest rule of the map, else the first character as it is.
    fn prefix<'a>(&'a self, input: &'a str) -> (&'a str, usize) {
        if let Some(len) = self.user_defined_prefix(input) {
            return (&input[..len], len);
        }
        if let Some((len, replacement)) = self.charsmap.as_ref().and_then(|m| m.longest(input)) {
            return (replacement, len);
        }
        let len = input.chars().next().map_or(input.len(), char::len_utf8);
        (&input[..len], len)
    }

    /// The length of the longest user-defined piece `input` starts with.
    fn user_defined_prefix(&self, input: &str) -> Option<usize> {
        if self.user_defined.is_empty() {
            return None;
        }
        let most = self.longest_user_defined.min(input.len());
        (1..=most).rev().find(|&len| input.is_char_boundary(len) && self.user_defined.contains(&input[..len]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> Normalizer {
        Normalizer {
            add_dummy_prefix: true,
            remove_extra_whitespaces: true,
            escape_whitespaces: true,
            ..Default::default()
        }
    }

    #[test]
    fn spaces_are_trimmed_squeezed_and_written_as_the_space_symbol() {
        let n = plain();
        assert_eq!(n.normalize("  a  b "), "▁a▁b");
        assert_eq!(n.normalize("   "), "");
        assert_eq!(n.normalize(""), "");
        let keep = Normalizer { remove_extra_whitespaces: false, ..plain() };
        assert_eq!(keep.normalize(" a  b "), "▁▁a▁▁b▁");
    }

    #[test]
    fn user_defined_pieces_are_copied_unnormalised() {
        let n = Normalizer { user_defined: ["<x y>".to_string()].into(), longest_user_defined: 5, ..plain() };
        assert_eq!(n.normalize("a<x y>"), "▁a<x▁y>");
    }

    #[test]
    fn a_damaged_map_is_refused_or_ignored_never_a_panic() {
        assert_eq!(Charsmap::parse(&[1, 0]).err(), Some(SpmFault::BrokenCharsmap));
        assert_eq!(Charsmap::parse(&[200, 0, 0, 0, 1]).err(), Some(SpmFault::BrokenCharsmap));
        // units pointing anywhere
        let mut blob = 8u32.to_le_bytes().to_vec();
        blob.extend_from_slice(&u32::MAX.to_le_bytes());
        blob.extend_from_slice(&0x1ffu32.to_le_bytes());
        blob.extend_from_slice(b"x\0");
        let map = Charsmap::parse(&blob).unwrap();
        let n = Normalizer { charsmap: map, ..plain() };
        assert_eq!(n.normalize("ab"), "▁ab");
    }
}

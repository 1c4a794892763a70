//! A Hugging Face MarianMT model's tokenizer (`Helsinki-NLP/opus-mt-zh-en`), giving exactly the
//! ids transformers' `MarianTokenizer` (5.24) gives.
//!
//! Encoding: the text is split around special tokens typed in it (`</s>`, `<unk>`, `<pad>`: each
//! becomes its own id; each stretch between them is segmented on its own, so each gets its own
//! leading `▁`); a stretch that starts with a language code `>>fra<<` has it cut off as one token;
//! the rest is segmented by `source.spm` (or `target.spm` for a target sentence), normaliser
//! included (see `normalizer`); each piece STRING is looked up in `vocab.json`, one vocabulary for
//! both sides, whose ids are not SentencePiece's own; a piece vocab.json lacks becomes `<unk>` (and a
//! character source.spm lacks is still looked up: vocab.json may have it from the target side);
//! `</s>` ends the sentence; there is no BOS.
//!
//! Decoding (`decode(ids, skip_special_tokens=True)`): the special ids are dropped, every other id
//! becomes its vocab.json piece, the pieces are joined by SentencePiece's `decode_pieces` — of
//! `source.spm`: transformers 5 decodes with the source model unless the vocabularies are separate
//! — then every `▁` becomes a space and whitespace is stripped from both ends (Python's
//! `str.strip`). `clean_up_tokenization_spaces` is off unless tokenizer_config.json turns it on.

mod config;
pub mod error;
mod normalizer;
mod spm;
mod vocab_json;

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

use sentencepiece_model::SentencePieceModel;

pub use error::{ConfigWant, MarianFile, SpmFault, TokenizerError};
use spm::Spm;
use vocab_json::VocabJson;

/// The largest `.spm` or vocab.json read (opus-mt's are a few MB at most).
pub const FILE_LIMIT: u64 = 64 << 20;
/// The largest tokenizer_config.json read.
const CONFIG_LIMIT: u64 = 1 << 20;

/// The two SentencePiece models and the shared vocabulary of a MarianMT model.
#[derive(Debug, Clone)]
pub struct MarianTokenizer {
    source: Spm,
    target: Spm,
    vocab: VocabJson,
    /// The special tokens (`</s>`, `<unk>`, `<pad>`, and tokenizer_config.json's
    /// `additional_special_tokens`): kept whole when typed, skipped when decoding.
    specials: Vec<String>,
    /// The special tokens and tokenizer_config.json's `added_tokens_decoder`: kept whole when typed.
    whole: Vec<String>,
    special_ids: HashSet<usize>,
    eos: usize,
    unk: usize,
    pad: usize,
    clean_up_tokenization_spaces: bool,
}

/// A sentence as ids, with what the learner may want to see of it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pieces {
    /// The ids, ending with `</s>`.
    pub ids: Vec<usize>,
    /// vocab.json's piece for each id (`<unk>` where a piece was unknown).
    pub pieces: Vec<String>,
    /// The positions in `ids` that became `<unk>` because vocab.json lacks the piece (not a typed
    /// `<unk>`).
    pub unknown: Vec<usize>,
    /// What each of those positions was: the piece SentencePiece cut (normalised, `▁` for a space).
    pub unknown_text: Vec<String>,
}

impl MarianTokenizer {
    /// Loads source.spm, target.spm and vocab.json from the model folder `dir`, and
    /// tokenizer_config.json if it is there.
    pub fn load(dir: &Path) -> Result<MarianTokenizer, TokenizerError> {
        let source = load_spm(dir, MarianFile::SourceSpm)?;
        let target = load_spm(dir, MarianFile::TargetSpm)?;
        let vocab = vocab_json::parse(&read_text(dir, MarianFile::VocabJson, FILE_LIMIT)?)?;
        let config = match read_text(dir, MarianFile::TokenizerConfig, CONFIG_LIMIT) {
            Ok(text) => config::parse(&text)?,
            Err(TokenizerError::Missing { .. }) => config::TokenizerConfig::default(),
            Err(e) => return Err(e),
        };
        Self::new(source, target, vocab, config)
    }

    fn new(
        source: Spm,
        target: Spm,
        vocab: VocabJson,
        config: config::TokenizerConfig,
    ) -> Result<Self, TokenizerError> {
        let id_of = |token: &str| {
            vocab
                .ids
                .get(token)
                .copied()
                .ok_or_else(|| TokenizerError::VocabMissingSpecial { token: token.to_string() })
        };
        let (eos, unk, pad) = (id_of(&config.eos)?, id_of(&config.unk)?, id_of(&config.pad)?);
        let mut specials = vec![config.eos.clone(), config.unk.clone(), config.pad.clone()];
        for token in &config.extra_specials {
            id_of(token)?;
            if !specials.contains(token) {
                specials.push(token.clone());
            }
        }
        let mut whole = specials.clone();
        for (id, token) in &config.added {
            let piece = id.parse::<usize>().ok().and_then(|i| vocab.pieces.get(i));
            if piece != Some(token) {
                let (id, config, vocab) = (id.clone(), token.clone(), piece.cloned());
                return Err(TokenizerError::ConfigAddedToken { id, config, vocab });
            }
            if !whole.contains(token) {
                whole.push(token.clone());
            }
        }
        let special_ids = specials.iter().filter_map(|t| vocab.ids.get(t).copied()).collect();
        let clean_up_tokenization_spaces = config.clean_up_tokenization_spaces;
        Ok(MarianTokenizer {
            source,
            target,
            vocab,
            specials,
            whole,
            special_ids,
            eos,
            unk,
            pad,
            clean_up_tokenization_spaces,
        })
    }

    /// A source sentence as ids, `</s>` last: `tokenizer(text)["input_ids"]`.
    pub fn encode_source(&self, text: &str) -> Pieces {
        self.encode(&self.source, text)
    }

    /// A target sentence as ids, `</s>` last: `tokenizer(text_target=text)["input_ids"]`.
    pub fn encode_target(&self, text: &str) -> Pieces {
        self.encode(&self.target, text)
    }

    fn encode(&self, spm: &Spm, text: &str) -> Pieces {
        let mut out = Pieces::default();
        for (stretch, special) in split_specials(text, &self.whole) {
            if special {
                self.push(&mut out, stretch, false);
                continue;
            }
            let (code, rest) = split_language_code(stretch);
            if let Some(code) = code {
                self.push(&mut out, code, true);
            }
            for piece in spm.encode(rest) {
                self.push(&mut out, &piece, true);
            }
        }
        out.ids.push(self.eos);
        out.pieces.push(self.vocab.pieces[self.eos].clone());
        out
    }

    /// Appends `piece`'s id; a piece vocab.json lacks becomes `<unk>`, noted when `note_unknown`.
    fn push(&self, out: &mut Pieces, piece: &str, note_unknown: bool) {
        let id = self.vocab.ids.get(piece).copied();
        if id.is_none() && note_unknown {
            out.unknown.push(out.ids.len());
            out.unknown_text.push(piece.to_string());
        }
        let id = id.unwrap_or(self.unk);
        out.ids.push(id);
        out.pieces.push(self.vocab.pieces[id].clone());
    }

    /// The text of target ids: `tokenizer.decode(ids, skip_special_tokens=True)`. An id past
    /// vocab.json is source.spm's piece of that id, as transformers falls back; an id past both is
    /// skipped (transformers raises `IndexError`; a model never outputs one).
    pub fn decode(&self, ids: &[usize]) -> String {
        let kept: Vec<usize> = ids.iter().copied().filter(|id| !self.special_ids.contains(id)).collect();
        self.decode_keeping_specials(&kept)
    }

    /// The same with the special tokens written out: `tokenizer.decode(ids)`.
    pub fn decode_keeping_specials(&self, ids: &[usize]) -> String {
        let mut text = String::new();
        let mut run: Vec<String> = Vec::new();
        for &id in ids {
            let piece = match self.vocab.pieces.get(id) {
                Some(piece) => piece.as_str(),
                None => match self.source.piece(id) {
                    Some(piece) => piece,
                    None => continue,
                },
            };
            if self.specials.iter().any(|s| s == piece) {
                text.push_str(&self.source.decode_pieces(&run));
                text.push_str(piece);
                text.push(' ');
                run.clear();
            } else {
                run.push(piece.to_string());
            }
        }
        text.push_str(&self.source.decode_pieces(&run));
        let text = text.replace(normalizer::SPACE, " ");
        let text = text.trim_matches(is_python_space);
        if self.clean_up_tokenization_spaces { clean_up_tokenization(text) } else { text.to_string() }
    }

    /// vocab.json's piece for `id`; `<unk>`'s for an id past the vocabulary.
    pub fn piece(&self, id: usize) -> &str {
        self.vocab.pieces.get(id).unwrap_or(&self.vocab.pieces[self.unk])
    }

    /// vocab.json's id for `piece`.
    pub fn id(&self, piece: &str) -> Option<usize> {
        self.vocab.ids.get(piece).copied()
    }

    /// How many ids vocab.json has (the model's embedding must have as many rows).
    pub fn vocab_len(&self) -> usize {
        self.vocab.pieces.len()
    }

    /// vocab.json's pieces in id order and the id of each piece, shared (both sides' vocabularies
    /// are these tables, not copies).
    pub fn tables(&self) -> (Arc<Vec<String>>, Arc<HashMap<String, usize>>) {
        (self.vocab.pieces.clone(), self.vocab.ids.clone())
    }

    /// Every piece, in id order.
    pub fn pieces(&self) -> &[String] {
        &self.vocab.pieces
    }

    /// The id of `</s>`, which ends every sentence (0 in opus-mt).
    pub fn eos_id(&self) -> usize {
        self.eos
    }

    /// The id of `<unk>` (1 in opus-mt).
    pub fn unk_id(&self) -> usize {
        self.unk
    }

    /// The id of `<pad>`, which also starts every translation (65000 in opus-mt).
    pub fn pad_id(&self) -> usize {
        self.pad
    }

    /// Whether `id` is a special token's (skipped by `decode`).
    pub fn is_special(&self, id: usize) -> bool {
        self.special_ids.contains(&id)
    }
}

/// `text` in stretches around the special tokens (`true`: a special token), as transformers'
/// added-token trie splits it: the earliest match first, the longest there. Empty stretches left out.
fn split_specials<'a>(text: &'a str, specials: &[String]) -> Vec<(&'a str, bool)> {
    let mut out = Vec::new();
    let (mut start, mut at) = (0, 0);
    while at < text.len() {
        let found =
            specials.iter().filter(|s| !s.is_empty() && text[at..].starts_with(s.as_str())).map(String::len).max();
        match found {
            Some(len) => {
                if start < at {
                    out.push((&text[start..at], false));
                }
                out.push((&text[at..at + len], true));
                at += len;
                start = at;
            }
            None => at += text[at..].chars().next().map_or(1, char::len_utf8),
        }
    }
    if start < text.len() {
        out.push((&text[start..], false));
    }
    out
}

/// A leading language code `>>fra<<` and the rest, as `MarianTokenizer.remove_language_code`
/// (`>>` first, then up to the first `<<`).
fn split_language_code(text: &str) -> (Option<&str>, &str) {
    match text.strip_prefix(">>").and(text.find("<<")) {
        Some(end) => (Some(&text[..end + 2]), &text[end + 2..]),
        None => (None, text),
    }
}

/// Python's `str.isspace`: Unicode's White_Space and the separators U+001C to U+001F.
fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// transformers' `clean_up_tokenization`: no space before `.`, `?`, `!`, `,` and English clitics.
fn clean_up_tokenization(text: &str) -> String {
    let pairs = [
        (" .", "."),
        (" ?", "?"),
        (" !", "!"),
        (" ,", ","),
        (" ' ", "'"),
        (" n't", "n't"),
        (" 'm", "'m"),
        (" 's", "'s"),
        (" 've", "'ve"),
        (" 're", "'re"),
    ];
    pairs.iter().fold(text.to_string(), |t, (from, to)| t.replace(from, to))
}

/// Reads and parses `file` in `dir` as a SentencePiece model.
fn load_spm(dir: &Path, file: MarianFile) -> Result<Spm, TokenizerError> {
    let bytes = read(dir, file, FILE_LIMIT)?;
    let model = SentencePieceModel::from_slice(&bytes)
        .map_err(|e| TokenizerError::SpmNotParsed { file, reason: e.to_string() })?;
    Spm::new(&model).map_err(|fault| TokenizerError::Spm { file, fault })
}

/// The bytes of `file` in `dir`, at most `limit`.
fn read(dir: &Path, file: MarianFile, limit: u64) -> Result<Vec<u8>, TokenizerError> {
    let path = dir.join(file.file_name());
    let shown = || crate::text::escape_controls(&path.display().to_string(), false);
    crate::user_file::read_file(&path, limit).map_err(|reason| match reason {
        crate::user_file::ReadFault::CannotOpen(e) if e.kind() == std::io::ErrorKind::NotFound => {
            TokenizerError::Missing { file, dir: crate::text::escape_controls(&dir.display().to_string(), false) }
        }
        reason => TokenizerError::Unread { file, path: shown(), reason },
    })
}

/// The same as UTF-8 text.
fn read_text(dir: &Path, file: MarianFile, limit: u64) -> Result<String, TokenizerError> {
    String::from_utf8(read(dir, file, limit)?).map_err(|e| TokenizerError::Unread {
        file,
        path: crate::text::escape_controls(&dir.join(file.file_name()).display().to_string(), false),
        reason: crate::user_file::ReadFault::NotUtf8(e.to_string()),
    })
}

#[cfg(test)]
mod tests;

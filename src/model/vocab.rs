//! A word-level vocabulary: text -> ids, ids -> words. `<pad>` is 0.

use ndarray::Array2;
use std::collections::HashMap;
use std::fmt;

pub const PAD: &str = "<pad>";
pub const UNK: &str = "<unk>";
pub const BOS: &str = "<bos>";
pub const EOS: &str = "<eos>";

/// The words the tutor knows: the notes' example sentences ("I have a cat", "I love cats",
/// "The cat sits .", "J'aime les chats") and the everyday words around them.
const WORDS: &[&str] = &[
    "i", "you", "he", "she", "it", "we", "they", "have", "has", "love", "like", "see", "sees", "eat", "eats", "want",
    "is", "am", "are", "sit", "sits", "chase", "chases", "a", "an", "the", "my", "your", "this", "that", "cat", "cats",
    "dog", "dogs", "mouse", "mice", "fish", "book", "books", "apple", "apples", "tea", "home", "and", "not", "on",
    "in", "with", "very", "much", "small", "big", "black", "white", "good", "today", ".", ",", "?", "!", "j'aime",
    "les", "chats", "le", "chat", "un", "une", "j'ai", "je", "suis",
];

/// Word <-> id. Ids 0..4 are `<pad>`, `<unk>`, `<bos>`, `<eos>`.
#[derive(Debug, Clone)]
pub struct Vocab {
    words: Vec<String>,
    ids: HashMap<String, usize>,
}

/// Ids for a batch of sentences, padded to the longest, plus the words that were not known.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    pub ids: Array2<usize>, // (batch, t), padded with <pad> = 0
    pub unknown: Vec<UnknownWord>,
}

/// A word that became `<unk>`: where it was and what it said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownWord {
    pub row: usize,
    pub position: usize,
    pub word: String,
}

/// A sentence longer than the model's positional encoding covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLong {
    pub row: usize,
    pub len: usize,
    pub max_len: usize,
}

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "sentence {} has {} tokens, but the model's max_len is {}; shorten it or choose a preset with a larger max_len",
            self.row + 1,
            self.len,
            self.max_len
        )
    }
}

impl std::error::Error for TooLong {}

impl Default for Vocab {
    fn default() -> Self {
        Self::new()
    }
}

impl Vocab {
    pub fn new() -> Self {
        let mut words: Vec<String> = [PAD, UNK, BOS, EOS].iter().map(|s| s.to_string()).collect();
        words.extend(WORDS.iter().map(|s| s.to_string()));
        let ids = words.iter().enumerate().map(|(i, w)| (w.clone(), i)).collect();
        Vocab { words, ids }
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn pad_id(&self) -> usize {
        0
    }

    pub fn unk_id(&self) -> usize {
        self.ids[UNK]
    }

    /// The word for an id; ids beyond the word list (large-vocabulary presets) print as `#id`.
    pub fn word(&self, id: usize) -> String {
        match self.words.get(id) {
            Some(w) if w == "i" => "I".to_string(),
            Some(w) => w.clone(),
            None => format!("#{id}"),
        }
    }

    /// Split a sentence into tokens: whitespace, with . , ? ! split off; case-insensitive;
    /// `<pad>`, `<bos>`, `<eos>`, `<unk>` are read as themselves.
    pub fn tokenize(sentence: &str) -> Vec<String> {
        let mut tokens = Vec::new();
        for raw in sentence.split_whitespace() {
            if raw.starts_with('<') && raw.ends_with('>') {
                tokens.push(raw.to_lowercase());
                continue;
            }
            let mut word = raw.to_lowercase();
            let mut trailing = Vec::new();
            while let Some(c) = word.chars().last().filter(|c| ".,?!".contains(*c)) {
                word.pop();
                trailing.push(c.to_string());
            }
            if !word.is_empty() {
                tokens.push(word);
            }
            tokens.extend(trailing.into_iter().rev());
        }
        tokens
    }

    /// Encode sentences (one per batch row) as ids padded to the longest row.
    /// Unknown words become `<unk>` and are listed; a row longer than `max_len` is an error.
    pub fn encode_batch(&self, sentences: &[&str], max_len: usize) -> Result<Encoded, TooLong> {
        let mut rows = Vec::new();
        let mut unknown = Vec::new();
        for (row, sentence) in sentences.iter().enumerate() {
            let mut ids = Vec::new();
            for (position, token) in Self::tokenize(sentence).into_iter().enumerate() {
                match self.ids.get(&token) {
                    Some(&id) => ids.push(id),
                    None => {
                        unknown.push(UnknownWord { row, position, word: token });
                        ids.push(self.unk_id());
                    }
                }
            }
            if ids.len() > max_len {
                return Err(TooLong { row, len: ids.len(), max_len });
            }
            rows.push(ids);
        }
        Ok(Encoded { ids: pad_rows(&rows, self.pad_id()), unknown })
    }
}

/// Rows of ids -> (batch, t) padded with `pad` to the longest row.
pub fn pad_rows(rows: &[Vec<usize>], pad: usize) -> Array2<usize> {
    let t = rows.iter().map(Vec::len).max().unwrap_or(0);
    Array2::from_shape_fn((rows.len(), t), |(b, i)| rows[b].get(i).copied().unwrap_or(pad))
}

//! Tokens <-> ids, one vocabulary per side. The source (Chinese) is read **by character** and the
//! target (English) **by word** (note 004's character- and word-level tokenizers). Ids 0..4 are
//! `<pad>`, `<unk>`, `<bos>`, `<eos>` on both sides. The vocabularies travel with the weights.

use ndarray::Array2;
use std::collections::HashMap;
use std::sync::Arc;

pub use super::segmenter::Segmenter;

pub const PAD: &str = "<pad>";
pub const UNK: &str = "<unk>";
pub const BOS: &str = "<bos>";
pub const EOS: &str = "<eos>";
pub const SPECIALS: [&str; 4] = [PAD, UNK, BOS, EOS];
pub const PAD_ID: usize = 0;
pub const UNK_ID: usize = 1;
pub const BOS_ID: usize = 2;
pub const EOS_ID: usize = 3;

/// How a sentence is cut into tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tokenizer {
    /// One token per character, spaces ignored (Chinese has no spaces between words).
    Char,
    /// Whitespace-separated words, with . , ? ! split off as tokens of their own.
    Word,
    /// SentencePiece subword pieces (`▁` marks a word's start), cut by a loaded model's
    /// `source.spm` or `target.spm` and looked up in its vocab.json.
    Pieces,
}

impl Tokenizer {
    /// The tokenizer's name in a vocabulary's first line (`tokenizer=char`).
    pub fn name(self) -> &'static str {
        match self {
            Tokenizer::Char => "char",
            Tokenizer::Word => "word",
            Tokenizer::Pieces => "pieces",
        }
    }
}

/// Token <-> id for one side.
#[derive(Debug, Clone, PartialEq)]
pub struct Vocab {
    /// Shared with the tokenizer and the other side on a loaded model (opus-mt's 65,001 pieces
    /// are one list; a copy per side was 5 MB each of peak memory).
    tokens: Arc<Vec<String>>,
    ids: Arc<HashMap<String, usize>>,
    pub tokenizer: Tokenizer,
    /// The segmenter of a vocabulary of pieces (None for the tutor's characters and words).
    pub segmenter: Option<Segmenter>,
}

/// The source and the target vocabularies of a model.
#[derive(Debug, Clone, PartialEq)]
pub struct Vocabs {
    pub src: Vocab,
    pub tgt: Vocab,
}

/// Ids for a batch of sentences, padded to the longest, plus the tokens that were not known.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    pub ids: Array2<usize>, // (batch, t), padded with <pad> = 0
    pub unknown: Vec<UnknownWord>,
}

/// A token that became `<unk>`: where it was and what it said.
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

impl std::error::Error for TooLong {}

/// Why bytes are not a vocabulary (`Vocab::from_bytes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VocabError {
    /// The bytes are not UTF-8: the decoder's words.
    NotUtf8(String),
    /// The first line is not `tokenizer=char` or `tokenizer=word`: the line as it is (control
    /// characters escaped), or `None` when there is none.
    FirstLine(Option<String>),
    /// The first four tokens are not `<pad> <unk> <bos> <eos>`.
    Specials,
    /// Token `id` (on line `id + 2`) cannot be a token.
    Token { id: usize, fault: TokenFault },
}

/// What is wrong with one token of a vocabulary; `token` is shown with control characters escaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenFault {
    /// The token is empty.
    Empty,
    /// The token holds the control (or bidirectional) character `c`, escaped.
    Control { token: String, c: String },
    /// The token holds whitespace, where the tokenizers split.
    Whitespace { token: String },
    /// The token takes no column on screen (zero-width characters only): it would be invisible.
    Invisible { token: String },
    /// The token is token `first` as well.
    Twice { token: String, first: usize },
}

impl std::error::Error for VocabError {}

/// The first line of a vocabulary's bytes, naming its tokenizer.
const CHAR_LINE: &str = "tokenizer=char";
const WORD_LINE: &str = "tokenizer=word";

impl Vocab {
    /// The four special tokens, then `tokens` in the order given (duplicates and specials skipped).
    pub fn new(tokenizer: Tokenizer, tokens: impl IntoIterator<Item = String>) -> Vocab {
        let mut list: Vec<String> = SPECIALS.iter().map(|s| s.to_string()).collect();
        list.extend(tokens);
        let mut seen = HashMap::new();
        let mut kept = Vec::new();
        for t in list {
            if !seen.contains_key(&t) {
                seen.insert(t.clone(), kept.len());
                kept.push(t);
            }
        }
        Vocab { tokens: Arc::new(kept), ids: Arc::new(seen), tokenizer, segmenter: None }
    }

    /// A loaded model's vocabulary: its pieces in id order (its own special tokens among them)
    /// and the id of each piece, the tokenizer's own tables, cut from sentences by `segmenter`.
    pub fn from_pieces(tokens: Arc<Vec<String>>, ids: Arc<HashMap<String, usize>>, segmenter: Segmenter) -> Vocab {
        Vocab { tokens, ids, tokenizer: Tokenizer::Pieces, segmenter: Some(segmenter) }
    }

    /// The id padding fills rows with.
    pub fn pad_id(&self) -> usize {
        match &self.segmenter {
            Some(s) => s.tokenizer.pad_id(),
            None => PAD_ID,
        }
    }

    /// A vocabulary of `len` placeholder tokens `#4`, `#5`, ... (for models with no word list).
    pub fn numbered(tokenizer: Tokenizer, len: usize) -> Vocab {
        Vocab::new(tokenizer, (SPECIALS.len()..len).map(|i| format!("#{i}")))
    }

    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// The token for an id; ids beyond the list print as `#id`.
    pub fn word(&self, id: usize) -> String {
        self.tokens.get(id).cloned().unwrap_or_else(|| format!("#{id}"))
    }

    /// The id of a token as typed: exactly, else lowercased, else with a capital first letter
    /// (`i` finds `I`, `The` finds `the`).
    pub fn id(&self, token: &str) -> Option<usize> {
        let lower = token.to_lowercase();
        let mut capital = lower.clone();
        if let Some(first) = capital.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        [token, &lower, &capital].iter().find_map(|t| self.ids.get(*t).copied())
    }

    /// Cut a sentence into tokens with this side's tokenizer. `<pad>`, `<bos>`, `<eos>`, `<unk>`
    /// are read as themselves on both sides.
    pub fn tokenize(&self, sentence: &str) -> Vec<String> {
        if let Some(segmenter) = &self.segmenter {
            let mut pieces = segmenter.encode(sentence).pieces;
            pieces.pop(); // </s>, which every sentence ends with
            return pieces;
        }
        let mut tokens = Vec::new();
        let mut rest = sentence.trim();
        while !rest.is_empty() {
            if let Some(special) = SPECIALS.iter().find(|s| rest.starts_with(*s)) {
                tokens.push(special.to_string());
                rest = rest[special.len()..].trim_start();
                continue;
            }
            match self.tokenizer {
                Tokenizer::Char => {
                    let c = rest.chars().next().expect("not empty");
                    tokens.push(c.to_string());
                    rest = rest[c.len_utf8()..].trim_start();
                }
                Tokenizer::Word | Tokenizer::Pieces => {
                    let end = rest.find(|c: char| c.is_whitespace() || c == '<').unwrap_or(rest.len()).max(1);
                    let (raw, after) = rest.split_at(end);
                    tokens.extend(split_punctuation(raw));
                    rest = after.trim_start();
                }
            }
        }
        tokens
    }

    /// Encode sentences (one per batch row) as ids padded to the longest row.
    /// Unknown tokens become `<unk>` and are listed; a row longer than `max_len` is an error.
    pub fn encode_batch(&self, sentences: &[&str], max_len: usize) -> Result<Encoded, TooLong> {
        let mut rows = Vec::new();
        let mut unknown = Vec::new();
        for (row, sentence) in sentences.iter().enumerate() {
            let mut ids = Vec::new();
            if let Some(segmenter) = &self.segmenter {
                ids = segmenter.encode_row(sentence, row, &mut unknown);
                if ids.len() > max_len {
                    return Err(TooLong { row, len: ids.len(), max_len });
                }
                rows.push(ids);
                continue;
            }
            for (position, token) in self.tokenize(sentence).into_iter().enumerate() {
                match self.id(&token) {
                    Some(id) => ids.push(id),
                    None => {
                        unknown.push(UnknownWord { row, position, word: token });
                        ids.push(UNK_ID);
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

    /// Ids back to text: words joined by spaces, characters joined directly.
    pub fn decode(&self, ids: &[usize]) -> String {
        if let Some(segmenter) = &self.segmenter {
            return segmenter.tokenizer.decode(ids);
        }
        let words: Vec<String> = ids.iter().map(|&i| self.word(i)).collect();
        match self.tokenizer {
            Tokenizer::Char => words.concat(),
            Tokenizer::Word | Tokenizer::Pieces => words.join(" "),
        }
    }

    /// The vocabulary as bytes for an `.npz` (`u8`): a `tokenizer=char|word` line, then one token per line.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = format!("tokenizer={}\n", self.tokenizer.name());
        text.push_str(&self.tokens.join("\n"));
        text.into_bytes()
    }

    /// Read `to_bytes`'s format back; says what is wrong otherwise. Every token must be
    /// something a sentence can hold and a terminal can show: not empty, no whitespace (the
    /// tokenizers split there), no control characters, and no token twice. One newline at the
    /// end is the end of the last line, not an empty token.
    pub fn from_bytes(bytes: &[u8]) -> Result<Vocab, VocabError> {
        let text = std::str::from_utf8(bytes).map_err(|e| VocabError::NotUtf8(e.to_string()))?;
        let text = text.strip_suffix('\n').unwrap_or(text);
        let mut lines = text.split('\n');
        let tokenizer = match lines.next() {
            Some(CHAR_LINE) => Tokenizer::Char,
            Some(WORD_LINE) => Tokenizer::Word,
            other => return Err(VocabError::FirstLine(other.map(|l| crate::text::escape_controls(l, false)))),
        };
        let tokens: Vec<String> = lines.map(str::to_string).collect();
        if tokens.len() < SPECIALS.len() || tokens[..SPECIALS.len()] != SPECIALS {
            return Err(VocabError::Specials);
        }
        let mut first_at: HashMap<&str, usize> = HashMap::new();
        for (id, token) in tokens.iter().enumerate() {
            if let Some(fault) = token_fault(token, first_at.insert(token, id)) {
                return Err(VocabError::Token { id, fault });
            }
        }
        Ok(Vocab::new(tokenizer, tokens))
    }
}

/// What is wrong with a vocabulary token, if anything; `earlier` is the id it already had.
fn token_fault(token: &str, earlier: Option<usize>) -> Option<TokenFault> {
    let shown = || crate::text::escape_controls(token, false);
    if token.is_empty() {
        return Some(TokenFault::Empty);
    }
    if let Some(c) = token.chars().find(|&c| c.is_control() || crate::text::is_bidi_control(c)) {
        let c = crate::text::escape_controls(&c.to_string(), false);
        return Some(TokenFault::Control { token: shown(), c });
    }
    if token.chars().any(char::is_whitespace) {
        return Some(TokenFault::Whitespace { token: shown() });
    }
    if crate::text::width(token) == 0 {
        let written: String = token.chars().map(|c| format!("\\u{{{:04x}}}", c as u32)).collect();
        return Some(TokenFault::Invisible { token: written });
    }
    earlier.map(|first| TokenFault::Twice { token: shown(), first })
}

/// `cat?` -> `cat`, `?`; a word of punctuation alone stays whole.
fn split_punctuation(raw: &str) -> Vec<String> {
    let mut word = raw.to_string();
    let mut trailing = Vec::new();
    while word.chars().count() > 1
        && let Some(c) = word.chars().last().filter(|c| ".,?!".contains(*c))
    {
        word.pop();
        trailing.push(c.to_string());
    }
    let mut out = vec![word];
    out.extend(trailing.into_iter().rev());
    out
}

/// Rows of ids -> (batch, t) padded with `pad` to the longest row.
pub fn pad_rows(rows: &[Vec<usize>], pad: usize) -> Array2<usize> {
    let t = rows.iter().map(Vec::len).max().unwrap_or(0);
    Array2::from_shape_fn((rows.len(), t), |(b, i)| rows[b].get(i).copied().unwrap_or(pad))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src() -> Vocab {
        Vocab::new(Tokenizer::Char, ["我", "有", "一", "只", "猫"].map(String::from))
    }

    fn tgt() -> Vocab {
        Vocab::new(Tokenizer::Word, ["I", "have", "a", "cat", "?"].map(String::from))
    }

    #[test]
    fn source_by_character_target_by_word() {
        assert_eq!(src().tokenize("我有 一只猫"), ["我", "有", "一", "只", "猫"]);
        assert_eq!(src().tokenize("<bos>我<pad>"), ["<bos>", "我", "<pad>"]);
        assert_eq!(tgt().tokenize("<bos> I have a cat? <eos>"), ["<bos>", "I", "have", "a", "cat", "?", "<eos>"]);
        assert_eq!(tgt().id("i"), tgt().id("I"));
    }

    #[test]
    fn unknown_tokens_become_unk_and_are_reported() {
        let e = src().encode_batch(&["我有狗", "猫"], 16).unwrap();
        assert_eq!(e.ids.row(0).to_vec(), [4, 5, UNK_ID]);
        assert_eq!(e.ids.row(1).to_vec(), [8, PAD_ID, PAD_ID]);
        assert_eq!(e.unknown, [UnknownWord { row: 0, position: 2, word: "狗".into() }]);
    }

    #[test]
    fn bytes_round_trip() {
        for v in [src(), tgt()] {
            assert_eq!(Vocab::from_bytes(&v.to_bytes()).unwrap(), v);
        }
        assert!(Vocab::from_bytes(b"tokenizer=char\n<pad>\nx").is_err());
        let mut with_newline = tgt().to_bytes();
        with_newline.push(b'\n');
        assert_eq!(Vocab::from_bytes(&with_newline).unwrap(), tgt(), "one newline ends the last line");
    }

    #[test]
    fn tokens_that_cannot_be_typed_or_shown_are_refused() {
        let refused = |tokens: &str| {
            let text = format!("tokenizer=word\n<pad>\n<unk>\n<bos>\n<eos>\n{tokens}");
            Vocab::from_bytes(text.as_bytes()).unwrap_err().to_string()
        };
        assert_eq!(
            refused("I\n\nhave"),
            "token 5 (line 7) is empty; every token must be non-empty, without whitespace or control characters, and appear once"
        );
        assert!(refused("I\n\n").contains("token 5 (line 7) is empty"), "two newlines at the end: an empty token");
        assert!(refused("a b").contains("token 4 (line 6) `a b` holds whitespace"));
        assert!(refused("a\u{3000}").contains("holds whitespace"), "ideographic space");
        assert!(refused("\x1b]0;title\x07").contains("`\\x1b]0;title\\x07` holds the control character \\x1b"));
        assert!(refused("x\r").contains("control character \\x0d"));
        assert!(refused("cat\ndog\ncat").contains("token 6 (line 8) `cat` is token 4 as well"));
        assert!(refused("<unk>").contains("`<unk>` is token 1 as well"));
    }
}

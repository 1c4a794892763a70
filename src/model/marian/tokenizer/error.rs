//! Why a Marian model's tokenizer files were refused, as keys: `strings::marian_files` says each in
//! the learner's language (the model imports nothing above it, so its words are not here).

use crate::user_file::ReadFault;

/// One of the tokenizer's files in a Hugging Face MarianMT model folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarianFile {
    /// `source.spm`: the SentencePiece model that cuts the source sentence into pieces.
    SourceSpm,
    /// `target.spm`: the SentencePiece model of the translation's language (cuts a target
    /// sentence for teacher forcing, and joins the translation's pieces back into text).
    TargetSpm,
    /// `vocab.json`: every piece of both sides and the id the model was trained with.
    VocabJson,
    /// `tokenizer_config.json` (optional): the special tokens' names and the decoder's settings.
    TokenizerConfig,
}

impl MarianFile {
    /// The file's name in the model folder (Hugging Face's, the same in every language).
    pub fn file_name(self) -> &'static str {
        match self {
            MarianFile::SourceSpm => "source.spm",
            MarianFile::TargetSpm => "target.spm",
            MarianFile::VocabJson => "vocab.json",
            MarianFile::TokenizerConfig => "tokenizer_config.json",
        }
    }
}

/// Everything that stops a Marian tokenizer from loading.
#[derive(Debug)]
pub enum TokenizerError {
    /// `file` is not in the model folder `dir` (control characters escaped).
    Missing { file: MarianFile, dir: String },
    /// `file` at `path` (control characters escaped) was not read: not a regular file, too
    /// large, or the system's error.
    Unread { file: MarianFile, path: String, reason: ReadFault },
    /// `file` is not a SentencePiece model: the protobuf decoder's words.
    SpmNotParsed { file: MarianFile, reason: String },
    /// `file` is a SentencePiece model this tokenizer cannot segment with.
    Spm { file: MarianFile, fault: SpmFault },
    /// `file` (vocab.json or tokenizer_config.json) is not JSON: the parser's words.
    NotJson { file: MarianFile, reason: String },
    /// `file` is JSON, but not an object (`{"piece": id, …}`, `{"key": value, …}`).
    NotObject { file: MarianFile },
    /// vocab.json holds more than `most` entries; it was not read further.
    VocabTooLarge { most: usize },
    /// vocab.json gives `piece` the value `value` (as JSON), not an id (an integer from 0).
    VocabNotId { piece: String, value: String },
    /// vocab.json gives `piece` the id `id`, but holds only `len` entries: ids must be 0 to
    /// `len - 1`, each used once.
    VocabIdOutOfRange { piece: String, id: u64, len: usize },
    /// vocab.json gives `second` the id `id`, which `first` has already.
    VocabDuplicateId { id: usize, first: String, second: String },
    /// The special token `token` (`</s>`, `<unk>`, `<pad>`) is not in vocab.json.
    VocabMissingSpecial { token: String },
    /// tokenizer_config.json's `key` is not what it must be (`want`).
    ConfigValue { key: String, want: ConfigWant },
    /// tokenizer_config.json says added token `id` is `config`, but vocab.json's piece for that
    /// id is `vocab` (`None`: vocab.json has no id `id`).
    ConfigAddedToken { id: String, config: String, vocab: Option<String> },
    /// tokenizer_config.json sets `separate_vocabs`: a vocabulary per side, which this program
    /// does not load (the opus-mt models share one vocab.json).
    SeparateVocabs,
}

impl std::error::Error for TokenizerError {}

/// What a tokenizer_config.json value must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigWant {
    /// `true` or `false`.
    Bool,
    /// A token: a string, or an object with a string `content`.
    Token,
    /// A list of tokens (or an object of name -> token).
    Tokens,
    /// An object of id -> token.
    AddedTokens,
}

/// What is wrong with a SentencePiece model's contents.
#[derive(Debug, Clone, PartialEq)]
pub enum SpmFault {
    /// The model is not a unigram model but `model_type` (BPE, WORD, CHAR): Marian's are unigram.
    NotUnigram { model_type: String },
    /// The model has no pieces at all.
    NoPieces,
    /// Piece `id` is the empty string.
    EmptyPiece { id: usize },
    /// Piece `id` is `piece`, which piece `first` is already.
    DuplicatePiece { id: usize, first: usize, piece: String },
    /// No piece is the unknown piece (`<unk>`), which stands for every character the model lacks.
    NoUnknown,
    /// Pieces `first` and `second` are both the unknown piece.
    TwoUnknowns { first: usize, second: usize },
    /// The normaliser's precompiled character map is cut short or its rules are not UTF-8.
    BrokenCharsmap,
}

impl std::error::Error for SpmFault {}

//! From what a user typed (preset, seed, weights file, sentences or ids) to a ready `Run`.
//!
//! Above the model: seeded weights take the corpus vocabularies, so this reads `corpus` (the model
//! itself imports nothing above it).

use crate::model::budget;
use crate::model::build::{self, RunShape};
use crate::model::config::Preset;
use crate::model::npz::WeightsError;
use crate::model::run::{Inputs, Run};
use crate::model::vocab::{BOS_ID, EOS_ID, PAD_ID, TooLong, UnknownWord, Vocab, pad_rows};
use crate::model::weights::Weights;
use crate::strings;
use caps::within_caps;
pub use caps::{MAX_BATCH_ROWS, MAX_TOKENS};
use ndarray::Array2;
use std::path::PathBuf;
use std::sync::Arc;

mod caps;

/// The source and target sentences used when none are given: note 001's example and a
/// question, a batch of two, so the shorter rows pad.
pub const DEFAULT_SRC: &str = "我有一只猫 ; 你有猫吗";
pub const DEFAULT_TGT: &str = "<bos> I have a cat <eos> ; <bos> do you have a cat ? <eos>";

/// The trained tutor model, built into the program (`weights/zh-en.npz`; docs/guide.md, "The
/// trained model", says how it was trained).
pub const TRAINED_WEIGHTS: &[u8] = include_bytes!("../weights/zh-en.npz");

/// The lesson that runs on a real translator by default.
pub const REAL_TRANSLATOR_LESSON: &str = "real-translator";

/// The tiny trained Marian that ships in the repository (weights/marian-tiny): the real-translator
/// lesson's model when the learner has not downloaded opus-mt-zh-en.
pub fn shipped_marian_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/marian-tiny"))
}

/// Where the weights come from.
#[derive(Debug, Clone, PartialEq)]
pub enum WeightSource {
    /// The shipped, trained weights (the default).
    Trained,
    /// Random weights for a preset, with the corpus vocabularies.
    Seeded {
        preset: Preset,
        seed: u64,
    },
    File(PathBuf),
    /// A Hugging Face MarianMT directory (`--model DIR`).
    Marian(PathBuf),
}

impl WeightSource {
    /// Initialise or read the weights.
    pub fn load(&self) -> Result<Weights, SetupError> {
        match self {
            WeightSource::Trained => {
                Weights::load_npz_bytes(TRAINED_WEIGHTS, strings::BUILT_IN_WEIGHTS.get()).map_err(SetupError::Weights)
            }
            WeightSource::Seeded { preset, seed } => Ok(seeded(*preset, *seed)),
            WeightSource::File(path) => Weights::load_npz(path).map_err(SetupError::Weights),
            WeightSource::Marian(dir) => crate::model::marian::load::MarianModel::load(dir)
                .map(|m| m.weights)
                .map_err(|e| SetupError::Marian(Box::new(e))),
        }
    }
}

/// A preset's configuration, with the corpus vocabularies' sizes where the preset does not fix them.
pub fn preset_config(preset: Preset) -> crate::model::Config {
    let vocabs = crate::corpus::vocabs();
    preset.config(vocabs.src.len(), vocabs.tgt.len())
}

/// Random weights for a preset; the tutor and note 000 presets use the corpus vocabularies.
pub fn seeded(preset: Preset, seed: u64) -> Weights {
    let vocabs = crate::corpus::vocabs();
    let config = preset_config(preset);
    let weights = Weights::init(&config, seed);
    if config.src_vocab == vocabs.src.len() && config.tgt_vocab == vocabs.tgt.len() {
        weights.with_vocabs(vocabs)
    } else {
        weights
    }
}

/// One side's input: sentences (`;` separates batch rows) or ids (`,` between ids, `;` between rows).
#[derive(Debug, Clone, PartialEq)]
pub enum TokenInput {
    Sentences(String),
    Ids(String),
}

/// Everything a run needs, and what the user should be told about their input.
#[derive(Debug, Clone)]
pub struct Setup {
    pub weights: Arc<Weights>,
    pub src_ids: Array2<usize>, // (B, T_src)
    pub tgt_ids: Array2<usize>, // (B, T_tgt)
    pub unknown_src: Vec<UnknownWord>,
    pub unknown_tgt: Vec<UnknownWord>,
    /// The program ends in the training loss instead of `probs` (a lesson on learning).
    pub training: bool,
}

#[derive(Debug)]
pub enum SetupError {
    Weights(WeightsError),
    Marian(Box<crate::model::marian::load::MarianError>),
    TooLong {
        side: &'static str,
        err: TooLong,
    },
    BadIds {
        side: &'static str,
        message: String,
    },
    /// The same for sentences: `source: …`, not `source ids: …`.
    BadSentence {
        side: &'static str,
        message: String,
    },
    /// The run would pass the memory or work budget (`model::budget`): refused before it started.
    Budget(crate::model::budget::OverBudget),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Weights(e) => write!(f, "{e}"),
            SetupError::Marian(e) => write!(f, "{e}"),
            SetupError::TooLong { side, err } => f.write_str(&strings::side_error(side, err)),
            SetupError::BadIds { side, message } => f.write_str(&strings::bad_ids(side, message)),
            SetupError::BadSentence { side, message } => f.write_str(&strings::side_error(side, message)),
            SetupError::Budget(over) => f.write_str(&strings::over_budget(over)),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// Load the weights, then encode the sentences. With no target, the target is the model's
    /// own greedy translation of each source row, `<bos> … <eos>`.
    pub fn new(source: &WeightSource, src: &TokenInput, tgt: Option<&TokenInput>) -> Result<Setup, SetupError> {
        let weights = Arc::new(source.load()?);
        Setup::with_weights(weights, src, tgt)
    }

    /// The same, with weights already in hand (every lesson of a session shares them).
    pub fn with_weights(
        weights: Arc<Weights>,
        src: &TokenInput,
        tgt: Option<&TokenInput>,
    ) -> Result<Setup, SetupError> {
        let cfg = &weights.config;
        let vocabs = weights.vocabs.clone();
        let src_side = Side { name: strings::SIDE_SOURCE.get(), pad_masked: true };
        let (src_ids, unknown_src) = encode(&vocabs.src, src, src_side, cfg.src_vocab, cfg.max_len)?;
        // a Marian masks no target <pad>: its decoder starts from <pad>, so a row of it alone is
        // its start token, not a row attention cannot read
        let tgt_side = Side { name: strings::SIDE_TARGET.get(), pad_masked: cfg.conventions.target_pad_mask };
        let (tgt_ids, unknown_tgt) = match tgt {
            Some(tgt) => encode(&vocabs.tgt, tgt, tgt_side, cfg.tgt_vocab, cfg.max_len)?,
            None => {
                // the tutor's models re-run the decoder at each step: the longest translation's
                // run and every step's within the budgets before decoding starts. A loaded
                // translator generates with its key/value cache (a row of logits a step, never a
                // run at max_length): the run of the translation it made is checked below
                if weights.generation.is_none() {
                    let (batch, t_src) = src_ids.dim();
                    let positions = crate::model::decode::positions(&weights, t_src);
                    budget::check_decode(cfg, batch, t_src, positions, true).map_err(SetupError::Budget)?;
                }
                (translated_target(&weights, &src_ids), Vec::new())
            }
        };
        // a causal row 0 sees only position 0: a <pad> there leaves it nothing to read
        if let Some(tgt) = tgt
            && cfg.conventions.start_id != cfg.pad_idx
            && let Some(r) = (0..tgt_ids.nrows()).find(|&r| tgt_ids[[r, 0]] == cfg.pad_idx)
        {
            let (side, message) = (
                strings::SIDE_TARGET.get(),
                strings::target_starts_with_pad(r + 1, tgt_ids.nrows(), matches!(tgt, TokenInput::Ids(_))),
            );
            return Err(match tgt {
                TokenInput::Ids(_) => SetupError::BadIds { side, message },
                TokenInput::Sentences(_) => SetupError::BadSentence { side, message },
            });
        }
        if src_ids.nrows() != tgt_ids.nrows() {
            return Err(SetupError::BadIds {
                side: strings::SIDE_TARGET.get(),
                message: strings::rows_differ(src_ids.nrows(), tgt_ids.nrows()),
            });
        }
        let shape = RunShape { batch: src_ids.nrows(), t_src: src_ids.ncols(), t_tgt: tgt_ids.ncols() };
        budget::check_run(cfg, shape).map_err(SetupError::Budget)?;
        Ok(Setup { weights, src_ids, tgt_ids, unknown_src, unknown_tgt, training: false })
    }

    /// The same ids run by other weights of the same sizes and vocabularies (a checkpoint).
    pub fn with_other_weights(&self, weights: Arc<Weights>) -> Setup {
        Setup { weights, ..self.clone() }
    }

    pub fn src_vocab(&self) -> &Vocab {
        &self.weights.vocabs.src
    }

    pub fn tgt_vocab(&self) -> &Vocab {
        &self.weights.vocabs.tgt
    }

    pub fn shape(&self) -> RunShape {
        RunShape { batch: self.src_ids.nrows(), t_src: self.src_ids.ncols(), t_tgt: self.tgt_ids.ncols() }
    }

    /// The same sentences run by the training program: teacher forcing, then the loss.
    pub fn for_training(self, training: bool) -> Setup {
        Setup { training, ..self }
    }

    /// A fresh run of the whole encoder-decoder on these inputs, nothing computed yet: up to
    /// `probs`, or (training) up to the loss against the labels.
    pub fn run(&self) -> Run {
        let config = &self.weights.config;
        let program = match self.training {
            true => build::training(config, self.shape(), 0),
            false => build::transformer(config, self.shape()),
        };
        let inputs = Inputs {
            src_ids: Some(self.src_ids.clone()),
            tgt_ids: Some(self.tgt_ids.clone()),
            labels: self.training.then(|| self.labels()),
            ..Default::default()
        };
        Run::new(Arc::new(program), self.weights.clone(), inputs)
    }

    /// The next-word labels of the target (B, T_tgt): each position's label is the word after it,
    /// and the last position's, with no word after it, is `<pad>`, which the loss ignores (as it
    /// ignores the labels of padding). The loss is the trainer's on `tgt[:, :-1]` and `tgt[:, 1:]`.
    pub fn labels(&self) -> Array2<usize> {
        let (b, t) = self.tgt_ids.dim();
        let pad = self.weights.config.pad_idx;
        Array2::from_shape_fn((b, t), |(r, c)| if c + 1 < t { self.tgt_ids[[r, c + 1]] } else { pad })
    }

    /// One line per word that became `<unk>`, for the user.
    pub fn unknown_report(&self) -> Vec<String> {
        let side = |name: &str, vocab: &Vocab, list: &[UnknownWord]| -> Vec<String> {
            let by_char = vocab.tokenizer == crate::model::vocab::Tokenizer::Char;
            list.iter()
                .map(|u| {
                    let word = crate::text::escape_controls(&u.word, false);
                    strings::unknown_word(name, by_char, u.row + 1, u.position + 1, &word)
                })
                .collect()
        };
        let mut lines = side(strings::SIDE_SOURCE.get(), self.src_vocab(), &self.unknown_src);
        lines.extend(side(strings::SIDE_TARGET.get(), self.tgt_vocab(), &self.unknown_tgt));
        lines
    }
}

/// `<bos>`, the greedy translation, `<eos>`, for every source row (B, T_tgt).
fn translated_target(weights: &Arc<Weights>, src_ids: &Array2<usize>) -> Array2<usize> {
    if let Some(generation) = &weights.generation {
        // a loaded translator: its own greedy translation, its start token first, as generate() makes
        // it, as long as the screens decode (a translation that never ends stops there, with the
        // `</s>` generate() forces at its max_length)
        let positions = crate::model::decode::positions(weights, src_ids.ncols());
        let max_length = generation.max_length.min(positions);
        let greedy = crate::model::generate::GenerationConfig { num_beams: 1, max_length, ..generation.clone() };
        let rows: Vec<Vec<usize>> =
            crate::model::generate::generate(weights, src_ids, &greedy).into_iter().map(|g| g.ids).collect();
        return pad_rows(&rows, weights.config.pad_idx);
    }
    let decoded = crate::model::decode::greedy(weights, src_ids);
    // as long as decoding may reach (max_len, or less for a short sentence on a long max_len)
    let positions = crate::model::decode::positions(weights, src_ids.ncols());
    let rows: Vec<Vec<usize>> = decoded
        .words
        .iter()
        .map(|w| {
            let mut row = vec![BOS_ID];
            row.extend(w.iter().copied().take(positions.saturating_sub(2)));
            row.push(EOS_ID);
            row
        })
        .collect();
    pad_rows(&rows, PAD_ID)
}

/// One side of the input: its name in messages, and whether its padding mask hides `<pad>` keys
/// (so that a row of nothing but `<pad>` would leave attention nothing to read).
#[derive(Clone, Copy)]
struct Side {
    name: &'static str,
    pad_masked: bool,
}

fn encode(
    vocab: &Vocab,
    input: &TokenInput,
    Side { name: side, pad_masked }: Side,
    vocab_size: usize,
    max_len: usize,
) -> Result<(Array2<usize>, Vec<UnknownWord>), SetupError> {
    let only_padding = |ids: &Array2<usize>, rows: usize, given_as_ids: bool| {
        if pad_masked { only_padding(ids, rows, given_as_ids, vocab.pad_id()) } else { None }
    };
    match input {
        TokenInput::Sentences(text) => {
            let bad = |message| SetupError::BadSentence { side, message };
            // the caps first, before a row is tokenized or a tensor allocated
            within_caps(text.split(';').count(), 0).map_err(bad)?;
            let rows: Vec<&str> = text.split(';').map(str::trim).collect();
            let lengths: Vec<usize> = rows.iter().map(|r| vocab.tokenize(r).len()).collect();
            if let Some(empty) = lengths.iter().position(|&n| n == 0) {
                return Err(bad(empty_row_message(empty, rows.len())));
            }
            within_caps(rows.len(), lengths.iter().sum()).map_err(bad)?;
            let encoded = vocab.encode_batch(&rows, max_len).map_err(|err| SetupError::TooLong { side, err })?;
            if let Some(message) = only_padding(&encoded.ids, rows.len(), false) {
                return Err(SetupError::BadSentence { side, message });
            }
            // the vocabulary travels with the weights and has one token per embedding row; check anyway,
            // so that no id can index past the table
            if let Some(&id) = encoded.ids.iter().find(|&&id| id >= vocab_size) {
                return Err(SetupError::BadIds {
                    side,
                    message: strings::id_past_embedding(&vocab.word(id), id, vocab_size),
                });
            }
            Ok((encoded.ids, encoded.unknown))
        }
        TokenInput::Ids(text) => {
            let mut rows = Vec::new();
            let row_count = text.split(';').count();
            let bad = |message| SetupError::BadIds { side, message };
            within_caps(row_count, text.split([',', ';']).filter(|p| !p.trim().is_empty()).count()).map_err(bad)?;
            for (r, row) in text.split(';').enumerate() {
                let mut ids = Vec::new();
                let pieces: Vec<&str> = row.split(',').map(str::trim).collect();
                if pieces.len() > 1 && pieces.iter().any(|p| p.is_empty()) {
                    return Err(SetupError::BadIds { side, message: strings::empty_id_piece(r + 1) });
                }
                for piece in pieces.into_iter().filter(|p| !p.is_empty()) {
                    let id: usize = piece.parse().map_err(|e: std::num::ParseIntError| {
                        let what = if *e.kind() == std::num::IntErrorKind::PosOverflow {
                            strings::id_far_too_large(vocab_size)
                        } else {
                            strings::NOT_AN_ID.to_string()
                        };
                        SetupError::BadIds { side, message: strings::bad_id_piece(piece, r + 1, &what) }
                    })?;
                    if id >= vocab_size {
                        return Err(SetupError::BadIds {
                            side,
                            message: strings::id_outside_vocabulary(id, r + 1, vocab_size),
                        });
                    }
                    ids.push(id);
                }
                if ids.len() > max_len {
                    return Err(SetupError::TooLong { side, err: TooLong { row: r, len: ids.len(), max_len } });
                }
                if ids.is_empty() {
                    return Err(SetupError::BadIds { side, message: empty_row_message(r, row_count) });
                }
                rows.push(ids);
            }
            let ids = pad_rows(&rows, vocab.pad_id()); // the model's own <pad> (a Marian's is not 0)
            if ids.ncols() == 0 {
                return Err(SetupError::BadIds { side, message: strings::NO_IDS.into() });
            }
            if let Some(message) = only_padding(&ids, row_count, true) {
                return Err(SetupError::BadIds { side, message });
            }
            Ok((ids, Vec::new()))
        }
    }
}

/// A row of nothing but `<pad>` would have every key masked: attention there reads nothing.
fn only_padding(ids: &Array2<usize>, rows: usize, given_as_ids: bool, pad: usize) -> Option<String> {
    let r = ids.rows().into_iter().position(|row| row.iter().all(|&id| id == pad))?;
    Some(strings::only_padding(r + 1, rows, given_as_ids, pad))
}

/// Row `row` (0-based) of `rows` has nothing in it: an empty `;` row, or a trailing `;`.
fn empty_row_message(row: usize, rows: usize) -> String {
    if rows == 1 { strings::SENTENCE_IS_EMPTY.into() } else { strings::empty_row(row + 1, rows) }
}

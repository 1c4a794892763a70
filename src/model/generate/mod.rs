//! Translation as Hugging Face transformers' `generate()` does it, so that the same tokens come
//! out: greedy search and beam search over the decoder run one position at a time
//! (`incremental`, a key/value cache), with the logits processors a Marian generation config
//! names (`<pad>` never generated, `</s>` forced at the last position, scores renormalised).

mod incremental;
mod scores;
mod search;

pub use incremental::{DecoderState, encode, encode_changed};
pub use search::{EarlyStopping, FirstToken, Generated, GenerationConfig, generate, generate_from, generate_timed};

//! The Transformer, and nothing about terminals.
//!
//! - `config`: sizes and the notes' presets
//! - `vocab`: words <-> ids
//! - `weights`: parameters and their seeded initialisation; `npz`: load and save them
//! - `marian`: a Hugging Face MarianMT model directory; `marian::state_dict` reads its weights file
//! - `program` + `build`: the forward pass as an ordered list of named operations, written from
//!   an `arch` description (the taught model, a what-if, or one of the notes' mistakes; `arch`
//!   also names the what-ifs, `Variant`)
//! - `kernels`: the arithmetic of each operation; `matmul`, `softmax`: their products and softmax
//! - `fast`: every `unsafe` of the crate (threads, the x86_64 kernels, calls into `gemm`), and
//!   `TRANSFORMER_TUTOR_PORTABLE`, the switch to the portable kernels
//! - `run`: executes a program one operation at a time
//! - `learning`: a training run's loss per position, gradient norms per layer, embedding rows
//! - `rnn`, `batch_norm`, `fused_qkv`: what the lessons compare the model with (note 003's RNN,
//!   note 000's BatchNorm, note 003's fused W_qkv)

pub mod activations;
pub mod adam;
pub mod arch;
pub mod backward;
pub mod batch_norm;
pub mod budget;
pub mod build;
pub mod cache_steps;
pub mod config;
pub mod conventions;
pub mod decode;
mod decode_cached;
pub mod dropout;
// the one module allowed `unsafe` (Cargo.toml denies it everywhere else): threads, the AVX2
// kernels, calls into `gemm` and mimalloc; and the switch to the portable kernels
#[allow(unsafe_code)]
pub mod fast;
pub mod fused_qkv;
pub mod generate;
pub mod kernels;
pub mod learning;
pub mod marian;
pub mod matmul;
pub mod npz;
pub mod npz_error;
pub mod npz_guard;
pub mod npz_layout;
pub mod one_step;
pub mod op_kind;
pub mod params;
pub mod program;
pub mod qk_dim;
pub mod reference;
pub mod rnn;
pub mod run;
pub mod run_ahead;
mod sampling;
pub mod segmenter;
pub mod sentence_ids;
pub mod softmax;
pub mod top_k;
pub mod vocab;
pub mod weights;

pub use arch::Arch;
pub use arch::Variant;
pub use build::RunShape;
pub use config::{Config, Preset};
pub use program::{Formula, Op, OpKind, Place, Program};
pub use run::{Inputs, Run};
pub use vocab::{Tokenizer, Vocab, Vocabs};
pub use weights::Weights;

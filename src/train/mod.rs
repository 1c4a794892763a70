//! Training the tutor model in Rust, on the engine itself: the training program is the forward
//! program with a loss at the end (teacher forcing), `Run::backward` walks it in reverse, and
//! Adam updates every parameter through the same visitor the `.npz` files use.
//!
//! - `data`: corpus pairs -> ids -> padded batches (decoder input `tgt[:, :-1]`, labels `tgt[:, 1:]`)
//! - `adam`: the optimiser; `schedule`: the learning rate over the steps
//! - `eval`: greedy translation of the held-out pairs, exact match and token accuracy
//! - `trainer`: one step at a time, seeded and reproducible

pub use crate::model::adam;
pub mod checkpoints;
pub mod data;
pub mod eval;
pub mod schedule;
pub mod trainer;

pub use eval::{Evaluation, evaluate};
pub use trainer::{TrainOptions, Trainer};

//! The training screen (`train` in a terminal): the loss curve, the run's numbers, the held-out
//! evaluation and one pair's cross-attention, drawn from a `TrainView` the training loop
//! (`cli::train_live`) fills.

mod attention;
pub mod screen;

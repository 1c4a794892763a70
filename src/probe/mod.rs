//! Probes of the trained model that need the corpus's held-out pairs: every head taken out in
//! turn and scored on them (`heads`). The probes of one run (a head taken out on this sentence,
//! the logit lens, contributions, patching) are the model's (`model::probe`); this room adds the
//! held-out set, so it sits above `train` and no lesson imports it.

pub mod heads;
pub mod heldout_score;

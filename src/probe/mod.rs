//! Probes: looking inside the trained model. Within one run: a head taken out or kept alone
//! (`ablation`), what the model would predict if it stopped after each decoder sublayer (`lens`),
//! how much each key moves an attention's output as opposed to how much weight it gets
//! (`contribution`), and one position's residual stream copied in from another sentence
//! (`patch`); each is computed from the run's own tensors and weights, and tests/probes.rs
//! recomputes them with `model::reference`. Over the held-out pairs: every cross-attention head
//! scored against the gold word alignments (`alignment`; kept per model, `heldout_alignment`).
//!
//! Where it sits: above the model and the corpus (the held-out pairs and their gold alignments),
//! below `strings` (which writes out its scores) and `lesson` (whose prose quotes them). So it
//! imports only `model`, `corpus` and the leaves (tests/rooms.rs). The one probe that needs more,
//! every head taken out in turn and scored by training's evaluation (`probe heads`), cannot sit
//! this low: it is `explore::heads`, a what-if per head measured on the held-out pairs.

pub mod ablation;
pub mod alignment;
pub mod contribution;
mod heldout_alignment;
pub mod lens;
pub mod patch;
pub mod read_pair;

pub use heldout_alignment::{heldout_alignment, score_heldout};

//! Exploring the live model: what-if variants of the architecture and the notes' known mistakes
//! (`model::arch::Variant`), run by forking the live run (`fork`), and what each one changes, measured
//! (`measure`); and each attention head taken out in turn, measured on the held-out pairs by
//! training's evaluation and ranked (`heads`: `probe heads`, and the ablation view's held-out
//! line, kept per model and head in `heldout_score`). The other probes are `probe`'s, which
//! sits below the lessons that quote them and so cannot use `train`. No terminal code here: the
//! app shows what these compute.

pub mod derive;
pub mod derive_gradient;
pub mod fork;
pub mod heads;
pub mod heldout_score;
pub mod measure;

pub use fork::{VariantRun, run_variant, run_with_weights};
// the variants' names and architectures are the model's (`model::arch::Variant`), so lesson and
// strings can name them; running one is explore's
pub use crate::model::arch::Variant;

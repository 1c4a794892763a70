//! Exploring the live model: what-if variants of the architecture and the notes' known mistakes
//! (`variant`), run by forking the live run (`fork`), and what each one changes, measured
//! (`measure`). No terminal code here: the app shows what these compute.

pub mod derive;
pub mod fork;
pub mod measure;
pub mod variant;

pub use fork::{VariantRun, run_variant};
pub use variant::Variant;

//! Looking inside one run of the trained model: a head taken out (`ablation`), what the model
//! would predict if it stopped after each decoder sublayer (`lens`), how much each key moves an
//! attention's output as opposed to how much weight it gets (`contribution`), and one position's
//! residual stream copied in from another sentence (`patch`). Each is computed from the run's
//! own tensors and weights; tests/probes.rs recomputes them with `model::reference`.

pub mod ablation;
pub mod alignment;
pub mod contribution;
pub mod lens;
pub mod patch;

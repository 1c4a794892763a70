//! Run a variant by forking the live run at the first operation whose definition differs.

use super::Variant;
use crate::model::arch::ArchError;
use crate::model::{Run, RunShape, build};
use std::sync::Arc;

/// A variant run to its end beside the taught model's run.
#[derive(Debug, Clone)]
pub struct VariantRun {
    pub variant: Variant,
    /// The variant's run, or the error its program raises before anything runs.
    pub run: Result<Run, ArchError>,
    /// How many leading tensors were kept from the taught model's run (the index of the first
    /// operation whose definition differs).
    pub kept: usize,
}

/// Build `variant`'s program for the same inputs and fork `base` (the taught model's run, to
/// any point) into it: the tensors of the operations the two programs share at the start are
/// kept, the rest are computed.
pub fn run_variant(base: &Run, shape: RunShape, variant: Variant) -> VariantRun {
    if variant == Variant::Untrained {
        return run_untrained(base);
    }
    if variant == Variant::Trained {
        // with no checkpoint on the dial, the run's own weights are the trained ones
        return run_with_weights(base, variant, base.weights_arc());
    }
    let built = variant.arch().and_then(|arch| Ok((build::variant(&base.weights().config, shape, &arch)?, arch)));
    match built {
        Ok((program, arch)) => {
            // note 002's qk_dim: the program's W_q and W_k are narrower, so are the weights
            let weights = match arch.d_qk(&base.weights().config) {
                d_qk if d_qk != base.weights().config.d_k() => {
                    Arc::new(crate::model::qk_dim::narrowed_qk(base.weights(), d_qk))
                }
                _ => base.weights_arc(),
            };
            let mut run = base.fork_with_weights(Arc::new(program), weights, base.inputs().clone());
            let kept = run.cursor();
            run.run_all();
            VariantRun { variant, run: Ok(run), kept }
        }
        Err(e) => VariantRun { variant, run: Err(e), kept: 0 },
    }
}

/// The taught program on the same inputs with the weights training starts from (`Weights::init`
/// with the trainer's seed: the shipped run's step 0), every tensor computed anew.
fn run_untrained(base: &Run) -> VariantRun {
    let trained = base.weights();
    let seed = crate::train::TrainOptions::default().seed;
    let untrained = crate::model::Weights::init(&trained.config, seed).with_vocabs(trained.vocabs.clone());
    run_with_weights(base, Variant::Untrained, Arc::new(untrained))
}

/// The taught program on the same inputs with other `weights` (a what-if that swaps weights),
/// every tensor computed anew.
pub fn run_with_weights(base: &Run, variant: Variant, weights: Arc<crate::model::Weights>) -> VariantRun {
    let mut run = Run::new(base.program_arc(), weights, base.inputs().clone());
    run.run_all();
    VariantRun { variant, run: Ok(run), kept: 0 }
}

//! Training time as a dial: the weights of the shipped training run (seed 1, the default
//! options) at a few steps, and the loss of every step, so any beat can be shown as the model
//! was after k steps. They are remade from the seed in seconds (the run is deterministic: the
//! same seed gives the same bits on the same machine) and kept in the data directory:
//! `checkpoints/seed-1/step-0010.npz`, …, `loss.npy` and, written last, `manifest.toml`. A
//! directory without a matching manifest is remade; every file is written whole or not at all.

use super::trainer::{TrainOptions, Trainer};
use crate::corpus;
use crate::model::Weights;
use crate::strings;
use ndarray::Array1;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The steps kept by default: early steps close together, where the model changes most.
pub const STEPS: [usize; 8] = [0, 10, 25, 50, 100, 200, 500, 1000];

/// The manifest's format; a directory of another one is remade.
const FORMAT: u32 = 1;

/// The weights at each kept step of one training run, and the loss of every step.
#[derive(Debug, Clone)]
pub struct Checkpoints {
    pub options: TrainOptions,
    /// The kept steps, ascending; `weights[i]` is the model after `steps[i]` steps.
    pub steps: Vec<usize>,
    pub weights: Vec<Arc<Weights>>,
    /// `losses[s]` is the training loss of step s + 1 (its batch's mean cross-entropy).
    pub losses: Vec<f32>,
}

impl Checkpoints {
    /// Train from the seed with `options`, keeping the weights after each of `steps` (each at
    /// most `options.steps`); `progress(done, total)` is told after every step.
    pub fn make(options: TrainOptions, steps: &[usize], mut progress: impl FnMut(usize, usize)) -> Checkpoints {
        let corpus = corpus::generate(corpus::DEFAULT_SEED);
        let mut trainer = Trainer::new(&corpus, options);
        let last = steps.iter().copied().max().unwrap_or(0).min(options.steps);
        let mut kept = Vec::new();
        let mut losses = Vec::with_capacity(last);
        for &step in steps.iter().filter(|&&s| s <= last) {
            while trainer.step < step {
                losses.push(trainer.train_step().loss);
                progress(trainer.step, last);
            }
            kept.push((step, trainer.weights.clone()));
        }
        let (steps, weights) = kept.into_iter().unzip();
        Checkpoints { options, steps, weights, losses }
    }

    /// The index of the kept step nearest to `step` from below.
    pub fn index_at_or_before(&self, step: usize) -> usize {
        self.steps.iter().rposition(|&s| s <= step).unwrap_or(0)
    }

    /// The loss of the step that made checkpoint `index` (none for step 0).
    pub fn loss_at(&self, index: usize) -> Option<f32> {
        let step = self.steps[index];
        step.checked_sub(1).and_then(|s| self.losses.get(s)).copied()
    }

    /// The last kept step (the run's length).
    pub fn last_step(&self) -> usize {
        self.steps.last().copied().unwrap_or(0)
    }

    /// Write every file into `dir` (created if missing), the manifest last.
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        let shown = |p: &Path| crate::text::escape_controls(&p.display().to_string(), false);
        std::fs::create_dir_all(dir).map_err(|e| strings::cannot_create(&shown(dir), &crate::lang::io_reason(&e)))?;
        for (step, weights) in self.steps.iter().zip(&self.weights) {
            weights.save_npz(&dir.join(file_name(*step))).map_err(|e| e.to_string())?;
        }
        let mut npy = Vec::new();
        let losses = dir.join("loss.npy");
        ndarray_npy::WriteNpyExt::write_npy(&Array1::from(self.losses.clone()), &mut npy)
            .map_err(|e| strings::cannot_write(shown(&losses), e))?;
        crate::atomic_file::write_bytes(&losses, &npy)
            .map_err(|e| strings::cannot_write(shown(&losses), crate::lang::io_reason(&e)))?;
        let manifest = dir.join("manifest.toml");
        crate::atomic_file::write_bytes(&manifest, self.manifest().as_bytes())
            .map_err(|e| strings::cannot_write(shown(&manifest), crate::lang::io_reason(&e)))
    }

    /// Read what `save` wrote for these `options` and `steps`; an error says why they cannot be
    /// used (for the tests: `load_or_make` remakes them whatever the reason).
    pub fn load(dir: &Path, options: TrainOptions, steps: &[usize]) -> Result<Checkpoints, String> {
        let expected = Checkpoints { options, steps: steps.to_vec(), weights: Vec::new(), losses: Vec::new() };
        // bounded, regular files only: a FIFO or a link to /dev/zero is refused, not read forever
        let manifest = crate::user_file::read_text(&dir.join("manifest.toml"), 4096, "a checkpoint manifest")
            .map_err(|e| e.to_string())?;
        if manifest != expected.manifest() {
            return Err("made by other options".into());
        }
        // each must be a step of the run's own model: its sizes and vocabularies (a valid model
        // of another put there panicked the dial, and a large one took gigabytes first)
        let model = crate::setup::seeded(crate::model::Preset::Tutor, options.seed);
        let mut weights = Vec::new();
        for step in steps {
            weights.push(Arc::new(load_step(&dir.join(file_name(*step)), &model)?));
        }
        let loss_limit = 1024 + 4 * expected.last_step() as u64; // the .npy header, then one f32 a step
        let bytes =
            crate::user_file::read(&dir.join("loss.npy"), loss_limit, "the loss curve").map_err(|e| e.to_string())?;
        let losses: Array1<f32> = ndarray_npy::ReadNpyExt::read_npy(&bytes[..]).map_err(|e| e.to_string())?;
        if losses.len() != expected.last_step() {
            return Err(format!("{} losses, not {}", losses.len(), expected.last_step()));
        }
        Ok(Checkpoints { options, steps: steps.to_vec(), weights, losses: losses.to_vec() })
    }

    /// The shipped run's checkpoints from `dir`, or made afresh (telling `progress`) and saved
    /// there. A failure to save is returned beside the checkpoints, which are usable anyway.
    pub fn load_or_make(dir: Option<&Path>, progress: impl FnMut(usize, usize)) -> (Checkpoints, Option<String>) {
        let options = TrainOptions::default();
        if let Some(found) = dir.and_then(|d| Checkpoints::load(d, options, &STEPS).ok()) {
            return (found, None);
        }
        let made = Checkpoints::make(options, &STEPS, progress);
        let saved = dir.and_then(|d| made.save(d).err());
        (made, saved)
    }

    /// What the files were made from, compared whole on loading.
    fn manifest(&self) -> String {
        let o = &self.options;
        format!(
            "format = {FORMAT}\nversion = \"{}\"\nseed = {}\nsteps = {}\nbatch = {}\npeak_lr = {}\nwarmup = {}\nsmoothing_permille = {}\nkept = {:?}\n",
            env!("CARGO_PKG_VERSION"),
            o.seed,
            o.steps,
            o.batch,
            o.peak_lr,
            o.warmup,
            o.smoothing_permille,
            self.steps
        )
    }
}

/// The most bytes a kept checkpoint may take: the run's own model is about 210 KB.
const STEP_FILE_LIMIT: u64 = 4 << 20;

/// A checkpoint of `model`'s run read from `path`, or why it is not one.
fn load_step(path: &Path, model: &Weights) -> Result<Weights, String> {
    let bytes = crate::user_file::read_file(path, STEP_FILE_LIMIT).map_err(|e| e.to_string())?;
    let step = Weights::load_npz_bytes(&bytes, &path.display().to_string()).map_err(|e| e.to_string())?;
    match step.config == model.config && step.vocabs == model.vocabs {
        true => Ok(step),
        false => Err("a model of other sizes or vocabularies".into()),
    }
}

/// Where the shipped run's checkpoints are kept: `checkpoints/seed-N/` in the data directory.
pub fn default_dir() -> Option<PathBuf> {
    let progress = crate::progress::default_path()?;
    let seed = TrainOptions::default().seed;
    Some(progress.parent()?.join("checkpoints").join(format!("seed-{seed}")))
}

fn file_name(step: usize) -> String {
    format!("step-{step:04}.npz")
}

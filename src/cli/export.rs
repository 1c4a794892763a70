//! `transformer-tutor export`: run the whole program and write every tensor and the weights.

use crate::model::build::{self, RunShape};
use crate::model::npz::write_weights;
use crate::model::{Inputs, Run};
use crate::setup::Setup;
use ndarray::{Array2, s};
use ndarray_npy::NpzWriter;
use std::path::Path;
use std::sync::Arc;

/// Run every remaining step of `run`, then write to `path`: each named tensor (float32) under its
/// op name, the weights under their PyTorch names, the `config.*` scalars, and `src_ids` / `tgt_ids` (int64).
pub fn export_trace(run: &mut Run, path: &Path) -> Result<usize, String> {
    run.run_all();
    readable_as_weights(run.named_values().count() + run.weights().npz_members() + 3)?;
    // built in memory and written at once: a full disk is one clear error, never a half file
    // (and never the zip writer's complaint when it is dropped unfinished)
    let mut npz = NpzWriter::new_compressed(std::io::Cursor::new(Vec::new()));
    let fail = |e: ndarray_npy::WriteNpzError| crate::strings::cannot_write(path.display(), e);
    let mut count = 0;
    for (name, value) in run.named_values() {
        npz.add_array(name, value).map_err(fail)?;
        count += 1;
    }
    write_weights(&mut npz, run.weights()).map_err(fail)?;
    count += write_run_gradients(&mut npz, run).map_err(fail)?;
    let as_i64 = |ids: &Array2<usize>| ids.mapv(|v| v as i64);
    if let Some(ids) = &run.inputs().src_ids {
        npz.add_array("src_ids", &as_i64(ids)).map_err(fail)?;
    }
    if let Some(ids) = &run.inputs().tgt_ids {
        npz.add_array("tgt_ids", &as_i64(ids)).map_err(fail)?;
    }
    if let Some(labels) = &run.inputs().labels {
        npz.add_array("labels", &as_i64(labels)).map_err(fail)?;
    }
    let bytes = npz.finish().map_err(fail)?.into_inner();
    write_file(path, &bytes)?;
    Ok(count)
}

/// `export --grads`: the training loss of this batch under teacher forcing (the decoder reads
/// `tgt[:, :-1]` and is scored on `tgt[:, 1:]`, `<pad>` labels ignored, no label smoothing) and its
/// gradient with respect to every weight, as `loss` and `grad.` + the weight's PyTorch name
/// (nn.Linear layout), beside the weights and ids, so PyTorch's autograd can check them.
pub fn export_grads(setup: &Setup, path: &Path) -> Result<usize, String> {
    let tgt = &setup.tgt_ids;
    if tgt.ncols() < 2 {
        return Err(crate::strings::GRADS_NEED_TWO_TOKENS.into());
    }
    let tgt_in = tgt.slice(s![.., ..tgt.ncols() - 1]).to_owned();
    let labels = tgt.slice(s![.., 1..]).to_owned();
    let shape = RunShape { batch: tgt.nrows(), t_src: setup.src_ids.ncols(), t_tgt: tgt_in.ncols() };
    let program = Arc::new(build::training(&setup.weights.config, shape, 0));
    let inputs = Inputs {
        src_ids: Some(setup.src_ids.clone()),
        tgt_ids: Some(tgt_in.clone()),
        labels: Some(labels.clone()),
        ..Default::default()
    };
    readable_as_weights(2 * setup.weights.npz_members() + 4)?;
    let mut run = Run::new(program, setup.weights.clone(), inputs);
    run.run_all();
    let grads = run.backward();
    // built in memory and written at once: a full disk is one clear error, never a half file
    // (and never the zip writer's complaint when it is dropped unfinished)
    let mut npz = NpzWriter::new_compressed(std::io::Cursor::new(Vec::new()));
    let fail = |e: ndarray_npy::WriteNpzError| crate::strings::cannot_write(path.display(), e);
    npz.add_array("loss", &ndarray::arr0(grads.loss)).map_err(fail)?;
    let mut count = 0;
    for (name, g) in grads.params.to_named() {
        npz.add_array(format!("grad.{name}"), &g).map_err(fail)?;
        count += 1;
    }
    if let Some(d_logits) = grads.tensor("logits") {
        npz.add_array("grad.logits", d_logits).map_err(fail)?;
    }
    write_weights(&mut npz, &setup.weights).map_err(fail)?;
    let as_i64 = |ids: &Array2<usize>| ids.mapv(|v| v as i64);
    npz.add_array("src_ids", &as_i64(&setup.src_ids)).map_err(fail)?;
    npz.add_array("tgt_ids", &as_i64(tgt)).map_err(fail)?;
    let bytes = npz.finish().map_err(fail)?.into_inner();
    write_file(path, &bytes)?;
    Ok(count)
}

/// Write `bytes` to `path` through `atomic_file`: whole or not at all, the old file kept on any
/// failure; a target that is not a regular file, or is read-only, is refused.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::atomic_file::write_bytes(path, bytes).map_err(|e| crate::strings::cannot_write(path.display(), e))
}

/// An export is read back as a weights file (`--weights`): refused before it is written when it
/// would hold more arrays than one may.
fn readable_as_weights(members: usize) -> Result<(), String> {
    let most = crate::model::npz_guard::MAX_MEMBERS;
    match members > most {
        true => Err(crate::strings::export_too_many_arrays(members, most)),
        false => Ok(()),
    }
}

/// Where `export --numpy` and `--pytorch` write their scripts, if asked, and the what-if
/// exported instead of the taught model.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scripts<'a> {
    pub numpy: Option<&'a Path>,
    pub pytorch: Option<&'a Path>,
    pub what_if: Option<crate::explore::Variant>,
}

impl Scripts<'_> {
    /// Before anything is computed or written: each script's path can be written, and names
    /// neither the export (`out`: the script would replace the file it reads, and the export be
    /// gone) nor the other script. A bad path used to be found after the export was written.
    pub fn check(&self, out: &Path) -> Result<(), String> {
        let scripts = [("--numpy", self.numpy), ("--pytorch", self.pytorch)];
        for (i, (flag, path)) in scripts.iter().enumerate() {
            let Some(path) = path else { continue };
            let mut others = [("--out", Some(out))].into_iter().chain(scripts[..i].iter().copied());
            if let Some((other, _)) = others.find(|(_, p)| p.is_some_and(|p| same_file(p, path))) {
                return Err(if other == "--out" {
                    crate::strings::export_same_file(flag, other, path.display())
                } else {
                    crate::strings::export_same_script(flag, other, path.display())
                });
            }
            crate::atomic_file::check(path).map_err(|e| crate::strings::cannot_write(path.display(), e))?;
        }
        Ok(())
    }
}

/// Whether two paths name one file: the same file when both exist (a link, `./`, `..`), else the
/// same name in the same folder.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        use std::os::unix::fs::MetadataExt;
        return (x.dev(), x.ino()) == (y.dev(), y.ino());
    }
    let place = |p: &Path| {
        let folder = match p.parent() {
            Some(f) if !f.as_os_str().is_empty() => f.canonicalize().ok(),
            _ => std::env::current_dir().ok(),
        };
        (folder, p.file_name().map(|n| n.to_os_string()))
    };
    let (x, y) = (place(a), place(b));
    x.0.is_some() && x.1.is_some() && x == y
}

/// Write the scripts asked for, each recomputing `run`'s tensors from the export at `npz`: the
/// paths written and how many tensors each checks.
pub fn write_scripts<'a>(run: &Run, npz: &Path, scripts: Scripts<'a>) -> Result<Vec<(&'a Path, usize)>, String> {
    let asked = [(scripts.numpy, crate::code::Lib::Numpy), (scripts.pytorch, crate::code::Lib::Torch)];
    let mut written = Vec::new();
    for (path, lib) in asked {
        let Some(path) = path else { continue };
        let script = crate::code::script(run, lib, npz, path);
        write_file(path, script.text.as_bytes())?;
        written.push((path, script.count));
    }
    Ok(written)
}

/// A training run (its program ends in the loss): the gradient of the loss with respect to every
/// tensor it reaches (`grad.` + the op's name) and every weight (`grad.` + the weight's name),
/// which the exported script's backward pass checks. How many arrays; 0 for another run.
fn write_run_gradients<W: std::io::Write + std::io::Seek>(
    npz: &mut NpzWriter<W>,
    run: &Run,
) -> Result<usize, ndarray_npy::WriteNpzError> {
    let program = run.program();
    let training = program.ops().last().is_some_and(|op| matches!(op.kind, crate::model::OpKind::CrossEntropy { .. }));
    if !training {
        return Ok(0);
    }
    let grads = run.backward();
    let mut count = 0;
    for name in program.names() {
        if let Some(g) = grads.tensor(name) {
            npz.add_array(format!("grad.{name}"), g)?;
            count += 1;
        }
    }
    for (name, g) in grads.params.to_named() {
        npz.add_array(format!("grad.{name}"), &g)?;
        count += 1;
    }
    Ok(count)
}

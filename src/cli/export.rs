//! `transformer-tutor export`: run the whole program and write every tensor and the weights.

use crate::model::Run;
use crate::model::npz::write_weights;
use ndarray::Array2;
use ndarray_npy::NpzWriter;
use std::fs::File;
use std::path::Path;

/// Run every remaining step of `run`, then write to `path`: each named tensor (float32) under its
/// op name, the weights under their PyTorch names, the `config.*` scalars, and `src_ids` / `tgt_ids` (int64).
pub fn export_trace(run: &mut Run, path: &Path) -> Result<usize, String> {
    run.run_all();
    let file = File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let mut npz = NpzWriter::new_compressed(file);
    let fail = |e: ndarray_npy::WriteNpzError| format!("cannot write {}: {e}", path.display());
    let mut count = 0;
    for (name, value) in run.named_values() {
        npz.add_array(name, value).map_err(fail)?;
        count += 1;
    }
    write_weights(&mut npz, run.weights()).map_err(fail)?;
    let as_i64 = |ids: &Array2<usize>| ids.mapv(|v| v as i64);
    if let Some(ids) = &run.inputs().src_ids {
        npz.add_array("src_ids", &as_i64(ids)).map_err(fail)?;
    }
    if let Some(ids) = &run.inputs().tgt_ids {
        npz.add_array("tgt_ids", &as_i64(ids)).map_err(fail)?;
    }
    npz.finish().map_err(fail)?;
    Ok(count)
}

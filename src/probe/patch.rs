//! Activation patching: copy one position's residual stream after one encoder layer from a
//! second sentence into the run of the first, translate, and see which words change. Where the
//! copy changes "I" into "you" is where the model keeps who has the cat.

use crate::model::Run;
use crate::model::decode::greedy_patched;
use ndarray::{Array1, Array2, s};

/// Every encoder layer's output operation, in order: `enc.0.norm2.out`, ...
pub fn layer_outputs(layers: usize) -> Vec<String> {
    (0..layers).map(|l| format!("enc.{l}.norm2.out")).collect()
}

/// The greedy translation of batch row `to`'s source with the stream at `op` (B, T_src, d),
/// position `position`, replaced by batch row `from`'s. None if `op` is not computed in `base` or
/// the rows or position are out of range.
pub fn patched_translation(base: &Run, op: &str, from: usize, to: usize, position: usize) -> Option<Vec<usize>> {
    // an encoder layer's output only: the residual stream the patch copies a position of
    if !layer_outputs(base.weights().config.n_layers).iter().any(|o| o == op) {
        return None;
    }
    let stream = base.get(op)?; // (B, T_src, d)
    let src = base.inputs().src_ids.as_ref()?;
    if from.max(to) >= stream.shape()[0] || position >= stream.shape()[1] {
        return None;
    }
    let donor: Array1<f32> = stream.slice(s![from, position, ..]).to_owned(); // (d,)
    let row: Array2<usize> = src.slice(s![to..to + 1, ..]).to_owned(); // (1, T_src)
    let op = op.to_string();
    let patch = move |run: &mut Run| {
        run.patch(&op, |v| v.slice_mut(s![0, position, ..]).assign(&donor));
    };
    // the run's own weights, shared (a copy would cost a real translator's whole weights per patch)
    Some(greedy_patched(&base.weights_arc(), &row, Some(&patch)).remove(0))
}

/// Batch row `b`'s translation unpatched, decoded as `patched_translation` decodes (on a loaded
/// translator with the cache, as its generate() does): what each patch is compared with.
pub fn translation(base: &Run, b: usize) -> Vec<usize> {
    let Some(src) = base.inputs().src_ids.as_ref().filter(|s| b < s.nrows()) else { return Vec::new() };
    let row: Array2<usize> = src.slice(s![b..b + 1, ..]).to_owned(); // (1, T_src)
    greedy_patched(&base.weights_arc(), &row, None).remove(0)
}

//! The logit lens: apply the output Linear and softmax to the decoder's residual stream after
//! each sublayer (post-LN: each Add & Norm's output, `dec.L.normK.out`), as if the model stopped
//! there. Where the right word first tops the list is where the answer forms.

use crate::model::Run;
use crate::model::decode::{argmax, tempered};
use crate::model::kernels::linear;
use ndarray::{Axis, IxDyn};

/// The prediction after one sublayer, for one target position.
#[derive(Debug, Clone, PartialEq)]
pub struct LensRow {
    /// The stream's operation: `dec.0.norm2.out` is after layer 0's cross-attention.
    pub after: String,
    /// Every word's probability, by id (tgt_vocab,).
    pub probs: Vec<f32>,
}

impl LensRow {
    /// The `n` most probable ids with their probabilities, most probable first.
    pub fn top(&self, n: usize) -> Vec<(usize, f32)> {
        let mut ids: Vec<usize> = (0..self.probs.len()).collect();
        ids.sort_by(|&a, &b| self.probs[b].total_cmp(&self.probs[a]));
        ids.into_iter().take(n).map(|i| (i, self.probs[i])).collect()
    }

    pub fn best(&self) -> usize {
        argmax(self.probs.iter().copied())
    }
}

/// The streams the lens reads, in order: after each decoder layer's self-attention, cross-
/// attention and feed-forward Add & Norm.
pub fn stream_ops(layers: usize) -> Vec<String> {
    (0..layers).flat_map(|l| (1..=3).map(move |k| format!("dec.{l}.norm{k}.out"))).collect()
}

/// The lens for batch row `batch`, target position `position`, one row per sublayer computed.
pub fn lens(run: &Run, batch: usize, position: usize) -> Vec<LensRow> {
    let w = run.weights();
    stream_ops(w.config.dec_layers)
        .into_iter()
        .filter_map(|after| {
            let stream = run.get(&after)?; // (B, T_tgt, d)
            if batch >= stream.shape()[0] || position >= stream.shape()[1] {
                return None;
            }
            let x = stream.index_axis(Axis(0), batch).index_axis(Axis(0), position).to_owned(); // (d,)
            let x = x.into_shape_with_order(IxDyn(&[1, w.config.d_model])).expect("(1, d)");
            let logits = linear(&x, w.fc_out.weight.view(), w.fc_out.bias.view()); // (1, vocab)
            Some(LensRow { after, probs: tempered(&logits.iter().copied().collect::<Vec<_>>(), 1.0) })
        })
        .collect()
}

/// The first sublayer after which the final prediction is on top and stays on top: where the
/// answer forms. None for no rows.
pub fn forms_at(rows: &[LensRow]) -> Option<usize> {
    let last = rows.last()?.best();
    let mut at = rows.len() - 1;
    while at > 0 && rows[at - 1].best() == last {
        at -= 1;
    }
    Some(at)
}

//! The k largest of a row of scores, in one pass: beam search's 2·beams candidates of 260,004
//! scores, the top-words view's five most probable of 65,001 pieces.

/// Indices of the `k` largest values, largest first; equal values keep index order (NaN counts
/// as −∞). One pass keeping the best k so far in order: four beams choose 8 of 260,004 scores
/// per step.
pub fn top_k(values: &[f32], k: usize) -> Vec<usize> {
    let key = |v: f32| if v.is_nan() { f32::NEG_INFINITY } else { v };
    let mut best: Vec<(f32, usize)> = Vec::with_capacity(k + 1); // (value, index), best first
    for (i, &v) in values.iter().enumerate() {
        let v = key(v);
        // scanned in index order, so an equal value ranks after those already kept
        if best.len() == k && best.last().is_none_or(|&(worst, _)| v <= worst) {
            continue;
        }
        let at = best.partition_point(|&(kept, _)| kept >= v);
        best.insert(at, (v, i));
        best.truncate(k);
    }
    best.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::top_k;

    /// Against a full sort: largest first, ties in index order, NaN last, k past the length.
    #[test]
    fn top_k_is_the_head_of_the_sorted_order() {
        let values = [0.5, f32::NAN, 2.0, -1.0, 2.0, f32::NEG_INFINITY, 0.5, 3.0, 2.0];
        let mut sorted: Vec<usize> = (0..values.len()).collect();
        let key = |i: usize| if values[i].is_nan() { f32::NEG_INFINITY } else { values[i] };
        sorted.sort_by(|&a, &b| key(b).partial_cmp(&key(a)).expect("no NaN").then(a.cmp(&b)));
        for k in 0..=values.len() + 2 {
            assert_eq!(top_k(&values, k), sorted[..k.min(values.len())], "k = {k}");
        }
        assert_eq!(top_k(&values, 4), vec![7, 2, 4, 8]);
    }
}

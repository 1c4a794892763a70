//! Token embedding (a table lookup) and the sinusoidal positional encoding.

use ndarray::{Array2, ArrayD, ArrayView2, IxDyn};

/// Embedding lookup: ids (B, T) -> (B, T, d), row `id` of `table` (vocab, d).
pub fn embed(table: ArrayView2<f32>, ids: &Array2<usize>) -> ArrayD<f32> {
    let (b, t) = ids.dim();
    let d = table.ncols();
    let mut out = Array2::<f32>::zeros((b * t, d));
    for (mut row, &id) in out.rows_mut().into_iter().zip(ids.iter()) {
        row.assign(&table.row(id));
    }
    out.into_shape_with_order(IxDyn(&[b, t, d])).expect("contiguous")
}

/// Gradient of the table: each token's d_out row is added to its id's row. The `<pad>` row gets
/// nothing (PyTorch's `padding_idx`): it stays zero and is never trained.
/// ids (B, T), d_out (B, T, d) -> d_table (vocab, d).
pub fn embed_backward(vocab: usize, ids: &Array2<usize>, pad: usize, d_out: &ArrayD<f32>) -> Array2<f32> {
    let d = d_out.shape()[2];
    let mut d_table = Array2::<f32>::zeros((vocab, d));
    let grads = super::data(d_out);
    for (&id, g) in ids.iter().zip(grads.chunks_exact(d)) {
        if id == pad {
            continue;
        }
        for (acc, v) in d_table.row_mut(id).iter_mut().zip(g) {
            *acc += v;
        }
    }
    d_table
}

/// The sinusoidal table (T, d) in `layout`: the notes' interleaved columns, or Marian's halves.
/// A constant: it has no backward.
pub fn positional_table(t: usize, d: usize, layout: crate::model::config::PositionLayout) -> ArrayD<f32> {
    match layout {
        crate::model::config::PositionLayout::Interleaved => positional_encoding(t, d),
        crate::model::config::PositionLayout::Halves => positional_halves(t, d),
    }
}

/// Row `pos` of `positional_table(t, d, layout)` for any t > pos, alone: (d,). Each element is the
/// table's expression, so the same bits (tests below); a decoding step needs its position's row
/// only, and a 512-row table of sines takes a dozen milliseconds.
pub fn positional_row(pos: usize, d: usize, layout: crate::model::config::PositionLayout) -> Vec<f32> {
    let mut row = vec![0f32; d];
    let sentinel = d.div_ceil(2);
    for j in 0..d {
        match layout {
            crate::model::config::PositionLayout::Interleaved => {
                let i = j - j % 2;
                let angle = pos as f64 * (-(i as f64) * (10000f64).ln() / d as f64).exp();
                row[j] = if j % 2 == 0 { angle.sin() } else { angle.cos() } as f32;
            }
            crate::model::config::PositionLayout::Halves => {
                let angle = pos as f64 / 10000f64.powf((2 * (j / 2)) as f64 / d as f64);
                if j % 2 == 0 {
                    row[j / 2] = angle.sin() as f32;
                } else {
                    row[sentinel + j / 2] = angle.cos() as f32;
                }
            }
        }
    }
    row
}

/// Marian's table (T, d): the same frequencies, pos / 10000^(2⌊j/2⌋/d) for column j, computed in
/// f64 as numpy does; the sines of the even columns fill the first ⌈d/2⌉ columns and the cosines
/// of the odd ones the rest (transformers' MarianSinusoidalPositionalEmbedding).
pub fn positional_halves(t: usize, d: usize) -> ArrayD<f32> {
    let sentinel = d.div_ceil(2);
    let mut pe = Array2::<f32>::zeros((t, d));
    for pos in 0..t {
        for j in 0..d {
            let angle = pos as f64 / 10000f64.powf((2 * (j / 2)) as f64 / d as f64);
            if j % 2 == 0 {
                pe[[pos, j / 2]] = angle.sin() as f32;
            } else {
                pe[[pos, sentinel + j / 2]] = angle.cos() as f32;
            }
        }
    }
    pe.into_dyn()
}

/// Sinusoidal positional encoding (T, d): PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(...).
/// A constant: it has no backward.
pub fn positional_encoding(t: usize, d: usize) -> ArrayD<f32> {
    let mut pe = Array2::<f32>::zeros((t, d));
    for i in (0..d).step_by(2) {
        // div_term = exp(-(2i) * ln(10000) / d), computed in f64 then stored as f32
        let div_term = (-(i as f64) * (10000f64).ln() / d as f64).exp();
        for pos in 0..t {
            let angle = pos as f64 * div_term;
            pe[[pos, i]] = angle.sin() as f32;
            if i + 1 < d {
                pe[[pos, i + 1]] = angle.cos() as f32;
            }
        }
    }
    pe.into_dyn()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::config::PositionLayout;

    /// A row alone has the bits of the same row of the whole table, in both layouts, for even
    /// and odd widths.
    #[test]
    fn a_row_is_the_tables_row() {
        for layout in [PositionLayout::Interleaved, PositionLayout::Halves] {
            for d in [512, 36, 7] {
                let table = positional_table(600, d, layout);
                for pos in [0, 1, 2, 17, 255, 511, 599] {
                    let row = positional_row(pos, d, layout);
                    let bits = |v: &mut dyn Iterator<Item = &f32>| v.map(|x| x.to_bits()).collect::<Vec<_>>();
                    let expected = bits(&mut table.index_axis(ndarray::Axis(0), pos).iter());
                    assert_eq!(bits(&mut row.iter()), expected, "{layout:?} d {d} position {pos}");
                }
            }
        }
    }
}

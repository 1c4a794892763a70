//! Word alignment from cross-attention, scored against a gold alignment (`corpus::Alignment`) by
//! alignment error rate (Och & Ney 2003). A gold alignment has sure links (the words translate
//! each other) and possible links (an English function word and the Chinese that licenses it, or
//! a measure word and its number). A head's alignment links each English word to the source
//! character its row weights most, at the row that predicts the word (row j reads word j−1, or
//! `<bos>`, and predicts word j). AER = 1 − (|A∩S| + |A∩P|) / (|A| + |S|), P including S; 0 is
//! perfect.

use super::read_pair::ReadPair;
use crate::corpus::{Alignment, Link};
use crate::model::build::{self, RunShape};
use crate::model::vocab::pad_rows;
use crate::model::{Inputs, Run, Weights};
use ndarray::Axis;
use std::sync::Arc;

/// The counts AER is made of, summed over sentences.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AerCounts {
    /// |A|, |S|, |A∩S|, |A∩P| (P including S).
    pub predicted: usize,
    pub sure: usize,
    pub predicted_sure: usize,
    pub predicted_possible: usize,
}

impl AerCounts {
    /// Score predicted links against a gold alignment.
    pub fn of(predicted: &[Link], gold: &Alignment) -> AerCounts {
        AerCounts {
            predicted: predicted.len(),
            sure: gold.sure.len(),
            predicted_sure: predicted.iter().filter(|l| gold.sure.contains(l)).count(),
            predicted_possible: predicted.iter().filter(|l| gold.sure.contains(l) || gold.possible.contains(l)).count(),
        }
    }

    pub fn add(&mut self, other: AerCounts) {
        self.predicted += other.predicted;
        self.sure += other.sure;
        self.predicted_sure += other.predicted_sure;
        self.predicted_possible += other.predicted_possible;
    }

    /// Alignment error rate, 0 (every predicted link allowed, every sure link found) to 1.
    pub fn aer(&self) -> f64 {
        let denominator = (self.predicted + self.sure).max(1) as f64;
        1.0 - (self.predicted_sure + self.predicted_possible) as f64 / denominator
    }

    /// Share of predicted links that are sure or possible.
    pub fn precision(&self) -> f64 {
        self.predicted_possible as f64 / self.predicted.max(1) as f64
    }

    /// Share of sure links predicted.
    pub fn recall(&self) -> f64 {
        self.predicted_sure as f64 / self.sure.max(1) as f64
    }
}

/// One cross-attention head's (or, `head: None`, the mean of a layer's heads') score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeadAlignment {
    pub layer: usize,
    pub head: Option<usize>,
    pub counts: AerCounts,
}

/// The decoder layer of a cross-attention op (`dec.1.cross_attn.weights` → 1).
pub fn cross_attention_layer(op: &str) -> Option<usize> {
    let h = crate::model::arch::HeadAblation::of_op(op, 0)?;
    (h.stack == crate::model::program::Stack::Decoder && h.block == crate::model::program::AttnBlock::CrossAttn)
        .then_some(h.layer)
}

impl HeadAlignment {
    /// The attention block's name: `dec.1.cross_attn`.
    pub fn block(&self) -> String {
        format!("dec.{}.cross_attn", self.layer)
    }
}

/// Every cross-attention head of every decoder layer, each layer's heads then its mean, scored
/// on pairs given as (source ids, target word ids, gold alignment).
#[derive(Debug, Clone, PartialEq)]
pub struct AlignmentScores {
    pub pairs: usize,
    pub heads: Vec<HeadAlignment>,
    /// The best any one-link-per-word aligner can do: each word linked to a sure partner (or a
    /// possible one). Not 0: a two-character word (他们, 喜欢) has two sure links.
    pub one_link_best: AerCounts,
    /// The model reads SentencePiece pieces: the gold links were carried from characters to
    /// pieces (`read_pair`).
    pub pieces: bool,
}

impl AlignmentScores {
    /// The single head with the lowest AER in `layer` (the first on a tie), or in any layer.
    pub fn best_head(&self, layer: Option<usize>) -> Option<&HeadAlignment> {
        let candidates = self.heads.iter().filter(|h| h.head.is_some() && layer.is_none_or(|l| h.layer == l));
        candidates.min_by(|a, b| a.counts.aer().total_cmp(&b.counts.aer()))
    }

    /// The score of one head or (None) the mean of the layer's heads.
    pub fn of(&self, layer: usize, head: Option<usize>) -> Option<&HeadAlignment> {
        self.heads.iter().find(|h| h.layer == layer && h.head == head)
    }
}

/// Each target word linked to the source token its row weights most. `weights`: (T_tgt, T_src)
/// of one head (or the mean), `src_len` the sentence's own source tokens (not padding, not a
/// Marian's `</s>`), `word_rows` the row that predicts each word (its first token).
pub fn argmax_links(weights: ndarray::ArrayView2<f32>, src_len: usize, word_rows: &[usize]) -> Vec<Link> {
    word_rows
        .iter()
        .enumerate()
        .filter(|&(_, &r)| r < weights.nrows())
        .map(|(j, &r)| {
            let row = weights.row(r);
            let best = (0..src_len.min(row.len())).max_by(|&a, &b| row[a].total_cmp(&row[b]).then(b.cmp(&a)));
            (best.unwrap_or(0), j)
        })
        .collect()
}

/// Pairs scored at once.
const BATCH: usize = 64;

/// Teacher-force each pair (the start token and its target tokens in) and score every
/// cross-attention head.
pub fn score(weights: &Arc<Weights>, pairs: &[ReadPair]) -> AlignmentScores {
    let (layers, n_heads) = (weights.config.dec_layers, weights.config.n_heads);
    let mut heads: Vec<HeadAlignment> = (0..layers)
        .flat_map(|layer| {
            (0..n_heads).map(Some).chain([None]).map(move |head| HeadAlignment {
                layer,
                head,
                counts: AerCounts::default(),
            })
        })
        .collect();
    let mut one_link_best = AerCounts::default();
    for p in pairs {
        one_link_best.add(AerCounts::of(&gold_one_link(&p.gold, p.word_rows.len()), &p.gold));
    }
    let ids = crate::model::sentence_ids::Specials::of(weights);
    let (start, src_pad, tgt_pad) = (ids.start, weights.vocabs.src.pad_id(), ids.pad);
    let chunks = pairs.len().div_ceil(BATCH);
    for (i, chunk) in pairs.chunks(BATCH).enumerate() {
        let src = pad_rows(&chunk.iter().map(|p| p.src.clone()).collect::<Vec<_>>(), src_pad);
        let tgt_in: Vec<Vec<usize>> =
            chunk.iter().map(|p| std::iter::once(start).chain(p.tgt.iter().copied()).collect()).collect();
        let tgt = pad_rows(&tgt_in, tgt_pad);
        let shape = RunShape { batch: src.nrows(), t_src: src.ncols(), t_tgt: tgt.ncols() };
        let inputs = Inputs { src_ids: Some(src), tgt_ids: Some(tgt), ..Default::default() };
        let mut run = Run::new(Arc::new(build::transformer(&weights.config, shape)), weights.clone(), inputs);
        crate::work::part(i, chunks, || run.run_all());
        for h in heads.iter_mut() {
            let Some(attention) = run.get(&format!("dec.{}.cross_attn.weights", h.layer)) else { continue };
            for (b, p) in chunk.iter().enumerate() {
                let per_head = attention.index_axis(Axis(0), b); // (H, T_tgt, T_src)
                let grid = match h.head {
                    Some(head) => per_head.index_axis(Axis(0), head).to_owned(),
                    None => per_head.mean_axis(Axis(0)).expect("heads"),
                }; // (T_tgt, T_src)
                let grid = grid.into_dimensionality::<ndarray::Ix2>().expect("(T_tgt, T_src)");
                h.counts.add(AerCounts::of(&argmax_links(grid.view(), p.src_tokens, &p.word_rows), &p.gold));
            }
        }
    }
    AlignmentScores { pairs: pairs.len(), heads, one_link_best, pieces: weights.vocabs.src.segmenter.is_some() }
}

/// Each word's first sure link, or its first possible link.
fn gold_one_link(gold: &Alignment, words: usize) -> Vec<Link> {
    (0..words)
        .filter_map(|t| {
            let first = |links: &[Link]| links.iter().find(|l| l.1 == t).copied();
            first(&gold.sure).or_else(|| first(&gold.possible))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pharaoh_round_trips_and_aer_counts_sure_and_possible() {
        let gold = Alignment::new(vec![(0, 0), (1, 1), (2, 2), (4, 3)], vec![(3, 2)]);
        assert_eq!(gold.to_pharaoh(), "0-0 1-1 2-2 3p2 4-3");
        assert_eq!(Alignment::parse_pharaoh(&gold.to_pharaoh()), Some(gold.clone()));
        assert_eq!(Alignment::parse_pharaoh("0-0 x"), None);
        // perfect: every sure link
        assert_eq!(AerCounts::of(&gold.sure, &gold).aer(), 0.0);
        // one word on a possible link, one wrong: (3 + 4) / (4 + 4)
        let predicted = [(0, 0), (1, 1), (3, 2), (0, 3)];
        let c = AerCounts::of(&predicted, &gold);
        assert_eq!((c.predicted_sure, c.predicted_possible), (2, 3));
        assert!((c.aer() - (1.0 - 5.0 / 8.0)).abs() < 1e-12);
    }

    #[test]
    fn argmax_links_skip_padding_and_take_the_first_on_a_tie() {
        let w = ndarray::arr2(&[[0.1, 0.6, 0.3, 0.9], [0.4, 0.4, 0.2, 0.0]]);
        assert_eq!(argmax_links(w.view(), 3, &[0, 1]), vec![(1, 0), (0, 1)]);
        // a word read at a later row (its first piece), and a row past the grid left out
        assert_eq!(argmax_links(w.view(), 3, &[1, 0, 5]), vec![(0, 0), (1, 1)]);
    }
}

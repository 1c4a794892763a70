//! Memory and work budgets, checked from the sizes before a run starts (issue 40): a run keeps
//! every named tensor of its program (the trace the screens show), so its memory is the sum of
//! the program's output shapes, known before a number is computed. A model or a sentence whose
//! run would pass the budget is refused with the largest part named (the logits of a
//! 2,000,000-word vocabulary, the attention maps of 256 heads), instead of taking the machine's
//! memory. Decoding with the program re-runs the decoder at every step, so its work is bounded
//! too, and the tutor's models decode at most a length in proportion to the sentence.

use super::build::{self, RunShape};
use super::config::Config;
use super::program::Dim;

/// The most a run's trace may take: every named tensor, twice (the run, and a what-if's twin of
/// the same shapes beside it on the screen).
pub const MEMORY_BUDGET: u64 = 3_000_000_000;

/// The most numbers (in bytes) decoding with the program may write over all its steps, one run
/// of the decoder per word: a few seconds' work.
pub const WORK_BUDGET: u64 = 16_000_000_000;

/// The tutor's models (no generation config) decode at most this many positions whatever the
/// sentence (every preset's max_len is at most this, so their decoding is unchanged) ...
pub const DECODE_FLOOR: usize = 64;

/// ... and beyond it at most twice the source's tokens and this many more (a max_len of 1024
/// made `translate 我` decode 1,024 words of an untrained model, each step re-running the decoder).
pub const DECODE_MARGIN: usize = 16;

/// How many positions (start token included) the tutor's models decode for a source of `t_src`
/// tokens: max_len, or less for a short sentence on a model of a long max_len.
pub fn decode_limit(max_len: usize, t_src: usize) -> usize {
    max_len.min(DECODE_FLOOR.max(t_src.saturating_mul(2).saturating_add(DECODE_MARGIN)))
}

/// Which kind of tensor a part of the trace is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Over the target vocabulary: the logits and the probabilities.
    Logits,
    /// (B, H, T, T'): the attention scores, masks and weights.
    AttentionMaps,
    /// Everything else: token vectors, the feed-forward layer's hidden vectors, the masks.
    Vectors,
}

/// One part of a run's trace: how many tensors, the largest one's shape, and their bytes together.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    pub part: Part,
    pub tensors: usize,
    pub shape: Vec<usize>,
    pub bytes: u64,
}

/// What a run's trace takes, by part.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    pub terms: Vec<Term>,
}

impl Trace {
    /// Bytes of every named tensor of the program `config` and `shape` make (4 bytes a number).
    pub fn of(config: &Config, shape: RunShape) -> Trace {
        let program = build::transformer(config, shape);
        let mut terms: Vec<Term> = Vec::new();
        for op in program.ops() {
            let part = if op.dims.contains(&Dim::Vocab) {
                Part::Logits
            } else if op.dims.contains(&Dim::Heads)
                && op.dims.iter().filter(|d| matches!(d, Dim::Tokens(_))).count() == 2
            {
                Part::AttentionMaps
            } else {
                Part::Vectors
            };
            let bytes = op.shape.iter().fold(4u64, |b, &n| b.saturating_mul(n as u64));
            match terms.iter_mut().find(|t| t.part == part) {
                Some(t) => {
                    t.tensors += 1;
                    t.bytes = t.bytes.saturating_add(bytes);
                    if bytes > numbers(&t.shape).saturating_mul(4) {
                        t.shape = op.shape.clone();
                    }
                }
                None => terms.push(Term { part, tensors: 1, shape: op.shape.clone(), bytes }),
            }
        }
        Trace { terms }
    }

    pub fn bytes(&self) -> u64 {
        self.terms.iter().fold(0u64, |b, t| b.saturating_add(t.bytes))
    }

    /// The part that takes the most.
    pub fn largest(&self) -> &Term {
        self.terms.iter().max_by_key(|t| t.bytes).expect("a program has operations")
    }
}

/// How many numbers a tensor of `shape` holds.
fn numbers(shape: &[usize]) -> u64 {
    shape.iter().fold(1u64, |n, &d| n.saturating_mul(d as u64))
}

/// A run refused before it started: what it would take, against which budget.
#[derive(Debug, Clone, PartialEq)]
pub struct OverBudget {
    /// What it would take: the trace twice (memory), or the bytes written over every decoding step (work).
    pub bytes: u64,
    pub budget: u64,
    /// Decoding steps, each a run of the decoder (0: the memory of one run was over).
    pub steps: usize,
    /// The largest part of one run's trace.
    pub largest: Term,
}

/// A run of `shape` keeps its trace, and a what-if's twin beside it: within the memory budget?
pub fn check_run(config: &Config, shape: RunShape) -> Result<(), OverBudget> {
    let trace = Trace::of(config, shape);
    let bytes = trace.bytes().saturating_mul(2);
    if bytes > MEMORY_BUDGET {
        return Err(OverBudget { bytes, budget: MEMORY_BUDGET, steps: 0, largest: trace.largest().clone() });
    }
    Ok(())
}

/// Decoding `batch` rows of `t_src` source tokens up to `positions` target positions: the last
/// run within the memory budget and, when the decoder is re-run at every step (`per_step`),
/// every step together within the work budget.
pub fn check_decode(
    config: &Config,
    batch: usize,
    t_src: usize,
    positions: usize,
    per_step: bool,
) -> Result<(), OverBudget> {
    let shape = RunShape { batch, t_src, t_tgt: positions };
    let trace = Trace::of(config, shape);
    let twice = trace.bytes().saturating_mul(2);
    if twice > MEMORY_BUDGET {
        return Err(OverBudget { bytes: twice, budget: MEMORY_BUDGET, steps: 0, largest: trace.largest().clone() });
    }
    if per_step {
        let bytes = trace.bytes().saturating_mul(positions as u64);
        if bytes > WORK_BUDGET {
            return Err(OverBudget { bytes, budget: WORK_BUDGET, steps: positions, largest: trace.largest().clone() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::run::{Inputs, Run};
    use crate::model::weights::Weights;
    use ndarray::Array2;
    use std::sync::Arc;

    fn config(d_model: usize, n_heads: usize, tgt_vocab: usize, max_len: usize) -> Config {
        let mut c = crate::model::config::Preset::Tutor.config(20, tgt_vocab);
        (c.d_model, c.n_heads, c.max_len) = (d_model, n_heads, max_len);
        c
    }

    #[test]
    fn the_estimate_is_what_a_run_stores() {
        // every stored tensor of a real run, counted apart from the estimate: the same bytes
        for (c, shape) in [
            (config(8, 2, 30, 16), RunShape { batch: 2, t_src: 5, t_tgt: 7 }),
            (config(12, 3, 50, 32), RunShape { batch: 3, t_src: 9, t_tgt: 4 }),
        ] {
            let weights = Arc::new(Weights::init(&c, 1));
            let ids = |t: usize| Array2::from_shape_fn((shape.batch, t), |(b, i)| 4 + (b + i) % 10);
            let inputs =
                Inputs { src_ids: Some(ids(shape.t_src)), tgt_ids: Some(ids(shape.t_tgt)), ..Default::default() };
            let mut run = Run::new(Arc::new(build::transformer(&c, shape)), weights, inputs);
            run.run_all();
            let stored: u64 = run.named_values().map(|(_, v)| 4 * v.len() as u64).sum();
            assert_eq!(Trace::of(&c, shape).bytes(), stored);
        }
    }

    #[test]
    fn the_largest_part_is_named_with_its_shape() {
        // the logits of a 2,000,000-word vocabulary over 64 positions
        let trace = Trace::of(&config(4, 4, 2_000_000, 1024), RunShape { batch: 1, t_src: 1, t_tgt: 64 });
        let largest = trace.largest();
        assert_eq!((largest.part, largest.tensors, largest.shape.clone()), (Part::Logits, 2, vec![1, 64, 2_000_000]));
        assert_eq!(largest.bytes, 2 * 64 * 2_000_000 * 4);
        // 256 heads over a 1,000-token source: the attention maps
        let trace = Trace::of(&config(256, 256, 100, 1024), RunShape { batch: 1, t_src: 1000, t_tgt: 4 });
        assert_eq!(trace.largest().part, Part::AttentionMaps);
        assert_eq!(trace.largest().shape, vec![1, 256, 1000, 1000]);
    }

    #[test]
    fn the_budgets_refuse_what_the_issue_found_and_let_the_real_translator_through() {
        let two_million = config(4, 4, 2_000_000, 1024);
        let positions = decode_limit(1024, 1);
        assert_eq!(positions, DECODE_FLOOR, "`我` decodes at most 64 positions, not 1,024");
        let over = check_decode(&two_million, 1, 1, positions, true).unwrap_err();
        assert_eq!(over.largest.part, Part::Logits);
        // with 200,000 words one run of a 56-token sentence's 128 positions fits, but 128 of
        // them, one per word decoded, do not
        let positions = decode_limit(1024, 56);
        let over = check_decode(&config(4, 4, 200_000, 1024), 1, 56, positions, true).unwrap_err();
        assert_eq!((over.steps, over.budget, over.largest.part), (128, WORK_BUDGET, Part::Logits));
        assert!(check_run(&config(256, 256, 100, 1024), RunShape { batch: 1, t_src: 1000, t_tgt: 2 }).is_err());
        // opus-mt-zh-en's sizes: its longest translation of a 512-token sentence, one row
        let mut opus = config(512, 8, 65_001, 512);
        (opus.d_ff, opus.n_layers, opus.dec_layers, opus.src_vocab) = (2048, 6, 6, 65_001);
        // its longest sentence translated to its longest translation, and two short rows (a
        // loaded translator's translation is made with the cache: only the run it made counts)
        check_run(&opus, RunShape { batch: 1, t_src: 512, t_tgt: 512 }).unwrap();
        check_run(&opus, RunShape { batch: 2, t_src: 12, t_tgt: 40 }).unwrap();
        check_run(&opus, RunShape { batch: 4, t_src: 64, t_tgt: 64 }).unwrap();
        // every preset decodes as far as its max_len, whatever the sentence
        for max_len in [16, 64] {
            assert_eq!(decode_limit(max_len, 1), max_len);
        }
        assert_eq!(decode_limit(1024, 500), 1016);
    }
}

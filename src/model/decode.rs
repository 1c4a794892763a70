//! Greedy decoding, one word at a time: start every target row at `<bos>`, run the model, append
//! each row's most probable next word, and run again until every row has written `<eos>` or the
//! target reaches max_len. The encoder does not depend on the target, so each longer run is a
//! fork of the previous one that keeps every encoder tensor and recomputes only the decoder.

use super::arch::Arch;
use super::build::{self, RunShape};
use super::run::{Inputs, Run};
use super::sampling::draw;
pub use super::sampling::tempered;
use super::weights::Weights;
use ndarray::{Array2, Axis};
use std::sync::Arc;

/// What greedy decoding produced for a batch of source rows.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// Each row's words, without `<bos>` and `<eos>`.
    pub words: Vec<Vec<usize>>,
    /// The final run: target `<bos> words…` (each row padded), every tensor computed, so the
    /// attention of each output word can be read off it.
    pub run: Run,
    /// How many decoder runs (or cached steps) it took, and how many encoder operations each run
    /// reused (0 for a loaded translator, decoded with the key/value cache: its encoder ran once).
    pub steps: usize,
    pub reused_ops: usize,
}

/// Translate a batch of source rows (B, T_src) greedily.
pub fn greedy(weights: &Arc<Weights>, src_ids: &Array2<usize>) -> Decoded {
    decode_observed(weights, src_ids, &Arch::default(), Choice::Greedy, Engine::AsGenerate, Watch::default())
}

/// Each row's greedy translation with one tensor of the encoder changed first by `patch`
/// (activation patching), or unchanged, what patches are compared with. A loaded translator
/// decodes as its generate() does, with the cache, from the changed encoder; the tutor's model
/// by the program, every step a fork of the first run that keeps its changed encoder.
pub fn greedy_patched(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    patch: Option<&dyn Fn(&mut Run)>,
) -> Vec<Vec<usize>> {
    if weights.generation.is_some() {
        return super::decode_cached::cached_words(weights, src_ids, Choice::Greedy, patch);
    }
    decode_observed(weights, src_ids, &Arch::default(), Choice::Greedy, Engine::Program(patch), Watch::default()).words
}

/// Translate greedily with the model built as `arch` says (a head taken out, for the probes).
/// `arch` must build for every shape: a head ablation, a scale or norm what-if; not note 000's
/// len_k-repeated mask, which panics here.
pub fn greedy_with(weights: &Arc<Weights>, src_ids: &Array2<usize>, arch: &Arch) -> Decoded {
    decode_observed(weights, src_ids, arch, Choice::Greedy, Engine::Program(None), Watch::default())
}

/// Whether each row's greedy translation, with the model built as `arch` says, is exactly its
/// reference (words without the start and end tokens): decoded as `greedy_with` decodes, except
/// that a row stops as soon as it leaves its reference, so decoding ends once every row has
/// ended or left it (exact match needs no more; on a model that translates none of them word for
/// word, a step or two). The rows that stay compute exactly what `greedy_with` computes.
pub fn greedy_matches(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    arch: &Arch,
    references: &[Vec<usize>],
) -> Vec<bool> {
    let watch = Watch { observe: None, references: Some(references) };
    let decoded = decode_observed(weights, src_ids, arch, Choice::Greedy, Engine::Program(None), watch);
    decoded.words.iter().zip(references).map(|(words, reference)| words == reference).collect()
}

/// What a decoding shows along the way, and where it may stop early.
#[derive(Default)]
struct Watch<'a> {
    /// Sees row 0's every step (a step is put together only when something watches).
    observe: Option<&'a mut dyn FnMut(DecodeStep)>,
    /// Each row's reference words: a row that leaves its reference stops there.
    references: Option<&'a [Vec<usize>]>,
}

/// How the next word is chosen from the output softmax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Choice {
    /// The most probable word.
    #[default]
    Greedy,
    /// A word drawn from softmax(logits / T), T = `tenths` / 10, with a seeded generator: the
    /// same seed draws the same words.
    Sample { tenths: u16, seed: u64 },
}

impl Choice {
    /// The seeded generator a sampling choice draws with; None for greedy.
    pub(super) fn generator(self) -> Option<rand_chacha::ChaCha8Rng> {
        use rand::SeedableRng;
        match self {
            Choice::Sample { seed, .. } => Some(rand_chacha::ChaCha8Rng::seed_from_u64(seed)),
            Choice::Greedy => None,
        }
    }

    /// What a step shows of the distribution it chose from: `probs`, or when sampling the
    /// tempered distribution of `logits` the word was drawn from.
    pub(super) fn shown_probs(self, logits: impl FnOnce() -> Vec<f32>, probs: impl FnOnce() -> Vec<f32>) -> Vec<f32> {
        match self.temperature() {
            None => probs(),
            Some(temperature) => tempered(&logits(), temperature),
        }
    }

    pub fn temperature(self) -> Option<f32> {
        match self {
            Choice::Greedy => None,
            Choice::Sample { tenths, .. } => Some(tenths as f32 / 10.0),
        }
    }
}

/// One step of decoding batch row 0, as the decoder saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodeStep {
    /// The decoder's input at this step: `<bos>` and the words chosen so far.
    pub prefix: Vec<usize>,
    /// The probabilities over the target vocabulary at the last position.
    pub probs: Vec<f32>, // (tgt_vocab,)
    /// The word appended: the most probable, or the one drawn when sampling (`probs` is then
    /// the tempered distribution it was drawn from).
    pub chosen: usize,
    /// The last decoder layer's cross-attention of the last position, mean over heads.
    pub cross: Vec<f32>, // (T_src,)
    /// The operation of this step's run that first produced a NaN or an infinity, if one did.
    pub non_finite: Option<String>,
}

/// Decode one source row (1, T_src), each word chosen as `choice` says, and keep every step:
/// what the decoder read, its probabilities for the next word, the word chosen, where the new
/// position looked in the source. The last few are kept: facts and views ask for them again.
pub fn decode_steps(weights: &Arc<Weights>, src_row: &Array2<usize>, choice: Choice) -> Arc<Vec<DecodeStep>> {
    static KEPT: crate::weak_cache::WeakCache<Weights, (Array2<usize>, Choice), Arc<Vec<DecodeStep>>> =
        crate::weak_cache::WeakCache::bounded(6);
    KEPT.get_or_make(weights, (src_row.clone(), choice), || {
        let mut steps = Vec::new();
        let watch = Watch { observe: Some(&mut |step| steps.push(step)), references: None };
        decode_observed(weights, src_row, &Arch::default(), choice, Engine::AsGenerate, watch);
        Arc::new(steps)
    })
}

/// Batch row 0's values of `name` (B, t, vocab) at position `t`.
fn last_row(run: &Run, name: &str, t: usize) -> Vec<f32> {
    let v = run.get(name).expect("computed");
    v.index_axis(Axis(0), 0).index_axis(Axis(0), t).iter().copied().collect()
}

/// Row 0's step as `decode_steps` keeps it, from the run of the prefix `prefix` (t = its length − 1).
fn step_of_run(run: &Run, prefix: &[usize], chosen: usize, choice: Choice) -> DecodeStep {
    let t = prefix.len() - 1;
    let probs = choice.shown_probs(|| last_row(run, "logits", t), || last_row(run, "probs", t));
    let last_cross = format!("dec.{}.cross_attn.weights", run.weights().config.dec_layers.saturating_sub(1));
    let weights = run.get(&last_cross).expect("computed"); // (B, H, t, T_src)
    let heads = weights.shape()[1];
    let cross: Vec<f32> = (0..weights.shape()[3])
        .map(|k| (0..heads).map(|h| weights[[0, h, t, k]]).sum::<f32>() / heads as f32)
        .collect();
    let non_finite = run.first_non_finite().map(|i| run.program().op(i).name.clone());
    DecodeStep { prefix: prefix.to_vec(), probs, chosen, cross, non_finite }
}

/// Which computation decodes.
enum Engine<'a> {
    /// A loaded translator as its generate() decodes (`decode_cached`: the key/value cache), the
    /// tutor's model by the program: the screens' translation, what `translate` prints.
    AsGenerate,
    /// The program, one run per step, the first run changed by the patch if one is given: for the
    /// probes, which compare translations of variants and so must compute them all one way.
    Program(Option<&'a dyn Fn(&mut Run)>),
}

/// Decoding that shows `watch` row 0's every step. The tutor's model runs the program once
/// per step (each run a fork of the last that keeps the encoder).
fn decode_observed(
    weights: &Arc<Weights>,
    src_ids: &Array2<usize>,
    arch: &Arch,
    choice: Choice,
    engine: Engine,
    mut watch: Watch,
) -> Decoded {
    // the program the weights fit (note 002's narrower W_q and W_k, the what-if's)
    let arch = &super::qk_dim::arch_for(weights, arch);
    let prepare = match engine {
        Engine::AsGenerate if weights.generation.is_some() && *arch == Arch::default() => {
            let observe = |step| watch.observe.as_mut().map_or((), |o| o(step));
            return super::decode_cached::decode_cached(weights, src_ids, choice, observe);
        }
        Engine::AsGenerate => None,
        Engine::Program(prepare) => prepare,
    };
    let mut rng = choice.generator();
    let batch = src_ids.nrows();
    let tokens = Tokens::of(weights, src_ids.ncols());
    let mut rows: Vec<Vec<usize>> = vec![vec![tokens.start]; batch];
    let mut finished = vec![false; batch];
    let mut run: Option<Run> = None;
    let mut steps = 0;
    let mut reused_ops = 0;
    loop {
        crate::work::checkpoint(); // a worker's work called off: stop between steps
        let tgt_ids = super::vocab::pad_rows(&rows, tokens.pad);
        let shape = RunShape { batch, t_src: src_ids.ncols(), t_tgt: tgt_ids.ncols() };
        let program = Arc::new(build::variant(&weights.config, shape, arch).expect("an architecture that builds"));
        let inputs = Inputs { src_ids: Some(src_ids.clone()), tgt_ids: Some(tgt_ids), ..Default::default() };
        // the previous run is dropped once forked: only its encoder tensors live on, shared
        let mut next = match run.take() {
            Some(previous) => {
                let next = previous.fork(program, inputs);
                reused_ops = next.cursor();
                next
            }
            None => {
                let mut first = Run::new(program, weights.clone(), inputs);
                if let Some(prepare) = prepare {
                    prepare(&mut first);
                }
                first
            }
        };
        next.run_all();
        steps += 1;
        let t = rows[0].len();
        let probs = next.get("probs").expect("computed"); // (B, t, vocab)
        let logits = next.get("logits").expect("computed"); // (B, t, vocab)
        let done = finished.iter().all(|&f| f) || t >= tokens.limit;
        if done {
            run = Some(next);
            break;
        }
        // each row's last position: (vocab,)
        let last = |a: &ndarray::ArrayD<f32>, b: usize| -> Vec<f32> {
            a.index_axis(Axis(0), b).index_axis(Axis(0), t - 1).iter().copied().collect()
        };
        let chosen: Vec<usize> =
            (0..batch).map(|b| tokens.choose(choice, rng.as_mut(), t, || last(logits, b), || last(probs, b))).collect();
        if let Some(observe) = watch.observe.as_mut() {
            observe(step_of_run(&next, &rows[0], chosen[0], choice));
        }
        tokens.append(&mut rows, &mut finished, &chosen);
        if let Some(references) = watch.references {
            tokens.stop_strays(&rows, &mut finished, references);
        }
        run = Some(next);
    }
    Decoded { words: tokens.words(&rows), run: run.expect("at least one run"), steps, reused_ops }
}

/// The tokens decoding starts, ends and pads with, and how long it may run: the tutor's `<bos>`,
/// `<eos>`, `<pad>` and max_len (less for a short sentence on a long max_len); a loaded translator's as its generate() has them (its start
/// token, `</s>`, `<pad>` never chosen, `</s>` forced at max_length − 1), so that the screens
/// decode what `translate --model` prints greedily, up to `limit` positions.
pub(super) struct Tokens {
    pub(super) start: usize,
    pub(super) eos: usize,
    pub(super) pad: usize,
    pub(super) max_len: usize,
    /// The positions the screens decode to, at most: max_len, or fewer for a short source on a
    /// long max_len (`budget::decode_limit`: a loaded translator whose output never ends would
    /// otherwise make the screens run the whole program over 512 positions).
    pub(super) limit: usize,
    never: Vec<usize>,
    forced_eos: bool,
}

/// How many target positions (the start token included) decoding `t_src` source tokens may
/// reach: a loaded translator's max_length, the tutor's models' max_len or less
/// (`budget::decode_limit`).
pub fn positions(weights: &Weights, t_src: usize) -> usize {
    Tokens::of(weights, t_src).limit
}

/// The token decoding ends with: a loaded translator's `</s>` (its generation config's), the tutor's `<eos>`.
pub fn eos_id(weights: &Weights) -> usize {
    Tokens::of(weights, 0).eos
}

/// (the screens' limit, the model's own max_length) when the greedy decoding of `src_row`
/// (1, T_src) reached the screens' limit without `</s>` and the model would have gone on; None
/// when it ended, or when the screens decode as far as the model.
pub fn stopped_short(weights: &Arc<Weights>, src_row: &Array2<usize>) -> Option<(usize, usize)> {
    let tokens = Tokens::of(weights, src_row.ncols());
    let steps = decode_steps(weights, src_row, Choice::Greedy);
    let open = steps.last().is_some_and(|s| s.chosen != tokens.eos);
    (open && tokens.limit < tokens.max_len && steps.len() + 1 >= tokens.limit).then_some((tokens.limit, tokens.max_len))
}

impl Tokens {
    pub(super) fn of(weights: &Weights, t_src: usize) -> Tokens {
        let c = &weights.config;
        match &weights.generation {
            Some(g) => Tokens {
                start: g.start_id,
                eos: g.eos_id,
                pad: g.pad_id,
                max_len: g.max_length.min(c.max_len),
                limit: super::budget::decode_limit(g.max_length.min(c.max_len), t_src),
                never: g.bad_ids.iter().copied().filter(|&id| id != g.eos_id).collect(),
                forced_eos: g.forced_eos == Some(g.eos_id),
            },
            None => Tokens {
                start: c.conventions.start_id,
                eos: c.conventions.eos_id,
                pad: c.pad_idx,
                max_len: super::budget::decode_limit(c.max_len, t_src),
                limit: super::budget::decode_limit(c.max_len, t_src),
                never: Vec::new(),
                forced_eos: false,
            },
        }
    }

    /// Whether the next token of a row `t` long is forced to be `</s>`.
    fn forced_eos_at(&self, t: usize) -> bool {
        self.forced_eos && t + 1 == self.max_len
    }

    /// The next token of a row `t` long: `</s>` where it is forced, else drawn from the tempered
    /// `logits` when sampling (`rng` given), else the most probable of `probs`; never a token
    /// the model never generates.
    pub(super) fn choose(
        &self,
        choice: Choice,
        rng: Option<&mut rand_chacha::ChaCha8Rng>,
        t: usize,
        logits: impl FnOnce() -> Vec<f32>,
        probs: impl FnOnce() -> Vec<f32>,
    ) -> usize {
        use rand::RngExt;
        match (choice.temperature(), rng) {
            _ if self.forced_eos_at(t) => self.eos,
            (Some(temperature), Some(rng)) => {
                let row = self.never(logits(), f32::NEG_INFINITY);
                draw(&tempered(&row, temperature), rng.random::<f64>())
            }
            _ => argmax(self.never(probs(), -1.0).into_iter()),
        }
    }

    /// Append each row's chosen word (`<pad>` to a row already finished) and mark the rows that
    /// wrote `</s>`.
    pub(super) fn append(&self, rows: &mut [Vec<usize>], finished: &mut [bool], chosen: &[usize]) {
        for ((row, done), &word) in rows.iter_mut().zip(finished.iter_mut()).zip(chosen) {
            row.push(if *done { self.pad } else { word });
            *done = *done || word == self.eos;
        }
    }

    /// Mark finished each row whose last word leaves its reference (`greedy_matches`).
    fn stop_strays(&self, rows: &[Vec<usize>], finished: &mut [bool], references: &[Vec<usize>]) {
        for ((row, done), reference) in rows.iter().zip(finished.iter_mut()).zip(references) {
            // the last word is word k of the translation (the start token is not a word)
            let k = row.len() - 2;
            *done = *done || reference.get(k) != row.last();
        }
    }

    /// Each row's words: after the start token, up to `</s>` or `<pad>`.
    pub(super) fn words(&self, rows: &[Vec<usize>]) -> Vec<Vec<usize>> {
        rows.iter().map(|r| r[1..].iter().copied().take_while(|&w| w != self.eos && w != self.pad).collect()).collect()
    }

    /// `row` with the tokens never chosen set to `floor` (a probability row: −1; logits: −∞).
    fn never(&self, mut row: Vec<f32>, floor: f32) -> Vec<f32> {
        for &id in &self.never {
            if let Some(v) = row.get_mut(id) {
                *v = floor;
            }
        }
        row
    }
}

/// Index of the largest value (the first, on a tie).
pub fn argmax(values: impl Iterator<Item = f32>) -> usize {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, v) in values.enumerate() {
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}

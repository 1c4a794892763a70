//! The `kv-cache` view: greedy decoding's key/value cache, step by step on the selected sentence.
//! Each step's row: the token it reads, the shape of each layer's cached keys after it, and its
//! time with the cache and without it (the whole decoder over every position so far), measured
//! live (`model::cache_steps`, once per model and sentence: the screen does not change as it is
//! redrawn); under them, the selected step's one query row against the cached keys.

use super::scene::Scene;
use super::view_data::{LinesData, Role};
use crate::lesson::facts::decode_steps;
use crate::model::cache_steps::{CacheSteps, cache_steps};
use crate::setup::Setup;
use crate::strings;
use crate::text::{pad, pad_left, width};
use crate::weak_cache::WeakCache;
use std::sync::Arc;
use std::time::Duration;

impl Scene<'_> {
    /// `kv-cache`: the cache's rows, step by step, and the selected step's query row.
    pub(super) fn kv_cache_lines(&self) -> LinesData {
        let b = self.selection.batch;
        let measured = measured(self.setup, b);
        let mut d = LinesData::default();
        let Some(last) = measured.steps.len().checked_sub(1) else {
            return d;
        };
        let k = self.selection.row.min(last);
        let vocab = self.setup.tgt_vocab();
        let words: Vec<String> = measured.steps.iter().map(|s| vocab.word(s.reads)).collect();
        let ww = words.iter().map(|w| width(w)).chain([width(&strings::KV_READS.to_string())]).max().unwrap_or(5);
        let shapes: Vec<String> = measured.steps.iter().map(|s| crate::model::program::shape_text(&s.keys)).collect();
        let sw = shapes.iter().map(|s| width(s)).chain([width(&strings::KV_KEYS.to_string())]).max().unwrap_or(10);
        let tw = [strings::KV_WITH.to_string(), strings::KV_WITHOUT.to_string()].iter().map(|s| width(s)).max();
        let tw = tw.unwrap_or(0).max(9);
        let source: String = self.real_source_tokens().concat();
        d.push(strings::kv_heading(&source), Role::Title);
        d.line()
            .put(format!("  {} ", pad(&strings::KV_STEP.to_string(), 4)), Role::Dim)
            .put(format!("{} ", pad(&strings::KV_READS.to_string(), ww)), Role::Dim)
            .put(format!("{} ", pad(&strings::KV_KEYS.to_string(), sw)), Role::Dim)
            .put(format!("{} ", pad_left(&strings::KV_WITH.to_string(), tw)), Role::Dim)
            .put(pad_left(&strings::KV_WITHOUT.to_string(), tw), Role::Dim);
        for (t, step) in measured.steps.iter().enumerate() {
            let role = if t == k { Role::Strong } else { Role::Plain };
            d.line()
                .put(if t == k { "▶ " } else { "  " }, role)
                .put(format!("{} ", pad(&t.to_string(), 4)), role)
                .put(format!("{} ", pad(&words[t], ww)), role)
                .put(format!("{} ", pad(&shapes[t], sw)), role)
                .put(format!("{} ", pad_left(&ms(step.with_cache), tw)), role)
                .put(pad_left(&ms(step.without_cache), tw), role)
                // a question may ask for the cache's shape after a step
                .answer_value(shapes[t].clone());
        }
        d.push(strings::KV_ONCE, Role::Dim);
        d.gap();
        d.push(strings::kv_query_heading(k), Role::Title);
        let step = &measured.steps[k];
        for (key, &a) in step.weights.iter().enumerate() {
            d.line()
                .put(format!("  {} ", pad(&key.to_string(), 4)), Role::Plain)
                .put(format!("{} ", pad(&words[key], ww)), Role::Plain)
                .put(format!("{a:.2} "), Role::Plain)
                .bar(a, 24);
        }
        d
    }
}

/// A duration as the view prints it, in milliseconds: `0.123 ms`.
fn ms(t: Duration) -> String {
    format!("{:.3} ms", t.as_secs_f64() * 1000.0)
}

/// The steps of sentence `batch`'s greedy translation, fed and timed once per model and sentence.
fn measured(setup: &Setup, batch: usize) -> Arc<CacheSteps> {
    static KEPT: WeakCache<crate::model::Weights, Vec<usize>, Arc<CacheSteps>> = WeakCache::new();
    let src = setup.src_ids.row(batch).to_owned().insert_axis(ndarray::Axis(0));
    let key: Vec<usize> = src.iter().copied().collect();
    KEPT.get_or_make(&setup.weights, key, || {
        // two parts of the work: the greedy translation, then its steps fed and timed (a part
        // each: `cache_steps`)
        let steps = crate::work::part(0, 2, || decode_steps(setup, batch, crate::model::decode::Choice::Greedy));
        let mut tokens: Vec<usize> = steps.last().map(|s| s.prefix.clone()).unwrap_or_default();
        tokens.extend(steps.last().map(|s| s.chosen));
        // the steps decoding took: each reads one token (the last chosen word is never read)
        tokens.truncate(steps.len());
        Arc::new(crate::work::part(1, 2, || cache_steps(&setup.weights, &src, &tokens)))
    })
}

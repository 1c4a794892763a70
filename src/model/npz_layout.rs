//! What a weights file must hold and what it may hold, decided from the names of its arrays
//! before any array is read: every parameter of the model (the one visitor, `Weights::visit`,
//! names them), the `config.*` sizes and the two vocabularies; and, beside them, what `export`
//! writes (the run's tensors under their operation names, `src_ids`, `tgt_ids`, `loss`,
//! `grad.*`), which a weights file may carry and the loader leaves unread. Anything else is
//! refused by name: an extra layer's arrays, a misspelt parameter, a stray array.

use super::build::{self, RunShape};
use super::config::Config;
use super::weights::Weights;
use std::collections::HashSet;

/// The integer sizes a weights file carries beside the arrays.
pub const N_HEADS: &str = "config.n_heads";
pub const PAD_IDX: &str = "config.pad_idx";
pub const MAX_LEN: &str = "config.max_len";
pub const CONFIG_SCALARS: [&str; 3] = [N_HEADS, PAD_IDX, MAX_LEN];

/// The two vocabularies (uint8 text).
pub const VOCAB_SRC: &str = "vocab.src";
pub const VOCAB_TGT: &str = "vocab.tgt";
pub const VOCABS: [&str; 2] = [VOCAB_SRC, VOCAB_TGT];

/// The suffix of an array's name in an `.npz`.
pub const NPY: &str = ".npy";

/// How the parameters of a layer of the encoder and of the decoder begin.
const STACKS: [&str; 2] = ["encoder.layers.", "decoder.layers."];

/// How many layers the file's arrays describe: layers 0, 1, … as long as some array of the
/// encoder or the decoder has that layer's number. At least 1, so that a file without layers is
/// refused for the first array of layer 0 it lacks. A number past a gap is not counted (its
/// arrays are then unexpected, named in the error).
pub fn layer_count<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    let mut layers = HashSet::new();
    for name in names {
        for stack in STACKS {
            if let Some(rest) = name.strip_prefix(stack)
                && let Some((number, _)) = rest.split_once('.')
                && let Ok(i) = number.parse::<usize>()
            {
                layers.insert(i);
            }
        }
    }
    (0..).take_while(|i| layers.contains(i)).count().max(1)
}

/// Every parameter of a model of `config`, by name, with its shape, in `visit` order, without
/// allocating one (the sizes in `config` may come from a damaged file). The names and shapes
/// come from the one visitor run over the same model with every size a distinct small number,
/// each of which is then read back as the size it stands for.
pub fn expected_parameters(config: &Config) -> Vec<(String, Vec<usize>)> {
    // d_model 2, d_ff 3, source vocabulary 5, target vocabulary 7: no two alike, so each
    // dimension of each shape says which size it is
    let small =
        Config { d_model: 2, n_heads: 1, d_ff: 3, src_vocab: 5, tgt_vocab: 7, max_len: 2, pad_idx: 0, ..*config };
    let size_of = |marker: usize| match marker {
        2 => config.d_model,
        3 => config.d_ff,
        5 => config.src_vocab,
        7 => config.tgt_vocab,
        other => unreachable!("no parameter has a dimension of size {other} in the small model"),
    };
    let mut out = Vec::new();
    Weights::zeros(&small)
        .visit(|name, a| out.push((name.to_string(), a.shape().iter().map(|&d| size_of(d)).collect())));
    out
}

/// What one array of a weights file is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    Parameter,
    Scalar,
    Vocab,
    /// Written by `export` beside the weights; not read.
    Exported,
    /// Nothing a model of these layers has: what it is, for the message saying why.
    Unexpected(UnexpectedArray),
}

/// An array a weights file must not hold: `name` (control characters escaped) is no parameter of
/// a model of `n_layers` layers, nor a size, a vocabulary or what `export` writes. `past_layer`:
/// the name is a parameter of layer `i`, past the file's last layer (or past a gap).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnexpectedArray {
    pub name: String,
    pub n_layers: usize,
    pub past_layer: Option<usize>,
}

impl std::error::Error for UnexpectedArray {}

/// The names a model of `n_layers` layers knows: its parameters and the tensors `export` writes.
pub struct Known {
    n_layers: usize,
    parameters: HashSet<String>,
    tensors: HashSet<String>,
}

impl Known {
    pub fn new(n_layers: usize) -> Known {
        let small = Config {
            d_model: 2,
            n_heads: 1,
            d_ff: 3,
            n_layers,
            src_vocab: 5,
            tgt_vocab: 7,
            max_len: 2,
            pad_idx: 0,
            dec_layers: n_layers,
            conventions: Default::default(),
        };
        let parameters = expected_parameters(&small).into_iter().map(|(name, _)| name).collect();
        let shape = RunShape { batch: 1, t_src: 1, t_tgt: 1 };
        // the forward program's tensors (`export`) and the training program's `loss` (`export --grads`)
        let (forward, training) = (build::transformer(&small, shape), build::training(&small, shape, 0));
        let tensors = forward.ops().iter().chain(training.ops()).map(|op| op.name.clone()).collect();
        Known { n_layers, parameters, tensors }
    }

    /// What the array called `name` (without `.npy`) is.
    pub fn classify(&self, name: &str) -> Member {
        if self.parameters.contains(name) {
            return Member::Parameter;
        }
        if CONFIG_SCALARS.contains(&name) {
            return Member::Scalar;
        }
        if VOCABS.contains(&name) {
            return Member::Vocab;
        }
        let exported = ["src_ids", "tgt_ids"].contains(&name)
            || self.tensors.contains(name)
            || name.strip_prefix("grad.").is_some_and(|p| self.parameters.contains(p) || self.tensors.contains(p));
        if exported {
            return Member::Exported;
        }
        Member::Unexpected(self.unexpected(name))
    }

    /// Why `name` has no place in a model of these layers.
    pub fn unexpected(&self, name: &str) -> UnexpectedArray {
        let last = self.n_layers - 1;
        let past_layer = STACKS
            .iter()
            .find_map(|stack| name.strip_prefix(stack)?.split_once('.')?.0.parse::<usize>().ok().filter(|&i| i > last));
        UnexpectedArray { name: crate::text::escape_controls(name, false), n_layers: self.n_layers, past_layer }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::config::Preset;

    #[test]
    fn expected_shapes_are_the_visitors_shapes() {
        for config in [
            Preset::Tutor.config(71, 81),
            Preset::Note001.config(1000, 1000),
            Config {
                d_model: 6,
                n_heads: 3,
                d_ff: 10,
                n_layers: 3,
                dec_layers: 3,
                src_vocab: 9,
                tgt_vocab: 4,
                max_len: 8,
                pad_idx: 0,
                conventions: Default::default(),
            },
        ] {
            let mut real = Vec::new();
            Weights::zeros(&config).visit(|name, a| real.push((name.to_string(), a.shape().to_vec())));
            assert_eq!(expected_parameters(&config), real, "{config:?}");
        }
    }

    #[test]
    fn layers_are_counted_from_0_without_gaps() {
        let names = ["src_embed.weight", "encoder.layers.0.norm1.bias", "decoder.layers.1.ffn.linear1.weight"];
        assert_eq!(layer_count(names.into_iter()), 2);
        assert_eq!(layer_count(["encoder.layers.0.x", "encoder.layers.2.x"].into_iter()), 1, "2 is past a gap");
        assert_eq!(layer_count(["src_embed.weight"].into_iter()), 1, "no layers: layer 0 is missing");
    }

    #[test]
    fn names_are_classified() {
        let known = Known::new(2);
        assert_eq!(known.classify("decoder.layers.1.cross_attn.w_k.bias"), Member::Parameter);
        assert_eq!(known.classify("config.max_len"), Member::Scalar);
        assert_eq!(known.classify("vocab.tgt"), Member::Vocab);
        for exported in ["enc.1.ffn.out", "probs", "loss", "src_ids", "grad.fc_out.weight", "grad.logits"] {
            assert_eq!(known.classify(exported), Member::Exported, "{exported}");
        }
        let Member::Unexpected(m) = known.classify("encoder.layers.2.norm1.weight") else { panic!() };
        let m = m.to_string();
        assert!(m.contains("layers are 0..=1 (2 of them)") && m.contains("layer 2 is not one of them"), "{m}");
        let Member::Unexpected(m) = known.classify("fc_out.wieght\x1b") else { panic!() };
        let m = m.to_string();
        assert!(m.contains("`fc_out.wieght\\x1b`") && m.contains("no parameter of that name"), "{m}");
        assert!(matches!(known.classify("config.d_model"), Member::Unexpected(_)));
    }
}

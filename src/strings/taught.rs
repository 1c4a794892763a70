//! View headings and notes of the views issue 38 §5 added: `activations` (ReLU, GELU and SiLU on
//! one pre-activation row), `dropout` (where a layer drops values in training) and the
//! positional table fitted to the pane.

use crate::lang::Text;
use crate::lang::message_with;

// ---------------------------------------------------------------------------------------------
// activations view
// ---------------------------------------------------------------------------------------------

pub fn activations_heading(name: &str, token: &str, d_ff: usize) -> String {
    message_with("activations-heading", &[("name", &name), ("token", &token), ("d_ff", &d_ff)])
}

pub fn activations_own(name: &str, own: &str) -> String {
    message_with("activations-own", &[("name", &name), ("own", &own)])
}

pub fn activations_spread(shown: usize, d_ff: usize) -> String {
    message_with("activations-spread", &[("shown", &shown), ("d_ff", &d_ff)])
}

pub const FEATURE: Text = Text::id("activations-feature");
pub const PRE: Text = Text::id("activations-pre");

pub fn activations_negatives(negatives: usize, d_ff: usize) -> String {
    message_with("activations-negatives", &[("negatives", &negatives), ("d_ff", &d_ff)])
}

pub fn activations_lowest(relu: &str, gelu: &str, silu: &str) -> String {
    message_with("activations-lowest", &[("relu", &relu), ("gelu", &gelu), ("silu", &silu)])
}

pub fn activations_floor(gelu: &str, gelu_at: &str, silu: &str, silu_at: &str) -> String {
    message_with("activations-floor", &[("gelu", &gelu), ("gelu_at", &gelu_at), ("silu", &silu), ("silu_at", &silu_at)])
}

pub fn activations_check(name: &str, own: &str, diff: &str) -> String {
    message_with("activations-check", &[("name", &name), ("own", &own), ("diff", &diff)])
}

/// A column header: the activation's short name.
pub fn activation_short(activation: crate::model::config::Activation) -> &'static str {
    use crate::model::config::Activation;
    match activation {
        Activation::Relu => "ReLU",
        Activation::Gelu => "GELU",
        Activation::Silu => "SiLU",
    }
}

// ---------------------------------------------------------------------------------------------
// pe-table view
// ---------------------------------------------------------------------------------------------

pub fn pe_table_caption(max_len: usize, d: usize, used: usize) -> String {
    let last = used.saturating_sub(1);
    message_with("pe-table-caption", &[("max_len", &max_len), ("d", &d), ("last", &last)])
}

/// `every 3rd position: 22 of 64 rows drawn, to fit`
pub fn every_kth_row(k: usize, shown: usize, n: usize) -> String {
    message_with("every-kth-row", &[("k", &k), ("shown", &shown), ("n", &n)])
}

/// `every 8th feature: 64 of 512 columns drawn, to fit`
pub fn every_kth_column(k: usize, shown: usize, n: usize) -> String {
    message_with("every-kth-column", &[("k", &k), ("shown", &shown), ("n", &n)])
}

// ---------------------------------------------------------------------------------------------
// norm-compare view: InstanceNorm, note 000's third row
// ---------------------------------------------------------------------------------------------

pub const INSTANCE_HEADING: Text = Text::id("instance-heading");

pub fn instance_axes(t: usize, b: usize, d: usize) -> String {
    message_with("instance-axes", &[("t", &t), ("b", &b), ("d", &d)])
}

pub fn instance_row(token: &str, batch: usize, mean: &str, std: &str) -> String {
    message_with("instance-row", &[("token", &token), ("batch", &batch), ("mean", &mean), ("std", &std)])
}

pub fn instance_features(batch: usize, mean: &str, std: &str) -> String {
    message_with("instance-features", &[("batch", &batch), ("mean", &mean), ("std", &std)])
}

pub fn instance_pads(batch: usize, pads: usize, t: usize) -> String {
    message_with("instance-pads", &[("batch", &batch), ("pads", &pads), ("t", &t)])
}

// ---------------------------------------------------------------------------------------------
// dropout view
// ---------------------------------------------------------------------------------------------

pub fn dropout_heading(encoder: bool, layer: usize) -> String {
    message_with("dropout-heading", &[("encoder", &usize::from(encoder)), ("layer", &layer)])
}

pub const DROPOUT_TRAINING_ONLY: Text = Text::id("dropout-training-only");
pub const DROPOUT_ON_EMBEDDING: Text = Text::id("dropout-on-embedding");
pub const DROPOUT_ON_WEIGHTS: Text = Text::id("dropout-on-weights");
pub const DROPOUT_AFTER_ACTIVATION: Text = Text::id("dropout-after-activation");
pub const DROPOUT_ON_SUBLAYER: Text = Text::id("dropout-on-sublayer");

/// `enc.0.norm1.sum = src.x + dropout(enc.0.self_attn.out)`: code, the same in every language.
pub fn dropout_residual(sum: &str, x: &str, sublayer: &str) -> String {
    format!("{sum} = {x} + dropout({sublayer})")
}

pub const DROPOUT_INFERENCE: Text = Text::id("dropout-inference");

pub fn dropout_identity(sum: &str, diff: &str) -> String {
    message_with("dropout-identity", &[("sum", &sum), ("diff", &diff)])
}

pub fn dropout_training(p: &str, token: &str, sublayer: &str) -> String {
    message_with("dropout-training", &[("p", &p), ("token", &token), ("sublayer", &sublayer)])
}

pub fn dropout_counts(zeroed: usize, n: usize, kept: usize, scale: &str) -> String {
    message_with("dropout-counts", &[("zeroed", &zeroed), ("n", &n), ("kept", &kept), ("scale", &scale)])
}

pub const DROPOUT_BEFORE: Text = Text::id("dropout-before");
pub const DROPOUT_AFTER: Text = Text::id("dropout-after");

pub fn dropout_means(before: &str, after: &str, draws: usize, average: &str) -> String {
    message_with("dropout-means", &[("before", &before), ("after", &after), ("draws", &draws), ("average", &average)])
}

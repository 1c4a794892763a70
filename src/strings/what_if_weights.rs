//! The what-ifs that swap weights, refused on the command line where both sides would be one
//! model (`cli::combos`); the steps they offer are listed by `one_of`.

use crate::lang::Text;
use crate::lang::message_with;

pub fn what_if_trained_needs_step(steps: &str) -> String {
    message_with("what-if-trained-needs-step", &[("steps", &steps)])
}

pub fn what_if_trained_at_end(last: usize, steps: &str) -> String {
    message_with("what-if-trained-at-end", &[("last", &last), ("steps", &steps)])
}

pub fn what_if_untrained_with_preset(preset: &str) -> String {
    message_with("what-if-untrained-with-preset", &[("preset", &preset)])
}

pub const WHAT_IF_UNTRAINED_WITH_RANDOM: Text = Text::id("what-if-untrained-with-random");

pub const WHAT_IF_UNTRAINED_AT_ZERO: Text = Text::id("what-if-untrained-at-zero");

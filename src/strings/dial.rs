//! Training time as a dial: the key, its messages and the pane that shows where the dial stands.

use crate::lang::Text;
use crate::lang::{message, message_with};

pub const KEY_DIAL: Text = Text::id("key-dial");
pub const HINT_DIAL: Text = Text::id("hint-dial");
pub const DIAL_UNAVAILABLE: Text = Text::id("dial-unavailable");
pub const DIAL_AT_START: Text = Text::id("dial-at-start");
pub const DIAL_AT_END: Text = Text::id("dial-at-end");
pub const DIAL_OWN: Text = Text::id("dial-own");
pub const DIAL_OTHER_MODEL: Text = Text::id("dial-other-model");
pub const DIAL_MAKING_START: Text = Text::id("dial-making-start");
pub const DIAL_READY: Text = Text::id("dial-ready");
pub const DIAL_TITLE: Text = Text::id("dial-title");

pub fn dial_making(done: usize, total: usize) -> String {
    message_with("dial-making", &[("done", &done), ("total", &total)])
}

pub fn dial_moved(step: usize, last: usize) -> String {
    message_with("dial-moved", &[("step", &step), ("last", &last)])
}

pub fn dial_not_saved(why: &str) -> String {
    message_with("dial-not-saved", &[("why", &why)])
}

/// The dial pane's first line: where it stands.
pub fn dial_step(step: usize, last: usize) -> String {
    message_with("dial-step", &[("step", &step), ("last", &last)])
}

/// The training loss of the step that made the checkpoint.
pub fn dial_loss(loss: Option<f32>) -> String {
    match loss {
        Some(l) => message_with("dial-loss", &[("loss", &loss_text(l))]),
        None => message("dial-no-step-yet").to_string(),
    }
}

/// The lesson's source sentence and the translation the model gives at this checkpoint.
pub fn dial_translation(src: &str, translation: &str) -> String {
    format!("{src} → {translation}")
}

/// A loss to three decimals, or in scientific notation below 0.01 (late in training).
fn loss_text(l: f32) -> String {
    if l < 0.01 { format!("{l:.1e}") } else { format!("{l:.3}") }
}

pub fn no_checkpoint_at(step: usize, kept: &[usize]) -> String {
    let steps = super::one_of(&kept.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    message_with("no-checkpoint-at", &[("step", &step), ("steps", &steps)])
}

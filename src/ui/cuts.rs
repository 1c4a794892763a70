//! Text that did not fit where it was drawn. Views clip at their pane's edge; a line cut there
//! mid-word is a bug the learner cannot scroll to. While a thread records (the tests switch it
//! on), every clipped write is noted here with the room it had; drawing without recording costs
//! one check of a thread-local flag.

use std::cell::RefCell;

thread_local! {
    static CUTS: RefCell<Option<Vec<Cut>>> = const { RefCell::new(None) };
}

/// One piece of text drawn into less room than it needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The whole text that was to be drawn.
    pub text: String,
    /// The columns it needed and the columns it had.
    pub width: usize,
    pub room: usize,
}

/// Start (or restart) recording on this thread.
pub fn record() {
    CUTS.with(|c| *c.borrow_mut() = Some(Vec::new()));
}

/// What was cut since recording started or since the last `take`; recording goes on.
pub fn take() -> Vec<Cut> {
    CUTS.with(|c| c.borrow_mut().as_mut().map(std::mem::take).unwrap_or_default())
}

/// Note that `text`, `width` columns wide, was drawn into `room` columns (only when recording
/// and it did not fit).
pub(crate) fn note(text: &str, width: usize, room: usize) {
    if width <= room {
        return;
    }
    CUTS.with(|c| {
        if let Some(cuts) = c.borrow_mut().as_mut() {
            cuts.push(Cut { text: text.to_string(), width, room });
        }
    });
}

//! The training screen (`train` in a terminal).

// the training screen (`train` in a terminal)
// ---------------------------------------------------------------------------------------------

/// What stops the run, on every screen (Ctrl-C is SIGINT's key: like the signal, it writes nothing).
pub const TRAIN_STOP_HINT: &str = "q stop and save the weights trained so far · Ctrl-C stop, write nothing";

pub fn train_loss_title(every: usize) -> String {
    format!(" Training loss (mean of every {every} steps) ")
}

pub const TRAIN_STEP_ZERO: &str = "step 0";
pub const TRAIN_RUN_TITLE: &str = " Run ";
pub const TRAIN_STEP: &str = "step";
/// The loss row, and the name over the loss curve's y axis.
pub const TRAIN_LOSS: &str = "loss";
pub const TRAIN_LR: &str = "learning rate";
pub const TRAIN_SPEED: &str = "speed";
pub const TRAIN_ELAPSED: &str = "elapsed";
pub const TRAIN_TIME_LEFT: &str = "time left";
pub const TRAIN_GRAD_NORM: &str = "gradient norm";
pub const TRAIN_EXACT_MATCH: &str = "exact match";
pub const TRAIN_TOKEN_ACCURACY: &str = "token accuracy";

pub fn steps_per_sec(v: f64) -> String {
    format!("{v:.1} steps/s")
}

pub fn heldout_at(step: usize) -> String {
    format!("held-out, at step {step}")
}

pub fn heldout_every(steps: usize) -> String {
    format!("held-out (every {steps} steps)")
}

/// `count` already grouped in thousands.
pub fn train_parameters(count: &str) -> String {
    format!("{count} parameters")
}

pub fn train_batch_seed(batch: usize, seed: u64) -> String {
    format!("batch {batch} pairs, seed {seed}")
}

pub const TRAIN_ATTENTION_TITLE: &str = " Cross-attention ";
pub const TRAIN_ATTENTION_PENDING: &str = "computing the attention of 我有一只猫 → I have a cat …";

pub fn train_attention_title(src: &str, reference: &str) -> String {
    format!(" Cross-attention of {src} → {reference} ")
}

pub fn train_attention_title_wide(src: &str, reference: &str, layer: usize, heads: usize) -> String {
    format!(" Cross-attention of {src} → {reference} (dec.{layer}.cross_attn.weights, mean of {heads} heads) ")
}

pub const TRAIN_NOTHING_YET: &str = "(nothing yet)";
pub const TRAIN_MODEL_SAYS_WIDE: &str = "the model now says  ";
pub const TRAIN_REFERENCE_SAYS_WIDE: &str = "the reference says  ";

/// How to read the grid; `last` is the decoder input's last token (`<eos>`).
pub fn train_attention_how_to_read(last: &str) -> String {
    format!(
        "Rows: the decoder's input → the word it writes next; columns: the characters it reads; \
highlighted: each row's largest weight. The {last} row writes nothing (training never asks it to)."
    )
}

pub const TRAIN_ATTENTION_LEARNS: &str =
    "At first every row reads all the characters alike; as the model learns, the row writing cat reads 猫.";
pub const TRAIN_MODEL_SAYS: &str = "the model now says:";
pub const TRAIN_REFERENCE: &str = "the reference:";
pub const TRAIN_KEY_ROWS: &str = "rows: input → next word";
pub const TRAIN_KEY_COLUMNS: &str = "columns: characters read";
pub const TRAIN_KEY_HIGHLIGHT: &str = "highlight: row's largest";

pub fn training_continues(step: usize, total: usize, loss: Option<f64>) -> String {
    match loss {
        Some(loss) => format!("Training continues: step {step} / {total}, loss {loss:.3}."),
        None => format!("Training continues: step {step} / {total}."),
    }
}

/// The training screen on a terminal too small for it: size, progress, and the footer's text.
pub fn train_too_small(
    width: u16,
    height: u16,
    min_width: u16,
    min_height: u16,
    progress: &str,
    footer: &str,
) -> String {
    format!(
        "The terminal is {width}x{height}.\nPlease enlarge the terminal to at least {min_width}x{min_height} to watch the training.\n{progress}\n{footer}"
    )
}

pub fn train_finishing(out: &str) -> String {
    format!("evaluating the held-out pairs and writing {out} …")
}

pub fn train_finished(out: &str) -> String {
    format!("finished; wrote {out}. Press any key to close")
}

// ---------------------------------------------------------------------------------------------
